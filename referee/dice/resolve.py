"""Legality: turn a parsed `Command` into one that can be rolled.

The parser only knows the text is well formed. Here every die name is looked up (standard
dice, the --faces die, a game's dice by id, colour or name) and each modifier is checked
against the die it is on: keep/reroll/explode/clamps/targets need faces with numbers, a
reroll or explosion must not match every face, and successes are not added to totals.

Each term gets a *kind*:
  total      a sum of face values (3d6, 1d20+5, 2 gamble)
  successes  a count of successes minus failures (10d6>=4, 10d10>=8f1, 4 white 2 red)
  faces      only symbols or words, no number at all (2 time)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .dietypes import CUSTOM_KEY, DieType, from_game_die, standard_die
from .errors import DiceError
from .limits import DEFAULT_LIMITS, Limits
from .nodes import Command, Dice, Group, NamedDie, Node, Number, StandardDie, Unary
from .record import replace

TYPE_CHECKING = False  # `referee roll` starts without importing typing
if TYPE_CHECKING:
    from .dietypes import GameDie

TOTAL, SUCCESSES, FACES, CONSTANT = "total", "successes", "faces", "constant"


class DieCatalog:
    """Finds dice by name: the --faces die, the default game's dice, `game:die`, standard dice."""

    def __init__(self, game: str | None = None, custom: DieType | None = None,
                 load: Callable[[str], dict[str, GameDie]] | None = None,
                 cite: Callable[[str, str], str | None] | None = None):
        """`load(ref)` gives a game's dice by id and `cite(ref, rule_id)` a rule citation; both
        default to referee.dice.gamedice (the project's loader)."""
        self.default_game = game
        self.custom = custom
        self._load = load
        self._cite = cite
        self._games: dict[str, dict[str, DieType]] = {}

    def game_dice(self, ref: str) -> dict[str, DieType]:
        if ref not in self._games:
            load, cite = self._load, self._cite
            if load is None:
                from . import gamedice  # the loader, imported only when a game's dice are asked for

                load = gamedice.dice_for_game
                if cite is None:
                    cite = gamedice.rule_citation
            dice = {}
            for key, die in load(ref).items():
                rule = getattr(die, "rule", None)
                dice[key] = from_game_die(die, game=str(ref), rule_cite=cite(ref, rule) if cite and rule else None)
            self._games[ref] = dice
        return self._games[ref]

    def lookup(self, ref: NamedDie, col: int) -> DieType:
        if ref.game is not None:
            self._game_in_expression(ref.game, col)
            return self._find(ref.name, ref.game, col)
        if ref.name == CUSTOM_KEY and self.custom is not None:
            return self.custom
        if self.default_game is not None:
            if ref.also_standard is None:
                return self._find(ref.name, self.default_game, col)
            # written like a standard die (d4): only a game die with exactly that id replaces it
            for die in self.game_dice(self.default_game).values():
                if die.key.casefold() == ref.name.casefold():
                    return die
        if ref.also_standard is not None:
            return standard_die(ref.also_standard.sides)
        if self.custom is not None:
            raise DiceError(f"no die named '{ref.name}': the --faces die is called '{CUSTOM_KEY}'", col)
        raise DiceError(f"no die named '{ref.name}': write dice like 3d6, or give --game GAME to use a game's dice", col)

    def _game_in_expression(self, game: str, col: int) -> None:
        """A game named inside the expression (`nosuch:d4`) that does not exist is a mistake in
        the expression: say so at its column. Bad data in a game that exists stays a game-data
        error, with the loader's full report."""
        try:
            self.game_dice(game)
        except Exception as exc:  # noqa: BLE001 -- re-raised unless it is "no such game"
            problems = getattr(exc, "problems", None) or []
            if len(problems) == 1 and getattr(problems[0], "file", "") is None:
                hint = getattr(problems[0], "hint", None)
                raise DiceError(problems[0].message + (f" ({hint})" if hint else ""), col) from None
            raise

    def _find(self, name: str, game: str, col: int) -> DieType:
        dice = self.game_dice(game)
        folded = name.casefold()
        if name in dice:
            return dice[name]
        for die in dice.values():
            if die.key.casefold() == folded:
                return die
        by_colour = [d for d in dice.values() if d.color and d.color.casefold() == folded]
        if len(by_colour) == 1:
            return by_colour[0]
        if len(by_colour) > 1:
            ids = ", ".join(d.key for d in by_colour)
            raise DiceError(f"colour '{name}' is ambiguous in {_game_name(game)}: dice {ids}; name one by id", col)
        for die in dice.values():
            if die.name.casefold() == folded:
                return die
        # A tag or an id prefix that picks out exactly one die: "gamble" for "gamble-die".
        for matches in ([d for d in dice.values() if folded in (t.casefold() for t in d.tags)],
                        [d for d in dice.values() if d.key.casefold().startswith(folded + "-")]):
            if len(matches) == 1:
                return matches[0]
        known = sorted({d.key for d in dice.values()} | {d.group for d in dice.values()})
        hint = _did_you_mean(name, known)
        listing = ", ".join(d.key for d in dice.values()) or "none"
        raise DiceError(f"game '{_game_name(game)}' has no die '{name}'{hint}; its dice: {listing}", col)


def _game_name(ref: str) -> str:
    """A game given as a folder is named by the folder, not the whole path."""
    return Path(ref).name if ("/" in ref or "\\" in ref) else ref


def _did_you_mean(name: str, choices: list[str]) -> str:
    """" (did you mean 'white'?)" to follow an unknown die's name, in the words the move hints
    and `cards` use (generator.suggest), or nothing."""
    from generator.suggest import did_you_mean  # only paid for when a name is wrong

    hint = did_you_mean(name, choices)
    return f" ({hint})" if hint else ""


