"""Imposition: put composed cards on paper. Pure functions of the scenes and a sheet spec.

Three layouts:
- ``duplex``: a front page, then its back page with the columns mirrored for a long-edge flip
  (shifted by the user's back offset, for printers whose sides do not line up);
- ``gutterfold``: fronts and backs side by side on one page, mirrored about a fold line;
- ``single``: one card per page, the page being the card with its bleed, for print services.

Between cards the bleed is cut at the middle of the gutter, so neighbours never overlap. Crop
marks continue each trim line into the page margin, outside every card's art.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ..scene.nodes import Line, Scene, Text, mm
from .sizes import PAPER_MM

if TYPE_CHECKING:
    from ..scene.compose import CardFaces

MARK_COLOUR = "#000000"
MARK_WIDTH = 0.25  # points
RULER_MM = 50


@dataclass(frozen=True)
class SheetSpec:
    paper: str = "a4"
    layout: Literal["duplex", "gutterfold", "single"] = "duplex"
    bleed: bool = True
    margin_mm: float = 4.0  # least margin kept clear around the grid
    gutter_mm: float = 3.0  # wished space between cards; shrinks (not below 0) to fit one more row or column
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    ruler: bool = True

    @property
    def size(self) -> tuple[float, float]:
        w, h = PAPER_MM[self.paper]
        return mm(w), mm(h)


@dataclass(frozen=True)
class Placement:
    """A scene drawn with its trim corner at (x, y), clipped to ``clip`` (x, y, w, h) in page points."""

    scene: Scene
    x: float
    y: float
    clip: tuple[float, float, float, float]
    side: str  # "front" | "back"
    card: str = ""


@dataclass
class Page:
    width: float
    height: float
    side: str  # "front", "back", or "both" (gutterfold)
    placements: list[Placement] = field(default_factory=list)
    marks: list = field(default_factory=list)  # scene nodes: crop marks, fold line, ruler
    trim_box: tuple[float, float, float, float] | None = None
    bleed_box: tuple[float, float, float, float] | None = None


def expand(faces: list[CardFaces]) -> list[CardFaces]:
    """One entry per printed copy."""
    return [face for face in faces for _ in range(face.count)]


def _fit(length: float, card: float, margin: float, gutter: float) -> tuple[int, float]:
    """How many cards fit along a length, and the gutter used (the wished one, or less to fit)."""
    usable = length - 2 * margin
    count = int((usable + gutter) // (card + gutter)) if usable >= card else 0
    best_gutter = gutter
    more = count + 1
    if more >= 2 and more * card <= usable:  # shrinking the gutter fits one more
        count, best_gutter = more, min(gutter, (usable - more * card) / (more - 1))
    return count, best_gutter


def grid(spec: SheetSpec, card_w: float, card_h: float, area_w: float | None = None):
    page_w, page_h = spec.size
    margin, gutter = mm(spec.margin_mm), mm(spec.gutter_mm)
    cols, gx = _fit(area_w if area_w is not None else page_w, card_w, margin, gutter)
    rows, gy = _fit(page_h, card_h, margin, gutter)
    return cols, rows, gx, gy


def impose(faces: list[CardFaces], spec: SheetSpec) -> list[Page]:
    copies = expand(faces)
    if not copies:
        return []
    if spec.layout == "single":
        return _single(copies, spec)
    if spec.layout == "gutterfold":
        return _gutterfold(copies, spec)
    return _duplex(copies, spec)


def _check_fits(cols: int, rows: int, card: Scene, spec: SheetSpec) -> None:
    if cols < 1 or rows < 1:
        from ..errors import BuildError
        raise BuildError(
            f"a {card.width / mm(1):.1f} x {card.height / mm(1):.1f} mm card does not fit on {spec.paper} paper "
            f"with {spec.margin_mm:g} mm margins; use --layout single or a larger paper"
        )


def _clip(x: float, y: float, w: float, h: float, bleed: float, gx: float, gy: float,
          first_col: bool, last_col: bool, first_row: bool, last_row: bool) -> tuple:
    """The bleed a card may show: full on the outside of the grid, half the gutter inside."""
    left = bleed if first_col else min(bleed, gx / 2)
    right = bleed if last_col else min(bleed, gx / 2)
    top = bleed if first_row else min(bleed, gy / 2)
    bottom = bleed if last_row else min(bleed, gy / 2)
    return (x - left, y - top, w + left + right, h + top + bottom)


PRINTABLE_EDGE_MM = 3.0  # home printers leave about 3 mm at the paper's edges unprinted
MIN_MARK_MM = 2.0  # a crop mark shorter than this is hard to see and to cut along


def _duplex(copies: list[CardFaces], spec: SheetSpec) -> list[Page]:
    page_w, page_h = spec.size
    sample = copies[0].front
    w, h = sample.width, sample.height
    cols, rows, gx, gy = grid(spec, w, h)
    _check_fits(cols, rows, sample, spec)
    per_page = cols * rows
    grid_w, grid_h = cols * w + (cols - 1) * gx, rows * h + (rows - 1) * gy
    x0, y0 = (page_w - grid_w) / 2, (page_h - grid_h) / 2
    bleed = sample.bleed if spec.bleed else 0.0
    dx, dy = mm(spec.back_offset_mm[0]), mm(spec.back_offset_mm[1])
    # Where the band above and below the grid is too thin for a printable mark (Letter with 3 x 3
    # poker cards), the column cuts are marked in the gutters between rows, which then get no bleed.
    outer_room = y0 - bleed - mm(1) - mm(PRINTABLE_EDGE_MM)
    marks_in_gutters = rows > 1 and outer_room < mm(MIN_MARK_MM)
    row_gy = 0.0 if marks_in_gutters else gy  # what the bleed may use of a row gutter
    ruler_nodes = ruler(page_w, page_h, (x0, y0, grid_w, grid_h), bleed, x0 + (cols // 2) * (w + gx) + w / 2)
    ruler_cell = spec.ruler and ruler_nodes is None  # no margin can hold it: it takes the last cell
    pages: list[Page] = []
    start = 0
    while start < len(copies):
        capacity = per_page - 1 if ruler_cell and not pages else per_page
        chunk = copies[start:start + capacity]
        start += capacity
        front = Page(page_w, page_h, "front")
        back = Page(page_w, page_h, "back")
        for index, card in enumerate(chunk):
            col, row = index % cols, index // cols
            x, y = x0 + col * (w + gx), y0 + row * (h + gy)
            edges = (col == 0, col == cols - 1, row == 0, row == rows - 1)
            front.placements.append(Placement(card.front, x, y, _clip(x, y, w, h, bleed, gx, row_gy, *edges),
                                              "front", card.card))
            # Long-edge flip: the sheet turns about its vertical axis, so x mirrors and y stays.
            bx = page_w - x - w + dx
            by = y + dy
            back_edges = (col == cols - 1, col == 0, row == 0, row == rows - 1)
            back.placements.append(Placement(card.back, bx, by, _clip(bx, by, w, h, bleed, gx, row_gy, *back_edges),
                                             "back", card.card))
        used_cols = min(cols, len(chunk) + (1 if ruler_cell and not pages else 0))
        used_rows = -(-(len(chunk) + (1 if ruler_cell and not pages else 0)) // cols)
        front.marks = _crop_marks(x0, y0, w, h, gx, gy, used_cols, used_rows, bleed, page_w, page_h)
        back_x0 = page_w - x0 - (used_cols * w + (used_cols - 1) * gx) + dx
        back.marks = _crop_marks(back_x0, y0 + dy, w, h, gx, gy, used_cols, used_rows, bleed, page_w, page_h)
        if marks_in_gutters:
            front.marks += _gutter_marks(x0, y0, w, h, gx, gy, used_cols, used_rows)
            back.marks += _gutter_marks(back_x0, y0 + dy, w, h, gx, gy, used_cols, used_rows)
        if spec.ruler and not pages:
            if ruler_cell:
                cell_x, cell_y = x0 + (cols - 1) * (w + gx), y0 + (rows - 1) * (h + gy)
                front.marks += ruler_in_cell(cell_x, cell_y, w, h)
            else:
                front.marks += ruler_nodes
        pages += [front, back]
    return pages


def _gutter_marks(x0: float, y0: float, w: float, h: float, gx: float, gy: float, cols: int, rows: int) -> list:
    """Column cut marks inside the gutters between rows (for sheets with no room above and below)."""
    if gy < mm(0.8):
        return []
    marks = []
    for r in range(rows - 1):
        top = y0 + r * (h + gy) + h + mm(0.25)
        bottom = y0 + (r + 1) * (h + gy) - mm(0.25)
        for c in range(cols):
            for x in (x0 + c * (w + gx), x0 + c * (w + gx) + w):
                marks.append(Line(x, top, x, bottom, MARK_COLOUR, MARK_WIDTH))
    return marks


def _gutterfold(copies: list[CardFaces], spec: SheetSpec) -> list[Page]:
    sample = copies[0].front
    w, h = sample.width, sample.height
    best = None
    for paper_w, paper_h, landscape in ((*spec.size, False), (spec.size[1], spec.size[0], True)):
        half = paper_w / 2
        fold_gap = mm(spec.gutter_mm)
        usable_half = half - fold_gap / 2 - mm(spec.margin_mm)
        cols = max(0, int((usable_half + mm(spec.gutter_mm)) // (w + mm(spec.gutter_mm))))
        rows, gy = _fit(paper_h, h, mm(spec.margin_mm), mm(spec.gutter_mm))
        if best is None or cols * rows > best[0]:
            best = (cols * rows, paper_w, paper_h, cols, rows, gy)
    _, page_w, page_h, cols, rows, gy = best
    _check_fits(cols, rows, sample, spec)
    gx = mm(spec.gutter_mm)
    fold = page_w / 2
    grid_h = rows * h + (rows - 1) * gy
    y0 = (page_h - grid_h) / 2
    bleed = sample.bleed if spec.bleed else 0.0
    pages = []
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
            page.placements.append(Placement(card.front, fx, y, _clip(fx, y, w, h, bleed, gx, gy, *edges_front),
                                             "front", card.card))
            page.placements.append(Placement(card.back, bx, y, _clip(bx, y, w, h, bleed, gx, gy, *edges_back),
                                             "back", card.card))
        used_rows = (len(chunk) + cols - 1) // cols
        used_cols = min(cols, len(chunk))
        # Fronts and backs form one grid of 2 x used_cols columns, the fold in its middle gutter.
        grid_x0 = fold - gx / 2 - used_cols * w - (used_cols - 1) * gx
        page.marks += _crop_marks(grid_x0, y0, w, h, gx, gy, 2 * used_cols, used_rows, bleed, page_w, page_h)
        page.marks.append(Line(fold, mm(2), fold, y0 - bleed - mm(1), stroke="#888888", width=0.5))
        page.marks.append(Line(fold, y0 + grid_h + bleed + mm(1), fold, page_h - mm(2), stroke="#888888", width=0.5))
        page.marks.append(Text(fold + 2, mm(4), "fold", "italic", 6, "#888888"))
        if spec.ruler and not pages:
            page.marks += ruler(page_w, page_h, (grid_x0, y0, 2 * (fold - grid_x0), grid_h), bleed,
                                fold - gx / 2 - w / 2) or []  # landscape sheets leave room; if not, none
        pages.append(page)
    return pages


def _single(copies: list[CardFaces], spec: SheetSpec) -> list[Page]:
    pages = []
    for card in copies:
        for side, scene in (("front", card.front), ("back", card.back)):
            bleed = scene.bleed if spec.bleed else 0.0
            page_w, page_h = scene.width + 2 * bleed, scene.height + 2 * bleed
            page = Page(page_w, page_h, side)
            page.placements.append(Placement(scene, bleed, bleed, (0, 0, page_w, page_h), side, card.card))
            page.trim_box = (bleed, bleed, scene.width, scene.height)
            page.bleed_box = (0, 0, page_w, page_h)
            pages.append(page)
    return pages


def _crop_marks(x0: float, y0: float, w: float, h: float, gx: float, gy: float, cols: int, rows: int,
                bleed: float, page_w: float, page_h: float) -> list:
    """Each trim line continued into the margins, starting clear of the outermost bleed."""
    gap = bleed + mm(1)
    marks = []
    grid_w = cols * w + (cols - 1) * gx
    grid_h = rows * h + (rows - 1) * gy
    xs = sorted({x0 + c * (w + gx) for c in range(cols)} | {x0 + c * (w + gx) + w for c in range(cols)})
    ys = sorted({y0 + r * (h + gy) for r in range(rows)} | {y0 + r * (h + gy) + h for r in range(rows)})
    for x in xs:
        marks.append(Line(x, max(0.0, y0 - gap - mm(8)), x, y0 - gap, MARK_COLOUR, MARK_WIDTH))
        marks.append(Line(x, y0 + grid_h + gap, x, min(page_h, y0 + grid_h + gap + mm(8)), MARK_COLOUR, MARK_WIDTH))
    for y in ys:
        marks.append(Line(max(0.0, x0 - gap - mm(8)), y, x0 - gap, y, MARK_COLOUR, MARK_WIDTH))
        marks.append(Line(x0 + grid_w + gap, y, min(page_w, x0 + grid_w + gap + mm(8)), y, MARK_COLOUR, MARK_WIDTH))
    return [m for m in marks if abs(m.x2 - m.x1) + abs(m.y2 - m.y1) > mm(0.5)]


def _ruler_bar(x: float, y: float, vertical: bool = False) -> list:
    nodes = [Line(x, y, x, y - mm(RULER_MM), "#000000", 0.5) if vertical
             else Line(x, y, x + mm(RULER_MM), y, "#000000", 0.5)]
    for i in range(0, RULER_MM + 1):
        tick = mm(2 if i % 10 == 0 else 1.2 if i % 5 == 0 else 0.7)
        nodes.append(Line(x, y - mm(i), x + tick, y - mm(i), "#000000", 0.3) if vertical
                     else Line(x + mm(i), y, x + mm(i), y + tick, "#000000", 0.3))
    return nodes


def ruler(page_w: float, page_h: float, grid: tuple[float, float, float, float], bleed: float,
          centre_x: float) -> list | None:
    """A 50 mm calibration bar with 'print at 100 %', clear of every card's bleed and at least
    PRINTABLE_EDGE_MM from the paper's edges: below the grid, centred under one column (between
    its crop marks), or turned up the left margin. None when no margin has room for it."""
    x0, y0, grid_w, grid_h = grid
    edge = mm(PRINTABLE_EDGE_MM)
    top = y0 + grid_h + bleed + mm(1)
    if page_h - top >= mm(5) + edge:  # bar, ticks and a 6 pt label take 5 mm
        x = centre_x - mm(RULER_MM) / 2
        return _ruler_bar(x, top) + [
            Text(x, top + mm(4.3), f"Print at 100 % (actual size): this bar is {RULER_MM} mm", "regular", 6)]
    # The turned label's glyphs reach ~2 mm left of its baseline; the bar and ticks stand left of that.
    label_x = x0 - bleed - mm(1.5)
    bar_x = label_x - mm(4.5)
    if bar_x >= edge:
        y = (page_h + mm(RULER_MM)) / 2
        return _ruler_bar(bar_x, y, vertical=True) + [
            Text(label_x, y, f"Print at 100 %: {RULER_MM} mm", "regular", 5.5, angle=90.0)]
    return None


def ruler_in_cell(x: float, y: float, w: float, h: float) -> list:
    """The ruler drawn in an empty card cell, when no margin can hold it."""
    left = x + (w - mm(RULER_MM)) / 2
    middle = y + h / 2
    return _ruler_bar(left, middle) + [
        Text(left, middle - mm(3), "Print at 100 % (actual size):", "bold", 7),
        Text(left, middle + mm(6), f"this bar must measure {RULER_MM} mm.", "regular", 7),
        Text(left, middle + mm(10), "If not, turn off 'fit to page'.", "regular", 7),
    ]
