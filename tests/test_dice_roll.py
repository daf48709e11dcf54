"""Rolling: what happens to each die (referee/dice/evaluate.py), text and JSON output, fairness."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.dice import DiceError, DieCatalog, Limits, roll
from referee.dice.dietypes import from_faces_option
from referee.dice.format import format_text, to_json


class Scripted(random.Random):
    """Hands out the given face indexes (0-based) in order; a d6 index 5 shows 6."""

    def __init__(self, *indexes: int):
        super().__init__(0)
        self.indexes = list(indexes)

    def randrange(self, n, *args):  # type: ignore[override]
        assert not args
        i = self.indexes.pop(0)
        assert 0 <= i < n
        return i


def faces(*values: int) -> Scripted:
    """Script by face value of standard dice."""
    return Scripted(*(v - 1 for v in values))


def text(expr: str, rng: random.Random, **kw) -> str:
    return format_text(roll(expr, rng=rng, **kw), show_seed=False)


def first(expr: str, rng: random.Random, **kw):
    return roll(expr, rng=rng, **kw).rolls[0]


def test_keep_highest_marks_the_dropped_die():
    assert text("4d6kh3", faces(6, 5, 1, 3)) == "4d6kh3 (6, 5, 1 dropped, 3) = 14"


def test_keep_and_drop_variants_and_ties():
    assert first("4d6kh3", faces(3, 3, 3, 1)).value == 9
    assert text("4d6kh3", faces(3, 3, 3, 3)) == "4d6kh3 (3, 3, 3, 3 dropped) = 9"  # the earlier die is kept
    assert first("2d20kl1", faces(17, 4)).value == 4
    assert first("4d6dl1", faces(2, 5, 1, 6)).value == 13
    assert first("5d6dh2", faces(2, 5, 1, 6, 3)).value == 6
    assert first("2d20kh", faces(3, 19)).value == 19


def test_reroll_while_matching_and_once():
    assert text("2d6r1", faces(1, 1, 4, 6)) == "2d6r1 (4 rerolled from 1 (2 times), 6) = 10"
    assert text("2d6ro1", faces(1, 1, 6)) == "2d6ro1 (1 rerolled from 1, 6) = 7"
    assert text("1d6r<3", faces(1, 2, 5)) == "1d6r<3 (5 rerolled from 1 then 2) = 5"


def test_reroll_is_bounded():
    limits = Limits(max_rerolls=3)
    result = first("1d6r1", faces(1, 1, 1, 1, 1), limits=limits)
    die = result.dice()[0].rolls[0]
    assert die.rerolled == ("1", "1", "1") and die.value == 1


def test_explosions_add_dice_that_count_like_any_other():
    assert text("3d6!", faces(6, 2, 3, 4)) == "3d6! (6 exploded, 2 extra, 3, 4) = 15"
    assert text("2d6!>=5", faces(5, 6, 1, 2)) == "2d6!>=5 (5 exploded, 6 extra exploded, 1 extra, 2) = 14"
    # extra dice take part in keep/drop and in success counting
    assert text("2d6!kh2", faces(6, 5, 1)) == "2d6!kh2 (6 exploded, 5 extra, 1 dropped) = 11"
    # ">=8" right after "!" is the explosion condition; a target written first stays a target
    assert first("2d10!>=8", Scripted(9, 7, 0, 2)).value == 22
    assert text("2d10>=8!", Scripted(9, 7, 0)) == "2d10>=8! (10* exploded, 8* extra, 1) = 2 successes"


def test_explosion_depth_is_bounded():
    result = first("1d6!", faces(6, 6, 6, 6), limits=Limits(max_explosions=2))
    rolls = result.dice()[0].rolls
    assert [r.value for r in rolls] == [6, 6, 6] and [r.exploded for r in rolls] == [True, True, False]


def test_clamps():
    assert text("3d6mi2", faces(1, 4, 6)) == "3d6mi2 (1 counts 2, 4, 6) = 12"
    assert text("2d6ma5", faces(6, 2)) == "2d6ma5 (6 counts 5, 2) = 7"


def test_successes_and_failures():
    assert text("5d10>=8f1", Scripted(9, 0, 7, 2, 0)) == \
        "5d10>=8f1 (10*, 1 failure, 8*, 3, 1 failure) = 0 (2 successes, 2 failures)"
    assert text("5d10<=3", Scripted(0, 4, 2, 9, 1)) == "5d10<=3 (1*, 5, 3*, 10, 2*) = 3 successes"
    assert text("3d6>4", faces(5, 4, 6)) == "3d6>4 (5*, 4, 6*) = 2 successes"
    assert text("1d6=6", faces(6)) == "1d6=6 (6*) = 1 success"


def test_arithmetic_floor_division_and_labels():
    assert first("-7/2", faces()).value == -4
    assert first("7/2", faces()).value == 3
    assert first("(1+2)*-3", faces()).value == -9
    assert text("1d20+5 # attack", faces(17)) == "attack: 1d20 (17) + 5 = 22"
    with pytest.raises(DiceError, match="division by zero"):
        roll("6/(1d1-1)", rng=faces(1))


def test_repeat_gives_separate_results():
    out = text("3x 2d6", faces(1, 2, 3, 4, 5, 6))
    assert out.splitlines() == ["3x 2d6", "  1. 2d6 (1, 2) = 3", "  2. 2d6 (3, 4) = 7", "  3. 2d6 (5, 6) = 11",
                                "  results: 3, 7, 11"]


def test_seed_is_reported_and_reproduces():
    a, b = roll("10d6", seed=42), roll("10d6", seed=42)
    assert to_json(a) == to_json(b)
    assert to_json(a)["seed"] == 42
    assert "seed 42" in format_text(a)
    fresh = roll("10d6")
    assert isinstance(fresh.seed, int) and 0 <= fresh.seed < 2**63
    assert to_json(roll("10d6", seed=fresh.seed)) == to_json(fresh)


def test_never_the_global_random_module(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the global random module was used")

    for name in ("random", "randrange", "randint", "choice", "choices", "shuffle", "getrandbits", "seed"):
        monkeypatch.setattr(random, name, forbidden)
    roll("4d6kh3 + 2d6r1 + 3d6!", seed=1)
    roll("4d6kh3", rng=random.Random(3))


def test_json_shape():
    out = to_json(roll("4d6kh3 # stats", rng=faces(6, 5, 1, 3)))
    assert out["expression"] == "4d6kh3" and out["label"] == "stats" and out["total"] == 14
    assert [d["value"] for d in out["dice"]] == [6, 5, 1, 3]
    assert [d["kept"] for d in out["dice"]] == [True, True, False, True]
    assert set(out["dice"][0]) >= {"term", "die", "face", "value", "kept", "rerolled_from", "exploded", "extra"}
    out = to_json(roll("10d10>=8f1", seed=1))
    assert {"successes", "success_dice", "failure_dice", "seed"} <= set(out) and "total" not in out
    out = to_json(roll("3x 1d6", seed=1))
    assert out["repeat"] == 3 and len(out["rolls"]) == 3 and "total" in out["rolls"][0]


@pytest.mark.parametrize("expr, message", [
    ("10d6>=4 + 1d6", "can't combine a count of successes (10d6>=4) with a total (1d6)"),
    ("1d6r<7", "would reroll every face of d6"),
    ("1d1!", "would explode on every face"),
    ("3d6!>=1", "would explode on every face"),
    ("4d6mi5ma3", "mi5 is above ma3"),
    ("4d6kh5", "can't keep 5 of 4 dice"),
    ("4d6dl5", "can't drop 5 of 4 dice"),
    ("10d10f1", "a failure target needs a success target too"),
    ("2 white", "no die named 'white'"),
])
def test_meaningless_expressions_are_refused(expr, message):
    with pytest.raises(DiceError) as info:
        roll(expr, seed=1)
    assert message in str(info.value)


# -- fairness: chi-square with a fixed seed ------------------------------------------------------

# Critical values of the chi-square distribution at p = 0.001 (standard tables), by degrees of freedom.
CHI2_CRITICAL_P001 = {3: 16.266, 5: 20.515, 19: 43.820}


def chi_square(counts: Counter, categories: list, n: int) -> float:
    expected = n / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


@pytest.mark.parametrize("expr, categories", [
    ("1000d4", [str(i) for i in range(1, 5)]),
    ("1000d6", [str(i) for i in range(1, 7)]),
    ("1000d20", [str(i) for i in range(1, 21)]),
    ("1000 custom", ["1", "2", "3", "gold", "star", "thief"]),
])
def test_dice_are_fair(expr, categories):
    catalog = DieCatalog(custom=from_faces_option("1,2,3,gold,star,thief", 100))
    rng = random.Random(20240607)
    counts: Counter = Counter()
    rounds = 40
    for _ in range(rounds):
        for term in roll(expr, rng=rng, catalog=catalog).rolls[0].dice():
            counts.update(r.label for r in term.rolls)
    n = 1000 * rounds
    assert sum(counts.values()) == n and set(counts) == set(categories)
    statistic = chi_square(counts, categories, n)
    assert statistic < CHI2_CRITICAL_P001[len(categories) - 1], (statistic, counts)
