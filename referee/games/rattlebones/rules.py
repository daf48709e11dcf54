"""Whether a Rattlebones move is allowed now (check), and every move that is (legal_moves)."""
from __future__ import annotations

import itertools

from referee.table.engine import Illegal

from .facts import Facts, side_kind, side_number
from .state import current, die_sides, effective, unrolled

MOVING = ("pips", "rattlebones", "nine-pip")
HOLDINGS = ("gold", "stars", "stock")
ITEM_WORD = {"gold": "gold", "stars": "star", "stock": "stock ticket"}


def check(facts: Facts, state: dict, move: dict) -> None:
    if state["over"]:
        raise Illegal(f"the game is over ({state['over']['reason']})", "game-end")
    p = move["player"]
    if p != current(state):
        raise Illegal(f"it is {current(state)}'s turn, not {p}'s", "turn")
    CHECKS[move["kind"]](facts, state, move, p, state["turn"])


def _check_pay(facts, state, move, p, t):
    if t["rolled"]:
        raise Illegal("gold for extra dice is paid before rolling, and the dice are already rolled", "turn.rolling")
    if t["paid"]:
        raise Illegal(f"{p} has already paid for extra dice this turn", "turn.rolling")
    costs = {g: n for g, n in facts.extra_dice.items() if g > 0}
    if move["gold"] not in costs:
        said = " or ".join(f"{g} gold for {n} dice" for g, n in costs.items())
        raise Illegal(f"extra dice cost {said}", "turn.rolling")
    if state["gold"][p] < move["gold"]:
        raise Illegal(f"{p} has only {state['gold'][p]} gold", "turn.rolling")


def _check_results(facts, state, p, dice, results):
    for colour, side in zip(dice, results):
        if side is None:
            continue
        if side not in die_sides(state, p, colour):
            shown = ", ".join(facts.label(s) for s in die_sides(state, p, colour))
            raise Illegal(f"{p}'s {colour} die has no {facts.label(side)} side (it has {shown})", "turn.rolling")


def _check_roll(facts, state, move, p, t):
    if t["rolled"]:
        raise Illegal(f"{p} has already rolled this turn; only Roll Again rolls more", "turn.rolling")
    dice = move["dice"]
    if len(set(dice)) != len(dice):
        raise Illegal("each die is rolled once", "turn.rolling")
    if len(dice) > t["allowed"]:
        raise Illegal(f"{p} may roll {t['allowed']} die this turn; more dice cost gold, paid before rolling",
                      "turn.rolling")
    if len(dice) < t["allowed"]:
        raise Illegal(f"{p} paid for {t['allowed']} dice, so rolls {t['allowed']}", "turn.rolling")
    _check_results(facts, state, p, dice, move["results"])


def _pending(state, p, t, colour, rule="turn.order"):
    if not t["rolled"]:
        raise Illegal(f"{p} has not rolled yet this turn", "turn.rolling")
    if colour not in t["rolled"]:
        raise Illegal(f"the {colour} die was not rolled this turn", rule)
    if colour not in t["pending"]:
        raise Illegal(f"the {colour} die has already been used this turn", rule)
    return effective(state, p, colour)


def _check_reroll(facts, state, move, p, t):
    face = _pending(state, p, t, move["die"])
    if face != "roll-again":
        raise Illegal(f"the {move['die']} die does not show Roll Again", "actions.roll-again")
    left = unrolled(facts, state, p)
    if not left:
        raise Illegal("all three dice have been rolled this turn, so Roll Again does nothing "
                      f"('{p} uses {move['die']}')", "actions.roll-again")
    if t["rerolls"] >= facts.roll_again_max:
        raise Illegal(f"Roll Again works at most {facts.roll_again_max} times a turn", "actions.roll-again")
    if move["with"] not in left:
        raise Illegal(f"Roll Again adds a die not yet rolled this turn ({', '.join(left)}), "
                      f"and {move['with']} has been rolled", "actions.roll-again")
    _check_results(facts, state, p, [move["die"], move["with"]], move["results"])


