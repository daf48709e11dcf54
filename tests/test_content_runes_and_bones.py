"""Runes and Bones: the game data loads and matches the rules sheet's own numbers.

Expected numbers are written here independently, from the seed rules sheet
(../shared/seeds/runes-and-bones.md); the comments say where each comes from. Rune copy
counts are not in the rules sheet: they are our sample design (see the game's notes).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.model.loader import load

GAME_DIR = Path(__file__).resolve().parents[1] / "content" / "runes-and-bones"
ELEMENTS = ["water", "fire", "earth"]
WEAPONS = ["axe", "shield", "arrow"]
SPECIALS = {"skull", "spy", "banners", "thief", "da-jhurga"}


@pytest.fixture(scope="module")
def game():
    return load(GAME_DIR).game


def beats(cycle: list[str], a: str, b: str) -> bool:
    """In a cycle table each item beats the next, and the last beats the first."""
    return cycle[(cycle.index(a) + 1) % len(cycle)] == b


def test_loads(game):
    assert game.id == "runes-and-bones"
    assert game.title == "Runes and Bones"
    assert game.players.min == 2  # someone has to be beaten
    assert any(note.topic == "Player count" for note in game.notes)


def test_nine_normal_runes_one_per_element_and_weapon(game):
    # "Normal Runes have two symbols on them; an element (Water, Fire, and Earth) and a weapon
    # (Axe, Shield, and Arrow)": 3 x 3 = 9 kinds.
    deck = game.deck("runes")
    normal = [c for c in deck.cards if "element" in c.extra]
    pairs = {(c.extra["element"], c.extra["weapon"]) for c in normal}
    assert pairs == {(e, w) for e in ELEMENTS for w in WEAPONS}
    assert len(normal) == 9
    for card in normal:
        assert card.id == f"{card.extra['element']}-{card.extra['weapon']}"
        assert card.sample  # the copy count is ours


def test_five_special_runes(game):
    # "Special Runes": Skull, Spy, Banners, Thief, Da Jhurga, each with one symbol.
    deck = game.deck("runes")
    special = {c.id: c for c in deck.cards if "element" not in c.extra}
    assert set(special) == SPECIALS
    for card in special.values():
        assert card.extra["icon"] == card.id and "weapon" not in card.extra
        assert card.rule == f"special-runes.{card.id}"


def test_rune_counts_are_the_noted_sample(game):
    deck = game.deck("runes")
    counts = {c.id: c.count for c in deck.cards}
    assert all(counts[f"{e}-{w}"] == 4 for e in ELEMENTS for w in WEAPONS)
    assert {k: counts[k] for k in SPECIALS} == {"skull": 2, "spy": 2, "banners": 2, "thief": 2, "da-jhurga": 1}
    assert deck.total == 45
    assert {c.id: c.count for c in game.components}["runes"] == deck.total
    assert any("45" in note.text for note in game.notes)


def test_rune_layout_shows_element_above_weapon(game):
    layout = load(GAME_DIR).layouts["rune"]
    regions = {r.id: r for r in layout.regions}
    assert regions["element"].box[1] < regions["weapon"].box[1]
    assert {"element", "weapon"} <= set(layout.fields)
    for icon in ELEMENTS + WEAPONS + sorted(SPECIALS):
        assert icon in game.icons


def test_element_cycle(game):
    table = game.table("elements")
    assert table.kind == "cycle" and sorted(table.items) == sorted(ELEMENTS)
    items = list(table.items)
    # "A water rune beats a fire rune, fire beats earth, and earth beats water."
    assert beats(items, "water", "fire") and beats(items, "fire", "earth") and beats(items, "earth", "water")
    assert not beats(items, "fire", "water")


def test_weapon_cycle(game):
    table = game.table("weapons")
    assert table.kind == "cycle" and sorted(table.items) == sorted(WEAPONS)
    items = list(table.items)
    # "An axe rune beats a shield rune, shield beats arrow, arrow beats axe."
    assert beats(items, "axe", "shield") and beats(items, "shield", "arrow") and beats(items, "arrow", "axe")


def test_resolution_order_element_then_weapon_then_buy(game):
    rows = game.table("rune-resolution").rows
    assert [r["compare"] for r in rows] == ["element", "weapon", "identical"]
    assert rows[0]["use_table"] == "elements" and rows[1]["use_table"] == "weapons"
    assert rows[2]["cost_bones"] == 1  # "adds a bone to the pot and 'Buys the Win'"


def test_special_rune_effects(game):
    rows = {r["id"]: r for r in game.table("special-runes").rows}
    assert set(rows) == SPECIALS
    # Skull steals 3 of another player's bones; Thief takes 2 from the pot; Banners draws 2;
    # Da Jhurga takes two runes; Spy plays another player's rune at once.
    assert (rows["skull"]["effect"], rows["skull"]["amount"], rows["skull"]["source"]) == ("take-bones", 3, "one-other-player")
    assert (rows["thief"]["effect"], rows["thief"]["amount"], rows["thief"]["source"]) == ("take-bones", 2, "pot")
    assert (rows["banners"]["effect"], rows["banners"]["amount"], rows["banners"]["source"]) == ("draw-runes", 2, "bag")
    assert (rows["da-jhurga"]["amount"], rows["da-jhurga"]["play_now"], rows["da-jhurga"]["reveal"]) == (2, False, False)
    assert rows["spy"]["play_now"] is True and rows["spy"]["reveal"] is True


def test_values(game):
    values = {k: v.value for k, v in game.values.items()}
    # Setup: 10 bones each; first pot = one bone per player; 3 runes each. Round: at most 4
    # runes; trade for 1 bone; 1-3 bones buy as many runes; passing costs a bone.
    assert values["starting-bones"] == 10
    assert values["first-pot-per-player"] == 1
    assert values["starting-runes"] == 3
    assert values["hand-limit"] == 4
    assert values["trade-cost"] == 1
    assert values["pass-cost"] == 1
    assert values["most-runes-bought"] == 3
    assert values["buy-the-win-cost"] == 1
    assert values["skull-steal"] == 3 and values["thief-take"] == 2
    assert values["banners-draw"] == 2 and values["da-jhurga-take"] == 2
    assert values["variant-rounds"] == 6


def test_purchase_chart(game):
    chart = game.table("rune-purchase")
    assert chart.kind == "chart"
    assert [tuple(r) for r in chart.rows] == [(1, 1), (2, 2), (3, 3)]


def test_six_round_chart(game):
    # "OPTIONAL SIX ROUND RULES": round one 1 per player ... round six 6.
    chart = game.table("six-round-bonus")
    assert chart.kind == "chart" and chart.rule == "optional.six-rounds"
    assert [tuple(r) for r in chart.rows] == [(n, n) for n in range(1, 7)]
    bonus = [r[1] for r in chart.rows]
    assert bonus == sorted(bonus)


def test_score_sheet_has_six_rounds(game):
    sheet = next(s for s in game.sheets if s.id == "six-round-score-sheet")
    rounds = [r["round"] for r in sheet.extra["rows"] if isinstance(r["round"], int)]
    assert rounds == [1, 2, 3, 4, 5, 6]
    players = [c for c in sheet.extra["columns"] if c["id"].startswith("player-")]
    assert len(players) == game.players.max


def test_turn_options(game):
    rows = {r["option"]: r for r in game.table("turn-options").rows}
    assert set(rows) == {"play", "pass", "fold"}
    assert rows["pass"]["cost_bones"] == 1 and rows["fold"]["stays_in_round"] is False


def test_rule_sections_cover_the_rules_sheet(game):
    ids = set(game.rule_numbers)
    required = {
        "overview", "components", "setup", "round", "round.reshuffle", "round.trade", "round.buy",
        "round.hand-limit", "round.turns", "round.turns.play", "round.turns.pass", "round.turns.fold",
        "beating", "beating.element", "beating.weapon", "beating.identical", "beating.beaten",
        "winning", "winning.special-cannot-win", "winning.no-winner", "winning.empty-pot",
        "special-runes", "end", "optional",
    } | {f"special-runes.{s}" for s in SPECIALS}
    assert required <= ids, sorted(required - ids)
    optional = {full for full, _n, _d, rule in game.walk_rules() if rule.optional}
    # Five optional rules on the sheet: barter, six rounds, dearer late game, rising cost, no reshuffle.
    assert optional == {"optional.barter", "optional.six-rounds", "optional.late-game-cost",
                        "optional.rising-cost", "optional.no-reshuffle"}


def test_glossary_aliases(game):
    entries = {e.term: e for e in game.glossary}
    assert {"first player", "the bag guy"} <= set(entries["Bag holder"].aliases)
    assert {"kitty", "the pot"} <= {a.lower() for a in entries["Pot"].aliases}
    assert entries["Buy the win"].rule == "beating.identical"


def test_components(game):
    components = {c.id: c for c in game.components}
    assert components["rune-bag"].kind == "bag" and components["rune-bag"].source == "gather"
    tokens = {t.id: t for t in game.tokens}
    assert components["bones"].count == tokens["bone"].count
    assert components["bone-bundles"].count == tokens["bone-bundle"].count
    total = sum(t.count * t.extra["value"] for t in tokens.values())
    # Enough bones for six players' starting 10 and a first pot of 6.
    assert total >= 6 * 10 + 6
