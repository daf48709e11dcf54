"""The Rattlebones referee: situations from the rulebook, replayed games, the notation round
trip, seeded random playouts with invariants, and every cited rule id."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from generator.model.loader import load_game
from referee.games import engine_for
from referee.table.engine import Illegal
from referee.table.gamedata import GameData, snapshot
from referee.table.play import attempt, move_rng, run_playouts, setup_rng
from tests.playouts import FULL, playout_count, playout_workers, spread
from tests.situations.runner import load_situations

GAME = "rattlebones"
TRANSCRIPTS = Path(__file__).parent / "transcripts" / GAME
ENGINE_DIR = Path(__file__).resolve().parents[1] / "referee" / "games" / "rattlebones"
# Random games run about 500 moves: 1,000 of them take about 30 s of CPU, spread over the cores by
# run_playouts (or by xdist: tests/playouts.py).
PLAYOUTS = playout_count()  # 1,000 in CI; tests/playouts.py


@pytest.fixture(scope="module")
def engine():
    data = GameData(snapshot(load_game(GAME)))
    return engine_for(GAME)(data)


SITUATIONS = load_situations(GAME)


def test_registry_resolves(engine):
    from referee.games.rattlebones import Rattlebones
    assert engine_for(GAME) is Rattlebones


# -- set-up -----------------------------------------------------------------------------------
def test_setup_follows_the_data(engine):
    f = engine.facts
    for n in (2, 3, 4):
        players = ["ana", "ben", "cy", "dee"][:n]
        s = engine.setup(players, {}, True, setup_rng(n))
        assert s["rattlebones"] == engine.data.chart("rattlebones-start")[n]
        assert len(s["tiles"]) == engine.data.value("tiles-in-play") and len(set(s["tiles"])) == len(s["tiles"])
        assert s["train"] == engine.data.value("train-start-space")
        assert s["supply"]["stock"] == (engine.data.value("stock-tickets") if "stock" in s["tiles"] else 0)
        for p in players:
            for sides in s["dice"][p].values():
                assert sides.split() == ["rattlebones", "pips-2", "pips-3", "pips-4", "pips-5", "pips-6"]
        assert engine.invariants(s) == []
        assert set(s["supply"]["sides"]) | ({"points"} if s["supply"]["points"] else set()) == set(s["kinds"])
        assert len(s["board"]) == f.loop_len


def test_tiles_option_lays_tiles_in_slot_order(engine):
    s = engine.setup(["ana", "ben"], {"tiles": "gold,star,thief,arrow,stock,x2,gamble"}, False, setup_rng(1))
    assert [s["board"][i] for i in engine.facts.slots] == ["gold", "star", "thief", "arrow", "stock", "double", "gamble"]
    assert "thief" in s["supply"]["sides"] and "place-points" not in s["supply"]["sides"]
    assert s["gamble"] and s["supply"]["stock"] == 5
    with pytest.raises(Illegal) as bad:
        engine.setup(["ana", "ben"], {"tiles": "gold,star"}, False, setup_rng(1))
    assert bad.value.rule == "setup.board"
    with pytest.raises(Illegal):
        engine.setup(["ana", "ben"], {"tiles": "gold,star,thief,arrow,stock,x2,banana"}, False, setup_rng(1))


# -- the notation -----------------------------------------------------------------------------
def test_notation_round_trip(engine):
    checked = 0
    for seed in range(8):
        state = engine.setup(["ana", "ben", "cy"][: 2 + seed % 2], {}, seed % 2 == 0, setup_rng(seed))
        choose = random.Random(seed)
        for ply in range(400):
            if engine.outcome(state):
                break
            legal = engine.legal_moves(state)
            for move in legal:
                assert engine.parse(state, engine.notation(move)) == move, engine.notation(move)
                checked += 1
            state = attempt(engine, state, choose.choice(legal), move_rng(seed, ply)).state
    assert checked > 1000


def test_examples_parse(engine):
    state = engine.setup(["ana", "ben", "cy"], {}, False, setup_rng(1))
    for example, _meaning in engine.examples:
        move = engine.parse(state, example)
        assert move["player"] == "ana" and move["kind"]


# -- complete games ---------------------------------------------------------------------------
TRANSCRIPT_FILES = sorted(TRANSCRIPTS.glob("*.yaml"))


def test_at_least_two_transcripts():
    assert len(TRANSCRIPT_FILES) >= 2


@pytest.mark.parametrize("path", TRANSCRIPT_FILES, ids=[p.stem for p in TRANSCRIPT_FILES])
def test_transcript(engine, path):
    game = yaml.safe_load(path.read_text(encoding="utf-8"))
    seed = game.get("seed", 1)
    state = engine.setup(game["players"], game.get("options") or {}, game.get("digital", False), setup_rng(seed))
    for ply, said in enumerate(game["moves"]):
        assert engine.outcome(state) is None, f"game over before move {ply}: {said}"
        state = attempt(engine, state, said, move_rng(seed, ply)).state
        assert engine.invariants(state) == [], said
    out = engine.outcome(state)
    assert out is not None
    assert out.scores == game["scores"]
    assert sorted(out.winners) == sorted(game["winners"])


# -- random playouts --------------------------------------------------------------------------
def test_random_playouts(engine):
    games = [(["ana", "ben", "cy", "dee"][: 2 + seed % 3], {}, seed, seed % 2 == 0) for seed in spread(range(FULL))]
    results = run_playouts(engine, games, max_moves=5_000, workers=playout_workers())
    assert len(results) == PLAYOUTS and all(r.outcome is not None for r in results)
    assert max(r.moves for r in results) < 5_000


def test_scores_never_decrease_and_pips_only_leave(engine):
    for seed in range(10):
        state = engine.setup(["ana", "ben", "cy"], {}, True, setup_rng(seed))
        choose = random.Random(f"{seed}:mono")
        for ply in range(3000):
            if engine.outcome(state):
                break
            before = state
            state = attempt(engine, state, choose.choice(engine.legal_moves(state)), move_rng(seed, ply)).state
            assert all(state["score"][p] >= before["score"][p] for p in state["players"])
            assert state["pips_out"] >= before["pips_out"]
            assert state["rattlebones"] <= before["rattlebones"]
        assert engine.outcome(state) is not None
