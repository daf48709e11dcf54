"""The game model: one immutable, validated description of a game, read from its YAML folder.

A game folder (``content/<id>/`` or anywhere on disk) holds ``game.yaml`` and any number of other
``*.yaml`` files (in sub-folders too, except ``layouts/``); their top-level keys are merged, lists
concatenated. ``icons/*.svg`` are the game's icons (id = file name), ``layouts/*.yaml`` its own
card and sheet layouts, ``fonts:`` the font families it ships (generator/model/fonts.py). Every
field is described below, the rules' own in generator/model/rules.py; unknown keys are errors, so a
misspelling never goes unnoticed.

A deck's cards may come from a spreadsheet (generator/model/spreadsheet.py), and a card
layout's colours, sizes and icons from the cards' fields (generator/model/styles.py).

Ids are lower-case words with dashes (``water-axe``). Rule sections nest; a section's full id joins
the ids of its parents with dots (``combat.binding``) and its number comes from its position
(``§4.3``). Text anywhere may cite a rule as ``[[combat.binding]]`` or a table as
``[[table:rune-purchase]]`` (model/refs.py) and show an icon as ``:name:``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, field_validator, model_validator

from .base import Count, Id, Open, Piece, RuleRef, Strict  # noqa: F401  (Piece: imported from here too)
from .boards import Board
from .pieces import Sheet, Token
from .rules import Faq, GlossaryEntry, Rule, Table, Value, rule_tree


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
