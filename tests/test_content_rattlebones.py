"""Rattlebones content: loads, and its numbers match the rulebook (seed: rattlebones.md).

The expected numbers below are written out by hand from the rulebook, not read from the data,
so a slip in the YAML shows up as a failure here.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from generator.model.loader import load

GAME_DIR = Path(__file__).resolve().parents[1] / "content" / "rattlebones"

# Rulebook, "COMPONENTS": 1 board, 12 board tiles, 16 coloured pawns (4 per colour), 12 dice
# (3 per player) with 72 removable pip sides, 180 action sides (15 each type), 20 gold, 20 stars,
# 5 stock tickets, 1 gamble die, 4 side poppers, 1 train, 1 Rattlebones pawn.
BOX = {
    "board": 1,
    "board-tiles": 12,
    "player-dice": 12,
    "pip-sides": 72,
    "action-sides": 180,
    "gold": 20,
    "stars": 20,
    "stock-tickets": 5,
    "gamble-die": 1,
    "poppers": 4,
    "train": 1,
    "rattlebones-pawn": 1,
}
PAWNS = 16  # "16 Colored Pawns (4 per player color)": split into monkeys and mice
ACTION_KINDS = {  # the 12 board tiles each bring one kind of action side; +1 brings points
    "gold", "roll-again", "star", "train", "nine-pip", "points", "thief", "arrow",
    "place-points", "stock", "double", "gamble",
}


@pytest.fixture(scope="module")
def game():
    return load(GAME_DIR).game


def piece(group, piece_id, game):
    return next(p for p in getattr(game, group) if p.id == piece_id)


def test_loads(game):
    assert game.id == "rattlebones"
    assert game.title == "Rattlebones"
    assert (game.players.min, game.players.max) == (2, 4)  # "A game for 2 - 4 players"
    assert game.age == "14+"
    assert game.credits.designer == "Stephen Glenn"
    assert game.credits.publisher == "Rio Grande Games"
    assert game.play_time


def test_components_match_the_box_list(game):
    components = {c.id: c for c in game.components}
    for cid, count in BOX.items():
        assert components[cid].count == count, cid
    assert components["monkey-pawns"].count + components["mouse-markers"].count == PAWNS
    assert components["monkey-pawns"].count == 3 * 4 and components["mouse-markers"].count == 4
    extras = set(components) - set(BOX) - {"monkey-pawns", "mouse-markers"}
    assert extras == {"plain-d6"}  # print-and-play aid, gathered, not in the box list
    assert components["plain-d6"].source == "gather"
    assert components["poppers"].source == "gather"


def test_component_refs_point_at_pieces_with_the_same_count(game):
    pieces = {p.id: p for group in ("boards", "tokens", "tiles", "sheets") for p in getattr(game, group)}
    dice = {d.id: d for d in game.dice}
    for component in game.components:
        if component.ref is None:
            continue
        target = pieces.get(component.ref) or dice.get(component.ref)
        assert target is not None, component.id
        assert target.count == component.count, component.id


def test_action_sides(game):
    table = game.table("action-sides")
    assert table.kind == "records"
    rows = {row["id"]: row for row in table.rows}
    assert set(rows) == ACTION_KINDS
    assert all(row["count"] == 15 for row in rows.values())
    assert sum(row["count"] for row in rows.values()) == 180
    assert all(row["effect"] for row in rows.values())
    # x2 never doubles the gamble die (rulebook, x2)
    assert rows["gamble"]["doubled_by_x2"] is False
    assert rows["nine-pip"]["move_min"] == 1 and rows["nine-pip"]["move_max"] == 9
    assert rows["roll-again"]["max_per_turn"] == 2
    tokens = piece("tokens", "action-sides", game)
    kinds = {k["id"]: k for k in tokens.extra["kinds"]}
    assert set(kinds) == ACTION_KINDS
    assert sum(k["count"] for k in kinds.values()) == tokens.count == 180


def test_points_sides(game):
    rows = game.table("points-sides").rows
    assert [r["value"] for r in rows] == [1, 2, 3, 4, 5]  # "+1 ... 5 is the maximum value"
    assert sum(r["count"] for r in rows) == 15  # one kind of action side: 15 sides
    tokens = piece("tokens", "action-sides", game)
    points = next(k for k in tokens.extra["kinds"] if k["id"] == "points")
    assert [(v["value"], v["count"]) for v in points["values"]] == [(r["value"], r["count"]) for r in rows]


def test_player_die_and_pip_sides(game):
    die = game.die("player-die")
    assert die.count == 12
    assert [f.value for f in die.faces] == [1, 2, 3, 4, 5, 6]
    assert die.faces[0].label == "Rattlebones" and die.faces[0].icon == "rattlebones"
    start = game.table("player-die-start")
    assert start.kind == "map" and start.die == "player-die"
    assert [r["face"] for r in start.rows] == [f.label for f in die.faces]
    assert [r["moves_pawn"] for r in start.rows] == [1, 2, 3, 4, 5, 6]
    assert [r["moves_rattlebones"] for r in start.rows] == [1, 0, 0, 0, 0, 0]
    pips = piece("tokens", "pip-sides", game)
    kinds = pips.extra["kinds"]
    assert pips.count == 72 == sum(k["count"] for k in kinds) == 12 * 6
    assert [k["value"] for k in kinds] == [1, 2, 3, 4, 5, 6]
    assert [k for k in kinds if k.get("fixed")] == [kinds[0]]
    assert game.values["fixed-socket"].value == 1
    assert game.values["dice-per-player"].value == 3


def test_gamble_die(game):
    die = game.die("gamble-die")
    assert die.count == 1 and len(die.faces) == 6
    labels = {f.label for f in die.faces}
    assert labels == {"2", "3", "4", "5", "Rattlebones"}  # "2, 3, 4 or 5 pts" or Rattlebones
    table = game.table("gamble-outcomes")
    assert table.kind == "map" and table.die == "gamble-die"
    outcomes = {row["face"]: row for row in table.rows}
    assert set(outcomes) == labels
    for points in (2, 3, 4, 5):
        assert outcomes[str(points)]["points"] == points
        assert outcomes[str(points)]["moves_rattlebones"] == 0
    assert outcomes["Rattlebones"]["moves_rattlebones"] == 1
    assert outcomes["Rattlebones"]["moves_pawn"] == 0  # "He does not move his pawn"


def test_board_loop_and_slots(game):
    board = piece("boards", "board", game)
    spaces = board.extra["loop"]["spaces"]
    assert [s["index"] for s in spaces] == list(range(len(spaces)))
    assert spaces[0]["kind"] == "store" and spaces[0]["chart"] == "star-sale"
    slots = [s for s in spaces if s["kind"] == "slot"]
    assert len(slots) == 7 == game.values["tiles-in-play"].value  # "place 7 randomly"
    tile_slots = board.extra["tile_slots"]
    assert {(t["id"], t["space"]) for t in tile_slots} == {(s["slot"], s["index"]) for s in slots}
    assert len(spaces) == game.values["loop-spaces"].value
    landing = {row["space"] for row in game.table("landing").rows}
    for space in spaces:
        if space["kind"] != "slot":
            assert space["action"] in landing, space


def test_score_and_train_tracks(game):
    board = piece("boards", "board", game)
    score = board.extra["score_track"]
    assert [s["index"] for s in score["spaces"]] == list(range(0, 66))  # track 0-65
    assert score["last"] == 65 == game.values["score-track-last"].value
    starts = {s["rattlebones_start_players"]: s["index"] for s in score["spaces"] if "rattlebones_start_players" in s}
    assert starts == {2: 55, 3: 60, 4: 65}
    train = board.extra["train_track"]
    assert train["start"] == 0 and train["spaces"][0]["points"] == 0  # train starts on '0'
    chart = game.table("train-track")
    assert [[s["index"], s["points"]] for s in train["spaces"]] == [list(r) for r in chart.rows]


def test_board_tiles(game):
    tiles = piece("tiles", "board-tiles", game)
    faces = tiles.extra["faces"]
    assert tiles.count == len(faces) == 12
    assert len({f["id"] for f in faces}) == 12
    assert {f["adds_side"] for f in faces} == ACTION_KINDS
    setups = {f["id"] for f in faces if f.get("setup")}
    assert setups == {"stock", "gamble"}  # only these two need extra pieces set out


def test_rattlebones_start(game):
    chart = game.table("rattlebones-start")
    assert [list(r) for r in chart.rows] == [[2, 55], [3, 60], [4, 65]]
    assert game.values["rattlebones-start-2p"].value == 55
    assert game.values["rattlebones-start-3p"].value == 60
    assert game.values["rattlebones-start-4p"].value == 65


def test_star_sale_chart(game):
    chart = game.table("star-sale")
    assert chart.kind == "chart" and chart.columns == ("stars", "points")
    assert [list(r) for r in chart.rows] == [[1, 3], [2, 7], [3, 11], [4, 15]]
    points = [r[1] for r in chart.rows]
    assert points == sorted(set(points))


def test_extra_dice_and_place_points(game):
    assert [list(r) for r in game.table("extra-dice").rows] == [[0, 1], [1, 2], [2, 3]]
    assert game.values["extra-die-cost"].value == 1 and game.values["all-dice-cost"].value == 2
    assert [list(r) for r in game.table("place-points").rows] == [[1, 1], [2, 2], [3, 3], [4, 4]]


def _stock_payout(holdings: list[int]) -> list[int]:
    """The rulebook's stock rules, implemented independently of the data."""
    if holdings == [5]:
        return [15]
    top = holdings[0]
    firsts = holdings.count(top)
    rest = [h for h in holdings if h < top]
    second = rest[0] if rest else None
    seconds = rest.count(second) if rest else 0
    if firsts == 2:
        return [7, 7] + [2] * seconds + [0] * (len(rest) - seconds)
    assert firsts == 1
    second_pay = 5 if seconds == 1 else 2
    return [10] + [second_pay] * seconds + [0] * (len(rest) - seconds)


