"""`referee ask` on a designer's own game, which has no `asks:` lists (issue 12): the set-up
answers questions about starting, and a card's kind names the section that governs it.

The designer's games are the fixtures tests/fixtures/kettle-hollow and kiln-night, asked as they
are; every index is built into a temporary cache.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from referee.ask import rerank
from referee.ask.cache import resolve_game
from referee.ask.engine import THRESHOLD, ask
from referee.ask.intent import rewrite
from referee.ask.query import parse
from referee.ask.search import search
from referee.ask.store import open_index

FIXTURES = Path(__file__).resolve().parent / "fixtures"
REPO = FIXTURES.parents[1]
KETTLE = str(FIXTURES / "kettle-hollow")
KILN = str(FIXTURES / "kiln-night")


@pytest.fixture(scope="module", autouse=True)
def ask_cache(module_ask_cache):
    return module_ask_cache


def _index(path: str):
    return open_index(resolve_game(path))


def _cards(path: str) -> dict[str, dict]:
    decks = yaml.safe_load((Path(path) / "cards.yaml").read_text())["decks"]
    return {c["id"]: c for d in decks for c in d["cards"]}


def test_a_cards_kind_names_the_section_that_governs_it():
    """Kiln Night's Fuel cards are stoked ("discard a Fuel card"), its Clay cards shaped ("lay a
    Clay card"), its Tricks played under "Tricks"; Kettle Hollow's Guest cards under "Guests".
    A kind no section speaks of as a card (a flavour: Spicy) keeps the rule about using cards."""
    rules = {c["id"]: c["rule"] for d in _index(KILN).data("decks") for c in d["cards"]}
    cards = _cards(KILN)
    by_kind = {"Fuel": "your-turn.stoke", "Clay": "your-turn.shape", "Trick": "tricks"}
    assert {cid: rules[cid] for cid in cards} == {cid: by_kind[c["type"]] for cid, c in cards.items()}
    kettle = {c["id"]: c["rule"] for d in _index(KETTLE).data("decks") for c in d["cards"]}
    assert {kettle[cid] for cid, c in _cards(KETTLE).items() if c["type"] == "Guest"} == {"guests"}
    assert kettle["ember-bark"] == "turn.brew"
    answer = ask("what does pine pitch do", game=KILN)
    assert answer.citations[0].id == "your-turn.stoke"
    # its kind and cost with its name, as the card shows them, not "type Fuel"
    assert answer.answer.startswith("Pine Pitch (Fuel, cost 5, x2): Add 5 heat.")
    assert "type" not in answer.answer


def test_a_question_about_starting_finds_the_set_up_whose_text_never_says_start(monkeypatch):
    """Kettle Hollow's "Setting up" says "every keeper takes 2 steam", never "start": asked how
    much steam everyone starts with, the search (re-ranker off) puts the set-up first, and
    without "start" in the question it does not."""
    monkeypatch.setattr(rerank, "WEIGHTS", {})
    index = _index(KETTLE)
    assert "start" not in (index.rules["setup"].text or "").lower()
    assert search(index, parse("how much steam does everyone start with")).hits[0].rule == "setup"
    assert search(index, parse("how much steam does everyone have")).hits[0].rule != "setup"


def test_the_short_answer_is_the_sentence_that_says_what_was_asked():
    """A rule's first sentence need not be the answer: asked how much steam everyone starts
    with, the one line printed first is the set-up's sentence about steam (answers/setup_amounts),
    and the rule follows in full; asked about holding steam, the Steam rule's sentence on it."""
    from referee.ask.render import render_text

    answer = ask("how much steam does everyone start with", game=KETTLE)
    assert answer.citations[0].id == "setup" and answer.source == "data:setup-amount"
    text = render_text(answer)
    first_line = text.splitlines()[0]
    assert first_line.endswith("Every keeper takes 2 steam.") and "deal 3" not in first_line
    assert "Shuffle the ingredients and deal 3" in text
    # "steam" is in every sentence of the Steam rule: the one that says "hold" answers
    first_line = render_text(ask("can i hold 7 steam", game=KETTLE)).splitlines()[0]
    assert first_line.endswith("You can hold at most 5; any more is lost.")


REGATTA = str(FIXTURES / "reedwater-regatta")


def test_a_card_no_section_governs_is_its_own_answer():
    """Reedwater Regatta's Tricks have no section of their own: asked what Flood does, the card's
    text is the answer and the card is named as where it comes from, the section that only talks
    about playing cards under See also. A card whose kind has a section (Kiln Night's Fuel) is
    named with that section, which it comes under ("the card Pine Pitch (Kiln deck), under §3.2
    Stoke the kiln")."""
    from referee.ask.render import render_text

    answer = ask("what happens to everybody when i play flood", game=REGATTA)
    assert answer.matched and answer.card == {"id": "flood", "name": "Flood", "deck": answer.card["deck"],
                                              "governed": False}
    text = render_text(answer)
    lines = [line for line in text.splitlines() if not line.startswith("(read as:")]
    assert lines[0].startswith("Flood (Trick): Every raft") and lines[2].startswith("Reedwater Regatta, the card Flood (")
    assert "§" not in lines[2] and "See also:" in text
    governed = ask("what does pine pitch do", game=KILN)
    assert governed.card is not None and governed.card["governed"]
    assert governed.citations[0].id == "your-turn.stoke"
    assert render_text(governed).splitlines()[2].startswith("Kiln Night, the card Pine Pitch (")
    assert render_text(governed).splitlines()[2].endswith(", under §3.2 Stoke the kiln")


def test_a_set_up_section_is_known_by_what_its_title_says():
    """"Getting ready", "Preparing the market", "Before the first session", "Opening up the
    arcade" set a game up as "Setting up" does: a question about starting values looks there
    (Tilt & Flipper's quarters were "no good match", closest Tinker, before "Opening" was read so)."""
    from referee.ask.text import is_setup

    for title in ("Setup", "Set-up", "Setting up the river", "Getting ready", "Preparing the market",
                  "Before you start", "Before the first session", "Opening up the arcade", "Opening the shop"):
        assert is_setup("x", title), title
    for title in ("Start of your turn", "Ready, steady", "Getting paid", "The race", "Reopening a market", "Opening time"):
        assert not is_setup("x", title), title
    answer = ask("how many oars do we start with", game=REGATTA)
    assert answer.citations[0].id == "getting-ready"
    answer = ask("how many quarters does everyone start with", game=str(FIXTURES / "tilt-and-flipper"))
    assert answer.matched and answer.citations[0].id == "opening-up.your-toolbox"


def test_words_a_close_written_question_uses_are_the_games_own():
    """The starter game's "Your turn" lists "who plays next": "next" is in no rule's text, yet
    asked in those words the referee answers, where before it said no good match. "My Game"
    is no name to take out of "what's the point of the game"."""
    starter = str(Path(__file__).resolve().parents[1] / "generator" / "templates" / "new-game")
    for question in ("who plays next", "who goes after me"):
        answer = ask(question, game=starter)
        assert answer.matched and answer.citations[0].id == "turn", question
    assert ask("whats the point of the game", game=starter).citations[0].id == "goal"


