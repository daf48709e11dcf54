"""Carrying out checked Rattlebones moves: dice, monkeys and landing offers, fitting sides, every
action side, selling stars, x2 and the end of the turn. Also ``resolve`` (the referee's rolls)."""
from __future__ import annotations

import random

from referee.table.engine import Event

from .facts import Facts, side_kind, side_number
from .rules import HOLDINGS, ITEM_WORD
from .state import (
    add_points,
    check_end,
    current,
    die_sides,
    effective,
    new_turn,
    place,
    set_side,
    star_sale_points,
    step_rattlebones,
)


# -- resolve: the referee rolls what the table did not report ---------------------------------
def resolve(facts: Facts, state: dict, move: dict, rng: random.Random) -> dict:
    kind = move["kind"]
    p = move["player"]
    if (kind == "roll" or kind == "reroll") and None in move["results"]:  # (an any() costs more)
        dice = move["dice"] if kind == "roll" else [move["die"], move["with"]]
        results = []
        for c, r in zip(dice, move["results"]):
            results.append(r if r is not None else rng.choice(die_sides(state, p, c)))
        return {**move, "results": results}
    if kind == "use":
        face = effective(state, p, move["die"])
        if face == "gamble" and move.get("gamble") is None:
            return {**move, "gamble": rng.choice(facts.gamble_faces)}
        if face == "thief":
            thefts = dict(move.get("thefts") or {})
            for q in state["players"]:
                has = [i for i in HOLDINGS if state[i][q] > 0]
                if q != p and q not in thefts and len(has) == 1:
                    thefts[q] = has[0]  # only one thing to take: no choice to make
            if thefts != (move.get("thefts") or {}):
                return {**move, "thefts": thefts}
    return move


# -- apply ------------------------------------------------------------------------------------
def apply_move(facts: Facts, state: dict, move: dict) -> list[Event]:
    events: list[Event] = []
    t = state["turn"]
    if t["offer"] and move["kind"] not in ("fit", "raise", "decline", "sell"):
        _decline(facts, state, events)  # moving on without answering an offer declines it
    APPLY[move["kind"]](facts, state, move, move["player"], events)
    return events


def _decline(facts, state, events):
    offer = state["turn"]["offer"]
    what = "the store" if offer.get("side") is None else f"the {facts.kind_names[offer['side']]} side"
    events.append(Event(f"{current(state)} declines {what}", "turn.fitting-sides"))
    state["turn"]["offer"] = None


def _apply_pay(facts, state, move, p, events):
    g = move["gold"]
    state["gold"][p] -= g
    state["supply"]["gold"] += g
    state["turn"]["paid"] = g
    state["turn"]["allowed"] = facts.extra_dice[g]
    events.append(Event(f"{p} pays {g} gold to roll {facts.extra_dice[g]} dice", "turn.rolling"))


def _rolled(facts, state, p, colour, side, events):
    t = state["turn"]
    if colour not in t["rolled"]:
        t["rolled"].append(colour)
    t["shown"][colour] = side
    face = effective(state, p, colour)
    events.append(Event(f"{p}'s {colour} die shows {facts.label(side)}"
                        + (f" (the arrow leads to {facts.label(face)})" if face != side and face else "")
                        + (" (its arrows run in a circle)" if face is None else "")))
    if face == "double":
        t["x2"].append(colour)  # x2 waits for the end of the turn
        events.append(Event(f"{colour}'s x2 waits for the end of the turn", "actions.double"))
    elif colour not in t["pending"]:
        t["pending"].append(colour)


def _apply_roll(facts, state, move, p, events):
    for colour, side in zip(move["dice"], move["results"]):
        _rolled(facts, state, p, colour, side, events)


def _apply_reroll(facts, state, move, p, events):
    t = state["turn"]
    t["rerolls"] += 1
    t["pending"].remove(move["die"])
    events.append(Event(f"Roll Again: {p} picks up {move['die']} and adds {move['with']}", "actions.roll-again"))
    for colour, side in zip([move["die"], move["with"]], move["results"]):
        _rolled(facts, state, p, colour, side, events)


