"""referee.ask.lazy_re: `referee ask`'s patterns compile when first used, and then are
re.compile's own (a cold ask compiled ~80 of them on import, using about half)."""
from __future__ import annotations

import re

from referee.ask.lazy_re import lazy

SOURCE = r"\bhow (many|much)\b"
TEXT = "How many runes can I hold? And how much gold, how MANY bones?"


def test_a_lazy_pattern_is_compiled_only_when_first_used():
    pattern = lazy(SOURCE, re.IGNORECASE)
    assert "_compiled" not in vars(pattern) and pattern.pattern == SOURCE
    assert pattern.search(TEXT) is not None
    assert isinstance(vars(pattern)["_compiled"], re.Pattern)


def test_a_lazy_pattern_answers_as_the_compiled_one():
    pattern, compiled = lazy(SOURCE, re.IGNORECASE), re.compile(SOURCE, re.IGNORECASE)
    first = pattern.search(TEXT)
    assert first is not None and first.span() == compiled.search(TEXT).span()
    assert pattern.match(TEXT).group(1) == "many"
    assert pattern.fullmatch("how much").group(0) == "how much"
    assert pattern.findall(TEXT) == compiled.findall(TEXT) == ["many", "much", "MANY"]
    assert [m.span() for m in pattern.finditer(TEXT)] == [m.span() for m in compiled.finditer(TEXT)]
    assert pattern.sub(r"<\1>", TEXT) == compiled.sub(r"<\1>", TEXT)
    assert pattern.subn("", TEXT) == compiled.subn("", TEXT)
    assert pattern.split(TEXT) == compiled.split(TEXT)
    assert pattern.groups == compiled.groups and pattern.flags == compiled.flags


def test_after_its_first_use_a_lazy_pattern_calls_the_compiled_methods_directly():
    pattern = lazy(SOURCE)
    pattern.search("")
    compiled = vars(pattern)["_compiled"]
    assert vars(pattern)["search"] == compiled.search and vars(pattern)["sub"] == compiled.sub
