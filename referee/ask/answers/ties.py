""""Who wins if two of us have the same merit?": the rules' sentence that breaks the tie.

Designers write their tie-breaks in their own words ("If brothers are level, the one with more
finished folios takes precedence", "On a tie, the player with more charted comets wins") in a
section titled anything ("Precedence", "Placing"), which a search on "tie" and "win" often
misses. Asked about a tie, the answer is such a sentence, with the one after it when that goes
on breaking it ("if still level, ..."), from the section that speaks of what the question is
tied on; of equally fitting sections, the one the search ranks higher.
"""
from __future__ import annotations

from functools import lru_cache

from .. import intent as kinds
from ..lazy_re import lazy
from ..query import stems_of
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

# The question asks about a tie (intent.PARAPHRASES adds "tie" to "the same number", "equally").
ASKED_TIE = lazy(r"\b(tie|ties|tied|tying|equally)\b|\b(are|is|were|still|end|ends|finish|finished) level\b"
                 r"|\bsame (number|amount|score|total|points)\b"
                 r"|\b(have|has|had|got|with|on) (the )?same (?!(turn|round|resolution|time|hour|space|moment|card|"
                 r"trick|die|dice|way)\b)\w+", triggers=("tie", "tying", "equally", "level", "same"))
ASKED_OUTCOME = lazy(r"\bwho\b|\bwhat (if|happens|now)\b|\bwin|\bwinner\b|\bat the end\W*$")  # "... level at the end"
# A sentence that breaks a tie: a tie word and who wins or shares.
TIE_WORD = lazy(r"\b(tie|ties|tied|level|equal|equally)\b|\b(a|still a|it's a|is a) draw\b"  # "If it's a draw"
                r"|\bsame (total|score|number|amount|points|tally|count)\b")  # "two tilers have the same total"
RESOLVES = lazy(r"\b(win|wins|winner|share|shares|precedence|first place|breaks?|score|scores|split|splits)\b")
GOES_ON = lazy(r"^(if|and if|otherwise|after that)\b.*\b(still|too|also|again|that)\b|\bshare\b")
# Question words that say "a tie" or "who wins", not what is tied.
NOT_THE_THING = frozenset(stems_of(
    "tie ties tied tying level same equal equally who wins win winner happens if what now two "
    "both us we players player people end game have has finish".split()))


def tie_break(ctx: Context) -> list[Computed]:
    if not (ASKED_TIE.search(ctx.text) and ASKED_OUTCOME.search(ctx.text)):
        return []
    if ctx.asks(kinds.NUMBER, kinds.DEFINITION):
        return []
    index = ctx.index
    things = set(ctx.qset) - NOT_THE_THING - set(stems_of(index.data("player_noun") or []))
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    best = None
    for info in index.rules.values():
        answer = _tie_sentence_of(info.title, info.text or "")
        if answer is None:
            continue
        said = set(content_stems(f"{info.title} {info.text or ''}"))
        fit = sum(ctx.idf(s) for s in things & said)  # how well it speaks of what is tied
        key = (-fit, rank.get(info.id, len(rank)), info.order)
        if best is None or key < best[0]:
            best = (key, info.id, answer)
    if best is None:
        return []
    return [Computed(best[2], best[1], CONFIDENCE["tie-break"], "tie-break")]


@lru_cache(maxsize=8192)
def _tie_sentence_of(title: str, text: str) -> str | None:
    """_tie_sentence of a section, kept: tie_break reads every section's at each question of a tie."""
    return _tie_sentence(text, titled=bool(TIE_WORD.search(title.lower())))


def _tie_sentence(text: str, titled: bool) -> str | None:
    """The first sentence breaking a tie, with those going on with it; in a section titled for
    ties ("Ties for stock"), its first sentence that says who wins or scores."""
    sentences = sentences_of(text)
    for i, sentence in enumerate(sentences):
        plain = sentence.lower()
        if (TIE_WORD.search(plain) or titled) and RESOLVES.search(plain) or (
                TIE_WORD.search(plain) and i + 1 < len(sentences) and GOES_ON.search(sentences[i + 1].lower())):
            said = [sentence]
            for following in sentences[i + 1:i + 3]:
                if not GOES_ON.search(following.lower()):
                    break
                said.append(following)
            return " ".join(as_sentence(s) for s in said)
    return None

