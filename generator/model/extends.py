"""Card layouts (built in, and the game's own): reading layout files and resolving ``extends``.
Sheet layouts (generator.model.sheet_layouts) use the same reader and resolver."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from ..errors import Problem
from ..paths import LAYOUTS_DIR
from ..suggest import closest_hint
from .files import inside
from .layouts import Layout, merge_layout
from .problems import Sources, _validation_problems
from .safeyaml import Document, YamlRefused, read_yaml


def read_layout_files(dirs: list[Path], problems: list[Problem], what: str = "layout",
                      root: Path | None = None) -> dict[str, tuple[dict, Document]]:
    """Raw layout data by id (default: the file name), later folders replacing earlier ones.
    ``root``: the folder every folder and file read must resolve inside (the game's folder, or
    the installation's layouts/); by default each folder itself."""
    raw: dict[str, tuple[dict, Document]] = {}
    for folder in dirs:
        if not folder.is_dir():
            continue
        within = root if root is not None else folder
        if not inside(folder, within):  # a symlinked layouts/ (or layouts/sheets/) leads elsewhere
            problems.append(Problem(f"the {what} folder links outside {_named(within)}", file=folder,
                                    hint="copy the layouts into the folder instead of linking it"))
            continue
        for file in sorted(folder.glob("*.yaml")):
            if not inside(file, folder) or not inside(file, within):
                problems.append(Problem(f"{what} file links outside its folder", file=file,
                                        hint="copy the file into the folder instead of linking it"))
                continue
            try:
                doc = read_yaml(file)
            except YamlRefused as exc:
                problems.append(exc.problem)
                continue
            if not isinstance(doc.data, dict):
                problems.append(Problem(f"a {what} file must be a mapping", file=file, line=1, column=1))
                continue
            shape = _shape_problems(doc, what)
            if shape:
                problems.extend(shape)
                continue
            data = dict(doc.data)
            data.setdefault("id", file.stem)
            raw[data["id"]] = (data, doc)
    return raw


def _shape_problems(doc: Document, what: str) -> list[Problem]:
    """The keys ``extends`` resolution reads before validation (id, extends, remove, regions and
    their ids) must have their types, or a layout of the wrong shape would stop the merge."""
    found: list[Problem] = []
    data = doc.data

    def wrong(path: tuple, expected: str, value: Any) -> None:
        line, column = doc.values.get(path, doc.keys.get(path, (None, None)))
        shown = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
        found.append(Problem(f"expected {expected}, found {_kind(value)}", file=doc.file, line=line,
                             column=column, path=shown, hint=f"see the built-in {what}s in layouts/ for examples"))

    for key in ("id", "extends"):
        if key in data and not isinstance(data[key], str):
            wrong((key,), f"the name of a {what}" if key == "extends" else "a word", data[key])
    remove = data.get("remove")
    if remove is not None:
        if not isinstance(remove, list):
            wrong(("remove",), "a list of region ids", remove)
        else:
            for index, value in enumerate(remove):
                if not isinstance(value, str):
                    wrong(("remove", index), "a region id", value)
    regions = data.get("regions")
    if regions is not None:
        if not isinstance(regions, list):
            wrong(("regions",), "a list of regions", regions)
        else:
            for index, region in enumerate(regions):
                if isinstance(region, dict) and "id" in region and not isinstance(region["id"], str):
                    wrong(("regions", index, "id"), "a word", region["id"])
    return found


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"'{value}' (true/false)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"'{value}'"


def _named(root: Path) -> str:
    return "the installation's layouts/ folder" if root == LAYOUTS_DIR else "the game folder"


def load_layout_set(builtin_dir: Path, own_dir: Path | None, model: type[BaseModel], problems: list[Problem],
                    what: str = "layout", game_root: Path | None = None) -> dict:
    """The one layout loader, for card and sheet layouts alike: the built-in layouts, then the
    game's own (which replace built-ins of the same id and may extend them), each resolved
    through ``extends`` and validated; a problem in an inherited key is reported once, at the
    layout that wrote it."""
    builtin, builtin_layouts, builtin_problems = _builtin_set(builtin_dir, model, what)
    problems.extend(builtin_problems)
    own = read_layout_files([own_dir], problems, what, root=game_root) if own_dir is not None else {}
    raw = dict(builtin)
    for layout_id, entry in own.items():
        if layout_id in builtin:  # the game's layout replaces the built-in, which it may extend
            raw[BUILTIN + layout_id] = builtin[layout_id]
        raw[layout_id] = entry
    own_layouts = _validated(raw, own, model, problems, what)
    return {layout_id: own_layouts[layout_id] if layout_id in own else builtin_layouts[layout_id]
            for layout_id in raw
            if layout_id in own_layouts or (layout_id not in own and layout_id in builtin_layouts)}


# Built-in layouts by (folder, model, kind): the files' stamps when read, the raw data, the
# validated layouts and their problems. Every game load needs them (three times the starter
# game's own files); they are read again only when a file in the folder changes.
_BUILTIN_SETS: dict[tuple, tuple[tuple, dict, dict, list[Problem]]] = {}


def _builtin_set(folder: Path, model: type[BaseModel], what: str) -> tuple[dict, dict, list[Problem]]:
    try:
        stamps = tuple((f.name, f.stat().st_mtime_ns, f.stat().st_size) for f in sorted(folder.glob("*.yaml")))
    except OSError:
        stamps = ()
    key = (folder, model, what)
    kept = _BUILTIN_SETS.get(key)
    if kept is None or kept[0] != stamps or not stamps:
        problems: list[Problem] = []
        raw = read_layout_files([folder], problems, what, root=LAYOUTS_DIR)
        kept = _BUILTIN_SETS[key] = (stamps, raw, _validated(raw, raw, model, problems, what), problems)
    return kept[1], kept[2], list(kept[3])


def _validated(raw: dict, ids: Iterable[str], model: type[BaseModel], problems: list[Problem], what: str) -> dict:
    """The layouts named by ``ids``, each resolved through ``extends`` over ``raw`` and validated."""
    layouts: dict = {}
    reported: set[tuple] = set()
    for layout_id in ids:
        doc = raw[layout_id][1]
        resolved = resolve_extends(layout_id, raw, doc, problems, what)
        if resolved is None:
            continue
        resolved["source"] = doc.file
        sources = Sources()
        sources.add(doc, lambda p: p)
        try:
            layouts[layout_id] = model.model_validate(resolved)
        except ValidationError as exc:
            for found in _validation_problems(exc, model, sources, resolved):
                # A key inherited from a parent layout is the parent's problem: report it once.
                owner = _owner(layout_id, raw, found.path)
                if owner != layout_id:
                    continue
                key = (found.file, found.line, found.column, found.message)
                if key not in reported:
                    reported.add(key)
                    problems.append(found)
    return layouts


def load_layouts(root: Path | None, problems: list[Problem]) -> dict[str, Layout]:
    """Built-in card layouts (layouts/cards/), then the game's own (its layouts/)."""
    return load_layout_set(LAYOUTS_DIR / "cards", root / "layouts" if root is not None else None, Layout, problems,
                           game_root=root)


BUILTIN = "builtin:"  # key of a built-in layout that a game's layout of the same id replaces


def _owner(layout_id: str, raw: dict, path: str) -> str:
    """The layout in the extends chain whose own file sets the first key of a problem's path."""
    first = path.split(".")[0].split("[")[0]
    current = layout_id
    seen = set()
    while current in raw and current not in seen:
        seen.add(current)
        data = raw[current][0]
        if not first or first in data:
            return current
        current = data.get("extends")
    return layout_id


def resolve_extends(layout_id: str, raw: dict, doc: Document, problems: list[Problem],
                    what: str = "layout") -> dict | None:
    """A layout's raw data merged over its `extends` chain (card and sheet layouts alike), or
    None with a problem when the chain loops or names a layout that does not exist."""
    chain = [layout_id]
    data = raw[layout_id][0]
    stack = [data]
    while data.get("extends"):
        parent = data["extends"]
        if parent == chain[-1] and BUILTIN + parent in raw:  # `poker` extending `poker`: the built-in one
            parent = BUILTIN + parent
        if parent in chain:
            line, col = doc.keys.get(("extends",), (None, None))
            problems.append(Problem(f"{what}s extend each other in a loop: {' -> '.join(chain + [parent])}",
                                    file=doc.file, line=line, column=col, path="extends"))
            return None
        if parent not in raw:
            line, col = doc.keys.get(("extends",), (None, None))
            problems.append(Problem(f"{what} '{layout_id}' extends '{parent}', which does not exist",
                                    file=raw[chain[-1]][1].file, line=line, column=col, path="extends",
                                    hint=closest_hint(parent, raw, what)))
            return None
        chain.append(parent)
        data = raw[parent][0]
        stack.append(data)
    merged: dict[str, Any] = {}
    for layer in reversed(stack):
        merged = merge_layout(merged, layer) if merged else {k: v for k, v in layer.items()}
    merged["id"] = layout_id
    merged["extends"] = raw[layout_id][0].get("extends")
    merged.pop("remove", None)
    return merged


@lru_cache(maxsize=256)
def locate_region(source: Path | None, region_id: str, key: str = "value") -> tuple[int | None, int | None, str]:
    """Where a region's ``key`` is written in a layout file: (line, column, field path), for
    errors found while rendering. The region may sit in nested regions lists; a region the file
    does not write itself (inherited through ``extends``) gives (None, None, "")."""
    if source is None:
        return None, None, ""
    try:
        doc = read_yaml(source)
    except YamlRefused:
        return None, None, ""

    def search(value: Any, path: tuple) -> tuple | None:
        children: Iterable[tuple[Any, Any]]  # (key or index, value)
        if isinstance(value, dict):
            if value.get("id") == region_id and len(path) >= 2 and isinstance(path[-1], int):
                return path
            children = value.items()
        elif isinstance(value, list):
            children = enumerate(value)
        else:
            return None
        for child_key, child in children:
            found = search(child, path + (child_key,))
            if found is not None:
                return found
        return None

    found = search(doc.data, ())
    if found is None:
        return None, None, ""
    full = found + (key,) if (found + (key,)) in doc.values else found
    line, column = doc.values.get(full, (None, None))
    shown = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in full).lstrip(".")
    return line, column, shown
