"""Cards in an answer: the card a question names in full, and a card as the index keeps it."""
from __future__ import annotations

from .query import generic_stems
from .search import SearchResult
from .store import GameIndex


def names_card(result: SearchResult) -> bool:
    """The first section's passage is a card the question names in full, by a name not made of
    everyday words only ("Dash", not "Go")."""
    doc = result.top.best_doc if result.top is not None else None
    everyday = generic_stems()
    return doc is not None and any(
        hit.phrase.kind == "card" and hit.exact and hit.phrase.ref == doc[1] and set(hit.phrase.stems) - everyday
        for hit in result.phrases)


def card_of(index: GameIndex, ref: str) -> dict | None:
    """The card "deck/card" as the index's data holds it: id, name, deck's name, and whether a
    section governs it."""
    card = index.cards().get(ref)
    if card is None:
        return None
    return {"id": card["id"], "name": card["name"], "deck": card["deck"], "governed": bool(card.get("governed", True))}