WEFT = str(FIXTURES / "warp-and-weft")
CRUMB = str(FIXTURES / "crumb-and-crust")


def test_a_set_up_titled_its_own_way_is_known_by_its_numbered_steps():
    """"Dressing the loom" and "Morning prep" say nothing of setting up, but each is the first
    top section written as numbered steps: that is the set-up, where starting values are. A game
    whose title says set-up keeps that section, steps or none."""
    assert _index(WEFT).data("setup_rule") == "dressing-the-loom"
    assert _index(CRUMB).data("setup_rule") == "morning-prep"
    assert _index(KETTLE).data("setup_rule") == "setup"
    assert _index(WEFT).in_setup("dressing-the-loom") and not _index(WEFT).in_setup("a-round.cast")


def test_a_set_up_with_neither_title_nor_steps_is_known_by_what_it_says_to_do():
    """Hinge and Perforation's "Opening the hall" has no set-up title and no numbered steps, but
    it says what each collector takes, what to shuffle, what to lay out and what to deal: that is
    its set-up. Money is read as the game's shillings, so "how much money do we start with" is
    answered from there (it was "no good match", closest Contents). A game whose sections never
    say so plainly, or say it as much in two places, is given no set-up by guessing."""
    hinge = str(FIXTURES / "hinge-and-perforation")
    assert _index(hinge).data("setup_rule") == "opening"
    answer = ask("how much money do we start with", game=hinge)
    assert answer.matched and answer.citations[0].id == "opening"
    assert "6 shillings" in answer.answer
    assert _index(str(FIXTURES / "csvgame")).data("setup_rule") is None


def test_a_set_up_titled_before_or_at_the_start_or_saying_plainly_what_comes_before_the_steps():
    """"Before the guests arrive" and "At the starting line" are set-ups by their titles (they
    were none). Ballast & Burner's "Inflating" says what each pilot takes and what to deal and
    shuffle, and comes before "How a round goes", whose numbered steps made that the set-up: so
    "how many burner tokens do i start with" was answered by going up a band (blind set 42)."""
    assert _index(str(FIXTURES / "top-table")).data("setup_rule") == "before-the-guests-arrive"
    assert _index(str(FIXTURES / "kettle-point-run")).data("setup_rule") == "staging"
    assert _index(str(FIXTURES / "moat-and-turret")).data("setup_rule") == "laying-out"  # "Laying out the towels"
    balloon = str(FIXTURES / "ballast-and-burner")
    assert _index(balloon).data("setup_rule") == "getting-ready"
    answer = ask("how many burner tokens do i start with", game=balloon)
    assert answer.citations[0].id == "getting-ready" and "6 burner tokens" in answer.answer


def test_a_game_that_never_says_player_is_asked_in_its_own_word_for_them():
    """Warp and Weft's rules speak of weavers, never players: "with 3 players" is read as "with
    3 weavers" and finds how many dice the caster rolls; "can 6 of us play" in Crumb & Crust
    (bakers) is still answered from the player count. A game whose rules say "player" has no
    noun of its own, nor one whose only "person" is a thing said with "each" or "every"."""
    from referee.ask.players import player_noun

    assert _index(WEFT).data("player_noun") == ["weaver", "weavers"]
    assert _index(CRUMB).data("player_noun") == ["baker", "bakers"]
    assert _index(KETTLE).data("player_noun") is None  # it says "player" too
    # "every show goes", "each acrobat", "every kite": things counted off, not the players (Hat
    # Money's "how many shows are in a game" had been answered "2 to 5 players")
    for thing_game in ("hat-money", "sawdust-pyramids", "kite-cutters", "meter-running"):
        assert _index(str(FIXTURES / thing_game)).data("player_noun") is None, thing_game
    assert ask("how many shows are in a game", game=str(FIXTURES / "hat-money")).source != "data:players"
    assert player_noun("The youngest journeyman is the first foreman. Give each journeyman 10 florins. "
                       "Journeymen bid in turn; each journeyman may pass.") == ("journeyman", "journeymen")
    assert player_noun("Each player draws 2 cards; the player who") is None
    answer = ask("how many dice get rolled with 3 players", game=WEFT)
    assert answer.corrected == {"players": "weavers"}
    assert answer.citations[0].id == "a-round.cast"
    assert ask("can 6 of us play", game=CRUMB).answer.startswith("No: 2 to 5 players")


def test_who_goes_first_is_answered_with_the_sentence_that_says_so():
    """"Who goes first?" quotes the rules' own sentence, however the designer put it, with the
    next when it says how play goes on, and cites its section: Kettle Hollow's "goes first",
    Rockpool Census's surveyor who "starts" (a game that says surveyors, not players), Bone
    Strike's "first player". A round that "begins" is no one going first."""
    from referee.ask.answers.turn_order import who_starts

    kettle = ask("who goes first", game=KETTLE)
    assert kettle.source == "data:first-player" and kettle.citations[0].id == "setup"
    assert kettle.answer == "The keeper who last drank tea goes first. Play goes to the left."
    from referee.ask.render import render_text

    assert render_text(kettle).endswith("quoted from the rules)")  # not "worked out from the game's data"
    rockpool = ask("who starts", game=str(FIXTURES / "rockpool-census"))
    assert rockpool.citations[0].id == "before-low-tide"
    assert rockpool.answer == "The surveyor who last got their feet wet starts. Play goes clockwise."
    strike = ask("who goes first?", game="bone-strike")
    assert strike.answer == "Pick a first player at random. Play then passes to the left."
    assert strike.citations[0].id == "setup"
    assert who_starts("Then a new round begins. Refill the bag.", strong=False) is None
    assert who_starts("5. The youngest begins; turns pass to the right.", strong=False) == \
        "The youngest begins. Turns pass to the right."
    assert who_starts("The youngest begins.") is None  # only "goes first" and the like at first


def test_a_starting_amount_is_the_set_up_sentence_that_gives_it():
    """"How many candles does each monk start with?" in Vellum and Vigil (its monks are brothers)
    quotes the one set-up sentence naming candles beside a number; Kettle Hollow's steam too. A
    scene or a turn that starts is no start of the game, and a set-up saying nothing of the
    thing asked leaves the question to the search."""
    vellum = ask("how many candles does each monk start with", game=str(FIXTURES / "vellum-and-vigil"))
    assert vellum.source == "data:setup-amount" and vellum.citations[0].id == "preparing.desks"
    assert vellum.answer.startswith("Each brother takes 3 candles")
    kettle = ask("how much steam does everyone start with", game=KETTLE)
    assert (kettle.answer, kettle.citations[0].id) == ("Every keeper takes 2 steam.", "setup")
    assert ask("how many details does everyone add when a scene starts", game="runeblade").source != "data:setup-amount"
    assert ask("how many dragons does everyone start with", game=KETTLE).source != "data:setup-amount"


