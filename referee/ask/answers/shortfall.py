""""I skull a guy who only has 1 bone left, what do I get?": the rules' sentence on too few.

A rule that takes, costs or asks for a number of things often has a general sentence on what
happens when there are fewer than it asks ("When its target has less than the rune asks for,
take what there is", "If you can't pay, pay what you have"), usually in the section above the
one the question names (the Skull takes 3 bones; Special runes says what happens with fewer).
The search finds the named rule and quotes its number, which is the wrong answer at the table.
Asked with "only has 1", "not enough", "can't pay", the answer is the sentence saying what to do
when short, from the section (with its sub-sections) that speaks of most of the question's words.
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import stems_of
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

ASKED = lazy(r"\bonly (has|have|had|got|holds?) (a |an |one |two |three |\d+ )\w+"
             r"|\bonly (one|two|three|\d+) \w+ left\b|\bnot (have |has |got )?enough\b|\bn'?t (have |has |got )?enough\b"
             r"|\bcan ?(no|')?t (pay|afford)\b|\bcan not (pay|afford)\b|\btoo few\b",
             triggers=("only", "enough", "pay", "afford", "too few"))
SAYS_SHORT = lazy(r"\b(less|fewer) than (\w+ ){0,3}(asks?|needs?|says?|shows?|wants?|requires?|owed?)\b"
                  r"|\btakes? (only )?(what|whatever|all) (there is|is there|they have|he has|she has|it has|there are"
                  r"|is left|are left|remains)\b|\b(pay|give|take) what (you|they) (have|can)\b"
                  r"|\bas many as (there are|they have|is left|are left|remain)\b"
                  r"|\b(if|when) (you|they|a player|\w+) (can ?not|can't|can not) (pay|afford)\b|\bnot enough\b")
# Words of the question that say it is short, or ask what follows, not what it is about.
NOT_THE_THING = frozenset(stems_of(
    "only has have had got hold holds left not enough pay afford too few what happens if then do i get "
    "does it can cannot one two three".split()))
SHARE = 0.5  # the share of the question's things (by weight) the sentence's section must speak of


def shortfall(ctx: Context) -> list[Computed]:
    if not ASKED.search(ctx.text) or ctx.asks("yes-no"):
        return []
    things = set(ctx.qset) - NOT_THE_THING
    weight = sum(ctx.idf(s) for s in things)
    if not things or weight <= 0:
        return []
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    best = None
    for info in ctx.index.rules.values():
        said = [s for s in sentences_of(info.text or "") if SAYS_SHORT.search(s.lower())]
        if not said:
            continue
        # The section with its sub-sections: "Special runes" speaks of the Skull and its bones.
        below = " ".join(f"{r.title} {r.text or ''}" for rid, r in ctx.index.rules.items()
                         if rid.startswith(info.id + "."))
        fit = sum(ctx.idf(s) for s in things & set(content_stems(f"{info.title} {info.text or ''} {below}")))
        if fit < SHARE * weight:
            continue
        key = (-fit, rank.get(info.id, len(rank)), info.order)
        if best is None or key < best[0]:
            best = (key, info.id, said[0])
    if best is None:
        return []
    return [Computed(as_sentence(best[2]), best[1], CONFIDENCE["shortfall"], "shortfall")]
