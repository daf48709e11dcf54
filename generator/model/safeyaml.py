"""Safe YAML reading with positions, and limits that refuse hostile files quickly.

PyYAML's safe loader already refuses arbitrary Python objects. On top of it we read the event
stream (libyaml's parser; the stream is not recursive) and build the plain data in that one pass,
without PyYAML's node tree, which cost ten times the data it held; on the way we:
- refuse files over MAX_BYTES before parsing them;
- refuse nesting deeper than MAX_DEPTH, more than MAX_NODES values, and explicit tags other than
  YAML's own, at the event that crosses the line;
- count what every alias would expand to, so an alias bomb stops at MAX_NODES before it is built
  (an alias gives the anchored value itself, as PyYAML's loader does);
- refuse duplicate keys, which PyYAML would silently overwrite;
- remember where every key and value stands, so a problem can name file:line:column (packed in
  one small array per mapping or list: generator.model.yaml_marks);
- share one string for repeated keys and short values ('id', 'name', 'star' ...);
- add a hint for YAML's classic traps (generator.model.yaml_hints) to the parser's messages, and
  remember which true/false values were written as yes/no/on/off.
"""
from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, NoReturn

import yaml
from yaml import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    ScalarNode,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.composer import ComposerError

from ..errors import Problem
from ..limits import limit
from .yaml_hints import trap_hint
from .yaml_marks import Marks, Places, pack, unpack

MAX_BYTES = limit("yaml_file_bytes")
MAX_DEPTH = limit("yaml_depth")
MAX_NODES = limit("yaml_values")

_YAML = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {None, "!"} | {_YAML + name for name in ("str", "int", "float", "bool", "null", "seq", "map")}
_STR, _MERGE = _YAML + "str", _YAML + "merge"
_SHARED_CHARS = 40  # strings up to this long are shared when repeated (keys, icons, types ...)

# What the resolver and constructor make of a short scalar (3, true, null, a word), remembered for
# the process: the same few hundred recur in every file, and resolving and constructing each
# again was a third of reading a game. A built value is kept only when nothing can change it.
_TAGS: dict[tuple[str, tuple[bool, bool]], str] = {}
_BUILT: dict[tuple[str, str], Any] = {}
_IMMUTABLE = (int, float, bool, type(None), str, datetime.date, datetime.datetime)
_MEMO_SIZE = 1 << 14  # entries each; emptied when full

Path_ = tuple  # a field path: keys and list indexes
# libyaml's parser is ~10x faster than the pure-Python one; both give the same events and marks.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Document:
    """The plain data of one YAML file, with the position of every key and value.

    ``values`` and ``keys`` read like dicts from a field path to (line, column)."""

    __slots__ = ("file", "data", "marks", "bool_words")

    def __init__(self, file: Path, data: Any, marks: Marks | None = None,
                 bool_words: dict[Path_, str] | None = None) -> None:
        self.file = file
        self.data = data
        self.marks = marks if marks is not None else Marks()
        self.bool_words = bool_words if bool_words is not None else {}  # true/false written as yes, no, on, off

    @property
    def values(self) -> Places:
        return Places(self.marks, self.data, key=False)

    @property
    def keys(self) -> Places:
        return Places(self.marks, self.data, key=True)


class YamlRefused(Exception):
    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


def _refuse(file: Path, message: str, mark=None, hint: str | None = None) -> NoReturn:
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
    reader = _Reader(text, file)
    try:
        reader.read(yaml.parse(text, Loader=_Loader))
    except yaml.MarkedYAMLError as exc:
        _refuse_marked(text, file, exc)
    except yaml.YAMLError as exc:  # the reader's errors have a position, not a mark
        _unreadable(text, file, exc)
    return reader.document


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    parts = [p for p in (exc.context, exc.problem) if p]
    return "invalid YAML: " + "; ".join(parts)


def _refuse_marked(text: str, file: Path, exc: yaml.MarkedYAMLError):
    mark = exc.problem_mark
    if "exceeded maximum nesting depth" in (exc.problem or ""):
        _too_deep(file, mark)  # PyYAML 6.0.4's scanner limit, met before ours: the same refusal
    message = _yaml_message(exc)
    _refuse(file, message, mark, hint=trap_hint(text, mark.line, message) if mark is not None else None)


def _too_deep(file: Path, mark) -> NoReturn:  # noqa: ANN001
    _refuse(file, f"nesting is deeper than {MAX_DEPTH} levels", mark,
            hint="flatten the data; no game needs this much nesting")


_OPEN = -1  # the size of an anchored value still being read: an alias inside it would repeat forever


class _Frame:
    """A mapping or list being read."""

    __slots__ = ("value", "places", "path", "key", "start", "height", "anchor", "place")

    def __init__(self, value: dict | list, places, path: Path_, start: int, anchor: str | None, place: int):
        self.value, self.places, self.path = value, places, path
        self.key: str | None = None  # in a mapping: the key whose value comes next; None: a key comes next
        self.start = start  # values counted before this one
        self.height = 0  # how many levels below this one its deepest value lies
        self.anchor, self.place = anchor, place


