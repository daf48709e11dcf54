"""What a die *is* for rolling and odds: its faces, and what counts as a success.

Three sources end up here, all as `DieType`:

- standard dice `dX` (faces 1..X, built on demand so a d10000 costs nothing),
- a game's dice from the loader (`from_game_die`, duck-typed on the loader's Die/Face),
- a custom die given on the command line (`from_faces_option`, "1,2,3,gold,star,thief").

A face has a label, maybe a number (`value`) and maybe symbols ({"damage": 2}). A face with
no value and no symbols whose label is "blank" (or empty) is *blank*; other such faces are
*word faces* ("gold"), which are tallied by label.
"""

from __future__ import annotations

import re

from .errors import DiceError, DiceLimitError
from .record import record

TYPE_CHECKING = False  # `referee roll` starts without importing typing (test_dice_record)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Protocol

    class GameDie(Protocol):
        """What from_game_die reads from the loader's Die besides its optional fields (name,
        color, success, tags, rule, note), which it reads with getattr."""

        @property
        def id(self) -> str: ...

        @property
        def faces(self) -> Sequence[Any]: ...

BLANK_LABELS = ("", "blank")


@record
class Face:
    label: str
    value: int | None = None
    symbols: tuple[tuple[str, int], ...] = ()

    @property
    def blank(self) -> bool:
        return self.value is None and not self.symbols and self.label.strip().lower() in BLANK_LABELS

    @property
    def word(self) -> bool:
        """A face that shows only a word (tallied by its label)."""
        return self.value is None and not self.symbols and not self.blank


@record
class DieType:
    key: str  # what the user writes: "d6", "white", "custom"
    name: str  # what we print: "d6", "White die"
    sides: int
    faces: tuple[Face, ...] | None = None  # None: standard die, faces 1..sides
    success: frozenset[int] | None = None  # face values that count as a success
    color: str | None = None
    tags: tuple[str, ...] = ()
    blank_check: bool = False  # report when every die of this kind rolled shows a blank (game data)
    rule: str | None = None  # rule id, e.g. "attack.time-dice"
    rule_cite: str | None = None  # "§9.6 When time runs out (attack.time-dice)"
    note: str | None = None
    game: str | None = None

    def face(self, index: int) -> Face:
        if self.faces is None:
            return Face(str(index + 1), index + 1)
        return self.faces[index]

    def all_faces(self) -> tuple[Face, ...]:
        if self.faces is None:
            return tuple(Face(str(i), i) for i in range(1, self.sides + 1))
        return self.faces

    @property
    def standard(self) -> bool:
        return self.faces is None

    @property
    def numeric(self) -> bool:
        """Every face has a number: keep, reroll, explode, clamps and targets make sense."""
        return self.faces is None or all(f.value is not None for f in self.faces)

    @property
    def has_values(self) -> bool:
        return self.faces is None or any(f.value is not None for f in self.faces)

    @property
    def max_value(self) -> int:
        if self.faces is None:
            return self.sides
        return max(f.value for f in self.faces if f.value is not None)

    def values(self) -> list[int]:
        """Face values, one per face (a face without one counts 0)."""
        if self.faces is None:
            return list(range(1, self.sides + 1))
        return [f.value if f.value is not None else 0 for f in self.faces]

    def symbol_names(self) -> list[str]:
        names: list[str] = []
        for f in self.faces or ():
            for name, _ in f.symbols:
                if name not in names:
                    names.append(name)
        return names

    def word_labels(self) -> list[str]:
        labels: list[str] = []
        for f in self.faces or ():
            if f.word and f.label not in labels:
                labels.append(f.label)
        return labels

    @property
    def group(self) -> str:
        """Successes are reported per colour when the colour is a word ("white"), else per die
        (a colour given as "#f4f1ea" says nothing to a player; the die's id does)."""
        if self.color and self.color.replace(" ", "").isalpha():
            return self.color
        return self.key


def standard_die(sides: int) -> DieType:
    text = "d%" if sides == 100 else f"d{sides}"
    return DieType(key=text, name=text, sides=sides)


def from_game_die(die: GameDie, game: str | None = None, rule_cite: str | None = None) -> DieType:
    """Convert the loader's Die (id, name, color, faces, success, tags, rule, note)."""
    faces = []
    for face in die.faces:
        symbols = tuple((str(k), int(v)) for k, v in (getattr(face, "symbols", None) or {}).items())
        value = getattr(face, "value", None)
        faces.append(Face(str(face.label), None if value is None else int(value), symbols))
    if not faces:
        raise DiceError(f"die '{die.id}' of game '{game}' has no faces")
    success = getattr(die, "success", None)
    return DieType(
        key=str(die.id),
        name=str(getattr(die, "name", None) or die.id),
        sides=len(faces),
        faces=tuple(faces),
        success=frozenset(int(v) for v in success) if success else None,
        color=getattr(die, "color", None),
        tags=tuple(getattr(die, "tags", None) or ()),
        blank_check=bool(getattr(die, "blank_check", False)),
        rule=getattr(die, "rule", None),
        rule_cite=rule_cite,
        note=getattr(die, "note", None),
        game=game,
    )


CUSTOM_KEY = "custom"
_INTEGER = re.compile(r"[+-]?[0-9]{1,18}")


def from_faces_option(text: str, max_faces: int) -> DieType:
    """`--faces "1,2,3,gold,star,thief"`: integers become values, anything else a word face."""
    items = [item.strip() for item in text.split(",")]
    if len(items) > max_faces:
        raise DiceLimitError(f"--faces: {len(items):,} faces, the limit is {max_faces:,}")
    faces = []
    for number, item in enumerate(items, 1):
        if not item:
            raise DiceError(f"--faces: face {number} is empty (faces are separated by commas: \"1,2,3,gold\")")
        if _INTEGER.fullmatch(item):
            faces.append(Face(item, int(item)))
        else:
            faces.append(Face(item))
    return DieType(key=CUSTOM_KEY, name=CUSTOM_KEY, sides=len(faces), faces=tuple(faces))
