"""Evaluator: a resolved `Command` + an injected `random.Random` -> `CommandResult`.

Per die, in this order whatever order the modifiers were written in:
  1. roll a face; `r` rerolls while the face matches (at most Limits.max_rerolls times),
     `ro` rerolls once; an explosion's extra dice are rerolled the same way;
  2. `!` : a die that shows its highest face (or matches `!>=5`) adds one more die, which may
     explode in turn, at most Limits.max_explosions extra dice per die written;
  3. `mi`/`ma` clamp what each die counts for;
Then over all dice of the term (extra dice included):
  4. keep/drop by counted value (ties: the earlier die is kept);
  5. kept dice either add up (a total) or each counts +1 for a success and -1 for a failure.
"""

from __future__ import annotations

import random
from collections import Counter

from .dietypes import DieType
from .errors import DiceError
from .limits import DEFAULT_LIMITS, Limits
from .nodes import Binary, Command, Dice, Group, Modifiers, Node, Number, Unary
from .record import replace
from .resolve import FACES, SUCCESSES, dice_kind, kind_of
from .results import (
    BinaryResult,
    BlankCheck,
    CommandResult,
    DiceResult,
    DieRoll,
    GroupResult,
    NumberResult,
    ResultNode,
    RollResult,
    UnaryResult,
    blank_check_groups,
    dice_results,
)


def new_seed() -> int:
    """A fresh seed from system entropy, small enough to retype with --seed."""
    return random.SystemRandom().randrange(2**63)


