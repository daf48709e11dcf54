""""How much stamina do we start with?": the set-up's sentence that gives that number.

A designer's game keeps its starting amounts in the set-up's sentences ("Set your stamina dial
to 8 and take 2 food sacks"), not in a values table (counts.value answers from one where the
data has it). Asked how many or how much of a thing everyone starts with, the answer is the
sentence of the set-up (its section or a step under it) that names the thing beside a number,
when exactly one section has such a sentence.
"""
from __future__ import annotations

from .. import intent as kinds
from ..lazy_re import lazy
from ..text import number_of, words
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

STARTING = lazy(r"\b(start|starts|starting|begin|begins|beginning|initial|initially|set ?up|setting up"
                r"|(opening|first) hand)\b")  # "how many cards in the opening hand": the deal at the start
# Words of the question that say "at the start", not what is counted.
NOT_THE_THING = frozenset(content_stems(
    "start starting begin beginning initial opening first set up setup game each every player players everyone "
    "we us i you get gets have has take takes with how many much what do does at"))
WHAT_AT_START = lazy(r"\bwhat\b.*\b(start|starts|begin|begins) (at|on|with)\b")  # "what stamina do dogs start at"
# "when a scene starts", "when the turns begin", "at the start of a scene": the start of something
# else than the game.
OTHER_START = lazy(r"\b(turn|turns|round|rounds|scene|scenes|session|sessions|phase|fight|combat|battle|day)\b"
                   r"( \w+)? (start|starts|begin|begins)\b|\bfalse start"  # a race's "false start" too
                   r"|\b(start|beginning) of (a|an|the|each|every|your|my|our|their|this|that|any|next) (new )?"
                   r"(turn|round|scene|session|phase|fight|combat|battle|day|hand|race|match)\b")


def asks_start(text: str) -> bool:
    """The question is about the start of the game ("... does everyone start with", "starting
    hand"), not of a turn or a scene."""
    return bool(STARTING.search(text) or WHAT_AT_START.search(text)) and not OTHER_START.search(text)


def starting_amount(ctx: Context) -> list[Computed]:
    if not asks_start(ctx.text) or not (ctx.asks(kinds.NUMBER) or WHAT_AT_START.search(ctx.text)):
        return []
    index = ctx.index
    noun = index.data("player_noun") or []
    asked = set(ctx.qset) - NOT_THE_THING - set(content_stems(" ".join(noun)))
    if not asked:
        return []
    setup = [info for info in index.rules.values() if index.in_setup(info.id)]
    said = {s for info in setup for s in content_stems(info.text or "")}
    things = asked & said  # the words the set-up uses at all ("dogs" may be "team" there)
    if not things:
        return []
    found = []
    for info in setup:
        for sentence in sentences_of(info.text or ""):
            tokens = words(sentence)
            if things <= set(content_stems(sentence)) and any(t.isdigit() or number_of(t) is not None for t in tokens):
                found.append((info.id, sentence))
                break
    if len({rule for rule, _ in found}) != 1:
        return []  # none, or several sections: the search tells them apart
    rule, sentence = found[0]
    return [Computed(as_sentence(sentence), rule, CONFIDENCE["setup-amount"], "setup-amount")]
