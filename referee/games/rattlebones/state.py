"""Rattlebones set-up and the small helpers every other module shares (arrows, places, scoring,
the end of the game). The state is plain JSON:

  board      14 loop spaces, each a landing id ('store', 'gold', 'plus-one', 'thief' ...)
  tiles      the 7 tiles in slot order; kinds: action-side kinds in play
  supply     gold, stars, stock, sides {kind: n} and points {"1": n ... "5": n}
  score/gold/stars/stock {player: n}; monkeys {player: [space, space, space]}
  dice       {player: {colour: "6 sides, socket 1 first, space-separated"}}; pips_out: pip sides out of the game
  rattlebones, train: their spaces; current: index of the player whose turn it is
  turn       paid, allowed, rolled, shown, pending, rerolls, earned, gambled, x2, offer
  over       None, or {reason, rule} once Rattlebones and a mouse have met
"""
from __future__ import annotations

import random

from referee.table.engine import Event, Illegal

from .facts import Facts, side_kind, side_number


def new_turn(facts: Facts) -> dict:
    return {"paid": 0, "allowed": facts.extra_dice[0], "rolled": [], "shown": {}, "pending": [],
            "rerolls": 0, "earned": {}, "gambled": [], "x2": [], "offer": None}


def choose_tiles(facts: Facts, options: dict, rng: random.Random) -> list[str]:
    named = options.get("tiles")
    all_tiles = list(facts.tile_sides)
    if named in (None, True, ""):
        return rng.sample(all_tiles, facts.tiles_in_play)
    names = [n.strip().lower().replace(" ", "-") for n in str(named).split(",") if n.strip()]
    aliases = {"x2": "double", "2x": "double", "1234": "place-points", "9-pip": "nine-pip",
               "+1": "plus-one", "plus1": "plus-one"}
    names = [aliases.get(n, n) for n in names]
    unknown = [n for n in names if n not in facts.tile_sides]
    if unknown:
        raise Illegal(f"unknown board tile(s) {', '.join(unknown)}; the tiles are {', '.join(all_tiles)}",
                      "setup.board")
    if len(names) != facts.tiles_in_play or len(set(names)) != len(names):
        raise Illegal(f"name {facts.tiles_in_play} different tiles, one per slot in slot order "
                      f"(got {len(names)})", "setup.board")
    return names


def setup_state(facts: Facts, players: list[str], options: dict, digital: bool, rng: random.Random) -> dict:
    tiles = choose_tiles(facts, options, rng)
    board: list[str | None] = [facts.printed.get(i) for i in range(facts.loop_len)]
    for space, tile in zip(facts.slots, tiles):
        board[space] = tile  # every slot gets a tile: no space stays None
    # Kinds in play: every side some space on the board offers (our ruling, see game.yaml notes).
    kinds = sorted({kind for a in board if (kind := facts.side_for_space(str(a)))})
    sides = {k: facts.side_count(k) for k in kinds if k != "points"}
    points = {str(v): n for v, n in facts.points_counts.items()} if "points" in kinds else {}
    stock_in_play = "stock" in tiles
    dice = {p: {c: " ".join(facts.start_faces) for c in facts.colours} for p in players}
    return {
        "players": list(players), "digital": bool(digital), "board": board, "tiles": tiles,
        "kinds": kinds, "gamble": "gamble" in tiles,
        "supply": {"gold": facts.gold_supply - facts.start_gold * len(players),
                   "stars": facts.star_supply - facts.start_stars * len(players),
                   "stock": (facts.stock_tickets - facts.start_stock * len(players)) if stock_in_play else 0,
                   "sides": sides, "points": points},
        "stock_in_play": stock_in_play,
        "score": {p: facts.start_score for p in players},
        "gold": {p: facts.start_gold for p in players},
        "stars": {p: facts.start_stars for p in players},
        "stock": {p: facts.start_stock if stock_in_play else 0 for p in players},
        "monkeys": {p: [facts.monkey_start] * facts.monkeys for p in players},
        "dice": dice, "pips_out": 0,
        "rattlebones": facts.rb_start[len(players)], "train": facts.train_start,
        "current": 0, "turn_number": 1, "turn": new_turn(facts), "over": None,
    }


def die_sides(state: dict, player: str, colour: str) -> list[str]:
    """A die's six sides, socket 1 first. Stored as one space-separated string: a state is
    copied on every move, and twelve short strings copy far faster than twelve lists."""
    return state["dice"][player][colour].split()


def set_side(state: dict, player: str, colour: str, socket: int, side: str) -> None:
    sides = die_sides(state, player, colour)
    sides[socket - 1] = side
    state["dice"][player][colour] = " ".join(sides)


def current(state: dict) -> str:
    return state["players"][state["current"]]


def follow(die: list[str], side: str) -> str | None:
    """The side an arrow finally stands for (pips, an action ...), or None if arrows run in a
    circle (actions.arrow)."""
    seen: set[int] = set()
    while side_kind(side) == "arrow":
        target = side_number(side)
        if target in seen:
            return None
        seen.add(target)
        side = die[target - 1]
    return side


def effective(state: dict, player: str, colour: str) -> str | None:
    """What the die rolled this turn does, arrows followed: kept per die and side shown, as a
    move asks about two dice on average (check, apply, the next listing, invariants)."""
    key = (state["dice"][player][colour], state["turn"]["shown"][colour])
    try:
        return _EFFECTIVE[key]
    except KeyError:
        if len(_EFFECTIVE) >= 4096:  # bounded: a few hundred dice and sides a game
            _EFFECTIVE.clear()
        found = _EFFECTIVE[key] = follow(key[0].split(), key[1])
        return found


_EFFECTIVE: dict[tuple[str, str], str | None] = {}


def unrolled(facts: Facts, state: dict, player: str) -> list[str]:
    return [c for c in facts.colours if c not in state["turn"]["rolled"]]


def place(state: dict, player: str) -> int:
    mine = state["score"][player]
    return 1 + sum(1 for p in state["players"] if state["score"][p] > mine)


def star_sale_points(facts: Facts, stars: int) -> int:
    """Stars sold at once, scored in batches of at most star-sale-batch-max off the chart."""
    total = 0
    while stars > 0:
        batch = min(stars, facts.star_batch)
        total += facts.star_sale[batch]
        stars -= batch
    return total


def check_end(state: dict, events: list) -> bool:
    """Rattlebones and a mouse meet or pass: the game ends at once (game-end)."""
    if state["over"] is None and any(state["score"][p] >= state["rattlebones"] for p in state["players"]):
        met = [p for p in state["players"] if state["score"][p] >= state["rattlebones"]]
        over = {"reason": f"Rattlebones (on {state['rattlebones']}) and {', '.join(met)}'s mouse met",
                "rule": "game-end"}
        state["over"] = over
        events.append(Event(f"the game ends: {over['reason']}", "game-end"))
    return state["over"] is not None


def add_points(state: dict, player: str, points: int, why: str, rule: str, events: list) -> None:
    state["score"][player] += points
    events.append(Event(f"{player} scores {points} ({why}); score {state['score'][player]}", rule))
    check_end(state, events)


def step_rattlebones(facts: Facts, state: dict, why: str, rule: str, events: list) -> None:
    state["rattlebones"] -= facts.rb_step
    events.append(Event(f"Rattlebones steps down to {state['rattlebones']} ({why})", rule))
    check_end(state, events)
