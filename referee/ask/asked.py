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

from .intent import intent
from .store import GameIndex

OTHER_KIND = 0.8  # a written question of another kind than the player's ("can I ..." for "how many ...")


def ask_matches(index: GameIndex, content: list[str], idf: dict[str, float], total: float,
                weight_of, question: str) -> dict[str, float]:
    """Per section, its written question closest to the player's (0-1)."""
    asks = index.data("asks") or []
    if not asks or not content:
        return {}
    asked = set(content)
    stems = sorted({s for _rule, these, _kind in asks for s in these})
    df = index.df(stems)
    n_docs = max(index.docs, 1)
    kind = intent(question)
    best: dict[str, float] = {}
    for rule, these, their_kind in asks:
        shared = asked.intersection(these)
        if not shared:
            continue
        ours = sum(idf.get(s, 0.0) for s in shared) / total
        theirs_all = sum(idf[s] if s in idf else weight_of(df.get(s, 0), n_docs) for s in these) or 1.0
        theirs = sum(idf.get(s, 0.0) for s in shared) / theirs_all
        match = ours * theirs * (1.0 if their_kind == kind else OTHER_KIND)
        if match > best.get(rule, 0.0):
            best[rule] = match
    return best
