"""Where each value of the game data came from, and pydantic's validation errors turned into
problems with file:line:column, the field path, what was expected and found, and "did you mean"."""
from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import Problem
from ..limits import limit
from ..suggest import did_you_mean
from .safeyaml import Document
from .yaml_hints import bool_word_hint

Place = tuple  # (file, line, column); (None, None, None) when nothing is known


class _SourcePlaces:
    """Field path of the merged game data -> (file, line, column), like a dict: places set by hand
    (a spreadsheet's cells), then each YAML file's own marks, found through the file's data when
    asked (generator.model.yaml_marks), the later file first, as the merge let it win."""

    __slots__ = ("_files", "_key", "_set")

    def __init__(self, files: list[tuple[Document, Mapping[str, int]]], key: bool) -> None:
        # The Sources' list of files, not the Sources: a cycle would keep every file's data and
        # places alive after loading until the cycle collector happened to run (6 MiB a
        # 10,000-card deck, through the whole build).
        self._files, self._key = files, key
        self._set: dict[tuple, Place] = {}

    def get(self, path: tuple, default: Any = None) -> Any:
        found = self._set.get(path)
        if found is not None:
            return found
        files = self._files
        for doc, offsets in (files if path == () else reversed(files)):  # the root stays in game.yaml
            own = _own_path(path, offsets)
            where = own is not None and doc.marks.find(doc.data, own, self._key)
            if where:
                return (doc.file, *where)
        return default

    def __contains__(self, path: object) -> bool:
        return isinstance(path, tuple) and self.get(path) is not None

    def __getitem__(self, path: tuple) -> Place:
        found = self.get(path)
        if found is None:
            raise KeyError(path)
        return found

    def __setitem__(self, path: tuple, place: Place) -> None:
        self._set[path] = place

    def setdefault(self, path: tuple, place: Place) -> Place:
        found = self.get(path)
        if found is None:
            self._set[path] = found = place
        return found


def _own_path(path: tuple, offsets: Mapping[str, int]) -> tuple | None:
    """A merged path as its file wrote it: a top-level list continued from earlier files counts
    its items from that file's first (None when the item is an earlier file's)."""
    if len(path) >= 2 and isinstance(path[1], int) and offsets.get(path[0]):
        index = path[1] - offsets[path[0]]
        return None if index < 0 else (path[0], index) + path[2:]
    return path


class Sources:
    """Where each value of the merged game data came from.

    ``values`` and ``keys`` read like dicts from a field path to (file, line, column). A game
    file's places stay in its own compact marks and are looked up only when a problem is placed,
    so a 10,000-card deck keeps no table of 140,000 paths while it loads."""

    def __init__(self) -> None:
        self._files: list[tuple[Document, Mapping[str, int]]] = []
        self.values = _SourcePlaces(self._files, key=False)
        self.keys = _SourcePlaces(self._files, key=True)
        self.bool_words: dict[tuple, str] = {}  # true/false written as yes, no, on, off

    def add(self, doc: Document, remap: Callable[[tuple], tuple] | None = None,
            offsets: Mapping[str, int] | None = None) -> None:
        """A document's places, as they are (``offsets``: its top-level lists continue earlier
        files' from these indexes), or moved by ``remap`` (copied: for small files only)."""
        if remap is None:
            self._files.append((doc, offsets or {}))
            for path, word in doc.bool_words.items():
                self.bool_words[_merged_path(path, offsets or {})] = word
            return
        for path, (line, col) in doc.values.items():
            if path == () and () in self.values:
                continue  # the merged game's root stays in the first file read: game.yaml
            self.values[remap(path)] = (doc.file, line, col)
        for path, (line, col) in doc.keys.items():
            self.keys[remap(path)] = (doc.file, line, col)
        for path, word in doc.bool_words.items():
            self.bool_words[remap(path)] = word

    def locate(self, path: tuple, key: bool = False) -> tuple[Path | None, int | None, int | None]:
        table = self.keys if key else self.values
        probe = tuple(path)
        while True:
            found = table.get(probe)
            if found is not None:
                return found
            if key:
                found = self.values.get(probe)
                if found is not None:
                    return found
            if not probe:
                return (None, None, None)
            probe = probe[:-1]


def _merged_path(path: tuple, offsets: Mapping[str, int]) -> tuple:
    if len(path) >= 2 and isinstance(path[1], int) and offsets.get(path[0]):
        return (path[0], path[1] + offsets[path[0]]) + path[2:]
    return path


def _validation_problems(exc: ValidationError, model: type[BaseModel], sources: Sources, data: Any) -> list[Problem]:
    problems: list[Problem] = []
    errors = exc.errors()
    located = [_data_path(e["loc"], data) for e in errors]
    seen: set[tuple] = set()
    listed = limit("problems_listed")
    for index, (error, loc) in enumerate(zip(errors, located)):
        if len(problems) >= listed:  # a hint each costs time; thousands of them help nobody
            problems.append(_more_problems(errors[index:], sources, loc))
            break
        if error["type"] == "too_short" and any(o[:len(loc)] == loc and len(o) > len(loc) for o in located):
            continue  # "too few items" only because an item inside failed: that item's problem says it
        if loc in seen:
            continue  # a value a union refused: its first choice's complaint (a name, with a hint) says it
        seen.add(loc)
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
            if isinstance(found, bool) and loc in sources.bool_words:  # text expected, YAML read yes/no/on/off
                hint = bool_word_hint(sources.bool_words[loc])
            elif kind == "literal_error":
                expected = re.findall(r"'([^']*)'", error.get("ctx", {}).get("expected", ""))
                hint = did_you_mean(str(found), expected)
            elif kind == "string_pattern_mismatch" and "#[0-9a-fA-F]" in str(error.get("ctx", {}).get("pattern")):
                message = f"expected a colour, '#rrggbb', '#rgb' or 'none' (found {found!r})"
                hint = "e.g. \"#c33\" (a red): colours are hexadecimal, in quotes"
            elif kind == "string_pattern_mismatch" and isinstance(found, str):
                slug = re.sub(r"[^a-z0-9]+", "-", found.lower()).strip("-")
                message = f"'{found}' is not a valid id: ids are lower-case words joined by dashes"
                hint = f"write '{slug}'" if slug else None
        problems.append(Problem(message, file=file, line=line, column=col,
                                path=_format_path(loc), hint=hint))
    return problems


def _more_problems(rest: list, sources: Sources, first_loc: tuple) -> Problem:
    """One line for the problems past the listed ones, located at the first of them."""
    named = {"extra_forbidden": "unknown keys", "missing": "missing keys"}
    kinds = sorted({named.get(e["type"], "values of the wrong kind") for e in rest})
    file, line, col = sources.locate(first_loc, key=True)
    return Problem(f"and {len(rest):,} more problems ({', '.join(kinds)}), "
                   f"from here on", file=file, line=line, column=col, path=_format_path(first_loc),
                   hint="fix the ones listed and validate again; a file with thousands of problems may not be a "
                        "game file at all")


def _describe(error: Mapping[str, Any]) -> str:
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
        filled_by_loader = {"root", "rule_numbers"} | ({"source"} if current.__name__.endswith("Layout") else set())
        return [name for name in current.model_fields if name not in filled_by_loader]
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
