"""`referee odds` (referee/odds.py): exact distributions against known tables, brute force, and
the roller itself."""
from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from referee.dice import DiceError, DiceLimitError, DieCatalog, Limits, prepare
from referee.dice.dietypes import from_faces_option
from referee.dice.evaluate import roll_expression
from referee.dice.gamedice import dice_for_game
from referee.odds import format_text, odds, to_json

FIXTURE = Path(__file__).parent / "fixtures" / "dicegame"

# Known tables: number of ways to roll each total, over the number of equally likely rolls.
KNOWN = {
    "3d6": (216, {3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 25, 10: 27, 11: 27, 12: 25, 13: 21, 14: 15,
                  15: 10, 16: 6, 17: 3, 18: 1}),
    "4d6kh3": (1296, {3: 1, 4: 4, 5: 10, 6: 21, 7: 38, 8: 62, 9: 91, 10: 122, 11: 148, 12: 167, 13: 172,
                      14: 160, 15: 131, 16: 94, 17: 54, 18: 21}),
    "2d4": (16, {2: 1, 3: 2, 4: 3, 5: 4, 6: 3, 7: 2, 8: 1}),
    # each d6 succeeds on 4-6 (3 faces of 6): C(10, k) * 3^k * 3^(10-k) ways out of 6^10
    "10d6>=4": (6**10, {k: comb(10, k) * 3**10 for k in range(11)}),
}


def brute_force(expr: str) -> Counter:
    """Independent of the dice package: enumerate every roll with itertools."""
    if expr == "3d6":
        return Counter(sum(r) for r in itertools.product(range(1, 7), repeat=3))
    if expr == "4d6kh3":
        return Counter(sum(sorted(r)[1:]) for r in itertools.product(range(1, 7), repeat=4))
    if expr == "2d4":
        return Counter(sum(r) for r in itertools.product(range(1, 5), repeat=2))
    if expr == "10d6>=4":  # 6^10 rolls is too many to list; add one die at a time instead
        ways = Counter({0: 1})
        for _ in range(10):
            step: Counter = Counter()
            for successes, n in ways.items():
                for face in range(1, 7):
                    step[successes + (face >= 4)] += n
            ways = step
        return ways
    raise KeyError(expr)


def as_fractions(report) -> dict:
    dist = report.main
    return {v: Fraction(w, dist.denominator) for v, w in dist.outcomes}


@pytest.mark.parametrize("expr", sorted(KNOWN))
def test_known_tables(expr):
    total, table = KNOWN[expr]
    assert sum(table.values()) == total
    assert dict(brute_force(expr)) == table  # the table itself, checked by enumeration
    assert as_fractions(odds(prepare(expr))) == {v: Fraction(n, total) for v, n in table.items()}


def test_text_output_has_fractions_percent_at_least_and_histogram():
    out = format_text(odds(prepare("3d6")))
    assert "total: mean 10.50, sd 2.96" in out
    row = next(line for line in out.splitlines() if line.split()[:1] == ["10"])
    assert row.split()[:4] == ["10", "27/216", "12.50", "62.50"] and row.endswith("#" * 40)
    assert "at least %" in out


def test_json_output():
    data = to_json(odds(prepare("2d4")))
    assert data["expression"] == "2d4"
    assert [o["value"] for o in data["outcomes"]] == list(range(2, 9))
    assert data["outcomes"][3] == {"value": 5, "probability": "1/4", "percent": 25.0,
                                   "at_least": "5/8", "at_least_percent": 62.5}
    assert data["mean"] == 5.0 and abs(data["sd"] - 1.5811388) < 1e-6


def test_explosions_state_their_depth():
    report = odds(prepare("3d6!"))
    assert report.explosion_depth == 20
    assert "explosions followed to depth 20" in format_text(report)
    assert to_json(report)["explosion_depth"] == 20
    # each d6 adds 3.5 for itself and for each of up to 20 extra dice, reached with chance (1/6)^k
    assert report.main.mean == 3 * Fraction(7, 2) * (1 - Fraction(1, 6) ** 21) / (1 - Fraction(1, 6))


# -- the odds are the roller's own: enumerate every path through the evaluator ------------------

class _NeedChoice(Exception):
    def __init__(self, n: int):
        self.n = n


class _Path(random.Random):
    def __init__(self, prefix: tuple[int, ...]):
        super().__init__(0)
        self.prefix, self.i = prefix, 0

    def randrange(self, n, *args):  # type: ignore[override]
        if self.i < len(self.prefix):
            self.i += 1
            return self.prefix[self.i - 1]
        raise _NeedChoice(n)


