"""The questions a section answers (Rule.asks), matched whole against the player's question.

A rules editor writes, for each section, the questions it answers in players' words ("how many
runes can I hold?" under the hand limit). A player's question close to one of them names that
section the way an FAQ would, whatever words the section's own text uses: the match is how much
of the question the written question holds, times how much of the written question the player's
holds, each word weighted by its rarity in the game (so "how many dice do I start with" and "how
many dice do I roll" differ by the words that matter). A written question of the same kind as the
player's (a number, a yes/no, "what happens if" ...; intent.py) counts fully; another kind less.
"""
from __future__ import annotations

from weakref import WeakKeyDictionary

from .query import intent_of
from .store import GameIndex

OTHER_KIND = 0.8  # a written question of another kind than the player's ("can I ..." for "how many ...")
# A written question matching the player's this closely vouches for its words: the game's own
# questions use them ("who plays next": "next" is in no rule's text, yet no word of another game).
VOUCHES = 0.9
WEIGH_ALL = 8  # questions sharing a word with a game's written questions, before all their words are weighed


class _Written:
    """One index's written questions, read once: which of them hold each word, and each word's
    weight by its rarity in the game, worked out the first time a question sharing a word with
    them needs it (weighing all of a game's hundreds of words at once was a tenth of a
    one-question process's first ask)."""

    def __init__(self, index: GameIndex, asks: list, weight_of):
        self.weight_of = weight_of
        self.n_docs = max(index.docs, 1)
        self.holding: dict[str, list[int]] = {}
        for at, (_rule, these, _kind) in enumerate(asks):
            for s in dict.fromkeys(these):
                self.holding.setdefault(s, []).append(at)
        self.weight: dict[str, float] = {}
        self.weighed = 0  # calls of weigh: past WEIGH_ALL, every word is weighed at once
        self.every = False  # every word is weighed: no call needs to say which it needs

    def weigh(self, index: GameIndex, stems) -> None:
        """Work out the weights of these words not weighed yet (their df in one query); at the
        call after WEIGH_ALL, of every word: a process asking many questions then reads no more."""
        self.weighed += 1
        if self.weighed == WEIGH_ALL + 1:
            stems = list(self.holding)
            self.every = True
        new = sorted({s for s in stems if s not in self.weight})
        if new:
            df = index.df(new)
            for s in new:
                self.weight[s] = self.weight_of(df[s], self.n_docs)


_WRITTEN: WeakKeyDictionary[GameIndex, _Written] = WeakKeyDictionary()


def ask_matches(index: GameIndex, content: list[str], idf: dict[str, float], total: float,
                weight_of, question: str) -> tuple[dict[str, float], set[str]]:
    """Per section, its written question closest to the player's (0-1); and the player's words
    that a written question matching at VOUCHES or more holds."""
    asks = index.data("asks") or []
    vouched: set[str] = set()
    if not asks or not content:
        return {}, vouched
    written = _WRITTEN.get(index)
    if written is None or written.weight_of is not weight_of:
        written = _WRITTEN[index] = _Written(index, asks, weight_of)
    asked = set(content)
    weight = written.weight
    kind = intent_of(question)
    best: dict[str, float] = {}
    # only the written questions sharing a word with the player's, in their order
    sharing = sorted({at for s in asked for at in written.holding.get(s, ())})
    if not written.every:
        written.weigh(index, [s for at in sharing for s in asks[at][1] if s not in idf])
    for at in sharing:
        rule, these, their_kind = asks[at]
        shared = asked.intersection(these)
        said = sum(idf.get(s, 0.0) for s in shared)  # the shared words' weight, for both shares
        ours = said / total
        theirs_all = sum(idf[s] if s in idf else weight[s] for s in these) or 1.0
        theirs = said / theirs_all
        match = ours * theirs * (1.0 if their_kind == kind else OTHER_KIND)
        if match > best.get(rule, 0.0):
            best[rule] = match
        if match >= VOUCHES:
            vouched |= shared
    return best, vouched
