"""The table's moving parts: set-up, hands, the bag and the discard pile, turn order, and the ends
of rounds and of the game. Functions change the state in place and append Events.

Hidden information: in a digital game hands, bag and discard pile are lists of rune ids (the
referee draws); at a physical table they are counts, and ``seen`` counts the runes laid face up
since the bag was last refilled, so a claimed rune can be checked against what can still exist.
"""
from __future__ import annotations

import random
from typing import Any

from referee.table.engine import Event

from .runes import Runes

State = dict[str, Any]


# -- set-up ---------------------------------------------------------------------------------------
def setup(runes: Runes, players: list[str], options: dict[str, Any], digital: bool,
          rng: random.Random) -> State:
    holder = options.get("bag-holder") or players[0]
    # Bag and discard pile: {rune: copies} when the referee draws, counts at a physical table.
    bag: Any = dict(runes.count) if digital else runes.total
    state: State = {
        "players": list(players), "digital": digital, "options": dict(options),
        "total": runes.bones_total, "supply": runes.bones_total, "pot": 0,
        "bones": {}, "out": [], "round": 1, "bag_holder": holder,
        "phase": "turns", "actor": holder, "pre": None,
        "in_round": list(players), "winning": None,
        "hands": {}, "bag": bag, "discard": {} if digital else 0, "seen": {},
        "result": None,
    }
    for p in players:
        move_bones(state, "supply", p, runes.starting_bones)
    move_bones(state, "supply", "pot", runes.first_pot * len(players))
    for p in players:
        state["hands"][p] = [] if digital else 0
        draw(state, p, runes.starting_runes, {}, "drawn", rng, [])
    return state


