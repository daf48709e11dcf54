"""Runeblade's referee: situations from the rulebook, whole games from transcripts, the notation
round trip, 1,000 seeded random playouts with invariants, and every cited rule id exists."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.model.loader import load_game
from referee.games import engine_for
from referee.table.engine import Illegal
from referee.table.gamedata import GameData, snapshot
from referee.table.play import attempt, move_rng, run_playouts, setup_rng
from tests.playouts import FULL, playout_workers, spread
from tests.situations.runner import load_situations

GAME = "runeblade"
PLAYERS = ["ana", "ben", "cy"]
TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts" / GAME).glob("*.yaml"))
SITUATIONS = load_situations(GAME)
ENGINE_DIR = Path(__file__).resolve().parents[1] / "referee" / "games" / "runeblade"


@pytest.fixture(scope="module")
def data():
    return GameData(snapshot(load_game(GAME)))


@pytest.fixture(scope="module")
def engine(data):
    return engine_for(GAME)(data)


def playout_options(seed: int) -> dict[str, str]:
    # Uniform play would roll for ever in a scene (dozens of possible rolls against one "end the
    # scene"), so the playouts cap rolls per scene by the house-rule option; most cap sessions too.
    options = {"rolls-per-scene": str(1 + seed % 2)}
    if seed % 5:
        options["sessions"] = str(1 + seed % 2)
    return options


def test_cited_rules_exist(data):
    """Every rule id the engine's source names, and every rule in the character data, exists."""
    cited = set()
    for path in ENGINE_DIR.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r'"((?:[a-z]+(?:-[a-z]+)*)(?:\.[a-z]+(?:-[a-z]+)*)+)"', text))
        cited |= set(re.findall(r'Illegal\([^;]*?,\s*"([a-z][a-z.-]*)"\)', text, re.S))
        cited |= set(re.findall(r'Event\([^;]*?,\s*"([a-z][a-z.-]*)"\)', text, re.S))
    cited |= {"overview", "offering", "rolling", "dice", "endgame", "setup", "sessions",
              "rule-of-play", "characters"}
    for row in data.table("characters")["rows"]:
        cited |= {row["boon"]["rule"], row["bane"]["rule"]}
    for row in data.table("die-destinations")["rows"]:
        cited.add(row["rule"])
    missing = sorted(r for r in cited if not data.has_rule(r) and not r.endswith((".py", ".yaml")))
    assert not missing


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_transcript(engine, path):
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    seed = script.get("seed", 1)
    state = engine.setup(script["players"], script.get("options") or {}, script.get("digital", False),
                         setup_rng(seed))
    for ply, said in enumerate(script["moves"]):
        state = attempt(engine, state, said, move_rng(seed, ply)).state
        assert not engine.invariants(state), (said, engine.invariants(state))
    outcome = engine.outcome(state)
    assert outcome is not None, "the transcript should reach the end of the story"
    assert outcome.scores == script["scores"]
    assert list(outcome.winners) == script["winners"]
    assert state["pools"] == script["pools"]


def test_dice_per_colour_fits_the_sheets(data, engine):
    """The referee's 15 dice per colour: one for every box of that colour on its owner's sheet."""
    for sheet in data.pieces("sheets").values():
        own = next(p for p in sheet["pools"] if p["colour"] == sheet["colour"])
        assert own["boxes"] == engine.facts.per_colour
    assert engine.facts.foreign_limit <= min(p["boxes"] for s in data.pieces("sheets").values()
                                             for p in s["pools"])


def test_transcripts_exist():
    assert len(TRANSCRIPTS) >= 2


def test_notation_round_trip(engine):
    """parse(notation(m)) == m for every legal move met along a few playouts."""
    seen = 0
    for seed in range(12):
        state = engine.setup(PLAYERS, playout_options(seed), False, setup_rng(seed))
        for ply in range(400):
            if engine.outcome(state) is not None:
                break
            legal = engine.legal_moves(state)
            for move in legal:
                assert engine.parse(state, engine.notation(move)) == move, engine.notation(move)
                seen += 1
            pick = legal[(seed * 7 + ply * 13) % len(legal)]
            accepted = attempt(engine, state, pick, move_rng(seed, ply))
            # resolved rolls read back too
            assert engine.parse(state, accepted.text) == accepted.move, accepted.text
            state = accepted.state
    assert seen > 1000


