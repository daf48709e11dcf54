"""Ribbon of Bone: the game data loads and matches the rulebook's own numbers.

Expected numbers are written here independently, from the seed rulebook
(../shared/seeds/ribbon-of-bone.md); the comments say where each comes from.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generator.model.loader import load

GAME_DIR = Path(__file__).resolve().parents[1] / "content" / "ribbon-of-bone"
LORDS = {"vethis", "harrow", "quell"}
ABILITIES = {"balance", "time", "construction", "gravity", "reliance", "support", "loss"}


@pytest.fixture(scope="module")
def loaded():
    return load(GAME_DIR)


@pytest.fixture(scope="module")
def game(loaded):
    return loaded.game


def rows_by(table, key):
    return {row[key]: row for row in table.rows}


def test_loads_as_solo_game(game):
    assert game.id == "ribbon-of-bone"
    assert game.title == "Ribbon of Bone"
    assert (game.players.min, game.players.max) == (1, 1)


def test_component_counts_match_the_rulebook(game):
    # "COMPONENTS": envelope x1, player coin x2, notebook x1, memory tokens x10, pencil x1,
    # D4 x1, clamp tracker x2, circle tracker x2.
    expected = {
        "imprisonment-envelope": 1, "player-coin": 2, "notebook": 1, "memory-tokens": 10,
        "pencil": 1, "d4": 1, "clamp-trackers": 2, "circle-trackers": 2,
        # "THE DECK": identity x3, marquis x12, court x6, scenario x1, alignment x2.
        "identity-cards": 3, "marquis-cards": 12, "court-cards": 6, "scenario-card": 1, "alignment-cards": 2,
    }
    counts = {c.id: c.count for c in game.components}
    assert counts == expected


def test_deck_has_24_cards_and_the_25_is_noted(game):
    # The rulebook heads the deck "(25)" but its list adds to 3 + 12 + 6 + 1 + 2 = 24.
    totals = {d.id: d.total for d in game.decks}
    assert totals == {"identities": 3, "marquis": 12, "court": 6, "scenario": 1, "alignment": 2}
    assert sum(totals.values()) == 24
    assert any("25" in note.text and "24" in note.text for note in game.notes)


def test_components_agree_with_the_pieces_they_reference(game):
    decks = {d.id: d.total for d in game.decks}
    pieces = {p.id: p.count for group in (game.tokens, game.boards, game.sheets, game.tiles) for p in group}
    dice = {d.id: d.count for d in game.dice}
    for component in game.components:
        if component.ref in decks:
            assert decks[component.ref] == component.count, component.id
        elif component.ref in dice:
            assert dice[component.ref] == component.count, component.id
        elif component.ref in pieces and component.kind == "tokens":
            assert pieces[component.ref] == component.count, component.id
    gathered = {c.id for c in game.components if c.source == "gather"}
    assert {"imprisonment-envelope", "notebook", "pencil", "d4", "clamp-trackers"} <= gathered


def test_d4(game):
    die = game.die("d4")
    assert [f.value for f in die.faces] == [1, 2, 3, 4]


def test_marquis_cards_four_per_lord_with_a_back_per_lord(game):
    deck = game.deck("marquis")
    assert set(deck.backs) == LORDS
    per_lord = Counter()
    for card in deck.cards:
        fields = card.extra
        assert card.back == fields["lord"], card.id
        assert fields["lord"] in LORDS
        attacks = fields["attacks"]
        assert len(attacks) == 3 and set(attacks) <= ABILITIES, card.id
        assert card.sample
        per_lord[fields["lord"]] += card.count
    assert per_lord == {"vethis": 4, "harrow": 4, "quell": 4}
    backs = {(b.extra["title"], b.extra["icon"], b.layout) for b in deck.backs.values()}
    assert len(backs) == 3  # the three backs can be told apart


def test_rulebook_examples_still_hold(game):
    marquis = {c.id: c.extra for c in game.deck("marquis").cards}
    # Binding example: Naberius binds Orias's Time icon; Kimaris binds Orias's lord icon.
    assert {"time", "loss"} <= set(marquis["orias"]["attacks"])
    assert "time" in marquis["naberius"]["attacks"]
    assert marquis["kimaris"]["lord"] == marquis["orias"]["lord"]
    # Reaction example: a memory from The Outskirts can bind Loss.
    court = {c.id: c.extra for c in game.deck("court").cards}
    assert court["outskirts"]["icon"] == "loss"


def test_identities_hide_behind_their_lords_marquis_back(game):
    identities = game.deck("identities")
    marquis = game.deck("marquis")
    assert identities.total == 3
    assert {c.extra["lord"] for c in identities.cards} == LORDS
    for card in identities.cards:
        mine = identities.backs[card.back]
        theirs = marquis.backs[card.extra["lord"]]
        assert (mine.layout, mine.extra) == (theirs.layout, theirs.extra), card.id


def test_court_cards_two_sided_two_per_lord(game):
    deck = game.deck("court")
    rooms = rows_by(game.table("court-rooms"), "id")
    per_lord = Counter()
    for card in deck.cards:
        room = rooms[card.id]
        assert card.extra["icon"] == room["ability"] and room["ability"] in ABILITIES
        assert card.back == f"court-{room['lord']}"
        assert deck.backs[card.back].extra["icon"] == f"lord-{room['lord']}"
        per_lord[room["lord"]] += 1
    assert per_lord == {"vethis": 2, "harrow": 2, "quell": 2}


def test_scenario_and_alignment_are_two_sided(game):
    scenario = game.deck("scenario")
    assert scenario.back == "decisions"
    front = scenario.cards[0].extra["text"]
    back = scenario.backs["decisions"].extra["text"]
    for code in ("2-1", "2-2", "2-3", "2-4"):
        assert f"**{code}**" in front
    for code in ("3-1", "3-2", "3-3", "3-4"):
        assert f"**{code}**" in back
    assert "**V**" in front and "**V**" in back
    alignment = game.deck("alignment")
    assert alignment.cards[0].name == "The Favour"
    assert alignment.backs[alignment.back].extra["title"] == "The Wrath"


def test_turn_roll_table(game):
    table = game.table("turn-roll")
    assert table.kind == "map" and table.die == "d4"
    events = {row["roll"]: row["event"] for row in table.rows}
    # "1: A stillness", "2: A thought", "3: An opportunity", "4: An encounter".
    assert events == {1: "stillness", 2: "thought", 3: "opportunity", 4: "encounter"}
    assert rows_by(table, "roll")[1]["move_leaves_memory"] is False
    assert all(rows_by(table, "roll")[r]["move_leaves_memory"] for r in (2, 3, 4))


def test_prediction_roll_table(game):
    table = game.table("attack-roll")
    assert table.kind == "map" and table.die == "d4"
    rows = rows_by(table, "roll")
    # 1-3: the ability in that position on the card; 4: always the basic attack.
    assert [rows[r]["row"] for r in (1, 2, 3)] == [1, 2, 3]
    assert rows[4]["ability"] == "basic-attack" and rows[4]["row"] is None


def test_thought_and_decision_tables(game):
    thoughts = rows_by(game.table("thoughts"), "code")
    assert set(thoughts) == {"2-1", "2-2", "2-3", "2-4", "V"}
    for code in ("2-1", "2-2", "2-3", "2-4"):
        row = thoughts[code]
        assert (row["first_roll"], row["second_roll"]) == (2, int(code[-1]))
        assert {row["if_yes"], row["if_no"]} <= LORDS and row["if_yes"] != row["if_no"]
        assert row["sample"] is True
    decisions = rows_by(game.table("decisions"), "code")
    assert set(decisions) == {"3-1", "3-2", "3-3", "3-4", "V"}
    for code in ("3-1", "3-2", "3-3", "3-4"):
        assert decisions[code]["memory"] in ABILITIES
        assert (decisions[code]["first_roll"], decisions[code]["second_roll"]) == (3, int(code[-1]))
    # V decision: heal up to 15, or flip back to Favour.
    assert {"heal_to": 15} in decisions["V"]["choose_one"]


def test_abilities_table(game):
    table = game.table("abilities")
    assert table.kind == "records"
    rows = rows_by(table, "id")
    assert set(rows) == ABILITIES | {"basic-attack"}
    for row in rows.values():
        assert row["icon"] in game.icons
    # Numbers from "ABILITIES AND COMBINING".
    assert (rows["balance"]["damage"], rows["balance"]["incoming_modifier"]) == (2, -1)
    assert (rows["time"]["damage"], rows["time"]["incoming_modifier"]) == (4, 1)
    assert (rows["loss"]["damage"], rows["loss"]["incoming_modifier"]) == (0, -2)
    assert rows["gravity"]["damage"] == {"roll": "d4"}
    assert rows["support"]["heal"] == {"roll": "d4", "divide": 2, "round": "up"}
    assert rows["construction"]["damage"] == {"basic_attack_offset": -1}
    assert rows["construction"]["passive"]["basic_attack_bonus"] == 1
    assert rows["construction"]["passive"]["stacks"] and rows["construction"]["passive"]["lost_when_bound"]
    assert rows["reliance"]["damage"]["plus"] == 1 and rows["reliance"]["negated_by"] == "reliance"
    assert rows["basic-attack"]["damage"] == 1


def test_attunement_triangle(game):
    spaces = rows_by(game.table("attunement-spaces"), "space")
    assert len(spaces) == 10
    for space, row in spaces.items():
        assert set(row["toward"]) == LORDS and set(row["level"]) == LORDS
        assert set(row["toward"].values()) <= set(spaces), space
    for lord in LORDS:
        # Two steps from the middle reach the lord's corner, where attunement is complete.
        one = spaces["centre"]["toward"][lord]
        two = spaces[one]["toward"][lord]
        assert two == f"corner-{lord}"
        assert spaces[two]["level"][lord] == 2
        assert spaces[two]["toward"][lord] == two
    # Between two lords: positive with both, negative with the third.
    edge = spaces["edge-harrow-quell"]["level"]
    assert edge == {"vethis": -1, "harrow": 1, "quell": 1}
    assert "attunement-triangle" in {b.id for b in game.boards}


def test_attunement_levels_chart(game):
    chart = game.table("attunement-levels")
    assert chart.kind == "chart"
    rows = {r[0]: r for r in chart.rows}
    assert rows[1][1] == 1 and rows[2][1] == 2  # +1 positive, +2 complete
    assert rows[-1][2] == 1  # +1 damage taken when negatively attuned
    bonuses = [r[1] for r in chart.rows]
    assert bonuses == sorted(bonuses)


def test_values(game):
    expected = {
        "starting-health": 14, "opponent-starting-health": 9, "forced-encounter-tokens": 4,
        "v-prompt-tokens": 5, "victory-heal": 2, "full-bind-icons": 4, "identity-bind-icons": 6,
        "positive-attunement-bonus": 1, "complete-attunement-bonus": 2, "negative-attunement-penalty": 1,
        "starting-constituents": 3, "combat-party": 3, "v-decision-heal-to": 15, "basic-attack-damage": 1,
        "identity-constituency-worth": 2, "steps-to-corner": 2,
    }
    for key, value in expected.items():
        assert game.values[key].value == value, key


def test_rule_sections_cover_the_rulebook(game):
    ids = set(game.rule_numbers)
    required = {
        "overview", "components", "setup", "setup.notebook", "setup.identity", "setup.court-loop",
        "setup.marquis-decks", "setup.constituents", "setup.trackers", "turn", "turn.roll",
        "turn.stillness", "turn.thought", "turn.opportunity", "turn.encounter", "turn.movement",
        "turn.forced-encounter", "thoughts", "thoughts.codes", "thoughts.v-prompts", "attunement",
        "attunement.reading", "attunement.bonuses", "attunement.shifting", "health", "combat.setup",
        "combat.prediction", "combat.shuffling", "combat.binding", "combat.action", "combat.resolution",
        "combat.reaction", "combat.endings.victory", "combat.endings.full-bind", "combat.endings.loss",
        "abilities.combining", "ending.when", "ending.survival.escape", "ending.survival.unleash",
        "ending.death.capture",
    } | {f"abilities.{a}" for a in ABILITIES | {"basic-attack"}}
    assert required <= ids, sorted(required - ids)
    assert [r.id for r in game.rules][:3] == ["overview", "components", "setup"]


def test_pieces(game):
    tokens = {t.id: t for t in game.tokens}
    assert tokens["memory-token"].count == 10
    assert tokens["player-coin"].count == 2 and tokens["circle-tracker"].count == 2
    boards = {b.id: b for b in game.boards}
    loop = boards["court-loop"].extra["slots"]
    assert len(loop) == 6
    for slot in loop:  # a closed ring: each slot has two neighbours that list it back
        assert len(slot["neighbours"]) == 2
        for n in slot["neighbours"]:
            assert slot["slot"] in next(s for s in loop if s["slot"] == n)["neighbours"]
    assert boards["health-track"].extra["start"] == 14
    assert max(boards["health-track"].extra["spaces"]) == game.values["health-maximum"].value
    notebook = {f["id"] for f in next(s for s in game.sheets if s.id == "notebook-page").extra["fields"]}
    assert {"name", "memories", "scenes", "opponents", "opponent-health"} <= notebook


def test_glossary_has_player_words(game):
    aliases = {a.lower() for entry in game.glossary for a in (entry.term, *entry.aliases)}
    assert {"hit points", "hp", "constituent", "full bind", "memory token", "v prompt"} <= aliases
