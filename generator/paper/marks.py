"""Crop marks and gutter ticks: every cut line of a card grid marked where a printer prints."""
from __future__ import annotations

from ..scene.nodes import Line, mm
from .sizes import PRINTABLE_MARGIN_MM

MARK_COLOUR = "#000000"
MARK_WIDTH = 0.25  # points
MARK_GAP_MM = 1.0  # between a card's bleed and its crop marks
MIN_MARK_MM = 2.0  # a crop mark shorter than this is hard to see and to cut along
MIN_TICK_GUTTER_MM = 1.0  # the least gutter that carries cut ticks, where the margin cannot


def grid_marks(page_w: float, page_h: float, paper: str, x0: float, y0: float, w: float, h: float,
                gx: float, gy: float, cols: int, rows: int, outer: tuple[float, float]) -> list:
    """Every cut line of the grid marked where a printer prints: in the margins (from the outer
    bleed to the printable edge) where there is room, and by ticks across every gutter."""
    printable = mm(PRINTABLE_MARGIN_MM[paper])
    return (_crop_marks(x0, y0, w, h, gx, gy, cols, rows, outer, page_w, page_h, printable)
            + _gutter_ticks(x0, y0, w, h, gx, gy, cols, rows))


def _crop_marks(x0: float, y0: float, w: float, h: float, gx: float, gy: float, cols: int, rows: int,
                outer: tuple[float, float], page_w: float, page_h: float, printable: float) -> list:
    """Each trim line continued into the margins, from clear of the outer bleed (across, down) to
    at most 8 mm, never nearer the paper's edge than ``printable``; too short a mark is left out."""
    gap_x, gap_y = outer[0] + mm(MARK_GAP_MM), outer[1] + mm(MARK_GAP_MM)
    marks = []
    grid_w = cols * w + (cols - 1) * gx
    grid_h = rows * h + (rows - 1) * gy
    for x in _cuts(x0, w, gx, cols):
        marks.append(Line(x, max(printable, y0 - gap_y - mm(8)), x, y0 - gap_y, MARK_COLOUR, MARK_WIDTH))
        marks.append(Line(x, y0 + grid_h + gap_y, x, min(page_h - printable, y0 + grid_h + gap_y + mm(8)),
                          MARK_COLOUR, MARK_WIDTH))
    for y in _cuts(y0, h, gy, rows):
        marks.append(Line(max(printable, x0 - gap_x - mm(8)), y, x0 - gap_x, y, MARK_COLOUR, MARK_WIDTH))
        marks.append(Line(x0 + grid_w + gap_x, y, min(page_w - printable, x0 + grid_w + gap_x + mm(8)), y,
                          MARK_COLOUR, MARK_WIDTH))
    # Each is drawn towards the paper's edge; one with no room there (its cards' bleed runs into the
    # unprintable edge) comes out too short or backwards and is left out: gutter ticks mark that cut.
    return [m for m in marks if (m.x2 - m.x1) + (m.y2 - m.y1) >= mm(MIN_MARK_MM) - 1e-6]


def _cuts(start: float, card: float, gutter: float, count: int) -> list[float]:
    """The trim lines along one axis: both edges of every card (one line where cards abut)."""
    return sorted({round(start + i * (card + gutter) + edge, 6) for i in range(count) for edge in (0.0, card)})


TICK_HALO = 1.2  # points: a white line under each gutter tick, so it shows on any back colour


def _gutter_ticks(x0: float, y0: float, w: float, h: float, gx: float, gy: float, cols: int, rows: int) -> list:
    """Every cut line ticked across every gutter it crosses (drawn over the bleed, which the two
    cuts either side of a gutter take away): the horizontal cuts in the column gutters, the
    vertical ones in the row gutters. Each tick is black on a white halo."""
    least = mm(MIN_TICK_GUTTER_MM) - 1e-6
    ticks: list[tuple[float, float, float, float]] = []
    if cols > 1 and gx >= least:
        for c in range(cols - 1):
            left = x0 + c * (w + gx) + w
            ticks += [(left, y, left + gx, y) for y in _cuts(y0, h, gy, rows)]
    if rows > 1 and gy >= least:
        for r in range(rows - 1):
            top = y0 + r * (h + gy) + h
            ticks += [(x, top, x, top + gy) for x in _cuts(x0, w, gx, cols)]
    return ([Line(*t, "#ffffff", TICK_HALO) for t in ticks]
            + [Line(*t, MARK_COLOUR, MARK_WIDTH) for t in ticks])
