"""Read back the one-page quick references: a player aid says what each side, space and ability
does, in the data's own sentences, and spends no room on tables that say nothing."""
from __future__ import annotations

import re

import pytest
from pdfcheck import text_pages

from generator.model.loader import load

GAMES = ["rattlebones", "ribbon-of-bone"]


def norm(text: str) -> str:
    text = text.replace("\u00a0", " ").replace("\u2212", "-")
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"(\w)- (\w)", r"\1-\2", text).strip()  # a line broken after a hyphen


@pytest.fixture(scope="module")
def quickrefs(real_rulebook) -> dict:
    texts = {}
    for game_id in GAMES:  # the default book, A5: the smallest quick reference
        pages = text_pages(real_rulebook(game_id, "a5") / "quickref.pdf")
        assert len(pages) == 1
        texts[game_id] = (load(game_id).game, norm(pages[0]))
    return texts


def _said(sentence: str, text: str) -> bool:
    return norm(sentence)[:60] in text


def test_rattlebones_says_what_every_action_side_and_space_does(quickrefs):
    game, text = quickrefs["rattlebones"]
    sides = game.table("action-sides").rows
    spaces = game.table("landing").rows
    assert len(sides) == 12
    for row in sides:
        assert _said(row["effect"], text), row["id"]
    for row in spaces:
        assert _said(row["offer"], text), row["space"]


def test_rattlebones_spends_no_room_on_tables_that_say_nothing(quickrefs):
    _game, text = quickrefs["rattlebones"]
    assert "Moves rattlebones: 0" not in text and "Moves pawn: 0" not in text
    assert "Train track points" not in text  # space n scores n: the action's sentence says so
    assert "1234 points by place" not in text


def test_ribbon_of_bone_lists_the_seven_ability_effects(quickrefs):
    game, text = quickrefs["ribbon-of-bone"]
    rules = {full: rule for full, _n, _d, rule in game.walk_rules()}
    abilities = [row for row in game.table("abilities").rows if row["id"] != "basic-attack"]
    assert len(abilities) == 7
    for row in abilities + [r for r in game.table("abilities").rows if r["id"] == "basic-attack"]:
        assert _said(rules[row["rule"]].text, text), row["id"]
