"""JSON written to a file as it is walked, in exactly the bytes ``json.dumps(value, indent=N)`` gives.

kit.json and the build state of a 10,000-card deck list 20,000 files: built whole as dicts and
then as one string, they cost more memory at their peak than the deck's PDF. Here an object can
be a ``Pairs`` of (key, value) made as it is read, and an array a generator, so each file's
record exists only while it is written. The values are what the kit writes: str, int, None,
bool, float, lists, tuples and dicts.

A short list or dict (a file's record, its components) is encoded as one string, written at
once; only what is made as it is read, or long, is walked item by item. Encoding a record whole
costs a fraction of walking it a token at a time (kit.json of 10,000 faces: 0.32 -> 0.12 s).
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from json.encoder import encode_basestring_ascii as _encode_str  # how json.dumps writes a str
from types import GeneratorType
from typing import IO, Any

WHOLE = 64  # a list or dict of at most this many items is encoded as one string; a longer one is walked


class Pairs:
    """A JSON object whose (key, value) pairs are made as they are written."""

    def __init__(self, pairs: Iterable[tuple[str, Any]]):
        self.pairs = pairs

    def items(self) -> Iterator[tuple[str, Any]]:
        return iter(self.pairs)


class _Walked(Exception):
    """The value holds something made as it is read, or a long list or dict: it is walked."""


def write_json(handle: IO[str], value: Any, indent: int) -> None:
    step = " " * indent
    try:
        text = _text(value, "\n", step)
    except _Walked:
        _walk(handle.write, value, "\n", step)
    else:
        handle.write(text)


def _text(value: Any, pad: str, step: str) -> str:
    """``value`` as json.dumps writes it, its lines starting with ``pad`` (a newline and the
    indentation of the line it starts on). The checks go in json's order (bool before int)."""
    if isinstance(value, str):
        return _encode_str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return json.dumps(value)  # NaN, Infinity as json writes them
    if isinstance(value, (list, tuple)):
        if len(value) > WHOLE:
            raise _Walked
        if not value:
            return "[]"
        inner = pad + step
        return "[" + inner + ("," + inner).join([_encode_str(item) if type(item) is str else _text(item, inner, step)
                                                  for item in value]) + pad + "]"
    if isinstance(value, dict):
        if len(value) > WHOLE:
            raise _Walked
        if not value:
            return "{}"
        inner = pad + step
        return "{" + inner + ("," + inner).join([
            (_encode_str(key) if type(key) is str else _key(key)) + ": "
            + (_encode_str(item) if type(item) is str else _text(item, inner, step))  # most are str: no call
            for key, item in value.items()]) + pad + "}"
    if isinstance(value, (Mapping, Pairs, GeneratorType)):
        raise _Walked
    return json.dumps(value)  # not JSON: json's own TypeError


def _key(key: Any) -> str:
    """An object's key as json.dumps writes it: a str, or a number, bool or None made a string."""
    if isinstance(key, str):
        return _encode_str(key)
    if key is None or isinstance(key, (int, float)):
        return _encode_str(json.dumps(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def _walk(write, value: Any, pad: str, step: str) -> None:
    """Write ``value`` an item at a time, each item whole when it can be (``_text``)."""
    if isinstance(value, (Mapping, Pairs)):
        items: Iterator[tuple[Any, Any]] = iter(value.items())
        opening, closing, keyed = "{", "}", True
    else:  # a list, tuple or generator (the only other values _text gives up on)
        items = ((None, item) for item in value)
        opening, closing, keyed = "[", "]", False
    inner = pad + step
    first = True
    for key, item in items:
        write((opening if first else ",") + inner + (_key(key) + ": " if keyed else ""))
        first = False
        try:
            text = _text(item, inner, step)
        except _Walked:
            _walk(write, item, inner, step)
        else:
            write(text)
    write(opening + closing if first else pad + closing)
