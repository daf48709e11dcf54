"""The types every record of the game model builds on: ids, rule references, counts, strict and
open records, and ``Piece``, the keys every board, token set and sheet shares. Apart from
generator/model/game.py so that the typed pieces (pieces.py, boards.py) and the Game that holds
them import it without importing each other in a circle."""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=80)]
RuleRef = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*$")]
Count = Annotated[int, Field(ge=0, le=10_000)]


# defer_build: a record's validator is built when it is first used, not when its class is defined.
# Loading a game validates Game alone (its validator holds every record's schema); one of its own
# for each of the 54 record classes cost every process ~2 MiB and ~80 ms at import.
class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


_KEY_SETS: dict[frozenset[str], set[str]] = {}


class Open(BaseModel):
    """A record whose extra keys are its own data fields (card text, token art ...)."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    def model_post_init(self, context: Any, /) -> None:
        # Pydantic keeps the names of the keys each record was given in a set of its own: 730 bytes
        # for a card of six keys, more than the rest of the card. Records given the same keys share
        # one (frozen records never add to it; a copy gets its own).
        names = self.__pydantic_fields_set__
        shared = _KEY_SETS.setdefault(frozenset(names), names)
        object.__setattr__(self, "__pydantic_fields_set__", shared)

    @property
    def extra(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class Piece(Open):
    """A printable or physical piece other than cards: a board, token set, tile set or sheet.

    Token and tile sets (generator/model/pieces.py) and boards (generator/model/boards.py) are
    typed, every key declared and checked; a sheet's shared keys are typed (pieces.py) and its other
    keys are data for its sheet layout, each of which that layout must read (model/sheet_keys.py).
    """

    id: Id
    name: str
    count: Count = 1
    layout: Id | None = None
    rule: RuleRef | None = None
    note: str | None = None
    sample: bool = False
