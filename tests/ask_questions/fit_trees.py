"""Fit the re-ranker's boosted trees (referee/ask/boost.py) on top of its fitted weights.

Used by fit_rerank.py (`cv` holds them out with the weights, `write` writes both); it needs
LightGBM, which `referee ask` does not: `pip install -e '.[fit]'`. The trees learn, by LambdaRank
over each question's candidates with the weighted sum as the starting score, what that sum gets
wrong; they are written as plain tuples for boost.py to walk, and checked here to give what
LightGBM itself predicts.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from referee.ask import rerank
from referee.ask.boost import Booster, Tree

TREES_FILE = Path(__file__).resolve().parents[2] / "referee" / "ask" / "rerank_trees.py"
# Chosen once, by leaving each blind set out in turn (sets 31 to 40): 7 to 31 leaves, 150 to 600
# trees and 20 to 80 questions a leaf all came within 2 % of each other; these are the middle.
PARAMS = dict(objective="lambdarank", learning_rate=0.05, num_leaves=15, min_data_in_leaf=40,
              feature_fraction=0.7, bagging_fraction=0.8, bagging_freq=1, lambda_l2=1.0,
              lambdarank_truncation_level=3, deterministic=True, force_row_wise=True,
              num_threads=2, verbose=-1)
ROUNDS = 300
# Each seed bags its own rows and features; the trees of several seeds, each leaf divided by their
# number, give their average (`fit_rerank.py --seeds N`). Held out over five folds with blind set
# 48 in (`cv --folds-only`, 12,524 questions): one seed, 11,066; three, 11,066; five, 11,083; five
# of 150 trees at rate 0.1, 11,079. Within the noise of a refit, for a cold `ask` 0.1x to 0.3x
# `python -c pass` slower and the warm one 1 to 2.5 ms, so one seed is shipped (round twenty-six).
SEEDS: tuple[int, ...] = (7,)


def fit_trees(rows: list[dict], weights: dict[str, float]) -> tuple[tuple[str, ...], tuple[Tree, ...]]:
    """The trees (and the feature names they split on) fitted on the questions whose right
    section is among their candidates, starting from the weighted sum of each candidate."""
    try:
        import lightgbm
        import numpy
    except ImportError:
        raise SystemExit("fitting the trees needs LightGBM: pip install -e '.[fit]'") from None
    rows = [r for r in rows if len(r["cands"]) > 1 and any(rule in r["accept"] for rule, _ in r["cands"])]
    x = numpy.array([f for r in rows for _, f in r["cands"]], dtype=float)
    y = numpy.array([int(rule in r["accept"]) for r in rows for rule, _ in r["cands"]])
    w = numpy.array([weights.get(name, 0.0) for name in rerank.FEATURES])
    data = lightgbm.Dataset(x, y, group=[len(r["cands"]) for r in rows], init_score=x @ w, free_raw_data=False)
    models = [lightgbm.train({**PARAMS, "seed": seed}, data, num_boost_round=ROUNDS) for seed in SEEDS]
    used: dict[str, int] = {}
    trees = tuple(t for model in models for t in _tuples(model.dump_model(), rerank.FEATURES, used, 1.0 / len(models)))
    names = tuple(used)
    walked = Booster(names, trees, rerank.FEATURES)
    predicted = sum(model.predict(x) for model in models) / len(models)
    worst = max(abs(walked.score(row) - p) for row, p in zip(x.tolist(), predicted))
    if worst > 1e-6:
        raise SystemExit(f"the trees as written score {worst} away from LightGBM's own: not written")
    return names, trees


def _tuples(dumped: dict, features: Sequence[str], used: dict[str, int], scale: float = 1.0) -> tuple[Tree, ...]:
    """The dumped model's trees as tuples, each leaf times `scale`; `used` gains the names split on."""
    trees = []
    for info in dumped["tree_info"]:
        split: list[int] = []
        threshold: list[float] = []
        left: list[int] = []
        right: list[int] = []
        leaves: list[float] = []

        def walk(node: dict) -> int:
            if "leaf_value" in node:
                leaves.append(float(node["leaf_value"]) * scale)
                return ~(len(leaves) - 1)
            if node["decision_type"] != "<=" or node["missing_type"] == "Zero":
                raise SystemExit(f"a split boost.py cannot walk: {node['decision_type']}, missing {node['missing_type']}")
            at = len(split)
            name = features[node["split_feature"]]
            split.append(used.setdefault(name, len(used)))
            threshold.append(float(node["threshold"]))
            left.append(0)
            right.append(0)
            left[at] = walk(node["left_child"])
            right[at] = walk(node["right_child"])
            return at

        if walk(info["tree_structure"]) < 0:  # a lone leaf: one split that every value takes left
            split.append(used.setdefault(features[0], len(used)))
            threshold.append(1e308)
            left.append(~0)
            right.append(~0)
        trees.append((tuple(split), tuple(threshold), tuple(left), tuple(right), tuple(leaves)))
    return tuple(trees)


def write_trees(names: tuple[str, ...], trees: tuple[Tree, ...], path: Path = TREES_FILE) -> None:
    lines = ['"""The re-ranker\'s boosted trees (boost.py), written by tests/ask_questions/fit_trees.py: do not edit."""',
             f"NAMES: tuple[str, ...] = {names!r}",
             "TREES: tuple = ("]
    lines += [f"    {tree!r}," for tree in trees]
    lines.append(")")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(path)
