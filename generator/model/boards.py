"""Typed boards (``boards:``; the module docstring of generator/model/pieces.py lists the kinds):
track boards, square grids and hex maps with cells filled from data, image boards, free regions
placed in millimetres, card-layout guides; checked at load, each problem at its own line. The
coordinates of a grid and a hex map live in generator/model/board_geometry.py.

- ``grid: {columns, rows, cell_mm, labels}``: a square grid of ``cell_mm`` cells. ``labels: chess``
  letters the columns (A, B ... from the left) and numbers the rows (1 at the bottom, as on a chess
  board) round the edge; ``labels: numbers`` numbers every cell in its corner, row by row from the
  top-left; ``none`` (the default) prints no coordinates. (A grid with ``card`` and ``slots`` instead
  is a card-layout guide.)
- ``hex: {columns, rows, size_mm, orientation, labels}``: a hex map of ``size_mm`` hexes (measured
  across the flats), ``orientation: flat`` (flat top, the default: columns of hexes, every other
  column half a hex lower) or ``pointy`` (pointed top: rows, every other row half a hex to the
  right). ``labels: offset`` (the default) prints each hex's offset coordinate, column then row, two
  digits each from 01 at the top-left (``0304``: third column, fourth row); ``none`` prints none.
- ``cells: [{at, kind, label, icon, fill}]``: cells of the grid or hex map drawn from data. ``at``
  is the coordinate as printed: ``B3`` on a square grid (or the cell's number with ``labels:
  numbers``), ``0304`` on a hex map. ``kind`` names an entry of ``cell_kinds: {forest: {fill, icon,
  label}}``, which gives every cell of that kind its look; a cell's own keys win.
- ``regions: [{box: [x, y, w, h], text, icon, image, fill, colour}]``: boxes placed in mm from the
  board's top-left corner, drawn over any board kind (a track board, a grid, a hex map, an image):
  a fill, a border (``colour``), an image (fitted inside the box), an icon, and text set to fit.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from ..limits import limit
from ..paper.sizes import CARD_SIZES_MM
from ..suggest import did_you_mean
from .base import Id, RuleRef
from .board_geometry import grid_cell, grid_extent, hex_cell, hex_extent, margin_mm
from .pieces import Colour, Data, ImagePath, Mm, TypedPiece, check_colour, check_image

MAX_CELLS = limit("board_cells")
# The map a board's cells are checked against while that board is validated, read from its raw
# data, so that a cell's own problem is named at the cell's own line.
BOARD_MAP: ContextVar[dict | None] = ContextVar("board_map", default=None)


def raw_map(data: Any) -> dict | None:
    """The grid or hex map and cell kinds a board's raw data declares, when well formed."""
    if not isinstance(data, dict):
        return None

    def size(part) -> tuple[int, int] | None:
        if not isinstance(part, dict):
            return None
        columns, rows = part.get("columns"), part.get("rows")
        if isinstance(columns, int) and isinstance(rows, int) \
                and all(not isinstance(v, bool) and 1 <= v <= 200 for v in (columns, rows)):
            return columns, rows
        return None

    grid, hexes = data.get("grid"), data.get("hex")
    kinds = data.get("cell_kinds")
    board = data.get("size_mm")
    if not (isinstance(board, (list, tuple)) and len(board) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in board)):
        board = None
    found = {"kinds": [str(k) for k in kinds] if isinstance(kinds, dict) else [],
             "board": (float(board[0]), float(board[1])) if board else None,
             "maps": {key for key in ("grid", "hex") if data.get(key) is not None}}
    if isinstance(grid, dict) and grid.get("cell_mm") is not None and size(grid):
        return {**found, "read": grid_cell, "size": size(grid)}
    if hexes is not None and size(hexes) and not (isinstance(grid, dict) and grid.get("cell_mm") is not None):
        return {**found, "read": hex_cell, "size": size(hexes)}
    return {**found, "read": None, "size": None}


def check_cell_at(at: str | int) -> None:
    board = BOARD_MAP.get()
    if board is not None and board["read"] is not None:
        board["read"](at, *board["size"])


def check_cell_kind(kind: str) -> None:
    board = BOARD_MAP.get()
    if board is None or kind in board["kinds"]:
        return
    raise ValueError(unknown_kind(kind, board["kinds"]))


