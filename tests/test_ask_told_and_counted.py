"""`referee ask` on two kinds of question round thirty-three's blind sets asked (issue 12): whether
a number has to be told ("do I have to show everyone how many coins I have") is not a question of
the number, and "how many teams can play" asks the player count whatever the question calls the
players.

Asked of the designer's games in tests/fixtures and of the seed games in content/; every index is
built into a temporary cache.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.ask.engine import ask

FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytestmark = pytest.mark.usefixtures("module_ask_cache")  # indexes built into a temporary cache


@pytest.mark.parametrize(("game", "question"), [
    ("grist-and-sail", "do i have to show everyone how many coins i have"),
    ("till-six", "do i have to show everyone how many tips ive got or can i keep them hidden"),
])
def test_whether_a_number_is_told_is_not_the_number(game, question):
    """Blind set 139's question was answered with a Becalmed sentence selling flour "for 1 coin
    each" at 0.85; Till Six's with the coach party's count. Neither rule says whether coins are
    shown."""
    answer = ask(question, game=str(FIXTURES / game))
    assert answer.source != "data:amount", answer.answer
    assert answer.confidence < 0.7, (answer.answer, answer.confidence)


@pytest.mark.parametrize(("game", "question"), [
    (str(FIXTURES / "eggbeater-gala"), "how many teams can play"),
    (str(FIXTURES / "eggbeater-gala"), "how many kids can play this"),
    ("rattlebones", "how many kids can play"),
])
def test_whoever_the_question_counts_can_play_is_the_player_count(game, question):
    """Blind set 139's "how many teams can play" (the gala's players coach teams) was answered
    with the gala's big splash; a game need not say "kids" for them to play it."""
    answer = ask(question, game=game)
    assert answer.matched and answer.source == "data:players", (answer.answer, answer.source)
    assert answer.confidence >= 0.7 and "players" in answer.answer, (answer.answer, answer.confidence)
