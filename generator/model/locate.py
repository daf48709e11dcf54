"""Where a card or a piece is written, for errors found only while drawing it (text that does not
fit, glyphs the font lacks). The loader keeps no positions for the model, so the game's YAML files
are read again, only when there is an error to place."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .safeyaml import YamlRefused, read_yaml


def card_place(root: Path | None, deck_id: str, card_id: str, template: str | None = None) -> str:
    """'cards.yaml:12:7: decks[0].cards[3].text: ' for the card's field that ``template`` draws
    (the first ``card.<field>`` it names), or the card's own place; '' when it is not written
    in a YAML file (a card from a spreadsheet, a file that no longer reads)."""
    fields = re.findall(r"\bcard\.(\w+)", template or "")

    def paths(data: Any) -> list[tuple]:
        found = _card_path(data, deck_id, card_id)
        return [] if found is None else [found + (f,) for f in fields] + [found]

    return _first_place(root, paths)


def piece_place(root: Path | None, section: str, piece_id: str, tail: tuple = ()) -> str:
    """'boards.yaml:42:7: boards[3].regions[1].text: ' for a key inside a piece of ``section``
    (boards, tokens ...), else the piece's own place; '' when it cannot be found."""

    def paths(data: Any) -> list[tuple]:
        pieces = data.get(section) if isinstance(data, dict) else None
        for index, piece in enumerate(pieces if isinstance(pieces, list) else []):
            if isinstance(piece, dict) and piece.get("id") == piece_id:
                here = (section, index)
                return [here + tail[:n] for n in range(len(tail), -1, -1)]
        return []

    return _first_place(root, paths)


def _first_place(root: Path | None, paths) -> str:  # noqa: ANN001
    """The first of ``paths(data)`` written in one of the game's YAML files (layouts aside)."""
    if root is None:
        return ""
    for file in sorted(root.rglob("*.yaml")):
        if "layouts" in file.relative_to(root).parts:
            continue
        try:
            doc = read_yaml(file)
        except YamlRefused:
            continue
        for path in paths(doc.data):
            where = doc.values.get(path) or doc.keys.get(path)
            if where is not None:
                shown = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
                return f"{file.relative_to(root.parent)}:{where[0]}:{where[1]}: {shown}: "
    return ""


def _card_path(data: Any, deck_id: str, card_id: str) -> tuple | None:
    decks = data.get("decks") if isinstance(data, dict) else None
    for d, deck in enumerate(decks if isinstance(decks, list) else []):
        if not isinstance(deck, dict) or deck.get("id") != deck_id or not isinstance(deck.get("cards"), list):
            continue
        for c, card in enumerate(deck["cards"]):
            if isinstance(card, dict) and card.get("id") == card_id:
                return ("decks", d, "cards", c)
    return None
