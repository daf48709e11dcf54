"""Gutterfold: fronts and backs side by side on one sheet, mirrored about a fold line, for
single-sided printers: fold along the line, glue, then cut. Cards and their marks are placed with
the grid arithmetic of ``impose``; pieces use ``items`` and share the fold line drawn here.

For poker cards 4 a sheet is the most either paper allows: five front-back pairs would need 98 %
of A4's printable area (56,450 of 57,400 mm²) and more than Letter's (55,470 mm²).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..scene.draw import FOLD_DASH
from ..scene.nodes import Polygon, Text, mm
from .impose import (
    MARK_GAP_MM,
    RULER_BAND_MM,
    RULER_MM,
    Axis,
    Page,
    Placement,
    SheetSpec,
    _check_fits,
    _clip,
    _does_not_fit,
    grid_marks,
    plan_axis,
    ruler_below,
)
from .sizes import PRINTABLE_MARGIN_MM

if TYPE_CHECKING:
    from ..scene.compose import CardFaces


def gutterfold(copies: list[CardFaces], spec: SheetSpec) -> list[Page]:
    """Fronts left of a fold down the middle of the sheet, backs mirrored right of it: the most
    cards of either orientation of the paper (4 poker cards on A4 and Letter, landscape)."""
    sample = copies[0].front
    w, h = sample.width, sample.height
    bleed = sample.bleed if spec.bleed else 0.0
    printable = mm(PRINTABLE_MARGIN_MM[spec.paper])
    gx = mm(spec.gutter_mm)
    best: tuple[int, float, float, int, Axis] | None = None  # (cards a sheet, width, height, columns, rows)
    for paper_w, paper_h, landscape in ((*spec.size, False), (spec.size[1], spec.size[0], True)):
        half = paper_w / 2
        usable_half = half - gx / 2 - printable - bleed
        cols = max(0, int((usable_half + gx) // (w + gx)))
        down = plan_axis(paper_h, h, bleed, printable, gx)
        if down is not None and (best is None or cols * down.count > best[0]):
            best = (cols * down.count, paper_w, paper_h, cols, down)
    if best is None:  # not one row fits, either way up
        _does_not_fit(sample, spec)
    _, page_w, page_h, cols, rows_axis = best
    rows, gy, y0 = rows_axis.count, rows_axis.gutter, rows_axis.start
    _check_fits(cols, rows, sample, spec)
    fold = page_w / 2
    grid_h = rows * h + (rows - 1) * gy
    outer = (bleed, rows_axis.outer_bleed)
    pages: list[Page] = []
    per_page = cols * rows
    for start in range(0, len(copies), per_page):
        chunk = copies[start:start + per_page]
        page = Page(page_w, page_h, "both")
        for index, card in enumerate(chunk):
            col, row = index % cols, index // cols
            # Column 0 sits against the fold; fronts to its left, backs mirrored to its right.
            fx = fold - gx / 2 - (col + 1) * w - col * gx
            bx = fold + gx / 2 + col * (w + gx)
            y = y0 + row * (h + gy)
            edges_front = (col == cols - 1, False, row == 0, row == rows - 1)
            edges_back = (False, col == cols - 1, row == 0, row == rows - 1)
            page.placements.append(Placement(card.front, fx, y,
                                             _clip(fx, y, w, h, bleed, gx, gy, *edges_front, outer=outer),
                                             "front", card.card))
            page.placements.append(Placement(card.back, bx, y,
                                             _clip(bx, y, w, h, bleed, gx, gy, *edges_back, outer=outer),
                                             "back", card.card))
        used_rows = (len(chunk) + cols - 1) // cols
        used_cols = min(cols, len(chunk))
        # Fronts and backs form one grid of 2 x used_cols columns, the fold in its middle gutter.
        grid_x0 = fold - gx / 2 - used_cols * w - (used_cols - 1) * gx
        page.marks += grid_marks(page_w, page_h, spec.paper, grid_x0, y0, w, h, gx, gy, 2 * used_cols,
                                  used_rows, outer)
        page.marks += fold_line(fold, page_h, printable, gx)
        top = y0 + grid_h + outer[1] + mm(MARK_GAP_MM)
        if spec.ruler and not pages and page_h - printable - top >= mm(RULER_BAND_MM):
            page.marks += ruler_below(fold - gx / 2 - w / 2 - mm(RULER_MM) / 2, top)  # else none
        pages.append(page)
    return pages


FOLD_COLOUR = "#777777"
FOLD_LABEL_MM = 3.0  # the 'fold' label at each end of the line, inside the printable margins
FOLD_WIDTH = 0.6  # points: heavier than a crop mark, lighter than the ruler


def fold_line(fold: float, page_h: float, printable: float, gutter: float) -> list:
    """The fold: a dashed line down the whole sheet inside its printable margins, crossing the
    cards' block in the middle gutter (whose bleed the cuts take away), labelled 'fold' at both
    ends beside the crop marks of the gutter's cuts."""
    label_x = fold + gutter / 2 + mm(1)
    return [Polygon(((fold, printable), (fold, page_h - printable)), stroke=FOLD_COLOUR, stroke_width=FOLD_WIDTH,
                    closed=False, dash=FOLD_DASH),
            Text(label_x, printable + mm(2.2), "fold", "italic", 6.5, FOLD_COLOUR),
            Text(label_x, page_h - printable - mm(0.6), "fold", "italic", 6.5, FOLD_COLOUR)]
