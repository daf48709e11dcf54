"""A sheet's label ("Bone Strike: card stock, sheet 3 of 12") put where a sheet of cards has room.

A card grid fills the sheet to its printable margins, so the label goes where nothing is: under or
over a column between its crop marks, or turned up the side margin a ruler would use; a sheet with
no such room goes unlabelled (PRINTING.md still lists what each sheet holds, in page order).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..scene.draw import CAP, fitted_size, text_width
from ..scene.nodes import Line, Text, mm, walk_nodes
from .impose import Page
from .sizes import PRINTABLE_MARGIN_MM

LABEL_SIZE = 6.0
LABEL_COLOUR = "#666666"
CLEARANCE = 1.0  # points between the label and anything else


def _boxes(page: Page) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of everything on the page: placed faces with their bleed, marks, text."""
    boxes = [(x, y, x + w, y + h) for x, y, w, h in (p.clip for p in page.placements)]
    for node in walk_nodes(page.marks):
        if isinstance(node, Line):
            boxes.append((min(node.x1, node.x2), min(node.y1, node.y2), max(node.x1, node.x2), max(node.y1, node.y2)))
        elif isinstance(node, Text):
            width = text_width(node.text, node.size, node.style)
            if node.angle:
                boxes.append((node.x - node.size, node.y - width, node.x + node.size * 0.3, node.y))
            else:
                boxes.append((node.x, node.y - node.size, node.x + width, node.y + node.size * 0.3))
    return boxes


def _free(box: tuple[float, float, float, float], taken: list[tuple[float, float, float, float]]) -> bool:
    left, top, right, bottom = box
    return not any(left < r + CLEARANCE and right > lf - CLEARANCE and top < b + CLEARANCE and bottom > t - CLEARANCE
                   for lf, t, r, b in taken)


def label_sheet(page: Page, text: str, printable_mm: float) -> bool:
    """Add ``text`` where the page has room inside its printable margins; whether it found any."""
    printable = mm(printable_mm)
    taken = _boxes(page)
    columns = sorted({(p.x, p.scene.width) for p in page.placements}, reverse=True)
    for x, width in columns:  # under, then over, a column: between its crop marks
        size = fitted_size(text, LABEL_SIZE, width - mm(4))
        w = text_width(text, size)
        cap = size * CAP
        for baseline in (page.height - printable - size * 0.3, printable + cap):
            left = x + (width - w) / 2
            if _free((left, baseline - cap, left + w, baseline + size * 0.3), taken):
                page.marks.append(Text(left, baseline, text, "regular", size, LABEL_COLOUR))
                return True
    rows = sorted({(p.y, p.scene.height) for p in page.placements})
    for y, height in rows:  # turned up a side margin, beside a row (the left on fronts, right on backs)
        size = fitted_size(text, LABEL_SIZE, height - mm(4))
        w = text_width(text, size)
        bottom = y + (height + w) / 2
        for x in (printable + size * CAP, page.width - printable - size * 0.3):
            if _free((x - size * CAP, bottom - w, x + size * 0.3, bottom), taken):
                page.marks.append(Text(x, bottom, text, "regular", size, LABEL_COLOUR, 90.0))
                return True
    return False


def label_pages(pages: Iterable[Page], total: int, title: str, paper: str) -> Iterator[Page]:
    """Each sheet of cards labelled as it comes, front and back: '<title>: sheet 3 of 12' (', back')."""
    number = 0
    for page in pages:
        number += page.side in ("front", "both")
        side = ", back" if page.side == "back" else ""
        label_sheet(page, f"{title}: sheet {number} of {total}{side}", PRINTABLE_MARGIN_MM[paper])
        yield page