def roll_command(command: Command, rng: random.Random | None = None, seed: int | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> CommandResult:
    """Roll a resolved command `command.repeat` times. With no rng, one is seeded from `seed`
    (or from system entropy, and the seed is reported so the roll can be replayed)."""
    if rng is None:
        if seed is None:
            seed = new_seed()
        rng = random.Random(seed)
    try:
        rolls = tuple(roll_expression(command.expr, rng, limits) for _ in range(command.repeat))
    except DiceError as exc:
        raise exc.with_source(command.source)
    return CommandResult(command=command, rolls=rolls, seed=seed)


def roll_expression(expr: Node, rng: random.Random, limits: Limits = DEFAULT_LIMITS) -> RollResult:
    tree = _Evaluator(rng, limits).node(expr)
    return summarize(tree, kind_of(expr))


def summarize(tree: ResultNode, kind: str) -> RollResult:
    terms = list(dice_results(tree))
    successes = sum(t.successes for t in terms)
    failures = sum(t.failures for t in terms)
    counts_failures = any(t.node.mods.failure is not None for t in terms)

    groups: dict[str, int] = {}
    for t in terms:
        if t.kind == SUCCESSES and not t.die.standard:
            groups[t.die.group] = groups.get(t.die.group, 0) + t.successes - t.failures

    symbols: dict[str, int] = {}
    for t in terms:
        for name in t.die.symbol_names():
            symbols.setdefault(name, 0)
        for r in t.rolls:
            if r.kept:
                for name, n in r.symbols:
                    symbols[name] = symbols.get(name, 0) + n

    words: Counter[str] = Counter()
    for t in terms:
        words.update(r.label for r in t.rolls if r.kept and r.word)

    checks = []
    for tag, tagged in blank_check_groups(terms).items():
        if tagged:
            rolls = [r for t in tagged for r in t.rolls if r.kept]
            rule = next((t.die for t in tagged if t.die.rule), None)
            checks.append(BlankCheck(tag, len(rolls), bool(rolls) and all(r.blank for r in rolls),
                                     rule.rule if rule else None, rule.rule_cite if rule else None))

    return RollResult(
        tree=tree, value=tree.value, kind=kind, successes=successes, failures=failures,
        counts_failures=counts_failures, by_group=tuple(groups.items()), symbols=tuple(symbols.items()),
        words=tuple(words.items()), checks=tuple(checks))


class _Evaluator:
    def __init__(self, rng: random.Random, limits: Limits):
        self.rng = rng
        self.limits = limits

    def node(self, node: Node) -> ResultNode:
        if isinstance(node, Number):
            return NumberResult(node, node.value)
        if isinstance(node, Dice):
            return self.dice(node)
        if isinstance(node, Group):
            inner = self.node(node.inner)
            return GroupResult(node, inner, inner.value)
        if isinstance(node, Unary):
            operand = self.node(node.operand)
            return UnaryResult(node, operand, -operand.value)
        assert isinstance(node, Binary)
        left = self.node(node.left)
        right = self.node(node.right)
        a, b = left.value, right.value
        if node.op in ("+", " "):
            value = a + b
        elif node.op == "-":
            value = a - b
        elif node.op == "*":
            value = a * b
        else:
            if b == 0:
                raise DiceError("division by zero: the right side of '/' came to 0", node.col)
            value = a // b  # floor division, like Python: -7 / 2 = -4
        return BinaryResult(node, left, right, value)

    # -- dice --------------------------------------------------------------------------------

    def dice(self, node: Dice) -> DiceResult:
        die = node.die
        if die is None:
            raise DiceError(f"internal: '{node.text}' was not resolved", node.col)
        mods = node.mods
        rolls: list[DieRoll] = []
        for _ in range(node.count):
            roll = self.throw(die, mods, extra=False)
            rolls.append(roll)
            chain = 0
            while mods.explodes and chain < self.limits.max_explosions and _explodes(die, mods, roll):
                rolls[-1] = _with(rolls[-1], exploded=True)
                roll = self.throw(die, mods, extra=True)
                rolls.append(roll)
                chain += 1
        if mods.keep is not None:
            rolls = _keep(rolls, mods.keep.kind, mods.keep.n)
        kind = dice_kind(die, node)
        if kind == SUCCESSES:
            rolls = [_judge(r, die, mods) for r in rolls]
            successes = sum(1 for r in rolls if r.kept and r.success)
            failures = sum(1 for r in rolls if r.kept and r.failure)
            return DiceResult(node, die, tuple(rolls), kind, successes - failures, successes, failures)
        value = 0 if kind == FACES else sum(r.value or 0 for r in rolls if r.kept)
        return DiceResult(node, die, tuple(rolls), kind, value)

    def throw(self, die: DieType, mods: Modifiers, extra: bool) -> DieRoll:
        face = die.face(self.rng.randrange(die.sides))
        rerolled: list[str] = []
        if mods.reroll is not None:
            budget = 1 if mods.reroll_once else self.limits.max_rerolls
            while len(rerolled) < budget and mods.reroll.matches(face.value):  # type: ignore[arg-type]
                rerolled.append(face.label)
                face = die.face(self.rng.randrange(die.sides))
        value = face.value
        if value is not None:
            if mods.clamp_min is not None:
                value = max(value, mods.clamp_min)
            if mods.clamp_max is not None:
                value = min(value, mods.clamp_max)
        return DieRoll(label=face.label, face_value=face.value, value=value, symbols=face.symbols,
                       blank=face.blank, word=face.word, rerolled=tuple(rerolled), extra=extra)


def _explodes(die: DieType, mods: Modifiers, roll: DieRoll) -> bool:
    if roll.face_value is None:
        return False
    if mods.explode is None:
        return roll.face_value == die.max_value
    return mods.explode.matches(roll.face_value)


def _keep(rolls: list[DieRoll], kind: str, n: int) -> list[DieRoll]:
    """Mark dice dropped by kh/kl/dh/dl; among equal values the earlier die is kept."""
    count = len(rolls)
    by_high = sorted(range(count), key=lambda i: (-(rolls[i].value or 0), i))  # highest first
    by_low = sorted(range(count), key=lambda i: ((rolls[i].value or 0), i))  # lowest first
    if kind == "kh":
        kept = set(by_high[:n])
    elif kind == "kl":
        kept = set(by_low[:n])
    elif kind == "dh":
        kept = set(by_low[:max(count - n, 0)])
    else:  # "dl"
        kept = set(by_high[:max(count - n, 0)])
    return [r if i in kept else _with(r, kept=False) for i, r in enumerate(rolls)]


def _judge(roll: DieRoll, die: DieType, mods: Modifiers) -> DieRoll:
    """Mark a kept die as a success and/or a failure, by what it counts for."""
    if not roll.kept or roll.value is None:
        return roll
    if mods.success is not None:
        success = mods.success.matches(roll.value)
    else:
        success = roll.value in (die.success or ())
    failure = mods.failure is not None and mods.failure.matches(roll.value)
    return _with(roll, success=success, failure=failure)


def _with(roll: DieRoll, **changes) -> DieRoll:
    return replace(roll, **changes)
