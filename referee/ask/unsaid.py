"""What the rules never mention, asked as if they did: dealings between players, a hand limit.

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


# "is there a hand limit", "max number of cards i can hold" (not "opening hand size")
_HAND_LIMIT = lazy(r"\bhand (limit|cap)\b|\b(max|maximum) (hand|number of cards)\b|\bmax(imum)? hand size\b"
                   r"|\bhow many cards (can|may) (i|we|you) (hold|keep|have)\b",
                   triggers=("hand", "max", "how many cards"))
_LIMITED: dict[str, bool] = {}  # index fingerprint -> whether its rules limit (or free) a hand


def hand_limit_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks for a hand limit and no sentence of the rules sets one or
    says there is none (answers.limits reads those sentences), nor does a section's title or alias
    name the hand: the rules have no hand limit to cite (blind set 28's "is there a max number of
    cards i can hold" found Bone Strike's card anatomy at 0.48)."""
    if not _HAND_LIMIT.search(text.lower()):
        return 1.0
    limited = _LIMITED.get(index.fingerprint)
    if limited is None:
        limited = _LIMITED[index.fingerprint] = _rules_limit_a_hand(index)
    return 1.0 if limited else UNSAID


def _rules_limit_a_hand(index: GameIndex) -> bool:
    from .answers.base import content_stems, sentences_of
    from .answers.limits import SAYS_LIMIT, SAYS_NONE

    held, hand = frozenset(stems_of(["card", "cards", "hand", "hands"])), frozenset(stems_of(["hand"]))
    for info in index.rules.values():
        if hand & set(content_stems(" ".join([info.title or "", *(info.aliases or ())]))):
            return True
        for sentence in sentences_of(info.text or ""):
            plain = sentence.lower()
            if (SAYS_LIMIT.search(plain) or SAYS_NONE.search(plain)) and held & set(content_stems(sentence)):
                return True
    return False
