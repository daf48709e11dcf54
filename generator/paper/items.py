"""Put pieces on paper: punch-out sheets of mixed sizes, with cut lines and mirrored backs.

Pure functions of the items and a paper spec, like ``generator.paper.impose`` for cards. Items are
packed in rows (a new set of pieces starts a new row), left to right, and each page's block is
centred. Double-sided items follow the build's ``--layout`` as cards do:

- ``duplex``: a back page after each front page, mirrored for a long-edge flip (x mirrors, y
  stays) and shifted by the user's back offset; always portrait, because a landscape page flips
  about the other edge on most printers;
- ``gutterfold``: fronts in the left half of the page against a fold line, backs mirrored in the
  right half, for single-sided printers (fold, glue, then cut);
- ``single``: one face per page, the page being the piece with its bleed, for print services.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..scene.draw import label
from ..scene.nodes import Group, Line, Scene, Text, mm
from .gutterfold import fold_line
from .impose import Page, Placement
from .sizes import PAPER_MM, PRINTABLE_MARGIN_MM

MARGIN_MM = 8.0  # home printers cannot print the outer 4-6 mm
FOOTER_MM = 9.0  # page label and, on the first sheet, the calibration ruler
FOOTER_LABEL_MM = 7.0  # the page label's centre above the paper's bottom edge: printable (sizes.py)
GAP_MM = 3.0


@dataclass(frozen=True)
class PiecePlacement(Placement):
    """A placed piece face, tagged /Piece in the PDF with its id (and any extra properties)."""

    tag: str = "Piece"
    properties: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Part:
    """One face drawn inside an item, its trim corner at (dx, dy) from the item's corner."""

    scene: Scene
    dx: float = 0.0
    dy: float = 0.0
    name: str = ""


@dataclass(frozen=True)
class Item:
    """Something to cut out: its outer size, the faces drawn in it, and its cut and fold lines.

    ``back`` parts are placed as seen from the back of the sheet (their own left is the front's
    right); ``lines`` are drawn on the front page only, in the item's own coordinates.
    """

    piece: str
    w: float
    h: float
    front: tuple[Part, ...]
    back: tuple[Part, ...] | None = None
    lines: tuple = ()
    bleed: float = 0.0
    group: str = ""
    name: str = ""  # names the item's SVG file


@dataclass(frozen=True)
class PaperSpec:
    paper: str = "a4"
    margin_mm: float = MARGIN_MM
    gap_mm: float = GAP_MM
    footer_mm: float = FOOTER_MM
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    ruler: bool = True
    landscape: bool | None = None  # None: whichever takes fewer pages (portrait when double-sided)
    layout: str = "duplex"  # double-sided items: duplex, gutterfold or single (see above)
    mix_rows: bool = False  # pieces of different sets may share a row (ganged sheets: paper/gang.py)

    def size(self, landscape: bool) -> tuple[float, float]:
        w, h = PAPER_MM[self.paper]
        return (mm(h), mm(w)) if landscape else (mm(w), mm(h))


@dataclass
class Slot:
    item: Item
    x: float
    y: float


def _rows(items: list[Item], usable_w: float, gap: float, mix: bool = False) -> list[list[Item]]:
    """Items in rows, left to right; a new set of pieces starts a new row unless ``mix``."""
    rows: list[list[Item]] = []
    width = 0.0
    for item in items:
        same = mix or (rows and rows[-1][-1].group == item.group)
        if rows and rows[-1] and same and width + gap + item.w <= usable_w + 1e-6:
            rows[-1].append(item)
            width += gap + item.w
        else:
            rows.append([item])
            width = item.w
    return rows


def layout(items: list[Item], spec: PaperSpec, landscape: bool, half: bool = False) -> list[list[Slot]]:
    """Slots per page: rows of items, each page's block centred between the margins (``half``: in
    the left half of the page, against the fold in its middle)."""
    page_w, page_h = spec.size(landscape)
    margin, gap = mm(spec.margin_mm), mm(spec.gap_mm)
    usable_w = page_w / 2 - gap / 2 - margin if half else page_w - 2 * margin
    usable_h = page_h - 2 * margin - mm(spec.footer_mm)
    too_big = [i for i in items if i.w > usable_w + 1e-6 or i.h > usable_h + 1e-6]
    if too_big:
        return []
    # First fit, tallest rows first: a short row goes on the first page with room left for it, so
    # a file of mixed pieces takes few sheets; each page then shows its rows in their own order.
    rows = list(enumerate(_rows(items, usable_w, gap, spec.mix_rows)))
    placed: list[list[tuple[int, list[Item], float]]] = []
    used: list[float] = []
    for index, row in sorted(rows, key=lambda r: -max(i.h for i in r[1])):
        height = max(i.h for i in row)
        page = next((p for p, u in enumerate(used) if u + gap + height <= usable_h + 1e-6), None)
        if page is None:
            placed.append([])
            used.append(-gap)
            page = len(placed) - 1
        used[page] += gap + height
        placed[page].append((index, row, height))
    pages = [[(row, height) for _, row, height in sorted(page)] for page in placed]
    result = []
    for page_rows in pages:
        block_w = max(sum(i.w for i in row) + gap * (len(row) - 1) for row, _ in page_rows)
        block_h = sum(h for _, h in page_rows) + gap * (len(page_rows) - 1)
        x0 = page_w / 2 - gap / 2 - block_w if half else (page_w - block_w) / 2
        y0 = margin + (usable_h - block_h) / 2
        slots = []
        y = y0
        for row, height in page_rows:
            x = x0
            for item in row:
                slots.append(Slot(item, x, y + (height - item.h) / 2))
                x += item.w + gap
            y += height + gap
        result.append(slots)
    return result


