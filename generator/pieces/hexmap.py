"""A hex map drawn from a board's data (``hex: {columns, rows, size_mm, orientation, labels}`` and
``cells``; the keys are typed and checked in generator/model/boards.py).

``size_mm`` is a hex's width across its flats, the size a counter must fit. Flat-topped hexes
stand in columns, every other column (the second, fourth ...) half a hex lower; pointy-topped
hexes lie in rows, every other row half a hex to the right. Each hex is one closed outline in one
colour, drawn after every fill, so a printed map has exactly ``columns x rows`` outlines; its
offset coordinate (column then row, 0101 at the top-left) is printed near its top edge.
"""
from __future__ import annotations

import math

from ..errors import BuildError
from ..model.board_geometry import hex_extent, hex_label
from ..model.boards import Board
from ..model.game import Game
from ..scene.draw import INK, Ink, contrast, label
from ..scene.nodes import Polygon, mm
from .grid import cell_content, cell_looks

HEX_LINE = "#4a3c33"
HEX_LINE_PT = 0.8


def hex_centre(column: int, row: int, flat_pt: float, pointy: bool) -> tuple[float, float]:
    """A hex's centre from the map's top-left corner, in points."""
    side = flat_pt / math.sqrt(3)
    if pointy:
        return flat_pt / 2 + column * flat_pt + (flat_pt / 2 if row % 2 else 0.0), side + row * 1.5 * side
    return side + column * 1.5 * side, flat_pt / 2 + row * flat_pt + (flat_pt / 2 if column % 2 else 0.0)


def hex_corners(cx: float, cy: float, flat_pt: float, pointy: bool) -> tuple[tuple[float, float], ...]:
    side = flat_pt / math.sqrt(3)
    start = 30.0 if pointy else 0.0
    return tuple((cx + side * math.cos(math.radians(start + 60 * k)), cy + side * math.sin(math.radians(start + 60 * k)))
                 for k in range(6))


def hex_map(board: Board, game: Game, ink: Ink, width: float, height: float) -> list:
    """The map's nodes in points, centred on a board of ``width`` x ``height`` points."""
    hexes = board.hex
    if hexes is None:  # drawn_board draws a hex map only for a board with one
        raise BuildError(f"board '{board.id}': a hex map needs hex: {{columns, rows, size_mm}}")
    pointy = hexes.orientation == "pointy"
    flat = mm(float(hexes.size_mm))
    mw, mh = (mm(v) for v in hex_extent(hexes))
    x0, y0 = (width - mw) / 2, (height - mh) / 2
    looks = cell_looks(board, game, hexes)
    places = [(c, r) for r in range(hexes.rows) for c in range(hexes.columns)]
    centres = {p: hex_centre(p[0], p[1], flat, pointy) for p in places}
    nodes: list = []
    for place, look in sorted(looks.items()):
        cx, cy = centres[place]
        if look.fill:
            nodes.append(Polygon(hex_corners(x0 + cx, y0 + cy, flat, pointy), fill=ink.fill(look.fill)))
        nodes += cell_content(look, x0 + cx, y0 + cy + flat * 0.06, flat * 0.78, ink)
    line, width_pt = ink.line(HEX_LINE), ink.width(HEX_LINE_PT)
    for place in places:
        cx, cy = centres[place]
        own = looks.get(place)
        edge = ink.line(own.edge) if own is not None and own.edge else line
        nodes.append(Polygon(hex_corners(x0 + cx, y0 + cy, flat, pointy), stroke=edge, stroke_width=width_pt))
    if (hexes.labels or "offset") == "offset":
        size = min(flat * 0.13, 7.5)
        for place in places:
            cx, cy = centres[place]
            own = looks.get(place)
            on = contrast(own.fill) if own is not None and own.fill and not ink.saver else INK
            nodes.append(label(hex_label(place[0], place[1], hexes.columns, hexes.rows), x0 + cx, y0 + cy - flat * (0.3 if pointy else 0.36),
                               size, "regular", on))
    return nodes
