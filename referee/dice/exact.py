"""Exact distributions in plain Python, for `referee odds` without icepool's import.

icepool takes longer to import than `referee odds 4d6kh3` takes to answer, and most expressions
need only sums, arithmetic, rerolls, clamps, success counts and keep/drop. `Die` here does those
with the very part of icepool's interface that referee/odds.py uses (`Die(values)`, + - * //,
unary -, `map`, `reroll`, `pool(n).highest(k).sum(map=)`), and with the same integer weights
over the same denominators: icepool never reduces a distribution, so neither does this, and
the printed fractions ("4/1296") are the same. tests/test_odds_engines.py compares the two on
every kind of expression. Explosions stay with icepool (referee/odds.py imports it for them).
"""
from __future__ import annotations


class Die:
    """Outcomes (ints) with integer weights; the denominator is the sum of the weights."""

    __slots__ = ("_weights", "_denominator")

    def __init__(self, values=(), weights: dict[int, int] | None = None):  # noqa: ANN001
        if weights is None:
            weights = {}
            for value in values:
                weights[value] = weights.get(value, 0) + 1
        self._weights = dict(sorted((v, w) for v, w in weights.items() if w))
        self._denominator = sum(self._weights.values())

    def __len__(self) -> int:
        return len(self._weights)

    def items(self):  # noqa: ANN201
        return self._weights.items()

    def outcomes(self) -> list[int]:
        return list(self._weights)

    def denominator(self) -> int:
        return self._denominator

    def map(self, f, star: bool = False) -> Die:  # noqa: ANN001
        out: dict[int, int] = {}
        for value, weight in self._weights.items():
            mapped = f(value)
            out[mapped] = out.get(mapped, 0) + weight
        return Die(weights=out)

    def _combine(self, other: Die, op) -> Die:  # noqa: ANN001
        out: dict[int, int] = {}
        theirs = list(other._weights.items())
        for a, wa in self._weights.items():
            for b, wb in theirs:
                value = op(a, b)
                out[value] = out.get(value, 0) + wa * wb
        return Die(weights=out)

    def __add__(self, other: Die) -> Die:
        return self._combine(other, int.__add__)

    def __sub__(self, other: Die) -> Die:
        return self._combine(other, int.__sub__)

    def __mul__(self, other: Die) -> Die:
        return self._combine(other, int.__mul__)

    def __floordiv__(self, other: Die) -> Die:
        return self._combine(other, int.__floordiv__)

    def __neg__(self) -> Die:
        return Die(weights={-v: w for v, w in self._weights.items()})

    def reroll(self, matches, star: bool = False, depth: int = 1) -> Die:  # noqa: ANN001
        """Reroll faces that match, up to `depth` times, keeping the last roll (the roller's rule).

        Over denominator D^(depth+1), with R the weight of the matching faces: a matching face
        keeps weight w * R^depth (matched every time), any other w * (D^(depth+1) - R^(depth+1)) / (D - R).
        """
        total = self._denominator
        rerolled = sum(w for v, w in self._weights.items() if matches(v))
        if rerolled == total:  # every face rerolled: refused by the parser before this
            raise ValueError("every face would be rerolled")
        kept = rerolled ** depth
        stop = (total ** (depth + 1) - kept * rerolled) // (total - rerolled)
        return Die(weights={v: (kept if matches(v) else stop) * w for v, w in self._weights.items()})

    def pool(self, n: int) -> _Pool:
        return _Pool(self, n)


class _Pool:
    """n dice alike, of which some are kept by rank (by face, before `map`)."""

    __slots__ = ("die", "n")

    def __init__(self, die: Die, n: int):
        self.die, self.n = die, n

    def highest(self, keep: int | None = None, drop: int | None = None) -> _Kept:
        """The `keep` highest dice; or, as icepool reads `drop` alone, all but the `drop` highest."""
        return self._select(True, keep, drop)

    def lowest(self, keep: int | None = None, drop: int | None = None) -> _Kept:
        return self._select(False, keep, drop)

    def _select(self, top: bool, keep: int | None, drop: int | None) -> _Kept:
        if drop is not None and keep is None:  # the rest are kept, counted from the other end
            return _Kept(self, not top, max(self.n - drop, 0))
        if drop is not None:
            raise NotImplementedError("keep and drop together")
        return _Kept(self, top, min(self.n if keep is None else keep, self.n))


class _Kept:
    __slots__ = ("pool", "from_top", "count")

    def __init__(self, pool: _Pool, from_top: bool, count: int):
        self.pool, self.from_top, self.count = pool, from_top, count

    def sum(self, map=None) -> Die:  # noqa: A002 -- icepool's name
        """The sum of the kept dice, each counted as map(face).

        Faces are taken from the kept end. A state is (dice placed so far, sum of the kept ones);
        placing j dice on a face of weight w multiplies by C(dice left, j) * w^j, so every way
        the n dice can fall is counted once, by its multiset of faces. Once `count` dice are
        placed the rest only multiply the ways: they may show any face further on.
        """
        counted = map or (lambda v: v)
        n, keep = self.pool.n, self.count
        faces = sorted(self.pool.die.items(), reverse=self.from_top)
        rest = self.pool.die.denominator()  # weight of the faces not placed yet
        done: dict[int, int] = {}
        if keep == 0:
            return Die(weights={0: rest ** n})
        states: dict[tuple[int, int], int] = {(0, 0): 1}
        for face, weight in faces:
            value = counted(face)
            rest -= weight
            step: dict[tuple[int, int], int] = {}
            for (placed, total), ways in states.items():
                left = n - placed
                here = ways
                for j in range(left + 1):
                    if j:
                        here = here * weight * (left - j + 1) // j  # ways * C(left, j) * weight^j
                    now = placed + j
                    kept_sum = total + min(j, keep - placed) * value
                    if now >= keep:
                        if rest or now == n:
                            done[kept_sum] = done.get(kept_sum, 0) + here * rest ** (n - now)
                    else:
                        step[(now, kept_sum)] = step.get((now, kept_sum), 0) + here
            states = step
        return Die(weights=done)
