"""What the rulebook templates receive: the book formats and one small view per thing shown
(tables, sections, components, card pictures, dice). Made by context.BookData."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from ..model.refs import REF_PATTERN
from ..paper.sizes import PAPER_SIZES_MM


@dataclass(frozen=True)
class BookFormat:
    """Paper and type for one book format. Widths and heights in mm."""

    name: str
    width: float
    height: float
    font_size: float  # pt, body text
    margin_inner: float
    margin_outer: float
    margin_top: float
    margin_bottom: float
    grid_columns: int  # more columns than this and a record table is set as stacked entries
    card_height: float  # mm, card pictures on the components page

    @property
    def css_size(self) -> str:
        return f"{self.width:g}mm {self.height:g}mm"

    @property
    def css_landscape(self) -> str:
        return f"{self.height:g}mm {self.width:g}mm"


BOOKS = {
    "a5": BookFormat("a5", *PAPER_SIZES_MM["a5"], 9.5, 17, 13, 15, 17, 4, 36),
    "a4": BookFormat("a4", *PAPER_SIZES_MM["a4"], 10.5, 24, 20, 20, 20, 6, 50),
    "letter": BookFormat("letter", *PAPER_SIZES_MM["letter"], 10.5, 24, 20, 20, 20, 6, 50),
}


@dataclass
class TableView:
    id: str
    title: Markup
    note: Markup
    ref: Markup
    style: str  # "grid" | "stacked" | "cycle" | "list"
    header: list[Markup] = field(default_factory=list)
    rows: list[list[Markup]] = field(default_factory=list)
    row_heads: bool = False  # transposed chart: the first cell of each row is a header
    entries: list[tuple[Markup, list[tuple[Markup, Markup]]]] = field(default_factory=list)
    items: list[Markup] = field(default_factory=list)
    diagram: str = ""
    diagram_alt: str = ""
    size: int = 0  # rough count of cells, for choosing what fits a one-page reference
    narrow: bool = False  # short cells only: the table need not span the column


@dataclass
class SectionView:
    anchor: str
    number: str
    depth: int
    title: Markup
    plain_title: str
    body: Markup
    examples: list[Markup]
    optional: bool
    tables: list[TableView]
    leads_in: bool = False  # its subsections follow it: it must not end a page


@dataclass
class ComponentView:
    name: Markup
    count: int
    source: str
    note: Markup
    ref: Markup
    icon: Markup


@dataclass
class CardPicture:
    uri: str
    alt: str
    width: float  # mm
    height: float  # mm


@dataclass
class DeckGallery:
    name: str
    total: int
    ref: Markup
    cards: list[CardPicture]


@dataclass
class DieView:
    name: str
    count: int
    faces: list[Markup]
    ref: Markup


def plain(text: str) -> str:
    """Text without its marks, for PDF bookmarks and running heads (which hold no markup)."""
    return re.sub(r"\*\*|\*|:[a-z0-9][a-z0-9-]*:", "", REF_PATTERN.sub("", text)).strip()


def _narrow(view: TableView) -> bool:
    cells = [c for row in view.rows for c in row] + list(view.header)
    return bool(cells) and max(len(Markup(c).striptags()) for c in cells) <= 14 and "<img" not in "".join(
        str(c) for c in cells)


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int) and value < 0:
        return f"−{-value}"  # a true minus sign
    return str(value)
