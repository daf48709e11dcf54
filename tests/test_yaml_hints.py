"""YAML's classic traps get a hint in the loader's message (generator/model/yaml_hints.py): the
place (file, line, column) and the line rewritten so that it reads as meant."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import GameDataError
from generator.model.loader import load
from generator.model.safeyaml import YamlRefused, parse_yaml
from tests import warm


def refused(text: str):
    with pytest.raises(YamlRefused) as caught:
        parse_yaml(text, Path("cards.yaml"))
    return caught.value.problem


def card(text_line: str) -> str:
    return f"decks:\n  - id: d\n    cards:\n      - id: a\n        {text_line}\n"


def test_a_colon_in_unquoted_text_says_to_quote_it_and_shows_how(starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace(
        'text: "Gain :star: for each card in your hand. *Once per turn.*"',
        "text: Gain :star: for each card in your hand."))
    result = warm.cards("validate", starter_game, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cards.yaml:23:" in result.stderr and "mapping values are not allowed" in result.stderr
    assert 'write text: "Gain :star: for each card in your hand."' in result.stderr


def test_a_tab_used_to_indent_is_named():
    problem = refused("decks:\n\t- id: d\n")
    assert (problem.line, problem.column) == (2, 1)
    assert "indented with a tab" in problem.hint and "spaces" in problem.hint


@pytest.mark.parametrize("text, says", [
    ("*Once per turn.* Draw.", "'*' starts an alias"),
    ("& more", "'&' starts an anchor"),
    ("{x} stuff", "'{' starts an inline mapping"),
    ("[[turn]] applies", "'[' starts an inline list"),
    ("@home", "'@' is reserved"),
    ("`code`", "a backtick is reserved"),
    ("%50 off", "'%' starts a directive"),
])
def test_text_starting_with_a_yaml_sign_is_shown_in_quotes(text, says):
    problem = refused(card(f"text: {text}"))
    assert problem.file == Path("cards.yaml") and problem.line == 5
    assert says in problem.hint
    assert f'text: "{text}"' in problem.hint


def test_the_quoted_fix_reads_back_as_the_text_meant():
    problem = refused(card('text: Say "hi": then draw'))
    fixed = problem.hint.split("write ", 1)[1]
    assert parse_yaml(card(fixed), Path("cards.yaml")).data["decks"][0]["cards"][0]["text"] == 'Say "hi": then draw'


def test_inline_lists_and_mappings_meant_as_such_get_no_false_hint():
    for inline in ("icons: [a, b]", "back: {title: x}"):
        problem = refused(f"cards:\n  - id: a\n    {inline}\n   name: bad indent\n")
        assert problem.line == 4
        assert problem.hint is None or "quotes" not in problem.hint


def test_yes_read_as_true_where_text_was_expected(starter_game):
    game = starter_game / "game.yaml"
    game.write_text(game.read_text().replace("play_time: 20 min", "play_time: no"))
    with pytest.raises(GameDataError) as caught:
        load(starter_game)
    report = str(caught.value)
    assert "game.yaml:5:12: play_time: expected a valid string (found False)" in report
    assert 'YAML reads an unquoted no as false: write "no" in quotes' in report


def test_a_card_field_printed_as_text_that_yaml_read_as_true(starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("type: Action", "type: yes", 1))
    with pytest.raises(GameDataError) as caught:
        load(starter_game)
    report = str(caught.value)
    assert "card 'dash': 'type' would print as True, not as yes" in report
    assert "cards.yaml:15:15: decks[0].cards[0].type:" in report


def test_a_flag_used_only_by_when_may_stay_a_yes(starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("        count: 2\n", "        count: 2\n        sample: yes\n", 1))
    assert load(starter_game).game.deck("actions").cards[0].sample is True