def resolve(command: Command, catalog: DieCatalog | None = None, limits: Limits = DEFAULT_LIMITS) -> Command:
    """Attach a DieType to every Dice node and check it can be rolled. Raises DiceError."""
    catalog = catalog or DieCatalog()
    try:
        expr, _kind = _Resolver(catalog, limits).node(command.expr)
        return replace(command, expr=expr)
    except DiceError as exc:
        raise exc.with_source(command.source)


def kind_of(node: Node) -> str:
    """total / successes / faces / constant for a resolved tree (see module docstring)."""
    if isinstance(node, Number):
        return CONSTANT
    if isinstance(node, Dice):
        assert node.die is not None, "resolve() first"
        return dice_kind(node.die, node)
    if isinstance(node, Unary):
        return kind_of(node.operand)
    if isinstance(node, Group):
        return kind_of(node.inner)
    return _combine(kind_of(node.left), kind_of(node.right))


def dice_kind(die: DieType, node: Dice) -> str:
    if node.mods.success is not None or die.success:
        return SUCCESSES
    if not die.has_values:
        return FACES
    return TOTAL


def _combine(a: str, b: str) -> str:
    kinds = {a, b}
    if SUCCESSES in kinds:
        return SUCCESSES
    if TOTAL in kinds:
        return TOTAL
    if CONSTANT in kinds:
        return TOTAL if FACES in kinds else CONSTANT
    return FACES


class _Resolver:
    def __init__(self, catalog: DieCatalog, limits: Limits):
        self.catalog = catalog
        self.limits = limits

    def node(self, node: Node) -> tuple[Node, str]:
        if isinstance(node, Number):
            return node, CONSTANT
        if isinstance(node, Dice):
            resolved = self.dice(node)
            return resolved, dice_kind(resolved.die, resolved)  # type: ignore[arg-type]
        if isinstance(node, Group):
            inner, kind = self.node(node.inner)
            return replace(node, inner=inner), kind
        if isinstance(node, Unary):
            operand, kind = self.node(node.operand)
            if kind == FACES:
                raise DiceError(f"can't negate dice that show no number ({_text(node.operand)})", node.col)
            return replace(node, operand=operand), kind
        left, lk = self.node(node.left)
        right, rk = self.node(node.right)
        if {lk, rk} == {TOTAL, SUCCESSES}:
            count = _text(node.left) if lk == SUCCESSES else _text(node.right)
            total = _text(node.right) if lk == SUCCESSES else _text(node.left)
            raise DiceError(f"can't combine a count of successes ({count}) with a total ({total})", node.col)
        if FACES in (lk, rk) and node.op not in ("+", " "):
            faces = _text(node.left) if lk == FACES else _text(node.right)
            raise DiceError(f"'{node.op}' needs numbers, but {faces} shows only symbols or words", node.col)
        return replace(node, left=left, right=right), _combine(lk, rk)

    def dice(self, node: Dice) -> Dice:
        ref = node.ref
        die = standard_die(ref.sides) if isinstance(ref, StandardDie) else self.catalog.lookup(ref, ref.col or node.col)
        mods = node.mods
        needs_numbers = [(col, what) for col, what, given in (
            (mods.keep.col if mods.keep else 0, "keep/drop", mods.keep is not None),
            (mods.reroll_col, "reroll", mods.reroll is not None),
            (mods.explode_col, "'!'", mods.explodes),
            (mods.clamp_col, "mi/ma", mods.clamp_min is not None or mods.clamp_max is not None),
            (mods.success_col, "a success target", mods.success is not None),
            (mods.failure_col, "a failure target", mods.failure is not None),
        ) if given]
        if needs_numbers and not die.numeric:
            col, what = needs_numbers[0]
            words = ", ".join(f.label for f in die.all_faces() if f.value is None)
            raise DiceError(f"{what} needs a number on every face, but {die.name} has faces without one ({words})", col)
        faces = die.all_faces() if needs_numbers else ()
        values = [f.value for f in faces]
        if mods.reroll is not None and all(mods.reroll.matches(v) for v in values):  # type: ignore[arg-type]
            written = ("ro" if mods.reroll_once else "r") + mods.reroll.text()
            raise DiceError(f"{written} would reroll every face of {die.name}", mods.reroll_col)
        if mods.explodes:
            cond = mods.explode
            hits = [v for v in values if (v == die.max_value if cond is None else cond.matches(v))]  # type: ignore[arg-type]
            if len(hits) == len(values):
                raise DiceError(f"'!' would explode on every face of {die.name}", mods.explode_col)
        if mods.clamp_min is not None and mods.clamp_max is not None and mods.clamp_min > mods.clamp_max:
            raise DiceError(f"mi{mods.clamp_min} is above ma{mods.clamp_max}", mods.clamp_col)
        # Exploding dice may roll more dice than were thrown, so keeping more is allowed; from no dice
        # at all nothing explodes.
        if mods.keep is not None and (not mods.explodes or node.count == 0) and mods.keep.n > node.count:
            verb = "keep" if mods.keep.kind.startswith("k") else "drop"
            raise DiceError(f"can't {verb} {mods.keep.n} of {node.count} dice", mods.keep.col)
        if mods.failure is not None and mods.success is None and not die.success:
            raise DiceError("a failure target needs a success target too, as in 10d10>=8f1", mods.failure_col)
        return replace(node, die=die)


def _text(node: Node) -> str:
    if isinstance(node, Dice):
        return node.text
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Group):
        return f"({_text(node.inner)})"
    if isinstance(node, Unary):
        return f"-{_text(node.operand)}"
    sep = " " if node.op == " " else f" {node.op} "
    return f"{_text(node.left)}{sep}{_text(node.right)}"
