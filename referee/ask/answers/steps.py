""""What are the steps of a tide?": the steps of the section named, by their names.

A designer's game names its turn or round its own way ("How a tide goes", "Your turn on duty")
and gives its steps as numbered sentences ("1. New traffic: ... 2. Clearances: ...") or as
sub-sections ("Bait up", "Drop your line"). Asked for the steps, phases or order of one, the
answer names the numbered steps in order, else the sub-sections with their numbers (a turn told
in a sentence is the turn answerer's), and cites the section: the search found the section but,
the question holding few of its words, not surely. A game with written questions (asks:) leaves
this to them, as the turn answerer does.
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import stems_of
from .base import Computed, Context, content_stems
from .confidence import CONFIDENCE

ASKED = lazy(r"\b(steps|phases|stages|parts|order|sequence)\b(?: (?:of|in) (?:things|play|stuff))?(?: \w+){0,2}? "
             r"(?:of|in|during|on|for) (?:a|an|the|each|every|one|my|your|our) ([\w'-]+)",
             triggers=("steps", "phases", "stages", "parts", "order", "sequence"))
TURN = frozenset(stems_of(["turn", "go"]))
STEP = lazy(r"(?:^|(?<=\s))(\d{1,2})[.)]\s+([^:.;\n]{2,60})[:.]")  # "1. New traffic: turn over ..."
LEAST_STEPS = 2


def steps(ctx: Context) -> list[Computed]:
    if ctx.index.lists_questions():
        return []
    asked = ASKED.search(ctx.text)
    if not asked:
        return []
    said = content_stems(asked.group(2))
    noun = said[0] if said else ""
    rule = _section_of(ctx, noun) if noun else None
    if rule is None:
        return []
    info = ctx.index.rules[rule]
    numbered = _numbered(info.text or "")
    if numbered:
        return [Computed(f"{info.title}, in order: " + "; ".join(numbered) + ".", rule, CONFIDENCE["steps"], "steps")]
    if noun in TURN:
        return []  # a turn told in a sentence ("check the weather, then do ONE thing"): the turn answerer's
    # Sub-sections need not be steps in order (a gull that may come, a full bucket): named with
    # their numbers, as the rulebook prints them.
    parts = [f"§{r.number} {r.title}" for r in ctx.index.rules.values() if r.parent == rule]
    if len(parts) < LEAST_STEPS:
        return []
    return [Computed(f"{info.title}: " + ", ".join(parts) + ".", rule, CONFIDENCE["steps"], "steps")]


def _section_of(ctx: Context, noun: str) -> str | None:
    """The section the question names: the turn's for "turn" or "go", else the one whose title
    holds the word (of several, the one the search ranks higher)."""
    if noun in TURN:
        rule = ctx.index.data("turn_rule")
        return rule if rule in ctx.index.rules else None
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    titled = [r.id for r in ctx.index.rules.values() if noun in content_stems(r.title)]
    return min(titled, key=lambda rid: rank.get(rid, len(rank)), default=None)


def _numbered(text: str) -> list[str]:
    """The names of a text's numbered steps, 1, 2, 3 ... in order ("New traffic", "Clearances")."""
    found, expected = [], 1
    for number, name in STEP.findall(text):
        if int(number) == expected:
            found.append(name.strip())
            expected += 1
    return found if len(found) >= LEAST_STEPS else []