def impose_items(items: list[Item], spec: PaperSpec, title: str, first_sheet: int = 1,
                 total_sheets: int | None = None) -> list[Page]:
    """Front pages (and a mirrored back page after each front page that holds double-sided items).
    Sheets are labelled from ``first_sheet`` of ``total_sheets`` (default: these pages alone)."""
    if not items:
        return []
    duplex = any(i.back is not None for i in items)
    if duplex and spec.layout == "single":
        return _single(items)
    if duplex and spec.layout == "gutterfold":
        return _gutterfold(items, spec, title, first_sheet, total_sheets)
    landscape, slot_pages = _best_layout(items, spec, [False] if duplex else (
        [spec.landscape] if spec.landscape is not None else [False, True]))
    page_w, page_h = spec.size(landscape)
    pages: list[Page] = []
    sheets = total_sheets or len(slot_pages)
    for number, slots in enumerate(slot_pages, start=first_sheet):
        front = Page(page_w, page_h, "front")
        back = Page(page_w, page_h, "back")
        for slot in slots:
            place_slot(slot, front, back, spec)
        has_back = bool(back.placements)
        side_note = "  (print double-sided, flip on the long edge)" if has_back else ""
        front.marks.append(footer(page_w, page_h, f"{title}: sheet {number} of {sheets}, front{side_note}"
                                  if has_back else f"{title}: sheet {number} of {sheets}"))
        if spec.ruler and number == first_sheet:
            front.marks += ruler(page_w / 2, ruler_y(spec, page_h))
        pages.append(front)
        if has_back:
            back.marks.append(footer(page_w, page_h, f"{title}: sheet {number} of {sheets}, back"))
            pages.append(back)
    return pages


def place_slot(slot: Slot, front: Page, back: Page, spec: PaperSpec) -> None:
    """A slot's faces on the front page, its cut lines over them, and its back on the back page,
    mirrored for a long-edge flip (x mirrors, y stays) and shifted by the back offset."""
    item, gap = slot.item, mm(spec.gap_mm)
    bleed = min(item.bleed, gap / 2)
    for part in item.front:
        front.placements.append(_placed(part, slot.x + part.dx, slot.y + part.dy, bleed, "front", item.piece))
    front.marks.append(Group(tuple(item.lines), slot.x, slot.y))
    if item.back is not None:
        bx = front.width - slot.x - item.w + mm(spec.back_offset_mm[0])
        by = slot.y + mm(spec.back_offset_mm[1])
        for part in item.back:
            back.placements.append(_placed(part, bx + part.dx, by + part.dy, bleed, "back", item.piece))


def fill_band(items: list[Item], spec: PaperSpec, page_w: float, top: float, bottom: float,
              half: bool = False) -> list[Slot]:
    """Slots for the leading items that fit, in rows, between ``top`` and ``bottom`` (their trim
    edges), the block centred across the page (``half``: in its left half, against the fold in its
    middle): the room a sheet of cards leaves below its last row."""
    margin, gap = mm(spec.margin_mm), mm(spec.gap_mm)
    usable_w = page_w / 2 - gap / 2 - margin if half else page_w - 2 * margin
    chosen: list[tuple[list[Item], float]] = []
    y = top
    for row in _rows(items, usable_w, gap, spec.mix_rows):
        height = max(i.h for i in row)
        if any(i.w > usable_w + 1e-6 for i in row) or y + height > bottom + 1e-6:
            break
        chosen.append((row, y))
        y += height + gap
    if not chosen:
        return []
    block_w = max(sum(i.w for i in row) + gap * (len(row) - 1) for row, _ in chosen)
    slots = []
    for row, y in chosen:
        height = max(i.h for i in row)
        x = page_w / 2 - gap / 2 - block_w if half else (page_w - block_w) / 2
        for item in row:
            slots.append(Slot(item, x, y + (height - item.h) / 2))
            x += item.w + gap
    return slots


