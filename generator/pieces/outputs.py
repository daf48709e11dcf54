"""Boards and sheets as printable files: scaled to the asked size, tiled or fitted to the paper,
sheets checked against their layout's size and given their back."""
from __future__ import annotations

from dataclasses import replace

from ..errors import BuildError
from ..model.game import Game, Piece
from ..model.locate import piece_place
from ..model.sheet_layouts import SheetLayout
from ..paper.gang import Gangable
from ..paper.items import Item, PaperSpec, Part, impose_items
from ..paper.output import Output, file_name
from ..paper.sizes import CARD_SIZES_MM, PAPER_SIZES_MM
from ..paper.tiling import board_pages, usable
from ..scene.draw import make_scene
from ..scene.nodes import Group, Scene, mm
from ..suggest import closest_hint
from . import board as boards
from .dice import square_cut
from .settings import PieceSettings
from .sheets import SheetComposer, piece_context


def components_for(game: Game, ids: list[str]) -> list[str]:
    """Piece ids and the ids of the components made from them."""
    found = list(dict.fromkeys(ids))
    for component in game.components:
        if component.ref in ids and component.id not in found:
            found.append(component.id)
    return found


def display_name(game: Game, piece_id: str, default: str) -> str:
    """What PRINTING.md calls a deck or piece: the name of the component made of it, else its own."""
    return next((c.name for c in game.components if c.ref == piece_id or c.id == piece_id), default)


SHARED_FILES = ("tokens", "tokens-double-sided", "die-faces", "dice-nets")


def own_file_stem(game: Game, piece_id: str, kind: str) -> str:
    """A board's or sheet's own file is named after it, unless a deck or a shared file has that name."""
    if piece_id in {d.id for d in game.decks} or any(piece_id.startswith(n) for n in SHARED_FILES):
        return f"{kind}-{piece_id}"
    return piece_id


def own_file_name(game: Game, piece_id: str, kind: str, paper: str) -> str:
    return file_name(own_file_stem(game, piece_id, kind), paper)


def board_scale(piece: Piece, settings: PieceSettings, spec: PaperSpec) -> float:
    if boards.is_card_guide(piece) and not boards.is_drawn_board(piece):
        return 1.0
    width, height = boards.natural_size(piece)
    if settings.board_size is None:
        return 1.0
    if settings.board_size == "fit":
        bleed = 2 * (3.0 if settings.bleed else 0.0)
        best = 0.0
        for landscape in (False, True):
            uw, uh = (v / mm(1) for v in usable(spec, landscape))
            best = max(best, min((uw - bleed) / width, (uh - bleed) / height))
        return best
    return float(settings.board_size) / max(width, height)


def board_output(piece: Piece, game: Game, settings: PieceSettings) -> Output:
    spec = settings.spec()
    title = f"{game.title}: {piece.name}"
    if boards.is_drawn_board(piece):
        scale = board_scale(piece, settings, spec)
        scene = boards.drawn_board(piece, game, settings.ink, scale, 3.0 if settings.bleed else 0.0)
        pages = board_pages(scene, spec, settings.overlap, title, piece.id)
        layout = "single page" if len(pages) == 1 else "tiled"
    else:
        guide = boards.card_guide(piece, game, settings.ink)
        scene = _fit_one_page(guide, spec)
        pages = board_pages(scene, spec, settings.overlap, title + " (layout guide: nothing to cut)", piece.id,
                            single_page=True, cut=False)
        layout = "layout guide"
    return Output(own_file_name(game, piece.id, "board", settings.paper), "board", layout, piece.name, pages,
                  components_for(game, [piece.id]), {f"svg/{piece.id}/{piece.id}.svg": scene}, settings.paper)


def _fit_one_page(scene: Scene, spec: PaperSpec) -> Scene:
    best = 0.0
    for landscape in (False, True):
        uw, uh = usable(spec, landscape)
        best = max(best, min(uw / scene.width, uh / scene.height))
    scale = min(1.0, best)
    if scale >= 1.0:
        return scene
    return make_scene(scene.width * scale, scene.height * scale, [Group(scene.nodes, scale=scale)])


def _sheet_scale(item: Item, spec: PaperSpec) -> float:
    double = item.back is not None
    if double and spec.layout == "single":
        return 1.0  # the page is the sheet
    best = 0.0
    for landscape in (False, True):
        uw, uh = usable(spec, landscape)
        if double and spec.layout == "gutterfold":
            uw = uw / 2 - mm(spec.gap_mm) / 2  # fronts in one half, backs in the other
        best = max(best, min(uw / item.w, uh / item.h))
    return min(1.0, best)


def _scaled_item(item: Item, scale: float) -> Item:
    def part(p):
        scene = p.scene
        return Part(make_scene(scene.width * scale, scene.height * scale, [Group(scene.nodes, scale=scale)],
                               scene.bleed * scale), p.dx * scale, p.dy * scale, p.name)

    return Item(item.piece, item.w * scale, item.h * scale, tuple(part(p) for p in item.front),
                tuple(part(p) for p in item.back) if item.back else None,
                (Group(tuple(item.lines), scale=scale),), item.bleed * scale, item.group, item.name)


