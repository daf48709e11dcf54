"""Boosted trees over the re-ranker's features: what the weighted sum cannot say.

rerank.py scores each candidate section by a weighted sum of its features; that sum cannot say
"a deep section wins a 'what happens' question only when its title is said", so the hand-made
crossings say a few such things. The trees, fitted on what the weighted sum got wrong
(tests/ask_questions/fit_trees.py, LightGBM's LambdaRank with the weighted sum as its starting
score), learn the rest; their sum is added to it. They are data (rerank_trees.py): here each is
walked in pure Python, a few hundred small trees over three sections, well under a millisecond.

A tree is four tuples: for each split, the feature (an index into the trees' own NAMES), the
threshold (a value at or below it goes left) and its two children (a split's index, or ~leaf for
a leaf); then each leaf's value.
"""
from __future__ import annotations

from collections.abc import Sequence

Tree = tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...], tuple[int, ...], tuple[float, ...]]


class Booster:
    """Trees fitted over the features NAMES, read at the places those names have in `features`
    (the re-ranker's FEATURES, which may have grown since)."""

    def __init__(self, names: Sequence[str] = (), trees: Sequence[Tree] = (), features: Sequence[str] = ()):
        at = {name: i for i, name in enumerate(features)}
        missing = [name for name in names if name not in at]
        if missing:
            raise ValueError(f"the trees split on features the re-ranker lacks: {', '.join(missing)}")
        self.trees = [(tuple(at[names[f]] for f in split), threshold, left, right, leaves)
                      for split, threshold, left, right, leaves in trees]

    def __bool__(self) -> bool:
        return bool(self.trees)

    def score(self, row: Sequence[float]) -> float:
        total = 0.0
        for split, threshold, left, right, leaves in self.trees:
            node = 0
            while node >= 0:
                node = left[node] if row[split[node]] <= threshold[node] else right[node]
            total += leaves[~node]
        return total
