"""Which of several games a question is asked of (engine.ask_every_game weighs these beside each
game's own answer): the games it names by title, how likely its words are in each game's text,
and how many of its words only a few of the games use."""
from __future__ import annotations

import math

from .query import stems_of
from .store import GameIndex
from .text import STOPWORDS, words

VOCABULARY_SMOOTHING = 0.5  # a word a game never uses counts as half a doc, not as impossible

_NAME_STEMS: dict[tuple[str, str], list[list[str]]] = {}  # a game's title and id in words -> their stems, made once


def games_named(question: str, indexes: list[GameIndex]) -> list[GameIndex]:
    said, keys = words(question), [(index.title, index.id.replace("-", " ")) for index in indexes]
    names = {k: [[t for t in words(n) if t not in STOPWORDS] for n in k] for k in keys if k not in _NAME_STEMS}
    stems_of(said + [t for both in names.values() for tokens in both for t in tokens])  # one stemmer call, not one a name
    _NAME_STEMS.update({k: [stems_of(tokens) for tokens in both] for k, both in names.items()})
    stems = [s for t, s in zip(said, stems_of(said)) if t not in STOPWORDS]
    return [index for index, k in zip(indexes, keys)
            if any(title and any(stems[i:i + len(title)] == title for i in range(len(stems))) for title in _NAME_STEMS[k])]


def vocabulary_share(question: str, indexes: list[GameIndex]) -> dict[str, float]:
    """Per game, the chance that the question was asked in its words: each word's share of the
    game's docs (a naive Bayes model of each game's text), normalised over the games. "How many
    bones does everyone start with?" is Runes and Bones' (bones in 55 of its 117 docs), not
    Rattlebones' (in 1 of 207), whichever answer looks surer."""
    stems = list(dict.fromkeys(stems_of([t for t in words(question) if t not in STOPWORDS])))
    if len(indexes) < 2 or not stems:
        return {}
    loglik = {}
    for index in indexes:
        df = index.df(stems)
        docs = max(index.docs, 1) + 2 * VOCABULARY_SMOOTHING
        loglik[index.id] = sum(math.log((df[s] + VOCABULARY_SMOOTHING) / docs) for s in stems)
    top = max(loglik.values())
    odds = {g: math.exp(v - top) for g, v in loglik.items()}
    total = sum(odds.values())
    return {g: v / total for g, v in odds.items()}


def distinctness(question: str, indexes: list[GameIndex]) -> tuple[dict[str, float], frozenset[str]]:
    """Per game, the share of the question's words that few other games use; and the words
    some game uses (no typos, whatever the others make of them)."""
    tokens = [t for t in words(question) if t not in STOPWORDS]
    stems = list(dict.fromkeys(stems_of(tokens)))
    if not stems:
        return {}, frozenset()
    present = {index.id: {s for s, n in index.df(stems).items() if n > 0} for index in indexes}
    games = len(indexes)
    known = [s for s in stems if any(s in p for p in present.values())]
    if len(indexes) < 2 or not known:
        return {}, frozenset(known)
    out = {}
    for index in indexes:
        mine = present[index.id]
        total = 0.0
        for s in known:
            if s in mine:
                holders = sum(1 for p in present.values() if s in p)
                total += (games - holders) / (games - 1)
        out[index.id] = total / len(known)
    return out, frozenset(known)
