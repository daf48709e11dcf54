"""`referee odds` works without icepool (referee/dice/exact.py) except for explosions: the two
engines must give the very same weights over the very same denominators, so the printed
fractions ("4/1296") do not depend on which one ran; and the fast one leaves icepool unimported;
and work past the limits (issue 15) is refused before it starts, with a message."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import icepool
import pytest

from referee.dice import DiceError, DiceLimitError, DieCatalog, Limits, prepare
from referee.dice.dietypes import from_faces_option
from referee.dice.nodes import Dice, walk
from referee.odds import _Compiler, format_text, odds, to_json

from referee.dice import exact  # isort: skip

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixtures" / "dicegame"
CATALOG = DieCatalog(game=str(FIXTURE), custom=from_faces_option("1,1,3,gold", 10))
LIMITS = Limits(max_rerolls=3)
MODIFIERS = ["", "", "kh1", "kl2", "dh1", "dl1", "k5", "dh4", "r1", "ro2", "r<3", "mi2", "ma4", ">=3", "<=2", "=3",
             "f1", ">=3f1", "r1kh2", "mi2kh2", "kh2>=3", "ro1dl1>4f<2", "mi3ma4kl1"]


def _engines_agree(text: str, limits: Limits = LIMITS) -> None:
    command = prepare(text, CATALOG, limits)
    results = []
    for lib in (exact, icepool):
        try:
            die = _Compiler(limits, lib).node(command.expr)
            results.append((sorted((int(v), int(w)) for v, w in die.items() if w), int(die.denominator())))
        except DiceError as exc:
            results.append(("refused", exc.message))
    assert results[0] == results[1], text


@pytest.mark.parametrize("text", [
    "3d6", "4d6kh3", "4d6dl1", "2d20kl1+5", "10d6>=4", "2d4r1", "3d4ro1kh2", "3d4mi2ma3", "4d4>=3f1",
    "1d6/1d3", "-1d4 + 3", "1d4*2-1d4", "(2d6+1)*2", "3 white", "2 white kh1", "2 white>=5 1 white", "2 custom",
    "3 gamble + 1", "2 time + 1d4", "d%", "2d10000", "5d6dh5", "3d6k3", "1d6/(1d6-1)", "6d6r<3kh2",
])
def test_both_engines_give_the_same_weights(text):
    _engines_agree(text)


def test_both_engines_agree_on_random_expressions():
    rng = random.Random(13)
    for _ in range(150):
        terms = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.2:
                terms.append(str(rng.randint(0, 5)))
            else:
                terms.append(f"{rng.randint(1, 4)}d{rng.randint(2, 7)}{rng.choice(MODIFIERS)}")
        text = terms[0]
        for term in terms[1:]:
            text += rng.choice([" + ", " - ", " * ", " / "]) + term
        try:
            prepare(text, CATALOG, LIMITS)
        except DiceError:
            continue  # not a valid expression (a modifier this die cannot take): nothing to compare
        _engines_agree(text)


def test_tallies_and_reports_are_the_same_from_both_engines():
    for text in ("3 time", "2 custom", "2 time + 1d4", "4d6kh3", "2 white 1 white"):
        command = prepare(text, CATALOG)
        ours, theirs = odds(command, lib=exact), odds(command, lib=icepool)
        assert format_text(ours) == format_text(theirs) and to_json(ours) == to_json(theirs)


def test_odds_without_explosions_leave_icepool_unimported():
    code = ("import sys; from referee.dice import prepare; from referee.odds import odds, format_text; "
            "print(format_text(odds(prepare('4d6kh3 + 2d6r1'))).splitlines()[0]); "
            "print('icepool' in sys.modules); "
            "odds(prepare('3d6!')); print('icepool' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.stdout.split("\n")[1:3] == ["False", "True"], done.stderr


# -- refusals and very long numbers (issue 15) --------------------------------------------------

@pytest.mark.parametrize("text", ["1000d%r1<=3", "1000d%r1", "500d100ro1>=50", "1000d6", "60d%r<50kh3"])
def test_big_sums_are_refused_before_any_work(text):
    command = prepare(text)
    for lib in (exact, icepool):
        compiler = _Compiler(Limits(), lib)
        with pytest.raises(DiceLimitError, match="too much to work out exactly"):
            compiler.node(command.expr)
        dice = [n for n in walk(command.expr) if isinstance(n, Dice)]
        assert compiler.work > Limits().max_odds_work and dice  # refused by the estimate, not after it


def test_numbers_past_pythons_digit_limit_are_a_message():
    report = odds(prepare("1000d%mi7r1<=3"))  # no success is possible, over a 42,000-digit denominator
    assert "0          1/1  100.00" in format_text(report)
    assert to_json(report)["outcomes"][0]["probability"] == "1/1"
    done = subprocess.run([sys.executable, "-m", "referee", "odds", "1000d%mi7r1<=3", "--json"], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_a_fraction_too_long_to_print_is_refused_with_a_message():
    from fractions import Fraction

    from referee.dice.oddstext import digits
    from referee.dice.oddstext import exact as as_text

    big = 7 ** 6000  # 6000 * log10(7) = 5070.9: 5071 digits, past Python's 4,300 for str()
    assert digits(big) == 5071 and digits(10 ** 40) == 41 and digits(10 ** 40 - 1) == 40 and digits(0) == 1
    with pytest.raises(DiceLimitError, match="too long to print"):
        as_text(Fraction(1, big))
    assert as_text(Fraction(3, 12)) == "1/4"
