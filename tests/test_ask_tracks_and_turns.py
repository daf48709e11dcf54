"""`referee ask` on what players ask in their own words (issue 12), round twenty-nine: a turn
section titled where the turn is taken ("Your turn on duty"), "the two of us playing", how high
a track goes, and the steps of a turn or a round named in order.

Asked of the designer's games in tests/fixtures; every index is built into a temporary cache.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.ask.engine import ask
from referee.ask.roles import TURN_TITLE

FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytestmark = pytest.mark.usefixtures("module_ask_cache")  # indexes built into a temporary cache


def test_a_turn_titled_where_it_is_taken_is_the_turn():
    """Runway Two-Seven's turn is "Your turn on duty"; asked its steps, the tool found no good
    match."""
    answer = ask("what are the steps of my turn", game=str(FIXTURES / "runway-two-seven"))
    assert answer.matched and answer.citations[0].id == "on-duty", answer.answer


@pytest.mark.parametrize(("title", "is_turn"), [
    ("Your turn on duty", True), ("A turn on the mountain", True), ("Your go on the board", True),
    ("Your turn", True), ("Turn order", False), ("Your turn ends", False), ("A turn limit", False),
])
def test_which_titles_name_the_turn(title, is_turn):
    assert bool(TURN_TITLE.match(title)) is is_turn


def test_the_two_of_us_playing_is_two_players():
    answer = ask("just the two of us playing, anything change?", game=str(FIXTURES / "crates-before-hail"))
    assert answer.matched and answer.citations[0].id == "two-pickers", answer.answer


def test_how_high_a_track_goes_is_its_top():
    answer = ask("how high can the fog go", game=str(FIXTURES / "runway-two-seven"))
    assert answer.citations[0].id == "the-fog" and "to 10" in answer.answer, answer.answer


@pytest.mark.parametrize(("game", "question", "rule", "says"), [
    ("crab-off", "what are the steps of a tide", "a-tide",
     "How a tide goes: §3.1 Bait up, §3.2 Drop your line, §3.3 That flipping gull, §3.4 Bucket's full!, "
     "§3.5 The tide turns."),
    ("runway-two-seven", "what are the steps of my turn", "on-duty",
     "Your turn on duty, in order: New traffic; Clearances; The murk; Burn fuel."),
])
def test_the_steps_asked_are_named_in_order(game, question, rule, says):
    """A turn's steps are Runway Two-Seven's numbered sentences, named in order; a tide's are Crab
    Off!'s sub-sections, named with their numbers (the tool found no good match for the tide, and
    quoted the turn's first sentence, "Turns go clockwise")."""
    answer = ask(question, game=str(FIXTURES / game))
    assert answer.citations[0].id == rule and answer.answer == says, answer.answer


def test_a_face_of_pips_is_read_under_the_rule_on_moving():
    """Rattlebones' starting die: "rolled a 5 what do i do" read the face right ("move one of your
    monkeys exactly 5 spaces") but cited the set-up of the dice; the data's faces 2 to 6 now name
    the section on moving, as the Rattlebones face names its own."""
    five = ask("rolled a 5 what do i do", game="rattlebones")
    assert five.source == "data:map" and five.citations[0].id == "turn.moving"
    assert "exactly 5 spaces" in five.answer


def test_two_of_us_is_no_row_of_a_chart():
    """"two of us tied for most stock tickets, how many points each" read "two" as the 1234
    chart's place 2 ("place 2: 2 points"); the players tied get the stock's own tie value."""
    tied = ask("two of us tied for most stock tickets, how many points each", game="rattlebones")
    assert tied.citations[0].id == "actions.stock.ties" and "7" in tied.answer
