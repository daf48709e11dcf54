"""All five seed games as content: they load, they agree with themselves, and the words are ours."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.model.loader import list_game_ids, load
from generator.paths import CONTENT_DIR

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
GAMES = ["ribbon-of-bone", "runes-and-bones", "bone-strike", "rattlebones", "runeblade"]
WINDOW = 10  # words in a row that may not be shared with a seed


def test_all_five_games_are_present():
    assert set(GAMES) <= set(list_game_ids())


@pytest.mark.parametrize("game", GAMES)
def test_game_loads_with_metadata_and_every_component_counted(game):
    g = load(game).game
    assert g.title and g.players.min >= 1
    assert g.credits.designer or g.credits.publisher or g.credits.source
    assert g.components, "every component is listed with its count"
    assert all(c.count >= 1 for c in g.components)
    assert g.rules and g.glossary


@pytest.mark.parametrize("game", GAMES)
def test_list_json_counts_agree_with_the_decks_they_name(game):
    result = CliRunner().invoke(app, ["list", game, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    decks = {d["id"]: d["cards"] for d in data["decks"]}
    for component in data["components"]:
        if component["ref"] in decks and component["kind"] in ("deck", "cards"):
            assert component["count"] == decks[component["ref"]], component


def test_runeblade_carries_its_licence_attribution():
    g = load("runeblade").game
    assert g.licence is not None and "BY-NC-SA" in g.licence.name
    assert g.licence.attribution


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("’", "'"))


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not beside this checkout")
@pytest.mark.parametrize("game", GAMES)
def test_no_ten_word_run_is_copied_from_the_seeds(game):
    seed_words = []
    for seed in SEEDS.glob("*.md"):
        seed_words.append(_words(seed.read_text(encoding="utf-8")))
    shingles = {tuple(words[i:i + WINDOW]) for words in seed_words for i in range(len(words) - WINDOW + 1)}
    copied = []
    for file in sorted((CONTENT_DIR / game).rglob("*.yaml")):
        for text in _strings(yaml.safe_load(file.read_text(encoding="utf-8"))):
            words = _words(text)
            for i in range(len(words) - WINDOW + 1):
                if tuple(words[i:i + WINDOW]) in shingles:
                    copied.append(f"{file.name}: ...{' '.join(words[i:i + WINDOW])}...")
                    break
    assert not copied, "text copied from a seed rulebook; rewrite it in our own words:\n" + "\n".join(copied)


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 15: "fifteen", 20: "twenty"}
# Values that are ours, not the rulebook's: no section can state them.
OUR_OWN_VALUES = {
    ("rattlebones", "die-colours"),  # the names the referee gives the three dice
    ("rattlebones", "loop-spaces"),  # the sample board we print
    ("rattlebones", "points-sides-per-value"),  # our split of the points sides
}


@pytest.mark.parametrize("game", GAMES)
def test_each_value_cites_a_section_that_states_it(game):
    """`referee ask` answers "how much gold is in the supply" with the value and cites its `rule:`:
    a section that never says 20 would send the player to the wrong page."""
    from generator.model.rules import rule_tree

    g = load(game).game
    texts = {full: f"{rule.title} {rule.text}" for full, _n, _d, rule, _p in rule_tree(g.rules)}
    unstated = []
    for key, value in g.values.items():
        if value.rule is None or (game, key) in OUR_OWN_VALUES:
            continue
        said = " ".join(t for full, t in texts.items() if full == value.rule or full.startswith(value.rule + "."))
        forms = [str(value.value)] + ([NUMBER_WORDS[value.value]] if value.value in NUMBER_WORDS else [])
        if not any(re.search(rf"\b{re.escape(form)}\b", said, re.IGNORECASE) for form in forms):
            unstated.append(f"{key}: {value.value} (cites {value.rule})")
    assert not unstated, unstated