def test_what_everyone_starts_with_is_the_set_up_not_what_the_box_holds():
    """Across & Down's box holds 25 ink pots and everyone takes 2: "how many ink pots does
    everyone start with" quoted the box (0.27, citing the set-up's parent). Its set-up writes
    ":ink: ink pots", an icon before its own word, which reads once in the answer."""
    across = str(FIXTURES / "across-and-down")
    start = ask("how many ink pots does everyone start with", game=across)
    assert start.source == "data:setup-amount" and start.citations[0].id == "getting-ready.hands-and-ink"
    assert start.answer == "Everyone takes 2 ink pots."
    box = ask("how many ink pots are there", game=across)
    assert box.source == "data:count" and box.answer.startswith("25 Ink pots")


def test_start_is_no_unknown_word_where_the_set_up_never_says_it():
    """Across & Down never writes "start": its set-up answers a question about starting all the
    same, so "start" does not count as a word the game does not know (it made the question look
    a quarter off-topic)."""
    index = _index(str(FIXTURES / "across-and-down"))
    result = search(index, parse(rewrite("how many cards and ink pots does everyone start with")))
    assert index.df(["start"]) == {"start": 0} and result.unknown_stems == frozenset()
    assert search(index, parse(rewrite("how many cards and ink pots does everyone hoard"))).unknown_stems == {"hoard"}


def test_a_tie_is_answered_with_the_sentence_that_breaks_it():
    """Vellum and Vigil's brothers "are level" and one "takes precedence", in a section titled
    Precedence: asked who wins on the same merit, that sentence and the ones breaking the tie
    further are the answer. Kettle Point Run's sleds "equally far" go to its Placing rule. The same
    resolution, the same card or a river's level are no tie."""
    vellum = ask("who wins if two of us have the same merit", game=str(FIXTURES / "vellum-and-vigil"))
    assert vellum.source == "data:tie-break" and vellum.citations[0].id == "vespers.precedence"
    assert vellum.answer.startswith("If brothers are level, the one with more finished folios takes precedence. If still")
    sleds = ask("what if both sleds went equally far past the line", game=str(FIXTURES / "kettle-point-run"))
    assert sleds.citations[0].id == "finish.placing" and "share first place" in sleds.answer
    assert ask("we both hit 0 in the same resolution, who wins", game="ribbon-of-bone").source != "data:tie-break"
    assert ask("what happens to the river level at the end of a season",
               game=str(FIXTURES / "salt-and-silk")).source != "data:tie-break"


def test_a_thing_at_zero_is_answered_with_the_sentence_about_it_running_out():
    """Runes and Bones' "no bones" ends a player, not a pot that "holds no bones"; Ribbon of
    Bone's marquis at 0 health is the opponent's zero (Victory), not yours (Loss); Kettle Point
    Run's stamina at 0 collapses the team. Both at zero at once is left to the search."""
    bones = ask("what happens when i run out of bones", game="runes-and-bones")
    assert bones.source == "data:at-zero" and bones.citations[0].id == "end"
    assert bones.answer == "A player who finishes a round with no bones is out of the game."
    assert ask("what happens when a marquis hits 0 health", game="ribbon-of-bone").citations[0].id == \
        "combat.endings.victory"
    assert ask("what happens if my stamina hits 0", game=str(FIXTURES / "kettle-point-run")).citations[0].id == \
        "stamina.collapse"
    assert ask("what if we both hit 0 in the same resolution", game="ribbon-of-bone").source != "data:at-zero"


def test_a_thing_at_zero_must_be_what_the_sentence_says_runs_out():
    """Dry Bell's "each cottage with no flame at the end adds 1" says nothing of the flame cubes
    running out: asked what happens when the supply runs out of cubes, that sentence is no
    answer (it was given at 0.88; the rules are silent)."""
    answer = ask("what happens if the flame supply runs out of cubes", game=str(FIXTURES / "dry-bell"))
    assert answer.source != "data:at-zero" and answer.confidence < 0.7
    # The box is a supply too: Tether Walk's list of what is in it ("0 to 8, 12 tether clips")
    # was the answer at 0.97 (blind set 44); its rules never say the clips run out.
    assert not ask("what if the box runs out of tether clips", game=str(FIXTURES / "tether-walk")).matched


def test_a_number_of_a_thing_is_the_sentence_that_puts_the_number_before_it():
    """Dry Bell says its numbers in sentences: "how many cards do I draw at the end of my turn"
    quotes "Draw back up to 4 cards" (the sentence saying "draw" too, not the Keep cards' "at
    most two"), and "how many actions" the one sentence giving them ("its two actions" in the
    bell's rule speaks of that number, it gives none). A game whose sections list their
    questions (asks:) finds the number's section by them: Runeblade's dice are not quoted."""
    bell = str(FIXTURES / "dry-bell")
    cards = ask("how many cards do i draw at the end of my turn", game=bell)
    assert (cards.source, cards.citations[0].id, cards.answer) == ("data:amount", "a-round.rest", "Draw back up to 4 cards.")
    actions = ask("how many actions do i get", game=bell)
    assert actions.citations[0].id == "a-round.work" and actions.answer.startswith("You may take up to two actions")
    assert ask("how many dice does each character start with", game="runeblade").source != "data:amount"


def test_a_number_a_named_card_gives_is_the_cards_own_text():
    """Asked how many of a thing a card named in the question gives, the card's text answers
    when it puts a number before that thing ("roll three dice" on Needle & Flash's Double
    Espresso), not the rules' sentence on the thing in general ("roll two dice"); a limit asked
    ("max") is still the rules'."""
    needle = str(FIXTURES / "needle-and-flash")
    espresso = ask("double espresso, how many dice do i roll", game=needle)
    assert (espresso.source, espresso.card["id"]) == ("data:card", "double-espresso")
    assert "roll three dice" in espresso.answer
    assert ask("how many dice do i roll", game=needle).source != "data:card"
    assert ask("how much health can i have max with hold the line", game="bone-strike").source != "data:card"


def test_a_limit_is_answered_with_the_sentence_that_sets_it():
    """Kettle Point Run's sled "carries at most 4 food sacks"; Sawdust Pyramids' chalk is capped
    in a bracket of the encore rule ("you can never hold more than 3"); Dry Bell's water by what to
    do over it ("If you hold more than 6 water tokens, pour the extra back"). A card named, or a tie
    for the most, is no question of a limit."""
    sled = ask("how many food sacks can my sled carry", game=str(FIXTURES / "kettle-point-run"))
    assert (sled.source, sled.citations[0].id, sled.answer) == ("data:limit", "caches", "A sled carries at most 4 food sacks.")
    chalk = ask("max chalk i can hold", game=str(FIXTURES / "sawdust-pyramids"))
    assert chalk.citations[0].id == "bows.encore" and "never hold more than 3" in chalk.answer
    water = ask("whats the most water i can hold", game=str(FIXTURES / "dry-bell"))  # a limit said as what to do over it
    assert water.citations[0].id == "a-round.rest" and water.answer.startswith("If you hold more than 6 water tokens")
    crumb = ask("whats the hand limit", game=CRUMB)  # a hand is the cards held
    assert (crumb.citations[0].id, crumb.answer) == ("a-shift.hand-limit", "At the end of your turn you may hold at most 8 cards.")
    hand = ask("hand limit?", game=str(FIXTURES / "mainspring"))  # the hand held, not the card "Pair of Hands"
    assert hand.citations[0].id == "a-day.tidy-up" and "discard down to 6" in hand.answer
    none = ask("is there a max hand size", game=KETTLE)  # that there is none, without a number
    assert (none.citations[0].id, none.answer) == ("turn.gather", "There is no hand limit.")
    assert ask("max runes i can buy in one go?", game="runes-and-bones").source != "data:limit"  # "no limit" on holding them
    assert ask("how much health can a warrior have and still get hit by walk the plank",
               game="bone-strike").source != "data:limit"
    assert ask("two of us tied for most stock tickets, what do we score", game="rattlebones").source != "data:limit"


