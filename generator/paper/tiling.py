"""A board larger than the paper, tiled over several sheets. Pure functions of the scene and paper.

The board is cut into equal tiles that overlap their neighbours by a fixed margin, so the union
of the tiles is exactly the board. Assembly: every sheet except those of the first column is
trimmed along its left edge, and except those of the first row along its top edge; each sheet is
then laid over its left and upper neighbours, whose overlap strip it covers. A dashed line on the
lower sheet shows where the upper sheet's edge goes, and half targets centred on that edge are
printed on both sheets: when they make whole circles, the sheets are aligned. A first page maps
the sheets onto the board.
"""
from __future__ import annotations

import math
import string
from dataclasses import dataclass

from ..errors import BuildError
from ..scene.draw import INK, label, make_scene
from ..scene.nodes import Circle, Group, Line, Polygon, Rect, Scene, Text, mm
from .impose import Page
from .items import FOOTER_LABEL_MM, PaperSpec, PiecePlacement, footer, ruler, ruler_y

TARGET_MM = 3.0
MARK = "#000000"
MARK_WIDTH = 0.3


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    x: float  # region of the board this sheet carries (board points, trim coordinates)
    y: float
    w: float
    h: float

    @property
    def name(self) -> str:
        return tile_name(self.col, self.row)


@dataclass(frozen=True)
class TilePlan:
    landscape: bool
    cols: int
    rows: int
    overlap: float
    tiles: tuple[Tile, ...]


def tile_name(col: int, row: int) -> str:
    letters = string.ascii_uppercase
    name = letters[col % 26] * (col // 26 + 1)
    return f"{name}{row + 1}"


def usable(spec: PaperSpec, landscape: bool) -> tuple[float, float]:
    page_w, page_h = spec.size(landscape)
    return page_w - 2 * mm(spec.margin_mm), page_h - 2 * mm(spec.margin_mm) - mm(spec.footer_mm)


def _split(length: float, room: float, overlap: float) -> int:
    if length <= room + 1e-6:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - 1e-9)


def fits_one_page(width: float, height: float, spec: PaperSpec, bleed: float = 0.0) -> bool | None:
    """The orientation (False portrait, True landscape) a board fits on whole, or None."""
    for landscape in (False, True):
        uw, uh = usable(spec, landscape)
        if width + 2 * bleed <= uw + 1e-6 and height + 2 * bleed <= uh + 1e-6:
            return landscape
    return None


def plan_tiles(width: float, height: float, spec: PaperSpec, overlap: float, bleed: float = 0.0) -> TilePlan:
    """The fewest sheets (either orientation) whose equal, overlapping tiles cover the board."""
    best = None
    for landscape in (False, True):
        uw, uh = usable(spec, landscape)
        # Outer tiles also carry the board's bleed beyond the trim.
        uw, uh = uw - 2 * bleed, uh - 2 * bleed
        if uw <= overlap * 2 or uh <= overlap * 2:
            continue
        cols, rows = _split(width, uw, overlap), _split(height, uh, overlap)
        if best is None or cols * rows < best[1] * best[2]:
            best = (landscape, cols, rows)
    if best is None:
        raise BuildError(f"{spec.paper} paper is too small to tile a board with a {overlap / mm(1):g} mm overlap")
    landscape, cols, rows = best
    tile_w = (width + (cols - 1) * overlap) / cols
    tile_h = (height + (rows - 1) * overlap) / rows
    tiles = tuple(Tile(c, r, c * (tile_w - overlap), r * (tile_h - overlap), tile_w, tile_h)
                  for r in range(rows) for c in range(cols))
    return TilePlan(landscape, cols, rows, overlap if cols * rows > 1 else 0.0, tiles)


def board_pages(board: Scene, spec: PaperSpec, overlap_mm: float, title: str, piece: str,
                single_page: bool = False, cut: bool = True) -> list[Page]:
    """Pages for a board: one page if it fits, else an assembly map then one page per tile.
    ``cut=False``: a page that is only looked at (a layout guide), with no crop marks or ruler."""
    bleed = board.bleed
    whole = fits_one_page(board.width, board.height, spec, bleed)
    if whole is not None:
        return [_whole_page(board, spec, whole, title, piece, cut)]
    if single_page:
        raise BuildError(f"{title}: a {board.width / mm(1):.0f} x {board.height / mm(1):.0f} mm page does not fit "
                         f"on {spec.paper} paper")
    plan = plan_tiles(board.width, board.height, spec, mm(overlap_mm), bleed)
    pages = [assembly_map(board, plan, spec, title, overlap_mm)]
    for tile in plan.tiles:
        pages.append(_tile_page(board, plan, tile, spec, title, piece, overlap_mm))
    return pages


