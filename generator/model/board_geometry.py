"""The coordinates of a square grid and a hex map, shared by the board model (which checks a
cell's ``at`` at load) and the drawing (generator/pieces/grid.py, hexmap.py): how a cell is named,
where it is, and how large the map is in mm. Plain functions of numbers, no pydantic."""
from __future__ import annotations

import re

HEX_LABEL = re.compile(r"^(\d{2,3})(\d{2,3})$")
CHESS_LABEL = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")


def column_letters(index: int) -> str:
    """A, B ... Z, AA, AB ...: the chess-style name of a column counted from 0."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def _letters_index(letters: str) -> int:
    value = 0
    for char in letters.upper():
        value = value * 26 + ord(char) - ord("A") + 1
    return value - 1


def hex_label(column: int, row: int, columns: int, rows: int) -> str:
    """The offset coordinate of a hex counted from 0: column then row, from 01 (0304)."""
    width = 3 if max(columns, rows) > 99 else 2
    return f"{column + 1:0{width}d}{row + 1:0{width}d}"


def grid_cell(at: str | int, columns: int, rows: int) -> tuple[int, int]:
    """(column, row) from the top-left, counted from 0, of a square grid's cell named ``at``: a
    chess coordinate (B3: second column, third row from the bottom) or a cell number (row by row
    from the top-left, from 1). A ValueError says what was expected."""
    if isinstance(at, int) and not isinstance(at, bool):
        if not 1 <= at <= columns * rows:
            raise ValueError(f"cell number {at} is outside the grid: cells are numbered 1 to {columns * rows}")
        return (at - 1) % columns, (at - 1) // columns
    match = CHESS_LABEL.match(str(at).strip())
    if not match:
        raise ValueError(f"'{at}' is not a square-grid coordinate: write a column letter and a row number "
                         f"(A1 is the bottom-left cell) or the cell's number")
    column, rank = _letters_index(match.group(1)), int(match.group(2))
    if column >= columns or not 1 <= rank <= rows:
        raise ValueError(f"'{at}' is outside the {columns} x {rows} grid: columns A to {column_letters(columns - 1)}, "
                         f"rows 1 to {rows}")
    return column, rows - rank


def hex_cell(at: str | int, columns: int, rows: int) -> tuple[int, int]:
    """(column, row) counted from 0 of the hex named ``at``: its offset coordinate, column then row
    (0304). A ValueError says what was expected."""
    text = str(at).strip()
    match = HEX_LABEL.match(text) if len(text) in (4, 6) else None
    if not match:
        raise ValueError(f"'{at}' is not a hex coordinate: write the column then the row, two digits each "
                         f"(0304: third column, fourth row), in quotes")
    column, row = int(match.group(1)) - 1, int(match.group(2)) - 1
    if not (0 <= column < columns and 0 <= row < rows):
        raise ValueError(f"'{at}' is outside the {columns} x {rows} hex map: columns 01 to {columns:02d}, "
                         f"rows 01 to {rows:02d}")
    return column, row


def grid_extent(grid) -> tuple[float, float]:
    """A square grid's cells across and down, in mm."""
    return grid.columns * float(grid.cell_mm), grid.rows * float(grid.cell_mm)


def hex_extent(hexes) -> tuple[float, float]:
    """A hex map's width and height in mm, from the hexes' size across the flats."""
    flat = float(hexes.size_mm)
    side = flat / 3 ** 0.5
    if (hexes.orientation or "flat") == "flat":  # columns of flat-topped hexes, 1.5 sides apart
        width = side * (1.5 * hexes.columns + 0.5)
        height = flat * (hexes.rows + (0.5 if hexes.columns > 1 else 0.0))
    else:  # rows of pointy-topped hexes, 1.5 sides apart, every other row shifted half a hex
        width = flat * (hexes.columns + (0.5 if hexes.rows > 1 else 0.0))
        height = side * (1.5 * hexes.rows + 0.5)
    return width, height


def margin_mm(labels: str | None) -> float:
    """Room round a grid or hex map: wider where coordinates are printed round the edge."""
    return 10.0 if labels == "chess" else 6.0
