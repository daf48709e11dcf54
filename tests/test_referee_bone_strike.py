"""Bone Strike's referee: situations from the rulebook, transcripts of whole games, the notation
round trip, seeded random playouts with invariants, the cited rules, and the card effects the
loader validates."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from generator.model.loader import load_game
from referee.games import engine_for
from referee.table.engine import Illegal
from referee.table.gamedata import GameData, snapshot
from referee.table.play import attempt, move_rng, playout, run_playouts, setup_rng
from tests.playouts import FULL, playout_count, playout_workers, spread
from tests.situations.runner import load_situations, position

GAME = "bone-strike"
ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts" / GAME
# Random games run to about 600 moves: 1,000 of them take about 40 s of CPU, spread over the cores
# by run_playouts (or by xdist: tests/playouts.py).
PLAYOUTS = playout_count()  # 1,000 in CI; tests/playouts.py


@pytest.fixture(scope="module")
def engine():
    return engine_for(GAME)(GameData(snapshot(load_game(GAME))))


SITUATIONS = load_situations(GAME)


def test_cited_rules_exist(engine):
    cited = set()
    for path in (ROOT / "referee" / "games" / "bone_strike").glob("*.py"):
        cited |= set(re.findall(r'"((?:[a-z][a-z-]*)(?:\.[a-z][a-z-]*)*)"', path.read_text()))
    rule_like = {c for c in cited if c.split(".")[0] in {r.split(".")[0] for r in engine.data.raw["rules"]}}
    for s in SITUATIONS:
        if s.get("rule"):
            rule_like.add(s["rule"])
    missing = sorted(r for r in rule_like if "." in r and not engine.data.has_rule(r))
    assert not missing, missing
    for option in engine.options:
        assert engine.data.has_rule(option.rule)


@pytest.mark.parametrize("digital", [True, False])
def test_notation_round_trip(engine, digital):
    """parse(notation(m)) gives back m for every listed move, along a few played games."""
    for seed in range(4):
        state = engine.setup(["ana", "ben", "cy"][: 2 + seed % 2], {}, digital, setup_rng(seed))
        for ply in range(250):
            if engine.outcome(state) is not None:
                break
            legal = engine.legal_moves(state)
            for move in legal:
                assert engine.parse(state, engine.notation(move)) == move, engine.notation(move)
            move = legal[(seed * 7 + ply * 13) % len(legal)]
            state = attempt(engine, state, move, move_rng(seed, ply)).state


def test_examples_read(engine):
    assert len(engine.examples) >= 10


def test_random_playouts(engine):
    games = [(["ana", "ben", "cy", "dee"][: 2 + seed % 3], {"all-factions": True} if seed % 5 == 0 else {}, seed)
             for seed in spread(range(FULL))]
    results = run_playouts(engine, games, workers=playout_workers())
    assert len(results) == PLAYOUTS
    for result in results:
        assert result.outcome is not None and len(result.outcome.winners) == 1, result.seed
        assert result.moves > 0


def test_physical_playouts(engine):
    """At a table: hidden hands as counts, the lineup revealed, the referee rolling."""
    for seed in range(10):
        state, _ = playout(engine, ["ana", "ben", "cy"][: 2 + seed % 2], {}, seed, digital=False)
        assert engine.outcome(state) is not None


def test_status_shows_what_the_table_needs(engine):
    state = engine.setup(["ana", "ben"], {"factions": "marrow-corsairs,ash-reavers", "first": "ben"}, True,
                         setup_rng(5))
    status = engine.status(state)
    text = "\n".join(status.lines)
    assert "ben's turn" in text and "health 20" in text and "lineup:" in text
    assert status.data["players"]["ana"]["hand"] == 5 and len(status.data["lineup"]) == 5


def test_invariants_catch_a_lost_card(engine):
    state = engine.setup(["ana", "ben"], {}, True, setup_rng(2))
    assert engine.invariants(state) == []
    state["lineup"].pop()
    assert any("conserved" in b for b in engine.invariants(state))


def test_by_hand_ability_is_shown_and_recorded(tmp_path):
    """An ability the effects cannot say (none of the sample cards has one now: here Bone Pact's
    words are replaced by a by-hand effect) is shown to the players and recorded, never skipped."""
    folder = tmp_path / GAME
    shutil.copytree(ROOT / "content" / GAME, folder)
    cards = folder / "cards.yaml"
    text = cards.read_text()
    assert text.count("{do: gain-control, target: neighbour-weapon}") == 1
    cards.write_text(text.replace("{do: gain-control, target: neighbour-weapon}",
                                  '{do: by-hand, text: "Gain control of a weapon held by a warrior of a player next '
                                  'to you."}'))
    engine = engine_for(GAME)(GameData(snapshot(load_game(folder))))
    situation = {"players": ["ana", "ben"], "options": {"factions": "gravewitch-coven,ash-reavers", "first": "ana"},
                 "digital": True, "patch": {"p": {"ana": {"hand": ["bone-pact#1"]}}}}
    state = position(engine, situation)
    accepted = attempt(engine, state, "ana plays bone pact", move_rng(1, 0))
    assert any(e.text.startswith("resolve by hand: Gain control of a weapon") for e in accepted.events)
    assert accepted.move["by_hand"]  # the move log keeps it
    assert any("resolve by hand" in line for line in engine.status(accepted.state).lines)


# -- abilities with a limit, played through -------------------------------------------------------
def _warrior(card, roused=False, weapon=None):
    return {"card": card, "roused": roused, "weapon": weapon, "captured": []}


def _attack(by, warrior, dice, stage="roll", **more):
    return {"by": by, "warrior": warrior, "target": "ben", "defender": "ben", "blocked": False, "stage": stage,
            "dice": dice, "faces": [None] * len(dice), "rolling": list(range(len(dice))), "may": [],
            "pool": {"damage": 0, "bone": 0}, **more}


def _play(engine, state, moves):
    for ply, said in enumerate(moves):
        state = attempt(engine, state, said, move_rng(7, ply)).state
    return state


def test_gravewitch_discount_is_once_a_turn(engine):
    """Two bones pay for the Hexer (2) and the Ritual Knife (1) only with the discount; the
    second Hexer use in the same turn costs 2 again."""
    situation = {"players": ["ana", "ben", "cy"], "digital": True,
                 "options": {"factions": "gravewitch-coven,ash-reavers,marrow-corsairs", "first": "ana"},
                 "patch": {"p": {"ana": {"warriors": [_warrior("hexer#1", weapon="ritual-knife#1")]}},
                           "attack": dict(_attack("ana", "hexer#1", ["white", "time", "white"], "bones"),
                                          pool={"damage": 0, "bone": 2})}}
    state = _play(engine, position(engine, situation), ["ana uses hexer bone"])
    assert state["attack"]["pool"]["bone"] == 1
    with pytest.raises(Illegal, match="costs 2 bone"):
        attempt(engine, state, "ana uses hexer bone", move_rng(7, 9))
    state = _play(engine, state, ["ana uses ritual knife bone"])
    assert state["attack"] is None and state["booty"] == 1
    # a new turn of ana's brings the discount back
    state["used"] = []
    assert engine.legal_moves(state)  # still a legal position


def test_marrow_witch_and_powder_monkey_booty_once_a_turn(engine):
    situation = {"players": ["ana", "ben"], "digital": True,
                 "options": {"factions": "marrow-corsairs,ash-reavers", "first": "ana"},
                 "patch": {"p": {"ana": {"hand": ["plunder#1", "pillage#1"],
                                         "warriors": [_warrior("powder-monkey#1", roused=True)]}}}}
    state = _play(engine, position(engine, situation), ["ana discards plunder"])
    assert state["booty"] == 2 + 1
    state = _play(engine, state, ["ana discards pillage"])
    assert state["booty"] == 3 + 1  # the monkey's extra booty was used this turn
    situation = {"players": ["ana", "ben", "cy"], "digital": True,
                 "options": {"factions": "gravewitch-coven,ash-reavers,marrow-corsairs", "first": "ana"},
                 "patch": {"p": {"ana": {"warriors": [_warrior("peons#1"), _warrior("marrow-witch#1", roused=True)]}},
                           "attack": dict(_attack("ana", "peons#1", ["red"], "bones"), pool={"damage": 0, "bone": 2})}}
    state = _play(engine, position(engine, situation), ["ana uses peons bone", "ana uses peons bone"])
    assert state["booty"] == 1 + 1 + 1  # two uses of Peons (1 booty each), the witch's 1 only once


def test_ash_reavers_free_reroll_once_an_attack(engine):
    situation = {"players": ["ana", "ben"], "digital": True,
                 "options": {"factions": "ash-reavers,ossuary-knights", "first": "ana"},
                 "patch": {"p": {"ana": {"warriors": [_warrior("deck-swab#1")]}},
                           "attack": _attack("ana", "deck-swab#1", ["red", "white"])}}
    state = _play(engine, position(engine, situation), ["ana rolls red blank, white blank"])
    assert state["attack"]["may"] == ["red", "white"]
    state = _play(engine, state, ["ana rerolls one white", "ana rolls white blank"])
    assert state["attack"] is None  # no second free reroll: the attack resolved with no damage


def test_blood_frenzy_extra_die_for_the_next_attack_only(engine):
    situation = {"players": ["ana", "ben"], "digital": True,
                 "options": {"factions": "ash-reavers,ossuary-knights", "first": "ana"},
                 "patch": {"p": {"ana": {"hand": ["blood-frenzy#1"], "warriors": [_warrior("peons#1")]}}}}
    state = _play(engine, position(engine, situation), ["ana plays blood frenzy", "ana attacks ben with peons"])
    assert state["attack"]["dice"] == ["red", "red"]
    state = _play(engine, state, ["ana rolls red 1 damage, red 1 damage"])
    while state["attack"]:
        state = _play(engine, state, ["ana stops"])
    state["p"]["ana"]["warriors"][0]["roused"] = True
    state = _play(engine, state, ["ana attacks ben with peons"])
    assert state["attack"]["dice"] == ["red"]


def test_claimed_card_checked_at_a_table(engine):
    state = engine.setup(["ana", "ben"], {"factions": "marrow-corsairs,ash-reavers", "first": "ana"}, False,
                         setup_rng(1))
    for ply in range(5):
        state = attempt(engine, state, "reveal", move_rng(1, ply)).state
    assert state["p"]["ana"]["hand_n"] == 5
    with pytest.raises(Illegal):
        attempt(engine, state, "ana plays split the hoard", move_rng(1, 9))


# -- transcripts ------------------------------------------------------------------------------
TRANSCRIPT_FILES = sorted(TRANSCRIPTS.glob("*.yaml"))


def test_there_are_transcripts():
    assert len(TRANSCRIPT_FILES) >= 2


@pytest.mark.parametrize("path", TRANSCRIPT_FILES, ids=[p.stem for p in TRANSCRIPT_FILES])
def test_transcript(engine, path):
    game = yaml.safe_load(path.read_text(encoding="utf-8"))
    seed = game["seed"]
    state = engine.setup(game["players"], game.get("options") or {}, game.get("digital", True), setup_rng(seed))
    for ply, said in enumerate(game["moves"]):
        state = attempt(engine, state, said, move_rng(seed, ply)).state
        assert engine.invariants(state) == [], said
    result = engine.outcome(state)
    assert result is not None
    assert list(result.winners) == game["winner"]
    assert result.scores == game["scores"]


# -- the loader checks card effects -----------------------------------------------------------
def test_a_misspelt_effect_is_reported_with_file_line_and_hint(tmp_path):
    from generator.errors import GameDataError

    folder = tmp_path / GAME
    shutil.copytree(ROOT / "content" / GAME, folder)
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text().replace("{do: gain-booty, amount: 2}", "{do: gain-bootie, amount: 2}", 1))
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    text = str(caught.value)
    assert "cards.yaml:" in text and "gain-bootie" in text and "did you mean 'gain-booty'" in text


def test_an_effect_naming_a_missing_die_is_reported(tmp_path):
    from generator.errors import GameDataError

    folder = tmp_path / GAME
    shutil.copytree(ROOT / "content" / GAME, folder)
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text().replace("die: red}", "die: redd}", 1))
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    assert "die 'redd' does not exist" in str(caught.value)


def test_effects_are_never_printed():
    game = load_game(GAME)
    for deck in game.decks:
        for card in deck.cards:
            assert "effects" not in card.extra
