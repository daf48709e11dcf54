""""How many grumble tokens before we lose?": the rules' sentence that sets the threshold.

A co-operative designer's game is lost (or won) at a count of something: "Five grumble tokens
and the day is lost", "If a 3rd casualty is lost, you all lose". Asked how many of a thing
before everyone loses, or to win, the answer is the sentence that says a number, the thing and
losing (or winning); the search alone found the set-up that hands the tokens out (blind sets
55-57 asked it of three such games). Of several sections saying so, the one the search ranks
higher.
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import stems_of
from ..text import number_of, words
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

ASKED = lazy(r"\bhow many (?P<said>(?:[\w'-]+ ){1,8}?)(?:before|till|until|and|then|for|to)"
             r" (?:we|you|i|u|everyone|everybody|they|us) (?:all )?(?P<end>lose|loses|lost|fail|win|wins)\b"
             r"|\bhow many (?P<said2>(?:[\w'-]+ ){1,8}?)(?:do|does|must|should) (?:we|you|i|u|everyone|one|a player)"
             r" (?:need|have) (?:to (?:\w+ ){1,5})?to (?P<end2>win)\b",
             triggers=("how many",))
# The thing counted is the question's words up to the first of these ("ships can be wrecked").
AFTER_THING = frozenset("can could do does must should need needs have has are is will would it take get got".split())
SAYS_LOSE = lazy(r"\b(lose|loses|lost|losing|game over|game is over|the game ends)\b")
SAYS_WIN = lazy(r"\b(win|wins|won|winning|victory)\b")
NOT_THE_THING = frozenset(stems_of("can be get got have has do does are is the a an of our my your we you".split()))
UNITS = frozenset(stems_of("token tokens cube cubes marker markers counter counters chip chips".split()))


def threshold(ctx: Context) -> list[Computed]:
    found = ASKED.search(ctx.text)
    if not found:
        return []
    said = (found.group("said") or found.group("said2") or "").split()
    thing = " ".join(next((said[:at] for at, w in enumerate(said) if w in AFTER_THING), said))
    winning = (found.group("end") or found.group("end2") or "").startswith("win")
    wanted = set(content_stems(thing)) - NOT_THE_THING
    wanted = wanted - UNITS or wanted  # "5 grumbles" says "grumble tokens"
    if not wanted:
        return []
    says_end = SAYS_WIN if winning else SAYS_LOSE
    named = set(words(thing))
    ranked = {hit.rule: at for at, hit in enumerate(ctx.result.hits)}
    best = None
    for info in ctx.index.rules.values():
        for sentence in sentences_of(info.text or ""):
            tokens = words(sentence)
            # the end said beside the thing, not in its name ("5 lost-call tokens ... you all lose")
            rest = " ".join(w for w in tokens if w.lower() not in named).lower()  # "lost" of "lost-call" is no loss
            if not wanted <= set(content_stems(sentence)) or not says_end.search(rest):
                continue
            if not any(w.isdigit() or number_of(w) is not None for w in tokens):
                continue
            key = (ranked.get(info.id, len(ranked)), info.order)
            if best is None or key < best[0]:
                best = (key, info.id, sentence)
            break
    if best is None:
        return []
    _, rule, sentence = best
    return [Computed(as_sentence(sentence), rule, CONFIDENCE["threshold"], "threshold")]