def unknown_kind(kind: str, kinds) -> str:
    """A cell's kind the board's cell_kinds lack: the did-you-mean, else the kinds, else how to add it."""
    hint = did_you_mean(kind, kinds)
    return (f"'{kind}' is not one of the board's cell_kinds"
            + (f"; {hint}" if hint else f" ({', '.join(kinds)})" if kinds else
               "; describe it under cell_kinds: {" + f"{kind}: {{fill: ..., icon: ...}}}}"))


def check_cells(cells, kinds: dict | None, grid, hexes) -> None:
    """Every cell names a cell of the grid or hex map once, and a known kind."""
    if grid is None and hexes is None:
        raise ValueError("cells belong to a square grid (grid: {columns, rows, cell_mm}) or a hex map "
                         "(hex: {columns, rows, size_mm}); add one, or place free regions instead")
    if len(cells) > MAX_CELLS:
        raise ValueError(f"{len(cells):,} cells; a board may list at most {MAX_CELLS:,}")
    seen: dict[tuple[int, int], int] = {}
    for index, cell in enumerate(cells):
        try:
            place = (grid_cell(cell.at, grid.columns, grid.rows) if grid is not None
                     else hex_cell(cell.at, hexes.columns, hexes.rows))
        except ValueError as exc:
            raise ValueError(f"cells[{index}].at: {exc}") from None
        if place in seen:
            raise ValueError(f"cells[{index}].at: '{cell.at}' is already filled by cells[{seen[place]}]; "
                             f"give each cell once")
        seen[place] = index
        if cell.kind is not None and cell.kind not in (kinds or {}):
            raise ValueError(f"cells[{index}].kind: {unknown_kind(cell.kind, kinds or {})}")


def check_box(box, size: tuple[float, float] | None, where: str = "") -> None:
    """A region's box lies on the board."""
    if size is None:
        return
    width, height = size
    x, y, w, h = box
    if x + w > width + 0.01 or y + h > height + 0.01:
        raise ValueError(f"{where}[{x:g}, {y:g}, {w:g}, {h:g}] reaches past the {width:g} x {height:g} mm "
                         f"board; boxes are [x, y, width, height] in mm from its top-left")


# --- boards -------------------------------------------------------------------------------------

SpaceKind = Literal["plain", "start", "milestone", "slot", "store", "printed", "rattlebones-start"]
Direction = Literal["clockwise", "counterclockwise", "anticlockwise", "counter-clockwise"]
if TYPE_CHECKING:
    CardSize = str  # the names are CARD_SIZES_MM's keys, known only when the module runs
else:
    CardSize = Literal[tuple(CARD_SIZES_MM)]  # so pydantic names the sizes it accepts


class Space(Data):
    """A space of a track, in order. ``kind`` picks the style: plain, start (and store: dark),
    milestone (accent), slot (blank, a tile is laid on it), printed (its action printed);
    rattlebones-start is drawn plain and marks the Rattlebones pawn's start for the referee.
    ``label`` (else ``index``, or ``points`` on the train track), ``icon`` and a small ``mark`` are
    drawn; ``chart: <table id>`` prints that chart on the space. ``slot`` (the tile slot),
    ``action`` and ``rattlebones_start_players`` are for the referee."""

    index: int | None = None
    kind: SpaceKind | None = None
    label: str | int | None = None
    icon: Id | None = None
    mark: str | None = None
    chart: Id | None = None
    points: int | None = None
    slot: str | None = None
    action: str | None = None
    rattlebones_start_players: int | None = None


class Track(Data):
    """A ring of spaces: ``score_track``, ``loop`` or ``train_track`` (see Space). ``first``,
    ``last``, ``start`` and ``closed_loop`` describe the track for the referee and the rules index."""

    name: str | None = None
    note: str | None = None
    rule: RuleRef | None = None
    direction: Direction | None = None
    spaces: tuple[Space, ...]
    space_size_mm: tuple[Mm, Mm] | None = None  # loop: each space's size
    band_mm: Mm | None = None  # score track: the band's width (17)
    first: int | None = None
    last: int | None = None
    start: int | str | None = None
    closed_loop: bool | None = None


class Store(Data):
    """The loop's store space (``space``: its index) and the ``chart`` printed there (referee)."""

    space: int | None = None
    chart: Id | None = None
    rule: RuleRef | None = None
    note: str | None = None


class TileSlot(Data):
    """A loop space board tiles are laid on at setup (referee)."""

    id: Id
    space: int


