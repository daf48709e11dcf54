"""Typed pieces: punch-out tokens and tiles (``tokens:`` and ``tiles:``), boards (``boards:``) and
the keys every sheet (``sheets:``) shares.

Every key a token set may have is declared here, and an unknown key or a bad value is an error
with its file:line:column and a "did you mean" (``shpae: circle``, ``shape: standie``). Each key is
drawn by generator/pieces/punch.py or generator/pieces/dice.py, or read by the table referee
(generator/pieces does not draw it then; the docstrings say who reads it).

A token set is read for:

- ``shape``: circle (or round), square (the default), rectangle (or rect), standee (a folding
  stand-up figure);
- ``size_mm``: one number (a circle's diameter, a square's side) or [width, height];
- the art: ``icon`` (any icon of the game), ``image`` (a PNG or JPEG in the game folder: the
  whole face, fitted inside the cut line on a round token, covering a square one and the
  standee's figure), ``fill`` (background), ``colour`` (or ``color``: the border, a player colour),
  ``label`` (a short caption), ``text`` (rules text, on tiles); or ``front: {...}`` and
  ``back: {...}`` with the same keys: a set with a ``back`` is printed double-sided; ``faces``
  and ``kinds`` may each have their own ``icon`` or ``image``;
- how many of what: ``count``; or ``colours`` with ``per_colour`` (one set in player colours); or
  ``faces`` (a different face per piece, e.g. board tiles, each ``count`` 1 unless said); or
  ``kinds`` (token kinds with their own ``count``, ``icon``, ``pips`` or ``values``);
- ``die_sides: true``: the kinds are stickers for the sides of a die (die-faces file), not
  punch-out tokens; ``source: gather``: players bring the pieces, nothing is printed;
- ``value``: what one token is worth (Runes and Bones: a bone bundle is worth 5), for the referee.

A board is one of:

- a *track board*: ``size_mm: [width, height]`` and any of ``score_track`` (around the edge),
  ``loop`` (large spaces inside it), ``train_track`` (a small ring in the middle), with ``store``
  and ``tile_slots`` for the referee. Each track has ``spaces`` in order (each with ``index``,
  ``kind``, ``label``, ``icon``, ``mark``, ``chart``: a chart table printed on the space ...),
  ``direction`` (clockwise unless counterclockwise), ``name``, ``rule``, ``note``; the loop's
  spaces are ``space_size_mm``; the score track's band is ``band_mm`` wide (17);
- a *drawn board* (generator/model/boards.py says each key in full): a square grid
  (``grid: {columns, rows, cell_mm, labels: chess|numbers|none}``) or a hex map (``hex: {columns,
  rows, size_mm, orientation: flat|pointy, labels: offset|none}``), with ``cells`` filled from data
  (``at``, ``kind``, ``label``, ``icon``, ``fill``; ``cell_kinds`` give each kind its look); an
  image board (``image: art/board.png``, scaled to ``size_mm``; ``fit: cover`` (default) or
  ``contain``); free ``regions`` placed in mm (``box: [x, y, w, h]``, ``text``, ``icon``,
  ``image``, ``fill``, ``colour``), drawn over any board kind, a track board too; ``fill`` colours
  the board's ground. Its size is ``size_mm`` (needed by an image board), else the grid's or the
  hex map's with a margin; a board larger than the paper is tiled as track boards are;
- a *card-layout guide*: ``grid: {columns, rows, card, gap_mm}`` and ``slots`` (``slot``, ``row``,
  ``column``, ``neighbours``, ``start``): where cards go on the table, not to scale;
- a board drawn by a sheet layout (``layout:``), or one printed on another piece
  (``printed_on: <sheet layout or piece>``, with ``spaces``, ``start``, ``corners``, ``kind``,
  ``icon`` for the referee); ``printed: false`` says the guide is printed only as a guide;
- ``source: gather``: players bring it.

A sheet is drawn by a sheet layout (generator/model/sheet_layouts.py): its ``layout:``, else the
game's layout named like the sheet, else the layout whose ``applies_to`` fits. Its own keys are
``size`` (a paper size: A3, A4, A5, A6, letter, half-letter; a card size: poker ...; or [width,
height] in mm, checked against its layout), ``orientation`` (portrait or landscape), ``for_die``
(the die the sheet stands in for), ``back`` (data for the back layout), ``source: gather``; any
other key is the sheet's data, which its layout shows (``sheet.<key>``) and the rules index reads;
a key its layout does not read is an error (generator/model/sheet_keys.py).

Pieces are dumped (``model_dump``) as written: a key that was not given is left out, so the
referee's snapshot of the game sees the same dictionaries as before pieces were typed.
"""
from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_serializer, model_validator

