"""The game model and everything that loads it.

- ``game``: the immutable, validated Game (pydantic, frozen) and every record in it;
- ``layouts`` / ``sheet_layouts``: the card and sheet layout languages;
- ``loader``: a game folder -> Game, every problem at once; it delegates to ``files`` (safe YAML,
  ``safeyaml``; icons, ``icons``), ``extends`` (layouts that extend others), ``problems``
  (file:line:column and "did you mean") and ``references`` (every name must exist).

Importing this package is cheap (stdlib only): ``from generator.model import Game`` loads
``game`` (and pydantic) on first use, so the referee can import light helpers from here.
"""
from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    game = importlib.import_module(".game", __name__)
    try:
        return getattr(game, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
