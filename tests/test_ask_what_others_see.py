"""What other players may see, asked of rules that never say (topics.py): the rules do not answer
"can i show people my hand" because their draw deck lies face down, nor because a card shows
itself when drawn. Ten tuning questions of this kind got a section; each wanted no good match.
Likewise peeking ahead in a deck whose cards are only turned face up."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.ask.cache import resolve_game
from referee.ask.engine import ask
from referee.ask.store import open_index
from referee.ask.topics import topic_unsaid
from referee.ask.unsaid import UNSAID

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _game(name: str) -> str:
    return str(FIXTURES / name)


@pytest.mark.parametrize("game, question", [
    ("moving-day", "do i have to show my hand to the others"),
    ("oh-no-it-isnt", "can i show people my hand"),
    ("crease-and-fold", "do i have to show my hand of fold cards"),
    ("rink-rash", "can i look at the other players hand"),  # its rules look at the jam track, not a hand
    ("clock-em-in", "can i look at the other players loft cards"),
    ("number-please", "can i look at another operator's trick cards"),  # blind set 168, at 0.64
])
def test_showing_a_hand_is_unsaid_where_only_a_deck_lies_face_down(game: str, question: str) -> None:
    index = open_index(resolve_game(_game(game)))
    assert topic_unsaid(index, question) == UNSAID
    assert not ask(question, game=_game(game)).matched


def test_rules_that_show_a_thing_still_answer() -> None:
    """Any Old Iron's lucky finds are shown to everybody when drawn; Dome After Dark's show card
    is a card, not something shown."""
    found = ask("do i have to show the others when i pull a lucky find", game=_game("any-old-iron"))
    assert found.matched and found.citations[0].id == "lucky-finds"
    shown = ask("what happens after i read out a show card", game=_game("dome-after-dark"))
    assert shown.matched and shown.citations[0].id == "your-slot.questions"


def test_a_card_named_for_a_topic_mentions_it(tmp_path: Path) -> None:
    """A game whose only mention of a redraw is its card called Mulligan has rules on it."""
    question = "can i mulligan if i dont like my starting hand"
    game = tmp_path / "rink-rash"
    shutil.copytree(FIXTURES / "rink-rash", game)
    assert topic_unsaid(open_index(resolve_game(str(game))), question) == UNSAID
    cards = (game / "cards.yaml").read_text()
    assert "name: Stride\n" in cards
    (game / "cards.yaml").write_text(cards.replace("name: Stride\n", "name: Mulligan\n", 1))
    assert topic_unsaid(open_index(resolve_game(str(game))), question) == 1.0


def test_showing_how_many_one_has_is_owning_up() -> None:
    """'do i have to show everyone how many coins i have' is 'tell how many' (grist-and-sail; blind
    set 152's tip coins, at 0.83): no rule where the rules never speak of telling or showing it."""
    question = "do i have to show everyone how many coins i have"
    assert topic_unsaid(open_index(resolve_game(_game("grist-and-sail"))), question) == UNSAID
    assert not ask(question, game=_game("grist-and-sail")).matched


@pytest.mark.parametrize("game, question", [
    ("heel-stone-dawn", "am i allowed to peek at the next sky card"),
    ("saturday-shine", "am i allowed to look at the next car in the deck"),
    ("seedlock", "can i look through the discard pile"),
])
def test_looking_ahead_in_a_deck_is_unsaid_where_cards_are_only_turned_face_up(game: str, question: str) -> None:
    """Rules that turn a deck's top card face up say nothing of peeking at the next one; fourteen
    such questions got a section at 0.36-0.86, each wanting no match. A discard pile lying face up,
    which anybody may look through (Crane and Clunker's Skip), is still the answer."""
    assert not ask(question, game=_game(game)).matched
    skip = ask("can i look through the discard pile", game=_game("crane-and-clunker"))
    assert skip.matched and skip.citations[0].id == "skip"
