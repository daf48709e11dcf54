"""Runeblade content: loads, characters and dice match the rules text, tables are well-formed."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.model.loader import load

GAME_DIR = Path(__file__).resolve().parents[1] / "content" / "runeblade"

# From the seed's trait lists ("THE WIELDER'S TRAITS White: 4 Red: 3 Black: 2" and so on).
TRAITS = {
    "wielder": {"white": 4, "red": 3, "black": 2},
    "blade": {"black": 4, "white": 3, "red": 2},
    "nemesis": {"red": 4, "black": 3, "white": 2},
}
# From "Traits in brief": white is the Wielder's, red the Nemesis's, black the Blade's.
COLOURS = {"wielder": "white", "nemesis": "red", "blade": "black"}
# Boon and bane names as printed in the seed.
BOONS = {"wielder": "Determination", "blade": "Time Is On My Side", "nemesis": "Worldly Power"}
BANES = {"wielder": "Blade-Bound", "blade": "Cold Steel", "nemesis": "Spite"}


@pytest.fixture(scope="module")
def game():
    return load(GAME_DIR).game


def test_loads(game):
    assert game.title == "Runeblade"
    # "A game for three roleplayers".
    assert game.players.min == game.players.max == 3


def test_licence(game):
    assert game.licence is not None
    assert game.licence.name == "CC BY-NC-SA 3.0"
    assert "by-nc-sa/3.0" in game.licence.url
    attribution = game.licence.attribution
    assert "Neal Stidham" in attribution and "Parenthesis Press" in attribution
    assert game.credits.designer.startswith("Neal Stidham")


def test_characters_table(game):
    table = game.table("characters")
    assert table.kind == "records"
    rows = {row["id"]: row for row in table.rows}
    assert set(rows) == set(TRAITS)
    for cid, row in rows.items():
        assert row["traits"] == TRAITS[cid]
        assert sum(row["traits"].values()) == 9 == game.values["starting-pool"].value
        assert row["colour"] == COLOURS[cid]
        assert row["traits"][row["colour"]] == 4  # each character is strongest in its own colour
        assert row["boon"]["name"] == BOONS[cid] and row["boon"]["effect"]
        assert row["bane"]["name"] == BANES[cid] and row["bane"]["effect"]
        assert row["boon"]["rule"] in game.rule_numbers and row["bane"]["rule"] in game.rule_numbers


def test_character_sheets(game):
    sheets = {s.extra["character"]: s for s in game.sheets}
    assert set(sheets) == set(TRAITS)
    for cid, sheet in sheets.items():
        fields = sheet.extra
        assert fields["traits"] == TRAITS[cid]
        assert fields["boon"]["name"] == BOONS[cid]
        assert fields["bane"]["name"] == BANES[cid]
        assert fields["fate"]["blank"] is True  # the fate is the player's to write
        pools = {p["colour"]: p for p in fields["pools"]}
        assert set(pools) == {"white", "red", "black"}
        for colour, pool in pools.items():
            assert pool["start"] == TRAITS[cid][colour]
            assert pool["boxes"] >= 10  # room to reach the Rule of Ten


def test_components(game):
    by_ref = {c.ref: c for c in game.components if c.ref}
    for sheet in game.sheets:
        assert by_ref[sheet.id].count == sheet.count == 1
        assert by_ref[sheet.id].source == "print"
    for die in game.dice:
        assert by_ref[die.id].count == die.count
        assert by_ref[die.id].source == "gather"
    assert sum(c.count for c in game.components if c.kind == "sheet") == 3


def test_dice(game):
    # "Six-sided dice (d6) are used. A die that comes up 4, 5, or 6 is a success."
    assert {d.id for d in game.dice} == {"white", "red", "black"}
    for die in game.dice:
        assert [f.value for f in die.faces] == [1, 2, 3, 4, 5, 6]
        assert die.success == (4, 5, 6)
        assert die.color
        # Enough dice of each colour for a player's whole starting stock of it.
        assert die.count >= 9
    rows = game.table("d6-result").rows
    assert [r["roll"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert [r["result"] for r in rows] == ["failure"] * 3 + ["success"] * 3
    owners = {r["colour"]: r["character"] for r in game.table("colour-owners").rows}
    assert owners == {v: k for k, v in COLOURS.items()}


def test_values(game):
    assert game.values["success-minimum"].value == 4
    assert game.values["die-sides"].value == 6
    assert game.values["endgame-dice"].value == 10  # Rule of Ten
    assert game.values["foreign-dice-limit"].value == 10
    assert game.values["scenes-per-player"].value == 1  # one scene per player per session
    assert game.values["opening-details"].value == 1
    assert game.values["offers-per-roll"].value == 1


def test_every_seed_rule_has_a_section(game):
    for full_id in ("rule-of-play", "rolling", "sessions.scenes", "sessions.opening-details",
                    "sessions.denouement", "rolling.success", "rolling.failure", "rolling.surrender",
                    "rolling.colours", "offering", "rolling.keeping", "sanctity", "rule-of-ten.your-colour",
                    "rule-of-ten.other-colours", "endgame", "characters.fate", "characters.traits"):
        assert full_id in game.rule_numbers, full_id
