"""Hints for YAML's classic traps, added to the parser's terse messages (generator.model.safeyaml).

A designer writes card text as it reads, and YAML takes some of it for syntax:
- ``text: Gain 2: draw a card``: a second ``: `` starts a mapping ("mapping values are not
  allowed here");
- a text starting with ``*`` (an alias), ``&`` (an anchor), ``{`` or ``[`` (a flow mapping or
  list), ``!`` (a tag), ``|`` or ``>`` (a block), or ``@``, a backtick or ``%`` (reserved);
- a tab used to indent (YAML indents with spaces only);
- ``yes``, ``no``, ``on`` and ``off`` read as true and false where text was meant (see
  ``bool_word_hint``).
Each hint shows the line rewritten with the text in quotes.
"""
from __future__ import annotations

import re

_KEY_VALUE = re.compile(r"^(?P<lead>\s*(?:-\s+)?)(?P<key>[A-Za-z0-9_][\w\- ]*?):[ \t]+(?P<value>\S.*?)\s*$")
_STARTS = {
    "*": "'*' starts an alias (a reference to an '&anchor')",
    "&": "'&' starts an anchor (a name for the value that follows)",
    "{": "'{' starts an inline mapping",
    "[": "'[' starts an inline list ('[[rule]]' citations too, at the start of a text)",
    "!": "'!' starts a tag",
    "|": "'|' starts a block of text on the lines below",
    ">": "'>' starts a folded block of text on the lines below",
    "@": "'@' is reserved by YAML",
    "`": "a backtick is reserved by YAML",
    "%": "'%' starts a directive",
}
_BOOL_WORDS = {"yes", "no", "on", "off"}  # PyYAML (YAML 1.1) reads these as true/false
SHOWN = 60  # characters of a value a hint repeats


def quoted(text: str) -> str:
    """The text as a YAML string in quotes, whatever it holds."""
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _without_comment(value: str) -> str:
    return re.split(r"\s#", value, maxsplit=1)[0].rstrip()


def trap_hint(text: str, line: int, message: str) -> str | None:
    """A hint for a parse error at ``line`` (0-based) of ``text``, or None when no trap fits.
    The culprit may sit on the line of the error or just above it."""
    lines = text.split("\n")
    if line >= len(lines) + 1:
        return None
    nearby = [n for n in (line, line - 1) if 0 <= n < len(lines)]
    for number in nearby:
        indent = lines[number][:len(lines[number]) - len(lines[number].lstrip(" \t"))]
        if "\t" in indent:
            return (f"line {number + 1} is indented with a tab; YAML indents with spaces only: "
                    f"replace the tab with spaces (set your editor to insert spaces)")
    for number in nearby:
        found = _KEY_VALUE.match(lines[number])
        if not found:
            continue
        value = _without_comment(found.group("value"))
        if value[:1] in ("'", '"') or not value:
            continue
        shown = value if len(value) <= SHOWN else value[:SHOWN] + " ..."  # a line can be any length
        fixed = ("- " if "-" in found.group("lead") else "") + f"{found.group('key')}: {quoted(shown)}"
        start = value[0]
        closed = {"[": "]", "{": "}"}.get(start)
        if closed and value.endswith(closed) and closed * 2 not in value:
            continue  # an inline list or mapping, meant as one
        if start in _STARTS:
            return f"{_STARTS[start]}: to write it as text, put the text in quotes: {fixed}"
        if ": " in value or value.endswith(":"):
            return (f"a text holding ': ' (like ':icon: ' or 'Cost: 2') must be in quotes, or YAML reads "
                    f"a new key: write {fixed}")
    if "mapping values are not allowed" in message:
        return "a text holding ': ' must be in quotes, or YAML reads a new key: write key: \"the text\""
    return None


def bool_word_hint(word: str) -> str | None:
    """Where text was expected and YAML read ``yes``/``no``/``on``/``off`` as true or false."""
    if word.strip().lower() in _BOOL_WORDS:
        read = "true" if word.strip().lower() in ("yes", "on") else "false"
        return f"YAML reads an unquoted {word} as {read}: write \"{word}\" in quotes to keep the word"
    return None
