"""The boosted trees' walk (referee/ask/boost.py): a value at or below a split's threshold goes
left, leaves are ~index, names are read at their places in the re-ranker's features, and the
fitter (tests/ask_questions/fit_trees.py, with LightGBM) writes trees that walk as LightGBM's own."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from referee.ask.boost import Booster

QUESTIONS = Path(__file__).resolve().parent / "ask_questions"
FEATURES = ("first", "depth", "sentence")
# depth <= 1.5 ? (sentence <= 0.25 ? 1.0 : 2.0) : -3.0, over NAMES ("sentence", "depth")
TREE = ((1, 0), (1.5, 0.25), (1, ~1), (~2, ~0), (2.0, 1.0, -3.0))


def test_a_tree_is_walked_by_name_at_or_below_left():
    trees = Booster(("sentence", "depth"), [TREE], FEATURES)
    assert trees.score([0.0, 1.0, 0.1]) == 1.0
    assert trees.score([0.0, 1.5, 0.3]) == 2.0  # at the threshold goes left
    assert trees.score([9.0, 2.0, 0.1]) == -3.0
    doubled = Booster(("sentence", "depth"), [TREE, TREE], FEATURES)
    assert doubled.score([0.0, 2.0, 0.0]) == -6.0


def test_no_trees_add_nothing_and_a_name_the_reranker_lacks_is_refused():
    assert not Booster() and Booster().score([1.0, 2.0]) == 0.0
    with pytest.raises(ValueError, match="nosuch"):
        Booster(("nosuch", "depth"), [TREE], FEATURES)


def test_the_fitter_writes_trees_that_walk_as_lightgbm_scores(tmp_path):
    if importlib.util.find_spec("lightgbm") is None:  # the fitting extra (pip install -e '.[fit]'), not the kit's
        pytest.skip("LightGBM is not installed: pip install -e '.[fit]'")
    # In a process of its own: LightGBM's threads left the test process's traced memory
    # (test_kit_records_memory) larger than the code measured makes it.
    script = FIT_SCRIPT.format(questions=str(QUESTIONS), out=str(tmp_path / "trees.py"))
    subprocess.run([sys.executable, "-c", script], check=True, timeout=300, cwd=QUESTIONS.parents[1])
    from referee.ask import rerank

    written: dict = {}
    exec((tmp_path / "trees.py").read_text(), written)
    assert "depth" in written["NAMES"]
    booster = Booster(written["NAMES"], written["TREES"], rerank.FEATURES)
    right = sum(max(r["cands"], key=lambda c: booster.score(c[1]))[0] in r["accept"] for r in _marked_rows())
    assert right == 200


def _marked_rows() -> list[dict]:
    """200 questions whose right section is the one at depth 2, wherever it stands."""
    from referee.ask import rerank

    width = len(rerank.FEATURES)
    marked, first = rerank.FEATURES.index("depth"), rerank.FEATURES.index("first")
    rows = []
    for q in range(200):
        cands = []
        for c in range(3):
            row = [0.0] * width
            row[first] = float(c == 0)
            row[marked] = 2.0 if c == q % 3 else float(c % 2)
            cands.append((f"rule{c}", row))
        rows.append({"accept": [f"rule{q % 3}"], "cands": cands})
    return rows


FIT_SCRIPT = """
import sys
sys.path[:0] = ["{questions}", "."]
from pathlib import Path
from fit_trees import fit_trees, write_trees
from tests.test_ask_boost import _marked_rows
names, trees = fit_trees(_marked_rows(), {{}})  # checks its walk against LightGBM's predictions
write_trees(names, trees, Path("{out}"))
"""