def _apply_move(facts, state, move, p, events):
    t = state["turn"]
    colour = move["die"]
    face = effective(state, p, colour)
    t["pending"].remove(colour)
    kind = side_kind(face)
    if kind == "rattlebones":
        step_rattlebones(facts, state, f"{colour} rolled Rattlebones", "turn.rattlebones-side", events)
        if state["over"]:
            return
        steps = facts.rb_move
    elif kind == "nine-pip":
        steps = move["steps"]
    else:
        steps = side_number(face)
    monkeys = state["monkeys"][p]
    to = (move["from"] + steps) % facts.loop_len
    monkeys[monkeys.index(move["from"])] = to
    action = state["board"][to]
    events.append(Event(f"{p}'s monkey moves {steps} from {move['from']} to {to} ({facts.space_names[action]})",
                        "turn.moving"))
    _land(facts, state, p, colour, to, action, events)


def _land(facts, state, p, colour, space, action, events):
    side = facts.side_for_space(action)
    if side is None:
        if state["stars"][p] > 0:
            state["turn"]["offer"] = {"die": colour, "space": space}
            events.append(Event(f"{p} may sell stars ('{p} sells N stars') or decline", "spaces.store"))
        return
    if not _can_fit(facts, state, p, colour, side):
        events.append(Event(f"no {facts.kind_names[side]} side can be fitted: none left in the supply", "availability"))
        return
    state["turn"]["offer"] = {"die": colour, "space": space, "side": side}
    if side == "points":
        said = f"fit a {facts.points_min}-point side on {colour} ('{p} fits {facts.points_min} point over N'), " \
               f"raise one of its points sides ('{p} raises {colour} socket N')"
    else:
        name = facts.kind_names[side]
        said = f"fit a {name} side on {colour} ('{p} fits {name} over N')"
    events.append(Event(f"{p} may {said} or decline", f"spaces.{action}"))


def _can_fit(facts, state, p, colour, side):
    if side != "points":
        return state["supply"]["sides"].get(side, 0) > 0
    supply = state["supply"]["points"]
    if supply.get(str(facts.points_min), 0) > 0:
        return True
    return any(side_kind(s) == "points" and side_number(s) + facts.upgrade_by <= facts.points_max
               and supply.get(str(side_number(s) + facts.upgrade_by), 0) > 0
               for s in die_sides(state, p, colour))


def _take_off(facts, state, old):
    kind = side_kind(old)
    if kind == "pips":
        state["pips_out"] += 1  # a pip side taken off leaves the game
    elif kind == "points":
        state["supply"]["points"][str(side_number(old))] += 1
    else:
        state["supply"]["sides"][kind] += 1


def _apply_fit(facts, state, move, p, events):
    offer = state["turn"]["offer"]
    old = die_sides(state, p, offer["die"])[move["socket"] - 1]
    _take_off(facts, state, old)
    new = move["side"]
    if side_kind(new) == "points":
        state["supply"]["points"][str(side_number(new))] -= 1
    else:
        state["supply"]["sides"][side_kind(new)] -= 1
    set_side(state, p, offer["die"], move["socket"], new)
    state["turn"]["offer"] = None
    events.append(Event(f"{p} fits {facts.label(new)} on {offer['die']} over socket {move['socket']} "
                        f"(replacing {facts.label(old)})", "turn.fitting-sides"))


def _apply_raise(facts, state, move, p, events):
    offer = state["turn"]["offer"]
    old = die_sides(state, p, offer["die"])[move["socket"] - 1]
    value = side_number(old) + facts.upgrade_by
    state["supply"]["points"][str(side_number(old))] += 1
    state["supply"]["points"][str(value)] -= 1
    set_side(state, p, offer["die"], move["socket"], f"points-{value}")
    state["turn"]["offer"] = None
    events.append(Event(f"{p} raises {offer['die']} socket {move['socket']} from {side_number(old)} to "
                        f"{value} points", "spaces.plus-one"))


def _apply_decline(facts, state, move, p, events):
    _decline(facts, state, events)


def _apply_sell(facts, state, move, p, events):
    n = move["stars"]
    state["stars"][p] -= n
    state["supply"]["stars"] += n
    state["turn"]["offer"] = None
    add_points(state, p, star_sale_points(facts, n), f"sells {n} star(s) at the store", "spaces.store", events)


