"""Ganging: small decks and pieces of the same stock and sides share sheets.

A game's decks, double-sided tokens and double-sided mats are all printed on card stock, both
sides; its single-sided tokens and mats on card stock, one side. Each of these two groups goes in
one file, ``card-stock-double-sided-<paper>.pdf`` and ``card-stock-single-sided-<paper>.pdf``,
so a deck of 3 cards, another of 6 and a few tokens share a sheet instead of taking one each.

Cards of one size (and pieces of a card's size and shape, like a health-marker card) run on as
one stream across decks, filling the card grid of ``impose``: nine poker cards a sheet, whichever
deck they come from. Cards of another size go in rows of their own size below the last row of a
part sheet, then on sheets of their own. The other pieces fill the room left below the cards (on
gutterfold sheets, in the band below every sheet's cards, fronts against the fold and backs mirrored
beyond it), then sheets of their own (``items``, where pieces of different sets may share a row). A
group with one member keeps that member's own file, as does a partial build (``--only``), which
prints just what was asked. Every sheet says which it is (``sheet_labels``), a lone deck's too, and
a ganged file lists what each of its sheets holds (``Output.sheets``), for PRINTING.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..scene.nodes import Line, Scene, Text, mm, walk_nodes
from .deck_pages import DeckPages
from .gutterfold import FOLD_LABEL_MM, gutterfold
from .impose import BACK_EDGE_MM, MARK_GAP_MM, MIN_MARK_MM, Page, Placement, SheetSpec, _clip, _duplex, grid_marks, plan_axis
from .items import Item, PaperSpec, fill_band, impose_items, place_folded, place_slot
from .output import Output, file_name
from .sheet_labels import label_pages
from .sizes import PRINTABLE_MARGIN_MM

if TYPE_CHECKING:
    from ..scene.compose import CardFaces

SIZE_TOLERANCE = 0.01  # points: a piece this close to a card's size is laid out as a card


@dataclass
class Gangable:
    """What an output holds, for ganging: its printed copies (cards, pieces), on what stock, how many sides."""

    stock: str  # "card"
    double: bool
    label: str  # how PRINTING.md names its cards ("Marquis cards")
    cards: list[CardFaces] = field(default_factory=list)  # one entry per printed copy
    items: list[Item] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # an item's piece id -> its name ("Player coin")


def gang_key(output: Output) -> tuple[str, bool] | None:
    return (output.gang.stock, output.gang.double) if output.gang is not None else None


def gang_outputs(outputs: list[Output], title: str, card_spec: SheetSpec, item_spec: PaperSpec,
                 partial: bool) -> list[Output]:
    """``outputs`` with every group of two or more gangable outputs of one stock and sides replaced,
    where its first member was, by one ganged output. Nothing is ganged for ``--layout single``
    (one face a page) or a partial build."""
    if card_spec.layout == "single":  # the page is the card: nothing to label
        return outputs
    if partial:
        return [_labelled(output, title) for output in outputs]
    item_spec = replace(item_spec, mix_rows=True)  # a row of coins may end with a tracker
    groups: dict[tuple[str, bool], list[tuple[Output, Gangable]]] = {}
    for output in outputs:
        if output.gang is not None:
            groups.setdefault((output.gang.stock, output.gang.double), []).append((output, output.gang))
    result = []
    for output in outputs:
        key = gang_key(output)
        members = groups.get(key, []) if key is not None else []
        if len(members) < 2:
            result.append(_labelled(output, title))
        elif output is members[0][0]:
            result.append(ganged_output(members, title, card_spec, item_spec))
    return result


def _labelled(output: Output, title: str) -> Output:
    """A deck in a file of its own, each sheet saying what it is as ganged sheets do ('Runes and
    Bones: Runes: sheet 2 of 5'); pieces' sheets have their footers already."""
    if output.kind != "deck" or not output.pages:
        return output
    label = f"{title}: {output.title}"
    if isinstance(output.pages, DeckPages):
        output.pages = output.pages.labelled(label)
    else:
        pages = list(output.pages)
        output.pages = list(label_pages(pages, _sheet_count(pages), label, output.paper or "a4"))
    return output


def ganged_output(members: list[tuple[Output, Gangable]], title: str, card_spec: SheetSpec,
                  item_spec: PaperSpec) -> Output:
    """One file for ``members`` (each output with what it holds), all of one stock and sides."""
    double = members[0][1].double
    sides = "double-sided" if double else "single-sided"
    layout = card_spec.layout if double else "duplex"
    name = file_name(f"card-stock-{sides}", card_spec.paper, layout)
    file_title = f"card stock, {sides}"
    pages, sheets = impose_gang([gang for _, gang in members], card_spec, item_spec, f"{title}: {file_title}")
    svgs: dict[str, Scene] = {}
    kinds: dict[str, str] = {}
    for member, _ in members:
        for path, scene in member.svgs.items():
            svgs.setdefault(path, scene)
            kinds.setdefault(path, member.svg_kinds.get(path, f"{member.kind}-svg"))
    pieces = list(dict.fromkeys(p for m, _ in members for p in m.pieces))
    sided = (card_spec.layout if double else "single-sided")
    count = sum(len(gang.cards) + len(gang.items) for _, gang in members)
    return Output(name, "card-stock", sided, file_title, pages, pieces, svgs, card_spec.paper, kinds,
                  f"({count} cards and pieces)", None, sheets)


def _card_like(item: Item, sizes: set[tuple[float, float]]) -> bool:
    """A double-sided piece of a card's size, drawn as one face a side: it joins the card grid."""
    return (item.back is not None and len(item.front) == 1 and len(item.back) == 1
            and not (item.front[0].dx or item.front[0].dy or item.back[0].dx or item.back[0].dy)
            and any(abs(item.w - w) < SIZE_TOLERANCE and abs(item.h - h) < SIZE_TOLERANCE for w, h in sizes))


def _as_card(item: Item, label: str) -> CardFaces:
    from ..scene.compose import CardFaces

    assert item.back is not None  # only a double-sided piece is _card_like

    return CardFaces(label, item.piece, item.name or item.piece, 1, item.front[0].scene, item.back[0].scene)


def impose_gang(parts: list[Gangable], card_spec: SheetSpec, item_spec: PaperSpec,
                title: str) -> tuple[list[Page], list[str]]:
    """The pages of a ganged file, and what each sheet holds ("9 × Marquis cards, 3 × Court cards")."""
    label_of: dict[int, str] = {}  # id of a face's scene -> its member's label
    cards: list[CardFaces] = []
    items: list[Item] = []
    sizes = {(c.front.width, c.front.height) for part in parts for c in part.cards}
    for part in parts:
        for card in part.cards:
            cards.append(card)
            label_of[id(card.front)] = part.label
        for item in part.items:
            label = part.names.get(item.piece, part.label)
            if _card_like(item, sizes):
                card = _as_card(item, label)
                cards.append(card)
                label_of[id(card.front)] = label
            else:
                items.append(item)
                label_of[id(item.front[0].scene)] = label
    by_size: dict[tuple[float, float], list[CardFaces]] = {}
    for card in cards:
        by_size.setdefault((round(card.front.width, 3), round(card.front.height, 3)), []).append(card)
    folded = card_spec.layout == "gutterfold"
    pages: list[Page] = []
    partial: list[Page] = []  # each size's last front page: room for other cards and pieces below
    for stream in by_size.values():
        if not folded:
            for front in partial:  # rows of this size below another size's last row
                stream = stream[_cards_below(front, pages[pages.index(front) + 1], stream, card_spec):]
        if not stream:
            continue
        spec = replace(card_spec, ruler=card_spec.ruler and not pages)
        imposed = gutterfold(stream, spec) if folded else _duplex(stream, spec)
        partial.append(imposed[-1] if folded else imposed[-2])
        pages += imposed
    # Pieces in the room below the cards: on a gutterfold sheet, every sheet's band below its
    # grid, fronts against the fold and backs mirrored beyond it, as its cards.
    for front in (pages if folded else partial):
        if not items:
            break
        items = _fill_below(front, None if folded else pages[pages.index(front) + 1], items, item_spec)
    card_pages = list(pages)
    if items:
        sheets_so_far = _sheet_count(pages)
        extra = impose_items(items, replace(item_spec, ruler=item_spec.ruler and not pages), title,
                             first_sheet=sheets_so_far + 1, total_sheets=sheets_so_far + _sheet_count(
                                 impose_items(items, replace(item_spec, ruler=False), title)))
        pages += extra
    for _page in label_pages(card_pages, _sheet_count(pages), title, card_spec.paper):
        pass  # pieces' own sheets have their footer
    return pages, _sheet_map(pages, label_of)


def _cards_below(front: Page, back: Page, stream: list[CardFaces], spec: SheetSpec) -> int:
    """Rows of ``stream``'s cards (one size) in the room below everything on a card sheet, their
    backs mirrored on its back page; how many were placed. Their cuts are marked like any grid's,
    the marks above them starting below what the sheet already holds."""
    page_w, page_h = front.width, front.height
    sample = stream[0].front
    w, h = sample.width, sample.height
    bleed = sample.bleed if spec.bleed else 0.0
    printable = mm(PRINTABLE_MARGIN_MM[spec.paper])
    gutter = max(mm(spec.gutter_mm), 2 * mm(BACK_EDGE_MM))
    top = _lowest(front) + mm(MARK_GAP_MM)
    cols = plan_axis(page_w, w, bleed, printable, gutter)
    rows = plan_axis(page_h, h, bleed, printable, gutter, before=top - printable)
    if cols is None or rows is None or not rows.outside:  # no room, or none to mark the cuts above them
        return 0
    chunk = stream[:cols.count * rows.count]
    gx, gy, x0, y0 = cols.gutter, rows.gutter, cols.start, rows.start
    outer = (cols.outer_bleed, rows.outer_bleed)
    dx, dy = mm(spec.back_offset_mm[0]), mm(spec.back_offset_mm[1])
    for index, card in enumerate(chunk):
        col, row = index % cols.count, index // cols.count
        x, y = x0 + col * (w + gx), y0 + row * (h + gy)
        edges = (col == 0, col == cols.count - 1, row == 0, row == rows.count - 1)
        front.placements.append(Placement(card.front, x, y, _clip(x, y, w, h, bleed, gx, gy, *edges, outer=outer),
                                          "front", card.card))
        bx, by = page_w - x - w + dx, y + dy  # long-edge flip, as every card sheet
        back_edges = (col == cols.count - 1, col == 0, row == 0, row == rows.count - 1)
        back.placements.append(Placement(card.back, bx, by, _clip(bx, by, w, h, bleed, gx, gy, *back_edges,
                                                                   outer=outer), "back", card.card))
    used_cols, used_rows = min(cols.count, len(chunk)), -(-len(chunk) // cols.count)
    back_x0 = page_w - x0 - (used_cols * w + (used_cols - 1) * gx) + dx
    for page, px, shift in ((front, x0, 0.0), (back, back_x0, dy)):
        marks = grid_marks(page_w, page_h, spec.paper, px, y0 + shift, w, h, gx, gy, used_cols, used_rows, outer)
        page.marks += [_below(m, top + shift) for m in marks if max(m.y1, m.y2) > top + shift + mm(MIN_MARK_MM)]
    return len(chunk)


def _below(line: Line, top: float) -> Line:
    """A crop mark shortened so it starts no higher than ``top``."""
    return replace(line, y1=max(line.y1, top), y2=max(line.y2, top))


def _fill_below(front: Page, back: Page | None, items: list[Item], spec: PaperSpec) -> list[Item]:
    """Put the leading ``items`` that fit below the cards of a card sheet (its back page, or with
    none a gutterfold sheet, where they go against the fold as its cards); return the rest."""
    gap = mm(spec.gap_mm)
    folded = back is None
    # A gutterfold sheet's band is its left half (backs mirror it), above the fold's label.
    top = _lowest(front, front.width / 2 if folded else None) + gap
    bottom = front.height - mm(PRINTABLE_MARGIN_MM[spec.paper]) - gap / 2 - (mm(FOLD_LABEL_MM) if folded else 0.0)
    slots = fill_band(items, spec, front.width, top, bottom, half=folded)
    for slot in slots:
        if back is None:
            place_folded(slot, front, spec)
        else:
            place_slot(slot, front, back, spec)
    return items[len(slots):]


def _lowest(page: Page, left_of: float | None = None) -> float:
    """The lowest point anything on the page reaches (of what starts ``left_of`` a line, if given):
    a card's bleed, a crop mark, a ruler's label."""
    low = 0.0
    limit = page.width if left_of is None else left_of
    for placement in page.placements:
        if placement.clip[0] < limit:
            low = max(low, placement.clip[1] + placement.clip[3])
    for node in walk_nodes(page.marks):
        if isinstance(node, Line) and min(node.x1, node.x2) < limit:
            low = max(low, node.y1, node.y2)
        elif isinstance(node, Text) and node.x < limit:
            low = max(low, node.y + node.size * 0.3)  # a label's descenders
    return low


def _sheet_count(pages: list[Page]) -> int:
    return sum(1 for page in pages if page.side in ("front", "both"))


def _sheet_map(pages: list[Page], label_of: dict[int, str]) -> list[str]:
    """What each sheet holds, from what is placed on its front: '9 × Marquis cards, 2 × Player coin'."""
    sheets = []
    for page in pages:
        if page.side not in ("front", "both"):
            continue
        counts: dict[str, int] = {}
        for placement in page.placements:
            if placement.side == "front" and id(placement.scene) in label_of:
                label = label_of[id(placement.scene)]
                counts[label] = counts.get(label, 0) + 1
        sheets.append(", ".join(f"{n} × {label}" for label, n in counts.items()))
    return sheets