def _best_layout(items: list[Item], spec: PaperSpec, choices: list[bool], half: bool = False):
    """(landscape, slot pages) of the orientation that takes fewest pages."""
    best = None
    for landscape in choices:
        pages = layout(items, spec, landscape, half)
        if pages and (best is None or len(pages) < len(best[1])):
            best = (landscape, pages)
    if best is None:
        from ..errors import BuildError

        big = max(items, key=lambda i: i.w * i.h)
        where = "half the paper (--layout gutterfold)" if half else "paper"
        raise BuildError(f"{big.piece}: a {big.w / mm(1):.0f} x {big.h / mm(1):.0f} mm piece does not fit on "
                         f"{spec.paper} {where} inside {spec.margin_mm:g} mm margins; choose larger paper"
                         + (" or --layout duplex" if half else ""))
    return best


def _gutterfold(items: list[Item], spec: PaperSpec, title: str, first_sheet: int = 1,
                total_sheets: int | None = None) -> list[Page]:
    """Fronts in the left half against the fold, backs mirrored about it in the right half."""
    landscape, slot_pages = _best_layout(items, spec, [False, True], half=True)
    page_w, page_h = spec.size(landscape)
    gap = mm(spec.gap_mm)
    fold = page_w / 2
    pages: list[Page] = []
    sheets = total_sheets or len(slot_pages)
    for number, slots in enumerate(slot_pages, start=first_sheet):
        page = Page(page_w, page_h, "both")
        for slot in slots:
            place_folded(slot, page, spec)
        page.marks += fold_line(fold, page_h, mm(PRINTABLE_MARGIN_MM[spec.paper]), gap)
        page.marks.append(footer(page_w, page_h, f"{title}: sheet {number} of {sheets}  "
                                                 "(fold along the middle line, glue, then cut)"))
        if spec.ruler and number == first_sheet:
            page.marks += ruler(fold / 2, ruler_y(spec, page_h))
        pages.append(page)
    return pages


def place_folded(slot: Slot, page: Page, spec: PaperSpec) -> None:
    """A slot's faces and cut lines left of the fold down the middle of ``page``, its back mirrored
    about the fold, so that folded over the back lies behind its front."""
    item, fold = slot.item, page.width / 2
    bleed = min(item.bleed, mm(spec.gap_mm) / 2)
    for part in item.front:
        page.placements.append(_placed(part, slot.x + part.dx, slot.y + part.dy, bleed, "front", item.piece))
    page.marks.append(Group(tuple(item.lines), slot.x, slot.y))
    bx = 2 * fold - slot.x - item.w
    for part in item.back or ():
        page.placements.append(_placed(part, bx + part.dx, slot.y + part.dy, bleed, "back", item.piece))


def _single(items: list[Item]) -> list[Page]:
    """Each copy's front, then its back, on a page the size of the piece with its bleed."""
    pages: list[Page] = []
    for item in items:
        bleed = item.bleed
        page_w, page_h = item.w + 2 * bleed, item.h + 2 * bleed
        for side, parts in (("front", item.front), ("back", item.back)):
            if parts is None:
                continue
            page = Page(page_w, page_h, side)
            for part in parts:
                page.placements.append(_placed(part, bleed + part.dx, bleed + part.dy, bleed, side, item.piece))
            page.trim_box = (bleed, bleed, item.w, item.h)
            page.bleed_box = (0, 0, page_w, page_h)
            pages.append(page)
    return pages


def _placed(part: Part, x: float, y: float, bleed: float, side: str, piece: str) -> PiecePlacement:
    w, h = part.scene.width, part.scene.height
    properties = {"Id": piece, "Side": side}
    if part.name:
        properties["Face"] = part.name
    return PiecePlacement(part.scene, x, y, (x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed), side, piece,
                          properties=properties)


def footer(page_w: float, page_h: float, text: str) -> Text:
    """The page label, right-aligned in the bottom margin, clear of the centred ruler."""
    room = page_w / 2 - mm(27) - mm(MARGIN_MM)
    return label(text, page_w - mm(MARGIN_MM), page_h - mm(FOOTER_LABEL_MM), 6.5, color="#666666", max_width=room,
                 align="right")


RULER_MM = 50


def ruler_y(spec: PaperSpec, page_h: float) -> float:
    """Where the ruler's bar runs: in the footer band, clear of the pieces' bleed above it, its
    label above the page label."""
    return page_h - mm(spec.margin_mm) - mm(spec.footer_mm) + mm(2)


def ruler(centre_x: float, y: float) -> list:
    """A 50 mm calibration bar with 'print at 100 %', centred on centre_x, ticks hanging from y."""
    length = mm(RULER_MM)
    x = centre_x - length / 2
    nodes: list = [Line(x, y, x + length, y, "#000000", 0.5)]
    for i in range(0, RULER_MM + 1):
        tick = mm(2 if i % 10 == 0 else 1.2 if i % 5 == 0 else 0.7)
        nodes.append(Line(x + mm(i), y, x + mm(i), y + tick, "#000000", 0.3))
    nodes.append(Text(x, y + mm(4.6), f"Print at 100 % (actual size): this bar is {RULER_MM} mm", "regular", 6))
    return nodes
