"""Safe YAML reading with positions, and limits that refuse hostile files quickly.

PyYAML's safe loader already refuses arbitrary Python objects. On top of it we:
- refuse files over MAX_BYTES before parsing them;
- scan the event stream (which is not recursive) for nesting deeper than MAX_DEPTH and for
  explicit tags other than YAML's own, before the recursive composer runs;
- expand aliases ourselves, counting nodes, so an alias bomb stops at MAX_NODES;
- refuse duplicate keys, which PyYAML would silently overwrite;
- remember where every key and value stands, so a problem can name file:line:column;
- add a hint for YAML's classic traps (generator.model.yaml_hints) to the parser's messages, and
  remember which true/false values were written as yes/no/on/off.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import Problem
from ..limits import limit
from .yaml_hints import trap_hint

MAX_BYTES = limit("yaml_file_bytes")
MAX_DEPTH = limit("yaml_depth")
MAX_NODES = limit("yaml_values")

_ALLOWED_TAGS = {None, "!"} | {
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "seq", "map")
}

Path_ = tuple  # a field path: keys and list indexes
# libyaml's parser is ~10x faster than the pure-Python one; both give the same events and marks.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class Document:
    """The plain data of one YAML file, with the position of every key and value."""

    file: Path
    data: Any
    values: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    bool_words: dict[Path_, str] = field(default_factory=dict)  # true/false written as yes, no, on, off


class YamlRefused(Exception):
    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


def _refuse(file: Path, message: str, mark=None, hint: str | None = None):
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    raise YamlRefused(Problem(message, file=file, line=line, column=column, hint=hint))


def read_yaml(file: Path) -> Document:
    """Read one YAML file safely; raise YamlRefused with a located Problem."""
    try:
        size = file.stat().st_size
    except OSError as exc:
        _refuse(file, f"cannot read file: {exc.strerror}")
    if size > MAX_BYTES:
        _refuse(
            file,
            f"file is {size / 1_048_576:.1f} MB; YAML files are limited to {MAX_BYTES // 1_048_576} MB",
            hint="split the data over several files in the game folder",
        )
    try:
        text = file.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        _refuse(file, f"file is not UTF-8 text (byte {exc.start})", hint="save the file as UTF-8")
    return parse_yaml(text, file)


def _unreadable(text: str, file: Path, exc: yaml.YAMLError):
    """PyYAML's reader refuses control characters (NUL, U+FFFF ...) without a mark: name the place."""
    position = getattr(exc, "position", None)
    if not isinstance(position, int):
        _refuse(file, f"invalid YAML: {exc}")
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    char = getattr(exc, "character", None)
    shown = f"U+{char:04X}" if isinstance(char, int) else (f"U+{ord(char):04X}" if isinstance(char, str) and char else "?")
    raise YamlRefused(Problem(f"the file holds a control character ({shown}), which YAML does not allow",
                              file=file, line=line, column=column,
                              hint="delete the character; game data is plain text"))


def parse_yaml(text: str, file: Path) -> Document:
    _prescan(text, file)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        _refuse_marked(text, file, exc)
    except yaml.YAMLError as exc:  # the reader's errors have a position, not a mark
        _unreadable(text, file, exc)
    doc = Document(file=file, data=None)
    if node is None:
        doc.data = {}
        return doc
    converter = _Converter(doc)
    doc.data = converter.convert(node, (), 0)
    return doc


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    parts = [p for p in (exc.context, exc.problem) if p]
    return "invalid YAML: " + "; ".join(parts)


def _refuse_marked(text: str, file: Path, exc: yaml.MarkedYAMLError):
    message = _yaml_message(exc)
    mark = exc.problem_mark
    _refuse(file, message, mark, hint=trap_hint(text, mark.line, message) if mark is not None else None)


def _prescan(text: str, file: Path) -> None:
    depth = 0
    values = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                values += 1
                if values > MAX_NODES:
                    _refuse(file, f"the file holds more than {MAX_NODES:,} values",
                            event.start_mark, hint="split the data over several files")
            tag = getattr(event, "tag", None)
            if tag not in _ALLOWED_TAGS and not isinstance(event, yaml.DocumentStartEvent):
                shown = "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag
                _refuse(
                    file,
                    f"custom YAML tag '{shown}' is not allowed",
                    event.start_mark,
                    hint="game data is plain YAML: remove the tag and write the value itself"
                    + (f" ({trap_hint(text, event.start_mark.line, '')})"  # '!wow' meant as text?
                       if not shown.startswith("!!") and trap_hint(text, event.start_mark.line, "") else ""),
                )
            if isinstance(event, yaml.DocumentStartEvent) and event.tags:
                _refuse(file, "YAML %TAG directives are not allowed", event.start_mark)
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    _refuse(
                        file,
                        f"nesting is deeper than {MAX_DEPTH} levels",
                        event.start_mark,
                        hint="flatten the data; no game needs this much nesting",
                    )
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        _refuse_marked(text, file, exc)
    except yaml.YAMLError as exc:  # yaml.reader.ReaderError: a NUL byte, U+FFFF ...
        _unreadable(text, file, exc)


class _Converter:
    """Turn composed nodes into plain data, expanding aliases under a node budget."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.nodes = 0
        self.constructor = yaml.SafeLoader("")

    def convert(self, node: yaml.Node, path: Path_, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            what = (
                f"more than {MAX_NODES:,} values once aliases are expanded"
                if self.nodes > MAX_NODES
                else f"aliases nest deeper than {MAX_DEPTH} levels"
            )
            _refuse(
                self.doc.file,
                f"refused: the document holds {what} (an alias bomb?)",
                node.start_mark,
                hint="write the data out without chains of YAML anchors and aliases",
            )
        self.doc.values.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, yaml.ScalarNode):
            try:
                value = self.constructor.construct_object(node, deep=True)
            except yaml.YAMLError as exc:
                _refuse(self.doc.file, f"bad value: {exc}", node.start_mark)
            if isinstance(value, bool) and not node.style and node.value.lower() not in ("true", "false"):
                self.doc.bool_words[path] = node.value
            return value
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                _refuse(self.doc.file, "YAML merge keys ('<<') are not supported", key_node.start_mark,
                        hint="write the keys out, or use a layout's 'extends'")
            if not isinstance(key_node, yaml.ScalarNode):
                _refuse(self.doc.file, "a mapping key must be a plain word", key_node.start_mark)
            key = str(self.constructor.construct_object(key_node))
            if key in result:
                _refuse(
                    self.doc.file,
                    f"key '{key}' appears twice in the same mapping",
                    key_node.start_mark,
                    hint="remove one of them; YAML would silently keep only the last",
                )
            self.doc.keys[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = self.convert(value_node, path + (key,), depth + 1)
        return result
