"""The one place that reads game YAML: a game folder becomes a validated, immutable Game.

Every problem is collected and reported together (GameDataError), each with file:line:column,
the field path, what was expected and what was found, and a "did you mean" where a name is close.
"""
from __future__ import annotations

import os
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import GameDataError, Problem
from .layouts import Layout, merge_layout
from .model import Game, number_rules
from .paths import CONTENT_DIR, LAYOUTS_DIR
from .safeyaml import Document, YamlRefused, read_yaml
from .suggest import closest_hint, did_you_mean

MAX_FILES = 500
MAX_DECK_CARDS = 10_000
ICON_PATTERN = re.compile(r":([a-z0-9][a-z0-9-]*):")
RULE_REF_PATTERN = re.compile(r"\[\[([^\]]*)\]\]")
# Card, back and piece fields holding a file path; checked to stay inside the game folder.
PATH_FIELDS = ("image", "art", "file", "font", "data")
# Text is data, not markup: HTML tags and URL schemes that could fetch or run something are refused.
HTML_PATTERN = re.compile(
    r"<[/!?]?[a-zA-Z][^>]*>"  # a tag: '<' straight before a name ('a < b and c > d' is prose)
    r"|\b(?:file|javascript|vbscript):\S"  # a URL scheme that fetches or runs something
    r"|\bdata:[a-z]+/[a-z0-9.+-]+[;,]",  # a data: URI ('score data: one line' is prose)
    re.IGNORECASE)
CONTROL_PATTERN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass
class Sources:
    """Where each value of the merged game data came from."""

    values: dict[tuple, tuple[Path, int, int]] = field(default_factory=dict)
    keys: dict[tuple, tuple[Path, int, int]] = field(default_factory=dict)

    def add(self, doc: Document, remap) -> None:
        for path, (line, col) in doc.values.items():
            if path == () and () in self.values:
                continue  # the merged game's root stays in the first file read: game.yaml
            self.values[remap(path)] = (doc.file, line, col)
        for path, (line, col) in doc.keys.items():
            self.keys[remap(path)] = (doc.file, line, col)

    def locate(self, path: tuple, key: bool = False) -> tuple[Path | None, int | None, int | None]:
        table = self.keys if key else self.values
        probe = tuple(path)
        while True:
            if probe in table:
                return table[probe]
            if key and probe in self.values:
                return self.values[probe]
            if not probe:
                return (None, None, None)
            probe = probe[:-1]


@dataclass
class LoadedGame:
    game: Game
    layouts: dict[str, Layout]


def find_game_dir(ref: str | Path) -> Path:
    """A game id under content/, or a path to a game folder."""
    path = Path(ref).expanduser()
    if path.is_dir():
        return path.resolve()
    candidate = CONTENT_DIR / str(ref)
    if candidate.is_dir() and re.fullmatch(r"[a-z0-9][a-z0-9-]*", str(ref)):
        return candidate.resolve()
    known = list_game_ids()
    hint = did_you_mean(str(ref), known) or (
        f"known games: {', '.join(known)}; or give the path to a game folder" if known
        else "give the path to a game folder (one with a game.yaml)"
    )
    raise GameDataError([Problem(f"no game '{ref}'", hint=hint)])


def list_game_ids() -> list[str]:
    if not CONTENT_DIR.is_dir():
        return []
    return sorted(p.name for p in CONTENT_DIR.iterdir() if (p / "game.yaml").is_file())


def load_game(ref: str | Path) -> Game:
    return load(ref).game


def load(ref: str | Path) -> LoadedGame:
    root = find_game_dir(ref)
    problems: list[Problem] = []
    sources = Sources()
    data = _read_game_files(root, problems, sources)
    layouts = load_layouts(root, problems)
    if problems:
        raise GameDataError(problems, root)
    data.setdefault("id", root.name)
    data["icons"] = _discover_icons(root, data.get("icons"), problems, sources)
    try:
        game = Game.model_validate(data)
    except ValidationError as exc:
        problems.extend(_validation_problems(exc, Game, sources, data))
        raise GameDataError(problems, root) from None
    game = game.model_copy(update={"root": root, "rule_numbers": number_rules(game.rules)})
    problems.extend(check_references(game, layouts, sources))
    if problems:
        raise GameDataError(problems, root)
    return LoadedGame(game=game, layouts=layouts)


