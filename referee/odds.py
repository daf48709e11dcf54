"""`referee odds`: the exact distribution of a dice expression.

The only module that imports icepool (design: each heavy library lives in one module), and only
for explosions: everything else is worked out by referee/dice/exact.py, in plain Python with the
same weights, because importing icepool takes longer than the answer. It works from the same
resolved `Command` as `referee roll`, with the same semantics (see referee/dice/evaluate.py), so
the odds are those of the roller itself:

- everything without '!' is exact;
- '!' is followed to the roller's own bound, Limits.max_explosions extra dice per die, so
  that is exact too, and the output says the depth;
- 'r' rerolls at most Limits.max_rerolls times, as the roller does.

Besides the main distribution (a total, or a count of successes) it gives one distribution per
symbol and per word face of game dice, the chance that every `time` die shows a blank, and for
one custom die on its own, the chance of each face.

Work is estimated before each heavy step and capped by Limits.max_odds_work, so a huge
expression is refused with a message instead of hanging: big-integer weights are charged for
their length as Python multiplies them (Karatsuba), and a sum of many dice is charged whole
before its first step, so `1000d%r1<=3` is refused at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from referee.dice import exact
from referee.dice.dietypes import DieType
from referee.dice.errors import DiceError, DiceLimitError
from referee.dice.limits import DEFAULT_LIMITS, Limits
from referee.dice.nodes import Binary, Command, Dice, Group, Modifiers, Node, Number, Unary, walk
from referee.dice.oddstext import MAX_FRACTION_DIGITS, format_text, to_json  # noqa: F401 (the odds' output)
from referee.dice.record import record
from referee.dice.resolve import FACES, SUCCESSES, dice_kind, kind_of
from referee.dice.results import blank_check_groups

# What the compiler works on: an exact.Die, or an icepool.Die when explosions need icepool. Both
# answer the same calls (outcomes, denominator, len, + - * //, map, pool); icepool ships no types
# here, so one name stands for either. (`referee odds` starts without importing typing.)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    DieLike = Any


@record
class Distribution:
    """Outcomes with integer weights over one common denominator."""

    title: str
    outcomes: tuple[tuple[object, int], ...]  # (value, weight), values ascending (or faces in order)
    denominator: int
    numeric: bool = True  # False: outcomes are face labels
    numbers: tuple[int, ...] | None = None  # a face table's numbers, when every face has one

    def probability(self, weight: int) -> Fraction:
        return Fraction(weight, self.denominator)

    def _weighted(self) -> list[tuple[int, int]] | None:
        if self.numeric:
            return [(v, w) for v, w in self.outcomes]  # type: ignore[misc]  # numeric: the values are ints
        if self.numbers is not None:
            return [(n, w) for n, (_, w) in zip(self.numbers, self.outcomes)]
        return None

    @property
    def mean(self) -> Fraction | None:
        pairs = self._weighted()
        if pairs is None:
            return None
        return Fraction(sum(v * w for v, w in pairs), self.denominator)

    @property
    def sd(self) -> float | None:
        pairs, mean = self._weighted(), self.mean
        if pairs is None or mean is None:
            return None
        return math.sqrt(Fraction(sum((v - mean) ** 2 * w for v, w in pairs), self.denominator))

    def at_least(self) -> list[Fraction]:
        """P(X >= value) for each outcome, in order."""
        tail, out = 0, []
        for _, w in reversed(self.outcomes):
            tail += w
            out.append(Fraction(tail, self.denominator))
        return out[::-1]


@record
class BlankOdds:
    tag: str
    probability: Fraction
    rule: str | None = None
    citation: str | None = None


@record
class OddsReport:
    command: Command
    kind: str  # "total" | "successes" | "faces" | "constant"
    main: Distribution | None
    tallies: tuple[Distribution, ...] = ()  # per symbol and per word face
    blanks: tuple[BlankOdds, ...] = ()
    explosion_depth: int | None = None
    notes: tuple[str, ...] = ()


def odds(command: Command, limits: Limits = DEFAULT_LIMITS, lib=None) -> OddsReport:  # noqa: ANN001
    """Exact odds of a resolved command (see referee.dice.prepare). Raises DiceError.
    `lib`: the dice library to work with (tests compare the two); default: referee.dice.exact,
    or icepool when a die explodes."""
    try:
        return _odds(command, limits, lib)
    except DiceError as exc:
        raise exc.with_source(command.source)


def _odds(command: Command, limits: Limits, lib) -> OddsReport:  # noqa: ANN001
    expr = command.expr
    kind = kind_of(expr)
    terms = [n for n in walk(expr) if isinstance(n, Dice)]
    notes = []
    if command.repeat > 1:
        notes.append(f"odds of one roll; '{command.repeat}x' repeats it {command.repeat} times independently")
    explodes = any(t.mods.explodes for t in terms)

    # One custom die on its own whose faces say more than their numbers: show each face.
    single_custom = (isinstance(expr, Dice) and expr.count == 1 and not expr.mods.any and expr.die is not None
                     and not expr.die.standard
                     and any(f.value is None or f.label != str(f.value) for f in expr.die.all_faces()))
    compiler = _Compiler(limits, lib or (_icepool() if explodes else exact))
    main: Distribution | None
    tallies: list[Distribution] = []
    if single_custom:
        assert isinstance(expr, Dice) and expr.die is not None  # what single_custom says
        main = _face_table(expr.die)
    else:
        main = None
        if kind != FACES:
            title = "successes" if kind == SUCCESSES else "total"
            main = _distribution(title, compiler.node(expr))
        tallies = compiler.tallies(terms)
    blanks = _blank_odds(terms)
    return OddsReport(command=command, kind=kind, main=main, tallies=tuple(tallies), blanks=tuple(blanks),
                      explosion_depth=limits.max_explosions if explodes else None, notes=tuple(notes))


def _icepool():  # noqa: ANN202
    import icepool

    return icepool


def _distribution(title: str, die) -> Distribution:  # noqa: ANN001
    items = sorted((int(v), int(q)) for v, q in die.items() if q)
    denominator = int(die.denominator())
    if denominator.bit_length() > 4 * MAX_FRACTION_DIGITS:  # too long to print as fractions anyway:
        common = math.gcd(denominator, *(q for _, q in items))  # the same odds in the smallest numbers
        items = [(v, q // common) for v, q in items]
        denominator //= common
    return Distribution(title, tuple(items), denominator)


def _face_table(die: DieType) -> Distribution:
    weights: dict[str, int] = {}
    numbers: dict[str, int | None] = {}
    for face in die.all_faces():
        weights[face.label] = weights.get(face.label, 0) + 1
        numbers.setdefault(face.label, face.value)
    values = tuple(numbers.values())
    return Distribution(f"faces of {die.name}", tuple(weights.items()), die.sides, numeric=False,
                        numbers=values if None not in values else None)  # type: ignore[arg-type]


def _blank_odds(terms: list[Dice]) -> list[BlankOdds]:
    out = []
    for tag, tagged in blank_check_groups(terms).items():
        p = Fraction(1)
        for t in tagged:
            die = t.die
            assert die is not None
            p *= Fraction(sum(1 for f in die.all_faces() if f.blank), die.sides) ** t.count
        cited = next((t.die for t in tagged if t.die and t.die.rule), None)
        out.append(BlankOdds(tag, p, cited.rule if cited else None, cited.rule_cite if cited else None))
    return out


class _Compiler:
    """Resolved AST -> a die of `lib` (referee.dice.exact, or icepool where something explodes),
    charging estimated work against the limit."""

    def __init__(self, limits: Limits, lib):  # noqa: ANN001
        self.limits = limits
        self.lib = lib
        self.work = 0

    def charge(self, cost: int, col: int) -> None:
        self.work += cost
        if self.work > self.limits.max_odds_work:
            raise DiceLimitError("too much to work out exactly (too many dice or sides); "
                                 "try a smaller expression, or roll it many times instead", col)

    def node(self, node: Node) -> DieLike:
        if isinstance(node, Number):
            return self.lib.Die([node.value])
        if isinstance(node, Dice):
            return self.dice(node)
        if isinstance(node, Group):
            return self.node(node.inner)
        if isinstance(node, Unary):
            return -self.node(node.operand)
        assert isinstance(node, Binary)
        a = self.node(node.left)
        b = self.node(node.right)
        self.charge(_add_cost(a, b), node.col)
        if node.op in ("+", " "):
            return a + b
        if node.op == "-":
            return a - b
        if node.op == "*":
            return a * b
        if 0 in b.outcomes():
            raise DiceError("division by zero is possible: the right side of '/' can come to 0", node.col)
        return a // b

    def add(self, a: DieLike, b: DieLike, col: int) -> DieLike:
        self.charge(_add_cost(a, b), col)
        return a + b

    def sum_of(self, die: DieLike, n: int, col: int) -> DieLike:
        """n independent copies added up, by repeated doubling (icepool's own `@` recurses n deep).
        The whole sum is charged before the first step: the last doublings cost the most."""
        self.charge(_sum_cost(die, n), col)
        total = self.lib.Die([0])
        base = die
        while n:
            if n & 1:
                total = total + base
            n >>= 1
            if n:
                base = base + base
        return total

    def dice(self, node: Dice) -> DieLike:
        die = node.die
        assert die is not None, "resolve() first"
        kind = dice_kind(die, node)
        if kind == FACES:
            return self.lib.Die([0])
        mods = node.mods
        rolled = self.single_roll(die, mods)
        counted = _counted(die, mods, kind)
        explodes = _explode_test(die, mods)
        if mods.keep is None:
            per_die = rolled.map(counted, star=False)
            if mods.explodes:
                # a die and the chain of extra dice it sets off, counted together:
                # chain(d) = counted(face) + (chain(d - 1) if the face explodes), chain(0) = counted(face)
                for _ in range(self.limits.max_explosions):
                    self.charge(len(rolled) * len(per_die), node.col)
                    per_die = rolled.map(_chain_step(counted, explodes, per_die), star=False)
            return self.sum_of(per_die, node.count, node.col)

        n, keep = node.count, mods.keep
        if n == 0:  # no dice thrown: nothing to keep or explode, and an empty pool has no outcome
            return self.lib.Die([0])
        if mods.explodes:
            self.charge(15_000 * n**3 * max(1, len(rolled) // 10), node.col)
            pool = rolled.explode_to_pool(n, explodes, star=False, depth=self.limits.max_explosions)
            kept_at_most = n * (self.limits.max_explosions + 1)
        else:
            pool = rolled.pool(n)
            kept_at_most = n
        kept = keep.n if keep.kind in ("kh", "kl") else max(kept_at_most - keep.n, 1)
        span = max(rolled.outcomes()) - min(rolled.outcomes()) + 1
        bits = n * rolled.denominator().bit_length()
        self.charge(10 * n * len(rolled) * min(kept, n) * span * _multiply_cost(bits), keep.col)
        if keep.kind == "kh":
            selected = pool.highest(keep.n)
        elif keep.kind == "kl":
            selected = pool.lowest(keep.n)
        elif keep.kind == "dh":
            selected = pool.highest(drop=keep.n)
        else:  # "dl"
            selected = pool.lowest(drop=keep.n)
        return selected.sum(map=counted)

    def single_roll(self, die: DieType, mods: Modifiers) -> DieLike:
        """One die as rolled, rerolls included, by face value."""
        rolled = self.lib.Die(die.values())
        if mods.reroll is not None:
            cond = mods.reroll
            depth = 1 if mods.reroll_once else self.limits.max_rerolls
            self.charge(len(rolled) * depth, mods.reroll_col)
            rolled = rolled.reroll(cond.matches, star=False, depth=depth)
        return rolled

    def tallies(self, terms: list[Dice]) -> list[Distribution]:
        """One distribution per symbol and per word face over all dice terms."""
        names: list[tuple[str, str]] = []  # (kind, name)
        for t in terms:
            assert t.die is not None
            names += [("symbol", s) for s in t.die.symbol_names() if ("symbol", s) not in names]
            names += [("word", w) for w in t.die.word_labels() if ("word", w) not in names]
        out = []
        for what, name in names:
            total = self.lib.Die([0])
            for t in terms:
                die = t.die
                assert die is not None
                if what == "symbol":
                    counts = [dict(f.symbols).get(name, 0) for f in die.all_faces()]
                else:
                    counts = [1 if f.word and f.label == name else 0 for f in die.all_faces()]
                if not any(counts):
                    continue
                if t.mods.any:
                    raise DiceError(f"odds of {what}s on dice with modifiers are not supported ({t.text})", t.col)
                part = self.sum_of(self.lib.Die(counts), t.count, t.col)
                total = self.add(total, part, t.col)
            out.append(_distribution(name, total))
        return out


def _multiply_cost(bits: int) -> int:
    """Cost of multiplying two weights of about `bits` bits, in multiplications of small
    integers: linear while short, then as Python's Karatsuba (n^1.585; fitted by timing)."""
    words = bits // 64 + 1
    return words if words < 8 else int(words ** 1.585 / 2.5)


def _add_cost(a: DieLike, b: DieLike) -> int:
    """Estimated cost of combining two dice: every pair of outcomes, times the cost of one
    product of their weights (denominators grow with every die added)."""
    bits = max(a.denominator().bit_length(), b.denominator().bit_length())
    return len(a) * len(b) * _multiply_cost(bits)


def _sum_cost(die: DieLike, n: int) -> int:
    """What sum_of(die, n) will cost, stepped through on sizes alone: a sum of k copies has at
    most k * (span - 1) + 1 outcomes and weights of k times the bits of one."""
    values = die.outcomes()
    span = max(values) - min(values) + 1
    bits = die.denominator().bit_length()

    def size(k: int) -> tuple[int, int]:
        return (min(k * (span - 1) + 1, len(die) ** k if k < 64 else k * span), k * bits)

    cost, total, base = 0, 0, 1
    while n:
        if n & 1:
            (a, abits), (b, bbits) = size(total) if total else (1, 0), size(base)
            cost += a * b * _multiply_cost(max(abits, bbits))
            total += base
        n >>= 1
        if n:
            b, bbits = size(base)
            cost += b * b * _multiply_cost(bbits)
            base *= 2
    return cost


def _counted(die: DieType, mods: Modifiers, kind: str) -> Callable[[int], int]:
    """What one rolled face counts for: its clamped value, or +1/-1/0 for success/failure."""
    lo, hi = mods.clamp_min, mods.clamp_max

    def clamp(v: int) -> int:
        if lo is not None and v < lo:
            v = lo
        if hi is not None and v > hi:
            v = hi
        return v

    if kind != SUCCESSES:
        return clamp
    success, failure, faces = mods.success, mods.failure, die.success or frozenset()

    def score(v: int) -> int:
        c = clamp(v)
        hit = success.matches(c) if success is not None else c in faces
        miss = failure is not None and failure.matches(c)
        return int(hit) - int(miss)

    return score


def _chain_step(counted: Callable[[int], int], explodes: Callable[[int], bool], rest: DieLike
                ) -> Callable[[int], DieLike]:
    def step(v: int) -> DieLike:
        return counted(v) + rest if explodes(v) else counted(v)

    return step


def _explode_test(die: DieType, mods: Modifiers) -> Callable[[int], bool]:
    cond, top = mods.explode, die.max_value
    if cond is None:
        return lambda v: v == top
    return cond.matches
