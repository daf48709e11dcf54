"""`referee odds`: the exact distribution of a dice expression.

The only module that imports icepool (design: each heavy library lives in one module). It
works from the same resolved `Command` as `referee roll`, with the same semantics (see
referee/dice/evaluate.py), so the odds are those of the roller itself:

- everything without '!' is exact;
- '!' is followed to the roller's own bound, Limits.max_explosions extra dice per die, so
  that is exact too, and the output says the depth;
- 'r' rerolls at most Limits.max_rerolls times, as the roller does.

Besides the main distribution (a total, or a count of successes) it gives one distribution per
symbol and per word face of game dice, the chance that every `time` die shows a blank, and for
one custom die on its own, the chance of each face.

Work is estimated before each heavy step and capped by Limits.max_odds_work, so a huge
expression is refused with a message instead of hanging.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

import icepool

from referee.dice.dietypes import DieType
from referee.dice.errors import DiceError, DiceLimitError
from referee.dice.limits import DEFAULT_LIMITS, Limits
from referee.dice.nodes import Binary, Command, Dice, Group, Modifiers, Node, Number, Unary, walk
from referee.dice.resolve import FACES, SUCCESSES, dice_kind, kind_of
from referee.dice.results import blank_check_groups

# Show fractions in the text table only while they stay readable.
MAX_FRACTION_DIGITS = 12
# Long tables fold their far tails (each under this probability) into one line.
FOLD_ROWS_OVER = 60
FOLD_BELOW = Fraction(1, 20_000)  # 0.005 %
BAR_WIDTH = 40


@dataclass(frozen=True)
class Distribution:
    """Outcomes with integer weights over one common denominator."""

    title: str
    outcomes: tuple[tuple[Any, int], ...]  # (value, weight), values ascending (or faces in order)
    denominator: int
    numeric: bool = True  # False: outcomes are face labels
    numbers: tuple[int, ...] | None = None  # a face table's numbers, when every face has one

    def probability(self, weight: int) -> Fraction:
        return Fraction(weight, self.denominator)

    def _weighted(self) -> list[tuple[int, int]] | None:
        if self.numeric:
            return [(v, w) for v, w in self.outcomes]
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


@dataclass(frozen=True)
class BlankOdds:
    tag: str
    probability: Fraction
    rule: str | None = None
    citation: str | None = None


@dataclass(frozen=True)
class OddsReport:
    command: Command
    kind: str  # "total" | "successes" | "faces" | "constant"
    main: Distribution | None
    tallies: tuple[Distribution, ...] = ()  # per symbol and per word face
    blanks: tuple[BlankOdds, ...] = ()
    explosion_depth: int | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)


def odds(command: Command, limits: Limits = DEFAULT_LIMITS) -> OddsReport:
    """Exact odds of a resolved command (see referee.dice.prepare). Raises DiceError."""
    try:
        return _odds(command, limits)
    except DiceError as exc:
        raise exc.with_source(command.source)


def _odds(command: Command, limits: Limits) -> OddsReport:
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
    compiler = _Compiler(limits)
    main: Distribution | None
    tallies: list[Distribution] = []
    if single_custom:
        main = _face_table(expr.die)  # type: ignore[arg-type]
    else:
        main = None
        if kind != FACES:
            title = "successes" if kind == SUCCESSES else "total"
            main = _distribution(title, compiler.node(expr))
        tallies = compiler.tallies(terms)
    blanks = _blank_odds(terms)
    return OddsReport(command=command, kind=kind, main=main, tallies=tuple(tallies), blanks=tuple(blanks),
                      explosion_depth=limits.max_explosions if explodes else None, notes=tuple(notes))


def _distribution(title: str, die: "icepool.Die") -> Distribution:
    items = sorted((int(v), int(q)) for v, q in die.items() if q)
    return Distribution(title, tuple(items), int(die.denominator()))


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
    """Resolved AST -> icepool.Die, charging estimated work against the limit."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.work = 0

    def charge(self, cost: int, col: int) -> None:
        self.work += cost
        if self.work > self.limits.max_odds_work:
            raise DiceLimitError("too much to work out exactly (too many dice or sides); "
                                 "try a smaller expression, or roll it many times instead", col)

    def node(self, node: Node) -> "icepool.Die":
        if isinstance(node, Number):
            return icepool.Die([node.value])
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

    def add(self, a: "icepool.Die", b: "icepool.Die", col: int) -> "icepool.Die":
        self.charge(_add_cost(a, b), col)
        return a + b

    def sum_of(self, die: "icepool.Die", n: int, col: int) -> "icepool.Die":
        """n independent copies added up, by repeated doubling (icepool's own `@` recurses n deep)."""
        total = icepool.Die([0])
        base = die
        while n:
            if n & 1:
                total = self.add(total, base, col)
            n >>= 1
            if n:
                base = self.add(base, base, col)
        return total

    def dice(self, node: Dice) -> "icepool.Die":
        die = node.die
        assert die is not None, "resolve() first"
        kind = dice_kind(die, node)
        if kind == FACES:
            return icepool.Die([0])
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
        if mods.explodes:
            self.charge(15_000 * n**3 * max(1, len(rolled) // 10), node.col)
            pool = rolled.explode_to_pool(n, explodes, star=False, depth=self.limits.max_explosions)
            kept_at_most = n * (self.limits.max_explosions + 1)
        else:
            pool = rolled.pool(n)
            kept_at_most = n
        kept = keep.n if keep.kind in ("kh", "kl") else max(kept_at_most - keep.n, 1)
        span = max(rolled.outcomes()) - min(rolled.outcomes()) + 1
        self.charge(10 * n * len(rolled) * min(kept, n) * span, keep.col)
        if keep.kind == "kh":
            selected = pool.highest(keep.n)
        elif keep.kind == "kl":
            selected = pool.lowest(keep.n)
        elif keep.kind == "dh":
            selected = pool.highest(drop=keep.n)
        else:  # "dl"
            selected = pool.lowest(drop=keep.n)
        return selected.sum(map=counted)

    def single_roll(self, die: DieType, mods: Modifiers) -> "icepool.Die":
        """One die as rolled, rerolls included, by face value."""
        rolled = icepool.Die(die.values())
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
            total = icepool.Die([0])
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
                part = self.sum_of(icepool.Die(counts), t.count, t.col)
                total = self.add(total, part, t.col)
            out.append(_distribution(name, total))
        return out


def _add_cost(a: "icepool.Die", b: "icepool.Die") -> int:
    """Estimated cost of combining two dice: every pair of outcomes, times the size of the
    big integers involved (denominators grow with every die added)."""
    bits = a.denominator().bit_length() + b.denominator().bit_length()
    return len(a) * len(b) * (1 + bits // 128)


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


def _chain_step(counted: Callable[[int], int], explodes: Callable[[int], bool], rest: "icepool.Die"):
    def step(v: int):
        return counted(v) + rest if explodes(v) else counted(v)

    return step


def _explode_test(die: DieType, mods: Modifiers) -> Callable[[int], bool]:
    cond, top = mods.explode, die.max_value
    if cond is None:
        return lambda v: v == top
    return cond.matches


# -- output ----------------------------------------------------------------------------------


def _percent(p: Fraction) -> str:
    if p == 0:
        return "0"
    value = float(p) * 100
    if value < 0.01:
        return "<0.01"
    return f"{value:.2f}"


def format_text(report: OddsReport) -> str:
    cmd = report.command
    lines = []
    head = f"{cmd.label}: " if cmd.label else ""
    lines.append(f"{head}{cmd.expression}")
    for note in report.notes:
        lines.append(f"  ({note})")
    if report.explosion_depth is not None:
        lines.append(f"  (explosions followed to depth {report.explosion_depth}: each die adds at most "
                     f"{report.explosion_depth} extra dice, as when rolling, so this is exact)")
    blocks = ([_table(report.main)] if report.main is not None else []) + [_table(d) for d in report.tallies]
    for i, block in enumerate(blocks):
        if i:
            lines.append("")  # a blank line between tables
        lines.extend(block)
    for b in report.blanks:
        if blocks:
            lines.append("")
        text = f"all {b.tag} dice blank: {b.probability} ({_percent(b.probability)}%)"
        if b.citation or b.rule:
            text += f"; see {b.citation or 'rule ' + b.rule}"  # type: ignore[operator]
        lines.append(text)
    return "\n".join(lines)


def _table(dist: Distribution) -> list[str]:
    mean, sd = dist.mean, dist.sd
    header = dist.title
    if mean is not None and sd is not None:
        header += f": mean {float(mean):.2f}, sd {sd:.2f}"
    show_fraction = len(str(dist.denominator)) <= MAX_FRACTION_DIGITS
    at_least = dist.at_least() if dist.numeric else None
    rows: list[tuple[str, ...]] = []
    peak = max(w for _, w in dist.outcomes)
    for i, (value, weight) in enumerate(dist.outcomes):
        p = dist.probability(weight)
        row = [str(value)]
        if show_fraction:
            row.append(f"{weight}/{dist.denominator}")
        row.append(_percent(p))
        if at_least is not None:
            row.append(_percent(at_least[i]))
        row.append("#" * max(1 if weight else 0, round(BAR_WIDTH * weight / peak)))
        rows.append(tuple(row))
    titles = ["value" if dist.numeric else "face"] + (["probability"] if show_fraction else []) + ["%"]
    titles += ["at least %"] if at_least is not None else []
    widths = [max(len(t), *(len(r[i]) for r in rows)) for i, t in enumerate(titles)]

    def fmt(cells) -> str:
        left = "  ".join(c.rjust(w) if dist.numeric or i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))
        return "  " + left

    out = [header, fmt(titles)]
    keep = _unfolded(dist)
    i = 0
    while i < len(rows):
        if i in keep:
            out.append(fmt(rows[i][:-1]) + "  " + rows[i][-1])
            i += 1
            continue
        j = i
        while j < len(rows) and j not in keep:
            j += 1
        folded = sum(w for _, w in dist.outcomes[i:j])
        out.append(f"  ... {j - i} values from {dist.outcomes[i][0]} to {dist.outcomes[j - 1][0]}: "
                   f"{_percent(dist.probability(folded))}% together")
        i = j
    if not show_fraction:
        out.append(f"  (exact fractions have a {len(str(dist.denominator))}-digit denominator: see --json)")
    return out


def _unfolded(dist: Distribution) -> set[int]:
    """Rows to show: all, unless the table is long; then fold the far tails."""
    n = len(dist.outcomes)
    if n <= FOLD_ROWS_OVER or not dist.numeric:
        return set(range(n))
    cut = FOLD_BELOW * dist.denominator
    first = next(i for i, (_, w) in enumerate(dist.outcomes) if w >= cut)
    last = n - 1 - next(i for i, (_, w) in enumerate(reversed(dist.outcomes)) if w >= cut)
    return set(range(first, last + 1))


def _outcomes_json(dist: Distribution) -> list[dict[str, Any]]:
    at_least = dist.at_least() if dist.numeric else None
    out = []
    for i, (value, weight) in enumerate(dist.outcomes):
        p = dist.probability(weight)
        item: dict[str, Any] = {"value": value, "probability": f"{p.numerator}/{p.denominator}",
                                "percent": round(float(p) * 100, 6)}
        if at_least is not None:
            q = at_least[i]
            item["at_least"] = f"{q.numerator}/{q.denominator}"
            item["at_least_percent"] = round(float(q) * 100, 6)
        out.append(item)
    return out


def _stats_json(dist: Distribution | None) -> dict[str, Any]:
    if dist is None:
        return {"outcomes": [], "mean": None, "sd": None}
    mean = dist.mean
    return {"outcomes": _outcomes_json(dist), "mean": None if mean is None else float(mean),
            "mean_exact": None if mean is None else f"{mean.numerator}/{mean.denominator}", "sd": dist.sd}


def to_json(report: OddsReport) -> dict[str, Any]:
    cmd = report.command
    out: dict[str, Any] = {"expression": cmd.expression}
    if cmd.label:
        out["label"] = cmd.label
    out["kind"] = report.kind if report.main is None or report.main.numeric else "faces"
    out.update(_stats_json(report.main))
    if report.explosion_depth is not None:
        out["explosion_depth"] = report.explosion_depth
    if report.tallies:
        out["tallies"] = {d.title: _stats_json(d) for d in report.tallies}
    if report.blanks:
        out["all_blank"] = [{"tag": b.tag, "probability": f"{b.probability.numerator}/{b.probability.denominator}",
                             "percent": round(float(b.probability) * 100, 6), "rule": b.rule}
                            for b in report.blanks]
    if report.notes:
        out["notes"] = list(report.notes)
    return out