def test_the_aim_of_a_game_is_its_goal_whatever_its_section_is_called():
    """Guy Ropes says what the game is about and who wins in "What's going on": "whats the aim in
    guy ropes" found nothing at all before (no section says "aim"), now the goal. "What's the
    aim of the mallet" is about the mallet, not the game."""
    ropes = str(FIXTURES / "guy-ropes")
    for question in ("whats the aim in guy ropes", "what is our aim", "what's the objective"):
        answer = ask(question, game=ropes)
        assert answer.matched and answer.citations[0].id == "whats-going-on", question
    assert rewrite("whats the aim of the mallet") == "whats the aim of the mallet"


def test_the_end_of_a_game_is_known_by_what_it_says():
    """Spur & Junction ends in "Closing the line", Molten Market in "Closing Time": neither says
    "end" where a player asks "when does the game end", and the search found the draw or the
    turn. The end section is the one saying how the last round is finished and scored."""
    spur, molten = str(FIXTURES / "spur-and-junction"), str(FIXTURES / "molten-market")
    assert _index(spur).data("end_rule") == "end" and _index(molten).data("end_rule") == "closing"
    answer = ask("when does the game end", game=spur)
    assert answer.matched and answer.citations[0].id == "end"
    assert answer.answer.startswith("The line closes when no contract is left")
    assert ask("when does the game end", game=molten).citations[0].id == "closing"
    # Kiln Night's "When the deck runs out" says it once ("the game ends once the current turn
    # is over"), in the later half of the rules: enough there (roles.END_SAYS_LATE).
    assert _index(KILN).data("end_rule") == "running-dry"
    # Gavel and Lot's "Counting up": "The sale is over when ... Then everybody adds up their
    # prestige points" (the game is the sale; the players between "then" and "add up").
    gavel = str(FIXTURES / "gavel-and-lot")
    assert _index(gavel).data("end_rule") == "counting-up"
    assert ask("when does the game end", game=gavel).answer.startswith("The sale is over when the last lot")
    # "The season ends" says it as "the game ends" does (Tilt and Flipper's "Closing time"); a
    # title naming the end says it once more: Top Table's "End of the night" ("The night ends
    # when ...") is taken over its opening's "the night is over ... Highest score wins", which
    # tells the whole game.
    assert _index(str(FIXTURES / "tilt-and-flipper")).data("end_rule") == "closing-time"
    assert _index(str(FIXTURES / "top-table")).data("end_rule") == "end-of-the-night"


def test_a_game_whose_turn_is_a_go_answers_questions_about_a_turn():
    """Moving Day calls a turn "Your Go" and never says "turn"; a question's "my go" is read as
    "my turn" (intent.py), so "what can i do on my go" found "the-clock.bumps" before the rules'
    own "go" was indexed as a turn too. "Have a go at it" and "let it go" are no turn."""
    from referee.ask.text import searchable

    moving = str(FIXTURES / "moving-day")
    for question in ("what can i do on my go", "what can i do on my turn"):
        answer = ask(question, game=moving)
        assert answer.matched and answer.citations[0].id == "your-go", question
    assert searchable("On your go, do ONE of these") == "On your go turn, do ONE of these"
    assert searchable("have a go at it, or let it go") == "have a go at it, or let it go"


def test_a_limit_said_as_discarding_down_or_cannot_hold_answers_the_limit_question():
    """Aqua Nova sets its hand limit as "discard down to 6 cards in hand", blind set 27's Swarm
    Season as "You can't hold more than 5 cards": "is there a hand limit" found no good match for
    either (the sentence was only known by "cannot", "at most" and the like)."""
    from referee.ask.answers.limits import SAYS_LIMIT

    answer = ask("is there a hand limit", game=str(FIXTURES / "aqua-nova"))
    assert answer.matched and answer.citations[0].id == "workday"
    assert answer.answer == "At the end of your turn, discard down to 6 cards in hand."
    for said in ("you can't hold more than 5 cards", "you may not keep more than 2 jars", "discard down to 5"):
        assert SAYS_LIMIT.search(said), said
    assert not SAYS_LIMIT.search("you can hold more than one")
    # A limit on doing is none on holding: Countdown Club's Swap ("Discard up to 3 cards from your
    # hand") had answered its hand limit at 0.92, before "more than 7 cards, discard down to 7".
    answer = ask("whats the hand limit", game=str(FIXTURES / "countdown-club"))
    assert answer.citations[0].id == "your-go" and answer.answer == "If you now have more than 7 cards, discard down to 7."
    assert ask("how many cards can i discard when i swap", game=str(FIXTURES / "countdown-club")).citations[0].id == "your-go.swap"


def test_a_deck_that_runs_out_is_an_empty_deck():
    """Spur & Junction says "If the yard deck is empty, shuffle"; asked what happens when the yard
    deck runs out, the search found the set-up. Bone Strike says it the other way round ("If your
    deck runs out while drawing") and was asked about an empty draw pile. Either is indexed and
    read as the other ("runs out of health" is another thing, read as zero health)."""
    from referee.ask.text import searchable

    answer = ask("what happens when the yard deck runs out", game=str(FIXTURES / "spur-and-junction"))
    assert answer.matched and answer.citations[0].id == "turn.draw"
    answer = ask("my draw pile is empty and i need to draw 5", game="bone-strike")
    assert answer.matched and answer.citations[0].id == "turn.refill"
    assert searchable("If your deck runs out while drawing") == "If your deck runs out empty while drawing"
    assert searchable("when you run out of health") == "when you run out of health"


def test_what_a_turn_holds_is_answered_by_the_turn_section_whatever_it_is_called():
    """Crumb & Crust's turn is "Your shift", Last Trench's "A working day": each opens "On your
    turn ...", and asked what a turn holds, the search found a card, the museum (once per turn)
    or the hand limit. The section is known by its title or its opening, and its first sentence
    answers; a game none of whose sections is a turn has none."""
    crumb, trench = str(FIXTURES / "crumb-and-crust"), str(FIXTURES / "last-trench")
    assert _index(crumb).data("turn_rule") == "a-shift" and _index(trench).data("turn_rule") == "workday"
    answer = ask("what can i do on my turn", game=crumb)
    assert answer.matched and answer.citations[0].id == "a-shift"
    assert answer.answer.startswith("On your turn you may first play one special from your hand.")
    answer = ask("how many actions per turn", game=trench)
    assert answer.matched and answer.citations[0].id == "workday"
    assert answer.answer.startswith("On your turn take two actions")
    assert _index(str(FIXTURES / "blue-cellar")).data("turn_rule") is None


