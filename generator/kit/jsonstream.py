"""JSON written to a file as it is walked, in exactly the bytes ``json.dumps(value, indent=N)`` gives.

kit.json and the build state of a 10,000-card deck list 20,000 files: built whole as dicts and
then as one string, they cost more memory at their peak than the deck's PDF. Here an object can
be a ``Pairs`` of (key, value) made as it is read, and an array a generator, so each file's
record exists only while it is written. The values are what the kit writes: str, int, None,
bool, float, lists, tuples and dicts.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from types import GeneratorType
from typing import IO, Any


class Pairs:
    """A JSON object whose (key, value) pairs are made as they are written."""

    def __init__(self, pairs: Iterable[tuple[str, Any]]):
        self.pairs = pairs

    def items(self) -> Iterator[tuple[str, Any]]:
        return iter(self.pairs)


def write_json(handle: IO[str], value: Any, indent: int) -> None:
    _write(handle.write, value, indent, 0)


def _write(write, value: Any, indent: int, level: int) -> None:
    if isinstance(value, (Mapping, Pairs)):
        items: Iterator[tuple[str | None, Any]] = iter(value.items())
        opening, closing = "{", "}"
    elif isinstance(value, (list, tuple, GeneratorType)):
        items = ((None, item) for item in value)
        opening, closing = "[", "]"
    else:
        write(json.dumps(value))
        return
    inner = "\n" + " " * (indent * (level + 1))
    first = True
    for key, item in items:
        write(opening + inner if first else "," + inner)
        first = False
        if key is not None:
            write(json.dumps(key) + ": ")
        _write(write, item, indent, level + 1)
    write(opening + closing if first else "\n" + " " * (indent * level) + closing)
