""""Rolled a 1 on the bump die, what breaks?": the rules' words for that face.

A designer writes what each face does in the rules' text, in their own way ("1, Pothole! ...
2 to 5, a smooth ride", "**1-2 Sunny:** ...", "On 3 or more you turn the square up"), and the
search, which reads no numbers, lands on the set-up that hands the die out. Asked what a rolled
number does, the answer is the part of a section listing faces (two labels at least) that covers
that number, from its label to the next; of several, one naming the die asked about, then the one
the search ranks higher. A game with written questions (asks:) leaves this to them.
"""
from __future__ import annotations

from ..lazy_re import lazy
from .base import Computed, Context
from .confidence import CONFIDENCE

ROLLED = lazy(r"\b(die|dice|roll|rolls|rolled|rolling)\b", triggers=("die", "dice", "roll"))
FACE_ASKED = lazy(r"\b(?:rolled|rolls?|got|get|gets|on|threw|throw|came up|comes up|a|an)\s+(?:a |an )?(\d{1,2})\b"
                  r"(?! (?:cards?|points?|coins?|players?|spaces?|times|of|or|and|to|in a)\b)")
DIE_NAMED = lazy(r"\b(?:the|my|a|an) ([a-z]+) (?:die|dice)\b")
# A face's label: at a clause's start, a number or range then a comma, colon or a named result
# of up to three words ("1, Pothole!", "2 to 5, a smooth ride", "1-2 Sunny:", "2-3 Dry spell:"),
# or "on/roll a 3 (or more)".
LABEL = lazy(r"(?:^|(?<=[.!?:;\n])|(?<=\*\*))\s*(\d{1,2})(?:\s*(?:-|\u2013|to)\s*(\d{1,2}))?(?=\s*,|\s*:|\s+[A-Z]\w*(?: \w+){0,2}[!:])"
             r"|\b(?:[Oo]n|roll(?:ing)?|rolled|[Ii]f you roll) (?:a |an )?(\d{1,2})"
             r"(?:\s*(?:-|\u2013|to|or)\s*(\d{1,2}|more|higher|less|lower|fewer))?\b")
MARKUP = lazy(r"\*\*|__")
POINTER_ONLY = 60  # characters: a face's words no longer than this, holding one reference, only point


def _covers(low: int, high: str | None, face: int) -> bool:
    if high is None:
        return face == low
    if high.isdigit():
        return low <= face <= int(high) if int(high) > low else face in (low, int(high))
    return face >= low if high in ("more", "higher") else face <= low


def roll_outcome(ctx: Context) -> list[Computed]:
    if ctx.index.lists_questions() or not ROLLED.search(ctx.text):
        return []
    asked = FACE_ASKED.search(ctx.text)
    if not asked:
        return []
    face = int(asked.group(1))
    named_die = DIE_NAMED.search(ctx.text)
    die = named_die.group(1) if named_die else ""
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    best = None
    for info in ctx.index.rules.values():
        text = MARKUP.sub("", info.text or "")
        labels = list(LABEL.finditer(text))
        if len({m.group(0).strip() for m in labels}) < 2:
            continue  # one number in passing is no list of faces
        for i, m in enumerate(labels):
            low, high = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            if not _covers(int(low), high, face):
                continue
            end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
            said = " ".join(text[m.start():end].split()).strip(" ;,")
            named = bool(die) and die in text.lower()
            key = (not named, rank.get(info.id, len(rank)), info.order)
            if said and (best is None or key < best[0]):
                best = (key, info.id, said)
            break
    if best is None:
        return []
    said = best[2][0].upper() + best[2][1:]
    rule, also = best[1], []
    referred = [r.id for r in ctx.index.rules.values() if r.number and f"\u00a7{r.number} " in said]
    # "1: TILT! (§4 TILT!)", a face whose outcome is a pointer: that section says what happens
    if len(referred) == 1 and referred[0] != rule and len(said) <= POINTER_ONLY:
        rule, also = referred[0], [rule]
    return [Computed(said if said[-1] in ".!?" else said + ".", rule, CONFIDENCE["roll-outcome"], "roll-outcome", also)]
