"""A square grid drawn from a board's data (``grid: {columns, rows, cell_mm, labels}`` and
``cells``; the keys are typed and checked in generator/model/boards.py).

The grid sits in the middle of the board. Cells named in ``cells`` are filled and show their icon
and label (a cell's ``kind`` gives it the look of that entry of ``cell_kinds``; its own keys win);
the lines are drawn over the fills, one line per row and column edge, so a printed grid has
exactly ``columns + 1`` upright and ``rows + 1`` level lines. ``labels: chess`` prints the column
letters above and below the grid and the row numbers (1 at the bottom) beside it; ``labels:
numbers`` prints each cell's number in its top-left corner.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import BuildError
from ..model.board_geometry import column_letters, grid_cell, grid_extent, hex_cell
from ..model.boards import Board, Grid, HexMap
from ..model.game import Game
from ..scene.draw import INK, Ink, colour, contrast, label
from ..scene.nodes import Icon, Line, Rect, mm

GRID_LINE = "#4a3c33"  # the grid's lines: one colour, so a test can count them in the PDF
GRID_LINE_PT = 0.8


@dataclass(frozen=True)
class CellLook:
    fill: str | None
    icon: str | None
    label: str
    edge: str | None


def cell_looks(board: Board, game: Game, shape: Grid | HexMap) -> dict[tuple[int, int], CellLook]:
    """(column, row) from the top-left -> how that cell of the board's ``shape`` (its square grid or
    hex map) is drawn, from ``cells`` and ``cell_kinds``."""
    kinds = board.cell_kinds or {}
    hexes = isinstance(shape, HexMap)
    looks: dict[tuple[int, int], CellLook] = {}
    for cell in board.cells or ():
        kind = kinds.get(cell.kind) if cell.kind else None
        place = (hex_cell if hexes else grid_cell)(cell.at, shape.columns, shape.rows)

        def pick(key: str):
            own = getattr(cell, key)
            return own if own is not None else (getattr(kind, key) if kind is not None else None)

        icon = pick("icon")
        if icon is not None and icon not in game.icons:  # the loader checked; a direct call may not have
            icon = None
        text = pick("label")
        looks[place] = CellLook(colour(pick("fill")), icon, "" if text is None else str(text), colour(pick("colour")))
    return looks


def cell_content(look: CellLook, cx: float, cy: float, side: float, ink: Ink) -> list:
    """A cell's icon and label, centred on (cx, cy) in a square of ``side`` points."""
    nodes: list = []
    on = contrast(look.fill) if look.fill and not ink.saver else INK
    if look.icon:
        icon_side = side * (0.5 if look.label else 0.62)
        top = cy - icon_side / 2 - (side * 0.1 if look.label else 0.0)
        nodes.append(Icon(look.icon, cx - icon_side / 2, top, icon_side, icon_side))
    if look.label:
        y = cy + side * 0.28 if look.icon else cy
        nodes.append(label(look.label, cx, y, min(side * 0.22, 14.0), "bold", on, max_width=side * 0.86))
    return nodes


def square_grid(board: Board, game: Game, ink: Ink, width: float, height: float) -> list:
    """The grid's nodes in points, centred on a board of ``width`` x ``height`` points."""
    grid = board.square_grid
    if grid is None or grid.cell_mm is None:  # drawn_board draws a grid only for a board with one
        raise BuildError(f"board '{board.id}': a square grid needs grid: {{columns, rows, cell_mm}}")
    cols, rows = grid.columns, grid.rows
    cell = mm(float(grid.cell_mm))
    gw, gh = (mm(v) for v in grid_extent(grid))
    x0, y0 = (width - gw) / 2, (height - gh) / 2
    nodes: list = []
    looks = cell_looks(board, game, grid)
    for (c, r), look in sorted(looks.items()):
        x, y = x0 + c * cell, y0 + r * cell
        if look.fill or look.edge:
            nodes.append(Rect(x, y, cell, cell, fill=ink.fill(look.fill),
                              stroke=ink.line(look.edge) if look.edge else None,
                              stroke_width=ink.width(2.0) if look.edge else 0.0))
        nodes += cell_content(look, x + cell / 2, y + cell / 2, cell, ink)
    line, width_pt = ink.line(GRID_LINE), ink.width(GRID_LINE_PT)
    nodes += [Line(x0 + c * cell, y0, x0 + c * cell, y0 + gh, line, width_pt) for c in range(cols + 1)]
    nodes += [Line(x0, y0 + r * cell, x0 + gw, y0 + r * cell, line, width_pt) for r in range(rows + 1)]
    if grid.labels == "chess":
        size = min(cell * 0.4, 11.0)
        gap = mm(4)
        for c in range(cols):
            name = column_letters(c)
            nodes.append(label(name, x0 + (c + 0.5) * cell, y0 - gap, size, "bold", INK))
            nodes.append(label(name, x0 + (c + 0.5) * cell, y0 + gh + gap, size, "bold", INK))
        for r in range(rows):
            rank = str(rows - r)
            nodes.append(label(rank, x0 - gap, y0 + (r + 0.5) * cell, size, "bold", INK))
            nodes.append(label(rank, x0 + gw + gap, y0 + (r + 0.5) * cell, size, "bold", INK))
    elif grid.labels == "numbers":
        size = min(cell * 0.16, 8.0)
        for r in range(rows):
            for c in range(cols):
                numbered = looks.get((c, r))
                on = contrast(numbered.fill) if numbered and numbered.fill and not ink.saver else INK
                nodes.append(label(str(r * cols + c + 1), x0 + c * cell + cell * 0.06, y0 + r * cell + cell * 0.12,
                                   size, "regular", on, align="left"))
    return nodes
