"""`referee ask` on what players ask in their own words (issue 12), round twenty-eight: how many of a
thing the game comes with against how many one plays, draws, loses or scores; a set-up told in its
sub-sections; whether a game is played against each other; the phases of a turn; who takes the
first shift; playing alone; how the players lose; what the game's story is; a card named in
part; a die off the table and a team version, which rules that never speak of them do not answer;
the box's list, which yields unless the box is asked about, and is no die's table of rolls;
every man for himself; how many hours in a game whose rounds are hours; who gets the first-player
marker.

Asked of the designer's games in tests/fixtures and of the seed games in content/; every index is
built into a temporary cache.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.ask.engine import ask

FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytestmark = pytest.mark.usefixtures("module_ask_cache")  # indexes built into a temporary cache


def _ref(game: str) -> str:
    """A designer's game by its folder under tests/fixtures, a seed game by its id."""
    return str(FIXTURES / game) if (FIXTURES / game).is_dir() else game


@pytest.mark.parametrize(("game", "question", "rule"), [
    ("alley-and-taw", "how many schoolyard cards can i play in one go", "schoolyard-cards"),
    ("punty-and-gather", "how many tool cards can i play per shift", "tools"),
    ("gallery-rounds", "how many night cards do we flip at the end of the hour", "the-night.chimes"),
    ("rattlebones", "how much is holding all 5 stock tickets worth", "actions.stock.ties"),
])
def test_a_count_of_play_is_a_rules_not_the_boxs(game, question, rule):
    """The box holds 17 Schoolyard cards, 5 Stock tickets: neither is how many one plays in a
    go, nor what holding them all scores."""
    answer = ask(question, game=_ref(game))
    assert answer.matched and answer.source != "data:count", answer.answer
    assert answer.citations[0].id == rule


@pytest.mark.parametrize(("game", "question", "says"), [
    ("crooked-crew", "how many job cards are there", "40"),
    ("runes-and-bones", "how many runes are in the bag altogether", "45"),
    ("rattlebones", "how many gold pieces come in the box", "20"),
])
def test_how_many_there_are_is_still_the_boxs_count(game, question, says):
    answer = ask(question, game=_ref(game))
    assert answer.source == "data:count" and answer.answer.startswith(says), answer.answer


def test_a_set_up_told_in_its_sub_sections_is_the_set_up():
    """High Sill's Kitting Out only points below ("dress the block and brief the crew, as below");
    its sub-sections put out the grime and fill the buckets, so what one starts with is theirs
    (the start was answered from When the Wind Gets Up, by the box's 60 grime tokens)."""
    answer = ask("how many grime tokens go on each window at the start", game=_ref("high-sill"))
    assert answer.citations[0].id == "kitting-out.block" and "2 grime" in answer.answer, answer.answer
    answer = ask("how much water do we start with in our buckets", game=_ref("high-sill"))
    assert answer.citations[0].id == "kitting-out.crew" and "4 water" in answer.answer, answer.answer


@pytest.mark.parametrize("question", ["is this co-op or are we playing against each other",
                                      "is this co-op or are we competing"])
def test_whether_players_compete_is_the_openings_to_say(question):
    """"... or are we playing against each other" ends like "... playing farkle", but "against"
    is how one plays, not a game the rules never name; "competing" is no word the rules need:
    the opening says it is co-operative (both were "no good match")."""
    answer = ask(question, game=_ref("widowmaker-oak"))
    assert answer.matched and answer.citations[0].id == "the-job", answer.answer
    assert "together" in answer.answer.lower()


@pytest.mark.parametrize("question", ["what are the phases of my turn", "whats the order of stuff on my turn"])
def test_the_phases_of_a_turn_are_the_turn_sections(question):
    """Cold Snap Call-Out's turn is On shift ("Your turn goes: check the weather, then do ONE
    thing ..."); asked its phases or order, the tool had no good match."""
    answer = ask(question, game=_ref("cold-snap-callout"))
    assert answer.matched and answer.source == "data:turn" and answer.citations[0].id == "on-shift", answer.answer
    assert answer.answer.startswith("Your turn goes: check the weather")


def test_whoever_takes_the_first_shift_goes_first():
    """Array Nine's set-up says "Whoever went to bed latest last night takes the first shift":
    the tool cited a later section that merely says "the first player"."""
    answer = ask("who goes first on night 1", game=_ref("array-nine"))
    assert answer.source == "data:first-player" and answer.citations[0].id == "getting-ready", answer.answer
    assert "takes the first shift" in answer.answer


def test_playing_alone_is_playing_on_your_own():
    """Array Nine's solo rules say "Playing on your own, you take two shifts every night" under
    "Just you"; "alone" was read as "one player", words every section uses."""
    answer = ask("playing alone, how many shifts do i get each night", game=_ref("array-nine"))
    assert answer.citations[0].id == "solo" and "two shifts" in answer.answer, answer.answer


