"""The result tree of one roll: the AST again, with every die that was thrown and what
happened to it (kept, dropped, rerolled, exploded, clamped, success, failure)."""

from __future__ import annotations

from collections.abc import Iterator

from .dietypes import DieType
from .nodes import Binary, Command, Dice, Group, Number, Unary
from .record import record


def blank_check_groups(dice: list) -> dict[str, list]:
    """Dice whose game data asks for the all-blank check (``blank_check: true``), grouped by the
    name the report uses: the die's first tag ("time"), else its key."""
    groups: dict[str, list] = {}
    for item in dice:
        die = item.die
        if die is not None and die.blank_check:
            groups.setdefault(die.tags[0] if die.tags else die.key, []).append(item)
    return groups


@record(eq=False)  # results are not compared
class DieRoll:
    """One die on the table (an explosion adds another DieRoll with extra=True)."""

    label: str  # the face as shown: "6", "+10", "2 damage", "blank"
    face_value: int | None  # the face's number as rolled
    value: int | None  # what it counts for, after mi/ma
    symbols: tuple[tuple[str, int], ...] = ()
    blank: bool = False
    word: bool = False
    rerolled: tuple[str, ...] = ()  # faces rolled before, then rerolled away
    exploded: bool = False  # it triggered an explosion
    extra: bool = False  # added by an explosion
    kept: bool = True
    success: bool = False
    failure: bool = False


@record(eq=False)
class DiceResult:
    node: Dice
    die: DieType
    rolls: tuple[DieRoll, ...]
    kind: str  # "total" | "successes" | "faces"
    value: int
    successes: int = 0
    failures: int = 0


@record(eq=False)
class NumberResult:
    node: Number
    value: int


@record(eq=False)
class UnaryResult:
    node: Unary
    operand: "ResultNode"
    value: int


@record(eq=False)
class BinaryResult:
    node: Binary
    left: "ResultNode"
    right: "ResultNode"
    value: int


@record(eq=False)
class GroupResult:
    node: Group
    inner: "ResultNode"
    value: int


ResultNode = NumberResult | DiceResult | UnaryResult | BinaryResult | GroupResult


def dice_results(tree: ResultNode) -> Iterator[DiceResult]:
    """Dice terms in the order they were written."""
    if isinstance(tree, DiceResult):
        yield tree
    elif isinstance(tree, UnaryResult):
        yield from dice_results(tree.operand)
    elif isinstance(tree, GroupResult):
        yield from dice_results(tree.inner)
    elif isinstance(tree, BinaryResult):
        yield from dice_results(tree.left)
        yield from dice_results(tree.right)


@record(eq=False)
class BlankCheck:
    """'Did every die tagged `tag` show a blank?' -- the game's rule (cited) says what follows."""

    tag: str
    dice: int
    all_blank: bool
    rule: str | None = None  # rule id
    citation: str | None = None  # "§9.6 When time runs out (attack.time-dice)"

    @property
    def message(self) -> str:
        if not self.all_blank:
            return f"not all {self.tag} dice blank"
        text = f"all {self.tag} dice blank"
        if self.citation:
            text += f": see {self.citation}"
        elif self.rule:
            text += f": see rule {self.rule}"
        return text


@record(eq=False)
class RollResult:
    """One evaluation of the expression."""

    tree: ResultNode
    value: int
    kind: str  # "total" | "successes" | "faces" | "constant"
    successes: int = 0
    failures: int = 0
    counts_failures: bool = False
    by_group: tuple[tuple[str, int], ...] = ()  # successes per colour (named dice only)
    symbols: tuple[tuple[str, int], ...] = ()
    words: tuple[tuple[str, int], ...] = ()  # word faces rolled, by label
    checks: tuple[BlankCheck, ...] = ()

    def dice(self) -> list[DiceResult]:
        return list(dice_results(self.tree))


@record(eq=False)
class CommandResult:
    command: Command
    rolls: tuple[RollResult, ...]
    seed: int | None
