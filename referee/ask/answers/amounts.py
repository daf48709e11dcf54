""""How many actions do I get?": the rules' sentence that gives the number of that thing.

A designer writes a game's numbers in its sentences ("You may take up to two actions", "Draw
back up to 4 cards", "lay 5 face up in a row: this is the market table"), seldom in a values
table (counts.value answers from one where the data has it). Asked how many or how much of a
thing, the answer is a sentence that puts a number right before the thing: of several, the one
saying most of the question's other words itself, then whose section says most of them, then
the one the search ranks higher.
Starting amounts (setup_amounts), limits and player counts have answerers of their own.
"""
from __future__ import annotations

from functools import lru_cache

from .. import intent as kinds
from ..lazy_re import lazy
from ..query import stems_of
from ..text import STOPWORDS, number_of, words
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

HOW_MANY = lazy(r"\bhow (many|much)\b|\bnumber of\b")
# Asked elsewhere: the start (setup_amounts), a limit (limits), the players, a time, a cost.
NOT_HERE = lazy(r"\b(start|starting|begin|beginning|set ?up|max|maximum|limit|most|at once|players?|people"
                r"|long|old|age|cost|costs|price|worth|score|points?)\b")
# "do I have to show everyone how many coins I have": whether a number is told, not the number.
TOLD = lazy(r"^\W*(do|does|can|could|should|must|are|is|am|have|has|may)\b.*\b(show|tell|say|announce|reveal|see|hide|know)"
            r"\b( \w+){0,2} how (many|much)\b", triggers=("how many", "how much"))
# Little words that may stand between a number and what it counts ("4 more cards", "two of the
# actions", "up to 3 water tokens").
REFERS_BACK = frozenset({"its", "their", "your", "his", "her", "my", "our", "the", "those", "these"})
BETWEEN = frozenset({"more", "extra", "other", "of", "the", "your", "their", "its", "his", "her", "new", "fresh"})


def amount(ctx: Context) -> list[Computed]:
    if not ctx.asks(kinds.NUMBER) or not (said := HOW_MANY.search(ctx.text)) or NOT_HERE.search(ctx.text) \
            or TOLD.search(ctx.text.lower()):
        return []
    if ctx.index.lists_questions():
        return []  # a game whose sections list the questions they answer: those find the number's section
    if set(words(ctx.text)) & set(ctx.index.data("player_noun") or []):
        return []  # "with 3 weavers": a number by the players, which a table or a rule on it gives
    thing = thing_counted(ctx.text[said.end():])
    if thing is None:
        return []
    others = set(ctx.qset) - {thing}
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    found = []
    for info in ctx.index.rules.values():
        section = set(content_stems(f"{info.title} {info.text or ''}"))
        for sentence in sentences_of(info.text or ""):
            if numbers_the_thing(sentence, thing):
                near = sum(ctx.idf(s) for s in others & set(content_stems(sentence)))
                fit = sum(ctx.idf(s) for s in others & section)
                found.append(((-near, -fit, rank.get(info.id, len(rank)), info.order), info.id, sentence))
    if not found:
        return []
    key, rule, sentence = min(found)
    if others and key[1] == 0:
        return []  # nothing else of the question in that section: a number of the thing said in passing
    if not others and len({rule for _, rule, _ in found}) > 1:
        return []  # only the thing asked ("how many actions?") and several sections number it
    sure = CONFIDENCE["amount.only" if not others and len(found) == 1 else "amount"]  # "so there are six rounds"
    return [Computed(as_sentence(sentence), rule, sure, "amount")]


def thing_counted(rest: str) -> str | None:
    """The stem of the thing counted: the first word after "how many" that is no little word."""
    for token in words(rest)[:3]:
        if token not in STOPWORDS:
            return stems_of([token])[0]
    return None


def numbers_the_thing(sentence: str, thing: str) -> bool:
    """A number right before the thing ("two actions", "4 more cards", "up to 3 water tokens")."""
    return thing in _numbered(sentence)


@lru_cache(maxsize=8192)
def _numbered(sentence: str) -> frozenset[str]:
    """The stems a number stands right before in the sentence (the things numbers_the_thing
    finds numbered), kept: amount() reads every section's sentences at each question of one."""
    tokens = words(sentence)
    stems = stems_of(tokens)
    found = set()
    for i, token in enumerate(tokens):
        if not (token.isdigit() or number_of(token) is not None) or (i and tokens[i - 1] in REFERS_BACK):
            continue  # "instead of its two actions" speaks of a number given elsewhere
        for j in range(i + 1, min(i + 4, len(tokens))):
            found.add(stems[j])
            if tokens[j] not in BETWEEN and j > i + 1:
                break
    return frozenset(found)
