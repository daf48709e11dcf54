"""The shared move path of every engine (play.py): the per-move random generator, the state copy,
and the playout's checks, with a tiny engine of our own so a failure points here, not at a game."""
from __future__ import annotations

import random

import pytest

from referee.table.engine import Engine, Outcome
from referee.table.gamedata import GameData
from referee.table.play import PlayoutError, SeededOnFirstDraw, attempt, clone, json_problem, move_rng, playout

DRAWS = (
    lambda r: r.random(), lambda r: r.randrange(7), lambda r: r.choice("abcdefg"),
    lambda r: r.sample(range(50), 5), lambda r: r.getrandbits(40), lambda r: r.randint(1, 6),
    lambda r: r.gauss(0, 1), lambda r: r.uniform(2, 3), lambda r: r.shuffle(cards := list(range(20))) or cards,
)


@pytest.mark.parametrize("first", range(len(DRAWS)))
def test_move_rng_draws_as_random_seeded_from_the_same_text(first):
    for seed in range(40):
        eager, late = random.Random(f"{seed}:{first}"), move_rng(seed, first)
        assert isinstance(late, SeededOnFirstDraw)
        order = [DRAWS[(first + k) % len(DRAWS)] for k in range(7)]
        assert [draw(eager) for draw in order] == [draw(late) for draw in order]
    assert move_rng(3, 4).getstate() == random.Random("3:4").getstate()
    reseeded = move_rng(3, 4)
    reseeded.seed(99)
    assert reseeded.random() == random.Random(99).random()


def test_clone_is_deep_and_shares_nothing():
    shared = [1, 2]
    state = {"a": shared, "b": shared, "c": {"d": [{"e": None, "f": True, "g": 1.5, "h": "x"}]}}
    copy = clone(state)
    assert copy == state
    copy["a"].append(3)
    copy["c"]["d"][0]["e"] = 1
    assert state == {"a": [1, 2], "b": [1, 2], "c": {"d": [{"e": None, "f": True, "g": 1.5, "h": "x"}]}}
    assert copy["b"] == [1, 2]  # JSON has no shared parts: neither has the copy


def test_json_problem_names_what_a_session_could_not_store():
    assert json_problem({"a": [1, "x", None, {"b": False}]}) is None
    assert json_problem({"a": (1, 2)}) is not None
    assert json_problem({1: "x"}) is not None
    assert "not JSON" in json_problem({"a": {1, 2}})


class Countdown(Engine):
    """Take one or two from a pile until it is empty; ``bad_at`` puts a tuple in the state."""

    game_id = "countdown"
    bad_at = -1

    def setup(self, players, options, digital, rng):
        return {"pile": 40, "player": players[0], "log": []}

    def check(self, state, move):
        pass

    def apply(self, state, move):
        state["pile"] -= move["take"]
        state["log"] = (1, 2) if state["pile"] == self.bad_at else [move["take"]]
        return []

    def notation(self, move):
        return f"take {move['take']}"

    def legal_moves(self, state):
        return [{"player": state["player"], "kind": "take", "take": n} for n in (1, 2) if n <= state["pile"]]

    def outcome(self, state):
        return Outcome((state["player"],), "pile empty") if state["pile"] == 0 else None


def test_playout_catches_a_state_that_stops_being_json():
    engine = Countdown(GameData({"id": "countdown", "title": "Countdown", "players": {"min": 1, "max": 1}}))
    state, history = playout(engine, ["ana"], {}, seed=1)
    assert state["pile"] == 0 and len(history) >= 20
    engine.bad_at = 0  # only the final state: found by the check at the end
    with pytest.raises(PlayoutError, match="at the end: not JSON"):
        playout(engine, ["ana"], {}, seed=1)


def test_json_problem_finds_a_part_held_twice():
    shared = {"n": 1}
    assert "two places" in json_problem({"a": shared, "b": [shared]})
    assert json_problem({"a": {"n": 1}, "b": [{"n": 1}]}) is None


def test_attempt_in_place_changes_only_the_given_state():
    engine = Countdown(GameData({"id": "countdown", "title": "Countdown", "players": {"min": 1, "max": 1}}))
    state = engine.setup(["ana"], {}, True, random.Random(1))
    kept = attempt(engine, state, {"player": "ana", "kind": "take", "take": 2}, move_rng(1, 0))
    assert state["pile"] == 40 and kept.state["pile"] == 38
    moved = attempt(engine, state, {"player": "ana", "kind": "take", "take": 1}, move_rng(1, 1), in_place=True)
    assert moved.state is state and state["pile"] == 39


@pytest.mark.parametrize("game", ["bone-strike", "runeblade"])
def test_playout_moves_are_the_legal_moves_without_their_words(game):
    """An engine's playout_moves (what a playout picks among) lists its legal_moves, in the same
    order, less only the words a person reads ("said"): along a seeded game, at every ply."""
    from generator.model.loader import load_game
    from referee.games import engine_for
    from referee.table.gamedata import snapshot
    from referee.table.play import setup_rng

    engine = engine_for(game)(GameData(snapshot(load_game(game))))
    state = engine.setup(["ana", "ben", "cy"], {}, True, setup_rng(7))
    choose = random.Random(7)
    listed = 0
    for ply in range(300):
        if engine.outcome(state) is not None:
            break
        legal = engine.legal_moves(state)
        listed += len(legal)
        assert engine.playout_moves(state) == [{k: v for k, v in m.items() if k != "said"} for m in legal], ply
        move = choose.choice(legal)
        state = attempt(engine, state, move, move_rng(7, ply), in_place=True).state
    assert listed > 300  # a game of some length, with choices along it


def test_playouts_on_a_pool_end_as_they_do_in_one_process():
    """run_playouts on worker processes (the tests under xdist play in their own process,
    tests/playouts.py): each worker builds the engine again from the game's data, and every
    seeded game must still end in the same final state, in the order asked."""
    from generator.model.loader import load_game
    from referee.games import engine_for
    from referee.table.gamedata import snapshot
    from referee.table.play import run_playouts

    engine = engine_for("runes-and-bones")(GameData(snapshot(load_game("runes-and-bones"))))
    games = [(["ana", "ben", "cy"][: 2 + seed % 2], {}, seed) for seed in range(6)]
    alone, pooled = run_playouts(engine, games, workers=1), run_playouts(engine, games, workers=2)
    assert [r.seed for r in pooled] == list(range(6))
    assert pooled == alone
    assert len({r.moves for r in alone}) > 1  # six different games, not one played six times