def _check_move(facts, state, move, p, t):
    colour = move["die"]
    face = _pending(state, p, t, colour)
    kind = side_kind(face or "")
    if kind not in MOVING:
        raise Illegal(f"the {colour} die shows {_said(facts, face)}, which moves no monkey "
                      f"('{p} uses {colour}')", "turn.moving")
    space = move["from"]
    if space not in state["monkeys"][p]:
        owners = [q for q in state["players"] if q != p and space in state["monkeys"][q]]
        if owners:
            raise Illegal(f"the monkey on {space} is {owners[0]}'s; {p} moves only {p}'s own monkeys", "turn.moving")
        raise Illegal(f"{p} has no monkey on {space} ({p}'s are on "
                      f"{', '.join(map(str, state['monkeys'][p]))})", "turn.moving")
    steps = move.get("steps")
    if kind == "nine-pip":
        if steps is None:
            raise Illegal(f"a 9-Pip moves {facts.nine_min} to {facts.nine_max} spaces: say how far "
                          f"('... by 5 with {colour}')", "actions.nine-pip")
        if not facts.nine_min <= steps <= facts.nine_max:
            raise Illegal(f"a 9-Pip moves a monkey {facts.nine_min} to {facts.nine_max} spaces, not {steps}",
                          "actions.nine-pip")
    elif kind == "rattlebones":
        if steps is not None and steps != facts.rb_move:
            raise Illegal(f"after Rattlebones steps down, a monkey moves exactly {facts.rb_move}", "turn.rattlebones-side")
    elif steps is not None and steps != side_number(face):
        raise Illegal(f"the {colour} die shows {side_number(face)}: the monkey moves exactly {side_number(face)}",
                      "turn.moving")


def _said(facts, face):
    return "nothing (its arrows run in a circle)" if face is None else facts.label(face)


def _check_use(facts, state, move, p, t):
    colour = move["die"]
    face = _pending(state, p, t, colour)
    kind = side_kind(face or "")
    if kind in MOVING:
        raise Illegal(f"the {colour} die shows {_said(facts, face)}: move a monkey "
                      f"('{p} moves the monkey on {state['monkeys'][p][0]} with {colour}')",
                      "turn.rattlebones-side" if kind == "rattlebones" else "turn.moving")
    if face == "roll-again" and unrolled(facts, state, p) and t["rerolls"] < facts.roll_again_max:
        left = unrolled(facts, state, p)
        raise Illegal(f"Roll Again picks {colour} up with a die not yet rolled: "
                      f"'{p} rolls again with {colour} and {left[0]}'", "actions.roll-again")
    thefts = move.get("thefts") or {}
    if thefts and face != "thief":
        raise Illegal(f"the {colour} die shows {_said(facts, face)}, not Thief", "actions.thief")
    if face == "thief":
        for victim, item in thefts.items():
            if victim == p:
                raise Illegal("a Thief takes from the other players", "actions.thief")
            if state[item][victim] <= 0:
                raise Illegal(f"{victim} has no {ITEM_WORD[item]} to take", "actions.thief")
        for victim in state["players"]:
            has = [i for i in HOLDINGS if state[i][victim] > 0]
            if victim != p and victim not in thefts and len(has) > 1:
                raise Illegal(f"say what the Thief takes from {victim} "
                              f"({' or '.join(ITEM_WORD[i] for i in has)})", "actions.thief")
    if move.get("gamble") is not None:
        if face != "gamble":
            raise Illegal(f"the {colour} die shows {_said(facts, face)}, not Gamble", "actions.gamble")
        if move["gamble"] not in facts.gamble_faces:
            raise Illegal(f"the gamble die has no {move['gamble']} face", "gamble-die")


def _offer(state, p, t, rule="turn.fitting-sides"):
    offer = t["offer"]
    if offer is None:
        raise Illegal(f"no space is offering {p} anything now", rule)
    return offer