# -- action sides -----------------------------------------------------------------------------
def _apply_use(facts, state, move, p, events):
    t = state["turn"]
    colour = move["die"]
    face = effective(state, p, colour)
    t["pending"].remove(colour)
    if face is None:
        events.append(Event(f"the arrows on {colour} run in a circle: nothing happens", "actions.arrow"))
        return
    kind = side_kind(face)
    if kind == "points":
        _earn_points(state, p, colour, side_number(face), "points side", "actions.points", events)
    elif face in ("gold", "star"):
        item = "gold" if face == "gold" else "stars"
        got = _take(state, p, item, 1)
        t["earned"][colour] = [item, got]
        events.append(Event(f"{p} takes {got} {ITEM_WORD[item]} (supply {state['supply'][item]})", f"actions.{face}"))
    elif face == "train":
        space = state["train"]
        state["train"] = (space + 1) % len(facts.train)
        _earn_points(state, p, colour, facts.train[space], f"train on {space}", "actions.train", events)
        events.append(Event(f"the train moves on to {state['train']}", "actions.train"))
    elif face == "place-points":
        where = place(state, p)
        _earn_points(state, p, colour, facts.place_points[where], f"1234: place {where}", "actions.place-points", events)
    elif face == "stock":
        _stock(facts, state, p, events)
    elif face == "thief":
        for victim, item in (move.get("thefts") or {}).items():
            state[item][victim] -= 1
            state[item][p] += 1
            events.append(Event(f"{p} takes a {ITEM_WORD[item]} from {victim}", "actions.thief"))
        if not move.get("thefts"):
            events.append(Event("nobody has anything to take", "actions.thief"))
    elif face == "gamble":
        result = move["gamble"]
        t["gambled"].append(colour)
        outcome = facts.gamble_outcomes[result]
        events.append(Event(f"the gamble die shows {result}", "actions.gamble"))
        if outcome["moves_rattlebones"]:
            step_rattlebones(facts, state, "gamble die", "gamble-die", events)
        if outcome["points"]:
            add_points(state, p, outcome["points"], "gamble die", "gamble-die", events)
    elif face == "roll-again":
        events.append(Event("Roll Again does nothing: every die has been rolled this turn", "actions.roll-again"))
    elif face == "double":
        t["x2"].append(colour)
        events.append(Event(f"{colour}'s x2 waits for the end of the turn", "actions.double"))
    else:  # pragma: no cover - the check refuses moving sides here
        raise AssertionError(f"cannot use {face}")


def _take(state, p, item, n):
    got = min(n, state["supply"][item])  # an empty supply gives nothing (availability)
    state["supply"][item] -= got
    state[item][p] += got
    return got


def _earn_points(state, p, colour, points, why, rule, events):
    state["turn"]["earned"][colour] = ["points", points]
    add_points(state, p, points, why, rule, events)


def _stock(facts, state, p, events):
    _take(state, p, "stock", 1)
    events.append(Event(f"{p} takes a stock ticket ({state['supply']['stock']} left)", "actions.stock"))
    if state["supply"]["stock"] > 0:
        return
    holders = sorted((q for q in state["players"] if state["stock"][q] > 0), key=lambda q: -state["stock"][q])
    holdings = [state["stock"][q] for q in holders]
    payouts = next(pay for held, pay in facts.stock_payouts if held == holdings)
    for q, points in zip(holders, payouts):
        state["score"][q] += points
        events.append(Event(f"stock pays {q} {points} for {state['stock'][q]} ticket(s); score {state['score'][q]}",
                            "actions.stock.ties"))
    for q in state["players"]:
        state["supply"]["stock"] += state["stock"][q]
        state["stock"][q] = 0
    events.append(Event("all stock tickets go back to the supply", "actions.stock"))
    check_end(state, events)


# -- end of the turn --------------------------------------------------------------------------
def _apply_end(facts, state, move, p, events):
    t = state["turn"]
    for colour in move.get("doubles") or []:
        item, amount = t["earned"][colour]
        if item == "points":
            add_points(state, p, amount, f"x2 doubles {colour}", "actions.double", events)
            if state["over"]:
                return
        else:
            got = _take(state, p, item, amount)
            events.append(Event(f"x2 doubles {colour}: {p} takes {got} more {ITEM_WORD[item]}", "actions.double"))
    state["current"] = (state["current"] + 1) % len(state["players"])
    if state["current"] == 0:
        state["turn_number"] += 1
    state["turn"] = new_turn(facts)
    events.append(Event(f"{p} ends the turn; {current(state)} to play", "turn.end-of-turn"))


# each kind of move's carrying out, by kind (a lookup, not a name built and found in globals() each move)
APPLY = {
    "pay": _apply_pay, "roll": _apply_roll, "reroll": _apply_reroll, "move": _apply_move, "fit": _apply_fit,
    "raise": _apply_raise, "decline": _apply_decline, "sell": _apply_sell, "use": _apply_use,
    "end": _apply_end,
}
