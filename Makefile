# Two commands set everything up: `make kit` builds every game's kit, `make test` runs the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# Random playouts per game in `make test`: 100 of the 1,000 that CI (.ci/run) and plain pytest play
# (tests/playouts.py); `make test BONEYARD_PLAYOUTS=1000` plays them all.
BONEYARD_PLAYOUTS ?= 100
export BONEYARD_PLAYOUTS
# Python writes the bytecode it compiles (in __pycache__/, which git ignores) even where the shell
# says not to: the tests start `cards` and `referee` as new processes again and again, and each
# would compile Boneyard's own modules anew (in a fresh clone, a `cards validate` 0.60 -> 0.51 s of
# CPU; test_readme, test_sheet_keys and test_launch_cards together 42 -> 40 s).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: kit lint typecheck test bench clean help

help:
	@echo "make kit    create .venv, install Boneyard, build every game's kit into output/"
	@echo "make test   create .venv, install Boneyard with test extras, lint (ruff), run the tests (type-checking with mypy among them)"
	@echo "make bench  run the benchmarks in tests/bench/ (prints figures)"
	@echo "make clean  remove output/ files and caches (keeps .venv)"

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Boneyard needs Python 3.11 or newer (found " + sys.version.split()[0] + ")")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

kit: $(STAMP)
	$(BIN)/cards build

# ruff first (a second): mistakes, import order, and each heavy library kept in its one module.
lint: $(STAMP)
	$(BIN)/ruff check generator referee tests

# mypy alone (seconds with its cache; ~9 s in a fresh clone). `make test` runs it as one of the tests.
typecheck: $(STAMP)
	$(BIN)/mypy

# The test files on every core (mypy among them: tests/test_typecheck.py runs what `make typecheck`
# runs, beside the other tests rather than before them), each file kept on one worker (its module
# fixtures built once; the real games' kits and rulebooks once a run for every worker,
# tests/conftest.py), the longest files first so that the short ones fill in at the end (conftest's
# LONGEST_FIRST, an order that --no-loadscope-reorder keeps). Command lines that only set up or read
# a result start warm (tests/warm.py). `make test` in a fresh clone with its .venv (200 playouts a
# game), round fifteen against round fourteen's end in the same minutes on the same two cores
# (1,905 tests against 1,894: one more blind question set): 168 s against 184 s in a fresh clone
# (CPU 324 against 354 s), then 153 s against 174 s run again (CPU 294 against 333 s).
# The 20 slowest tests are listed at the end, so a run (CI's too) shows where the time goes.
test: lint
	$(BIN)/python -m pytest -n auto --dist loadfile --no-loadscope-reorder --durations=20

bench: $(STAMP)
	@for script in tests/bench/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	find output -mindepth 1 ! -name .gitkeep -exec rm -rf {} +
	rm -rf .pytest_cache .hypothesis .mypy_cache
