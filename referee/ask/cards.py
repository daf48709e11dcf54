"""Cards in an answer: the card a question names in full, and a card as the index keeps it."""
from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from .query import generic_stems
from .store import GameIndex

TYPE_CHECKING = False  # typing itself is not imported on the warm path (tests/test_ask.py)
if TYPE_CHECKING:  # search.py imports this module
    from .phrases import PhraseHit
    from .search import RuleHit, SearchResult

_SEEN_IN_RULES: WeakKeyDictionary = WeakKeyDictionary()  # index -> {card ref: whether a rule names it}


def names_card(result: SearchResult) -> bool:
    """The first section's passage is a card the question names in full, by a name not made of
    everyday words only ("Dash", not "Go")."""
    doc = result.top.best_doc if result.top is not None else None
    everyday = generic_stems()
    return doc is not None and any(
        hit.phrase.kind == "card" and hit.exact and hit.phrase.ref == doc[1] and set(hit.phrase.stems) - everyday
        for hit in result.phrases)


def named_card_first(index: GameIndex, hits: list[RuleHit], phrases: list[PhraseHit]) -> None:
    """A card the question names in full, by a name no rule's title or text uses, is what the
    question asks about ("stali lets me play another card?"): the hit whose passage is that card,
    if one of the next three, goes first with the first's score. A card the rules speak of by name
    ("you cannot play trick cards, except Tea Break") is left to the ranking, and so is every card
    of a game with `asks:` lists (the seed games lost 30 questions, "fire axe against fire shield"
    among them, where designer's games gained 46)."""
    if index.lists_questions():  # a game with `asks:` lists: its sections' questions say what they answer
        return
    everyday = generic_stems()
    named = {h.phrase.ref for h in phrases if h.phrase.kind == "card" and h.exact and set(h.phrase.stems) - everyday}
    if not named or not hits or _is_card(hits[0], named):
        return
    for j, hit in enumerate(hits[1:4], start=1):
        ref = _card_ref(hit)
        if ref is not None and ref in named and not _named_in_rules(index, ref):
            hit.score = hits[0].score
            hits.insert(0, hits.pop(j))
            return


def _card_ref(hit: RuleHit) -> str | None:
    doc = hit.best_doc
    return doc[1] if doc and doc[0] == "card" else None


def _is_card(hit: RuleHit, refs: set[str]) -> bool:
    return _card_ref(hit) in refs


def _named_in_rules(index: GameIndex, ref: str) -> bool:
    seen = _SEEN_IN_RULES.setdefault(index, {})
    if ref not in seen:
        name = str((index.cards().get(ref) or {}).get("name") or "").lower().replace("\u2019", "'")
        said = re.compile(r"\b" + re.escape(name) + r"\b") if name else None
        seen[ref] = said is not None and any(
            said.search(f"{info.title or ''} {info.text or ''}".lower().replace("\u2019", "'")) for info in index.rules.values())
    return seen[ref]


def card_of(index: GameIndex, ref: str) -> dict | None:
    """The card "deck/card" as the index's data holds it: id, name, deck's name, and whether a
    section governs it."""
    card = index.cards().get(ref)
    if card is None:
        return None
    return {"id": card["id"], "name": card["name"], "deck": card["deck"], "governed": bool(card.get("governed", True))}