def test_a_number_rolled_is_answered_by_the_rules_words_for_that_face():
    """Moving Day's bump die says "1, Pothole! ... 2 to 5, a smooth ride ... 6, The landlord pops
    round", Last Trench's trowel "On 3 or more ... On 1 or 2 ...": asked what a rolled number does,
    the search found the set-up handing the die out, or the cave-ins. The answer is the part of the
    list of faces covering the number rolled."""
    from referee.ask.answers.roll_outcome import _covers

    answer = ask("rolled a 1 on the bump die, what breaks", game=str(FIXTURES / "moving-day"))
    assert answer.matched and answer.citations[0].id == "the-clock.bumps"
    assert answer.answer.startswith("1, Pothole! Every Fragile item on the Roof shelf")
    answer = ask("rolled a 2 on the trowel, what happens to my worker", game=str(FIXTURES / "last-trench"))
    assert answer.matched and answer.citations[0].id == "workday.excavate"
    assert answer.answer.startswith("On 1 or 2 the square holds")
    assert _covers(2, "5", 4) and _covers(3, "more", 6) and _covers(1, "2", 2) and not _covers(3, "more", 2)
    # A result named in two words ("**2-3 Dry spell:**") ends the face before it.
    weather = ask("rolled a 1 on the weather die, what now", game=str(FIXTURES / "pinch-and-wire"))
    assert weather.answer.startswith("1 Frost:") and "Dry spell" not in weather.answer
    # A face that only points to a section ("**1:** TILT! ([[tilt]])") is answered by that section.
    tilt = ask("i rolled a 1 what happens", game=str(FIXTURES / "tilt-and-flipper"))
    assert tilt.citations[0].id == "tilt" and tilt.citations[1].id == "your-shift.test-play"


def test_dealing_with_other_players_in_a_game_that_never_mentions_it_gets_no_good_match():
    """Blind set 28: "can we swap characters with each other between sessions" found Runeblade's
    end of a session at 0.54, and Wet Paint's "trade rep or cans" a section at 0.27, though neither
    game ever says trade, swap, exchange, barter or bargain. A game that does (Runes and Bones'
    barter variant) keeps its answer; swapping one's own things is no dealing."""
    from referee.ask.unsaid import DEALING, UNSAID, dealing_unsaid

    for question, game in (("can we swap characters with each other between sessions", "runeblade"),
                           ("can players trade rep or cans with each other", str(FIXTURES / "wet-paint"))):
        answer = ask(question, game=game)
        assert not answer.matched, (question, answer.citations[0].id, answer.confidence)
        assert dealing_unsaid(_index(game), question) == UNSAID
    trading = "can we trade runes with each other"
    assert dealing_unsaid(_index("runes-and-bones"), trading) == 1.0 and ask(trading, game="runes-and-bones").matched
    assert DEALING.search("can i trade gold to another player for stars")
    assert DEALING.search("can i trade cards with the player next to me")
    assert not DEALING.search("can i swap stamina for food")


def test_a_game_that_swaps_only_its_own_things_still_never_deals():
    """Blind set 29: Hat Money's card "swap this card for an act from your hand", Kite Cutters'
    "swap heights with any kite" and Rattlebones' swapped die sides made those games count as
    trading, so "can i trade cards with another busker" got a section. Only a section titled for
    dealing, or a sentence with another player or a "cannot" in it, speaks to dealing: Comet Watch's
    charted comets "cannot be taken from you, traded or discarded"."""
    from referee.ask.unsaid import UNSAID, dealing_unsaid

    for question, game in (("can i trade cards with another busker", str(FIXTURES / "hat-money")),
                           ("can i trade cards with another flyer", str(FIXTURES / "kite-cutters")),
                           ("can players trade gold or stars with each other", "rattlebones")):
        assert dealing_unsaid(_index(game), question) == UNSAID
        answer = ask(question, game=game)
        assert not answer.matched, (question, answer.citations[0].id, answer.confidence)
    assert dealing_unsaid(_index(str(FIXTURES / "comet-watch")), "can we trade comets with each other") == 1.0
    assert dealing_unsaid(_index(str(FIXTURES / "last-trench")), "can teams swap finds with each other") == 1.0


def test_a_hand_limit_asked_of_rules_that_set_none_gets_no_good_match():
    """Blind set 28: "is there a max number of cards i can hold" found Bone Strike's card anatomy at
    0.48, though no sentence of its rules limits a hand (nor says there is no limit). Runes and
    Bones limits it ("Four runes at most", alias hand limit); Aqua Nova by "discard down to 6"."""
    from referee.ask.unsaid import UNSAID, limit_unsaid

    question = "is there a max number of cards i can hold"
    assert limit_unsaid(_index("bone-strike"), question) == UNSAID and not ask(question, game="bone-strike").matched
    kept = ask("is there a hand limit during the turns", game="runes-and-bones")
    assert kept.matched and kept.citations[0].id == "round.hand-limit"
    assert limit_unsaid(_index(str(FIXTURES / "aqua-nova")), "is there a hand limit") == 1.0
    assert limit_unsaid(_index("bone-strike"), "opening hand size") == 1.0  # no limit asked
    assert not ask("is there a hand size limit during my turn", game="bone-strike").matched  # blind set 49


def test_a_time_limit_asked_of_rules_that_time_nothing_gets_no_good_match():
    """Blind set 29: "is there a time limit on taking your turn" found Runes and Bones' hand limit
    at 0.92, by the word "limit"; no rule of it mentions a timer, minutes or seconds. Bone Strike's
    hourglass dice are no timer: asking about them is untouched."""
    from referee.ask.topics import topic_unsaid
    from referee.ask.unsaid import UNSAID

    question = "is there a time limit on taking your turn"
    assert topic_unsaid(_index("runes-and-bones"), question) == UNSAID
    assert not ask(question, game="runes-and-bones").matched
    assert topic_unsaid(_index("bone-strike"), "all three hourglass dice came up blank") == 1.0
    assert ask("whats the hourglass glaive do if time runs out", game="bone-strike").matched


def test_giving_to_or_teaming_up_with_other_players_needs_rules_that_say_so():
    """Blind set 29: "can i give stars to another player" (the starter game) and "can two buskers
    team up and split their coins" (Hat Money) got sections, though neither game's rules give to
    another player or speak of teams. A give is answered only by rules that give or offer to
    another player (Runeblade offers dice, Before the Chime gives florins "to another journeyman",
    Lantern Watch forbids it: "Nobody may give oil straight to another keeper"); a trade only by
    rules that trade, so Runeblade's offering does not answer swapping characters."""
    from referee.ask.topics import topic_unsaid
    from referee.ask.unsaid import UNSAID, dealing_unsaid

    starter = str(Path(__file__).resolve().parents[1] / "generator" / "templates" / "new-game")
    assert dealing_unsaid(_index(starter), "can i give stars to another player") == UNSAID
    assert not ask("can i give stars to another player", game=starter).matched
    assert dealing_unsaid(_index("runeblade"), "can i give my dice to someone else's roll") == 1.0
    assert dealing_unsaid(_index("runeblade"), "can we swap characters with each other") == UNSAID
    for game, question in (("before-the-chime", "can i give my spare gear to another journeyman"),
                           ("lantern-watch", "can i give my oil to another keeper")):
        assert dealing_unsaid(_index(str(FIXTURES / game)), question) == 1.0
    assert topic_unsaid(_index(str(FIXTURES / "hat-money")), "can two buskers team up and split their coins") == UNSAID
    assert topic_unsaid(_index("bone-strike"), "can we play in teams of two") == UNSAID
    assert not ask("can we play in teams of two", game="bone-strike").matched
    assert topic_unsaid(_index(str(FIXTURES / "dry-bell")), "can we play in teams") == 1.0  # its houses are teams
    assert topic_unsaid(_index("ribbon-of-bone"), "how many demons are on my team when i start") == 1.0


