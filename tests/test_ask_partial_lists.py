"""`referee ask` on a designer's game whose `asks:` lists cover only a few of its sections (issue
12): it is read as a game without them (GameIndex.lists_questions). Any list at all used to switch
the whole game to the seed games' reading, whose lists cover every section: the answers worked
out for games without lists (a number's sentence, a roll's outcome, the steps of a turn) stood
aside and the re-ranker dropped what it weighs in those games. A designer who had written one
section's questions got worse answers than one who had written none.

Asked of the designer's games in tests/fixtures, copied with questions listed under their first
section; every index is built into a temporary cache.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from referee.ask.cache import resolve_game
from referee.ask.engine import ask
from referee.ask.store import open_index

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="module", autouse=True)
def ask_cache(module_ask_cache):
    return module_ask_cache


def with_lists_on_first_section(name: str, where: Path) -> Path:
    """The fixture game copied with `asks:` written under its first section alone."""
    game = where / name
    shutil.copytree(FIXTURES / name, game)
    rules_file = game / "rules.yaml"
    rules = yaml.safe_load(rules_file.read_text())
    sections = rules["rules"] if isinstance(rules, dict) else rules
    sections[0]["asks"] = ["what is this game about", "what is the story"]
    rules_file.write_text(yaml.safe_dump(rules, sort_keys=False, allow_unicode=True))
    return game


@pytest.mark.parametrize(("name", "question", "source"), [
    ("al-dente-span", "how many build weeks before test day", "data:amount"),
    ("alley-and-taw", "rolled a 4 when flicking", "data:roll-outcome"),
    ("call-sign", "what are the steps in an hour", "data:steps"),
])
def test_a_game_listing_one_sections_questions_answers_as_one_listing_none(tmp_path, name, question, source):
    plain = ask(question, game=str(FIXTURES / name))
    listed = ask(question, game=str(with_lists_on_first_section(name, tmp_path)))
    assert plain.matched and plain.source == source
    assert listed.matched and listed.source == source
    assert listed.answer == plain.answer
    assert [c.id for c in listed.citations][:1] == [c.id for c in plain.citations][:1]


def test_lists_lead_only_where_they_cover_nearly_every_section(tmp_path):
    for seed in ("ribbon-of-bone", "runes-and-bones", "bone-strike", "rattlebones", "runeblade"):
        assert open_index(resolve_game(seed)).lists_questions()
    assert open_index(resolve_game(str(FIXTURES / "tight-five"))).lists_questions()  # a designer's, every section
    assert not open_index(resolve_game(str(FIXTURES / "al-dente-span"))).lists_questions()
    assert not open_index(resolve_game(str(with_lists_on_first_section("al-dente-span", tmp_path)))).lists_questions()
