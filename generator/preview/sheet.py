"""A contact sheet: every unique card of a deck side by side, trimmed, each named under it, on a
grey ground (cards of any colour stand out). It is a page like any other, drawn by the PDF
backend and rasterized like a single card."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..paper.impose import Page, Placement
from ..scene.draw import fitted_size, text_width
from ..scene.fonts import metrics
from ..scene.nodes import Rect, Scene, Text, mm

MAX_COLUMNS = 10
MAX_CELLS = 100  # cards on one sheet; a larger deck gets more sheets
MARGIN_MM = 8.0
GUTTER_MM = 4.0
LABEL_MM = 8.0  # under each card: its name, then its id and count
TITLE_MM = 12.0
GROUND = "#5f5f5f"
OUTLINE = "#2b2b2b"


@dataclass(frozen=True)
class Cell:
    scene: Scene
    name: str  # first line under the card
    detail: str  # second line ("fire-axe · x4")


def columns_for(count: int) -> int:
    """Columns of a sheet of ``count`` cards: roughly as wide as it is tall, at most ten."""
    return max(1, min(MAX_COLUMNS, count, math.ceil(math.sqrt(count * 1.6))))


def chunks(cells: list[Cell]) -> list[list[Cell]]:
    return [cells[i:i + MAX_CELLS] for i in range(0, len(cells), MAX_CELLS)] or [[]]


def _printable(text: str, style: str) -> str:
    """Characters Lato cannot draw become '?', so a label never prints empty boxes."""
    missing = metrics(style).missing(text)
    return "".join("?" if c in missing else c for c in text)


def _line(text: str, x: float, y: float, width: float, size: float, style: str, colour: str) -> Text:
    text = _printable(text, style)
    size = fitted_size(text, size, width, style, min_size=4.0)
    while len(text) > 1 and text_width(text, size, style) > width:
        text = text[:-2] + "…" if len(text) > 2 else text[:-1]
    return Text(x, y, text, style, size, colour)


def contact_page(title: str, cells: list[Cell]) -> tuple[Page, list[tuple[float, float, float, float]]]:
    """The sheet as a page, and where each card sits on it (x, y, w, h in points)."""
    card_w = max(c.scene.width for c in cells)
    card_h = max(c.scene.height for c in cells)
    cols = columns_for(len(cells))
    rows = math.ceil(len(cells) / cols)
    margin, gutter, band, top = mm(MARGIN_MM), mm(GUTTER_MM), mm(LABEL_MM), mm(TITLE_MM)
    width = 2 * margin + cols * card_w + (cols - 1) * gutter
    height = margin + top + rows * (card_h + band) + (rows - 1) * gutter + margin
    ground = Scene(width, height, (Rect(0, 0, width, height, fill=GROUND),), 0.0, "contact-ground")
    page = Page(width, height, "front")
    page.placements.append(Placement(ground, 0, 0, (0, 0, width, height), "front"))
    page.marks.append(_line(title, margin, margin + mm(6), width - 2 * margin, 14, "bold", "#ffffff"))
    boxes = []
    for index, cell in enumerate(cells):
        row, col = divmod(index, cols)
        x = margin + col * (card_w + gutter)
        y = margin + top + row * (card_h + band + gutter)
        scene = cell.scene
        page.placements.append(Placement(scene, x, y, (x, y, scene.width, scene.height), "front", cell.name))
        page.marks.append(Rect(x, y, scene.width, scene.height, stroke=OUTLINE, stroke_width=0.5))
        page.marks.append(_line(cell.name, x, y + scene.height + mm(3.6), card_w, 8, "bold", "#ffffff"))
        page.marks.append(_line(cell.detail, x, y + scene.height + mm(7), card_w, 6.5, "regular", "#dddddd"))
        boxes.append((x, y, scene.width, scene.height))
    return page, boxes
