""""What's the most chalk I can hold?": the rules' sentence that sets the limit.

A designer writes a limit in a sentence ("A sled carries at most 4 food sacks", "Your team can
never have more than 10 stamina", "You can hold at most 5; any more is lost"), seldom in a
values table (counts.value answers from one where the data has it). Asked for a maximum or a
limit, the answer is the sentence that says one, with a number, about the thing asked: of
several, the one saying most of the question's words, then the one the search ranks higher.
"""
from __future__ import annotations

import re

from ..query import stems_of
from ..text import number_of, words
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

ASKED = re.compile(r"\b(max|maximum|limit|limits|cap|capped|most)\b.*\b(can|may|could|allowed|i|we|you)\b"
                   r"|\bis there a (\w+ )?(limit|max|maximum|cap)\b|\b(hand|carry|holding) limit\b"
                   r"|\bhow (many|much) .*\b(can|may|could) (i|we|you|a|an|my|each) .*\b(hold|have|keep|carry|store)\b")
NOT_ASKED = re.compile(r"\bwho\b|\b(wins?|winner|score|scores|points?) most\b|\bmost (points|votes)\b|\b(tie|tied|ties)\b")
SAYS_LIMIT = re.compile(r"\b(at most|no more than|never (\w+ ){0,2}more than|up to|maximum|limit|cannot (\w+ ){0,2}more than"
                        r"|(if|when|whenever) (you|a player|they|\w+) (holds?|has|have|keeps?|carry|carries) more than"
                        r"|can not (\w+ ){0,2}more than|any more (is|are) (lost|discarded|returned)|capped)\b")
NOT_THE_THING = frozenset(stems_of(
    "max maximum limit limits cap capped most is there a can may could allowed i we you my each how many much "
    "hold have keep carry store at once time what whats the number of".split()))


def limit(ctx: Context) -> list[Computed]:
    if not ASKED.search(ctx.text) or NOT_ASKED.search(ctx.text) or ctx.hits("card"):
        return []  # a card named: its own text says what it allows
    things = set(ctx.qset) - NOT_THE_THING
    if not things:
        return []
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    best = None
    for info in ctx.index.rules.values():
        for sentence in sentences_of(info.text or ""):
            if not SAYS_LIMIT.search(sentence.lower()):
                continue
            if not any(t.isdigit() or number_of(t) is not None for t in words(sentence)):
                continue
            fit = sum(ctx.idf(s) for s in things & set(content_stems(sentence)))
            if not fit:
                continue
            key = (-fit, rank.get(info.id, len(rank)), info.order)
            if best is None or key < best[0]:
                best = (key, info.id, sentence)
    if best is None:
        return []
    return [Computed(as_sentence(best[2]), best[1], CONFIDENCE["limit"], "limit")]
