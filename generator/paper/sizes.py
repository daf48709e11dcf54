"""The one table of paper and card sizes, in millimetres (portrait: width, height).

Kits print on ``PRINT_PAPERS`` (``--paper``); sheets and rulebooks may be any of
``PAPER_SIZES_MM``; card layouts name a size in ``CARD_SIZES_MM`` or give [width, height].
"""
from __future__ import annotations

from typing import Literal, get_args

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "a6": (105.0, 148.0),
    "letter": (215.9, 279.4),
    "half-letter": (139.7, 215.9),
}

# Home printers leave the outer 3-5 mm of the sheet blank: every crop mark, ruler, label and card
# bleed is kept at least this far inside the paper (the print conventions' "printable area").
PRINTABLE_MARGIN_MM: dict[str, float] = {name: 5.0 for name in PAPER_SIZES_MM}

# What a kit is printed on (--paper): 3 x 3 poker cards fit both.
PRINT_PAPERS: tuple[str, ...] = ("a4", "letter")

PrintLayout = Literal["duplex", "gutterfold", "single"]  # how double-sided things are printed (--layout)
PRINT_LAYOUTS: tuple[PrintLayout, ...] = get_args(PrintLayout)

PAPER_MM: dict[str, tuple[float, float]] = {name: PAPER_SIZES_MM[name] for name in PRINT_PAPERS}

# How PRINTING.md names a paper.
PAPER_NAMES: dict[str, str] = {"a3": "A3", "a4": "A4", "a5": "A5", "a6": "A6", "letter": "US Letter",
                               "half-letter": "half Letter"}

CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (69.85, 120.65),
    "mini": (44.5, 63.5),
    "euro": (59.0, 92.0),
    "square": (70.0, 70.0),
}