# --- reading and merging files -------------------------------------------------------------


def _game_files(root: Path) -> list[Path]:
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        dirnames[:] = sorted(
            d for d in dirnames
            if not d.startswith(".") and not (here == root and d in ("layouts", "icons"))
        )
        files.extend(here / f for f in sorted(filenames) if f.endswith((".yaml", ".yml")))
    main = root / "game.yaml"
    return [main] + [f for f in files if f != main]


def _read_game_files(root: Path, problems: list[Problem], sources: Sources) -> dict[str, Any]:
    if not (root / "game.yaml").is_file():
        problems.append(Problem(
            "this folder has no game.yaml", file=root,
            hint="every game folder starts with game.yaml (try `cards new NAME` for a template)",
        ))
        return {}
    files = _game_files(root)
    if len(files) > MAX_FILES:
        problems.append(Problem(f"{len(files)} YAML files; a game may have at most {MAX_FILES}", file=root))
        return {}
    merged: dict[str, Any] = {}
    for file in files:
        if not _inside(file, root):
            problems.append(Problem("file links outside the game folder", file=file,
                                    hint="copy the file into the game folder instead of linking it"))
            continue
        try:
            doc = read_yaml(file)
        except YamlRefused as exc:
            problems.append(exc.problem)
            continue
        if not isinstance(doc.data, dict):
            line, col = doc.values.get((), (1, 1))
            problems.append(Problem("the top level of a game file must be a mapping (key: value)",
                                    file=file, line=line, column=col))
            continue
        _merge_document(merged, doc, problems, sources)
        sources.values.setdefault((), (file, 1, 1))  # an empty game.yaml still locates the root
    return merged


def _merge_document(merged: dict, doc: Document, problems: list[Problem], sources: Sources) -> None:
    offsets: dict[str, int] = {}
    for key, value in doc.data.items():
        if key not in merged:
            merged[key] = value
            offsets[key] = 0
        elif isinstance(merged[key], list) and isinstance(value, list):
            offsets[key] = len(merged[key])
            merged[key] = merged[key] + value
        elif isinstance(merged[key], dict) and isinstance(value, dict):
            clash = sorted(set(merged[key]) & set(value))
            if clash:
                line, col = doc.keys.get((key, clash[0]), (None, None))
                problems.append(Problem(f"'{key}.{clash[0]}' is defined in two files", file=doc.file,
                                        line=line, column=col, hint="keep one definition"))
            merged[key] = {**merged[key], **value}
            offsets[key] = 0
        else:
            line, col = doc.keys.get((key,), (None, None))
            problems.append(Problem(f"top-level key '{key}' is already set in another file",
                                    file=doc.file, line=line, column=col,
                                    hint="lists (decks, rules ...) may be split over files; single values may not"))
            offsets[key] = 0

    def remap(path: tuple) -> tuple:
        if len(path) >= 2 and isinstance(path[1], int) and offsets.get(path[0]):
            return (path[0], path[1] + offsets[path[0]]) + path[2:]
        return path

    sources.add(doc, remap)


def _inside(path: Path, *roots: Path) -> bool:
    try:
        resolved = path.resolve()
    except OSError:
        return False
    return any(resolved.is_relative_to(r.resolve()) for r in roots)


def _discover_icons(root: Path, declared: Any, problems: list[Problem], sources: Sources) -> Any:
    icons: dict[str, Any] = dict(declared) if isinstance(declared, dict) else {}
    if declared is not None and not isinstance(declared, dict):
        return declared  # let validation report the wrong type
    icon_dir = root / "icons"
    found = {}
    if icon_dir.is_dir():
        for svg in sorted(icon_dir.glob("*.svg")):
            if not _inside(svg, root):
                problems.append(Problem("icon links outside the game folder", file=svg))
                continue
            found[svg.stem] = svg.resolve()
    from .icons import IconError, read_icon  # stdlib only; every icon is read once, here

    for icon_id, path in list(found.items()):
        try:
            read_icon(path)
        except IconError as exc:
            problems.append(Problem(str(exc).split(": ", 1)[-1], file=path,
                                    hint="icons use a small, safe part of SVG: see generator/icons.py"))
            del found[icon_id]
    for icon_id, path in found.items():
        entry = icons.get(icon_id)
        entry = dict(entry) if isinstance(entry, dict) else {}
        entry["file"] = path
        icons[icon_id] = entry
    for icon_id in list(icons):
        if icon_id not in found:
            file, line, col = sources.locate(("icons", icon_id), key=True)
            problems.append(Problem(
                f"icon '{icon_id}' is declared but icons/{icon_id}.svg does not exist",
                file=file, line=line, column=col, path=f"icons.{icon_id}",
                hint=did_you_mean(icon_id, found) or f"add icons/{icon_id}.svg to the game folder",
            ))
    return icons


