"""Sections that yield to the rest unless the question asks for them: a variant's optional rules,
and a designer's list of what is in the box."""
from __future__ import annotations

from .lazy_re import lazy
from .query import Query
from .store import GameIndex, RuleInfo

VARIANT = 0.85  # optional rules yield to the base game unless the question asks for a variant
VARIANT_ASKED = 1.15  # ... and go first when it does ("can we play without ...?")
# The box's list names every piece, so it matches any question naming pieces ("how much does the
# storm go up each round" found Widowmaker Oak's "Kit list"): in a game without written questions
# it yields unless the box is asked about (+6 on the tuning set: 13 questions gained, 7 lost).
BOX_UNASKED = 0.7
BOX_ASKED = lazy(r"\b(box|components?|contents|comes? with|came with|in the game|are there|there are|in total|altogether"
                 r"|need to play|what do (i|we|you) need|included|print|printed|how many \w+( \w+)? (are|is) (there|in))\b")


def asks_variant(query: Query) -> bool:
    tokens = set(query.tokens)
    if tokens & {"variant", "variants", "optional", "option", "house", "without"}:
        return True
    if "way" in tokens and "plai" in query.stems:  # "is there a way to play with every card?"
        return True
    return bool({"we", "us"} & tokens and {"can", "could", "may"} & tokens and "plai" in query.stems)  # "can we play ...


class Unasked:
    """For one question, how much each section's score is kept."""

    def __init__(self, index: GameIndex, query: Query) -> None:
        self.variant = asks_variant(query)
        self.boxed = None if index.lists_questions() or BOX_ASKED.search(query.text.lower()) else index.data("components_rule")

    def factor(self, rule: str, info: RuleInfo) -> float:
        kept = (VARIANT_ASKED if self.variant else VARIANT) if info.optional else 1.0
        return kept * BOX_UNASKED if rule == self.boxed else kept
