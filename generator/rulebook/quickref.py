"""The one-page quick reference: what a player looks up mid-game, packed to fit one landscape page.

Blocks (turn summaries, cycles, small charts, icons, bigger tables, key numbers) come in order of
how much a player wants them. One layout measures every block at the smallest type size: if they
do not all fit there (the usual case for a whole game), that is the size, and the packer leaves
out the blocks that do not fit, least wanted first. Only when everything fits at the smallest size
does a second layout measure the largest, and the packer picks the largest size at which
everything fits. A final layout writes the page and checks that it really is one page.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..model.loader import LoadedGame
from .context import BookData
from .rows import effects
from .views import BookFormat, TableView

TURN_WORDS = re.compile(r"turn|round|phase|step|order|summary|sequence", re.IGNORECASE)
SIZES = (8.5, 8.0, 7.5, 7.0, 6.5)  # pt, largest first: A5
LARGE_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5)  # A4 and Letter have room for larger type
MARGIN_TB, MARGIN_LR, GAP = 7.0, 8.0, 5.0  # mm
SAFETY = 0.97  # interpolated heights: keep 3 % in hand, line breaks come in steps
EXACT = 0.995  # measured heights: keep half a percent for rounding
PT_PER_MM = 72 / 25.4


def column_count(book: BookFormat) -> int:
    return 2 if book.name == "a5" else 3


def geometry(book: BookFormat) -> dict[str, float]:
    """Landscape page: width and height, column width, in mm."""
    width, height = book.height, book.width
    columns = column_count(book)
    return {"width": width, "height": height, "columns": columns,
            "column_width": round((width - 2 * MARGIN_LR - GAP * (columns - 1)) / columns, 2)}


def _says_nothing(table) -> bool:
    """A two-column chart whose every row reads 'n = n' (space 3 scores 3): the number is the answer."""
    return (table.kind == "chart" and len(table.columns) == 2 and bool(table.rows)
            and all(isinstance(r, (list, tuple)) and len(r) == 2 and r[0] == r[1] for r in table.rows))


def blocks(data: BookData) -> list[dict[str, Any]]:
    """Most wanted first: the packer leaves out blocks from the end."""
    game = data.game
    aids = {t.id: effects(data, t) for t in game.tables}
    aids = {k: v for k, v in aids.items() if v is not None}
    tables = [t for t in game.tables if t.id not in aids and not _says_nothing(t)]
    views = [data.table(t) for t in tables]
    by_kind: dict[str, list[TableView]] = {}
    for table, view in zip(tables, views):
        by_kind.setdefault(table.kind, []).append(view)
    lists = sorted(by_kind.get("list", []), key=lambda t: not TURN_WORDS.search(f"{t.id} {t.title}"))
    result: list[dict[str, Any]] = [{"kind": "table", "table": t} for t in lists]
    if not result:  # no turn summary in the data: the top-level sections are the next best thing
        result.append({"kind": "outline", "rows": [(s.number, s.title) for s in data.sections() if s.depth == 0]})
    # What each side, space, ability or action does: what a table looks up all game.
    result += sorted(aids.values(), key=lambda b: -len(b["rows"]))  # the longest vocabularies first
    result += [{"kind": "table", "table": t} for t in by_kind.get("cycle", [])]
    small = sorted(by_kind.get("map", []) + by_kind.get("chart", []), key=lambda t: t.size)
    result += [{"kind": "table", "table": t} for t in small]
    legend = data.icon_legend()
    if legend:
        result.append({"kind": "icons", "rows": legend})
    result += [{"kind": "table", "table": t} for t in sorted(by_kind.get("records", []), key=lambda t: t.size)]
    values = data.values()
    if values:
        result.append({"kind": "values", "rows": values})
    return result


def pack(heights: Sequence[float], room: float, columns: int) -> tuple[list[list[int]], list[int]]:
    """First fit, most wanted first: each block goes into the first column with room for it.
    Returns the block indexes per column (in priority order) and the blocks left out."""
    filled = [0.0] * columns
    placed: list[list[int]] = [[] for _ in range(columns)]
    left_out = []
    for index, height in enumerate(heights):
        for column in range(columns):
            if filled[column] + height <= room:
                filled[column] += height
                placed[column].append(index)
                break
        else:
            left_out.append(index)
    return placed, left_out


def balance(heights: Sequence[float], room: float, columns: int) -> list[list[int]]:
    """Blocks in order, cut into columns as even as can be (when they all fit with room to spare,
    a page with two full columns and an empty third looks unfinished)."""
    def cut(capacity: float) -> list[list[int]] | None:
        placed: list[list[int]] = [[]]
        filled = 0.0
        for index, height in enumerate(heights):
            spare = len(heights) - index <= columns - len(placed)  # one block left per empty column
            if placed[-1] and (filled + height > capacity or spare):
                placed.append([])
                filled = 0.0
            placed[-1].append(index)
            filled += height
        return placed if len(placed) <= columns and all(
            sum(heights[i] for i in column) <= capacity for column in placed) else None

    if cut(room) is None:  # in order they do not fit; first fit did: keep it
        return pack(heights, room, columns)[0]
    low, high = max(heights, default=0.0), room
    for _ in range(30):
        middle = (low + high) / 2
        if cut(middle) is None:
            low = middle
        else:
            high = middle
    placed = cut(high)
    return placed + [[] for _ in range(columns - len(placed))]


def plan(large: Sequence[float], small: Sequence[float] | None, head: tuple[float, float],
         room: float, columns: int, sizes: Sequence[float] = SIZES) -> tuple[float, list[list[int]]]:
    """The largest type size at which every block fits; else the smallest, with what fits there.

    ``large`` and ``small`` are the blocks' heights measured at the largest and the smallest size
    (``small`` is None when everything fits at the largest, so it was never measured), ``head``
    the header and footer at both sizes, ``room`` the page's content height. Heights between
    the two sizes are interpolated: not in proportion to the type, since margins in mm do not
    shrink with it.
    """
    if small is None:
        return sizes[0], balance(large, (room - head[0]) * EXACT, columns)
    top, bottom = sizes[0], sizes[-1]
    for size in sizes[1:-1]:
        t = (size - bottom) / (top - bottom)
        heights = [lo + (hi - lo) * t if lo != float("inf") else lo for hi, lo in zip(large, small)]
        placed, left_out = pack(heights, (room - (head[1] + (head[0] - head[1]) * t)) * SAFETY, columns)
        if not left_out:
            return size, placed
    placed, _ = pack(small, (room - head[1]) * EXACT, columns)
    return bottom, placed


def _measure(template, common: dict, geo: dict, items: list, size: float, roots, base):
    from .pdf import anchor_positions

    html = template.render(**common, geo=geo, font_size=size, measure=True, blocks=items, columns=[])
    positions, rendered = anchor_positions(html, roots, base)
    marks = [positions[f"qb-{i}"] for i in range(len(items) + 1)]
    heights = [b - a for a, b in zip(marks, marks[1:])]
    head = (positions["qr-main"] - positions["qr-top"]) + (positions["qr-end"] - positions["qr-foot"])
    return heights, head, rendered


def build_quickref(loaded: LoadedGame, data: BookData, environment, common: dict, target: Path,
                   roots: Sequence[Path]):
    """Measure, pack and write quickref.pdf to target; returns the PDF step's Rendered."""
    from .pdf import write_pdf  # weasyprint only now

    book = data.book
    geo = geometry(book)
    items = blocks(data)
    template = environment.get_template("quickref.html.j2")
    base = loaded.game.root
    room = (geo["height"] - 2 * MARGIN_TB) * PT_PER_MM
    sizes = SIZES if book.name == "a5" else LARGE_SIZES
    count = geo["columns"]
    small, head_small, measured = _measure(template, common, geo, items, sizes[-1], roots, base)
    placed, left_out = pack(small, (room - head_small) * EXACT, count)
    size = sizes[-1]
    if not left_out:  # everything fits at the smallest size: measure the largest, to pick the size between
        large, head_large, measured_large = _measure(template, common, geo, items, sizes[0], roots, base)
        measured.refused += measured_large.refused
        measured.warnings += measured_large.warnings
        fits_large = not pack(large, (room - head_large) * EXACT, count)[1]
        size, placed = plan(large, None if fits_large else small, (head_large, head_small), room, count, sizes)
    while True:
        columns = [[items[i] for i in column] for column in placed]
        html = template.render(**common, geo=geo, font_size=size, measure=False, blocks=items, columns=columns)
        rendered = write_pdf(html, target, roots, base)
        chosen = sorted(i for column in placed for i in column)
        if rendered.pages <= 1 or len(chosen) <= 1:
            break
        last = chosen[-1]  # the estimate was off: leave out the least wanted block and try again
        placed = [[i for i in column if i != last] for column in placed]
    rendered.refused = list(dict.fromkeys(measured.refused + rendered.refused))
    rendered.warnings = measured.warnings + rendered.warnings
    return rendered