# --- layouts --------------------------------------------------------------------------------


def read_layout_files(dirs: list[Path], problems: list[Problem], what: str = "layout") -> dict[str, tuple[dict, Document]]:
    """Raw layout data by id (default: the file name), later folders replacing earlier ones."""
    raw: dict[str, tuple[dict, Document]] = {}
    for folder in dirs:
        if not folder.is_dir():
            continue
        for file in sorted(folder.glob("*.yaml")):
            if not _inside(file, folder):
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
            data = dict(doc.data)
            data.setdefault("id", file.stem)
            raw[data["id"]] = (data, doc)
    return raw


def load_layouts(root: Path | None, problems: list[Problem]) -> dict[str, Layout]:
    """Built-in card layouts, then the game's own (which replace built-ins of the same id)."""
    builtin = read_layout_files([LAYOUTS_DIR / "cards"], problems)
    own = read_layout_files([root / "layouts"], problems) if root is not None else {}
    raw = dict(builtin)
    for layout_id, entry in own.items():
        if layout_id in builtin:  # the game's layout replaces the built-in, which it may extend
            raw[BUILTIN + layout_id] = builtin[layout_id]
        raw[layout_id] = entry
    layouts: dict[str, Layout] = {}
    reported: set[tuple] = set()
    for layout_id, (data, doc) in raw.items():
        if layout_id.startswith(BUILTIN):
            continue  # only a parent of the game's layout of the same name
        resolved = resolve_extends(layout_id, raw, doc, problems)
        if resolved is None:
            continue
        resolved["source"] = doc.file
        sources = Sources()
        sources.add(doc, lambda p: p)
        try:
            layouts[layout_id] = Layout.model_validate(resolved)
        except ValidationError as exc:
            for found in _validation_problems(exc, Layout, sources, resolved):
                # A key inherited from a parent layout is the parent's problem: report it once.
                owner = _owner(layout_id, raw, found.path)
                if owner != layout_id:
                    continue
                key = (found.file, found.line, found.column, found.message)
                if key not in reported:
                    reported.add(key)
                    problems.append(found)
    return layouts


BUILTIN = "builtin:"  # key of a built-in layout that a game's layout of the same id replaces


def _rule_title_paths(rules, path: tuple):
    """(path, title) of every rule section, nested ones included."""
    for index, rule in enumerate(rules):
        yield path + (index, "title"), rule.title
        yield from _rule_title_paths(rule.sections, path + (index, "sections"))


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
            problems.append(Problem(f"{what}s extend each other in a loop: {' -> '.join(chain + [parent])}",
                                    file=doc.file, line=doc.keys.get(("extends",), (None,))[0], path="extends"))
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


# --- validation errors -> problems ------------------------------------------------------------


def _validation_problems(exc: ValidationError, model: type[BaseModel], sources: Sources, data: Any) -> list[Problem]:
    problems = []
    errors = exc.errors()
    located = [_data_path(e["loc"], data) for e in errors]
    for error, loc in zip(errors, located):
        if error["type"] == "too_short" and any(o[:len(loc)] == loc and len(o) > len(loc) for o in located):
            continue  # "too few items" only because an item inside failed: that item's problem says it
        kind = error["type"]
        found = error.get("input")
        hint = None
        if kind == "extra_forbidden":
            key = loc[-1]
            allowed = _allowed_keys(model, loc[:-1], data)
            message = f"unknown key '{key}'"
            hint = did_you_mean(str(key), allowed) or (
                f"allowed keys here: {', '.join(sorted(allowed))}" if allowed else None)
            file, line, col = sources.locate(loc, key=True)
        elif kind == "missing":
            message = f"missing required key '{loc[-1]}'"
            hint = f"add '{loc[-1]}: ...' here"
            file, line, col = sources.locate(loc[:-1])
        else:
            file, line, col = sources.locate(loc)
            message = _describe(error)
            if kind == "literal_error":
                expected = re.findall(r"'([^']*)'", error.get("ctx", {}).get("expected", ""))
                hint = did_you_mean(str(found), expected)
            elif kind == "string_pattern_mismatch" and isinstance(found, str):
                slug = re.sub(r"[^a-z0-9]+", "-", found.lower()).strip("-")
                message = f"'{found}' is not a valid id: ids are lower-case words joined by dashes"
                hint = f"write '{slug}'" if slug else None
        problems.append(Problem(message, file=file, line=line, column=col,
                                path=_format_path(loc), hint=hint))
    return problems


