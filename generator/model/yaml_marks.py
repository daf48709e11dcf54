"""Where each key and value of a YAML file stands, kept small: one array of packed positions per
mapping or list (generator.model.safeyaml fills them while it reads), found again by walking a
field path through the data itself.

A dict from every field path to its (line, column) cost about 1.4 KB for each card of a
10,000-card deck (a tuple per path, a tuple per position, two tables): more than the cards. Here a
card costs its array (8 bytes a key and 8 a value) and one table entry. ``Places`` reads like the
old dict: ``get``, ``in``, ``[]`` and iteration, from a field path to (line, column).
"""
from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping
from typing import Any

_SHIFT = 32  # a position packs the line above the column: files are at most a few MB


def pack(line: int, column: int) -> int:
    """A 1-based line and column in one integer."""
    return line << _SHIFT | column


def unpack(place: int) -> tuple[int, int]:
    return place >> _SHIFT, place & ((1 << _SHIFT) - 1)


class Marks:
    """The positions of one document's values: its root's, and for each mapping [key, value, key,
    value ...] in key order, for each list its items', keyed by the container's identity. The
    containers are kept alive here so that no other object can take their identity while the
    table lives."""

    __slots__ = ("root", "_table", "_alive")

    def __init__(self) -> None:
        self.root = 0  # the root value's packed place; 0 when the document is empty
        self._table: dict[int, array] = {}
        self._alive: list[Any] = []

    def table_for(self, container: dict | list) -> array:
        """The (new, empty) array that receives ``container``'s places as it is read."""
        places = array("Q")
        self._table[id(container)] = places
        self._alive.append(container)
        return places

    def of(self, container: Any) -> array | None:
        return self._table.get(id(container)) if isinstance(container, (dict, list)) else None

    def find(self, data: Any, path: tuple, key: bool = False) -> tuple[int, int] | None:
        """The place of the value at ``path`` in ``data`` (or of its key, with ``key``); None when
        the path leads nowhere or to a value read from elsewhere (a spreadsheet's cards)."""
        if not path:
            return unpack(self.root) if self.root and not key else None
        node = data
        last = len(path) - 1
        for step, part in enumerate(path):
            places = self.of(node)
            if places is None:
                return None
            if isinstance(node, dict):
                if part not in node:
                    return None
                slot = 2 * _key_index(node, part) + (0 if key and step == last else 1)
            elif key and step == last or not isinstance(part, int) or not 0 <= part < len(node):
                return None  # a list item has no key; an index past the end has no place
            else:
                slot = part
            if slot >= len(places):
                return None  # added after reading (a loader's default): no place in the file
            if step == last:
                return unpack(places[slot])
            node = node[part]
        return None

    def walk(self, data: Any, key: bool = False) -> Iterator[tuple[tuple, tuple[int, int]]]:
        """Every (path, place) of the document's values (or keys)."""
        if self.root and not key:
            yield (), unpack(self.root)
        stack: list[tuple[tuple, Any]] = [((), data)]
        while stack:
            path, node = stack.pop()
            places = self.of(node)
            if places is None:
                continue
            children: list[tuple[tuple, Any]] = []
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for index, (part, child) in enumerate(items):
                if isinstance(node, dict):
                    slot = 2 * index + (0 if key else 1)
                else:
                    slot = -1 if key else index  # list items have no keys
                if 0 <= slot < len(places):
                    yield path + (part,), unpack(places[slot])
                children.append((path + (part,), child))
            stack.extend(reversed(children))


def _key_index(mapping: dict, key: Any) -> int:
    for index, name in enumerate(mapping):
        if name == key:
            return index
    raise KeyError(key)  # pragma: no cover - the caller checked ``key in mapping``


class Places(Mapping):
    """A read-only dict-like view: field path -> (line, column) of a value, or of a key."""

    __slots__ = ("_marks", "_data", "_key")

    def __init__(self, marks: Marks, data: Any, key: bool) -> None:
        self._marks, self._data, self._key = marks, data, key

    def __getitem__(self, path: tuple) -> tuple[int, int]:
        found = self._marks.find(self._data, tuple(path), self._key) if isinstance(path, tuple) else None
        if found is None:
            raise KeyError(path)
        return found

    def __iter__(self) -> Iterator[tuple]:
        return (path for path, _ in self._marks.walk(self._data, self._key))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def items(self):  # type: ignore[override]  # a generator is cheaper than an ItemsView here
        return self._marks.walk(self._data, self._key)
