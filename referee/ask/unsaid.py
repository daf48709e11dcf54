"""Dealings between players that the rules never mention.

"can players trade gold with each other": a game whose rules never say trade, swap, exchange,
barter or bargain does not allow it, and no section answers the question. Its other words (gold,
players) match well, so the search alone gave a section at 0.3-0.5 (blind set 28: three of its
sixteen questions the rules do not answer). The tuning set asks this of 22 games whose rules
never trade: every one wants "no good match"; Runes and Bones, whose variant barters, keeps its
answer. Swapping one's own things ("can i swap stamina for food") is not a dealing and stays.
"""
from __future__ import annotations

from .lazy_re import lazy
from .query import stems_of
from .store import GameIndex

_DEALING = lazy(r"\b(?:trad(?:e|es|ed|ing)|swap(?:s|ped|ping)?|exchang(?:e|es|ed|ing))\b.*"
                r"\b(?:with|to|between|among)\s+(?:each other|one another|(?:an)?other\b|the other\b|us\b|"
                r"ourselves|(?:the )?players|someone|somebody|him\b|her\b|them\b)",
                triggers=("trad", "swap", "exchang"))
_WORDS = ["trade", "swap", "exchange", "barter", "bargain"]  # a game using any of them may answer
UNSAID = 0.15  # kept of the confidence, as for a question naming another game (engine.OTHER_GAME)


def dealing_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks about dealing with other players and the game never mentions
    dealing; else 1.0."""
    if not _DEALING.search(text.lower()):
        return 1.0
    stems = stems_of(_WORDS)
    df = index.df(stems)
    return UNSAID if all(df.get(s, 0) == 0 for s in stems) else 1.0