def _describe(error: dict) -> str:
    msg = error["msg"]
    msg = msg.replace("Value error, ", "").replace("Input should be", "expected")
    found = error.get("input")
    if error["type"] not in ("value_error", "assertion_error") and not isinstance(found, (dict, list)):
        msg += f" (found {found!r})"
    return msg


def _data_path(loc: tuple, data: Any) -> tuple:
    """Drop pydantic's internal loc parts (validator names) that are not keys in the data."""
    path = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            path.append(part)
            node = node[part]
        elif isinstance(part, str) and not part.startswith(("function-", "union", "tagged")) and "[" not in part:
            path.append(part)
            node = None
    return tuple(path)


def _format_path(loc: tuple) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _allowed_keys(model: type[BaseModel], path: tuple, data: Any) -> list[str]:
    """The field names of the model found at a data path."""
    current: Any = model
    for part in path:
        current = _unwrap(current)
        if isinstance(part, str):
            if isinstance(current, type) and issubclass(current, BaseModel):
                info = current.model_fields.get(part)
                current = info.annotation if info else None
            else:
                args = typing.get_args(current)
                current = args[-1] if args else None  # dict value type
        else:
            args = typing.get_args(current)
            current = args[0] if args else None  # tuple[X, ...] element
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [name for name in current.model_fields if name not in ("root", "rule_numbers", "source")]
    return []


def _unwrap(annotation: Any) -> Any:
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            options = [a for a in typing.get_args(annotation) if a is not type(None)]
            annotation = options[0] if len(options) == 1 else annotation
            if len(options) != 1:
                return annotation
        else:
            return annotation


# --- cross-references -----------------------------------------------------------------------


