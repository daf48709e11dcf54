"""Property tests: whatever the input, parse + resolve + roll (and odds) either work or raise
DiceError -- never anything else. The strategies follow the grammar in referee/dice/parser.py
rule by rule, and random junk and mutations cover the rest."""
from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.dice import DiceError, DieCatalog, Limits, parse, prepare
from referee.dice.dietypes import from_faces_option
from referee.dice.evaluate import roll_command
from referee.dice.format import format_text, to_json
from referee.odds import format_text as odds_text
from referee.odds import odds

FIXTURE = Path(__file__).parent / "fixtures" / "dicegame"
LIMITS = Limits(max_length=120, max_dice=40, max_sides=60, max_depth=6, max_explosions=3, max_rerolls=3,
                max_repeat=3, max_faces=20, max_odds_work=30_000)
CATALOG = DieCatalog(game=str(FIXTURE), custom=from_faces_option("1,2,3,gold,star,thief", 20))
CATALOG.game_dice(str(FIXTURE))  # load once, outside the timed examples

# -- the grammar, rule by rule -----------------------------------------------------------------

integer = st.integers(0, 12).map(str)
cmp_op = st.sampled_from([">=", "<=", ">", "<", "="])
cond = st.tuples(st.sampled_from(["", ">=", "<=", ">", "<", "="]), integer).map("".join)  # cond := [CMP] INT
keep = st.tuples(st.sampled_from(["kh", "kl", "k", "dh", "dl"]), st.sampled_from(["", "0", "1", "2", "3"])).map("".join)
reroll = st.tuples(st.sampled_from(["r", "ro"]), cond).map("".join)
explode = st.tuples(st.just("!"), st.one_of(st.just(""), cond)).map("".join)
clamp = st.tuples(st.sampled_from(["mi", "ma"]), integer).map("".join)
failure = st.tuples(st.just("f"), cond).map("".join)
success = st.tuples(cmp_op, integer).map("".join)
modifier = st.one_of(keep, reroll, explode, clamp, failure, success)
modifiers = st.lists(modifier, max_size=3).map("".join)
sides = st.one_of(st.sampled_from(["4", "6", "10", "20", "%"]), st.integers(0, 64).map(str))
standard = st.tuples(st.sampled_from(["d", "D"]), sides).map("".join)
named = st.sampled_from(["d4", "gamble", "white", "time", "custom", "blue", "Gamble die", "nosuch"])
count = st.one_of(st.just(""), st.integers(0, 12).map(str), st.integers(0, 5).map(lambda n: f"{n} "))
dice = st.one_of(
    st.tuples(count, standard, modifiers).map("".join),
    st.tuples(count, named, st.one_of(modifiers, modifiers.map(lambda m: " " + m if m else m))).map("".join),
)


# primary := INT | dice | '(' expr ')';  unary := '-' unary;  term := unary ('*'|'/') unary;
# expr := term ('+'|'-'|' ') term -- built bottom-up so examples stay small
leaf = st.one_of(integer, dice)


def _extend(inner):
    return st.one_of(
        inner.map(lambda e: f"({e})"),
        inner.map(lambda e: "-" + e),
        st.tuples(inner, st.sampled_from(["*", "/", " * "]), inner).map("".join),
        st.tuples(inner, st.sampled_from(["+", "-", " + ", " "]), inner).map("".join),
    )


expr = st.recursive(leaf, _extend, max_leaves=5)
repeat = st.one_of(st.just(""), st.just(""), st.integers(1, 3).map(lambda n: f"{n}x "), st.sampled_from(["0x ", "4x "]))
label = st.one_of(st.just(""), st.text(max_size=8).map(lambda t: " # " + t))
command = st.tuples(repeat, expr, label).map("".join)

junk_alphabet = st.sampled_from(list("0123456789dDkhlrof!<>=+-*/()#x: %.,_wtgmia") + ["é", "\t", "\x00", "٣", "d6", "kh"])
junk = st.lists(junk_alphabet, max_size=30).map("".join)


@st.composite
def mutated(draw):
    text = draw(command)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(junk_alphabet) + text[i + draw(st.integers(0, 2)):]
    return text


def roll_or_dice_error(text: str, seed: int) -> None:
    try:
        cmd = prepare(text, CATALOG, LIMITS)
        result = roll_command(cmd, rng=random.Random(seed), limits=LIMITS)
    except DiceError as exc:
        assert str(exc)
        exc.caret_lines()
        return
    format_text(result)
    to_json(result)
    assert len(result.rolls) == cmd.repeat


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def parses_alike_twice_keeping_the_expression(text: str) -> None:
    try:
        first = parse(text, LIMITS)
    except DiceError:
        return
    assert parse(text, LIMITS) == first
    assert first.expression in text


@FUZZ
@given(command, st.integers(0, 2**63))
def test_grammar_strings_parse_deterministically_and_roll_or_raise_dice_error(text, seed):
    """Both properties of a grammar string on each one drawn: drawing an example from the grammar
    costs Hypothesis several times what checking it does, so they are drawn once for the two
    (parsing had 200 draws of its own; it now has these 300)."""
    parses_alike_twice_keeping_the_expression(text)
    roll_or_dice_error(text, seed)


@FUZZ
@given(st.one_of(junk, st.text(max_size=40), mutated()), st.integers(0, 2**63))
def test_junk_rolls_or_raises_dice_error(text, seed):
    roll_or_dice_error(text, seed)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command)
def test_odds_work_or_raise_dice_error(text):
    try:
        report = odds(prepare(text, CATALOG, LIMITS), LIMITS)
    except DiceError:
        return
    odds_text(report)
    if report.main is not None and report.main.numeric:
        assert sum(w for _, w in report.main.outcomes) == report.main.denominator
