"""Imposition: put composed cards on paper. Pure functions of the scenes and a sheet spec.

Three layouts:
- ``duplex``: a front page, then its back page with the columns mirrored for a long-edge flip
  (shifted by the user's back offset, for printers whose sides do not line up);
- ``gutterfold``: fronts and backs side by side on one page, mirrored about a fold line (gutterfold.py);
- ``single``: one card per page, the page being the card with its bleed, for print services.

Between cards the bleed is cut at the middle of the gutter, so neighbours never overlap. Crop
marks continue each trim line into the page margin, outside every card's art, and ticks cross the
gutters (marks.py). Trims stay printable; where the paper is too tight for gutters that outlast a
duplex error (three poker rows on Letter), the outer rows' bleed runs off the printable area and
backs of one colour fill whole columns, so backs of different colours meet where bleed is kept.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NoReturn

from ..scene.nodes import Rect, Scene, mm
from .marks import MARK_GAP_MM, MIN_MARK_MM, MIN_TICK_GUTTER_MM, grid_marks
from .rulers import RULER_BAND_MM, RULER_MM, RULER_SIDE_MM, ruler_below, ruler_beside, ruler_in_cell
from .sizes import PAPER_MM, PRINTABLE_MARGIN_MM, PrintLayout

if TYPE_CHECKING:
    from ..scene.compose import CardFaces
    from .deck_pages import DeckPages

# Marks and rulers have their own modules; these names are imported from here too.
__all__ = ["MARK_GAP_MM", "MIN_MARK_MM", "grid_marks", "RULER_BAND_MM", "RULER_MM", "RULER_SIDE_MM", "ruler_below",
           "ruler_beside", "ruler_in_cell"]


@dataclass(frozen=True)
class SheetSpec:
    paper: str = "a4"
    layout: PrintLayout = "duplex"
    bleed: bool = True
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


def impose(faces: list[CardFaces], spec: SheetSpec) -> list[Page] | DeckPages:
    """A deck's pages; duplex and single pages are made as they are read (``DeckPages``)."""
    if not any(face.count for face in faces):
        return []
    if spec.layout == "gutterfold":
        from .gutterfold import gutterfold

        return gutterfold(expand(faces), spec)
    from .deck_pages import DeckPages

    return DeckPages(faces, spec)


def _check_fits(cols: int, rows: int, card: Scene, spec: SheetSpec) -> None:
    if cols < 1 or rows < 1:
        _does_not_fit(card, spec)


def _does_not_fit(card: Scene, spec: SheetSpec) -> NoReturn:
    from ..errors import BuildError
    raise BuildError(
        f"a {card.width / mm(1):.1f} x {card.height / mm(1):.1f} mm card does not fit on {spec.paper} paper "
        f"inside its {PRINTABLE_MARGIN_MM[spec.paper]:g} mm printable margins; use --layout single or a larger paper"
    )


def _clip(x: float, y: float, w: float, h: float, bleed: float, gx: float, gy: float,
          first_col: bool, last_col: bool, first_row: bool, last_row: bool,
          outer: tuple[float, float] | None = None) -> tuple:
    """The bleed a card may show: on the outside of the grid the ``outer`` bleed (across, down) that
    stays inside the printable area (default: all of it), half the gutter inside."""
    out_x, out_y = outer if outer is not None else (bleed, bleed)
    left = out_x if first_col else min(bleed, gx / 2)
    right = out_x if last_col else min(bleed, gx / 2)
    top = out_y if first_row else min(bleed, gy / 2)
    bottom = out_y if last_row else min(bleed, gy / 2)
    return (x - left, y - top, w + left + right, h + top + bottom)


# A home duplex printer lands backs up to 1.5 mm off their fronts, and a cut wanders another 0.5 mm.
DUPLEX_ERROR_MM = 1.5
BACK_EDGE_MM = 2.0


@dataclass(frozen=True)
class Axis:
    """How cards sit along one side of the paper: how many, the gutter between them, the bleed
    kept on the two outer edges, where the first trim starts, and whether the cuts across this
    axis are marked in the margins (``outside``) or only by ticks in the gutters."""

    count: int
    gutter: float
    outer_bleed: float
    start: float
    outside: bool

    @property
    def kept(self) -> float:
        """The least bleed any card edge keeps along this axis: what a back printed off may move."""
        return min(self.outer_bleed, self.gutter / 2) if self.count > 1 else self.outer_bleed


