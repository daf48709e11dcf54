"""What to print of a game's pieces that are not cards: boards, punch-out tokens and tiles,
die-face stickers, cube nets and sheets, each composed and put on paper as an ``Output``.
Everything is composed before the first file is written, and every problem is reported at once.

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

from ..errors import BuildError, GameDataError
from ..model.game import Game, Piece
from ..model.loader import LoadedGame
from ..model.locate import piece_place
from ..model.sheet_layouts import SheetLayout, choose_sheet_layout, load_sheet_layouts
from ..paper.gang import Gangable
from ..paper.items import Item, impose_items
from ..paper.output import Output, file_name
from ..scene.draw import make_scene
from ..scene.nodes import Group, Scene
from ..suggest import closest_hint
from . import board as boards
from .dice import die_sticker_items, kind_arts, net_item, sticker_item
from .outputs import board_output, components_for, display_name, sheet_output
from .punch import tile_items, token_items
from .settings import PieceSettings
from .sheets import SheetComposer

STICKER_BLEED_MM = 1.0


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


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "face"


def _file_stem(base: str, settings: PieceSettings, selected: list[str], everything: list[str]) -> str:
    if settings.only and set(selected) != set(everything):
        part = "-".join(sorted(selected)) if len(selected) <= 3 else (
            f"{len(selected)}-pieces-" + hashlib.sha1(",".join(sorted(selected)).encode()).hexdigest()[:6])
        return f"{base}-{part}"
    return base


def _file_name(base: str, settings: PieceSettings, selected: list[str], everything: list[str]) -> str:
    return file_name(_file_stem(base, settings, selected, everything), settings.paper)


def item_scene(item: Item, side: str = "front") -> Scene:
    """One side of an item as one scene, for its SVG (cut and fold lines on the front)."""
    parts = item.front if side == "front" else (item.back or ())
    nodes: list = [Group(part.scene.nodes, part.dx, part.dy) for part in parts]
    if side == "front":
        nodes.append(Group(tuple(item.lines)))
    return make_scene(item.w, item.h, nodes, item.bleed)


PLACED = re.compile(r"^\S+:\d+:\d+: ")  # 'pieces.yaml:12:5: ...': the message already says where
PIECE_SECTIONS = ("boards", "tokens", "tiles", "sheets", "dice")


def _located(game: Game, piece: Piece | None, message: str, field: tuple = ()) -> str:
    """A problem found while drawing a piece, placed at the piece's key (or the piece) in the YAML."""
    if piece is None or PLACED.match(message):
        return message
    for section in PIECE_SECTIONS:
        place = piece_place(game.root, section, piece.id, field)
        if place:
            return place + message
    return message


def plan(loaded: LoadedGame, settings: PieceSettings) -> list[Output]:
    """Compose every selected piece; report every problem at once."""
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
        piece = next((a for a in args if isinstance(a, Piece)), None)
        try:
            return fn(*args)
        except BuildError as exc:
            problems.append(_located(game, piece, str(exc), exc.field))
        except (TypeError, ValueError, LookupError, AttributeError, ArithmeticError) as exc:
            # data of a shape validation let through (a space size of null ...): a message, not a traceback
            subject = f"'{piece.id}'" if piece is not None else getattr(fn, "__name__", "a piece")
            problems.append(_located(game, piece, f"{subject}: its data cannot be drawn ({type(exc).__name__}: {exc}); "
                                                  f"check the values of {subject} in the game files"))
        return None

    # Boards.
    sheet_pieces: list[tuple[Piece, str, SheetLayout]] = []
    piece: Piece  # a board, token, tile or sheet in turn, each loop below over one kind
    for piece in game.boards:
        if not selection.wants(piece.id) or gathered(game, piece.id, piece.extra):
            continue
        layout = attempt(choose_sheet_layout, piece, "boards", layouts, game.root)
        if layout is not None:
            sheet_pieces.append((piece, "boards", layout))
        elif boards.is_drawn_board(piece) or boards.is_card_guide(piece):
            output = attempt(board_output, piece, game, settings)
            if output:
                outputs.append(output)
        elif not piece.extra.get("printed_on"):
            problems.append(f"{piece_place(game.root, 'boards', piece.id)}board '{piece.id}': nothing says how to draw it; give it size_mm with score_track, "
                            f"loop or train_track, a grid (cell_mm) or hex map, an image or regions, a grid with "
                            f"slots, or a sheet layout (layout: ...)")
    # Punch-out tokens and tiles.
    single: list[Item] = []  # token and tile faces printed on one side
    double: list[Item] = []  # and on both
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
    for items, base in ((single, "tokens"), (double, "tokens-double-sided")):
        if items:
            ids = list(dict.fromkeys(i.piece for i in items))
            stem = _file_stem(base, settings, ids, all_tokens)
            name, layout_name, paper = (file_name(stem, settings.paper), "punch-out", settings.paper) if items is single \
                else settings.double_sided(stem)
            pages = attempt(impose_items, items, settings.spec(), f"{game.title}: {'tokens and tiles' if base == 'tokens' else 'double-sided tokens'}")
            if pages:
                own = {p.id: p.name for p in list(game.tiles) + list(game.tokens)}
                names = {i: display_name(game, i, own.get(i, i)) for i in ids}
                gang = Gangable("card", items is double, "tokens", items=items, names=names)
                outputs.append(Output(name, "tokens", layout_name, "tokens", pages, components_for(game, ids),
                                      _item_svgs(items), paper, gang=gang))
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
        stickers += die_sticker_items(die, game, settings.die_size, ink, STICKER_BLEED_MM if settings.bleed else 0.0)
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
        layout = attempt(choose_sheet_layout, piece, "sheets", layouts, game.root)
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
