"""Ribbon of Bone's rules engine: situations from the rulebook, whole games from transcripts,
the notation round trip, combat arithmetic, and 1,000 seeded random playouts with invariants."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from generator.model.loader import load_game
from referee.games import engine_for
from referee.games.ribbon_of_bone import combat
from referee.table.engine import Illegal
from referee.table.gamedata import GameData, snapshot
from referee.table.play import attempt, move_rng, playout, run_playouts, setup_rng
from tests.playouts import FULL, playout_count, playout_workers, share, spread
from tests.situations.runner import load_situations

GAME = "ribbon-of-bone"
TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts" / GAME
SITUATIONS = load_situations(GAME)
PLAYOUTS = playout_count()  # 1,000 in CI; tests/playouts.py


@pytest.fixture(scope="module")
def data():
    return GameData(snapshot(load_game(GAME)))


@pytest.fixture(scope="module")
def engine(data):
    return engine_for(GAME)(data)


def test_registered(engine):
    assert type(engine).__name__ == "RibbonOfBone"


# -- transcripts ---------------------------------------------------------------------------
def _transcripts():
    return sorted(TRANSCRIPTS.glob("*.yaml"))


def test_there_are_transcripts():
    assert len(_transcripts()) >= 2


@pytest.mark.parametrize("path", _transcripts(), ids=lambda p: p.stem)
def test_transcript(engine, path):
    t = yaml.safe_load(path.read_text(encoding="utf-8"))
    seed = t.get("seed", 1)
    state = engine.setup(t["players"], t.get("options") or {}, bool(t.get("digital")), setup_rng(seed))
    for ply, said in enumerate(t["moves"]):
        assert engine.outcome(state) is None, f"ended before move {ply}: {said}"
        accepted = attempt(engine, state, said, move_rng(seed, ply))
        assert accepted.text.lower() == said.lower() or t.get("loose_text"), (said, accepted.text)
        state = accepted.state
        assert not engine.invariants(state), (ply, said, engine.invariants(state))
    outcome = engine.outcome(state)
    assert outcome is not None, "the transcript does not end the game"
    assert list(outcome.winners) == t["winners"]
    for key, value in t["scores"].items():
        assert outcome.scores[key] == value, key
    assert outcome.reason.startswith(t["ending"])


# -- notation ------------------------------------------------------------------------------
def _positions(engine, seeds, digital=True):
    """Every position of a few random games."""
    for seed in seeds:
        state, history = playout(engine, ["ana"], {}, seed, digital=digital)
        state = engine.setup(["ana"], {}, digital, setup_rng(seed))
        for ply, said in enumerate(history):
            yield state
            state = attempt(engine, state, said, move_rng(seed, ply)).state


def test_notation_round_trip(engine):
    seen = set()
    for state in _positions(engine, range(6)):
        for move in engine.legal_moves(state):
            text = engine.notation(move)
            assert engine.parse(state, text) == move, text
            assert engine.parse(state, text.upper()) == move, text
            seen.add(move["kind"])
    assert {"roll", "move", "fight", "binder", "assign", "pass"} <= seen


def test_notation_round_trip_physical(engine):
    seen = set()
    for state in _positions(engine, range(3), digital=False):
        for move in engine.legal_moves(state):
            assert engine.parse(state, engine.notation(move)) == move
            seen.add(move["kind"])
    assert {"lay", "draw"} <= seen


def test_forgiving_notation(engine):
    state = engine.setup(["ana"], {}, False, setup_rng(1))
    a = engine.parse(state, "ana lays the mirror-gallery")
    assert engine.parse(state, "Ana: lay Mirror Gallery") == a
    assert engine.parse(state, "ana rolls d4: 2") == engine.parse(state, "ana rolls 2") == \
        {"player": "ana", "kind": "roll", "value": 2}


def test_every_move_kind_has_an_example(engine):
    state = engine.setup(["ana"], {}, True, setup_rng(1))
    for example, _meaning in engine.examples:
        assert engine.parse(state, example)["kind"]


# -- combat arithmetic ---------------------------------------------------------------------
def _fight_state(engine, foe, party, prediction, attacks, attune="centre", bound=()):
    state = engine.setup(["ana"], {}, True, setup_rng(1))
    state["attune"] = attune
    state["fight"] = {"foe": foe, "health": 9, "bound": list(bound), "party": party, "binder": None,
                      "last_binder": None, "prediction": prediction, "attacks": attacks, "pending": None,
                      "rolls": [], "turn": 1}
    return state


def test_reliance_against_reliance_is_negated(engine):
    # Shax (reliance, loss, gravity) rolls 1 = Reliance; Andras predicted 3 = Reliance.
    state = _fight_state(engine, "andras", ["shax", "orias"], 3, [["shax", 1], ["orias", 1]])
    res = combat.resolve_turn(engine.rules, state, [])
    assert res["lines"] and res["taken"] == 0
    # Orias's Time still lands: 4, and nothing changes it.
    assert res["dealt"] == 4


def test_construction_adds_to_basic_attacks(engine):
    # Naberius (construction) and Sabnock (construction) fight: basic attack 1 + 2 = 3 each;
    # Sabnock rolling 1 = Construction deals basic - 1 = 2.
    state = _fight_state(engine, "amon", ["naberius", "sabnock"], 4, [["naberius", 4], ["sabnock", 1]])
    res = combat.resolve_turn(engine.rules, state, [])
    assert res["dealt"] == 3 + 2
    assert res["taken"] == 1  # Amon's basic attack: 1, no construction


def test_bound_construction_loses_its_passive(engine):
    state = _fight_state(engine, "naberius", ["orias"], 4, [["orias", 2]])
    assert combat.resolve_turn(engine.rules, state, [])["taken"] == 0  # Loss: 2 - 2
    state = _fight_state(engine, "sabnock", ["amon"], 4, [["amon", 4]])
    assert combat.resolve_turn(engine.rules, state, [])["taken"] == 2
    state = _fight_state(engine, "sabnock", ["amon"], 4, [["amon", 4]], bound=["construction"])
    assert combat.resolve_turn(engine.rules, state, [])["taken"] == 1


def test_complete_attunement_and_negative_attunement(engine):
    # On Vethis's corner: Orias's Time deals 4 + 2. Between Vethis and Quell, Harrow is negative:
    # Naberius's Time (predicted 1) hits for 4 + 1, plus 1 for our own Time.
    state = _fight_state(engine, "naberius", ["orias"], 1, [["orias", 1]], attune="corner-vethis")
    assert combat.resolve_turn(engine.rules, state, [])["dealt"] == 6 + 1
    state = _fight_state(engine, "naberius", ["orias"], 1, [["orias", 1]], attune="edge-vethis-quell")
    res = combat.resolve_turn(engine.rules, state, [])
    assert res["taken"] == 4 + 1 + 1 and res["dealt"] == 4 + 1 + 1


def test_support_heals_half_rounded_up(engine):
    state = _fight_state(engine, "orias", ["amon"], 2, [["amon", 1]])
    assert combat.needed_rolls(engine.rules, state) == ["Amon's Support"]
    res = combat.resolve_turn(engine.rules, state, [3])
    assert res["heal"] == 2 and res["taken"] == 0  # Orias's Loss deals nothing


def test_binding_the_predicted_row_makes_a_basic_attack(engine):
    state = _fight_state(engine, "orias", ["amon"], 1, [["amon", 3]], bound=["time"])
    res = combat.resolve_turn(engine.rules, state, [])
    assert res["theirs"] == "basic-attack" and res["taken"] == 0  # 1, less Amon's Loss


def test_illegal_carries_a_rule(engine):
    state = engine.setup(["ana"], {}, True, setup_rng(1))
    with pytest.raises(Illegal) as err:
        engine.check(state, {"player": "ana", "kind": "follow"})
    assert err.value.rule == "turn.roll"


def test_status_shows_what_the_table_needs(engine):
    state, _ = playout(engine, ["ana"], {}, 5, max_moves=20_000)
    lines = "\n".join(engine.status(state).lines)
    for word in ("health", "attunement", "memory tokens", "court"):
        assert word in lines
    state = _fight_state(engine, "orias", ["amon"], 1, [], bound=["time"])
    lines = "\n".join(engine.status(state).lines)
    assert "Time (bound)" in lines and "Orias" in lines


# -- playouts ------------------------------------------------------------------------------
def test_random_playouts(engine):
    endings = {}
    for result in run_playouts(engine, [(["ana"], {}, seed, seed % 4 != 0) for seed in spread(range(FULL))], workers=playout_workers()):
        kind = result.outcome.reason.split(":")[0]
        endings[kind] = endings.get(kind, 0) + 1
    assert sum(endings.values()) == PLAYOUTS
    assert set(endings) <= {"survival", "death"}


def test_playout_with_envelope(engine):
    for seed in range(20):
        state, _ = playout(engine, ["ana"], {"envelope": "shax,amon"}, seed)
        assert engine.outcome(state) is not None
        assert not engine.invariants(state)


# -- rogue identities (the Unleash ending) --------------------------------------------------
ROGUES = {"identity": "scrivener", "rogues": "lamplighter,penitent"}


def test_rogues_option_shuffles_identities_into_their_piles(engine):
    state = engine.setup(["ana"], {"identity": "scrivener", "rogues": "all"}, True, setup_rng(3))
    assert state["rogues"] == ["lamplighter", "penitent"]
    assert "lamplighter" in state["piles"]["vethis"] and "penitent" in state["piles"]["harrow"]
    assert all(c in engine.rules.marquis for c in state["constituents"]) and len(state["constituents"]) == 3
    assert not engine.invariants(state)
    for bad in ({"rogues": "lamplighter,ghost"}, {"identity": "penitent", "rogues": "penitent"}, {"rogues": "all"}):
        with pytest.raises(ValueError):
            engine.setup(["ana"], bad, True, setup_rng(1))
    assert engine.setup(["ana"], {}, True, setup_rng(3))["rogues"] == []


def test_a_rogue_first_in_its_pile_is_passed_over_at_setup(engine):
    # Whatever the shuffle, the first constituents are marquises and nothing is lost.
    for seed in range(40):
        state = engine.setup(["ana"], ROGUES, True, setup_rng(seed))
        assert all(c in engine.rules.marquis for c in state["constituents"])
        assert not engine.invariants(state)


def _rogue_fight(engine, first, second, predictions, attacks, aims, party=("orias", "amon")):
    state = engine.setup(["ana"], ROGUES, True, setup_rng(1))
    state["fight"] = {"foe": first, "health": 9, "bound": [], "prediction": predictions[0], "identity": "lamplighter",
                      "others": [{"foe": second, "health": 9, "bound": [], "prediction": predictions[1]}],
                      "aims": aims, "party": list(party), "binder": None, "last_binder": None, "attacks": attacks,
                      "pending": None, "rolls": [], "turn": 1}
    return state


def test_two_marquises_combine_their_abilities(engine):
    # Orias predicts 2 (Loss: -2 to every hit it or Phenex takes); Phenex predicts 1 (Balance: 2, and
    # -1 more). Orias's Time (4) at Phenex: 4 - 3 = 1; Amon's basic attack (1) at Orias: 0.
    state = _rogue_fight(engine, "orias", "phenex", [2, 1], [["orias", 1], ["amon", 4]],
                         {"orias": "phenex", "amon": "orias"})
    res = combat.resolve_turn(engine.rules, state, [])
    assert res["dealt_to"] == {"orias": 0, "phenex": 1}
    assert res["taken"] == 2 + 1  # Phenex's Balance, plus 1 for our Time


def test_a_beaten_marquis_stops_acting(engine):
    state = _rogue_fight(engine, "orias", "phenex", [1, 1], [["orias", 1], ["amon", 4]], {})
    state["fight"]["health"] = 0  # Orias is beaten: its Time neither hits nor changes our hits
    res = combat.resolve_turn(engine.rules, state, [])
    assert res["all_theirs"] == ["balance"] and res["taken"] == 2 + 1
    assert res["dealt_to"] == {"phenex": (4 - 1) + max(0, 1 - 1)}  # both hits land on Phenex, less its Balance


def test_status_in_a_two_marquis_fight(engine):
    state = _rogue_fight(engine, "orias", "phenex", [2, None], [], {})
    state["fight"]["bound"] = ["time"]
    state["phase"] = "prediction"
    lines = "\n".join(engine.status(state).lines)
    for said in ("rogue The Lamplighter", "bound 1/6", "Orias of Vethis, health 9/9", "Time (bound)",
                 "predicts 2: Loss", "Phenex of Vethis", "roll the D4 for Phenex's prediction",
                 "each of your hits this turn: -2"):
        assert said in lines, said
    state["fight"].update(attacks=[["orias", 1], ["amon", 4]], aims={"orias": "phenex"})
    assert "Orias rolled 1: Time at Phenex" in "\n".join(engine.status(state).lines)


def test_outcome_names_the_rogues_for_the_next_game(engine):
    state = engine.setup(["ana"], {"identity": "scrivener"}, True, setup_rng(1))
    state.update(phase="over", end={"kind": "survival", "reason": "test", "freed": [], "captured": [], "rule": "x"},
                 aligned=[])
    assert engine.outcome(state).scores["rogues"] == ["lamplighter", "penitent"]
    state = engine.setup(["ana"], {"identity": "scrivener", "rogues": "penitent"}, True, setup_rng(1))
    state.update(phase="over", end={"kind": "death", "reason": "test", "freed": [], "captured": [], "rule": "x"},
                 aligned=["penitent"])
    scores = engine.outcome(state).scores
    assert scores["rogues"] == ["penitent"] and scores["constituency"] == 3 + 2


def test_playouts_with_rogues(engine):
    games = [(["ana"], ROGUES if seed % 2 else {"identity": "lamplighter", "rogues": "all"}, seed, seed % 3 != 0)
             for seed in share(range(300))]  # 300 in CI
    results = run_playouts(engine, games, workers=playout_workers())
    assert all(r.outcome is not None for r in results)
    aligned = sum(len(r.state["aligned"]) for r in results)
    beaten = sum(i in r.state["defeated"] for r in results for i in engine.rules.identities)
    assert aligned > 0 and beaten > 0, (aligned, beaten)
    for r in results:  # every rogue is somewhere: still in a pile, beaten, or aligned
        for identity in r.state["rogues"]:
            places = [p for p in r.state["piles"].values() if identity in p]
            assert len(places) + (identity in r.state["defeated"]) + (identity in r.state["aligned"]) == 1


def test_invariants_catch_a_lost_card(engine):
    state = engine.setup(["ana"], {}, True, setup_rng(1))
    broken = copy.deepcopy(state)
    broken["constituents"].pop()
    assert engine.invariants(broken)
    broken = copy.deepcopy(state)
    broken["supply"] -= 1
    assert engine.invariants(broken)