def _share(spare: float, gaps: int, bleed: float, wished_gutter: float) -> tuple[float, float]:
    """(gutter, outer bleed) from ``spare`` room: every edge of every card gets the same bleed where
    it can (its outer bleed, half of each gutter), so a back printed a little off shows its own
    colour rather than its neighbour's or white paper; then the gutters grow to the wished one."""
    outer = min(bleed, spare / (2 + 2 * gaps))
    gutter = min(wished_gutter, (spare - 2 * outer) / gaps) if gaps else 0.0
    return gutter, max(0.0, min(bleed, (spare - gaps * gutter) / 2))


def _off_the_edge(total: float, count: int, bleed: float, printable: float,
                  wished_gutter: float) -> tuple[float, float, float]:
    """(gutter, outer bleed, trim margin) with the outer cards' bleed running off the printable
    area (the printer prints what it can of it) and their trims on it at most, so the gutters get
    all the room between printable trims; ``total`` is what the cards leave from edge to edge."""
    gaps = count - 1
    gutter = min(max(wished_gutter, 2 * mm(DUPLEX_ERROR_MM)), (total - 2 * printable) / gaps)
    margin = (total - gaps * gutter) / 2
    return gutter, min(bleed, margin), margin


def plan_axis(length: float, card: float, bleed: float, printable: float, wished_gutter: float,
              before: float = 0.0, after: float = 0.0) -> Axis | None:
    """The most cards along ``length`` whose trims and marks stay ``printable`` inside the paper,
    with ``before`` and ``after`` kept free too (for a ruler). Marks go in the margins when that
    costs no bleed; otherwise only as ticks in gutters of at least MIN_TICK_GUTTER_MM.

    Bleed stays printable too unless that leaves a back less than DUPLEX_ERROR_MM of its colour
    past a cut (three poker rows on Letter): then the outer cards' bleed runs off the printable
    area, so the gutters get all the room between printable trims and no back meets white paper."""
    avail = length - 2 * printable - before - after
    marks = mm(MARK_GAP_MM) + mm(MIN_MARK_MM)
    least = mm(MIN_TICK_GUTTER_MM)
    enough = mm(DUPLEX_ERROR_MM)
    for count in range(max(0, int(avail // card)), 0, -1):
        spare = avail - count * card
        gaps = count - 1

        def centred(gutter: float) -> float:
            return printable + before + (avail - count * card - gaps * gutter) / 2

        # (edge bleed a back printed off keeps, bleed printable, marks outside, gutter, outer bleed, first trim)
        options = []
        if spare >= 2 * marks - 1e-9:
            gutter, outer = _share(spare - 2 * marks, gaps, bleed, wished_gutter)
            if not gaps or gutter >= least - 1e-9:
                options.append((min(outer, gutter / 2 if gaps else outer), True, True, gutter, outer,
                                centred(gutter)))
        if gaps and spare >= gaps * least - 1e-9:
            gutter, outer = _share(spare, gaps, bleed, wished_gutter)
            if gutter < least:  # the gutters' ticks come first: the outer bleed gets what is left
                gutter, outer = least, max(0.0, min(bleed, (spare - gaps * least) / 2))
            options.append((min(outer, gutter / 2), True, False, gutter, outer, centred(gutter)))
            if not (before or after):
                gutter, outer, margin = _off_the_edge(length - count * card, count, bleed, printable, wished_gutter)
                if gutter >= least - 1e-9 and margin - outer < printable - 1e-9:
                    options.append((min(outer, gutter / 2), False, False, gutter, outer, margin))
        if options:
            # Bleed enough for a back printed off first, then bleed that prints, then marks in the
            # margins, then more bleed.
            _kept, _inside, outside, gutter, outer, start = max(
                options, key=lambda o: (round(min(o[0], enough), 6), o[1], o[2], round(o[0], 6)))
            return Axis(count, gutter, outer, start, outside)
    return None


@dataclass(frozen=True)
class DuplexGrid:
    cols: Axis
    rows: Axis
    ruler: str  # "below", "beside", "cell" or "" (no ruler)


def duplex_grid(spec: SheetSpec, w: float, h: float, bleed: float) -> DuplexGrid:
    """The grid for a duplex sheet, and where its ruler goes: below the cards or beside them when
    that costs no card and keeps the most bleed, else in a card cell of the first sheet."""
    page_w, page_h = spec.size
    printable = mm(PRINTABLE_MARGIN_MM[spec.paper])
    # Each back's own colour should reach BACK_EDGE_MM past its trim where the paper has room, so
    # a back printed a little off never shows its neighbour's colour: the gutters may grow to twice that.
    gutter = max(mm(spec.gutter_mm), 2 * mm(BACK_EDGE_MM))

    def plan(before_x=0.0, after_y=0.0):
        return (plan_axis(page_w, w, bleed, printable, gutter, before=before_x),
                plan_axis(page_h, h, bleed, printable, gutter, after=after_y))

    cols, rows = plan()
    if cols is None or rows is None:
        return DuplexGrid(cols or Axis(0, 0, 0, 0, False), rows or Axis(0, 0, 0, 0, False), "")
    if not spec.ruler:
        return DuplexGrid(cols, rows, "")
    enough = mm(DUPLEX_ERROR_MM)

    def keeps(axis: Axis | None, plain: Axis) -> float:
        """How much of what ``plain`` keeps (up to a duplex error) ``axis`` keeps too, or -1 if it holds fewer."""
        if axis is None or axis.count != plain.count:
            return -1.0
        return min(axis.kept, enough) - min(plain.kept, enough)

    # Below: the bottom band holds the bar between two column marks, so it needs the ruler's depth
    # where marks alone need MIN_MARK_MM.
    below_cols, below_rows = plan(after_y=mm(RULER_BAND_MM - MIN_MARK_MM))
    beside_cols, beside_rows = plan(before_x=mm(RULER_SIDE_MM))
    below = keeps(below_rows, rows) if below_rows is not None and below_rows.outside else -1.0
    beside = keeps(beside_cols, cols)
    if max(below, beside) > -1.0:  # no card lost: where the ruler leaves the most bleed
        if below >= beside and below_rows is not None:
            return DuplexGrid(cols, below_rows, "below")
        if beside_cols is not None:
            return DuplexGrid(beside_cols, rows, "beside")
    return DuplexGrid(cols, rows, "cell")


def _duplex_grid_checked(sample: Scene, spec: SheetSpec) -> DuplexGrid:
    layout = duplex_grid(spec, sample.width, sample.height, sample.bleed if spec.bleed else 0.0)
    _check_fits(layout.cols.count, layout.rows.count, sample, spec)
    return layout


def _duplex(copies: list[CardFaces], spec: SheetSpec) -> list[Page]:
    return list(_duplex_pages(copies, spec))


def _duplex_pages(copies: list[CardFaces], spec: SheetSpec) -> Iterator[Page]:
    """Each sheet's front page, then its back page."""
    page_w, page_h = spec.size
    sample = copies[0].front
    w, h = sample.width, sample.height
    bleed = sample.bleed if spec.bleed else 0.0
    layout = _duplex_grid_checked(sample, spec)
    cols, rows = layout.cols.count, layout.rows.count
    gx, gy = layout.cols.gutter, layout.rows.gutter
    per_page = cols * rows
    x0, y0 = layout.cols.start, layout.rows.start
    # The outer bleed kept: (left, right, top, bottom) of the grid; the back mirrors left and right.
    outer = (layout.cols.outer_bleed, layout.rows.outer_bleed)
    dx, dy = mm(spec.back_offset_mm[0]), mm(spec.back_offset_mm[1])
    ruler_cell = layout.ruler == "cell"
    start = 0
    # Backs of one colour sit side by side, along the axis that keeps less bleed (down on Letter,
    # where three rows of poker cards leave under 3 mm), so a back printed off shows its own colour.
    kept_x = min(outer[0], gx / 2) if cols > 1 else outer[0]
    kept_y = min(outer[1], gy / 2) if rows > 1 else outer[1]
    if kept_y < min(kept_x, mm(DUPLEX_ERROR_MM)) - 1e-6 and not ruler_cell and rows > 1:
        copies = colour_columns(copies, rows)
    while start < len(copies):
        first = start == 0
        capacity = per_page - 1 if ruler_cell and first else per_page
        chunk = _backs_together(copies[start:start + capacity])
        start += capacity
        front = Page(page_w, page_h, "front")
        back = Page(page_w, page_h, "back")
        down_first = kept_y < kept_x - 1e-6 and len(chunk) == capacity  # a part sheet fills rows from the top
        cells = [(c, r) for c in range(cols) for r in range(rows)] if down_first else \
            [(c, r) for r in range(rows) for c in range(cols)]
        # An edge with no card beyond it (the grid's edge, or an empty cell of a part sheet) keeps
        # the outer bleed, so a back printed off shows its colour there, not white paper.
        taken_cells = set(cells[:len(chunk)]) | ({(cols - 1, rows - 1)} if ruler_cell and first else set())
        for (col, row), card in zip(cells, chunk):
            x, y = x0 + col * (w + gx), y0 + row * (h + gy)
            left, right, above, below = (cell not in taken_cells
                                         for cell in ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)))
            front.placements.append(Placement(card.front, x, y, _clip(x, y, w, h, bleed, gx, gy, left, right, above,
                                                                      below, outer=outer),
                                              "front", card.card))
            # Long-edge flip: the sheet turns about its vertical axis, so x mirrors and y stays.
            bx = page_w - x - w + dx
            by = y + dy
            back.placements.append(Placement(card.back, bx, by,
                                             _clip(bx, by, w, h, bleed, gx, gy, right, left, above, below, outer=outer),
                                             "back", card.card))
        taken = len(chunk) + (1 if ruler_cell and first else 0)
        used_cols, used_rows = min(cols, taken), -(-taken // cols)
        back_x0 = page_w - x0 - (used_cols * w + (used_cols - 1) * gx) + dx
        for page, px in ((front, x0), (back, back_x0)):
            page.marks = grid_marks(page_w, page_h, spec.paper, px, y0 + (dy if page is back else 0.0), w, h,
                                     gx, gy, used_cols, used_rows, outer)
        if first and layout.ruler == "cell":
            cell_x, cell_y = x0 + (cols - 1) * (w + gx), y0 + (rows - 1) * (h + gy)
            front.marks += ruler_in_cell(cell_x, cell_y, w, h)
        elif first and layout.ruler == "below":  # under the last row used: a part sheet keeps the room below
            top = y0 + used_rows * h + (used_rows - 1) * gy + outer[1] + mm(MARK_GAP_MM)
            centre_x = x0 + (cols // 2) * (w + gx) + w / 2
            front.marks += ruler_below(centre_x - mm(RULER_MM) / 2, top)
        elif first and layout.ruler == "beside":
            # Up the middle of a row, so no crop mark of a cut runs into it.
            middle = y0 + (rows // 2) * (h + gy) + h / 2
            front.marks += ruler_beside(x0 - outer[0] - mm(MARK_GAP_MM), middle + mm(RULER_MM) / 2)
        yield front
        yield back


def edge_colour(scene: Scene) -> str:
    """The colour a face shows past its trim: its full-bleed background's fill, else its own design."""
    for node in scene.nodes:
        if isinstance(node, Rect) and node.fill and node.x <= -scene.bleed + 0.01 and node.y <= -scene.bleed + 0.01 \
                and node.w >= scene.width + 2 * scene.bleed - 0.01 and node.h >= scene.height + 2 * scene.bleed - 0.01:
            return node.fill.lower()
    return scene.key or str(id(scene))


def colour_columns(copies: list[CardFaces], rows: int) -> list[CardFaces]:
    """The cards in runs of one back colour, ordered so that as many runs as can start a column
    (filled down, ``rows`` a column) do: where rows keep too little bleed for a duplex error, backs
    of different colours then meet across columns, which keep enough. Each run keeps its cards'
    order, and runs come in the order their colours first appear unless another one closes a column."""
    runs: dict[str, list[CardFaces]] = {}
    for card in copies:
        runs.setdefault(edge_colour(card.back), []).append(card)
    waiting = list(runs.values())
    ordered: list[CardFaces] = []
    while waiting:
        need = -len(ordered) % rows  # cards left to fill the column begun
        run = next((r for r in waiting if len(r) % rows == need), waiting[0])
        waiting.remove(run)
        ordered += run
    return ordered


def _backs_together(chunk: list[CardFaces]) -> list[CardFaces]:
    """The cards of a sheet grouped by the colour of their backs' bleed, in the order the colours come."""
    first: dict[str, int] = {}
    for card in chunk:
        first.setdefault(edge_colour(card.back), len(first))
    return sorted(chunk, key=lambda card: first[edge_colour(card.back)])


def _single(copies: list[CardFaces], spec: SheetSpec) -> Iterator[Page]:
    for card in copies:
        for side, scene in (("front", card.front), ("back", card.back)):
            bleed = scene.bleed if spec.bleed else 0.0
            page_w, page_h = scene.width + 2 * bleed, scene.height + 2 * bleed
            page = Page(page_w, page_h, side)
            page.placements.append(Placement(scene, bleed, bleed, (0, 0, page_w, page_h), side, card.card))
            page.trim_box = (bleed, bleed, scene.width, scene.height)
            page.bleed_box = (0, 0, page_w, page_h)
            yield page


POKER_MM = (63.5, 88.9)


def backs_kept_mm(paper: str, card_mm: tuple[float, float] = POKER_MM) -> tuple[float, float]:
    """(across, down): the least bleed of its own colour a back keeps past its cuts on a full duplex
    sheet of ``card_mm`` cards with 3 mm bleed: how far off a printer may land it before a
    neighbour's colour shows (for PRINTING.md)."""
    grid = duplex_grid(SheetSpec(paper=paper, ruler=False), mm(card_mm[0]), mm(card_mm[1]), mm(3.0))
    return grid.cols.kept / mm(1), grid.rows.kept / mm(1)