def check_references(game: Game, layouts: dict[str, Layout], sources: Sources) -> list[Problem]:
    problems: list[Problem] = []
    rule_ids = set(game.rule_numbers)
    icons = set(game.icons)
    dice = {d.id for d in game.dice}

    def problem(path: tuple, message: str, hint: str | None = None, key: bool = False):
        file, line, col = sources.locate(path, key=key)
        problems.append(Problem(message, file=file, line=line, column=col, path=_format_path(path), hint=hint))

    def check_rule(path: tuple, rule_id: str | None):
        if rule_id is not None and rule_id not in rule_ids:
            problem(path, f"rule '{rule_id}' does not exist", closest_hint(rule_id, rule_ids, "rule"))

    def check_text(path: tuple, text: Any):
        if isinstance(text, str):
            control = CONTROL_PATTERN.search(text)
            if control:
                problem(path, f"text contains the control character U+{ord(control.group(0)):04X}",
                        "remove it; it is invisible and breaks SVG output")
            smuggled = HTML_PATTERN.search(text)
            if smuggled:
                problem(path, f"text contains '{smuggled.group(0)[:40]}': HTML and file/data/javascript URLs are not allowed",
                        "write plain text with **bold**, *italic*, :icon-id: and [[rule.id]]; images belong in icons/")
            for ref in RULE_REF_PATTERN.findall(text):
                check_rule(path, ref.strip())
            for icon in ICON_PATTERN.findall(text):
                if icon not in icons:
                    problem(path, f"icon ':{icon}:' does not exist",
                            closest_hint(icon, icons, "icon") + " (icons are files in icons/)")
        elif isinstance(text, dict):
            for key, value in text.items():
                # Nested data (pieces, table rows, card fields) names icons and rules by these keys.
                if key == "icon" and isinstance(value, str):
                    check_icon(path + (key,), value)
                elif key == "rule" and isinstance(value, str):
                    check_rule(path + (key,), value)
                else:
                    check_text(path + (key,), value)
        elif isinstance(text, (list, tuple)):
            for index, value in enumerate(text):
                check_text(path + (index,), value)

    def check_markup(path: tuple, value: Any):
        """HTML and control characters only: for fields that carry no :icon: or [[rule]] markup."""
        if isinstance(value, str):
            for pattern, what in ((CONTROL_PATTERN, "a control character"), (HTML_PATTERN, "HTML or a URL scheme")):
                if pattern.search(value):
                    problem(path, f"'{value[:40]}' holds {what}", "write plain text")
        elif isinstance(value, dict):
            for key, item in value.items():
                check_markup(path + (key,), item)

    def check_icon(path: tuple, icon: str | None):
        if icon is not None and icon not in icons:
            problem(path, f"icon '{icon}' does not exist", closest_hint(icon, icons, "icon"))

    def check_layout(path: tuple, layout_id: str | None, kind: str):
        if layout_id is not None and layout_id not in layouts:
            problem(path, f"{kind} layout '{layout_id}' does not exist",
                    closest_hint(layout_id, layouts, "layout"))

    def check_duplicates(path: tuple, items, what: str):
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            if item.id in seen:
                problem(path + (index, "id"), f"{what} id '{item.id}' is used twice (first at index {seen[item.id]})",
                        "give each one its own id")
            seen.setdefault(item.id, index)

    def check_paths(path: tuple, fields: dict):
        for key, value in fields.items():
            if key in PATH_FIELDS and isinstance(value, str):
                target = (game.root / value)
                if not _inside(target, game.root, LAYOUTS_DIR):
                    problem(path + (key,), f"path '{value}' leads outside the game folder",
                            "keep images and data inside the game folder and give a relative path")
                elif not target.exists():
                    problem(path + (key,), f"file '{value}' does not exist")

    # rules
    def walk_rules(rules, path):
        check_duplicates(path, rules, "rule section")
        for index, rule in enumerate(rules):
            here = path + (index,)
            check_text(here + ("text",), rule.text)
            check_text(here + ("examples",), rule.examples)
            walk_rules(rule.sections, here + ("sections",))

    walk_rules(game.rules, ("rules",))
    # Titles, names and credits reach the rulebook too: no markup or control characters anywhere.
    for key in ("title", "subtitle", "play_time", "age"):
        check_markup((key,), getattr(game, key))
    check_markup(("credits",), game.credits.model_dump())
    check_markup(("licence",), game.licence.model_dump() if game.licence else None)
    for title_path, title in _rule_title_paths(game.rules, ("rules",)):
        check_markup(title_path, title)
    for group in ("decks", "dice", "components", "boards", "tokens", "tiles", "sheets", "tables"):
        for index, item in enumerate(getattr(game, group)):
            check_markup((group, index, "name" if group != "tables" else "title"),
                         getattr(item, "name", None) or getattr(item, "title", None))
    for index, entry in enumerate(game.glossary):
        check_rule(("glossary", index, "rule"), entry.rule)
        check_icon(("glossary", index, "icon"), entry.icon)
        check_text(("glossary", index, "text"), entry.text)
    for index, entry in enumerate(game.faq):
        check_rule(("faq", index, "rule"), entry.rule)
        check_text(("faq", index, "answer"), entry.answer)
    for index, table in enumerate(game.tables):
        check_rule(("tables", index, "rule"), table.rule)
        check_text(("tables", index, "rows"), list(table.rows))
        if table.die is not None and table.die not in dice:
            problem(("tables", index, "die"), f"die '{table.die}' does not exist", closest_hint(table.die, dice, "die"))
    check_duplicates(("tables",), game.tables, "table")
    for key, value in game.values.items():
        check_rule(("values", key, "rule"), value.rule)
    # dice
    check_duplicates(("dice",), game.dice, "die")
    for index, die in enumerate(game.dice):
        check_rule(("dice", index, "rule"), die.rule)
        for face_index, face in enumerate(die.faces):
            check_icon(("dice", index, "faces", face_index, "icon"), face.icon)
        if die.success is not None:
            values = {f.value for f in die.faces}
            missing = [v for v in die.success if v not in values]
            if missing:
                problem(("dice", index, "success"), f"success values {missing} are on no face of '{die.id}'")
    # decks and cards
    check_duplicates(("decks",), game.decks, "deck")
    for d_index, deck in enumerate(game.decks):
        here = ("decks", d_index)
        check_rule(here + ("rule",), deck.rule)
        check_layout(here + ("layout",), deck.layout, "card")
        check_layout(here + ("back_layout",), deck.back_layout, "back")
        if deck.back is not None and deck.back not in deck.backs:
            problem(here + ("back",), f"back '{deck.back}' is not one of this deck's backs",
                    closest_hint(deck.back, deck.backs, "back"))
        for b_id, back in deck.backs.items():
            check_layout(here + ("backs", b_id, "layout"), back.layout, "back")
            check_text(here + ("backs", b_id), back.extra)
            check_paths(here + ("backs", b_id), back.extra)
        check_duplicates(here + ("cards",), deck.cards, "card")
        if deck.total > MAX_DECK_CARDS:
            problem(here + ("cards",), f"deck '{deck.id}' prints {deck.total:,} cards; the limit is {MAX_DECK_CARDS:,}",
                    "check the counts, or split the deck")
        if deck.total == 0:
            problem(here + ("cards",), f"deck '{deck.id}' prints no card: every count is 0",
                    "give at least one card a count, or remove the deck")
        sizes = {}
        for c_index, card in enumerate(deck.cards):
            for key, layout_id in (("layout", card.layout or deck.layout),
                                   ("back", (deck.backs[card.back].layout if card.back in deck.backs else None)
                                    or deck.back_layout)):
                layout = layouts.get(layout_id)
                if layout is not None:
                    sizes.setdefault(layout.size_mm, (c_index, key, layout_id))
        if len(sizes) > 1:
            shown = ", ".join(f"{w:g} x {h:g} mm ({lid})" for (w, h), (_i, _k, lid) in sizes.items())
            problem(here + ("layout",), f"deck '{deck.id}' mixes card sizes: {shown}",
                    "a deck is imposed on one grid: give its fronts and backs layouts of one size, "
                    "or split it into decks")
        for c_index, card in enumerate(deck.cards):
            where = here + ("cards", c_index)
            check_rule(where + ("rule",), card.rule)
            check_layout(where + ("layout",), card.layout, "card")
            if card.back is not None and card.back not in deck.backs:
                problem(where + ("back",), f"back '{card.back}' is not one of this deck's backs",
                        closest_hint(card.back, deck.backs, "back"))
            fields = card.extra
            check_text(where, fields)
            for e_index, effect in enumerate(card.effects):
                if effect.die is not None and effect.die not in dice:
                    problem(where + ("effects", e_index, "die"), f"die '{effect.die}' does not exist",
                            closest_hint(effect.die, dice, "die"))
                check_text(where + ("effects", e_index, "text"), effect.text)
            check_paths(where, fields)
            icon_list = fields.get("icons")  # a single `icon` is checked with the other fields above
            for icon in (icon_list if isinstance(icon_list, list) else []):
                check_icon(where + ("icons",), str(icon))
            layout = layouts.get(card.layout or deck.layout)
            if layout is not None and layout.fields is not None:
                for key in fields:
                    if key not in layout.fields:
                        problem(where + (key,), f"field '{key}' is not shown by layout '{layout.id}'",
                                did_you_mean(key, layout.fields)
                                or f"layout '{layout.id}' shows: {', '.join(layout.fields) or 'no extra fields'}",
                                key=True)
    # pieces and components
    piece_ids = {d.id for d in game.decks} | dice
    for group in ("boards", "tokens", "tiles", "sheets"):
        items = getattr(game, group)
        check_duplicates((group,), items, group[:-1])
        for index, piece in enumerate(items):
            piece_ids.add(piece.id)
            check_rule((group, index, "rule"), piece.rule)
            check_text((group, index), piece.extra)
            check_paths((group, index), piece.extra)
    check_duplicates(("components",), game.components, "component")
    for index, component in enumerate(game.components):
        if component.ref is not None and component.ref not in piece_ids:
            problem(("components", index, "ref"), f"'{component.ref}' is no deck, die, board, token, tile or sheet",
                    closest_hint(component.ref, piece_ids, "piece"))
    return problems