def _whole_page(board: Scene, spec: PaperSpec, landscape: bool, title: str, piece: str, cut: bool = True) -> Page:
    page_w, page_h = spec.size(landscape)
    uw, uh = usable(spec, landscape)
    x = (page_w - board.width) / 2
    y = mm(spec.margin_mm) + (uh - board.height) / 2
    b = board.bleed
    page = Page(page_w, page_h, "front")
    page.placements.append(PiecePlacement(
        board, x, y, (x - b, y - b, board.width + 2 * b, board.height + 2 * b), "front", piece,
        properties={"Id": piece, "Region": [0.0, 0.0, board.width, board.height], "Tile": "A1"}))
    if not cut:
        page.marks.append(footer(page_w, page_h, title))
        return page
    page.marks += _corner_marks(x, y, board.width, board.height, b, (True, True, True, True))
    page.marks.append(footer(page_w, page_h, f"{title} (cut along the corner marks)"))
    if spec.ruler and ruler_y(spec, page_h) - (y + board.height + b) >= mm(1):
        page.marks += ruler(page_w / 2, ruler_y(spec, page_h))
    return page


def _tile_page(board: Scene, plan: TilePlan, tile: Tile, spec: PaperSpec, title: str, piece: str,
               overlap_mm: float) -> Page:
    page_w, page_h = spec.size(plan.landscape)
    uw, uh = usable(spec, plan.landscape)
    px = (page_w - tile.w) / 2
    py = mm(spec.margin_mm) + (uh - tile.h) / 2
    b = board.bleed
    first_col, last_col = tile.col == 0, tile.col == plan.cols - 1
    first_row, last_row = tile.row == 0, tile.row == plan.rows - 1
    left, right = (b if first_col else 0.0), (b if last_col else 0.0)
    top, bottom = (b if first_row else 0.0), (b if last_row else 0.0)
    page = Page(page_w, page_h, "front")
    ox, oy = px - tile.x, py - tile.y  # where the board's origin falls on this page
    page.placements.append(PiecePlacement(
        board, ox, oy, (px - left, py - top, tile.w + left + right, tile.h + top + bottom), "front", piece,
        properties={"Id": piece, "Region": [tile.x, tile.y, tile.w, tile.h], "Tile": tile.name}))
    # Cut lines: the board's outer edges, and this sheet's left and top seams (trimmed to overlap).
    page.marks += _corner_marks(px, py, tile.w, tile.h, max(left, right, top, bottom),
                                (True, True, last_col, last_row))
    # Where the right and lower neighbours' edges go, with half targets to align them.
    ov = plan.overlap
    nodes: list = []
    if not last_col:
        seam = px + tile.w - ov
        nodes.append(Polygon(((seam, py), (seam, py + tile.h)), stroke="#666666", stroke_width=0.5,
                             closed=False, dash=(4, 2)))
    if not last_row:
        seam = py + tile.h - ov
        nodes.append(Polygon(((px, seam), (px + tile.w, seam)), stroke="#666666", stroke_width=0.5,
                             closed=False, dash=(4, 2)))
    for bx, by in seam_targets(plan, tile):
        nodes += target(ox + bx, oy + by)
    page.marks += nodes
    notes = []
    if not first_col:
        notes.append(f"trim the left edge, lay over {tile_name(tile.col - 1, tile.row)}")
    if not first_row:
        notes.append(f"trim the top edge, lay over {tile_name(tile.col, tile.row - 1)}")
    if not notes:
        notes.append("lay the other sheets over this one")
    page.marks.append(label(f"{tile.name}", mm(spec.margin_mm), page_h - mm(FOOTER_LABEL_MM), 11, "bold", INK, align="left"))
    page.marks.append(footer(page_w, page_h, f"{title}, sheet {tile.name} of {plan.cols * plan.rows}: " + "; ".join(notes)))
    return page


def seam_targets(plan: TilePlan, tile: Tile) -> list[tuple[float, float]]:
    """Board points on this tile's seams where half targets are printed (on both sheets of a seam)."""
    points = []
    for neighbour in plan.tiles:
        if neighbour.row == tile.row and abs(neighbour.col - tile.col) == 1:
            seam_x = max(neighbour.x, tile.x)  # the right-hand sheet's left edge
            points += [(seam_x, tile.y + tile.h * f) for f in (0.25, 0.75)]
        if neighbour.col == tile.col and abs(neighbour.row - tile.row) == 1:
            seam_y = max(neighbour.y, tile.y)
            points += [(tile.x + tile.w * f, seam_y) for f in (0.25, 0.75)]
    return points


def target(x: float, y: float) -> list:
    r = mm(TARGET_MM)
    return [Circle(x, y, r, stroke=MARK, stroke_width=MARK_WIDTH),
            Line(x - r * 1.4, y, x + r * 1.4, y, MARK, MARK_WIDTH),
            Line(x, y - r * 1.4, x, y + r * 1.4, MARK, MARK_WIDTH)]