from ..paper.sizes import CARD_SIZES_MM, PAPER_SIZES_MM
from ..suggest import did_you_mean
from .base import Count, Id, Piece, RuleRef

NAMED_COLOURS = {
    "red": "#c0392b",
    "blue": "#2e6db4",
    "green": "#3c8d40",
    "yellow": "#e3b81f",
    "white": "#f4f1ea",
    "grey": "#9a9a9a",
    "gray": "#9a9a9a",
    "black": "#2b2b2b",
    "amber": "#d9a21b",
    "purple": "#6b3f8f",
    "orange": "#d9772b",
    "brown": "#8b5a2b",
}
PIECE_FIELDS = frozenset(Piece.model_fields)  # id, name, count ...: always dumped, as before
Mm = Annotated[int | float, Field(gt=0, le=2000)]  # an int stays an int, as written


def colour_hex(value: object) -> str | None:
    """A piece's colour as #rrggbb: a colour word (red, blue ...), #rgb or #rrggbb; None if it is
    none of them. The model checks with it and the drawing (scene/draw.colour) reads with it."""
    text = str(value).strip().lower()
    if text in NAMED_COLOURS:
        return NAMED_COLOURS[text]
    if re.fullmatch(r"#[0-9a-f]{3}", text):
        return "#" + "".join(c * 2 for c in text[1:])
    return text if re.fullmatch(r"#[0-9a-f]{6}", text) else None


def check_colour(value: str | None) -> str | None:
    """A colour word (red, blue ...) or #rgb / #rrggbb, kept as written."""
    if value is None or colour_hex(value) is not None:
        return value
    text = str(value).strip().lower()
    guess = did_you_mean(text, NAMED_COLOURS)
    hint = f"; {guess}" if guess else ""
    raise ValueError(f"expected a colour word ({', '.join(NAMED_COLOURS)}) or #rrggbb, found '{value}'{hint}")


Colour = Annotated[str, Field(max_length=40)]
ImagePath = Annotated[str, Field(min_length=1, max_length=300)]
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


def nested_images(data: object, path: tuple = ()) -> list[tuple[tuple, str]]:
    """Every ``image`` below a piece's top level (front.image, kinds[2].image, regions[0].image),
    with its path, so the loader checks those files as it checks a top-level image."""
    found: list[tuple[tuple, str]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, (list, tuple)) else ()
    for key, value in items:
        if key == "image" and path and isinstance(value, str):
            found.append((path, value))
        elif isinstance(value, (dict, list, tuple)):
            found += nested_images(value, path + (key,))
    return found


def check_image(value: str | None) -> str | None:
    """A PNG or JPEG path inside the game folder (the loader checks the file itself)."""
    if value is not None and not str(value).lower().endswith(IMAGE_SUFFIXES):
        raise ValueError(f"expected a PNG or JPEG file (art/board.png), found '{value}'")
    return value


class AsWritten:
    """Dumped as written: only the keys given, in the order they were given (after the fields
    every piece has), so typed pieces dump exactly as the free dictionaries they replace."""

    _order: tuple[str, ...] = PrivateAttr(default=())
    _always: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="wrap")
    @classmethod
    def _remember_order(cls, data: Any, handler):
        made = handler(data)
        if isinstance(data, dict):
            made._order = tuple(str(k) for k in data)
        return made

    @model_serializer(mode="wrap")
    def _as_written(self, handler) -> dict[str, Any]:
        data = handler(self)
        given = [k for k in self._order if k in data and k not in self._always]
        first = [k for k in data if k in self._always]
        return {k: data[k] for k in first + given}


class Data(AsWritten, BaseModel):
    """Typed piece data: frozen, unknown keys are errors, dumped as written."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class TokenArt(Data):
    """One side's art: ``icon``, ``image``, ``fill``, ``colour``/``color``, ``label``, ``text``, ``pips``."""

    icon: Id | None = None
    image: ImagePath | None = None
    fill: Colour | None = None
    colour: Colour | None = None
    color: Colour | None = None
    label: str | int | None = None
    text: str | None = None
    pips: Annotated[int, Field(ge=0, le=9)] | None = None

    _colours = field_validator("fill", "colour", "color")(check_colour)
    _image = field_validator("image")(check_image)


