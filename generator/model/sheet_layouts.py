"""Sheet layouts as data: score sheets, character sheets, trackers and mats, filled from a piece.

A sheet layout is a YAML file in ``layouts/sheets/`` (built in) or ``<game>/layouts/sheets/``
(the game's own; same id replaces the built-in one). A piece under ``sheets:`` (or ``boards:``)
names its layout with ``layout:``; without one, the game's ``layouts/sheets/<piece id>.yaml`` is
used, else the layout whose ``applies_to`` matches the piece best (most keys).
A sheet's own keys must be read by its layout (or its back layout): see sheet_keys.py for every
way a layout reads one.

Top-level keys: ``size`` (A3, A4, A5, A6, letter, half-letter, a card size name, or [w, h] mm),
``orientation`` (portrait | landscape), ``bleed`` (mm), ``background``, ``back`` (the id of the
layout for the other side; the piece's ``back:`` mapping is its data), ``applies_to: {group,
has: [keys]}``, ``extends`` (another sheet layout: keys replace, regions merge by id), ``regions``.

Regions are drawn in order; ``box: [x, y, w, h]`` is in mm from the sheet's top-left (or from
the cell of the enclosing ``repeat``); a box value may be an expression (``cell_h - 8``).
Values are jinja2: ``value``/``header``/``cell_value``/``fill``/
``stroke`` are templates (``{{ sheet.name }}``); ``when``, ``each``, ``count``, ``labels``,
``shade``, ``captions``, ``icons``, ``columns``, ``rows``, ``nodes``, ``at`` are expressions
(``sheet.pools``). The context holds ``sheet`` (the piece's fields), ``game`` (id, title,
``tables`` by id, ``values`` by id, ``icons``, ``pieces`` by id), ``copy`` (1 .. count),
``pick(list)`` (the list's item for this copy, cycling) and, inside a repeat, the item under its
``as`` name, ``index`` (from 1) and the cell's size ``cell_w`` and ``cell_h`` in mm. The filter ``colour`` turns a colour word into
#rrggbb; ``rule`` turns a rule id into its number.

Region kinds:
- text, icon, rect, line, circle: as on cards (text wraps and shrinks to fit, or the build fails).
- lines: ``count`` writing lines spaced evenly down the box.
- boxes: ``count`` boxes (or one per label) in rows of ``per_row``, filled ``direction`` across,
  down or up; ``labels`` (text in each), ``icons`` (a mapping label -> icon drawn instead),
  ``shade`` (box numbers from 1) and ``shade_labels`` (labels) to fill, ``captions`` (box number
  -> text under it), ``square: true`` for square boxes, ``gap`` (mm).
- repeat: ``each`` items, laid ``direction`` down or across, ``step`` mm apart (default: the box
  shared evenly, or by ``weight``); or placed by ``at: [column, row]`` on a ``cell: [w, h]`` grid.
  Its ``regions`` are drawn for every item, boxes relative to the item's cell.
- table: ``columns`` and ``rows`` (lists); ``header`` and ``cell_value`` templates over ``column`` and
  ``row``; ``column_width`` (an expression over ``column``: relative widths), ``header_height`` (mm); ``header_line`` and ``cell_box``
  (expressions over ``column``) add a writing line under a header / a tick box in the cells.
- graph: ``nodes`` (records with an id field ``node_id`` and a position ``node_at`` inside
  ``extent``), joined to the nodes named by each record's ``links`` field (a list or a mapping);
  ``start`` (an expression naming a node) is filled.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..errors import BuildError, Problem
from ..paper.sizes import CARD_SIZES_MM, PAPER_SIZES_MM
from ..paths import LAYOUTS_DIR
from ..suggest import closest_hint
from .game import Id, Piece, Strict
from .layouts import Font

SHEET_DIR = LAYOUTS_DIR / "sheets"
Mm = Annotated[float, Field(ge=-50, le=2000)]
Expr = str | int | float | list | dict | None


class Region(Strict):
    id: Id
    kind: Literal["text", "icon", "rect", "line", "circle", "lines", "boxes", "repeat", "table", "graph"]
    box: tuple[Mm | str, Mm | str, Mm | str, Mm | str]
    when: str | None = None
    value: str | None = None
    font: Font = Font()
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Annotated[float, Field(ge=0, le=10)] = 0.3
    radius: Annotated[float, Field(ge=0, le=50)] = 0.0
    padding: Annotated[float, Field(ge=0, le=20)] = 0.0
    dash: bool = False
    # lines and boxes
    count: Expr = None
    per_row: Expr = None
    direction: Literal["across", "down", "up"] = "across"
    labels: Expr = None
    icons: Expr = None
    shade: Expr = None
    shade_labels: Expr = None
    shade_fill: str | None = None
    captions: Expr = None
    caption_font: Font = Font(size=5.5, style="italic", align="center")
    square: bool = False
    gap: Annotated[float, Field(ge=0, le=50)] = 1.0
    # repeat
    each: Expr = None
    as_: Id = Field("item", alias="as")
    step: Annotated[float, Field(ge=0, le=2000)] | None = None
    weight: Expr = None
    at: Expr = None
    cell: tuple[Mm, Mm] | None = None
    regions: tuple["Region", ...] = ()
    # table
    columns: Expr = None
    rows: Expr = None
    header: str | None = None
    cell_value: str | None = None
    column_width: Expr = None
    header_height: Annotated[float, Field(ge=0, le=200)] = 8.0
    header_font: Font = Font(size=8, style="bold", align="center", valign="top")
    header_fill: str | None = "#e9dfc8"
    header_line: Expr = None
    cell_box: Expr = None
    # graph
    nodes: Expr = None
    node_id: str = "id"
    node_at: str = "at"
    links: str | None = None
    extent: tuple[float, float] = (100.0, 100.0)
    node_size: Annotated[float, Field(gt=0, le=100)] = 6.0
    start: Expr = None

    model_config = Strict.model_config | {"populate_by_name": True}

    @model_validator(mode="after")
    def _needs(self):
        required = {"repeat": ("each",), "table": ("columns", "rows"), "graph": ("nodes",),
                    "lines": ("count",)}
        for key in required.get(self.kind, ()):
            if getattr(self, key) is None:
                raise ValueError(f"a {self.kind} region needs '{key}'")
        if self.kind == "boxes" and self.count is None and self.labels is None:
            raise ValueError("a boxes region needs 'count' or 'labels'")
        if self.kind in ("text", "icon") and self.value is None:
            raise ValueError(f"a {self.kind} region needs 'value'")
        if self.kind == "repeat" and self.at is not None and self.cell is None:
            raise ValueError("a repeat placed by 'at' needs 'cell: [width, height]'")
        return self


class AppliesTo(Strict):
    group: Literal["sheets", "boards", "tokens", "tiles"] = "sheets"
    has: tuple[str, ...] = ()


class SheetLayout(Strict):
    id: Id
    extends: Id | None = None
    kind: Literal["sheet"] = "sheet"
    size: str | tuple[Mm, Mm] = "a4"
    orientation: Literal["portrait", "landscape"] = "portrait"
    bleed: Annotated[float, Field(ge=0, le=10)] = 0.0
    background: str | None = None
    back: Id | None = None
    applies_to: AppliesTo | None = None
    description: str | None = None
    remove: tuple[Id, ...] = ()
    regions: tuple[Region, ...] = ()
    source: Path | None = None

    @model_validator(mode="after")
    def _known_size(self):
        if isinstance(self.size, str) and self.size.lower() not in PAPER_SIZES_MM and self.size not in CARD_SIZES_MM:
            names = ", ".join(list(PAPER_SIZES_MM) + list(CARD_SIZES_MM))
            raise ValueError(f"unknown size '{self.size}'; use one of {names} or [width, height] in mm")
        return self

    @property
    def size_mm(self) -> tuple[float, float]:
        if not isinstance(self.size, str):
            return float(self.size[0]), float(self.size[1])
        w, h = PAPER_SIZES_MM.get(self.size.lower()) or CARD_SIZES_MM[self.size]
        return (h, w) if self.orientation == "landscape" else (w, h)


def _fingerprint(folders: tuple[Path | None, ...]) -> tuple:
    """What the layout files are now: each file's path, target, size and time of change."""
    files: list[tuple] = []  # a file's (path, target, size, time), or a missing folder's (path, None)
    for folder in folders:
        if folder is not None and folder.is_dir():
            for file in sorted(folder.glob("*.yaml")):
                stat = file.stat()
                files.append((str(file), str(file.resolve()), stat.st_size, stat.st_mtime_ns))
        else:
            files.append((str(folder), None))
    return tuple(files)