def _place(game: Game, piece: Piece, *tail: str) -> str:
    """'pieces.yaml:30:5: sheets[0].size: ' for a sheet (or a board drawn by a sheet layout), or ''."""
    for section in ("sheets", "boards"):
        place = piece_place(game.root, section, piece.id, tail)
        if place:
            return place
    return ""


def _check_size(piece: Piece, layout: SheetLayout, game: Game) -> None:
    """A piece that states its size must get a layout of that size: boxes are placed in mm."""
    size = piece.extra.get("size")
    if size is None:
        return
    if isinstance(size, str):
        wanted = PAPER_SIZES_MM.get(size.lower()) or CARD_SIZES_MM.get(size)
        if wanted and str(piece.extra.get("orientation", "portrait")).lower() == "landscape":
            wanted = (wanted[1], wanted[0])
    elif isinstance(size, (list, tuple)) and len(size) == 2:
        wanted = (float(size[0]), float(size[1]))
    else:
        wanted = None
    if wanted is None:
        raise BuildError(f"{_place(game, piece, 'size')}sheet '{piece.id}': size '{size}' is not a paper or card size; use A4, A5, A6, letter, "
                         f"poker ... or [width, height] in mm")
    got = layout.size_mm
    if abs(got[0] - wanted[0]) > 0.5 or abs(got[1] - wanted[1]) > 0.5:
        raise BuildError(f"{_place(game, piece, 'size')}sheet '{piece.id}' is {wanted[0]:g} x {wanted[1]:g} mm (size: {size}) but its layout "
                         f"'{layout.id}' is {got[0]:g} x {got[1]:g} mm; choose a layout of that size with layout:, "
                         f"or change the sheet's size")


def sheet_output(piece: Piece, layout: SheetLayout, layouts: dict[str, SheetLayout], composer: SheetComposer,
                 game: Game, settings: PieceSettings) -> Output:
    back_layout = None
    if layout.back:
        back_layout = layouts.get(layout.back)
        if back_layout is None:
            raise BuildError(f"sheet layout '{layout.id}': back layout '{layout.back}' does not exist "
                             f"({closest_hint(layout.back, layouts, 'sheet layout')})")
    _check_size(piece, layout, game)
    items: list[Item] = []
    svgs: dict[str, Scene] = {}
    back_extra = piece.extra.get("back")
    back_data = back_extra if isinstance(back_extra, dict) else {}
    for copy in range(1, max(1, piece.count) + 1):
        front = composer.compose(piece, layout, copy)
        back = None
        if back_layout is not None:
            back = composer.compose(piece, back_layout, copy, "back", {**piece_context(piece), **back_data})
        w, h = front.width, front.height
        items.append(Item(piece.id, w, h, (Part(front, name=f"{piece.id}-{copy}"),),
                          (Part(back, name=f"{piece.id}-{copy}-back"),) if back else None,
                          square_cut(w, h), front.bleed if settings.bleed else 0.0, piece.id))
        for side, scene in (("", front), ("-back", back)):
            if scene is not None and scene.key not in {s.key for s in svgs.values()}:
                svgs[f"svg/{piece.id}/{piece.id}{'-' + str(copy) if piece.count > 1 else ''}{side}.svg"] = scene
    if not settings.bleed:
        items = [Item(i.piece, i.w, i.h, i.front, i.back, i.lines, 0.0, i.group, i.name) for i in items]
    title = f"{game.title}: {piece.name}"
    scale = _sheet_scale(items[0], settings.spec())
    whole_page = scale < 1.0
    if whole_page:
        # A sheet as large as the paper is printed a little smaller, inside the printer's margins: it
        # is the page, so there is nothing to cut and nothing to measure (no outline, no ruler).
        items = [replace(_scaled_item(i, scale), lines=()) for i in items]
    pages = impose_items(items, settings.spec(ruler=not whole_page), title)
    name, sided = own_file_name(game, piece.id, "sheet", settings.paper), "single-sided"
    paper: str | None = settings.paper  # a single-layout double-sided file names no paper
    if back_layout is not None:
        name, sided, paper = settings.double_sided(own_file_stem(game, piece.id, "sheet"))
    ids = [piece.id] + ([str(piece.extra["for_die"])] if piece.extra.get("for_die") else [])
    # Card-sized sheets (mats, trackers) are kept and reused: the guide says to print them on card.
    small = layout.size_mm[0] * layout.size_mm[1] < 105 * 148 - 1
    # Mats are card stock, kept and reused: they may share sheets with cards and tokens (gang.py).
    gang = Gangable("card", back_layout is not None, display_name(game, piece.id, piece.name), items=items) \
        if small and not whole_page else None
    return Output(name, "mat" if small else "sheet", sided, piece.name, pages, components_for(game, ids), svgs, paper,
                  gang=gang)
