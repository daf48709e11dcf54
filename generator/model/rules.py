"""The rules of a game in the model: its sections (numbered from their position), glossary, FAQ,
the tables the referee computes with, and the values the rules fix. generator/model/game.py holds
the rest of the game; the loader (generator/model/loader.py) validates all of it.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from .base import Id, RuleRef, Strict

OWN_STEP_NUMBER = re.compile(r"^\s*\d+[.):]\s+")


class Rule(Strict):
    id: Id
    title: str
    text: str = ""
    examples: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()  # words players use for this section
    # questions this section answers, as players put them: indexed by `referee ask`, never printed
    asks: tuple[Annotated[str, Field(min_length=3)], ...] = ()
    optional: bool = False  # a variant, not the base game
    sections: tuple["Rule", ...] = ()

    @property
    def heading(self) -> str:
        """The title as a reference prints it after its § number: a step number of the title's own
        ("1. Refill the bag") would read "§4.1 1. Refill the bag", and a roll's or a phase's number
        ("1: Stillness", "4: Action") "§8.5 4: Action": the table or list the section sits beside
        says which roll or phase it is."""
        return OWN_STEP_NUMBER.sub("", self.title)


class GlossaryEntry(Strict):
    term: str
    text: str
    aliases: tuple[str, ...] = ()
    rule: RuleRef | None = None
    icon: Id | None = None


class Faq(Strict):
    question: str
    answer: str
    rule: RuleRef | None = None


TableKind = Literal["cycle", "chart", "map", "records", "list"]
COLOUR_VALUE = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")  # a field of colours is drawing data


class Table(Strict):
    """Data the referee computes with.

    - cycle: ``items`` in order, each beats the next, the last beats the first.
    - chart: ``columns`` and numeric ``rows``; the first column rises strictly.
    - map: ``rows`` of mappings keyed by ``columns[0]`` (a die roll, say) to an outcome.
    - records, list: rows of mappings / items with no further rule.

    ``drawing`` names the row fields that only say how to draw something (a space's position in
    its board's drawing box, a back colour, the corner a lord sits in): the referee and the
    drawing code read them like any other field, the rulebook and the quick reference never print
    them. A field whose every value is a colour (``#4b2a5e``) is drawing data without being named.
    Each name must be one of the table's columns or a field of one of its rows.

    ``field_rules`` names, for a field, the section that rules it where that is not the row's own
    (the characters' ``colour`` is set out in Traits and dice pools, not in each character's
    section): the referee cites it when a question asks for that field. Each key is a field too.
    """

    id: Id
    title: str
    kind: TableKind
    rule: RuleRef | None = None
    die: Id | None = None
    columns: tuple[str, ...] = ()
    rows: tuple[Any, ...] = ()
    items: tuple[str, ...] = ()
    note: str | None = None
    drawing: tuple[str, ...] = ()
    field_rules: dict[str, RuleRef] = {}

    @model_validator(mode="after")
    def _shape(self):
        if self.kind == "cycle":
            if len(self.items) < 2:
                raise ValueError("a cycle needs at least two items")
            if len(set(self.items)) != len(self.items):
                raise ValueError("a cycle lists each item once")
        if self.kind == "chart":
            if not self.columns:
                raise ValueError("a chart needs columns")
            for i, row in enumerate(self.rows):
                if not isinstance(row, (list, tuple)) or len(row) != len(self.columns):
                    raise ValueError(f"row {i} must be a list of {len(self.columns)} values")
                if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in row):
                    raise ValueError(f"row {i}: chart values must be numbers")
            keys = [row[0] for row in self.rows]
            if any(b <= a for a, b in zip(keys, keys[1:])):
                raise ValueError(f"the first column ({self.columns[0]}) must rise from row to row")
        if self.kind in ("map", "records"):
            for i, row in enumerate(self.rows):
                if not isinstance(row, dict):
                    raise ValueError(f"row {i} must be a mapping")
        fields = set(self.columns) | {key for row in self.rows if isinstance(row, dict) for key in row}
        for key, names in (("drawing", self.drawing), ("field_rules", tuple(self.field_rules))):
            for name in names:
                if name not in fields:
                    known = ", ".join(sorted(map(str, fields))) or "none"
                    raise ValueError(f"{key}: '{name}' is not a column or a row field of this table (its fields: {known})")
        return self

    @property
    def drawing_fields(self) -> frozenset[str]:
        """The fields never printed for players: those named in ``drawing``, and those whose
        every value is a colour."""
        values: dict[str, list[Any]] = {}
        for row in self.rows:
            if isinstance(row, dict):
                for key, value in row.items():
                    values.setdefault(str(key), []).append(value)
        colours = {key for key, found in values.items()
                   if all(isinstance(v, str) and COLOUR_VALUE.match(v) for v in found)}
        return frozenset(self.drawing) | colours


class Value(Strict):
    """A number the rules fix (starting health, bones per player ...)."""

    value: int | float | str
    label: str
    rule: RuleRef | None = None


def rule_tree(rules: tuple[Rule, ...], path: tuple = ("rules",)):
    """The one walk of the rule tree: (full id, number, depth, rule, data path) of every section in
    reading order. The number comes from the position (the third top-level section's second child
    is 3.2); the data path (``("rules", 2, "sections", 1)``) locates the section in the YAML."""

    def walk(items, prefix_id, prefix_number, depth, here):
        for index, rule in enumerate(items):
            full = f"{prefix_id}.{rule.id}" if prefix_id else rule.id
            number = f"{prefix_number}.{index + 1}" if prefix_number else str(index + 1)
            yield full, number, depth, rule, here + (index,)
            yield from walk(rule.sections, full, number, depth + 1, here + (index, "sections"))

    yield from walk(rules, "", "", 0, path)


def number_rules(rules: tuple[Rule, ...]) -> dict[str, str]:
    """Section numbers from position, by full id."""
    return {full: number for full, number, _depth, _rule, _path in rule_tree(rules)}