class Grid(Data):
    """A square grid (``cell_mm``: each cell's side; ``labels``: chess, numbers or none) or a
    card-layout guide's grid (``card``-sized places, ``gap_mm`` apart, with the board's ``slots``):
    ``columns`` x ``rows``, at most the board_cells limit in all (generator/limits.py)."""

    columns: Annotated[int, Field(ge=1, le=200)]
    rows: Annotated[int, Field(ge=1, le=200)]
    card: CardSize | tuple[Mm, Mm] | None = None
    gap_mm: Annotated[int | float, Field(ge=0, le=100)] | None = None
    cell_mm: Mm | None = None
    labels: Literal["chess", "numbers", "none"] | None = None

    @model_validator(mode="after")
    def _one_kind(self):
        if self.cell_mm is not None and (self.card is not None or self.gap_mm is not None):
            raise ValueError("a grid has cell_mm (a square grid) or card and gap_mm (a card-layout guide), not both")
        if self.cell_mm is None and self.labels is not None:
            raise ValueError("labels number a square grid's cells: give cell_mm too")
        if self.columns * self.rows > MAX_CELLS:
            raise ValueError(f"{self.columns} x {self.rows} = {self.columns * self.rows:,} cells; a grid may have "
                             f"at most {MAX_CELLS:,}: use larger cells, or split the board")
        return self


class HexMap(Data):
    """A hex map (``hex:``): ``columns`` x ``rows`` hexes of ``size_mm`` across the flats,
    ``orientation`` flat (the default) or pointy, ``labels`` offset (the default) or none."""

    columns: Annotated[int, Field(ge=1, le=200)]
    rows: Annotated[int, Field(ge=1, le=200)]
    size_mm: Mm
    orientation: Literal["flat", "pointy"] | None = None
    labels: Literal["offset", "none"] | None = None

    @model_validator(mode="after")
    def _bounded(self):
        if self.columns * self.rows > MAX_CELLS:
            raise ValueError(f"{self.columns} x {self.rows} = {self.columns * self.rows:,} hexes; a hex map may have "
                             f"at most {MAX_CELLS:,}: use larger hexes, or split the board")
        return self


class CellKind(Data):
    """The look every cell of one kind shares (``cell_kinds: {forest: {...}}``): ``fill``, ``icon``,
    ``label``, ``colour`` (the cell's edge)."""

    fill: Colour | None = None
    icon: Id | None = None
    label: str | int | None = None
    colour: Colour | None = None

    _colours = field_validator("fill", "colour")(check_colour)


class Cell(Data):
    """A cell of a grid or hex map drawn from data: ``at`` (B3, a cell number, 0304), ``kind`` (a
    key of the board's ``cell_kinds``), and its own ``label``, ``icon``, ``fill``, ``colour``."""

    at: Annotated[str, Field(max_length=12)] | int
    kind: Id | None = None
    label: str | int | None = None
    icon: Id | None = None
    fill: Colour | None = None
    colour: Colour | None = None

    _colours = field_validator("fill", "colour")(check_colour)

    @field_validator("at")
    @classmethod
    def _on_the_map(cls, value):
        check_cell_at(value)  # against the board being validated (BOARD_MAP)
        return value

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, value):
        if value is not None:
            check_cell_kind(value)
        return value


BoxMm = tuple[Annotated[int | float, Field(ge=0, le=5000)], Annotated[int | float, Field(ge=0, le=5000)], Mm, Mm]


class BoardRegion(Data):
    """A box on the board (``regions:``), ``box: [x, y, width, height]`` in mm from its top-left:
    ``fill``, a border in ``colour``, an ``image`` fitted inside, an ``icon``, and ``text`` (with
    :icon: and **bold** markup) set to fit; ``name`` says what it is for (not printed)."""

    box: BoxMm
    name: str | None = None
    text: str | None = None
    icon: Id | None = None
    image: ImagePath | None = None
    fill: Colour | None = None
    colour: Colour | None = None

    _colours = field_validator("fill", "colour")(check_colour)
    _image = field_validator("image")(check_image)

    @field_validator("box")
    @classmethod
    def _on_the_board(cls, value):
        board = BOARD_MAP.get()
        check_box(value, board["board"] if board else None)
        return value