def _brute_legal(engine, state):
    """Every move of every kind for every player, filtered by check(): what legal_moves must list."""
    found = []
    players = state["players"]
    candidates = list(engine._candidates(state)) if not state.get("over") else []
    for p in players:
        for dice in engine._subsets(state["pools"][p]):
            candidates.append({"player": p, "kind": "build", "dice": dice})
            if dice:
                candidates.append({"player": p, "kind": "offer", "dice": dice})
        candidates += [{"player": p, "kind": k} for k in ("no-offer", "open", "endgame", "denouement",
                                                          "end-scene", "waive", "no-keep")]
        candidates += [{"player": p, "kind": "choose", "narrator": q} for q in players]
    candidates.append({"player": None, "kind": "story-ends"})
    for move in candidates:
        try:
            engine.check(state, move)
        except Illegal:
            continue
        found.append(move)
    return found


def test_legal_moves_match_check(engine):
    """The fast move lists (shared conditions checked once) agree with checking every move."""
    import json
    for seed in range(10):
        state = engine.setup(PLAYERS, playout_options(seed), False, setup_rng(seed))
        for ply in range(200):
            if engine.outcome(state) is not None:
                break
            legal = engine.legal_moves(state)
            key = lambda m: json.dumps(m, sort_keys=True)
            assert sorted(map(key, legal)) == sorted(set(map(key, _brute_legal(engine, state)))), ply
            state = attempt(engine, state, legal[(seed + ply * 31) % len(legal)], move_rng(seed, ply)).state


def test_reported_roll_checked_against_pool(engine):
    state = engine.setup(PLAYERS, {}, False, setup_rng(3))
    for ply, said in enumerate(["ben opens a scene", "ana sets a detail", "ben sets a detail",
                                "cy sets 2 details", "ben builds 2 black", "ana offers nothing",
                                "cy offers nothing"]):
        state = attempt(engine, state, said, move_rng(3, ply)).state
    with pytest.raises(Illegal) as err:
        attempt(engine, state, "ben rolls black 6", move_rng(3, 9))
    assert err.value.rule == "rolling.building-the-roll"
    accepted = attempt(engine, state, "ben rolls", move_rng(3, 9))
    assert len(accepted.move["results"]["own"]["black"]) == 2


def test_status_shows_pools_scene_and_offers(engine):
    state = engine.setup(PLAYERS, {"characters": "nemesis,wielder,blade"}, False, setup_rng(1))
    assert state["characters"] == {"ana": "nemesis", "ben": "wielder", "cy": "blade"}
    for ply, said in enumerate(["ben opens a scene", "ana sets 2 details", "ben sets a detail",
                                "cy sets a detail", "ben builds 2 white", "cy offers 1 black"]):
        state = attempt(engine, state, said, move_rng(1, ply)).state
    text = "\n".join(engine.status(state).lines)
    assert "ben (The Wielder, white): white 2 red 3 black 2" in text
    assert "ben's scene" in text and "1 black (offered)" in text and "ana: may still offer" in text
    assert engine.status(state).data["roll"]["own"] == {"white": 2}


def test_random_playouts(engine):
    """1,000 seeded games (tests/playouts.py) to the end, invariants after every move (play.playout checks them)."""
    endings = set()
    for result in run_playouts(engine, [(PLAYERS, playout_options(seed), seed, False) for seed in spread(range(FULL))], workers=playout_workers()):
        state, outcome = result.state, result.outcome
        assert outcome is not None
        endings.add(outcome.rule)
        total = {c: sum(state["pools"][p][c] for p in PLAYERS) + state["heap"][c] for c in state["heap"]}
        assert set(total.values()) == {engine.facts.per_colour}
    assert endings == {"endgame"}
