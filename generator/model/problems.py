"""Where each value of the game data came from, and pydantic's validation errors turned into
problems with file:line:column, the field path, what was expected and found, and "did you mean"."""
from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import Problem
from ..limits import limit
from ..suggest import did_you_mean
from .safeyaml import Document
from .yaml_hints import bool_word_hint


@dataclass
class Sources:
    """Where each value of the merged game data came from."""

    values: dict[tuple, tuple[Path, int, int]] = field(default_factory=dict)
    keys: dict[tuple, tuple[Path, int, int]] = field(default_factory=dict)
    bool_words: dict[tuple, str] = field(default_factory=dict)  # true/false written as yes, no, on, off

    def add(self, doc: Document, remap) -> None:
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
            if probe in table:
                return table[probe]
            if key and probe in self.values:
                return self.values[probe]
            if not probe:
                return (None, None, None)
            probe = probe[:-1]


def _validation_problems(exc: ValidationError, model: type[BaseModel], sources: Sources, data: Any) -> list[Problem]:
    problems = []
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