def test_taking_a_move_back_a_stand_in_die_or_a_redraw_need_rules_that_mention_them():
    """Blind set 29: "can i take back a card i played by mistake" (Kite Cutters), "can i use a d6 if
    i dont have a d4" and "can i redraw my starting constituents" (Ribbon of Bone) got sections,
    though no rule mentions taking back, a stand-in die or redrawing. Rules that say a thing stays
    ("Once mounted, a stamp stays for the rest of the game") speak to taking it back."""
    from referee.ask.topics import topic_unsaid
    from referee.ask.unsaid import UNSAID

    for question, game in (("can i take back a card i played by mistake", str(FIXTURES / "kite-cutters")),
                           ("can i use a d6 if i dont have a d4", "ribbon-of-bone"),
                           ("can i redraw my starting constituents if i dont like them", "ribbon-of-bone")):
        assert topic_unsaid(_index(game), question) == UNSAID, question
        assert not ask(question, game=game).matched, question
    assert topic_unsaid(_index(str(FIXTURES / "hinge-and-perforation")), "can i take a stamp back out of my album") == 1.0
    assert topic_unsaid(_index("ribbon-of-bone"), "what does each number on the d4 do") == 1.0


def test_a_game_named_in_its_own_setting_is_another_game_whatever_words_ours_use():
    """Bone Strike puts cards at risk, so the word alone does not say another game is meant;
    "in risk" and "a game of risk" do (blind set 30: Bone Strike answered "how many dice do you
    roll in risk when attacking" at 0.93)."""
    from referee.ask.intent import surely_names_other_game

    assert surely_names_other_game("how many dice do you roll in risk when attacking")
    assert surely_names_other_game("what happens if you tie in a game of risk")
    assert surely_names_other_game("how much money when you pass go")
    assert not surely_names_other_game("is my card at risk when i attack")
    assert not ask("how many dice do you roll in risk when attacking", game="bone-strike").matched
    assert not ask("how many dice do you roll in risk when attacking").matched
    # winning at a game named so (set 47's "how do you win at go" was answered at up to 0.97)
    assert surely_names_other_game("how do you win at go") and surely_names_other_game("whats the best way to win at risk")
    for game in ("bone-strike", "runes-and-bones", None):
        assert not ask("how do you win at go", game=game).matched, game
    assert not ask("how do you win at mancala", game="rattlebones").matched


def test_an_expansion_or_what_others_may_see_need_rules_that_mention_them():
    """Blind set 30: "is there an expansion with more board tiles" and "are we allowed to look at
    each others dice" (Rattlebones, 0.81) got sections, though its rules name no expansion and
    hide nothing (blind set 31: "other peoples dice", 0.81 again). Runes and Bones' spy looks at a
    hand: there the rules answer."""
    from referee.ask.topics import topic_unsaid
    from referee.ask.unsaid import UNSAID

    for question in ("is there an expansion with more board tiles", "are we allowed to look at each others dice",
                     "are we allowed to look at other peoples dice", "can i peek at anyone else's dice"):
        assert topic_unsaid(_index("rattlebones"), question) == UNSAID, question
        assert not ask(question, game="rattlebones").matched, question
    assert topic_unsaid(_index("runes-and-bones"), "does spy let me see their whole hand") == 1.0
    assert ask("does spy let me see their whole hand", game="runes-and-bones").citations[0].id == "special-runes.spy"


def test_lying_or_owning_up_needs_rules_that_mention_it():
    """Blind set 45: "do i have to tell people how many runes im holding" got Runes and Bones'
    hand limit at 0.96; its rules never speak of lying, bluffing or announcing. Hung Jury's do
    (its leanings may be lied about): there the question is theirs to answer."""
    from referee.ask.topics import topic_unsaid
    from referee.ask.unsaid import UNSAID

    for question in ("do i have to tell people how many runes im holding", "can i bluff about what runes im holding"):
        assert topic_unsaid(_index("runes-and-bones"), question) == UNSAID, question
        assert not ask(question, game="runes-and-bones").matched, question
    assert topic_unsaid(_index(str(FIXTURES / "hung-jury")), "am i allowed to lie about which side im on") == 1.0


def test_the_section_that_counts_out_the_components_is_the_box_whatever_its_title():
    """Blind set 30: Peg & Gust lists its components under "Bits and bobs"; "whats in the box" got
    no answer at all. The one top section that counts out most of game.yaml's components is the
    components section, and the list is the answer, not its first line."""
    game = str(FIXTURES / "peg-and-gust")
    assert _index(game).data("components_rule") == "in-the-box"
    boxed = ask("whats in the box", game=game)
    assert boxed.matched and boxed.citations[0].id == "in-the-box"
    assert "16 chore cards" in boxed.answer
    assert _index("bone-strike").data("components_rule") == "components"  # titled so


def test_a_shared_supply_running_out_needs_rules_that_say_what_happens():
    """Blind set 30: "is there a limit on how many thank you points there are" found Unclaimed's
    set-up at 0.71, though no rule limits its supply or says what happens when it runs out.
    Rattlebones' availability says how much there is; a player's own bones running out is the
    end of Runes and Bones, not a supply."""
    from referee.ask.topics import topic_unsaid
    from referee.ask.unsaid import UNSAID

    unclaimed = str(FIXTURES / "unclaimed")
    assert topic_unsaid(_index(unclaimed), "is there a limit on how many thank you points there are") == UNSAID
    assert not ask("is there a limit on how many thank you points there are", game=unclaimed).matched
    assert topic_unsaid(_index("rattlebones"), "what if the bank runs out of gold?") == 1.0
    assert topic_unsaid(_index("runes-and-bones"), "what happens when i run out of bones") == 1.0


def test_an_irregular_past_reads_as_its_verb():
    """"the deck ran out": the porter stemmer leaves "ran", "took", "got" apart from run, take and
    get, so they counted as words the game never uses (Hat Money's deck running out got no answer)."""
    from referee.ask.text import canonical

    assert [canonical(t, t) for t in ("ran", "took", "gave", "given", "kept", "got", "made")] == \
        ["run", "take", "give", "give", "keep", "get", "make"]
    ran = ask("the deck ran out, what now", game=str(FIXTURES / "hat-money"))
    assert ran.matched and ran.citations[0].id == "the-day.pack-up"


def test_a_game_that_finishes_is_one_that_ends_or_runs_out():
    """Blind set 30: the starter game's "when does the game finish" got no answer at all (0.00):
    its rules say the game is won "when the deck runs out", never "finish" or "end"."""
    finish = ask("when does the game finish", game=str(Path(__file__).resolve().parents[1] / "generator" / "templates"
                                                    / "new-game"))
    assert finish.matched and finish.citations[0].id == "goal"