def test_how_the_players_lose_is_the_end_sections_sentence_on_losing():
    """In a game all win or lose together, "when do we lose" cited the opening's "You all win or
    all lose together"; the end section ("Lights out", found by "You lose if ...") says how."""
    answer = ask("when do we lose", game=_ref("pier-lights-out"))
    assert answer.source == "data:game-end" and answer.citations[0].id == "lights-out", answer.answer
    assert answer.answer.startswith("You lose if the lights reach 0")


def test_a_section_titled_for_losing_answers_whole():
    """Maroon Up! lists its three ways to lose under "A bad day at sea (you lose)": all three are
    the answer, not the first of them (the section's sentences are split at its semicolons)."""
    answer = ask("what makes us lose", game=_ref("maroon-up"))
    assert answer.citations[0].id == "the-shout.bad-day", answer.answer
    assert "hull drops to 0" in answer.answer and "3rd casualty is lost" in answer.answer


@pytest.mark.parametrize("question", ["whats the story here, who are we supposed to be", "who are we supposed to be"])
def test_the_story_and_who_we_play_are_the_openings(question):
    """"What's the story, who are we supposed to be" found nothing at all in Hot Iron, Fair Day,
    whose opening says "It's fair day in Little Mardle and every horse in the county has turned
    up needing shoes"."""
    answer = ask(question, game=_ref("hot-iron-fair"))
    assert answer.matched and answer.source == "data:overview", answer.answer
    assert answer.citations[0].id == "whats-going-on"


def test_a_card_named_by_part_of_its_name_is_that_card():
    """"what does the rasp do": the Farrier's Rasp's text, not the Hunter's Shoes' that mentions
    the Rasp; a die or a section so named stays theirs."""
    answer = ask("what does the rasp do", game=_ref("hot-iron-fair"))
    assert answer.card is not None and answer.card["id"] == "farriers-rasp", answer.answer
    assert answer.answer.startswith("Farrier's Rasp")
    assert not ask("what does the heat die do", game=_ref("hot-iron-fair")).answer.startswith("Farrier")


@pytest.mark.parametrize(("game", "question"), [
    ("tuesday-league", "what happens if a die rolls off the table"),
    ("runeblade", "what happens if a die rolls off the table"),
    ("saturday-shine", "is there a team version, like 2 vs 2"),
])
def test_what_the_rules_never_speak_of_gets_no_answer(game, question):
    """A die off the table without "reroll" said, a team version asked as "2 vs 2": rules that
    never speak of them do not answer (the pinsetter's mechanic, Runeblade's dice, the opening
    answered)."""
    assert not ask(question, game=_ref(game)).matched


def test_the_box_list_yields_unless_the_box_is_asked():
    """Widowmaker Oak's "Kit list" names the fuel gauge, so "fuel gauge is empty, what now" found
    it first; how to refuel is the answer. Asked what the game comes with, the list answers."""
    answer = ask("fuel gauge is empty, what now", game=_ref("widowmaker-oak"))
    assert answer.citations[0].id in ("crew-turn.refuelling", "crew-turn.cutting"), answer.answer
    assert ask("what comes in the box", game=_ref("widowmaker-oak")).citations[0].id == "kit-list"


def test_a_die_rolls_numbers_are_no_count_of_the_box():
    """High Sill's wind rules ("1, 2 or 3: calm ... 4 or 5 ... 6") hold numbers equal to the box's
    counts and words of their names, so they were taken for its list of contents: "how many kit
    cards are there" cited When the Wind Gets Up. A count must sit just before the thing's name."""
    answer = ask("how many kit cards are there", game=_ref("high-sill"))
    assert answer.answer.startswith("20 Kit cards") and answer.citations[0].id != "gusts", answer.citations[0].id


def test_every_man_for_himself_asks_whether_the_game_is_cooperative():
    answer = ask("do we all win together or is it every man for himself", game=_ref("fifteen-minute-reset"))
    assert answer.matched and answer.source == "data:overview", answer.answer
    assert answer.citations[0].id == "whats-the-deal"


def test_how_many_hours_in_a_game_whose_rounds_are_hours_is_the_rules():
    """Long Corridor's night runs hour by hour: "how many hours do we play" is its rounds, not
    the box's play time; a game whose rules never speak of hours still gets the box's."""
    answer = ask("how many hours do we play", game=_ref("long-corridor"))
    assert answer.source != "data:facts" and answer.citations[0].id == "each-hour", answer.answer
    # ... and "how many minutes" of a game is no question of a time limit on turns (no match before)
    minutes = ask("how many minutes does a game take", game=_ref("high-sill"))
    assert minutes.matched and minutes.source == "data:facts" and minutes.answer == "30 min."


@pytest.mark.parametrize(("game", "question", "rule", "said"), [
    ("long-corridor", "who gets the bleeper first", "clocking-on", "takes the Bleeper and goes first"),
    ("isobar-desk", "who gets the mic first", "getting-ready", "takes the Mic"),
])
def test_who_gets_the_first_player_marker_is_who_starts(game, question, rule, said):
    """The Bleeper and the Mic are their games' first-player markers: who gets one first is the
    set-up's sentence giving it out (Long Corridor's box list answered)."""
    answer = ask(question, game=_ref(game))
    assert answer.source == "data:first-player" and answer.citations[0].id == rule, answer.answer
    assert said in answer.answer