class TokenFace(Data):
    """One face of a ``faces`` set (a tile each). ``rule``, ``setup`` and ``adds_side`` are for the
    referee (Rattlebones: which side a tile adds to a die, how it is set up)."""

    id: Id | None = None
    name: str | None = None
    icon: Id | None = None
    image: ImagePath | None = None
    fill: Colour | None = None
    colour: Colour | None = None
    text: str | None = None
    count: Count | None = None
    rule: RuleRef | None = None
    setup: str | None = None
    adds_side: str | None = None

    _colours = field_validator("fill", "colour")(check_colour)
    _image = field_validator("image")(check_image)


class TokenValue(Data):
    """Tokens of one printed value within a kind: ``value`` and ``count``."""

    value: int | str
    count: Count | None = None


class TokenKind(Data):
    """A kind of token in a ``kinds`` set: its ``count``, and ``icon``, ``pips`` (1-9 spots),
    ``values`` (one token per printed value), or ``value``. ``socket`` (the die socket a side
    token belongs to), ``fixed``, ``rotatable`` and ``sample`` are for the referee and the rules
    index (a rotatable token points at an edge; a sample is pictured in the rulebook)."""

    id: Id | None = None
    name: str | None = None
    icon: Id | None = None
    image: ImagePath | None = None
    fill: Colour | None = None
    colour: Colour | None = None
    count: Count | None = None
    pips: Annotated[int, Field(ge=0, le=9)] | None = None
    value: int | str | None = None
    values: tuple[TokenValue, ...] | None = None
    socket: int | None = None
    fixed: bool | None = None
    rotatable: bool | None = None
    sample: bool | None = None

    _colours = field_validator("fill", "colour")(check_colour)
    _image = field_validator("image")(check_image)


class TypedPiece(AsWritten, Piece):
    """A piece whose every key is declared (no free keys): the base of Token and Board."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    _always: ClassVar[frozenset[str]] = PIECE_FIELDS

    @cached_property
    def extra(self) -> dict[str, Any]:  # type: ignore[override]
        """The keys given beyond the common ones, as plain data (what the drawing code reads)."""
        return {k: v for k, v in self.model_dump(mode="json").items() if k not in PIECE_FIELDS}


class Token(TypedPiece):
    """A token or tile set (``tokens:`` or ``tiles:``); see the module docstring for each key."""

    shape: Literal["circle", "round", "square", "rectangle", "rect", "standee"] | None = None
    size_mm: Mm | tuple[Mm, Mm] | None = None
    icon: Id | None = None
    image: ImagePath | None = None
    fill: Colour | None = None
    colour: Colour | None = None
    color: Colour | None = None
    label: str | int | None = None
    text: str | None = None
    front: TokenArt | None = None
    back: TokenArt | None = None
    faces: tuple[TokenFace, ...] | None = None
    kinds: tuple[TokenKind, ...] | None = None
    colours: tuple[Colour, ...] | None = None
    per_colour: Annotated[int, Field(ge=1, le=10_000)] | None = None
    die_sides: bool | None = None
    source: Literal["print", "gather"] | None = None
    value: int | None = None

    _colours = field_validator("fill", "colour", "color")(check_colour)
    _image = field_validator("image")(check_image)

    @field_validator("colours")
    @classmethod
    def _each_colour(cls, value):
        for item in value or ():
            check_colour(item)
        return value


# --- sheets -------------------------------------------------------------------------------------


class Sheet(TypedPiece):
    """A sheet (``sheets:``): the keys it shares with every sheet are typed; the rest is its data."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    size: str | tuple[Mm, Mm] | None = None
    orientation: Literal["portrait", "landscape"] | None = None
    for_die: Id | None = None
    back: dict[str, Any] | None = None
    source: Literal["print", "gather"] | None = None

    @field_validator("size")
    @classmethod
    def _known_size(cls, value):
        if isinstance(value, str) and value.lower() not in PAPER_SIZES_MM and value not in CARD_SIZES_MM:
            guess = did_you_mean(value.lower(), list(PAPER_SIZES_MM) + list(CARD_SIZES_MM))
            hint = f"; {guess}" if guess else ""
            raise ValueError(f"expected a paper size ({', '.join(PAPER_SIZES_MM)}), a card size "
                             f"({', '.join(CARD_SIZES_MM)}) or [width, height] in mm, found '{value}'{hint}")
        return value
