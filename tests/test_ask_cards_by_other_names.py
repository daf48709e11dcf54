"""A designer's game whose rules never say "card" (Bottomless Cup's are order tickets and jukebox
songs): each card still needs a section to be found through, else no card of the game is ever an
answer (blind set 154 lost four questions so: "truckers breakfast, does it get extra grumbles"
found the closing-time section)."""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.ask.cache import resolve_game
from referee.ask.engine import ask
from referee.ask.store import open_index

CUP = str(Path(__file__).resolve().parent / "fixtures" / "bottomless-cup")


def test_every_card_has_a_section_to_be_found_through() -> None:
    cards = open_index(resolve_game(CUP)).cards()
    assert cards and all(card["rule"] for card in cards.values())


@pytest.mark.parametrize("question, card", [
    ("truckers breakfast, does it get extra grumbles", "truckers-breakfast"),
    ("how many quarters does the b side give me", "the-b-side"),
    ("what does the sleepy poet do", "sleepy-poet"),
])
def test_a_card_named_is_the_answer(question: str, card: str) -> None:
    answer = ask(question, game=CUP)
    assert answer.matched and answer.card is not None and answer.card["id"] == card