def _check_fit(facts, state, move, p, t):
    offer = _offer(state, p, t)
    side, socket = move["side"], move["socket"]
    kind = side_kind(side)
    offered = offer.get("side")
    if offered is None:
        raise Illegal("the store sells stars; it fits no side", "spaces.store")
    if kind != offered:
        raise Illegal(f"the space offers {facts.kind_names[offered]}, not {facts.label(side)}", "turn.fitting-sides")
    if move.get("die") and move["die"] != offer["die"]:
        raise Illegal(f"a new side goes on the die that moved the monkey there ({offer['die']}), "
                      f"not on {move['die']}", "turn.fitting-sides")
    if socket not in facts.sockets:
        raise Illegal(f"a die has sockets 1 to {len(facts.sockets)}", "turn.fitting-sides")
    if socket == facts.fixed_socket:
        raise Illegal(f"socket {socket} holds the Rattlebones side, which is never replaced", "turn.fitting-sides")
    if kind == "points":
        if side_number(side) != facts.points_min:
            raise Illegal(f"the +1 space fits a {facts.points_min}-point side or raises one by "
                          f"{facts.upgrade_by} ('{p} raises {offer['die']} socket N')", "spaces.plus-one")
        if state["supply"]["points"].get(str(facts.points_min), 0) <= 0:
            raise Illegal(f"no {facts.points_min}-point side is left in the supply", "availability")
        return
    if kind == "arrow":
        target = side_number(side)
        if target not in facts.neighbours(socket):
            raise Illegal(f"an arrow over socket {socket} can point at "
                          f"{', '.join(map(str, facts.neighbours(socket)))}, not {target}", "actions.arrow")
    if state["supply"]["sides"].get(kind, 0) <= 0:
        raise Illegal(f"no {facts.kind_names[kind]} side is left in the supply", "availability")


def _check_raise(facts, state, move, p, t):
    offer = _offer(state, p, t)
    if offer.get("side") != "points":
        raise Illegal("only the +1 space raises a points side", "spaces.plus-one")
    if move.get("die") and move["die"] != offer["die"]:
        raise Illegal(f"the +1 space works on the die that moved the monkey there ({offer['die']}), "
                      f"not on {move['die']}", "turn.fitting-sides")
    socket = move["socket"]
    if socket not in facts.sockets:
        raise Illegal(f"a die has sockets 1 to {len(facts.sockets)}", "turn.fitting-sides")
    side = die_sides(state, p, offer["die"])[socket - 1]
    if side_kind(side) != "points":
        raise Illegal(f"socket {socket} of {offer['die']} holds {facts.label(side)}, not a points side",
                      "spaces.plus-one")
    new = side_number(side) + facts.upgrade_by
    if new > facts.points_max:
        raise Illegal(f"points sides go up to {facts.points_max}; this one is already {side_number(side)}",
                      "spaces.plus-one")
    if state["supply"]["points"].get(str(new), 0) <= 0:
        raise Illegal(f"no {new}-point side is left in the supply to raise it to", "spaces.plus-one")


def _check_decline(facts, state, move, p, t):
    _offer(state, p, t)


def _check_sell(facts, state, move, p, t):
    offer = t["offer"]
    if offer is None or offer.get("side") is not None:
        raise Illegal("stars are sold only when a monkey stops on the store", "spaces.store")
    n = move["stars"]
    if n < 1:
        raise Illegal("sell at least one star", "spaces.store")
    if n > state["stars"][p]:
        raise Illegal(f"{p} holds only {state['stars'][p]} star(s)", "spaces.store")


def eligible_doubles(state: dict) -> list[str]:
    t = state["turn"]
    return [d for d, (_kind, amount) in t["earned"].items() if amount > 0 and d not in t["x2"]]


def _check_end(facts, state, move, p, t):
    if not t["rolled"]:
        raise Illegal(f"{p} has not rolled yet this turn", "turn.rolling")
    if t["pending"]:
        raise Illegal(f"the {' and '.join(t['pending'])} die has not been used yet", "turn.order")
    doubles = move.get("doubles") or []
    eligible = eligible_doubles(state)
    for d in doubles:
        if d == "gamble" or d in t["gambled"]:
            raise Illegal("x2 never doubles what the gamble die scores", "actions.double")
        if d not in t["rolled"]:
            raise Illegal(f"the {d} die was not rolled this turn", "actions.double")
        if d in t["x2"]:
            raise Illegal(f"an x2 doubles another die, and {d} shows x2 itself", "actions.double")
        if d not in eligible:
            raise Illegal(f"the {d} die earned no gold, stars or points this turn", "actions.double")
    if len(set(doubles)) != len(doubles):
        raise Illegal("each x2 doubles a different die", "actions.double")
    if len(doubles) > len(t["x2"]):
        raise Illegal(f"{len(t['x2'])} x2 showing, so at most {len(t['x2'])} die doubled", "actions.double")
    needed = len(t["x2"]) if len(t["x2"]) < len(eligible) else len(eligible)
    if len(doubles) < needed:
        raise Illegal(f"x2 is showing: say which die it doubles ('{p} ends the turn, doubling "
                      f"{eligible[0]}')", "actions.double")


