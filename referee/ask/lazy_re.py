"""Regular expressions compiled the first time they are used.

`referee ask`'s modules hold some 80 patterns, and compiling them all was half of what importing
the engine cost a cold process (~24 ms on two slow cores), while one question uses about half of
them: the answerers for other kinds of question, and the question kinds after the one that
matches, never look. A pattern made with `lazy` compiles on its first use; from then on its
methods are the compiled pattern's own, so a process asking many questions pays no extra call.
Nothing from typing here: importing it costs a cold ask ~2 ms, and nothing else on its path does.
"""
from __future__ import annotations

import re

_METHODS = ("search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer")


class _Lazy:
    """The pattern's source, standing in for its compiled form until an attribute of that is
    asked for."""

    def __init__(self, pattern: str, flags: int):
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> object:
        # Reached only for what the instance lacks: a method before the first use, or an
        # attribute no method is (groups, flags ...).
        if name.startswith("__") or name == "_compiled":
            raise AttributeError(name)
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern, self._flags)
            for method in _METHODS:
                setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled when first used. Only its methods and `pattern` are
    to be used: it is no re.Pattern to `isinstance` or to re's functions."""
    return _Lazy(pattern, flags)  # type: ignore[return-value]  # it stands in for one