def roller_distribution(expr: str, catalog: DieCatalog, limits: Limits) -> dict:
    command = prepare(expr, catalog, limits)
    dist: dict = defaultdict(Fraction)
    stack = [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        try:
            value = roll_expression(command.expr, _Path(prefix), limits).value
        except _NeedChoice as need:
            stack.extend((prefix + (v,), p / need.n) for v in range(need.n))
            continue
        dist[value] += p
    return dict(dist)


SMALL = Limits(max_explosions=2, max_rerolls=2)
TINY = Limits(max_explosions=1, max_rerolls=1)
CATALOG = DieCatalog(game=str(FIXTURE), custom=from_faces_option("1,1,3,gold", 10))


@pytest.mark.parametrize("expr", [
    "2d4!", "3d4!kh2", "2d4!>=3dl1", "2d4r1", "2d4ro1", "3d4mi2ma3", "3d4>=3f1", "4d4kh2>=3",
    "3d4!>=4", "1d4*2-1d4", "1d6/1d3", "-1d4 + 3", "3 white", "2 white kh1", "2 white>=5 1 white",
    "2 custom", "3 gamble", "2 time + 1d4", "2 white 1 white", "2d3r1!",
])
def test_odds_match_the_roller_exactly(expr):
    limits = TINY if "r" in expr and "!" in expr else SMALL  # rerolls inside explosions branch a lot
    expected = roller_distribution(expr, CATALOG, limits)
    assert as_fractions(odds(prepare(expr, CATALOG, limits), limits)) == expected


# -- custom and symbol dice ------------------------------------------------------------------------

def test_custom_face_table():
    report = odds(prepare("gamble", CATALOG))
    assert report.main.outcomes == (("+5", 2), ("+10", 2), ("x2", 1), ("lose", 1))
    assert to_json(report)["outcomes"][2] == {"value": "x2", "probability": "1/6", "percent": pytest.approx(16.666667)}


def test_symbol_counts_and_all_blank_chance():
    report = odds(prepare("3 time", CATALOG))
    assert report.main is None
    damage = {v: Fraction(w, d.denominator) for d in report.tallies if d.title == "damage" for v, w in d.outcomes}
    per_die = {0: 4, 1: 1, 2: 1}  # damage on the 6 faces of the time die: 4 without, one 1, one 2
    expected: Counter = Counter()
    for r in itertools.product(per_die, repeat=3):
        expected[sum(r)] += per_die[r[0]] * per_die[r[1]] * per_die[r[2]]
    assert damage == {v: Fraction(n, 216) for v, n in expected.items()}
    assert [b.probability for b in report.blanks] == [Fraction(1, 8)]
    assert "all time dice blank: 1/8 (12.50%)" in format_text(report)


def test_word_faces_are_counted():
    report = odds(prepare("2 custom", CATALOG))
    gold = next(d for d in report.tallies if d.title == "gold")
    assert gold.outcomes == ((0, 9), (1, 6), (2, 1)) and gold.denominator == 16


def test_pool_successes():
    report = odds(prepare("2 white 1 white", CATALOG))
    assert as_fractions(report) == {k: Fraction(comb(3, k), 8) for k in range(4)}


# -- refusals ----------------------------------------------------------------------------------

@pytest.mark.parametrize("expr", ["1000d6", "100d100kh50", "2d10000", "12d6!kh3", "100d6!"])
def test_too_much_work_is_refused(expr):
    # How quickly it is refused is timed in tests/bench/bench_odds_refusal.py, not asserted here:
    # a wall-clock limit fails on a busy machine.
    with pytest.raises(DiceLimitError, match="too much to work out exactly"):
        odds(prepare(expr))


def test_division_by_a_possible_zero():
    with pytest.raises(DiceError, match="division by zero is possible"):
        odds(prepare("1d6/(1d6-1)"))


@pytest.mark.parametrize("expr", ["0d4kh0!", "0d4kh0", "0d4dl0", "0d6kh0>=4"])
def test_no_dice_thrown_is_always_zero_whatever_is_kept(expr):
    """Hypothesis found `0d4kh!` ending in icepool's TypeError (an empty pool has no outcome)."""
    assert as_fractions(odds(prepare(expr))) == {0: Fraction(1)}
    assert roll_expression(prepare(expr).expr, random.Random(1)).value == 0


@pytest.mark.parametrize("expr", ["0d4kh!", "0d4dh!", "0d4k!"])
def test_keeping_from_no_dice_is_refused_even_when_they_would_explode(expr):
    with pytest.raises(DiceError, match=r"can't (keep|drop) 1 of 0 dice"):
        odds(prepare(expr))


def test_fixture_loads_through_the_project_loader():
    dice = dice_for_game(FIXTURE)
    assert list(dice) == ["d4", "gamble", "white", "time"]