# each kind of move's check, by kind (a lookup, not a name built and found in globals() each move)
CHECKS = {
    "pay": _check_pay, "roll": _check_roll, "reroll": _check_reroll, "move": _check_move, "use": _check_use,
    "fit": _check_fit, "raise": _check_raise, "decline": _check_decline, "sell": _check_sell,
    "end": _check_end,
}


# -- every legal move -------------------------------------------------------------------------
def legal_moves(facts: Facts, state: dict) -> list[dict]:
    if state["over"]:
        return []
    p = current(state)
    t = state["turn"]
    out: list[dict] = []
    # plain loops, not comprehensions or min(): each is a call, and this runs after every move
    if not t["rolled"]:
        if not t["paid"]:
            gold = state["gold"][p]
            for g in facts.extra_dice:
                if g > 0 and gold >= g:
                    out.append({"player": p, "kind": "pay", "gold": g})
        for c in itertools.combinations(facts.colours, t["allowed"]):
            out.append({"player": p, "kind": "roll", "dice": list(c), "results": [None] * len(c)})
        return out
    if t["offer"]:
        out += _offer_moves(facts, state, p, t["offer"])
    for colour in t["pending"]:
        out += _die_moves(facts, state, p, colour)
    if not t["pending"]:
        eligible = eligible_doubles(state)
        need = len(t["x2"]) if len(t["x2"]) < len(eligible) else len(eligible)
        for c in itertools.combinations(eligible, need):
            out.append({"player": p, "kind": "end", "doubles": list(c)})
    return out


def _offer_moves(facts, state, p, offer):
    out = [{"player": p, "kind": "decline"}]
    if offer.get("side") is None:
        return out + [{"player": p, "kind": "sell", "stars": n} for n in range(1, state["stars"][p] + 1)]
    die = offer["die"]
    kind = offer["side"]
    sockets = [s for s in facts.sockets if s != facts.fixed_socket]
    if kind == "points":
        sides = [f"points-{facts.points_min}"] if state["supply"]["points"].get(str(facts.points_min), 0) > 0 else []
        for s in sockets:
            side = die_sides(state, p, die)[s - 1]
            if side_kind(side) == "points":
                new = side_number(side) + facts.upgrade_by
                if new <= facts.points_max and state["supply"]["points"].get(str(new), 0) > 0:
                    out.append({"player": p, "kind": "raise", "socket": s, "die": die})
    elif state["supply"]["sides"].get(kind, 0) <= 0:
        return out
    else:
        sides = [kind]
    for s in sockets:
        for side in sides:
            if kind == "arrow":
                out += [{"player": p, "kind": "fit", "side": f"arrow-{n}", "socket": s, "die": die}
                        for n in facts.neighbours(s)]
            else:
                out.append({"player": p, "kind": "fit", "side": side, "socket": s, "die": die})
    return out


def _die_moves(facts, state, p, colour):
    face = effective(state, p, colour)
    kind = side_kind(face or "")
    t = state["turn"]
    if kind in MOVING:
        spaces = sorted(set(state["monkeys"][p]))
        steps = list(range(facts.nine_min, facts.nine_max + 1)) if kind == "nine-pip" else [None]
        return [{"player": p, "kind": "move", "die": colour, "from": s, "steps": n} for s in spaces for n in steps]
    if face == "roll-again" and unrolled(facts, state, p) and t["rerolls"] < facts.roll_again_max:
        return [{"player": p, "kind": "reroll", "die": colour, "with": w, "results": [None, None]}
                for w in unrolled(facts, state, p)]
    if face == "thief":
        choices = []
        victims = []
        for q in state["players"]:
            has = [i for i in HOLDINGS if state[i][q] > 0]
            if q != p and has:
                victims.append(q)
                choices.append(has)
        return [{"player": p, "kind": "use", "die": colour, "thefts": dict(zip(victims, combo)), "gamble": None}
                for combo in itertools.product(*choices)]
    return [{"player": p, "kind": "use", "die": colour, "thefts": {}, "gamble": None}]
