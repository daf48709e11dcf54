"""The one-page quick reference: what a player looks up mid-game, packed to fit one landscape page.

Blocks come in order of how much a player wants them, never of their size (``VALUE``): the turn
summary, then what each side, space, ability and action does, the beats cycles, the charts read
during play, sentences a card prints already, the icons, other lists, set-up charts, other tables,
key numbers. One layout measures every block at the smallest type size: if they do not all fit
there (the usual case for a whole game), that is the size, and the packer leaves out the least
wanted blocks that do not fit, never one that fits in the room left; the page's foot names what was
left off. Only when everything fits at the smallest size does a second layout measure the largest,
and the packer picks the largest size at which everything fits. A4 and Letter measure the largest
first: when everything fits there (most games: the page is large), that is the size, and the
smallest is never laid out (smallest first would choose the same, but for a packing that fits at
the larger type and not at the smaller, which first fit allows in theory: the larger is then the
better page). The page is then laid out with an empty box in each chosen block's place, the
measured blocks are moved into them (``quickref_boxes.py``: the blocks are laid out once, not
measured and then laid out again), and that layout checks that it really is one page. A size that
was not measured (or boxes not as expected) lays the page out whole.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup

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


SET_UP = re.compile(r"set-?up|prepar", re.IGNORECASE)  # read once, before play
# How much a player wants a block, most first; blocks of one rank keep the data's order.
VALUE = ("turn", "effects", "cycle", "in-play", "on-a-card", "icons", "list", "set-up", "records", "values")
PRINTED_WORDS = 4  # a row's text of this many words found on a card is printed on that card already


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [text for inner in value for text in _strings(inner)] if isinstance(value, list) else []


def _card_text(data: BookData) -> str:
    """Every word printed on the decks' cards, faces and backs."""
    return re.sub(r"\s+", " ", " ".join(text for deck in data.game.decks for text in _strings(deck.model_dump())))


def _on_a_card(table, card_text: str) -> bool:
    """Most rows' own sentences (a scene, a question) are printed on a card the player holds
    (Ribbon of Bone's scenario card): the page repeats what is on the table already."""
    def printed(row) -> bool:
        return isinstance(row, dict) and any(
            isinstance(v, str) and len(v.split()) >= PRINTED_WORDS and re.sub(r"\s+", " ", v) in card_text
            for v in row.values())
    rows = [row for row in table.rows if isinstance(row, dict)]
    return bool(rows) and sum(map(printed, rows)) * 2 >= len(rows)


def _set_up(data: BookData, table) -> bool:
    """A table cited from the set-up chapter: looked at once, not all game (a Components
    chapter's dice tables are read all game)."""
    top = str(table.rule or "").split(".")[0]
    title = data.rule_titles.get(top, "")
    return bool(top) and bool(SET_UP.search(f"{top} {title}"))


def _rank(data: BookData, table, view: TableView) -> str:
    if table.kind == "list":
        return "turn" if TURN_WORDS.search(f"{table.id} {table.title}") else "list"
    if table.kind == "cycle":
        return "cycle"
    if table.kind in ("chart", "map") and view.style != "stacked":
        return "set-up" if _set_up(data, table) else "in-play"
    return "records"


