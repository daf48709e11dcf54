"""The dice AST: small frozen records (record.py), produced by the parser and never mutated.

Columns are 1-based positions in the source, kept so later stages (name resolution,
evaluation) can point at the right spot when they refuse something.
"""

from __future__ import annotations

from .dietypes import DieType
from .record import field, record


@record
class Compare:
    """A face test: `op` is one of = > < >= <=."""

    op: str
    value: int

    def matches(self, v: int) -> bool:
        if self.op == "=":
            return v == self.value
        if self.op == ">":
            return v > self.value
        if self.op == "<":
            return v < self.value
        if self.op == ">=":
            return v >= self.value
        return v <= self.value  # "<="

    def text(self) -> str:
        return f"{'' if self.op == '=' else self.op}{self.value}"


@record
class Keep:
    """kh/kl keep the n highest/lowest dice, dh/dl drop the n highest/lowest."""

    kind: str  # "kh" | "kl" | "dh" | "dl"
    n: int
    col: int


@record
class Modifiers:
    """Everything written after a die. Applied in a fixed order, whatever order it was written:
    reroll, explode, clamp (per die) -> keep/drop (over the pool) -> success/failure count."""

    reroll: Compare | None = None
    reroll_once: bool = False
    reroll_col: int = 0
    explode: Compare | None = None  # only meaningful when `explodes`
    explodes: bool = False  # '!' given; explode is None means "on the highest face"
    explode_col: int = 0
    clamp_min: int | None = None
    clamp_max: int | None = None
    clamp_col: int = 0
    keep: Keep | None = None
    success: Compare | None = None
    success_col: int = 0
    failure: Compare | None = None
    failure_col: int = 0

    @property
    def any(self) -> bool:
        return self != Modifiers()


@record
class StandardDie:
    """dX: faces 1..X."""

    sides: int


@record
class NamedDie:
    """A die from game data (`white`, `ribbon-of-bone:d4`) or the --faces die (`custom`).
    `also_standard` is set when the name was written like a standard die (`d4`): a game die with
    that id wins, otherwise it is the standard die."""

    name: str
    game: str | None = None
    also_standard: StandardDie | None = None
    col: int = field(default=0, compare=False)  # where the name is written


DieRef = StandardDie | NamedDie


@record
class Number:
    value: int
    col: int


@record
class Dice:
    """N dice of one kind with their modifiers; `text` is the source of this term."""

    count: int
    ref: DieRef
    mods: Modifiers
    col: int
    text: str
    die: "DieType | None" = field(default=None, compare=False)  # set by the resolver


@record
class Unary:
    op: str  # "-" or "+"
    operand: "Node"
    col: int


@record
class Binary:
    op: str  # "+" "-" "*" "/" ; " " is a pool written side by side ("4 white 2 red"), adds like "+"
    left: "Node"
    right: "Node"
    col: int


@record
class Group:
    """Parentheses, kept so the result can be printed the way it was written."""

    inner: "Node"
    col: int


Node = Number | Dice | Unary | Binary | Group


@record
class Command:
    """A whole command line: `[Nx] expression [# label]`."""

    expr: Node
    repeat: int  # 1 when no 'Nx' was written
    label: str | None
    source: str  # everything as given
    expression: str  # the expression part alone, trimmed


def walk(node: Node):
    """Yield every node, parents before children."""
    stack = [node]
    while stack:
        cur = stack.pop()
        yield cur
        if isinstance(cur, Unary):
            stack.append(cur.operand)
        elif isinstance(cur, Binary):
            stack.extend((cur.right, cur.left))
        elif isinstance(cur, Group):
            stack.append(cur.inner)
