"""Every build option and its default, once (as WeasyPrint keeps DEFAULT_OPTIONS).

The CLI takes its defaults from ``DEFAULT_OPTIONS``, ``BuildOptions`` is built from it, and the
pieces read their settings from a ``BuildOptions``. Cheap to import: stdlib only.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .paper.sizes import PRINT_LAYOUTS, PRINT_PAPERS, PrintLayout

PAPERS: tuple[str, ...] = PRINT_PAPERS  # --paper
LAYOUTS: tuple[str, ...] = PRINT_LAYOUTS  # --layout
FORMATS: tuple[str, ...] = ("pdf", "svg", "tts")  # --format (tts alone: generator/render/tts.py)
BOOKS: tuple[str, ...] = ("a5", "a4", "letter")  # --book

DEFAULT_OPTIONS: dict[str, Any] = {
    "paper": "a4",  # what the kit is printed on: a4 or letter
    "layout": "duplex",  # decks: duplex, gutterfold or single
    "formats": ("pdf", "svg"),
    "bleed": True,  # print the 3 mm bleed around cards and pieces
    "back_offset": (0.0, 0.0),  # mm that backs are shifted by, for printers whose sides do not line up
    "only": (),  # build just these decks, pieces, dice, components or 'rulebook'
    "out_dir": None,  # None: output/ in the repository
    "ink_saver": False,  # no full-bleed backgrounds, light outlines (pieces)
    "board_size": None,  # None: the size in the data; "fit": one page; "600": long side in mm
    "die_size": 16.0,  # die face size in mm, for stickers and cube nets
    "board_overlap": 10.0,  # mm that tiled board sheets overlap
    "rulebook": True,  # build_kits: also the rulebook (PDF + HTML) and quick reference
    "book": "a5",  # rulebook format: a5 (booklet), a4 or letter
    "jobs": None,  # rulebooks built in parallel; default: one process per core (one game: in this process)
    "force": False,  # build every file, even those the last build left up to date (kit/state.py)
}

# `cards watch` rebuilds while a designer edits: PDF only, no rulebook unless asked.
WATCH_OPTIONS: dict[str, Any] = {**DEFAULT_OPTIONS, "formats": ("pdf",), "rulebook": False}


def _default(name: str):
    value = DEFAULT_OPTIONS[name]
    return field(default_factory=lambda: value) if isinstance(value, (list, dict, set)) else value


@dataclass
class BuildOptions:
    """One build's options; see DEFAULT_OPTIONS for what each means."""

    paper: str = _default("paper")
    layout: PrintLayout = _default("layout")
    formats: tuple[str, ...] = _default("formats")
    bleed: bool = _default("bleed")
    back_offset: tuple[float, float] = _default("back_offset")
    only: tuple[str, ...] = _default("only")
    out_dir: Path | None = _default("out_dir")
    ink_saver: bool = _default("ink_saver")
    board_size: str | None = _default("board_size")
    die_size: float = _default("die_size")
    board_overlap: float = _default("board_overlap")
    rulebook: bool = _default("rulebook")
    book: str = _default("book")
    jobs: int | None = _default("jobs")
    force: bool = _default("force")


def print_layout(name: str) -> PrintLayout | None:
    """The --layout named, or None when no layout has that name."""
    return next((layout for layout in PRINT_LAYOUTS if layout == name), None)