def test_stock_payouts_cover_every_spread(game):
    table = game.table("stock-payouts")
    rows = {tuple(r["holdings"]): list(r["payouts"]) for r in table.rows}
    spreads = set()
    for players in range(1, 5):
        for combo in combinations_with_replacement(range(1, 6), players):
            if sum(combo) == 5:
                spreads.add(tuple(sorted(combo, reverse=True)))
    assert set(rows) == spreads  # 5; 4-1; 3-2; 3-1-1; 2-2-1; 2-1-1-1
    for holdings, payouts in rows.items():
        assert payouts == _stock_payout(list(holdings)), holdings
    assert game.values["stock-tickets"].value == 5


def test_die_sockets_geometry(game):
    rows = {r["socket"]: r for r in game.table("die-sockets").rows}
    assert set(rows) == {1, 2, 3, 4, 5, 6}
    for socket, row in rows.items():
        assert row["opposite"] == 7 - socket
        assert set(row["neighbours"]) == {1, 2, 3, 4, 5, 6} - {socket, 7 - socket}
        for other in row["neighbours"]:
            assert socket in rows[other]["neighbours"]
    mat = piece("sheets", "die-mat", game)
    assert mat.count == 12
    for entry in mat.extra["sockets"]:
        assert set(entry["edges"].values()) == set(rows[entry["socket"]]["neighbours"])
    grid = {tuple(e["grid"]) for e in mat.extra["sockets"]}
    assert len(grid) == 6