def count(n: int, thing: str) -> str:
    """'1 bone', '3 bones', '0 runes'."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


# -- bones ----------------------------------------------------------------------------------------
def bones_of(state: State, where: str) -> int:
    return state[where] if where in ("pot", "supply") else state["bones"].get(where, 0)


def move_bones(state: State, source: str, target: str, amount: int) -> int:
    """Move up to ``amount`` bones (all there are, if fewer); returns how many moved."""
    amount = min(amount, bones_of(state, source))
    for where, sign in ((source, -1), (target, 1)):
        if where in ("pot", "supply"):
            state[where] += sign * amount
        else:
            state["bones"][where] = state["bones"].get(where, 0) + sign * amount
    return amount


# -- runes ----------------------------------------------------------------------------------------
def size(pile: Any) -> int:
    kind = type(pile)  # a JSON state's piles are exactly dict, list or int
    if kind is dict:
        return sum(pile.values())
    return len(pile) if kind is list else pile


def add(pile: dict[str, int], rune: str, n: int = 1) -> None:
    pile[rune] = pile.get(rune, 0) + n
    if not pile[rune]:
        del pile[rune]


def hand_size(state: State, player: str) -> int:
    return size(state["hands"][player])


def available(runes: Runes, state: State, rune: str) -> int:
    """Copies of ``rune`` that may still be hidden (in the bag or a hand): the deck's count less
    those seen face up since the bag was refilled and the one on the table."""
    on_table = 1 if state["winning"] and state["winning"]["rune"] == rune else 0
    return runes.count[rune] - state["seen"].get(rune, 0) - on_table


def can_draw(state: State) -> int:
    """Runes that can be drawn now: the bag, and the discard pile mixed in once the bag runs out."""
    return size(state["bag"]) + size(state["discard"])


def refill(state: State, events: list[Event], why: str) -> None:
    """The discard pile goes back into the bag; nothing in it counts as seen any more."""
    if state["digital"]:
        for rune, n in state["discard"].items():
            add(state["bag"], rune, n)
        state["discard"] = {}
    else:
        state["bag"] += state["discard"]
        state["discard"] = 0
    state["seen"] = {}
    events.append(Event(why, "round.reshuffle"))


def draw(state: State, player: str, n: int, part: dict[str, Any], key: str,
         rng: random.Random | None, events: list[Event]) -> int:
    """``player`` draws ``n`` runes (all the bag has, if fewer). In a digital game the runes drawn
    are ``part[key]``, filled from ``rng`` when still unresolved. Returns how many were drawn."""
    if size(state["bag"]) < n and size(state["discard"]):
        refill(state, events, "the bag ran out: the discard pile is mixed back in")
    n = min(n, size(state["bag"]))
    if state["digital"]:
        if part.get(key) is None:
            if rng is None:
                raise ValueError("a draw in a digital game was not resolved")
            bag = state["bag"]
            part[key] = rng.sample([r for r in sorted(bag) for _ in range(bag[r])], n)
        for rune in part[key]:
            add(state["bag"], rune, -1)
            state["hands"][player].append(rune)
    else:
        state["bag"] -= n
        state["hands"][player] += n
    return n


def take_from_hand(state: State, player: str, rune: str | None) -> None:
    """A rune leaves a hand (by name in a digital game, as a count at a physical table)."""
    if state["digital"]:
        state["hands"][player].remove(rune)
    else:
        state["hands"][player] -= 1


def to_discard(state: State, rune: str | None, face_up: bool = True) -> None:
    """A rune goes onto the discard pile; named face-up runes count as seen."""
    if state["digital"]:
        assert rune is not None  # the referee knows every rune of a digital game
        add(state["discard"], rune)
    else:
        state["discard"] += 1
    if rune and face_up:
        state["seen"][rune] = state["seen"].get(rune, 0) + 1


# -- turn order -----------------------------------------------------------------------------------
def in_game(state: State) -> list[str]:
    return [p for p in state["players"] if p not in state["out"]]


def seats_from_holder(state: State) -> list[str]:
    """Players still in the game, clockwise, starting with the bag holder."""
    seats = in_game(state)
    i = seats.index(state["bag_holder"])
    return seats[i:] + seats[:i]


def next_turn(runes: Runes, state: State, events: list[Event]) -> None:
    """Hand play to the next player still in the round. When it comes back to the owner of the
    winning rune, they win the pot; when it comes back round to the bag holder's seat with no
    winning rune, nobody does."""
    seats = seats_from_holder(state)
    here = seats.index(state["actor"])
    crossed, nxt = False, None
    for step in range(1, len(seats) + 1):
        crossed = crossed or here + step >= len(seats)
        candidate = seats[(here + step) % len(seats)]
        if candidate in state["in_round"]:
            nxt = candidate
            break
    winning = state["winning"]
    if winning and (nxt is None or nxt == winning["player"]):
        end_round(runes, state, events, winning["player"])
    elif winning is None and (nxt is None or crossed):
        end_round(runes, state, events, None)
    else:
        state["actor"] = nxt


# -- the end of a round and of the game -----------------------------------------------------------
def end_round(runes: Runes, state: State, events: list[Event], winner: str | None) -> None:
    pot = state["pot"]
    if winner:
        move_bones(state, "pot", winner, pot)
        rune = runes.label[state["winning"]["rune"]]
        if pot:
            events.append(Event(f"{winner}'s {rune} is still winning: {winner} wins the pot "
                                f"({count(pot, 'bone')}) and holds the bag", "winning"))
        else:
            events.append(Event(f"{winner}'s {rune} is still winning: {winner} wins the empty pot "
                                f"(no bones) and holds the bag", "winning.empty-pot"))
        state["bag_holder"] = winner
        to_discard(state, state["winning"]["rune"])
        state["winning"] = None
    else:
        move_bones(state, "pot", "supply", pot)
        events.append(Event(f"no winning rune when play came back to the bag holder: the pot "
                            f"({count(pot, 'bone')}) goes back to the supply; {state['bag_holder']} keeps the bag",
                            "winning.no-winner"))
    eliminate(runes, state, events)
    if state["result"] is None:
        start_round(runes, state, events)


def eliminate(runes: Runes, state: State, events: list[Event]) -> None:
    left = in_game(state)
    broke = [p for p in left if state["bones"][p] == 0]
    if broke and len(broke) == len(left):
        # Nobody has a bone left: the game cannot go on, and those still in it share the win.
        finish(runes, state, events, left, "nobody has a bone left; the last players share the win")
        return
    for p in broke:
        while hand_size(state, p):
            rune = state["hands"][p][-1] if state["digital"] else None
            take_from_hand(state, p, rune)
            to_discard(state, rune, face_up=False)
        state["out"].append(p)
        events.append(Event(f"{p} has no bones left and is out of the game", "end"))
    left = in_game(state)
    if len(left) == 1:
        finish(runes, state, events, left, f"{left[0]} is the last player with bones")
    elif state["options"].get("six-rounds") and state["round"] >= runes.variant_rounds:
        most = max(state["bones"][p] for p in left)
        finish(runes, state, events, [p for p in left if state["bones"][p] == most],
               f"after {runes.variant_rounds} rounds the most bones win", "optional.six-rounds")
    elif state["bag_holder"] in state["out"]:
        # The bag passes clockwise to the next player still in the game.
        seats = state["players"]
        i = seats.index(state["bag_holder"])
        state["bag_holder"] = next(seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1)
                                   if seats[(i + k) % len(seats)] not in state["out"])
        events.append(Event(f"the bag passes to {state['bag_holder']}", "end"))


def finish(runes: Runes, state: State, events: list[Event], winners: list[str], reason: str,
           rule: str = "end") -> None:
    state["result"] = {"winners": winners, "reason": reason, "rule": rule}
    state["phase"] = "over"
    state["actor"] = None
    events.append(Event(f"the game is over: {' and '.join(winners)} "
                        f"{'wins' if len(winners) == 1 else 'share the win'} ({reason})", rule))


def start_round(runes: Runes, state: State, events: list[Event]) -> None:
    state["round"] += 1
    if not state["options"].get("no-reshuffle"):
        refill(state, events, f"round {state['round']}: every played and discarded rune goes back into the bag")
    left = in_game(state)
    if state["options"].get("six-rounds"):
        bonus = move_bones(state, "supply", "pot", runes.bonus.get(state["round"], 0) * len(left))
        events.append(Event(f"{count(bonus, 'bonus bone')} from the supply go into the pot", "optional.six-rounds"))
    state["phase"] = "pre"
    state["actor"] = state["bag_holder"]
    state["pre"] = {"step": "trade", "bought": 0}
    state["in_round"] = list(left)
    events.append(Event(f"{state['bag_holder']} holds the bag: clockwise from them, each player may "
                        f"trade, buy and must discard down to {runes.hand_limit} runes, then says done",
                        "round"))


def next_pre_player(runes: Runes, state: State, events: list[Event]) -> None:
    seats = seats_from_holder(state)
    i = seats.index(state["actor"]) + 1
    if i < len(seats):
        state["actor"] = seats[i]
        state["pre"] = {"step": "trade", "bought": 0}
    else:
        state["phase"] = "turns"
        state["pre"] = None
        state["actor"] = state["bag_holder"]
        events.append(Event(f"the turns begin: {state['bag_holder']} plays first", "round.turns"))