def _corner_marks(x: float, y: float, w: float, h: float, bleed: float, edges: tuple[bool, bool, bool, bool]) -> list:
    """Crop marks continuing the chosen edges (left, top, right, bottom) outwards from each corner."""
    left, top, right, bottom = edges
    gap, length = bleed + mm(1.5), mm(6)
    marks = []
    xs = [(x, left), (x + w, right)]
    ys = [(y, top), (y + h, bottom)]
    for ex, use in xs:
        if use:
            marks.append(Line(ex, y - gap - length, ex, y - gap, MARK, 0.25))
            marks.append(Line(ex, y + h + gap, ex, y + h + gap + length, MARK, 0.25))
    for ey, use in ys:
        if use:
            marks.append(Line(x - gap - length, ey, x - gap, ey, MARK, 0.25))
            marks.append(Line(x + w + gap, ey, x + w + gap + length, ey, MARK, 0.25))
    return marks


def assembly_map(board: Scene, plan: TilePlan, spec: PaperSpec, title: str, overlap_mm: float) -> Page:
    """The board in miniature with each sheet's area outlined and named, and how to join them."""
    landscape = board.width > board.height
    page_w, page_h = spec.size(landscape)
    margin = mm(spec.margin_mm)
    head = mm(24)
    side = mm(12) if plan.rows > 2 else 0.0  # middle rows are named beside the map
    room_w, room_h = page_w - 2 * margin - 2 * side, page_h - 2 * margin - head - mm(spec.footer_mm) - mm(36)
    scale = min(room_w / board.width, room_h / board.height)
    mw, mh = board.width * scale, board.height * scale
    mx, my = (page_w - mw) / 2, margin + head
    page = Page(page_w, page_h, "front")
    nodes: list = [
        Text(margin, margin + mm(6), f"{title}: assembly map", "bold", 14, INK),
        Text(margin, margin + mm(12), f"Finished size {board.width / mm(1):.0f} x {board.height / mm(1):.0f} mm on "
             f"{plan.cols * plan.rows} sheets ({plan.cols} across, {plan.rows} down), overlapping by {overlap_mm:g} mm. "
             f"Print every sheet at 100 % (actual size).", "regular", 8.5, INK),
        Rect(mx, my, mw, mh, stroke=INK, stroke_width=0.8),
    ]
    # The miniature is a placed scene (not a page mark) so its icons are defined before the page.
    miniature = make_scene(mw, mh, [Group(board.nodes, 0.0, 0.0, scale=scale)])
    page.placements.append(PiecePlacement(miniature, mx, my, (mx, my, mw, mh), "front", "",
                                          properties={"Map": True}))
    for tile in plan.tiles:
        tx, ty, tw, th = mx + tile.x * scale, my + tile.y * scale, tile.w * scale, tile.h * scale
        nodes.append(Rect(tx + 1.5, ty + 1.5, tw - 3, th - 3, stroke="#c0392b", stroke_width=1.0))
        # Each sheet is named outside the map, by the edge it touches, so no name covers the board.
        if tile.row in (0, plan.rows - 1):
            cy = my - mm(4) if tile.row == 0 else my + mh + mm(4.5)
            nodes.append(label(tile.name, tx + tw / 2, cy, 12, "bold", "#c0392b"))
        elif tile.col in (0, plan.cols - 1):
            cx = mx - side / 2 if tile.col == 0 else mx + mw + side / 2
            nodes.append(label(tile.name, cx, ty + th / 2, 12, "bold", "#c0392b"))
        else:  # an inner sheet (3 x 3 and up) keeps its name in a box at its centre
            nodes.append(Rect(tx + tw / 2 - 16, ty + th / 2 - 11, 32, 22, fill="#ffffff", stroke="#c0392b",
                              stroke_width=0.8, radius=3))
            nodes.append(label(tile.name, tx + tw / 2, ty + th / 2, 14, "bold", "#c0392b"))
    steps = [
        "1. Trim each sheet along its corner marks: the board's outer edges, and the left edge (top edge) of every "
        "sheet that is not in the first column (row).",
        "2. Start with A1. Lay B1 over it so that B1's trimmed edge runs along A1's dashed line and the half targets "
        "on both sheets make whole circles; glue or tape.",
        "3. Join the rest of the first row the same way, then lay each lower row over the row above it.",
        "4. Glue the finished board onto card stock or mount it on a folding board if you like.",
    ]
    y = my + mh + mm(12)
    for step in steps:
        nodes.append(label(step, margin, y, 8.0, "regular", INK, max_width=page_w - 2 * margin, align="left"))
        y += mm(5.5)
    page.marks += nodes
    page.marks.append(footer(page_w, page_h, f"{title}: assembly map"))
    return page