def test_supply_limits(game):
    rows = {r["item"]: r["count"] for r in game.table("supply-limits").rows}
    assert rows["gold"] == 20 and rows["stars"] == 20 and rows["stock-tickets"] == 5
    assert rows["action-sides-per-kind"] == 15


def test_game_end_and_tie_breakers(game):
    assert len(game.table("game-end").rows) == 2
    items = game.table("tie-breakers").items
    assert "gold" in items[1] and "stars" in items[1] and "stock" in items[1]


def test_rules_cover_the_rulebook(game):
    ids = set(game.rule_numbers)
    required = {
        "overview", "components", "setup", "setup.board", "setup.supplies", "setup.players",
        "setup.dice", "setup.rattlebones", "setup.first-player", "turn", "turn.rolling",
        "turn.order", "turn.moving", "turn.rattlebones-side", "turn.fitting-sides", "spaces",
        "spaces.store", "actions", "actions.stock.ties", "gamble-die", "availability",
        "game-end", "game-end.winner", "summary",
    }
    assert required <= ids
    for kind in ACTION_KINDS:
        assert f"actions.{kind}" in ids, kind
    for kind in ACTION_KINDS - {"points"}:
        assert f"spaces.{kind}" in ids, kind
    assert "spaces.plus-one" in ids
    assert len(game.glossary) >= 15 and game.faq


def test_every_icon_and_rule_named_in_the_data_exists(game):
    named = set()
    rules = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "icon" and isinstance(value, str):
                    named.add(value)
                if key == "rule" and isinstance(value, str):
                    rules.add(value)
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    for group in ("boards", "tokens", "tiles", "sheets"):
        for p in getattr(game, group):
            walk(p.extra)
    for table in game.tables:
        walk(list(table.rows))
    assert named and named <= set(game.icons)
    assert rules and rules <= set(game.rule_numbers)