def blocks(data: BookData) -> list[dict[str, Any]]:
    """Most wanted first (``VALUE``, then the data's order): the packer leaves out blocks from
    the end. Each block has a ``label`` (its title and section) for the page's list of what was
    left off."""
    game = data.game
    ranked: list[tuple[int, int, dict[str, Any]]] = []
    card_text = _card_text(data)
    for order, table in enumerate(game.tables):
        aid = effects(data, table)
        if aid is not None:  # what each side, space, ability or action does
            pictured = any("<img" in str(head) for head, _text in aid["rows"])  # drawn on a component
            aid["label"] = Markup("{} {}").format(aid["title"], aid["ref"])
            rank = VALUE.index("on-a-card" if _on_a_card(table, card_text) else "effects")
            ranked.append((rank, order - (0 if pictured else -len(game.tables)), aid))
        elif not _says_nothing(table):
            view = data.table(table)
            block = {"kind": "table", "table": view, "label": Markup("{} {}").format(view.title, view.ref)}
            ranked.append((VALUE.index(_rank(data, table, view)), order, block))
    if not any(block.get("table") is not None and rank == VALUE.index("turn") for rank, _o, block in ranked):
        # no turn summary in the data: the top-level sections are the next best thing
        ranked.append((VALUE.index("turn"), -1, {"kind": "outline", "label": Markup("Rules at a glance"),
                       "rows": [(s.number, s.title) for s in data.sections() if s.depth == 0]}))
    legend = data.icon_legend()
    if legend:
        ranked.append((VALUE.index("icons"), 0, {"kind": "icons", "rows": legend, "label": Markup("Icons")}))
    values = data.values()
    if values:
        ranked.append((VALUE.index("values"), 0, {"kind": "values", "rows": values, "label": Markup("Key numbers")}))
    return [block for _rank_, _order, block in sorted(ranked, key=lambda r: (r[0], r[1]))]


def _first_fit(order: Sequence[int], heights: Sequence[float], room: float,
               columns: int) -> tuple[list[list[int]], list[int]]:
    filled = [0.0] * columns
    placed: list[list[int]] = [[] for _ in range(columns)]
    left_out = []
    for index in order:
        column = next((c for c in range(columns) if filled[c] + heights[index] <= room), None)
        if column is None:
            left_out.append(index)
        else:
            filled[column] += heights[index]
            placed[column].append(index)
    return placed, left_out


def pack(heights: Sequence[float], room: float, columns: int) -> tuple[list[list[int]], list[int]]:
    """Blocks into columns, leaving out the least wanted (the last) first: first fit in order of
    want, and first fit tallest first (which fits more when a few big blocks fill the page);
    whichever leaves out less wanted blocks wins. A block is only ever left out when it fits in
    no column's room left. Returns the block indexes per column (each in order of want, the
    column holding the most wanted block first) and the blocks left out."""
    by_want = list(range(len(heights)))
    tallest_first = sorted(by_want, key=lambda i: -heights[i])
    candidates = [_first_fit(by_want, heights, room, columns), _first_fit(tallest_first, heights, room, columns)]
    placed, left_out = max(candidates, key=lambda c: [i not in c[1] for i in by_want])  # keeps the most wanted
    placed = sorted((sorted(column) for column in placed), key=lambda c: c[0] if c else len(heights))
    return placed, sorted(left_out)


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
    placed = cut(high) or []  # never None: high only ever holds a capacity at which the cut worked
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


def _choose(measure: Callable[[float], tuple], room: float, count: int, sizes: Sequence[float],
            large_first: bool) -> tuple[float, list[list[int]], Any]:
    """The type size, the blocks of each column, and what measuring refused and said (the
    smallest size's Rendered). Blocks left off at the smallest size: that size. Everything fits
    there: the largest is measured too and ``plan`` picks. A larger page (``large_first``)
    measures the largest first: where everything fits at it, which is most games on A4 or Letter,
    that is the page and the smallest is never laid out (else the smallest, as above)."""
    large = None
    if large_first:
        large, head_large, _note, measured_large = measure(sizes[0])
        if not pack(large, (room - head_large) * EXACT, count)[1]:
            return (*plan(large, None, (head_large, head_large), room, count, sizes), measured_large)
    small, head_small, note, measured = measure(sizes[-1])
    placed, left_out = pack(small, (room - head_small) * EXACT, count)
    if left_out:  # the foot then names what was left off, in a line of its own
        placed, left_out = pack(small, (room - head_small - note) * EXACT, count)
    if not left_out and large is None:  # everything fits at the smallest size: the largest decides between
        large, head_large, _note, measured_large = measure(sizes[0])
    if large is not None:
        measured.refused += measured_large.refused
        measured.warnings += measured_large.warnings
    if left_out:
        return sizes[-1], placed, measured
    assert large is not None
    fits_large = not pack(large, (room - head_large) * EXACT, count)[1]
    return (*plan(large, None if fits_large else small, (head_large, head_small), room, count, sizes), measured)


