"""Build every printable piece of a game that is not a card: boards, punch-out tokens and tiles,
die-face stickers, cube nets and sheets. Everything is composed before the first file is written.

Files, in ``<out>/<game>/``:
- ``<board>-<paper>.pdf``: a board, on one page or tiled (assembly map first);
- ``tokens-<paper>.pdf`` / ``tokens-double-sided-<paper>.pdf``: punch-out tokens, tiles, standees;
- ``die-faces-<paper>.pdf``: die faces and die-side tokens as stickers at the die size;
- ``dice-nets-<paper>.pdf``: a papercraft cube for each six-sided die;
- ``<sheet>-<paper>.pdf``: each sheet (double-sided when its layout has a back);
- ``svg/<piece>/...svg``: each distinct face, and each board whole, when SVG is asked for.
With ``--only``, the shared files (tokens, die faces, nets) get the selection in their name, so
a partial build never replaces the full file.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BuildError, GameDataError
from ..fonts import copy_fonts
from ..kit.files import WrittenFile
from ..impose import Page
from ..paper.sizes import CARD_SIZES_MM, PAPER_MM, PAPER_SIZES_MM
from ..loader import LoadedGame
from ..model import Game, Piece
from ..options import DEFAULT_OPTIONS, BuildOptions
from ..paths import OUTPUT_DIR
from ..scene import Group, Scene, mm
from ..suggest import closest_hint
from . import board as boards
from .common import Ink, make_scene
from .dice import die_arts, kind_arts, net_item, sticker_item
from .paper import Item, PaperSpec
from .punch import tile_items, token_items
from .sheet_layout import SheetLayout, load_sheet_layouts
from .sheets import SheetComposer
from .tiling import board_pages

STICKER_BLEED_MM = 1.0


@dataclass(frozen=True)
class PieceSettings:
    """The build options pieces use, checked once."""

    paper: str = DEFAULT_OPTIONS["paper"]
    ink: Ink = Ink(DEFAULT_OPTIONS["ink_saver"])
    board_size: float | str | None = DEFAULT_OPTIONS["board_size"]  # None: the size in the data; "fit": one page; mm: the long side
    die_size: float = DEFAULT_OPTIONS["die_size"]
    bleed: bool = DEFAULT_OPTIONS["bleed"]
    back_offset: tuple[float, float] = DEFAULT_OPTIONS["back_offset"]
    formats: tuple[str, ...] = DEFAULT_OPTIONS["formats"]
    overlap: float = DEFAULT_OPTIONS["board_overlap"]
    only: tuple[str, ...] = DEFAULT_OPTIONS["only"]

    @classmethod
    def from_options(cls, options: BuildOptions) -> "PieceSettings":
        paper = options.paper.lower()
        if paper not in PAPER_MM:
            raise BuildError(f"paper '{paper}': expected one of {', '.join(PAPER_MM)}")
        return cls(
            paper=paper,
            ink=Ink(options.ink_saver),
            board_size=parse_board_size(options.board_size),
            die_size=parse_die_size(options.die_size),
            bleed=options.bleed,
            back_offset=tuple(options.back_offset),
            formats=tuple(options.formats),
            overlap=parse_overlap(options.board_overlap),
            only=tuple(options.only or ()),
        )

    def spec(self, **changes) -> PaperSpec:
        return PaperSpec(paper=self.paper, back_offset_mm=self.back_offset, **changes)


def parse_board_size(value) -> float | str | None:
    if value in (None, "", "full", "natural", "data"):
        return None
    if isinstance(value, str) and value.strip().lower() == "fit":
        return "fit"
    try:
        size = float(str(value).strip().lower().removesuffix("mm"))
    except ValueError:
        raise BuildError(f"board size '{value}': expected 'fit' (one page) or the board's long side in mm, "
                         f"e.g. 600") from None
    if not 50 <= size <= 5000:
        raise BuildError(f"board size {size:g} mm: expected between 50 and 5000 mm")
    return size


def parse_die_size(value) -> float:
    try:
        size = float(str(value).strip().lower().removesuffix("mm"))
    except ValueError:
        raise BuildError(f"die size '{value}': expected the side of a die face in mm, e.g. 16") from None
    if not 6 <= size <= 60:
        raise BuildError(f"die size {size:g} mm: expected between 6 and 60 mm (common dice are 12-19 mm)")
    return size


def parse_overlap(value) -> float:
    try:
        overlap = float(value)
    except (TypeError, ValueError):
        raise BuildError(f"board overlap '{value}': expected a number of mm") from None
    if not 3 <= overlap <= 40:
        raise BuildError(f"board overlap {overlap:g} mm: expected between 3 and 40 mm")
    return overlap


# --- what to print --------------------------------------------------------------------------------


@dataclass
class Output:
    """One file to write: its pages, what it holds, and the SVG faces that go with it."""

    name: str
    kind: str
    layout: str
    title: str
    pages: list[Page]
    pieces: list[str]
    svgs: dict[str, Scene] = field(default_factory=dict)  # relative path -> scene
    paper: str | None = None


class Selection:
    """Which pieces and dice --only asks for (everything when it is empty)."""

    def __init__(self, game: Game, only: tuple[str, ...]):
        self.only = set(only)
        self.by_component: dict[str, set[str]] = {}
        for component in game.components:
            if component.ref:
                self.by_component.setdefault(component.ref, set()).add(component.id)
        known = ({d.id for d in game.decks} | {d.id for d in game.dice} | {c.id for c in game.components}
                 | {p.id for group in (game.boards, game.tokens, game.tiles, game.sheets) for p in group})
        for name in self.only:
            if name not in known:
                raise BuildError(f"--only {name}: no deck, die, piece or component of that name in '{game.id}' "
                                 f"({closest_hint(name, known, 'component')})")

    def wants(self, *ids: str) -> bool:
        if not self.only:
            return True
        return any(i in self.only or self.by_component.get(i, set()) & self.only for i in ids)


def gathered(game: Game, piece_id: str, data: dict | None = None) -> bool:
    """A piece players bring: marked ``source: gather`` itself, or only referenced by gathered components."""
    if data and str(data.get("source", "")).lower() == "gather":
        return True
    refs = [c for c in game.components if c.ref == piece_id]
    return bool(refs) and all(c.source == "gather" for c in refs)


def net_count(game: Game, die) -> int:
    """Nets to print: one per die in the box; one of each kind to try when players bring the dice."""
    return 1 if gathered(game, die.id) else max(1, die.count)


def components_for(game: Game, ids: list[str]) -> list[str]:
    """Piece ids and the ids of the components made from them."""
    found = list(dict.fromkeys(ids))
    for component in game.components:
        if component.ref in ids and component.id not in found:
            found.append(component.id)
    return found


def choose_layout(piece: Piece, group: str, layouts: dict[str, SheetLayout], game_root: Path) -> SheetLayout | None:
    """The piece's ``layout:``, else the game's layout named like the piece, else the best ``applies_to``."""
    if piece.layout:
        if piece.layout not in layouts:
            raise BuildError(f"{group[:-1]} '{piece.id}': sheet layout '{piece.layout}' does not exist "
                             f"({closest_hint(piece.layout, layouts, 'sheet layout')}); sheet layouts live in "
                             f"layouts/sheets/ or the game's layouts/sheets/")
        return layouts[piece.layout]
    own = layouts.get(piece.id)
    if own is not None and own.source is not None and game_root in own.source.parents:
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


SHARED_FILES = ("tokens", "tokens-double-sided", "die-faces", "dice-nets")


def own_file_name(game: Game, piece_id: str, kind: str, paper: str) -> str:
    """A board's or sheet's own file, named after it unless a deck or a shared file has that name."""
    if piece_id in {d.id for d in game.decks} or any(piece_id.startswith(n) for n in SHARED_FILES):
        return f"{kind}-{piece_id}-{paper}.pdf"
    return f"{piece_id}-{paper}.pdf"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "face"


def _file_name(base: str, settings: PieceSettings, selected: list[str], everything: list[str]) -> str:
    if settings.only and set(selected) != set(everything):
        part = "-".join(sorted(selected)) if len(selected) <= 3 else (
            f"{len(selected)}-pieces-" + hashlib.sha1(",".join(sorted(selected)).encode()).hexdigest()[:6])
        return f"{base}-{part}-{settings.paper}.pdf"
    return f"{base}-{settings.paper}.pdf"


def item_scene(item: Item, side: str = "front") -> Scene:
    """One side of an item as one scene, for its SVG (cut and fold lines on the front)."""
    parts = item.front if side == "front" else (item.back or ())
    nodes: list = [Group(part.scene.nodes, part.dx, part.dy) for part in parts]
    if side == "front":
        nodes.append(Group(tuple(item.lines)))
    return make_scene(item.w, item.h, nodes, item.bleed)


def plan(loaded: LoadedGame, settings: PieceSettings) -> list[Output]:
    """Compose every selected piece; report every problem at once."""
    from .paper import impose_items

    game = loaded.game
    selection = Selection(game, settings.only)
    ink = settings.ink
    outputs: list[Output] = []
    problems: list[str] = []
    layouts, layout_problems = load_sheet_layouts(game.root)
    if layout_problems:
        raise GameDataError(layout_problems, game.root)
    sheet_composer = SheetComposer(game, ink)
    for_die = {str(p.extra.get("for_die")): p.id for p in game.sheets if p.extra.get("for_die")}
    die_side_sets = [p for p in list(game.tokens) + list(game.tiles) if p.extra.get("die_sides")]

    def attempt(fn, *args):
        try:
            return fn(*args)
        except BuildError as exc:
            problems.append(str(exc))
        return None

    # Boards.
    sheet_pieces: list[tuple[Piece, str, SheetLayout]] = []
    for piece in game.boards:
        if not selection.wants(piece.id) or gathered(game, piece.id, piece.extra):
            continue
        layout = attempt(choose_layout, piece, "boards", layouts, game.root)
        if layout is not None:
            sheet_pieces.append((piece, "boards", layout))
        elif boards.is_track_board(piece) or boards.is_card_guide(piece):
            output = attempt(board_output, piece, game, settings)
            if output:
                outputs.append(output)
        elif not piece.extra.get("printed_on"):
            problems.append(f"board '{piece.id}': nothing says how to draw it; give it size_mm with score_track, "
                            f"loop or train_track, a grid with slots, or a sheet layout (layout: ...)")
    # Punch-out tokens and tiles.
    single, double = [], []
    token_ids: list[str] = []
    for group, pieces in (("tiles", game.tiles), ("tokens", game.tokens)):
        for piece in pieces:
            if (piece.extra.get("die_sides") or not selection.wants(piece.id)
                    or gathered(game, piece.id, piece.extra)):
                continue
            items = attempt(tile_items if group == "tiles" else token_items, piece, game, ink, settings.bleed)
            if items:
                token_ids.append(piece.id)
                (double if items[0].back is not None else single).extend(items)
    all_tokens = [p.id for p in list(game.tiles) + list(game.tokens) if not p.extra.get("die_sides")
                  and not gathered(game, p.id, p.extra)]
    for items, base, layout_name in ((single, "tokens", "punch-out"), (double, "tokens-double-sided", "duplex")):
        if items:
            ids = list(dict.fromkeys(i.piece for i in items))
            name = _file_name(base, settings, ids, all_tokens)
            pages = attempt(impose_items, items, settings.spec(), f"{game.title}: {'tokens and tiles' if base == 'tokens' else 'double-sided tokens'}")
            if pages:
                outputs.append(Output(name, "tokens", layout_name, "tokens", pages, components_for(game, ids),
                                      _item_svgs(items), settings.paper))
    # Die faces as stickers: die-side token sets, and printed dice not stood in for by a sheet.
    stickers: list[Item] = []
    sticker_ids: list[str] = []
    for piece in die_side_sets:
        if not selection.wants(piece.id) or gathered(game, piece.id, piece.extra):
            continue
        die_colour = piece.extra.get("colour")
        for kind in piece.extra.get("kinds") or []:
            for art, copies in kind_arts(kind, game):
                stickers += [sticker_item(piece.id, art, settings.die_size, die_colour, game, ink,
                                          STICKER_BLEED_MM if settings.bleed else 0.0, piece.id)] * copies
        sticker_ids.append(piece.id)
    printed_dice = [d for d in game.dice if d.id not in for_die and not gathered(game, d.id)]
    for die in printed_dice:
        if not selection.wants(die.id):
            continue
        for art in die_arts(die, game):
            stickers += [sticker_item(die.id, art, settings.die_size, die.color, game, ink,
                                      STICKER_BLEED_MM if settings.bleed else 0.0, f"die-{die.id}")] * die.count
        sticker_ids.append(die.id)
    if stickers:
        everything = [p.id for p in die_side_sets] + [d.id for d in printed_dice]
        name = _file_name("die-faces", settings, sticker_ids, everything)
        pages = attempt(impose_items, stickers, settings.spec(gap_mm=2.5),
                        f"{game.title}: die faces ({settings.die_size:g} mm)")
        if pages:
            outputs.append(Output(name, "stickers", "sticker sheet", "die faces", pages,
                                  components_for(game, sticker_ids), _item_svgs(stickers), settings.paper))
    # Cube nets for every six-sided die (not the ones a sheet stands in for).
    nets: list[Item] = []
    net_ids: list[str] = []
    netted = [d for d in game.dice if len(d.faces) == 6 and d.id not in for_die]
    for die in netted:
        if not selection.wants(die.id):
            continue
        item = attempt(net_item, die, game, settings.die_size, ink)
        if item:
            nets += [item] * net_count(game, die)
            net_ids.append(die.id)
    if nets:
        name = _file_name("dice-nets", settings, net_ids, [d.id for d in netted])
        pages = attempt(impose_items, nets, settings.spec(), f"{game.title}: dice to fold ({settings.die_size:g} mm)")
        if pages:
            outputs.append(Output(name, "dice-nets", "papercraft", "dice nets", pages,
                                  components_for(game, net_ids), _item_svgs(nets, "nets"), settings.paper))
    # Sheets.
    for piece in game.sheets:
        wanted = selection.wants(piece.id) or (piece.extra.get("for_die") and selection.wants(str(piece.extra["for_die"])))
        # A sheet is printed even when the thing it models is gathered (a notebook page laid out
        # for a bought notebook); only ``source: gather`` on the sheet itself leaves it out.
        if not wanted or str(piece.extra.get("source", "")).lower() == "gather":
            continue
        layout = attempt(choose_layout, piece, "sheets", layouts, game.root)
        if layout is None:
            if not any(piece.id in p for p in problems):
                problems.append(f"sheet '{piece.id}': no sheet layout for it; add layout: <id> naming a file in "
                                f"layouts/sheets/ (built in) or the game's layouts/sheets/")
            continue
        sheet_pieces.append((piece, "sheets", layout))
    for piece, group, layout in sheet_pieces:
        output = attempt(sheet_output, piece, layout, layouts, sheet_composer, game, settings)
        if output:
            outputs.append(output)
    if problems:
        raise BuildError("\n".join(dict.fromkeys(problems)))
    return outputs


def _item_svgs(items: list[Item], folder: str | None = None) -> dict[str, Scene]:
    svgs: dict[str, Scene] = {}
    seen: set[str] = set()
    for item in {id(i): i for i in items}.values():  # copies of a piece are the same Item object
        for side in ("front", "back") if item.back else ("front",):
            scene = item_scene(item, side)
            if scene.key in seen:
                continue
            seen.add(scene.key)
            name = _slug(item.name or (item.front[0].name if item.front and item.front[0].name else item.piece))
            name += "-back" if side == "back" else ""
            path = f"svg/{folder or item.piece}/{name}.svg"
            count = 2
            while path in svgs:
                path = f"svg/{folder or item.piece}/{name}-{count}.svg"
                count += 1
            svgs[path] = scene
    return svgs


def board_scale(piece: Piece, settings: PieceSettings, spec: PaperSpec) -> float:
    from .tiling import usable

    if boards.is_card_guide(piece) and not boards.is_track_board(piece):
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
    if boards.is_track_board(piece):
        scale = board_scale(piece, settings, spec)
        scene = boards.track_board(piece, game, settings.ink, scale, 3.0 if settings.bleed else 0.0)
        pages = board_pages(scene, spec, settings.overlap, title, piece.id)
        layout = "single page" if len(pages) == 1 else "tiled"
    else:
        guide = boards.card_guide(piece, game, settings.ink)
        scene = _fit_one_page(guide, spec)
        pages = board_pages(scene, spec, settings.overlap, title + " (layout guide)", piece.id, single_page=True)
        layout = "layout guide"
    return Output(own_file_name(game, piece.id, "board", settings.paper), "board", layout, piece.name, pages,
                  components_for(game, [piece.id]), {f"svg/{piece.id}/{piece.id}.svg": scene}, settings.paper)


def _fit_one_page(scene: Scene, spec: PaperSpec) -> Scene:
    from .tiling import usable

    best = 0.0
    for landscape in (False, True):
        uw, uh = usable(spec, landscape)
        best = max(best, min(uw / scene.width, uh / scene.height))
    scale = min(1.0, best)
    if scale >= 1.0:
        return scene
    return make_scene(scene.width * scale, scene.height * scale, [Group(scene.nodes, scale=scale)])


def _sheet_scale(item: Item, spec: PaperSpec) -> float:
    from .tiling import usable

    best = 0.0
    for landscape in (False, True):
        uw, uh = usable(spec, landscape)
        best = max(best, min(uw / item.w, uh / item.h))
    return min(1.0, best)


def _scaled_item(item: Item, scale: float) -> Item:
    from .paper import Part

    def part(p):
        scene = p.scene
        return Part(make_scene(scene.width * scale, scene.height * scale, [Group(scene.nodes, scale=scale)],
                               scene.bleed * scale), p.dx * scale, p.dy * scale, p.name)

    return Item(item.piece, item.w * scale, item.h * scale, tuple(part(p) for p in item.front),
                tuple(part(p) for p in item.back) if item.back else None,
                (Group(tuple(item.lines), scale=scale),), item.bleed * scale, item.group, item.name)


def _check_size(piece: Piece, layout: SheetLayout) -> None:
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
        raise BuildError(f"sheet '{piece.id}': size '{size}' is not a paper or card size; use A4, A5, A6, letter, "
                         f"poker ... or [width, height] in mm")
    got = layout.size_mm
    if abs(got[0] - wanted[0]) > 0.5 or abs(got[1] - wanted[1]) > 0.5:
        raise BuildError(f"sheet '{piece.id}' is {wanted[0]:g} x {wanted[1]:g} mm (size: {size}) but its layout "
                         f"'{layout.id}' is {got[0]:g} x {got[1]:g} mm; choose a layout of that size with layout:, "
                         f"or change the sheet's size")


def sheet_output(piece: Piece, layout: SheetLayout, layouts: dict[str, SheetLayout], composer: SheetComposer,
                 game: Game, settings: PieceSettings) -> Output:
    from .paper import Part, impose_items

    back_layout = None
    if layout.back:
        back_layout = layouts.get(layout.back)
        if back_layout is None:
            raise BuildError(f"sheet layout '{layout.id}': back layout '{layout.back}' does not exist "
                             f"({closest_hint(layout.back, layouts, 'sheet layout')})")
    _check_size(piece, layout)
    items: list[Item] = []
    svgs: dict[str, Scene] = {}
    back_data = piece.extra.get("back") if isinstance(piece.extra.get("back"), dict) else {}
    for copy in range(1, max(1, piece.count) + 1):
        front = composer.compose(piece, layout, copy)
        back = None
        if back_layout is not None:
            from .sheets import piece_context

            back = composer.compose(piece, back_layout, copy, "back", {**piece_context(piece), **back_data})
        w, h = front.width, front.height
        from .dice import square_cut

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
    if scale < 1.0:
        # A sheet as large as the paper is printed a little smaller, inside the printer's margins.
        items = [_scaled_item(i, scale) for i in items]
        title += f" (printed at {scale * 100:.0f} %)"
    pages = impose_items(items, settings.spec(ruler=True), title)
    sided = "duplex" if back_layout is not None else "single-sided"
    ids = [piece.id] + ([str(piece.extra["for_die"])] if piece.extra.get("for_die") else [])
    # Card-sized sheets (mats, trackers) are kept and reused: the guide says to print them on card.
    small = layout.size_mm[0] * layout.size_mm[1] < 105 * 148 - 1
    return Output(own_file_name(game, piece.id, "sheet", settings.paper), "mat" if small else "sheet", sided, piece.name, pages,
                  components_for(game, ids), svgs, settings.paper)


# --- writing ------------------------------------------------------------------------------------------


def build_pieces(loaded: LoadedGame, options, progress: Callable[[str], None] = lambda message: None) -> list:
    """Compose and write every printable piece of a game that is not a card; return the files written."""
    from ..atomic import atomic_path, write_text_atomic

    game = loaded.game
    settings = PieceSettings.from_options(options)
    out_dir = (options.out_dir or OUTPUT_DIR) / game.id
    outputs = plan(loaded, settings)
    icons = {icon_id: info.file for icon_id, info in game.icons.items() if info.file}
    written: list[WrittenFile] = []
    if "pdf" in settings.formats:
        from ..backends.pdf import write_pdf

        for output in outputs:
            progress(f"{game.id}: {output.title} -> {output.name}")
            with atomic_path(out_dir / output.name) as temp:
                count = write_pdf(temp, output.pages, icons, f"{game.title}: {output.title}")
            written.append(WrittenFile(output.name, output.pieces, output.kind, count, output.paper, output.layout))
    if "svg" in settings.formats and any(output.svgs for output in outputs):
        from ..backends.svg import scene_svg

        copy_fonts(out_dir / "svg" / "fonts")
        for output in outputs:
            if output.svgs:
                progress(f"{game.id}: {output.title} -> {len(output.svgs)} SVG files")
            for rel, scene in output.svgs.items():
                write_text_atomic(out_dir / rel, scene_svg(scene, icons, font_dir="../fonts", bleed=settings.bleed))
                written.append(WrittenFile(rel, output.pieces, f"{output.kind}-svg", 1, None, "single"))
    return written
