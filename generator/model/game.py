"""The game model: one immutable, validated description of a game, read from its YAML folder.

A game folder (``content/<id>/`` or anywhere on disk) holds ``game.yaml`` and any number of other
``*.yaml`` files (in sub-folders too, except ``layouts/``); their top-level keys are merged, lists
concatenated. ``icons/*.svg`` are the game's icons (id = file name), ``layouts/*.yaml`` its own
card and sheet layouts, ``fonts:`` the font families it ships (generator/model/fonts.py). Every
field is described below; unknown keys are errors, so a misspelling never goes unnoticed.

A deck's cards may come from a spreadsheet (generator/model/spreadsheet.py), and a card
layout's colours, sizes and icons from the cards' fields (generator/model/styles.py).

Ids are lower-case words with dashes (``water-axe``). Rule sections nest; a section's full id joins
the ids of its parents with dots (``combat.binding``) and its number comes from its position
(``§4.3``). Text anywhere may cite a rule as ``[[combat.binding]]`` and show an icon as ``:name:``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, field_validator, model_validator

from .base import Count, Id, Open, Piece, RuleRef, Strict  # noqa: F401  (Piece: imported from here too)
from .boards import Board
from .pieces import Sheet, Token


class Players(Strict):
    min: Annotated[int, Field(ge=1, le=100)]
    max: Annotated[int, Field(ge=1, le=100)]

    @model_validator(mode="after")
    def _ordered(self):
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self


class Credits(Strict):
    designer: str | None = None
    publisher: str | None = None
    artist: str | None = None
    source: str | None = None  # where the rules come from: a book, a web page
    year: int | None = None
    thanks: str | None = None


class Licence(Strict):
    name: str  # e.g. "CC BY-NC-SA 3.0"
    url: str | None = None
    attribution: str | None = None  # the sentence every printed kit must carry, if the licence asks


class Note(Strict):
    """A decision we made where the source is silent or contradicts itself."""

    topic: str
    text: str


ComponentKind = Literal[
    "deck", "cards", "board", "tiles", "tokens", "dice", "sheet", "track", "bag", "envelope",
    "writing", "supply", "other",
]


class Component(Strict):
    """Something on the table, with its count. ``source: gather`` is what players bring."""

    id: Id
    name: str
    kind: ComponentKind
    count: Count = 1
    source: Literal["print", "gather"] = "print"
    ref: Id | None = None  # the deck, die, board, token set or sheet it is made from
    note: str | None = None
    sample: bool = False


class Face(Strict):
    """One side of a die. A bare number N in YAML means label "N", value N; a bare word is a label."""

    label: str
    value: int | None = None
    symbols: dict[Id, Annotated[int, Field(ge=0, le=100)]] = {}
    icon: Id | None = None

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        if isinstance(data, bool):
            return data  # let validation reject it
        if isinstance(data, int):
            return {"label": str(data), "value": data}
        if isinstance(data, str):
            return {"label": data}
        return data


class Die(Strict):
    id: Id
    name: str
    color: str | None = None
    faces: Annotated[tuple[Face, ...], Field(min_length=2, max_length=10_000)]
    success: tuple[int, ...] | None = None  # face values that count as a success
    tags: tuple[Id, ...] = ()  # e.g. "time" for Bone Strike's time dice
    blank_check: bool = False  # the referee says so when every die of this kind rolled shows a blank
    count: Count = 1  # physical dice of this kind in the box
    rule: RuleRef | None = None
    note: str | None = None
    sample: bool = False


class Back(Open):
    """A card back: a layout (default: the deck's ``back_layout``) and the fields it shows."""

    layout: Id | None = None


EffectVerb = Literal[
    "gain-booty", "draw", "heal", "rouse", "damage", "destroy", "capture", "gain-control", "revive",
    "burn-from-hand", "unblockable", "health", "ward", "extra-die", "discount", "reroll-blank", "by-hand",
]
EffectWhen = Literal["play", "bone", "lasting", "turn-end", "buy", "discard", "bone-use", "time-out"]
EffectTarget = Literal[
    "self", "own-warrior", "other-warriors", "blocking", "own-discard", "own-discard-warrior",
    "defender", "neighbour", "each-neighbour", "defender-warrior", "neighbour-warrior",
    "attack-target", "defender-weapon", "neighbour-weapon", "that-warrior",
]
EffectLimit = Literal["once-per-turn", "once-per-attack"]


class Effect(Strict):
    """One thing a card's ability does, in words the table referee can carry out.

    ``when``: on being played (an action, or a warrior or weapon entering play), as a bone ability
    (paid in bones after an attack), for as long as the card is in play, or at the end of its
    owner's turn; while the card is in play, also each time its owner buys a card (``buy``: a
    ``discount`` on the price), discards a card for booty (``discard``), uses any bone ability
    (``bone-use``: a ``discount`` on its bone cost, or an effect after it), or (a warrior or its
    weapon) attacks and fails because time ran out (``time-out``). ``limit``: at most once in each
    of the owner's turns, or in each attack, per card. ``reroll-blank`` (lasting): in each attack
    the owner may reroll ``amount`` dice of the kinds ``dice`` showing a blank, time dice or not.
    An ``extra-die`` on being played lasts until the chosen warrior's next attack this turn;
    ``that-warrior`` is the warrior the ability's previous effect chose. What the words cannot say
    is ``by-hand`` with ``text`` (the referee shows it to the players to resolve); the closed lists
    make a misspelt word an error, never a no-op."""

    do: EffectVerb
    when: EffectWhen = "play"
    amount: Annotated[int, Field(ge=0, le=100)] = 1
    target: EffectTarget | None = None
    max_health: Annotated[int, Field(ge=0, le=100)] | None = None  # only warriors this weak
    unarmed: bool = False  # only warriors without a weapon
    optional: bool = False  # "you may"
    die: Id | None = None  # extra-die: which die
    dice: tuple[Id, ...] = ()  # reroll-blank: the kinds of dice it may reroll
    limit: EffectLimit | None = None  # once per turn / per attack, per card
    minimum: Annotated[int, Field(ge=0, le=100)] | None = None  # discount: never below this
    text: str | None = None  # by-hand: what the players do

    @model_validator(mode="after")
    def _complete(self):
        if self.do == "by-hand" and not self.text:
            raise ValueError("a 'by-hand' effect needs 'text': what the players do")
        if self.do == "extra-die" and self.die is None:
            raise ValueError("an 'extra-die' effect needs 'die': the die's id")
        if self.do == "reroll-blank" and not self.dice:
            raise ValueError("a 'reroll-blank' effect needs 'dice': the ids of the dice it may reroll")
        if self.minimum is not None and self.do != "discount":
            raise ValueError("'minimum' is only for a 'discount' effect")
        if self.do == "discount" and self.when not in ("buy", "bone-use"):
            raise ValueError("a 'discount' effect needs 'when: buy' or 'when: bone-use': what it makes cheaper")
        return self


class Card(Open):
    """One card. Keys other than these are the card's fields, shown by its layout; ``effects``
    is read by the table referee and never printed."""

    id: Id
    name: str
    count: Count = 1
    back: Id | None = None  # a key of the deck's ``backs``; default: the deck's ``back``
    layout: Id | None = None  # default: the deck's layout
    rule: RuleRef | None = None
    sample: bool = False
    effects: tuple[Effect, ...] = ()


class Deck(Strict):
    """A deck of cards. ``cards`` lists them, or names a spreadsheet whose rows they are:
    ``cards: {from: cards.csv}`` (CSV, TSV or XLSX; ``columns`` and ``sheet`` as described in
    generator/model/spreadsheet.py), read by the loader before validation."""

    id: Id
    name: str
    layout: Id = "poker"
    back_layout: Id = "poker-back"
    back: Id | None = None  # default back for every card, a key of ``backs``
    backs: dict[Id, Back] = {}
    cards: Annotated[tuple[Card, ...], Field(min_length=1)]
    rule: RuleRef | None = None
    note: str | None = None
    sample: bool = False

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)


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
        for name in self.drawing:
            if name not in fields:
                known = ", ".join(sorted(map(str, fields))) or "none"
                raise ValueError(f"drawing: '{name}' is not a column or a row field of this table (its fields: {known})")
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


