"""Every printable piece that is not a card: boards (tiled when larger than the paper), punch-out
tokens and tiles, die-face stickers and cube nets, sheets drawn from layouts/sheets/, and the
PRINTING.md guide. The entry points are ``build_pieces`` and ``write_printing_md``.
"""
from __future__ import annotations

from .kit import PieceSettings, build_pieces
from .printing import write_printing_md

__all__ = ["PieceSettings", "build_pieces", "write_printing_md"]
