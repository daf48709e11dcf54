"""The interface every game's rules engine implements, and the verdicts it gives.

As in python-chess, reading a move (syntax) is kept apart from judging it (legality):

- ``parse`` turns what a player said into a move, or raises ``Unreadable`` (what was expected,
  with the notation) or ``Ambiguous`` (the possible readings). Both exit 2.
- ``check`` says whether that move is allowed now, or raises ``Illegal``: one sentence and the
  rule id that decides it (the CLI adds the § number and title the rulebook prints). Exit 1.
- ``resolve`` fills in what the table hides or chance decides when the referee is asked to do it
  (a die the player did not report, a rune drawn unseen), from a seeded ``random.Random``.
- ``apply`` carries out a checked, resolved move on the state and returns what changed.

States and moves are plain JSON values (dicts, lists, str, int, bool, None), so the session store
can keep them as they are and a state is a pure function of the set-up and the move log. ``apply``
gets a private copy of the state and may change it in place.

A move is a dict with at least ``"player"`` (a name from the session, or None for the table) and
``"kind"``; ``notation`` writes it back the way a player would say it, and that text is what the
history shows. Random parts are recorded in the move itself once resolved (``"result": "gold"``),
so replaying the log never needs the random generator.
"""
from __future__ import annotations

import random
from typing import Any, ClassVar

from referee.dice.record import field, record
from referee.table.gamedata import GameData

State = dict[str, Any]
Move = dict[str, Any]

EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2


class MoveError(Exception):
    """A move the referee will not record. ``exit_code`` is what the CLI exits with."""

    exit_code = EXIT_UNREADABLE
    verdict = "error"

    def as_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "message": str(self)}


class Unreadable(MoveError):
    """The words do not form a move of this game. ``expected`` says what would have."""

    verdict = "unreadable"

    def __init__(self, message: str, expected: str = "", examples: tuple[str, ...] = (), hint: str = ""):
        super().__init__(message)
        self.expected = expected
        self.examples = tuple(examples)
        self.hint = hint  # e.g. "did you mean 'fire axe'?"

    def as_json(self) -> dict[str, Any]:
        return {**super().as_json(), "expected": self.expected, "examples": list(self.examples),
                "hint": self.hint}


class Ambiguous(MoveError):
    """The words fit more than one move; ``readings`` are those moves in notation."""

    verdict = "ambiguous"

    def __init__(self, message: str, readings: list[str]):
        super().__init__(message)
        self.readings = list(readings)

    def as_json(self) -> dict[str, Any]:
        return {**super().as_json(), "readings": self.readings}


class Illegal(MoveError):
    """A well-formed move the rules do not allow now: one sentence and the deciding rule's id."""

    exit_code = EXIT_ILLEGAL
    verdict = "illegal"

    def __init__(self, reason: str, rule: str):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule  # full rule id, e.g. "round.turns.pass"

    def as_json(self) -> dict[str, Any]:
        return {**super().as_json(), "rule": self.rule}


@record
class Event:
    """One thing a move changed, in a sentence ("ben pays 1 bone to the pot (pot 4)")."""

    text: str
    rule: str | None = None  # the rule that made it happen, when worth citing

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "rule": self.rule}


@record
class Outcome:
    """How a finished game ended."""

    winners: tuple[str, ...]
    reason: str
    scores: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "scores": self.scores,
                "rule": self.rule}


@record
class Status:
    """What the table wants to see at a glance: ``lines`` for people, ``data`` for --json."""

    lines: tuple[str, ...]
    data: dict[str, Any]


@record
class Option:
    """A set-up option of `referee new` (`--option six-rounds`, `--option tiles=gold,star,...`)."""

    name: str
    help: str
    kind: str = "flag"  # "flag" (on when named) or "value" (name=value)
    rule: str | None = None


class Engine:
    """Base class of every game's engine. Subclasses set ``game_id`` and implement the methods
    that raise NotImplementedError; they read every number from ``self.data``."""

    game_id: ClassVar[str] = ""
    version: ClassVar[str] = "1"  # bump when the state's shape changes (old snapshots are dropped)
    options: ClassVar[tuple[Option, ...]] = ()
    # The notation, taught by `referee help GAME` and `referee moves`: (example, what it means).
    examples: ClassVar[tuple[tuple[str, str], ...]] = ()

    def __init__(self, data: GameData):
        self.data = data

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any], digital: bool, rng: random.Random) -> State:
        """The state before the first move. ``digital``: the referee rolls and draws itself
        (hands known to it); otherwise the table does and reports outcomes."""
        raise NotImplementedError

    # -- one move ---------------------------------------------------------------------------
    def parse(self, state: State, text: str) -> Move:
        raise NotImplementedError

    def check(self, state: State, move: Move) -> None:
        """Raise Illegal if the move is not allowed now. Unresolved random parts (None) are
        allowed here; what the player reported is checked as possible."""
        raise NotImplementedError

    def allows(self, state: State, move: Move) -> bool:
        """Whether ``check`` lets the move through: for listing legal moves by trying candidates."""
        try:
            self.check(state, move)
        except Illegal:
            return False
        return True

    def resolve(self, state: State, move: Move, rng: random.Random) -> Move:
        """The move with what chance or hidden information decides filled in. Default: as is."""
        return move

    def apply(self, state: State, move: Move) -> list[Event]:
        """Carry out a checked, resolved move on ``state`` (a private copy) in place."""
        raise NotImplementedError

    def notation(self, move: Move) -> str:
        raise NotImplementedError

    # -- the position -------------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        """Who may move now (usually one player)."""
        raise NotImplementedError

    def legal_moves(self, state: State) -> list[Move]:
        """Every move allowed now, random parts left unresolved (the referee fills them in)."""
        raise NotImplementedError

    def status(self, state: State) -> Status:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        """None while the game goes on."""
        raise NotImplementedError

    def secret(self, state: State) -> bool:
        """True when the legal moves name what a player keeps hidden (the runes in a hand the
        referee dealt): the CLI then lists them only when asked (`referee moves --reveal`)."""
        return False

    def hand(self, state: State, player: str) -> list[str] | None:
        """A player's hidden hand when the referee knows it (it dealt it), for
        `referee status --hand NAME`; None when the table keeps it."""
        return None

    def invariants(self, state: State) -> list[str]:
        """Broken invariants (conservation against the supply, no negative counts), for tests
        and playouts. Empty when all hold."""
        return []