class Slot(Data):
    """A place in the grid (``row``, ``column`` from 0): its number ``slot``, the slots it
    ``neighbours`` (lines are drawn to them) and whether it is the ``start``."""

    slot: int
    row: int
    column: int
    neighbours: tuple[int, ...] | None = None
    start: bool | None = None


class Board(TypedPiece):
    """A board (``boards:``); see the module docstring for its formats and keys."""

    size_mm: tuple[Mm, Mm] | None = None
    score_track: Track | None = None
    loop: Track | None = None
    train_track: Track | None = None
    store: Store | None = None
    tile_slots: tuple[TileSlot, ...] | None = None
    grid: Grid | None = None
    slots: tuple[Slot, ...] | None = None
    hex: HexMap | None = None
    fill: Colour | None = None
    image: ImagePath | None = None
    fit: Literal["cover", "contain"] | None = None
    cell_kinds: dict[Id, CellKind] | None = None
    cells: Annotated[tuple[Cell, ...], Field(max_length=MAX_CELLS)] | None = None
    regions: Annotated[tuple[BoardRegion, ...], Field(max_length=1000)] | None = None
    spaces: tuple[int | str, ...] | None = None
    start: int | str | None = None
    corners: dict[str, str] | None = None
    icon: Id | None = None
    kind: str | None = None
    printed: bool | None = None
    printed_on: str | None = None
    source: Literal["print", "gather"] | None = None

    _colours = field_validator("fill")(check_colour)
    _image = field_validator("image")(check_image)

    @model_validator(mode="wrap")
    @classmethod
    def _cells_see_the_map(cls, data: Any, handler):
        token = BOARD_MAP.set(raw_map(data))
        try:
            return handler(data)
        finally:
            BOARD_MAP.reset(token)

    @property
    def square_grid(self) -> Grid | None:
        return self.grid if self.grid is not None and self.grid.cell_mm is not None else None

    @field_validator("cells")
    @classmethod
    def _cells_on_the_map(cls, value, info):
        written = (BOARD_MAP.get() or {}).get("maps", set())
        if any(key not in info.data for key in written):
            return value  # the grid or hex map is wrong itself: that is the problem to report, not the cells
        grid = info.data.get("grid")
        check_cells(value or (), info.data.get("cell_kinds"),
                    grid if grid is not None and grid.cell_mm is not None else None, info.data.get("hex"))
        return value

    @model_validator(mode="after")
    def _one_board(self):
        grid = self.square_grid
        if self.grid is not None and grid is None and self.slots is None:
            raise ValueError("grid: give cell_mm (a square grid of cells that size) or the board's slots "
                             "(a card-layout guide)")
        if grid is not None and self.hex is not None:
            raise ValueError("a board has a square grid (grid:) or a hex map (hex:), not both")
        if self.image is not None and self.size_mm is None:
            raise ValueError("an image board needs size_mm: [width, height], the size its image is printed at")
        if self.size_mm is not None and (grid is not None or self.hex is not None):
            need = grid_extent(grid) if grid is not None else hex_extent(self.hex)
            if need[0] > self.size_mm[0] + 0.01 or need[1] > self.size_mm[1] + 0.01:
                raise ValueError(f"the {'grid' if grid is not None else 'hex map'} is {need[0]:.4g} x {need[1]:.4g} mm, "
                                 f"larger than size_mm {self.size_mm[0]:g} x {self.size_mm[1]:g}; leave size_mm out "
                                 f"to fit the board to it, or make the cells smaller")
        if self.regions is not None and self.size_mm is None and grid is None and self.hex is None:
            raise ValueError("regions are placed in mm on a board of a known size: give size_mm: [width, height]")
        if self.regions is not None and self.size_mm is None:  # on a grid or hex map sized by its cells
            for index, region in enumerate(self.regions):
                check_box(region.box, self.drawn_size_mm(), f"regions[{index}].box ")
        return self

    def drawn_size_mm(self) -> tuple[float, float] | None:
        """The board's natural size: size_mm, else its grid or hex map with a margin round it."""
        if self.size_mm is not None:
            return float(self.size_mm[0]), float(self.size_mm[1])
        grid = self.square_grid
        if grid is None and self.hex is None:
            return None
        width, height = grid_extent(grid) if grid is not None else hex_extent(self.hex)
        margin = margin_mm(grid.labels if grid is not None else None)
        return round(width + 2 * margin, 3), round(height + 2 * margin, 3)