_loaded: dict[tuple, tuple[dict[str, SheetLayout], list[Problem]]] = {}


def load_sheet_layouts(game_root: Path | None) -> tuple[dict[str, SheetLayout], list[Problem]]:
    """Built-in sheet layouts, then the game's own; every problem is returned, none raised. The
    loader (checking sheet keys) and the build's plan both ask: files unchanged since are not read
    again (layouts are frozen, so sharing them is safe)."""
    from .extends import load_layout_set  # the one layout loader, shared with card layouts

    own = game_root / "layouts" / "sheets" if game_root is not None else None
    try:
        key: tuple | None = (str(game_root), _fingerprint((SHEET_DIR, own)))
    except OSError:
        key = None  # a file went away while looking: read afresh, and report what is found
    cached = _loaded.get(key) if key is not None else None
    if cached is not None:
        return dict(cached[0]), list(cached[1])
    problems: list[Problem] = []
    layouts = load_layout_set(SHEET_DIR, own, SheetLayout, problems, "sheet layout", game_root=game_root)
    if key is not None:
        if len(_loaded) >= 16:
            _loaded.clear()
        _loaded[key] = (dict(layouts), list(problems))
    return layouts, problems


def choose_sheet_layout(piece: Piece, group: str, layouts: dict[str, SheetLayout],
                        game_root: Path | None) -> SheetLayout | None:
    """The layout that draws a piece of ``group`` (sheets or boards): its ``layout:``, else the
    game's own layout named like the piece, else the layout whose ``applies_to`` has the most of
    the piece's keys; None when none applies. A missing named layout or a tie is a BuildError.
    The one choice: the build draws with it and the loader checks a sheet's keys against it."""
    if piece.layout:
        if piece.layout not in layouts:
            raise BuildError(f"{group[:-1]} '{piece.id}': sheet layout '{piece.layout}' does not exist "
                             f"({closest_hint(piece.layout, layouts, 'sheet layout')}); sheet layouts live in "
                             f"layouts/sheets/ or the game's layouts/sheets/")
        return layouts[piece.layout]
    own = layouts.get(piece.id)
    if own is not None and own.source is not None and game_root is not None and game_root in own.source.parents:
        return own
    fields = set(piece.extra)
    matches = []
    for layout in layouts.values():
        rule = layout.applies_to
        if rule and rule.group == group and rule.has and set(rule.has) <= fields:
            matches.append((len(rule.has), layout.id, layout))
    if not matches:
        return None
    matches.sort(key=lambda m: (-m[0], m[1]))
    if len(matches) > 1 and matches[0][0] == matches[1][0]:
        raise BuildError(f"{group[:-1]} '{piece.id}' fits sheet layouts '{matches[0][1]}' and '{matches[1][1]}' "
                         f"equally well; name one with layout: in the piece")
    return matches[0][2]
