"""Dice syntax: tokenizer and parser (referee/dice/tokens.py, parser.py), errors and limits."""
from __future__ import annotations

import pytest

from referee.dice import DiceError, DiceLimitError, DiceSyntaxError, Limits, parse
from referee.dice.nodes import Binary, Compare, Dice, Group, Keep, NamedDie, Number, StandardDie, Unary
from referee.dice.tokens import T, tokenize


def kinds(text: str) -> list[str]:
    return [t.kind for t in tokenize(text)][:-1]


def test_tokens_modifiers_only_right_after_a_die():
    assert kinds("4d6kh3") == [T.INT, T.DICE, T.KEEP, T.INT]
    assert kinds("10d10>=8f1") == [T.INT, T.DICE, T.CMP, T.INT, T.FAIL, T.INT]
    assert kinds("4 white 2 red") == [T.INT, T.NAME, T.INT, T.NAME]
    assert kinds("ribbon-of-bone:d4") == [T.NAME, T.COLON, T.DICE]
    assert kinds("6x 4d6kh3 # stats") == [T.REPEAT, T.INT, T.DICE, T.KEEP, T.INT, T.LABEL]
    assert kinds("dwarf-1") == [T.NAME, T.MINUS, T.INT]  # a hyphen joins names only before a letter


def test_tokens_columns_are_one_based():
    toks = tokenize("3d6 + 2")
    assert [(t.text, t.col) for t in toks[:-1]] == [("3", 1), ("d6", 2), ("+", 5), ("2", 7)]


def only(expr: str):
    return parse(expr).expr


def test_standard_dice_and_counts():
    node = only("3d6")
    assert isinstance(node, Dice) and node.count == 3 and node.text == "3d6"
    assert node.ref == NamedDie("d6", None, StandardDie(6))  # a game's "d6" may stand in
    assert only("d%").ref == StandardDie(100)
    assert only("d20").count == 1
    assert only("3 d4").count == 3


def test_precedence_and_floor_division_shape():
    node = only("1+2*3")
    assert isinstance(node, Binary) and node.op == "+" and isinstance(node.right, Binary) and node.right.op == "*"
    node = only("-(1+2)/2")
    assert isinstance(node, Binary) and node.op == "/"
    assert isinstance(node.left, Unary) and isinstance(node.left.operand, Group)


def test_modifiers():
    mods = only("4d6kh3").mods
    assert mods.keep == Keep("kh", 3, 4)
    assert only("4d6k3").mods.keep.kind == "kh"
    assert only("2d20kh").mods.keep.n == 1
    assert only("4d6dl1").mods.keep.kind == "dl"
    mods = only("2d6ro1!>=5mi2ma5").mods
    assert mods.reroll == Compare("=", 1) and mods.reroll_once
    assert mods.explodes and mods.explode == Compare(">=", 5)
    assert (mods.clamp_min, mods.clamp_max) == (2, 5)
    mods = only("10d10>=8f1").mods
    assert mods.success == Compare(">=", 8) and mods.failure == Compare("=", 1)
    assert only("2d6r<3").mods.reroll == Compare("<", 3)
    assert only("3d6!").mods.explode is None and only("3d6!").mods.explodes
    assert only("10d6 >= 4").mods.success == Compare(">=", 4)  # a target may stand apart


def test_pools_repeat_label_and_game_dice():
    node = only("4 white 2 red")
    assert isinstance(node, Binary) and node.op == " "
    assert node.left.ref == NamedDie("white") and node.right.count == 2
    assert only("ribbon-of-bone:d4").ref == NamedDie("d4", "ribbon-of-bone")
    cmd = parse("6x 4d6kh3 # stats")
    assert (cmd.repeat, cmd.label, cmd.expression) == (6, "stats", "4d6kh3")
    cmd = parse("1d20+5 # attack")
    assert (cmd.repeat, cmd.label, cmd.expression) == (1, "attack", "1d20+5")


def test_ast_is_frozen_and_comparable():
    assert parse("4d6kh3+1").expr == parse("4d6kh3+1").expr
    with pytest.raises(AttributeError):
        only("3d6").count = 4  # type: ignore[misc]
    assert isinstance(only("7"), Number)


@pytest.mark.parametrize("text, column, message", [
    ("3d6+", 4, "expected a number or a die after '+'"),
    ("3d6+*2", 5, "expected a number or a die after '+', found '*'"),
    ("", 1, "expected a dice expression"),
    ("(3d6", 1, "'(' is never closed"),
    ("3d6)", 4, "unexpected ')'"),
    ("3d6 2", 5, "expected an operator (+ - * /) before '2'"),
    ("10d6>=", 5, "expected a number after '>='"),
    ("4d6r", 4, "expected a face or a comparison (like r1 or r<3) after 'r'"),
    ("4d6kh3kl1", 7, "one keep or drop per die"),
    ("4d6 kh3", 5, "modifiers go right after the die, without a space: write 4d6kh3"),
    ("4d6kx", 5, "unknown modifier 'x'"),
    ("d", 1, "expected the number of sides after 'd'"),
    ("3d0", 2, "a die needs at least 1 side"),
    ("1 + 2x 3d6", 5, "a repeat like '2x' goes first"),
    ("1d6 2x 3d6", 5, "a repeat like '2x' goes first"),
    ("3d6 & 2", 5, "unexpected '&'"),
    ("(1d6)>=4", 6, "a success target like '>=4' goes right after dice"),
    ("0x 3d6", 1, "repeat count must be at least 1"),
])
def test_syntax_errors_say_where_and_what_was_expected(text, column, message):
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, DiceError)
    assert err.column == column
    assert message in str(err)
    assert str(err).startswith(f"column {column}: ")


def test_caret_line_points_at_the_column():
    with pytest.raises(DiceError) as info:
        parse("3d6+")
    assert info.value.caret_lines() == ["  3d6+", "     ^"]


@pytest.mark.parametrize("text, message", [
    ("1000000000d6", "too many dice"),
    ("600d6+600d6", "too many dice: 1,200 dice in all"),
    ("11x 100d6", "too many dice"),
    ("d100000", "too many sides"),
    ("101x d6", "too many repeats"),
    ("(" * 51 + "1" + ")" * 51, "nested too deeply"),
    ("-" * 51 + "1", "nested too deeply"),
    ("1+" * 300 + "1", "expression too long"),
])
def test_limits_fail_at_parse_time(text, message):
    with pytest.raises(DiceLimitError) as info:
        parse(text)
    assert message in str(info.value)


def test_limits_are_one_object_with_defaults():
    limits = Limits()
    assert (limits.max_dice, limits.max_sides, limits.max_depth, limits.max_explosions) == (1000, 10_000, 50, 20)
    assert (limits.max_length, limits.max_repeat) == (500, 100)
    assert "1,000" in Limits.describe()
    small = Limits(max_dice=5)
    parse("5d6", small)
    with pytest.raises(DiceLimitError):
        parse("6d6", small)
    parse("(" * 50 + "1" + ")" * 50)  # exactly at the nesting limit is fine
