"""Bone Strike content: loads, counts match the rules text, tables and values are well-formed."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generator.model.loader import load

GAME_DIR = Path(__file__).resolve().parents[1] / "content" / "bone-strike"


@pytest.fixture(scope="module")
def loaded():
    return load(GAME_DIR)


@pytest.fixture(scope="module")
def game(loaded):
    return loaded.game


def test_loads(game):
    assert game.title == "Bone Strike"
    assert game.players.min == 2 and game.players.max == 4


def test_starting_deck_matches_rules(game):
    # Rules, setup: each player's starting deck is 2 Pillage, 2 Prowl, 2 Pilfer, 2 Plunder, 2 Peons = 10.
    per_player = {"pillage": 2, "prowl": 2, "pilfer": 2, "plunder": 2, "peons": 2}
    assert sum(per_player.values()) == 10 == game.values["starting-deck-size"].value
    table = {row["card"]: row["count"] for row in game.table("starting-deck").rows}
    assert table == per_player
    deck = game.deck("starting")
    counts = {card.id: card.count for card in deck.cards}
    assert counts == {k: v * game.players.max for k, v in per_player.items()}
    # Rules, setup: starting cards are marked with a dot in the lower-left corner.
    assert all(card.extra.get("starter") is True for card in deck.cards)
    assert game.deck("main").cards and not any(c.extra.get("starter") for c in game.deck("main").cards)


def test_card_totals(game):
    # Our sample set (notes "Sample cards"): 4 faction cards, 14 main-deck cards per faction, 40 starters.
    assert game.deck("factions").total == 4
    assert game.deck("main").total == 56
    assert game.deck("starting").total == 40
    assert sum(d.total for d in game.decks) == 100
    per_faction = Counter()
    for card in game.deck("main").cards:
        per_faction[card.extra["faction"]] += card.count
    assert per_faction == {f.id: 14 for f in game.deck("factions").cards}


def test_components_match_records(game):
    by_ref = {c.ref: c for c in game.components if c.ref}
    for deck in game.decks:
        assert by_ref[deck.id].count == deck.total, deck.id
    for die in game.dice:
        assert by_ref[die.id].count == die.count, die.id
    # One health marker card per player (rules, setup), so as many as the most players.
    marker = next(s for s in game.sheets if s.id == "health-marker")
    assert by_ref["health-marker"].count == marker.count == game.players.max
    assert marker.extra["track"] == list(range(20, -1, -1))


def test_starting_values(game):
    # Rules, setup: health twenty, five cards in hand, a lineup of five.
    assert game.values["starting-health"].value == 20
    assert game.values["hand-size"].value == 5
    assert game.values["lineup-size"].value == 5
    assert game.values["eliminated-at"].value == 0
    assert game.values["weapons-per-warrior"].value == 1


def test_card_anatomy(loaded, game):
    layout = loaded.layouts["bone-strike"]
    for field in ("discard", "cost", "dice", "health", "bone", "starter", "faction"):
        assert field in layout.fields
    regions = {r.id: r for r in layout.regions}
    assert regions["discard"].box[0] < regions["cost"].box[0]  # discard upper-left, cost upper-right
    assert regions["dice"].box[0] < 15  # dice down the left-hand edge
    dice_ids = {d.id for d in game.dice}
    factions = {c.id for c in game.deck("factions").cards}
    for deck in game.decks:
        for card in deck.cards:
            fields = card.extra
            if deck.id != "factions":
                assert isinstance(fields.get("discard"), int), card.id  # every card has a discard value
            if deck.id == "main":
                assert isinstance(fields.get("cost"), int) and fields["faction"] in factions, card.id
            if fields.get("type") == "Warrior":
                assert fields["health"] >= 1 and fields["dice"], card.id
            for die in fields.get("dice", []):
                assert die in dice_ids, (card.id, die)
            if "bone" in fields:
                assert fields["bone"]["cost"] >= 1 and fields["bone"]["text"], card.id


def test_dice_are_well_formed(game):
    time = [d for d in game.dice if "time" in d.tags]
    assert [d.id for d in time] == ["time"]
    assert time[0].rule == "attack.time-dice" and "attack.time-dice" in game.rule_numbers
    for die in game.dice:
        assert len(die.faces) == 6
        assert any(not f.symbols for f in die.faces), die.id  # every die has blanks
        assert set().union(*(f.symbols for f in die.faces)) <= {"damage", "bone"}
        table = game.table(f"{die.id}-die")
        assert table.kind == "map" and table.die == die.id
        assert [r["roll"] for r in table.rows] == [1, 2, 3, 4, 5, 6]
        for row, face in zip(table.rows, die.faces):
            assert row["damage"] == face.symbols.get("damage", 0)
            assert row["bone"] == face.symbols.get("bone", 0)


def test_box_holds_enough_dice_for_any_attack(game):
    # The largest attack: any warrior with any weapon, plus Reaver Warlord's and Blood Frenzy's extra red die.
    cards = [c for d in game.decks for c in d.cards]
    warriors = [c for c in cards if c.extra.get("type") == "Warrior"]
    weapons = [c for c in cards if c.extra.get("type") == "Weapon"]
    counts = {d.id: d.count for d in game.dice}
    for w in warriors:
        for weapon in weapons:
            need = Counter(w.extra["dice"]) + Counter(weapon.extra["dice"]) + Counter({"red": 2})
            for colour, n in need.items():
                assert n <= counts[colour], (w.id, weapon.id, colour)


def test_turn_tables(game):
    assert game.table("turn-phases").items == ("rouse", "route", "refill")
    assert set(game.table("route-moves").items) == {"discard", "buy", "play", "attack"}
    for full_id in ("turn.rouse", "turn.route", "turn.refill", "burn", "discard", "buy", "play",
                    "attack.targets", "attack.blocking", "attack.rolling", "attack.effect-pool",
                    "attack.rerolls", "attack.time-dice", "attack.resolution", "attack.bone-abilities",
                    "effects.capture", "effects.unblockable", "effects.gain-control", "effects.destroy"):
        assert full_id in game.rule_numbers, full_id


def test_glossary_has_table_talk(game):
    aliases = {a.lower() for g in game.glossary for a in g.aliases}
    for word in ("hit points", "life", "tapped", "exhausted", "untap", "money", "coins", "market", "trash"):
        assert word in aliases, word
