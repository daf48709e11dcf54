"""A sheet's own keys checked against what draws them, so a misspelt key (``feilds:``) is an error
with its place and a "did you mean" rather than data the build silently ignores.

A sheet (``sheets:``) types the keys every sheet shares (generator/model/pieces.py: ``size``,
``orientation``, ``for_die``, ``back``, ``source`` and the common ``id``, ``name``, ``count``,
``layout``, ``rule``, ``note``, ``sample``); the rest is data for its sheet layout. Each of those
keys must be read by the layout chosen for the sheet (sheet_layouts.choose_sheet_layout), by its
``back`` layout, or be one of ``READ_ELSEWHERE``. A layout reads a key by:

- ``sheet.key``, ``sheet['key']``, ``sheet.get('key')`` or ``'key' in sheet`` in any template or
  expression of any region, nested ``repeat`` regions included (``piece`` is the sheet too);
- ``game.pieces[...].key`` in any sheet layout of the game (a layout reading another piece);
- ``applies_to: {has: [key]}``.

A layout that reads the sheet whole (``sheet.items()``, ``sheet[name]`` with a computed name,
``sheet`` handed to a filter or a loop) may read any key: its sheets are not checked. The keys of
a sheet's ``back:`` mapping are data for its back layout only, which must read each of them.

A sheet whose layout cannot be chosen is left to the build, which says why; only a key close to
one a layout's ``applies_to`` names (``feilds:`` for field-list's ``fields``) is reported here, as
the likely reason. A sheet players gather (``source: gather``) is drawn by nothing and not checked.
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any

from ..errors import BuildError, Problem
from ..suggest import did_you_mean
from .game import Game
from .problems import Sources, _format_path
from .sheet_layouts import Region, SheetLayout, choose_sheet_layout, load_sheet_layouts

# Keys a sheet may hold that no layout needs to draw, because something else reads them: the one
# place they are allowed. Each says who reads it.
READ_ELSEWHERE: dict[str, str] = {
    "icon": "the rulebook's component list shows the piece's icon (rulebook/context.py)",
    # Facts about the printed piece that `referee ask` answers from (its rules index reads every
    # key of a sheet as text, referee/ask/index_data.py); they describe the sheet, nothing draws them.
    "character": "the character whose sheet it is (Runeblade)",
    "per_player": "how many of the sheet each player uses",
    "maximum": "the highest value of a track",
    "pointer": "what marks the value on a track",
    "track_layout": "how the track runs, in words",
    "fields": "what the sheet holds, in words (field-list draws it as its fields)",
    "socket_size_mm": "the size of a die mat's sockets",
}

# The names a sheet layout sees the sheet under (generator/pieces/sheets.py SheetComposer.compose).
SHEET_NAMES = frozenset({"sheet", "piece"})
# A region's values the sheet composer evaluates: templates (rendered) and expressions (evaluated);
# every other field is a plain setting. tests/test_sheet_keys.py keeps this in step with Region.
TEMPLATE_FIELDS = ("value", "header", "cell_value", "fill", "stroke", "shade_fill", "header_fill")
EXPRESSION_FIELDS = ("when", "count", "per_row", "labels", "icons", "shade", "shade_labels", "captions",
                     "each", "weight", "at", "columns", "rows", "column_width", "header_line", "cell_box",
                     "nodes", "start")
WHOLE = None  # a read of the whole sheet (every key may be read)


@lru_cache(maxsize=1)
def _parser():
    from ..scene.templates import environment  # jinja2 lives there

    return environment()


@lru_cache(maxsize=4096)
def _reads_of(source: str, template: bool) -> frozenset[tuple[str, str | None]]:
    """What one template or expression reads: (name, key) for ``name.key`` / ``name['key']``,
    (name, WHOLE) for a name used otherwise, ("game.pieces", key) for ``game.pieces[x].key``."""
    from ..scene.templates import TemplateError

    if not any(name in source for name in ("sheet", "piece")):
        return frozenset()  # names the sheet under neither of its names: nothing of the sheet's
    found: set[tuple[str, str | None]] = set()
    try:
        _walk(_parser().parse(source if template else "{{ (" + source + ") }}"), found)
    except (TemplateError, RecursionError):
        return frozenset({("*", WHOLE)})  # unreadable: the build reports it; assume it reads anything
    return frozenset(found)


def _kind(node: Any) -> str:
    return type(node).__name__


def _const_text(node: Any) -> str | None:
    return node.value if _kind(node) == "Const" and isinstance(node.value, str) else None


def _named(node: Any) -> str | None:
    return node.name if _kind(node) == "Name" else None


def _key_of(node: Any) -> tuple[Any, str | None] | None:
    """For ``x.key`` or ``x['key']``: (x, 'key'); (x, None) for ``x[computed]``; None otherwise."""
    if _kind(node) == "Getattr":
        return node.node, node.attr
    if _kind(node) == "Getitem":
        return node.node, _const_text(node.arg)
    return None


def _is_game_pieces(access: tuple[Any, str | None] | None) -> bool:
    """Whether an access is ``game.pieces[<id>]`` (``access`` as _key_of gives it)."""
    if access is None:
        return False
    outer = _key_of(access[0])
    return outer is not None and _named(outer[0]) == "game" and outer[1] == "pieces"


def _walk(node: Any, found: set) -> None:
    access = _key_of(node)
    if access is not None:
        base, key = access
        name = _named(base)
        if name is not None:
            if key in ("items", "keys", "values"):
                found.add((name, WHOLE))
            elif key != "get":  # sheet.get('key') is read at the Call
                found.add((name, key))
            if _kind(node) == "Getitem":
                _walk(node.arg, found)
            return
        if _is_game_pieces(_key_of(base)):  # game.pieces[<id>].key
            found.add(("game.pieces", key))
    called = _key_of(node.node) if _kind(node) == "Call" else None  # x.method(...)
    if called is not None:
        base, method = called
        if _named(base) is not None and method == "get":  # sheet.get('key'); sheet.get(name) reads any
            found.add((_named(base), _const_text(node.args[0]) if node.args else WHOLE))
    if _kind(node) == "Compare" and len(node.ops) == 1 and node.ops[0].op in ("in", "notin"):
        name, key = _named(node.ops[0].expr), _const_text(node.expr)
        if name is not None and key is not None:  # 'key' in sheet
            found.add((name, key))
            return
    if _kind(node) == "Name":
        found.add((node.name, WHOLE))
    for child in node.iter_child_nodes():
        _walk(child, found)


def _region_reads(region: Region, names: frozenset[str], keys: set[str], pieces: set[str]) -> bool:
    """Add the sheet keys a region (and its nested regions) reads; False when it reads the sheet whole."""
    sources = [(getattr(region, f), True) for f in TEMPLATE_FIELDS]
    sources += [(getattr(region, f), False) for f in EXPRESSION_FIELDS]
    sources += [(value, False) for value in region.box]
    if region.kind == "table" and region.header is None:
        sources.append(("{{ column.label if column.label is defined else column }}", True))
    for source, template in sources:
        if not isinstance(source, str):
            continue  # a number, list or mapping is taken as written
        for name, key in _reads_of(source, template):
            if name == "game.pieces" and key is not None:
                pieces.add(key)
            elif name in names or name == "*":
                if key is WHOLE:
                    return False
                keys.add(key)
    inner = names - {region.as_} if region.kind == "repeat" else names  # `as: sheet` hides the sheet
    return all(_region_reads(child, inner, keys, pieces) for child in region.regions)


def layout_reads(layout: SheetLayout) -> tuple[set[str] | None, set[str]]:
    """The sheet keys a layout reads (None: it reads the sheet whole), and the keys it reads of
    any piece through ``game.pieces``."""
    keys: set[str] = set(layout.applies_to.has) if layout.applies_to else set()
    pieces: set[str] = set()
    whole = not all(_region_reads(region, SHEET_NAMES, keys, pieces) for region in layout.regions)
    return (None if whole else keys), pieces


def _near_a_choosing_key(sheet_id: str, own: list[str], layouts: dict[str, SheetLayout]) -> list[tuple]:
    """For a sheet no layout applies to: its keys close to a key some layout's ``applies_to``
    names (``feilds:`` for field-list's ``fields``), the likely reason none applies."""
    choosing = {key: layout.id for layout in layouts.values() if layout.applies_to
                and layout.applies_to.group == "sheets" for key in layout.applies_to.has}
    found = []
    for key in own:
        near = None if key in choosing else difflib.get_close_matches(key, list(choosing), n=1, cutoff=0.6)
        if near:
            found.append((key, f"sheet '{sheet_id}': no sheet layout applies to it, and key '{key}' is read by nothing",
                          f"did you mean '{near[0]}'? (layout '{choosing[near[0]]}' draws sheets with "
                          f"'{near[0]}'); or name a layout with layout:"))
    return found


def _unread(sheet_id: str, keys: list[str], read: set[str], allowed: set[str], what: str,
            typed: set[str]) -> list[tuple]:
    """(key, message, hint) for each key that is not allowed; ``what`` names the layout(s)."""
    shown = sorted(read - typed)
    return [(key, f"sheet '{sheet_id}': key '{key}' is read by nothing: {what} does not draw it",
             did_you_mean(key, shown + sorted(typed) + sorted(READ_ELSEWHERE))
             or f"its layout reads: {', '.join(shown) or 'none of its own keys'}; to print the key, "
                f"draw it in a layout of the game's own (layouts/sheets/), or remove it")
            for key in keys if key not in allowed]


def check_sheet_keys(game: Game, sources: Sources) -> list[Problem]:
    """A problem for each key of a sheet that neither its layout, its back layout nor anything in
    READ_ELSEWHERE reads (and each key of its ``back:`` data its back layout does not read), at
    the key's file:line:column, with a "did you mean"."""
    if not game.sheets:
        return []
    layouts, layout_problems = load_sheet_layouts(game.root)
    if layout_problems:
        return []  # the build's plan reports a broken layout, as it always has
    reads = {layout_id: layout_reads(layout) for layout_id, layout in layouts.items()}
    any_piece = set().union(*(pieces for _keys, pieces in reads.values()))
    typed = set(type(game.sheets[0]).model_fields)
    problems: list[Problem] = []
    for index, sheet in enumerate(game.sheets):
        own = list(sheet.model_extra or {})
        back_data = list(sheet.back or {})
        if not (own or back_data) or sheet.source == "gather":
            continue
        try:
            layout = choose_sheet_layout(sheet, "sheets", layouts, game.root)
        except BuildError:
            continue  # no layout of that name, or two fit: the build says so
        found: list[tuple] = []
        if layout is None:
            found = [((key,), *rest) for key, *rest in _near_a_choosing_key(sheet.id, own, layouts)]
        else:
            back = layouts.get(layout.back) if layout.back else None
            front_read, back_read = reads[layout.id][0], reads[back.id][0] if back else set()
            if front_read is not None and back_read is not None:  # else a layout reads the sheet whole
                read = front_read | back_read
                what = f"its sheet layout '{layout.id}'" + (f" (back: '{back.id}')" if back else "")
                found = [((key,), *rest) for key, *rest in _unread(
                    sheet.id, own, read, read | set(READ_ELSEWHERE) | any_piece, what, typed)]
            if back is not None and back_read is not None:  # the back's own data, drawn on the back only
                found += [(("back", key), *rest) for key, *rest in _unread(
                    sheet.id, back_data, back_read, back_read, f"its back layout '{back.id}'", typed)]
        for where, message, hint in found:
            path = ("sheets", index, *where)
            file, line, column = sources.locate(path, key=True)
            problems.append(Problem(message, file=file, line=line, column=column, path=_format_path(path),
                                    hint=hint))
    return problems
