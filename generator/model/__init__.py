"""The game model and everything that loads it.

- ``game``: the immutable, validated Game (pydantic, frozen) and every record in it, built on
  ``base`` (ids, strict and open records, Piece);
- ``pieces`` (tokens, tiles, the keys every sheet shares) and ``boards`` (every board kind, with
  the grid and hex coordinates in ``board_geometry``): the typed pieces;
- ``layouts`` / ``sheet_layouts``: the card and sheet layout languages; ``styles``: a layout value
  chosen by a card's field; ``fonts``: a game's own font files, read and checked;
- ``loader``: a game folder -> Game, every problem at once; it delegates to ``files`` (safe YAML,
  ``safeyaml``, its traps explained by ``yaml_hints``; icons, ``icons``), ``spreadsheet`` (a deck's
  cards from CSV or XLSX, read by ``sheet_read``), ``extends`` (layouts that extend others),
  ``problems`` (file:line:column and "did you mean"), ``references`` (every name must exist),
  ``style_checks`` and ``sheet_keys`` (what a layout does with a card's or sheet's keys);
- ``resolve``: a GAME argument -> a game folder, for `cards` and `referee`; ``locate``: where a
  card is written, for problems found only while drawing it.

Importing this package is cheap (stdlib only): ``from generator.model import Game`` loads
``game`` (and pydantic) on first use, so the referee can import light helpers from here.
"""
from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~2 ms of every `referee` start)
if TYPE_CHECKING:
    from typing import Any


def __getattr__(name: str) -> Any:
    game = importlib.import_module(".game", __name__)
    try:
        return getattr(game, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
