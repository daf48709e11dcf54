"""The boosted trees' walk (referee/ask/boost.py): a value at or below a split's threshold goes
left, leaves are ~index, names are read at their places in the re-ranker's features, and the
fitter (tests/ask_questions/fit_trees.py, with LightGBM) writes trees that walk as LightGBM's own."""
from __future__ import annotations

import importlib.util
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
    pytest.importorskip("lightgbm")  # the fitting extra (pip install -e '.[fit]'), not the kit's
    if str(QUESTIONS) not in sys.path:
        sys.path.insert(0, str(QUESTIONS))
    spec = importlib.util.spec_from_file_location("ask_fit_trees", QUESTIONS / "fit_trees.py")
    fit_trees = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit_trees)
    from referee.ask import rerank

    width = len(rerank.FEATURES)
    marked, first = rerank.FEATURES.index("depth"), rerank.FEATURES.index("first")
    rows = []
    for q in range(200):  # the right section is the one at depth 2, wherever it stands
        cands = []
        for c in range(3):
            row = [0.0] * width
            row[first] = float(c == 0)
            row[marked] = 2.0 if c == q % 3 else float(c % 2)
            cands.append((f"rule{c}", row))
        rows.append({"accept": [f"rule{q % 3}"], "cands": cands})
    names, trees = fit_trees.fit_trees(rows, {})  # checks its walk against LightGBM's predictions
    assert "depth" in names
    fit_trees.write_trees(names, trees, tmp_path / "trees.py")
    written = {}
    exec((tmp_path / "trees.py").read_text(), written)
    booster = Booster(written["NAMES"], written["TREES"], rerank.FEATURES)
    right = sum(max(r["cands"], key=lambda c: booster.score(c[1]))[0] in r["accept"] for r in rows)
    assert right == len(rows)