def test_a_name_the_rules_set_in_bold_is_defined_where_they_first_do():
    """Tilt & Flipper has no glossary: its opening section says whoever did most of the work
    on a machine owns its high score "(that's **Buzz**)". "whats buzz" is answered there (it
    was a machine card saying "**4 Buzz.**", then the machines section). Bold that is no name
    (a number, a sentence of emphasis) defines nothing."""
    tilt = str(FIXTURES / "tilt-and-flipper")
    answer = ask("whats buzz", game=tilt)
    assert answer.matched and answer.citations[0].id == "whats-the-deal" and answer.card is None
    bold = dict(_index(tilt).con.execute("SELECT label, rule FROM phrases WHERE kind = 'bold-term'"))
    assert bold["Buzz"] == "whats-the-deal"
    assert not [label for label in bold if any(c.isdigit() for c in label) or len(label.split()) > 3]


def test_changing_your_mind_asks_whether_a_move_can_be_taken_back():
    """"can i pull my part back out of a machine if i change my mind" (Tilt & Flipper: "Once a
    part is in a machine you can't just take it back out") was "no good match" at 0.12: "pull"
    and "mind" are no words of the game's. "Pull" is table talk for take, and changing your mind
    asks whether a move can be taken back; Kettle Hollow's kettle likewise."""
    tilt = ask("can i pull my part back out of a machine if i change my mind", game=str(FIXTURES / "tilt-and-flipper"))
    assert tilt.matched and tilt.citations[0].id == "your-shift.tinker"
    kettle = ask("can i take a card back out of my kettle if i change my mind", game=KETTLE)
    assert kettle.matched and kettle.citations[0].id == "kettle"


def test_a_card_found_by_the_search_shows_the_numbers_on_its_face():
    """Strip the Willow's Highland Fling costs 3 beats, a number in its corner, not in its text
    (blind set 35: "how many beats is highland fling" was answered "Gain 4 star"): the card's
    answer names its kind and numbers as its face shows them, and counts its icons."""
    answer = ask("how many beats is highland fling", game=str(FIXTURES / "strip-the-willow"))
    assert answer.card is not None and answer.card["id"] == "highland-fling"
    assert answer.answer.startswith("Highland Fling (Step - Puff, cost 3): Gain 4 stars.")


def test_the_opening_hand_is_the_deal_at_the_start_not_the_deck():
    """Strip the Willow deals 5 step cards to each couple from a deck of 33 (blind set 35:
    "how many step cards in the opening hand" was answered with the 33)."""
    answer = ask("how many step cards in the opening hand", game=str(FIXTURES / "strip-the-willow"))
    assert answer.matched and answer.citations[0].id == "hall"
    assert "deal 5 cards" in answer.answer and "33" not in answer.answer


def test_a_limit_said_without_its_thing_is_read_under_the_thing_s_title():
    """Hung Jury's "Coffee" section says "You can never hold more than 5.", never naming coffee
    there: the title names the thing limited (blind set 35's "whats the most coffee you can have"
    was answered by the set-up's 3 coffee tokens)."""
    answer = ask("whats the most coffee you can have", game=str(FIXTURES / "hung-jury"))
    assert answer.citations[0].id == "coffee" and answer.answer == "You can never hold more than 5."


def test_a_set_up_is_known_by_saying_it_comes_before_play():
    """Pinch & Wire titles its set-up "Potting up", whose text opens "Do this once, before the
    first spring.": it is the set-up, where everyone's 3 water drops are (blind set 33's "how
    much water does everyone start with" got the Watering Can, whose "Can" no question says)."""
    index = _index(str(FIXTURES / "pinch-and-wire"))
    assert index.data("setup_rule") == "potting-up"
    answer = ask("how much water does everyone start with", game=str(FIXTURES / "pinch-and-wire"))
    assert answer.citations[0].id == "potting-up.your-tree" and "3 water drops" in answer.answer
    assert answer.card is None
    from types import SimpleNamespace

    from referee.ask.answers.records import _little_words_said

    def said_in(question: str, name: str) -> bool:
        return _little_words_said(SimpleNamespace(query=SimpleNamespace(tokens=question.split())), name)

    assert not said_in("how much water does everyone start with", "Watering Can")
    assert said_in("can i use the watering can twice", "Watering Can")
    assert said_in("what does mayor do", "The Mayor")  # a leading "the" need not be said


def test_before_or_after_asks_the_order_and_is_no_word_the_game_lacks():
    """The starter's turn says "Roll the die ... Then play one card", never "before" or "after":
    "do i roll the die before or after playing a card" asks the order of the turn, and those
    two words no longer mark it as another game's question (it got "no good match")."""
    starter = str(REPO / "generator" / "templates" / "new-game")
    answer = ask("do i roll the die before or after playing a card", game=starter)
    assert answer.matched and answer.citations[0].id == "turn"
    assert not ask("do you shuffle before or after dealing in poker", game=starter).matched


def test_a_holding_limit_is_read_with_the_sentences_before_it():
    """Cold Spots' "Topping up" says "draw cards until you have 3 in your hand ... You can never hold
    more than 5": the limit names no thing, the sentences before it name the hand, and the rules
    never say "limit" (blind set 36's "whats the hand limit" got no good match at 0.01)."""
    from referee.ask.unsaid import limit_unsaid

    game = str(FIXTURES / "cold-spots")
    assert limit_unsaid(_index(game), "whats the hand limit") == 1.0
    answer = ask("whats the hand limit", game=game)
    assert answer.matched and answer.source == "data:limit"
    assert answer.citations[0].id == "on-your-go.topping-up" and answer.answer.startswith("You can never hold more than 5")
    # a limit that names the thing itself still wins over one borrowing it ("can't ever have more than 8")
    assert ask("what's the most nerve i can have", game=game).citations[0].id == "nerve"


def test_what_the_game_is_about_is_its_opening_section(tmp_path):
    """A rulebook opens with what the game is and what you are after, in its designer's words
    ("What's going on", "The point of it all"): asked what the game is about, its idea or its
    goal, that opening answers (blind set 36's "whats this game about" had found Cold Spots'
    "Sunrise" at 0.81; Kite Cutters' whole question was words its rules never use)."""
    for game, opening, question in ((str(FIXTURES / "cold-spots"), "the-pitch", "whats this game about"),
                                    (str(FIXTURES / "kite-cutters"), "the-point", "whats this game about"),
                                    (str(FIXTURES / "kite-cutters"), "the-point", "whats the point of kite cutters"),
                                    ("rattlebones", "overview", "whats the basic idea of rattlebones"),
                                    ("runeblade", "overview", "whats this game about in a nutshell"),
                                    ("rattlebones", "overview", "quick summary of what rattlebones is about?"),
                                    ("runeblade", "overview", "what's runeblade about"),  # had found the Blade
                                    ("runeblade", "overview", "what is runeblade even about")):
        answer = ask(question, game=game)
        assert (answer.source, answer.citations[0].id) == ("data:overview", opening), (game, question)
        assert answer.matched
    assert ask("whats this game about", game=str(FIXTURES / "cold-spots")).answer.startswith("Harrowgate Hall is")
    # asked the goal, the opening's sentence on winning, not its first
    assert ask("whats the goal", game="rattlebones").answer.endswith("the player with the most points wins.")
    # a particular thing's point is no question of the whole game
    assert ask("whats the point of changing the sides on the dice", game="rattlebones").source != "data:overview"
    # a game that opens with its set-up has no opening to quote
    game = tmp_path / "setup-first"
    shutil.copytree(REPO / "generator" / "templates" / "new-game", game)
    rules = yaml.safe_load((game / "rules.yaml").read_text())
    rules["rules"].sort(key=lambda section: section["id"] != "setup")
    (game / "rules.yaml").write_text(yaml.safe_dump(rules, sort_keys=False))
    assert ask("whats this game about", game=str(game)).source != "data:overview"


