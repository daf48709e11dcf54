""""What's the most chalk I can hold?": the rules' sentence that sets the limit.

A designer writes a limit in a sentence ("A sled carries at most 4 food sacks", "Your team can
never have more than 10 stamina", "You can hold at most 5; any more is lost"), seldom in a
values table (counts.value answers from one where the data has it). Asked for a maximum or a
limit, the answer is the sentence that says one, with a number, about the thing asked (or that
there is none: "There is no hand limit."): of several, the one saying most of the question's
words, then the one the search ranks higher. A hand is the cards held.
"""
from __future__ import annotations

from functools import lru_cache

from ..lazy_re import lazy
from ..query import stems_of
from ..text import number_of, words
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

ASKED = lazy(r"\b(max|maximum|limit|limits|cap|capped|most)\b.*\b(can|may|could|allowed|i|we|you)\b"
             r"|\bis there a (\w+ )?(limit|max|maximum|cap)\b|\b(hand|carry|holding) limit\b|\bhand size\b"
             r"|\bhow (many|much) .*\b(can|may|could) (i|we|you|a|an|my|each) .*\b(hold|have|keep|carry|store)\b"
             # "how high can the fog go": the top of its track
             r"|\bhow (high|far up) (can|could|does|will) (the |my |our |your )?\w+( \w+)? (go|get|climb|rise|reach)\b",
             triggers=("max", "limit", "cap", "most", "hand size", "how many", "how much", "how high", "how far up"))
HAND_LIMIT = lazy(r"\bhand (limit|size)\b", triggers=("hand",))
NOT_ASKED = lazy(r"\bwho\b|\b(wins?|winner|score|scores|points?) most\b|\bmost (points|votes)\b|\b(tie|tied|ties)\b")
SAYS_LIMIT = lazy(r"\b(at most|no more than|up to|maximum|limit|capped|discards? down to"
                  r"|(never|cannot|can not|can[\u2019']t|may not|must not|mustn[\u2019']t) (\w+ ){0,2}more than"
                  r"|(nobody|no one|no player) (may|can|could) (\w+ ){0,2}more than"
                  r"|(if|when|whenever) (you|a player|they|\w+) (holds?|has|have|keeps?|carry|carries|(are |is )?(holding|keeping|carrying)) more than"
                  r"|any more (is|are) (lost|discarded|returned)"
                  r"|(goes|go|runs|run|counts|count) (up )?from \w+( \([^)]*\))? to)\b")  # a track "goes from 0 to 10"
# ... or that there is none ("There is no hand limit."), which needs no number.
SAYS_NONE = lazy(r"\bno (\w+ )?(limit|maximum|cap)\b|\bas many (\w+ )?as (you|they|he|she) (like|likes|want|wants|wish|wishes)\b")
# A hand is the cards held: "what's the hand limit" is answered by "you may hold at most 8 cards".
COVERS = 0.5  # the share of the thing asked (by weight) a limit's sentence must say
HELD_AS = {stems_of(["hand"])[0]: frozenset(stems_of(["card", "cards"]))}
NOT_THE_THING = frozenset(stems_of(
    "max maximum limit limits cap capped most size is there a can may could allowed i we you my each how many much "
    "hold have keep carry store at once time what whats the number of high far up go get climb rise reach".split()))


HOLDS = lazy(r"\b(hold|holds|holding|keep|keeps|carry|carries|have|has)\b (\w+ ){0,2}more than\b",
             triggers=("more than",))
# The words that ask for a limit, which the sentence setting one need not use.
LIMIT_WORDS = frozenset(stems_of("max maximum limit limits cap capped".split()))
# Doing something, not holding: a limit on what is held does not limit how many are bought.
ACTS = frozenset(stems_of("buy draw play roll spend trade move gain score".split()))
VERBS = ACTS | frozenset(stems_of("hold keep carry have store".split()))  # what a limit may be on
# A limit on doing ("discard up to 3 cards from your hand", "play up to 2"), which answers no
# question of holding ("whats the hand limit": "more than 7 cards, discard down to 7").
DOING_UP_TO = lazy(r"\b(buy|draw|play|roll|spend|trade|move|gain|score|discard|swap|take|pick|place|lay|give|lend|pass|offer)s? up to\b",
                   triggers=("up to",))


