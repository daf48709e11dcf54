"""The Runes and Bones referee: situations from the rulebook, replayed games, the notation round
trip, seeded random playouts with invariants, and every cited rule id existing in rules.yaml."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.model.loader import load_game
from referee.games import engine_for
from referee.table.engine import Illegal, Unreadable
from referee.table.gamedata import GameData, snapshot
from referee.table.play import attempt, move_rng, playout, run_playouts, setup_rng
from tests.playouts import FULL, playout_count, playout_workers, spread
from tests.situations.runner import load_situations

GAME = "runes-and-bones"
HERE = Path(__file__).resolve().parent
TRANSCRIPTS = sorted((HERE / "transcripts" / GAME).glob("*.yaml"))
SITUATIONS = load_situations(GAME)
ENGINE_DIR = HERE.parent / "referee" / "games" / "runes_and_bones"


@pytest.fixture(scope="module")
def data():
    return GameData(snapshot(load_game(GAME)))


@pytest.fixture(scope="module")
def engine(data):
    return engine_for(GAME)(data)


def play(engine, players, moves, options=None, digital=False, seed=1):
    state = engine.setup(players, options or {}, digital, setup_rng(seed))
    for ply, said in enumerate(moves):
        state = attempt(engine, state, said, move_rng(seed, ply)).state
    return state


# -- situations --------------------------------------------------------------------------------
# -- the issue's own example -------------------------------------------------------------------
def test_the_issue_example(engine):
    state = play(engine, ["ana", "ben", "cy"], ["ana plays fire axe", "ben plays water shield"])
    assert state["winning"] == {"rune": "water-shield", "player": "ben"}
    what_if = attempt(engine, state, "cy plays earth axe", move_rng(1, 2))
    assert what_if.state["winning"]["player"] == "cy" and state["winning"]["player"] == "ben"
    state = attempt(engine, state, "cy passes", move_rng(1, 2)).state
    assert state["bones"]["cy"] == 9 and state["pot"] == 4
    after = attempt(engine, state, "ana plays skull on ben", move_rng(1, 3))
    assert after.state["bones"]["ana"] == 13
    # ben's water shield was still winning when his turn came: he takes the pot of 4 (10 - 3 + 4).
    assert after.state["bones"]["ben"] == 11 and after.state["bag_holder"] == "ben"
    status = engine.status(after.state)
    assert status.data["pot"] == 0 and status.data["to_act"] == ["ben"]
    assert "hands" not in status.data  # a physical table: the referee only counts hands


def test_digital_hands_are_secret_and_shown_one_player_at_a_time(engine):
    state = play(engine, ["ana", "ben"], [], digital=True, seed=5)
    status = engine.status(state)
    assert "hands" not in status.data and engine.secret(state)
    hands = {p: engine.hand(state, p) for p in ("ana", "ben")}
    assert all(len(h) == 3 for h in hands.values())
    shown = " ".join(status.lines)
    assert not any(rune in shown for hand in hands.values() for rune in hand)
    physical = play(engine, ["ana", "ben"], [], digital=False, seed=5)
    assert not engine.secret(physical) and engine.hand(physical, "ana") is None


# -- rulings the data decides ----------------------------------------------------------------------
def test_setup_counts_come_from_the_data(engine, data):
    state = play(engine, ["ana", "ben", "cy", "dan"], [])
    assert state["pot"] == 4 * data.value("first-pot-per-player")
    assert all(b == data.value("starting-bones") for b in state["bones"].values())
    assert state["bag"] == 45 - 4 * data.value("starting-runes")
    assert state["total"] == 200 and not engine.invariants(state)


def test_special_amounts_agree_with_the_values(data):
    rows = data.records("special-runes")
    for rune, value in [("skull", "skull-steal"), ("thief", "thief-take"), ("banners", "banners-draw"),
                        ("da-jhurga", "da-jhurga-take")]:
        assert rows[rune]["amount"] == data.value(value)


def test_beating_cycles(engine):
    runes = engine.runes
    assert runes.beats("water-axe", "fire-axe") == (True, "beating.element")
    assert runes.beats("earth-axe", "water-shield") == (True, "beating.element")
    assert runes.beats("fire-axe", "earth-axe") == (True, "beating.element")
    assert runes.beats("fire-axe", "water-axe") == (False, "beating.element")
    assert runes.beats("fire-arrow", "fire-axe") == (True, "beating.weapon")
    assert runes.beats("fire-shield", "fire-axe") == (False, "beating.weapon")
    assert runes.beats("fire-axe", "fire-axe") == (False, "beating.identical")


def test_rising_cost_raises_prices(engine):
    state = play(engine, ["ana", "ben"], ["ana plays fire axe", "ben folds"], options={"rising-cost": "round"})
    assert engine.status(state).data["price"] == {"rune": 2, "trade": 2}
    after = attempt(engine, state, "ana buys 2", move_rng(1, 2)).state
    assert after["bones"]["ana"] == 12 - 4


def test_invariants_can_fail(engine):
    state = play(engine, ["ana", "ben"], [])
    state["bones"]["ana"] += 1
    state["bag"] -= 1
    broken = engine.invariants(state)
    assert any("bones" in b for b in broken) and any("runes" in b for b in broken)


def test_bad_setups_are_refused(engine):
    with pytest.raises(ValueError):
        engine.setup(["ana"], {}, False, setup_rng(1))
    with pytest.raises(ValueError):
        engine.setup(["ana", "ben"], {"bag-holder": "zed"}, False, setup_rng(1))
    with pytest.raises(ValueError):
        engine.setup(["ana", "ben"], {"rising-cost": "sometimes"}, False, setup_rng(1))


def test_digital_trade_must_name_runes(engine):
    state = play(engine, ["ana", "ben"], ["ana folds", "ben folds"], digital=True)
    with pytest.raises(Unreadable):
        engine.parse(state, "ana trades 2")


def test_illegal_message_is_one_sentence(engine):
    state = play(engine, ["ana", "ben", "cy"], [])
    with pytest.raises(Illegal) as caught:
        attempt(engine, state, "ben passes", move_rng(1, 0))
    assert caught.value.rule == "round.turns" and "." not in str(caught.value).rstrip(".")


def test_examples_and_forgiving_spellings_parse(engine):
    state = play(engine, ["ana", "ben", "cy"], [])
    for text, _meaning in engine.examples:
        assert engine.parse(state, text)["player"] in ("ana", "ben", "cy"), text
    same = [
        ("Ana: play the Fire-Axe", "ana plays fire axe"),
        ("ana plays axe of fire", "ana plays fire axe"),
        ("ben plays FIRE AXE, pays", "ben plays fire axe and buys the win"),
        ("ana plays jhurga from ben & cy", "ana plays da jhurga from ben and cy"),
        ("ana plays da-jhurga from ben", "ana plays da jhurga from ben twice"),
        ("ana plays spy on ben, takes skull on cy", "ana plays spy on ben taking skull on cy"),
        ("ana buys two runes", "ana buys 2"),
        ("ana ready", "ana is done"),
        ("ana plays the banner", "ana plays banners"),
    ]
    for said, written in same:
        assert engine.notation(engine.parse(state, said)) == written, said
    for nonsense in ("ana plays", "ana dances", "ana plays skull", "ana plays fire axe on ben",
                     "ana plays da jhurga from ben cy ana", "ana buys some"):
        with pytest.raises(Unreadable):
            engine.parse(state, nonsense)


# -- transcripts ----------------------------------------------------------------------------------
def test_there_are_transcripts():
    assert len(TRANSCRIPTS) >= 2


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_transcript(engine, path):
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    seed = record.get("seed", 1)
    state = engine.setup(record["players"], record.get("options") or {}, record.get("digital", False),
                         setup_rng(seed))
    for ply, said in enumerate(record["moves"]):
        assert engine.outcome(state) is None, f"game over before move {ply}: {said}"
        state = attempt(engine, state, said, move_rng(seed, ply)).state
        assert not engine.invariants(state), (said, engine.invariants(state))
    outcome = engine.outcome(state)
    assert outcome is not None
    assert list(outcome.winners) == record["winners"]
    assert outcome.scores == record["scores"]


# -- notation round trip ----------------------------------------------------------------------------
def _states_along(engine, players, options, digital, seed, every=3):
    state = engine.setup(players, options, digital, setup_rng(seed))
    import random
    choose = random.Random(seed)
    for ply in range(400):
        if engine.outcome(state) is not None:
            return
        if ply % every == 0:
            yield state
        move = choose.choice(engine.legal_moves(state))
        state = attempt(engine, state, move, move_rng(seed, ply)).state


@pytest.mark.parametrize("digital", [True, False], ids=["digital", "physical"])
def test_notation_round_trip(engine, digital):
    checked = 0
    for seed in range(4):
        for state in _states_along(engine, ["ana", "ben", "cy"], {}, digital, seed, every=7 if digital else 15):
            for move in engine.legal_moves(state):
                text = engine.notation(move)
                assert engine.parse(state, text) == move, text
                checked += 1
    assert checked > 300


# -- the fast paths agree with the plain ones --------------------------------------------------
LEGAL_MIXES = ((["ana", "ben", "cy"], {}), (["ana", "ben", "cy", "dan"], {"rising-cost": "round"}),
               (["ana", "ben", "cy"], {"late-game-cost": True, "no-reshuffle": True}))


@pytest.mark.parametrize("digital", [True, False], ids=["digital", "physical"])
def test_legal_moves_match_check(engine, digital):
    """legal_moves judges one trade or discard of each count for all the others of that count
    (they differ only in which runes of the hand they name), and one play for all the others
    that do or do not buy the win: it lists exactly the moves that checking each one by one
    keeps, in the same order."""
    from referee.table.engine import Illegal

    def allowed(state, move):
        try:
            engine.check(state, move)
        except Illegal:
            return False
        return True

    pre_states = turn_states = 0
    for seed, (players, options) in enumerate(LEGAL_MIXES * 2):
        for state in _states_along(engine, players, options, digital, seed, every=1):
            if state["phase"] == "pre":
                pre_states += 1
                every = list(engine._pre_moves(state, state["actor"]))
            else:
                turn_states += 1
                every = list(engine._turn_moves(state, state["actor"]))
            assert engine.legal_moves(state) == [m for m in every if allowed(state, m)]
    assert pre_states > 50 and turn_states > 50


def test_resolve_draws_as_carrying_out_the_move_would(engine):
    """resolve fills in draws on a scratch copy of only what the move's own effect changes: the
    runes it fills in are those carrying the move out on a copy of the whole state would draw
    from the same generator, and the state is left as it was."""
    import json
    import random

    from referee.games.runes_and_bones import rules
    from referee.table.play import clone

    resolved = 0
    for seed, (players, options) in enumerate(LEGAL_MIXES * 2):
        for state in _states_along(engine, players, options, True, seed, every=1):
            before = json.dumps(state, sort_keys=True)
            for k, move in enumerate(engine.legal_moves(state)):
                mine = engine.resolve(state, move, random.Random(k))
                if mine is move:
                    continue
                whole = clone(move)
                rules.apply(engine.runes, clone(state), whole, random.Random(k))
                assert mine == whole, move
                resolved += 1
            assert json.dumps(state, sort_keys=True) == before
    assert resolved > 500


# -- playouts -------------------------------------------------------------------------------------
PLAYOUT_MIX = (
    # (how many, players, options): 1,000 games in all, weighted to keep the run short (longer
    # games with 4-6 players come in the six-round mix, which ends after six rounds).
    (400, ["ana", "ben"], {}),
    (250, ["ana", "ben", "cy"], {}),
    (60, ["ana", "ben", "cy"], {"no-reshuffle": True, "late-game-cost": True}),
    (40, ["ana", "ben", "cy"], {"rising-cost": "elimination", "bag-holder": "cy"}),
    (150, ["ana", "ben", "cy", "dan"], {"six-rounds": True}),
    (70, ["ana", "ben", "cy", "dan", "eve"], {"six-rounds": True, "rising-cost": "round"}),
    (30, ["ana", "ben", "cy", "dan", "eve", "fay"], {"six-rounds": True}),
)


def test_thousand_random_playouts(engine):
    assert sum(n for n, _, _ in PLAYOUT_MIX) == FULL
    games = [(players, options, seed) for seed, (players, options) in
             enumerate((p, o) for count, p, o in PLAYOUT_MIX for _ in range(count))]
    results = run_playouts(engine, spread(games), workers=playout_workers())
    assert len(results) == playout_count()
    for result in results:
        assert result.outcome and result.outcome.winners, result.seed


@pytest.mark.parametrize("players", [4, 6])
def test_full_games_with_many_players(engine, players):
    for seed in range(3):
        state, _ = playout(engine, ["ana", "ben", "cy", "dan", "eve", "fay"][:players], {}, 5000 + seed)
        assert engine.outcome(state).rule == "end"


def test_physical_playouts(engine):
    for seed in range(15):
        state, _ = playout(engine, ["ana", "ben", "cy"], {}, 9000 + seed, digital=False)
        assert engine.outcome(state) is not None


# -- cited rules exist ------------------------------------------------------------------------------