def test_a_card_s_own_words_cover_a_question_as_a_glossary_entry_s_do():
    """Cold Spots' Cellar card says "Coming down the stairs into the Cellar costs 1 nerve": its text
    covers "does it cost nerve to go down into the cellar" as well as a glossary entry's would
    (only its name used to count, and the buddy system's "nerve ... cost" won at 0.57). Shell
    Sprint's "salt card" likewise is the Salt Line, by the words on it."""
    answer = ask("does it cost nerve to go down into the cellar", game=str(FIXTURES / "cold-spots"))
    assert answer.matched and answer.card is not None and answer.card["id"] == "cellar"
    assert "costs 1 nerve" in answer.answer
    answer = ask("what does the salt card do", game=str(FIXTURES / "shell-sprint"))
    assert answer.matched and answer.card is not None and answer.card["id"] == "salt-line"
    # ... read from the card itself, the one whose name holds "salt", whatever the re-ranker's fit
    # makes of the Nursery's "salt lines cannot be laid there" (a refit put it first)
    assert answer.source == "data:card" and answer.answer.startswith("Salt Line (Trick")


def test_of_two_limits_in_a_section_the_one_on_what_is_asked_answers():
    """Canary Seam's "Tools" says "You can play as many as you like in your shift" before "You can
    hold 3 tools in your hand at most": asked how many tools can be held, the second answers
    (blind set 36 got the first)."""
    answer = ask("how many tools can i hold", game=str(FIXTURES / "canary-seam"))
    assert answer.source == "data:limit" and answer.answer.startswith("You can hold 3 tools")


def test_table_talk_for_moving_barging_and_flipping_is_read_in_the_rules_words():
    """Double Gloucester says runners "end" on a row, "tumble" and "barge", never "land", "fall" or
    "knock": read as table talk for those (blind set 37's two such questions got no good match
    at 0.04 and 0.08); a game that says "land" itself keeps it."""
    game = str(FIXTURES / "double-gloucester")
    knock = ask("i landed on the same row as sam, can i knock him over", game=game)
    assert knock.matched and knock.citations[0].id == "bumping"
    assert knock.corrected.get("knock") == "bump" and knock.corrected.get("landed") == "ended"
    hurl = ask("if i hurl myself and dont fall how far do i get", game=game)
    assert hurl.matched and hurl.citations[0].id == "a-round.your-go.hurl"
    assert "lands" not in ask("what if my monkey lands on a gold space", game="rattlebones").corrected  # its own word
    # cards "flipped" are turned over, a thing done "during" a step is done in it
    assert ask("when do we flip a tremor card", game=str(FIXTURES / "cinder-shore")).citations[0].id == "round.eruption"
    assert ask("what can i do during route", game="bone-strike").citations[0].id == "turn.route"
    stick = ask("i got a gold side from a space, can i stick it on my other die instead", game="rattlebones")
    assert stick.matched and stick.citations[0].id == "turn.fitting-sides"


def test_co_op_asks_whether_the_players_work_together():
    """"Is this co-op?" is the rules' "work together": Cinder Shore's aim says everyone wins or
    loses together (it was "no good match")."""
    answer = ask("is this co-op or does someone win alone", game=str(FIXTURES / "cinder-shore"))
    assert answer.matched and answer.citations[0].id == "aim"


def test_in_effect_is_an_idiom_and_staying_in_effect_is_lasting():
    """"How long does an editors note stay in effect": "in effect" named no other game (it was
    read as "... in <a game>", kept at 0.15 of its confidence), and staying in effect is lasting,
    the word Ink & Gutter's Editor's Note uses ("it lasts until the end of the round")."""
    answer = ask("how long does an editors note stay in effect", game=str(FIXTURES / "ink-and-gutter"))
    assert answer.matched and answer.citations[0].id == "a-round-in-the-studio.editors-note"
    assert "lasts until the end of the round" in answer.answer


def test_a_fellow_player_called_by_name_is_no_word_the_rules_lack():
    """"me and sam both got 4 skips": sam is a player, and counted as a word Skimstone never uses
    it made the question look a fifth off-topic (blind set 93's "me and jo both have 3 punches"
    fell to "no good match"). A word beside "and i" stays a word: "rain poured and i have"."""
    skim = ask("me and sam both got 4 skips, best throw of the outing, who gets the ripple bonus",
               game=str(FIXTURES / "skimstone"))
    assert skim.citations[0].id == "ripple-bonus" and skim.signals["unknown"] == 0
    dusk = ask("it got dark and me and jo both have 3 punches, who wins", game=str(FIXTURES / "bramble-and-bearing"))
    assert dusk.signals["unknown"] == 0
    rain = ask("rain poured and i have matches and a hammock with no pegs, which goes", game=str(FIXTURES / "guy-ropes"))
    assert rain.signals["unknown"] >= 1  # "poured", no name


def test_a_card_named_in_full_is_shown_unsure_rather_than_no_match():
    """"how far can i move with dash" (asked of the starter in fourteen blind sets): Dash moves
    nobody, and "move" is no word of the starter, so it was "no good match"; the card the question
    names is what it is about, shown at the lowest confidence an answer has."""
    starter = str(Path(__file__).resolve().parents[1] / "generator" / "templates" / "new-game")
    dash = ask("how far can i move with dash", game=starter)
    assert dash.matched and dash.source == "card" and dash.card["name"] == "Dash"
    assert dash.confidence == THRESHOLD
    assert not ask("how far can i move with a dash of salt in monopoly", game=starter).matched


def test_a_piece_named_in_a_yes_or_no_question_is_no_answer_in_itself():
    """"does the guy in my chair get huff tokens too" cited the box's contents ("30 Huff tokens."),
    and "we lost some spanner tokens, can we use coins instead" was answered by the kit list; a
    piece named in a yes-or-no or what-happens question sets the scene. "how many huff tokens are
    there" is still the box's."""
    barber = str(FIXTURES / "short-back-and-sides")
    huff = ask("does the guy in my chair get huff tokens too", game=barber)
    assert huff.citations[0].id == "half-hour.tick-tock"
    assert not ask("we lost some spanner tokens, can we use coins instead", game=str(FIXTURES / "nacelle-shift")).matched
    assert ask("how many huff tokens are there", game=barber).answer.startswith("30 Huff tokens")
