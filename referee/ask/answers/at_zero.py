""""What happens when I hit zero bones?": the rules' sentence about that thing running out.

intent.rewrite reads "hits 0", "runs out of", "no more" as "zero". The answer is the sentence
that speaks of the thing asked about (health, bones, stamina ...) at nothing ("reaches 0",
"with no bones", "runs out"), from whichever section holds it: the search often prefers a
section that merely says "zero" or "empty" in another sense (an empty pot). Whose thing it is
counts: "I" am "you" or "a player" in the rules; "the marquis" is named or is "the opponent".
Two things at zero at once ("we both hit 0") is left to the search, whose sections on
simultaneous ends answer it; asked of one, a sentence about both at once is the last choice.
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import stems_of
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

ASKED = lazy(r"\bzero\b")
ASKED_OUTCOME = lazy(r"\bwhat (happens|if|now|do i get|then)\b|\bnow what\b|\bgame over\b|\bwho wins\b"
                     r"|\b(do|does|did) (i|we|he|she|they|it) (lose|win|die)\b|\bam i (out|dead)\b")
TOGETHER = lazy(r"\b(both|same time|at once|same moment|same resolution|same round|same turn)\b")
# ... and a sentence about both at once: not "at once" (at once is also "straight away")
SAID_TOGETHER = lazy(r"\b(both|same time|same moment|simultaneous\w*)\b")
AT_ZERO = lazy(r"\b(0|zero)\b|\bno \w+( \w+)? (left|remaining)\b|\bwith no\b|\bhas no\b|\bholds? no\b"
               r"|\bruns? out\b|\bran out\b|\bempty\b|\bnone left\b")
MINE = lazy(r"\b(i|me|my|i'm|im)\b")
PLAYER_SIDE = lazy(r"\b(you|your|player|players)\b")
NOT_THE_THING = frozenset(stems_of(
    "zero what happens if now then do get game over end who wins win lose die when hit hits reach reaches drop drops "
    "run runs ran out down go goes fall falls am i out dead".split()))


def at_zero(ctx: Context) -> list[Computed]:
    if not (ASKED.search(ctx.text) and ASKED_OUTCOME.search(ctx.text)) or TOGETHER.search(ctx.text):
        return []
    things = set(ctx.qset) - NOT_THE_THING
    if not things:
        return []
    primary = _at_zero_word(ctx, things)  # "zero bones", "my stamina zero": what runs out
    if primary is None:
        return []  # "he hits 0": nothing named runs out
    mine = bool(MINE.search(ctx.text))
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    best = None
    for info in ctx.index.rules.values():
        section = set(content_stems(f"{info.title} {info.text or ''}"))
        for sentence in sentences_of(info.text or ""):
            plain = sentence.lower()
            stems = set(content_stems(sentence))
            if primary not in stems or not _said_at_zero(plain, primary):
                continue  # the sentence must say the thing asked about at nothing
            fit = sum(ctx.idf(s) for s in things & section)  # the section speaks of the rest ("marquis")
            whose = bool(PLAYER_SIDE.search(plain)) == mine  # "I" am "you"; the marquis is not
            # Both running out at once is the rare case, asked only in those words (see above).
            together = bool(SAID_TOGETHER.search(plain))
            key = (-fit, together, not whose, rank.get(info.id, len(rank)), info.order)
            if best is None or key < best[0]:
                best = (key, info.id, sentence)
            if not together:
                break  # a section's first such sentence speaks for it
    if best is None:
        return []
    return [Computed(as_sentence(best[2]), best[1], CONFIDENCE["at-zero"], "at-zero")]


NEAR = 4  # words either side of "runs out", "with no", "0" that may name what is at nothing


def _said_at_zero(plain: str, thing: str) -> bool:
    """The sentence says ``thing`` (a stem) at nothing: named within a few words of "runs out",
    "with no", "reaches 0" ... ("a cottage with no flame" says nothing of flame cubes running out)."""
    for found in AT_ZERO.finditer(plain):
        before = plain[:found.start()].split()[-NEAR:]
        after = plain[found.end():].split()[:NEAR]
        if thing in content_stems(" ".join([*before, found.group(), *after])):
            return True
    return False


def _at_zero_word(ctx: Context, things: set[str]) -> str | None:
    """The word said right after "zero" ("zero bones"), else right before it ("stamina zero")."""
    stems = ctx.query.stems
    for i, token in enumerate(ctx.query.tokens):
        if token == "zero":
            for j in (i + 1, i - 1):
                if 0 <= j < len(stems) and stems[j] in things:
                    return stems[j]
    return None