class _Anchor:
    __slots__ = ("value", "place", "size", "height", "mark", "word")

    def __init__(self, value: Any, place: int, size: int, height: int, mark, word: str | None = None) -> None:
        self.value, self.place, self.size, self.height, self.mark = value, place, size, height, mark
        self.word = word  # a true/false written as yes, no, on or off


class _Reader:
    """Build one document's data from the parser's events, with its marks, within the limits."""

    def __init__(self, text: str, file: Path) -> None:
        self.text, self.file = text, file
        self.document = Document(file, {})
        self.marks = self.document.marks
        self.stack: list[_Frame] = []
        self.anchors: dict[str, _Anchor] = {}
        self.written = 0  # values written in the file, keys included
        self.expanded = 0  # values once aliases are expanded, keys aside
        self.root_mark = None
        self.shared: dict[str, str] = {}
        self.resolver = yaml.resolver.Resolver()
        self.constructor = yaml.constructor.SafeConstructor()

    def read(self, events) -> None:  # noqa: ANN001 - PyYAML's event iterator
        for event in events:
            kind = type(event)
            if kind is ScalarEvent:
                self._written(event)
                self._scalar(event)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                self._written(event)
                self._open(event, {} if kind is MappingStartEvent else [])
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                self._close()
            elif kind is AliasEvent:
                self._alias(event)
            elif kind is DocumentStartEvent:
                if event.tags:
                    _refuse(self.file, "YAML %TAG directives are not allowed", event.start_mark)
                if self.root_mark is not None:
                    raise ComposerError("expected a single document in the stream", self.root_mark,
                                        "but found another document", event.start_mark)

    def _written(self, event) -> None:  # noqa: ANN001
        self.written += 1
        if self.written > MAX_NODES:
            _refuse(self.file, f"the file holds more than {MAX_NODES:,} values", event.start_mark,
                    hint="split the data over several files")
        tag = event.tag
        if tag not in _ALLOWED_TAGS:
            shown = "!!" + tag[len(_YAML):] if tag.startswith(_YAML) else tag
            trap = trap_hint(self.text, event.start_mark.line, "") if not shown.startswith("!!") else None
            _refuse(self.file, f"custom YAML tag '{shown}' is not allowed", event.start_mark,
                    hint="game data is plain YAML: remove the tag and write the value itself"
                    + (f" ({trap})" if trap else ""))  # '!wow' meant as text?
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            raise ComposerError("found duplicate anchor; first occurrence", self.anchors[anchor].mark,
                                "second occurrence", event.start_mark)

    def _top(self, event) -> tuple[_Frame | None, bool]:  # noqa: ANN001
        """The container the next node goes into, and whether that node is one of its keys."""
        if not self.stack:
            self.root_mark = event.start_mark
            return None, False
        frame = self.stack[-1]
        return frame, frame.key is None and type(frame.value) is dict

    def _counted(self, event) -> None:  # noqa: ANN001
        self.expanded += 1
        if self.expanded > MAX_NODES:  # only aliases, earlier, can bring the count here
            self._bomb(f"more than {MAX_NODES:,} values once aliases are expanded", event.start_mark)

    def _scalar(self, event) -> None:  # noqa: ANN001
        frame, is_key = self._top(event)
        tag = event.tag
        if tag is None or tag == "!":
            tag = self._resolved(event.value, event.implicit)
        if is_key and tag == _MERGE:
            _refuse(self.file, "YAML merge keys ('<<') are not supported", event.start_mark,
                    hint="write the keys out, or use a layout's 'extends'")
        value = self._construct(event, tag)
        place = pack(event.start_mark.line + 1, event.start_mark.column + 1)
        if is_key:
            assert frame is not None
            self._key(frame, value, place, event)
        word = None
        if isinstance(value, bool) and not event.style and event.value.lower() not in ("true", "false"):
            word = event.value
        if not is_key:
            self._counted(event)
            if word is not None:
                self.document.bool_words[self._path(frame)] = word
            self._put(frame, value, place, 0)
        if event.anchor is not None:
            self.anchors[event.anchor] = _Anchor(value, place, 1, 0, event.start_mark, word)

    def _resolved(self, text: str, implicit: tuple[bool, bool]) -> str:
        """The tag PyYAML's resolver gives a scalar written without one; short ones remembered."""
        if len(text) > _SHARED_CHARS:
            return self.resolver.resolve(ScalarNode, text, implicit)
        tag = _TAGS.get((text, implicit))
        if tag is None:
            if len(_TAGS) >= _MEMO_SIZE:
                _TAGS.clear()
            tag = _TAGS[text, implicit] = self.resolver.resolve(ScalarNode, text, implicit)
        return tag

    def _construct(self, event, tag: str) -> Any:  # noqa: ANN001
        text = event.value
        if tag == _STR:
            return self.shared.setdefault(text, text) if len(text) <= _SHARED_CHARS else text
        value = _BUILT.get((tag, text), _BUILT)
        if value is not _BUILT:
            return value
        node = ScalarNode(tag, text, event.start_mark, event.end_mark, style=event.style)
        try:
            value = self.constructor.construct_document(node)
        except (yaml.YAMLError, ValueError, TypeError) as exc:  # '!!int ten', a date that is no date
            _refuse(self.file, f"bad value: {exc}", event.start_mark)
        if len(text) <= _SHARED_CHARS and type(value) in _IMMUTABLE:
            if len(_BUILT) >= _MEMO_SIZE:
                _BUILT.clear()
            _BUILT[tag, text] = value
        return value

    def _key(self, frame: _Frame, value: Any, place: int, event) -> None:  # noqa: ANN001
        key = str(value)
        key = self.shared.setdefault(key, key)
        if key in frame.value:
            _refuse(self.file, f"key '{key}' appears twice in the same mapping", event.start_mark,
                    hint="remove one of them; YAML would silently keep only the last")
        frame.key = key
        frame.places.append(place)

    def _put(self, frame: _Frame | None, value: Any, place: int, height: int) -> None:
        if frame is None:
            self.document.data = value
            self.marks.root = place
            return
        if frame.key is not None:
            frame.value[frame.key] = value  # type: ignore[call-overload]
            frame.key = None
        else:
            frame.value.append(value)  # type: ignore[union-attr]
        frame.places.append(place)
        if height + 1 > frame.height:
            frame.height = height + 1

    def _path(self, frame: _Frame | None) -> Path_:
        """The field path of the value that goes next into ``frame``."""
        if frame is None:
            return ()
        return frame.path + ((frame.key,) if frame.key is not None else (len(frame.value),))

    def _open(self, event, container: dict | list) -> None:  # noqa: ANN001
        frame, is_key = self._top(event)
        if len(self.stack) >= MAX_DEPTH:
            _too_deep(self.file, event.start_mark)
        if is_key:
            _refuse(self.file, "a mapping key must be a plain word", event.start_mark)
        self._counted(event)
        place = pack(event.start_mark.line + 1, event.start_mark.column + 1)
        opened = _Frame(container, self.marks.table_for(container), self._path(frame), self.expanded - 1,
                        event.anchor, place)
        self._put(frame, container, place, 0)
        if event.anchor is not None:
            self.anchors[event.anchor] = _Anchor(container, place, _OPEN, 0, event.start_mark)
        self.stack.append(opened)

    def _close(self) -> None:
        frame = self.stack.pop()
        if self.stack and frame.height + 1 > self.stack[-1].height:
            self.stack[-1].height = frame.height + 1
        if frame.anchor is not None:
            anchor = self.anchors[frame.anchor]
            anchor.size, anchor.height = self.expanded - frame.start, frame.height

    def _alias(self, event) -> None:  # noqa: ANN001
        anchor = self.anchors.get(event.anchor)
        if anchor is None:
            raise ComposerError(None, None, f"found undefined alias '{event.anchor}'", event.start_mark)
        frame, is_key = self._top(event)
        if is_key:
            if isinstance(anchor.value, (dict, list)):
                _refuse(self.file, "a mapping key must be a plain word", event.start_mark)
            assert frame is not None
            self._key(frame, anchor.value, pack(event.start_mark.line + 1, event.start_mark.column + 1), event)
            return
        if anchor.size == _OPEN:
            self._bomb("an alias inside the value it names, which would repeat forever", event.start_mark)
        depth = len(self.stack)
        if self.expanded + anchor.size > MAX_NODES or depth + anchor.height > MAX_DEPTH:
            self._expansion_refused(anchor, depth)
        self.expanded += anchor.size
        if anchor.word is not None:
            self.document.bool_words[self._path(frame)] = anchor.word
        self._put(frame, anchor.value, anchor.place, anchor.height)

    def _expansion_refused(self, anchor: _Anchor, depth: int) -> NoReturn:
        """Walk what the alias would expand to, as if it were copied out, and refuse at the value
        that crosses a limit (the same value a reader expanding aliases would stop at)."""
        count = self.expanded
        todo: list[tuple[Any, int, int]] = [(anchor.value, anchor.place, depth)]
        while todo:
            value, place, level = todo.pop()
            count += 1
            if count > MAX_NODES or level > MAX_DEPTH:
                line, column = unpack(place)
                what = (f"more than {MAX_NODES:,} values once aliases are expanded" if count > MAX_NODES
                        else f"aliases nesting deeper than {MAX_DEPTH} levels")
                self._bomb(what, None, line, column)
            places = self.marks.of(value)
            if places is not None:
                children = list(value.values()) if isinstance(value, dict) else value
                slots = places[1::2] if isinstance(value, dict) else places
                todo.extend((child, slot, level + 1) for child, slot in zip(reversed(children), reversed(slots)))
        raise AssertionError("an expansion over the limits crosses them somewhere")  # pragma: no cover

    def _bomb(self, what: str, mark, line: int | None = None, column: int | None = None) -> NoReturn:  # noqa: ANN001
        if mark is not None:
            line, column = mark.line + 1, mark.column + 1
        raise YamlRefused(Problem(f"refused: the document holds {what} (an alias bomb?)", file=self.file,
                                  line=line, column=column,
                                  hint="write the data out without chains of YAML anchors and aliases"))
