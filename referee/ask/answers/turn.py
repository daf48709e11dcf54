""""What can I do on my turn?": the opening sentence of the game's turn section.

A designer names the turn their own way ("Your shift", "A night on air", "A working day"), and
asked what a turn holds, the search lands on whichever section says "turn" most (the van that
moves after each turn, a once-per-turn extra). The index knows the turn section by its title or by
a text opening on the turn (roles.TURN_OPENS: "On your turn, take two actions ..."); its first
sentence is the answer, quoted, and the section's own subsections follow it. A game with written
questions (asks:) leaves this to them.
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import stems_of
from .base import Computed, Context, as_sentence, sentences_of
from .confidence import CONFIDENCE

ASKED = lazy(r"\bwhat (can|do|should|may|must|could|are) (i|we|you) (do|allowed to do) (on|in|during|with) (my|a|your|our|each)"
             r" turn\b|\bhow (does|do|will) (a|my|your|each|the) turn (work|go|play out)\b"
             r"|\bwhat (happens|do i do|do you do) (on|in|during) (my|a|your|each) turn\b"
             r"|\bhow many (actions|things)( \w+){0,4} (a|per|each|on my|in my|in a|on a) turn\b"
             r"|\b(steps|parts|phases|stages|order|sequence)( of)?( \w+){0,2} (of|on|in|during) (a|my|your|the|each) turn\b|\bwhat (are|r) (my|the) (options|choices) on (my|a|your) turn\b",
             triggers=("turn",))  # a question's "go" is read as "turn" before


# The words asking what a turn holds, which the turn section need not use ("the phases of my turn").
TURN_WORDS = frozenset(stems_of("steps step parts part phases phase stages stage order sequence stuff things options option choices choice".split()))


def turn(ctx: Context) -> list[Computed]:
    rule = ctx.index.data("turn_rule")
    if not rule or rule not in ctx.index.rules or not ASKED.search(ctx.text) or ctx.index.lists_questions():
        return []
    sentences = sentences_of(ctx.index.rules[rule].text or "")
    return [Computed(as_sentence(sentences[0]), rule, CONFIDENCE["turn"], "turn")] if sentences else []