FamilyName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9 _-]*$", max_length=60)]


class FontFamily(Strict):
    """A font family the game ships in its folder: each style's file, relative to the game folder
    (``regular`` required; bold and italic fall back to regular, bold italic to bold, then italic),
    the licence file to copy beside it, and whether the rulebook sets its ``headings`` or ``body``
    in it. Checked when the game loads (generator/model/fonts.py)."""

    regular: str
    bold: str | None = None
    italic: str | None = None
    bolditalic: str | None = None
    licence: str | None = None
    rulebook: tuple[Literal["headings", "body"], ...] = ()


class IconInfo(Strict):
    id: Id
    label: str | None = None
    file: Path | None = None  # filled by the loader from icons/<id>.svg


SAMPLE_NOTE = ("where the rules give no card text, numbers or die faces, this kit uses its own designs "
               "(marked `sample` in the game data); they are not the publisher's components.")
SAMPLE_CREDIT = "The kit's own, where the rules give none"  # the rulebook cover's credits: one line


class Game(Strict):
    id: Id
    title: str
    subtitle: str | None = None
    players: Players
    play_time: str | None = None
    age: str | None = None
    credits: Credits = Credits()
    licence: Licence | None = None
    notes: tuple[Note, ...] = ()
    components: tuple[Component, ...] = ()
    decks: tuple[Deck, ...] = ()
    dice: tuple[Die, ...] = ()
    rules: tuple[Rule, ...] = ()
    glossary: tuple[GlossaryEntry, ...] = ()
    faq: tuple[Faq, ...] = ()
    tables: tuple[Table, ...] = ()
    values: dict[Id, Value] = {}
    boards: tuple[Board, ...] = ()
    tokens: tuple[Token, ...] = ()
    tiles: tuple[Token, ...] = ()
    sheets: tuple[Sheet, ...] = ()
    icons: dict[Id, IconInfo] = {}
    fonts: dict[FamilyName, FontFamily] = {}  # the game's own font families, by name (model/fonts.py)
    # Filled by the loader, not written in YAML:
    root: Path = Path(".")
    rule_numbers: dict[str, str] = {}  # full rule id -> "4.3"

    @field_validator("icons", mode="before")
    @classmethod
    def _icon_ids(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: ({"id": k, **v} if isinstance(v, dict) else v) for k, v in value.items()}
        return value

    # Lookups used by the generator and the referee.
    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def die(self, die_id: str) -> Die:
        return next(d for d in self.dice if d.id == die_id)

    def table(self, table_id: str) -> Table:
        return next(t for t in self.tables if t.id == table_id)

    @property
    def has_samples(self) -> bool:
        """Whether any deck, card, die or component is one of our own sample designs: PRINTING.md
        and the rulebook's credits say so (SAMPLE_NOTE), as a card face no longer does."""
        return (any(d.sample or any(c.sample for c in d.cards) for d in self.decks)
                or any(d.sample for d in self.dice) or any(c.sample for c in self.components))

    def walk_rules(self):
        """Yield (full id, number, depth, rule) in reading order."""
        for full, number, depth, rule, _path in rule_tree(self.rules):
            yield full, number, depth, rule


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