@lru_cache(maxsize=8192)
def _says_limit(sentence: str) -> bool:
    """The sentence sets a limit with a number, or says there is none; kept, as limit() reads
    every section's sentences at each question of a limit."""
    plain = sentence.lower()
    return bool(SAYS_NONE.search(plain)) or bool(
        SAYS_LIMIT.search(plain) and any(t.isdigit() or number_of(t) is not None for t in words(sentence)))


# "thanks to banners i have 6 runes at the end of the round, do i keep them all?", "i have 6 runes
# after buying, do i have to discard?", "... is that allowed?": how many runes may be held,
# whatever else the question says.
HOLDING = lazy(r"\b(?:i|we)(?: have|'ve| ve|'ve got| ve got| got| am holding| hold)(?: got)? (\d+|[a-z]+) ([a-z]+)\b"
               r".*\b(?:(?:keep|hold|have)\b (?:them|all|every|it|the lot|both)|discard|ditch|get rid|throw (?:one|some|any)"
               r"|over the limit|too many|(?:is that|is it|am i) (?:ok|okay|allowed|fine|legal))\b",
               triggers=("keep", "hold", "have", "discard", "ditch", "get rid", "throw", "limit", "too many",
                         "ok", "allowed", "fine", "legal"))


def limit(ctx: Context) -> list[Computed]:
    held = HOLDING.search(ctx.text)
    if held and number_of(held.group(1)) is None and not held.group(1).isdigit():
        held = None
    # "hand limit" names the player's hand, not a card called "Hands"
    named = [h for h in ctx.hits("card") if not (HAND_LIMIT.search(ctx.text) and
                                                 {ctx.query.stems[i] for i in h.positions} <= {"hand"})]
    if not (held or ASKED.search(ctx.text)) or NOT_ASKED.search(ctx.text) or (named and not held):
        return []  # a card named: its own text says what it allows (not when it only brought the things held)
    things = (set(stems_of([held.group(2)])) if held else set(ctx.qset)) - NOT_THE_THING
    if not things:
        return []
    weight = {t: ctx.idf(t) for t in things}
    for thing in list(things):
        weight |= {held: weight[thing] for held in HELD_AS.get(thing, ())}
    asked = sum(ctx.idf(t) for t in things)
    verbs = ctx.qset & VERBS
    rank = {h.rule: i for i, h in enumerate(ctx.result.hits)}
    best = None
    for info in ctx.index.rules.values():
        before: list[str] = []
        for sentence in sentences_of(info.text or ""):
            before.append(sentence)
            if not _says_limit(sentence) or (not verbs & ACTS and DOING_UP_TO.search(sentence.lower())):
                continue
            # Read with its section's title ("Coffee": "never hold more than 5"); failing that, a
            # limit on holding with the section's sentences before it, which may name what is
            # held ("draw until you have 3 in your hand ... You can never hold more than 5"),
            # though a limit that names it wins.
            said = set(content_stems(sentence)) | set(content_stems(info.title or ""))
            readings = [(False, said)]
            if HOLDS.search(sentence):
                readings.append((True, said | set(content_stems(" ".join(before)))))
            for borrowed, words_said in readings:
                if things & ACTS - words_said:
                    break  # "max runes I can buy": a limit on the runes held does not say
                fit = sum(weight[s] for s in weight.keys() & words_said)
                if fit <= COVERS * asked:
                    continue  # "max runes I can buy" is not answered by "no limit" on the runes held
                # of two limits in a section, the one on what the question does ("hold 3 tools at
                # most", not "play as many as you like")
                key = (borrowed, -fit, not verbs & words_said, rank.get(info.id, len(rank)), info.order)
                if best is None or key < best[0]:
                    best = (key, info.id, sentence)
                break
    if best is None:
        return []
    return [Computed(as_sentence(best[2]), best[1], CONFIDENCE["limit"], "limit")]
