"""Every printable piece that is not a card: boards (tiled when larger than the paper), punch-out
tokens and tiles, die-face stickers and cube nets, sheets drawn from layouts/sheets/. Each is
composed into scenes here; generator.paper puts them on paper and generator.kit writes them.
"""
from __future__ import annotations
