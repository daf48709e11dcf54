"""Regular expressions compiled the first time they are used.

`referee ask`'s modules hold some 80 patterns, and compiling them all was half of what importing
the engine cost a cold process (~24 ms on two slow cores), while one question uses about half of
them: the answerers for other kinds of question, and the question kinds after the one that
matches, never look. A pattern made with `lazy` compiles on its first use; from then on its
methods are the compiled pattern's own, so a process asking many questions pays no extra call.

A pattern every question tries ("what age is it for?", "is there a hand limit?") can also name
its triggers: pieces of text it cannot match without, one at least in every match. Until a text
holds one, it is answered "no match" without compiling the pattern (most questions ask for no
age, no limit, no tie). Nothing from typing here: importing it costs a cold ask ~2 ms, and nothing
else on its path does.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

_METHODS = ("search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer")


class _Lazy:
    """The pattern's source, standing in for its compiled form until an attribute of that is
    asked for. Its methods below only serve a text holding none of the triggers; the first
    other use compiles the pattern and puts the compiled methods on the instance, in front
    of them."""

    def __init__(self, pattern: str, flags: int, triggers: tuple[str, ...]):
        self.pattern = pattern
        self._flags = flags
        self._triggers = triggers

    def __getattr__(self, name: str) -> object:
        # Reached only for what the instance lacks: a method before the first use, or an
        # attribute no method is (groups, flags ...).
        if name.startswith("__") or name == "_compiled":
            raise AttributeError(name)
        return getattr(self._compile(), name)

    def _compile(self) -> re.Pattern[str]:
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern, self._flags)
            for method in _METHODS:
                setattr(self, method, getattr(compiled, method))
        return compiled

    def _cannot_match(self, text: str) -> bool:
        return bool(self._triggers) and not any(t in text for t in self._triggers)

    def search(self, string: str, *args: int) -> re.Match[str] | None:
        return None if self._cannot_match(string) else self._compile().search(string, *args)

    def finditer(self, string: str, *args: int) -> Iterator[re.Match[str]]:
        return iter(()) if self._cannot_match(string) else self._compile().finditer(string, *args)


def lazy(pattern: str, flags: int = 0, triggers: tuple[str, ...] = ()) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled when first used, or with `triggers`, when first
    used on a text holding one of them (matched as written: no flags that change case). Only its
    methods and `pattern` are to be used: it is no re.Pattern to `isinstance` or to re's
    functions."""
    assert not (triggers and flags & re.IGNORECASE), "triggers are matched case-sensitively"
    return _Lazy(pattern, flags, triggers)  # type: ignore[return-value]  # it stands in for one