def _measure(template, common: dict, geo: dict, items: list, size: float, roots, base):
    """Each block's height at ``size``, the header's and footer's, the foot's note's, and what
    WeasyPrint refused and said (tests/test_player_aids.py measures with it too)."""
    return _strip(template, common, geo, items, size, roots, base)[:4]


def _strip(template, common: dict, geo: dict, items: list, size: float, roots, base, fonts=None):
    """``_measure``'s figures and the laid-out strip itself, whose blocks the page takes."""
    from .pdf import anchor_positions

    html = template.render(**common, geo=geo, font_size=size, measure=True, blocks=items, columns=[],
                           left_off=[items[-1]["label"]] if items else [])
    positions, rendered, document = anchor_positions(html, roots, base, fonts)
    marks = [positions[f"qb-{i}"] for i in range(len(items) + 1)]
    heights = [b - a for a, b in zip(marks, marks[1:])]
    head = (positions["qr-main"] - positions["qr-top"]) + (positions["qr-end"] - positions["qr-foot"])
    note = positions["qr-note-end"] - positions["qr-note"]  # the foot's line naming what was left off
    return heights, head, note, rendered, document


def build_quickref(loaded: LoadedGame, data: BookData, environment, common: dict, target: Path,
                   roots: Sequence[Path], fonts=None):
    """Measure, pack and write quickref.pdf to target; returns the PDF step's Rendered. ``fonts``:
    the rulebook's ``pdf.shared_fonts()``, for every layout of the page."""
    from .pdf import lay_out, shared_fonts, write_document  # weasyprint only now
    from .quickref_boxes import hold, measured_blocks, move_into_holds

    book = data.book
    geo = geometry(book)
    items = blocks(data)
    template = environment.get_template("quickref.html.j2")
    base = loaded.game.root
    room = (geo["height"] - 2 * MARGIN_TB) * PT_PER_MM
    sizes = SIZES if book.name == "a5" else LARGE_SIZES
    count = int(geo["columns"])
    fonts = fonts or shared_fonts()
    strips: dict[float, Any] = {}  # laid-out blocks by type size, to be moved onto the page

    def measure(size: float) -> tuple:
        heights, head, note, rendered, strips[size] = _strip(template, common, geo, items, size, roots, base, fonts)
        return heights, head, note, rendered

    size, placed, measured = _choose(measure, room, count, sizes, large_first=book.name != "a5")
    measured_boxes = measured_blocks(strips[size], len(items)) if size in strips else None
    document = None
    while True:
        chosen = sorted(i for column in placed for i in column)
        left_off = [item["label"] for i, item in enumerate(items) if i not in chosen]
        page = {"geo": geo, "font_size": size, "measure": False, "blocks": items, "left_off": left_off}
        if measured_boxes is not None:  # the page with holds; the measured blocks go into them
            holds = [[hold(i, measured_boxes[i]) for i in column] for column in placed]
            held, rendered = lay_out(template.render(**common, **page, columns=holds), roots, base, fonts)
            if rendered.pages <= 1 or len(chosen) <= 1:
                document = move_into_holds(held, measured_boxes) if rendered.pages <= 1 else None
                if document is None:
                    measured_boxes = None
        if measured_boxes is None:  # laid out the ordinary way: WeasyPrint lays the blocks out again
            columns = [[items[i] for i in column] for column in placed]
            document, rendered = lay_out(template.render(**common, **page, columns=columns), roots, base, fonts)
        if rendered.pages <= 1 or len(chosen) <= 1:
            break
        last = chosen[-1]  # the estimate was off: leave out the least wanted block and try again
        placed = [[i for i in column if i != last] for column in placed]
    assert document is not None  # the loop leaves only with a page laid out one way or the other
    rendered.warnings += write_document(document, target)
    rendered.pages = len(document.pages)
    rendered.refused = list(dict.fromkeys(measured.refused + rendered.refused))
    rendered.warnings = measured.warnings + rendered.warnings
    return rendered
