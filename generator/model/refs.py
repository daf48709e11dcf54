"""``[[...]]`` references in game text, read the same way by every reader.

Game text may point at a rule section, ``[[combat.binding]]``, or at one of the game's tables,
``[[table:rune-purchase]]``. The loader checks both exist (references.py); a card prints a rule as
its number ("§4.3") and a table as its title; the rulebook links them (rulebook/markup.py); the
referee quotes them as words (referee/ask/text.py). Only ``re``: the referee imports it on its quick path.
"""
from __future__ import annotations

import re

# No line break inside: a "[[" left open on one line must not swallow the paragraph after it.
REF_PATTERN = re.compile(r"\[\[([^\]\n]*)\]\]")
# An icon, ":star:", read the same way by the loader, the card and rulebook typesetters and the
# referee; not the ":30:" of a clock time ("before 06:30: check the nets"): a name of digits
# alone straight after a digit is a time. ICON_TOKEN (no group) is for splitting text.
_ICON_START = r"(?:(?<!\d)|(?=:[0-9-]*[a-z]))"
ICON_TOKEN = _ICON_START + r":[a-z0-9][a-z0-9-]*:"
ICON_PATTERN = re.compile(_ICON_START + r":([a-z0-9][a-z0-9-]*):")
TABLE_PREFIX = "table:"


Ref = tuple[str, str]  # (kind, id): kind is "rule" or "table"


def parse_ref(inner: str) -> Ref:
    """What ``[[inner]]`` points at: ``table:ID`` is a table, anything else a rule id."""
    inner = inner.strip()
    if inner.startswith(TABLE_PREFIX):
        return "table", inner[len(TABLE_PREFIX):].strip()
    return "rule", inner


def refs_in(text: str) -> list[Ref]:
    return [parse_ref(match.group(1)) for match in REF_PATTERN.finditer(text)]


def replace_refs(text: str, numbers: dict[str, str] | None = None,
                 rule_titles: dict[str, str] | None = None, tables: dict[str, str] | None = None) -> str:
    """Text with every reference as plain words: a rule as "§4.3" (with its title when given:
    "§4.1 Rouse"), a table as its title; an id the maps do not know stays as written, unbracketed."""
    numbers, rule_titles, tables = numbers or {}, rule_titles or {}, tables or {}

    def words_for(match: re.Match) -> str:
        kind, target = parse_ref(match.group(1))
        if kind == "table":
            return tables.get(target, target)
        number = numbers.get(target)
        if not number:
            return target
        title = rule_titles.get(target)
        return f"§{number} {title}" if title else f"§{number}"

    return REF_PATTERN.sub(words_for, text)
