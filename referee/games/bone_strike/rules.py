"""Whether a Bone Strike move is allowed now (``check``) and every move that is (``legal``)."""
from __future__ import annotations

from typing import Any, cast

from referee.table.engine import Illegal

from . import attack, board
from .cards import Catalogue, State, cid, in_hand


def lineup_short(state: State) -> bool:
    return len(state["lineup"]) < state["limits"]["lineup-size"] and bool(state["main"])


def price(cat: Catalogue, state: State, card: str) -> int:
    return discounted(cat, state, card)[0]


def discounted(cat: Catalogue, state: State, card: str) -> tuple[int, tuple[str, dict] | None]:
    """A lineup card's price for the player whose turn it is, and the discount that lowers it."""
    return attack.effects.discounted(cat, state, state["turn"], "buy", cat[card].get("cost") or 0)


def to_act(state: State) -> list[str]:
    if len(state["active"]) < 2:
        return []
    if not state["digital"] and lineup_short(state):
        return ["table"]
    if state.get("pending"):
        return [state["pending"]["player"]]
    att = state.get("attack")
    if att and att["stage"] == "block":
        return [att["defender"]]
    return [state["turn"]]


def holds(state: State, pl: dict, card: str) -> bool:
    """Whether ``card`` is among in_hand(state, pl), without sorting a list of the hand's cards."""
    if state["digital"]:
        return card in map(cid, pl["hand"])
    return bool(pl["hand_n"]) and card in map(cid, pl["hidden"])


def check(cat: Catalogue, data, state: State, move: dict[str, Any]) -> None:
    kind, player = move.get("kind"), move.get("player")
    if len(state["active"]) < 2:
        raise Illegal("the game is over", "objective")
    if kind == "reveal":
        if state["digital"] or not lineup_short(state):
            raise Illegal("the lineup is full (or the referee deals it itself): nothing to reveal", "buy")
        if move.get("card") is not None and move["card"] not in set(map(cid, state["main"])):
            raise Illegal(f"no {cat.name(move['card'])} can still be in the main deck", "buy")
        return
    if player not in state["active"]:
        raise Illegal(f"{player} is out of the game", "elimination")
    if not state["digital"] and lineup_short(state):
        raise Illegal("first turn up the next card of the main deck into the lineup ('reveal <card>')", "buy")
    pending = state.get("pending")
    if pending:
        if kind != "choose" or player != pending["player"]:
            raise Illegal(f"{pending['player']} must first pick a target for "
                          f"{cat.name(pending['ctx']['source'])}", "effects")
        if move.get("choice") is None:
            if not pending["effect"]["optional"]:
                raise Illegal(f"{cat.name(pending['ctx']['source'])} is not optional: pick one", "effects")
        elif move["choice"] not in pending["options"]:
            raise Illegal(f"that is not one of the choices for {cat.name(pending['ctx']['source'])}", "effects")
        return
    if kind == "choose":
        raise Illegal("there is nothing to pick now", "effects")
    att = state.get("attack")
    if att:
        _check_attack(cat, data, state, att, move)
        return
    if kind in ("block", "roll", "reroll", "stop", "bone"):
        raise Illegal("no attack is under way", "attack")
    if player != state["turn"]:
        raise Illegal(f"it is {state['turn']}'s turn, not {player}'s", "turn")
    pl = state["p"][player]
    if kind == "end":
        return
    card = cast(str, move.get("card"))  # these kinds name a card (parse sees to it)
    if kind == "discard":
        if not holds(state, pl, card):
            raise Illegal(f"{player} has no {cat.name(card)} in hand", "discard")
    elif kind == "buy":
        if card not in map(cid, state["lineup"]):
            raise Illegal(f"{cat.name(card)} is not in the lineup", "buy")
        if price(cat, state, card) > state["booty"]:
            raise Illegal(f"{cat.name(card)} costs {price(cat, state, card)} booty and {player} has "
                          f"{state['booty']}", "buy")
    elif kind == "play":
        if not holds(state, pl, card):
            raise Illegal(f"{player} has no {cat.name(card)} in hand", "play")
        card_kind = cat.kind(card)
        if card_kind not in ("action", "warrior", "weapon"):
            raise Illegal(f"{cat.name(card)} cannot be played", "play")
        if card_kind == "weapon":
            if not any(not w["weapon"] for w in pl["warriors"]):
                raise Illegal(f"{player} has no unarmed warrior in play to take a weapon", "play.weapons")
            if move.get("on") not in {w["card"] for w in pl["warriors"]}:
                raise Illegal("a weapon goes on one of your own warriors in play", "play.weapons")
    elif kind == "attack":
        _check_attack_start(cat, state, player, move)
    else:
        raise Illegal(f"'{kind}' is not a move of the route phase", "turn.route")


def _check_attack_start(cat: Catalogue, state: State, player: str, move: dict[str, Any]) -> None:
    found = board.find(state, move.get("warrior"))
    if not found or found[0] != player:
        raise Illegal("only a warrior you control in play can attack", "attack")
    if not found[1]["roused"]:
        raise Illegal(f"{cat.name(found[1]['card'])} is stimulated: only a roused warrior can attack", "attack")
    target = move.get("target")
    if target in state["p"]:
        defender = target
    else:
        where = board.find(state, target)
        if not where:
            raise Illegal("that warrior is not in play", "attack.targets")
        defender = where[0]
    if defender not in board.neighbours(state, player):
        raise Illegal(f"{player} can attack only the players on either side "
                      f"({' and '.join(board.neighbours(state, player))}) or their warriors", "attack.targets")


def _check_attack(cat: Catalogue, data, state: State, att: dict, move: dict[str, Any]) -> None:
    kind, player, stage = move.get("kind"), move.get("player"), att["stage"]
    if stage == "block":
        if player != att["defender"] or kind != "block":
            raise Illegal(f"{att['defender']} must first say whether they block", "attack.blocking")
        if move.get("warrior") is not None:
            found = board.find(state, move["warrior"])
            if not found or found[0] != player:
                raise Illegal("only one of your own warriors in play can block", "attack.blocking")
            if not found[1]["roused"]:
                raise Illegal(f"{cat.name(found[1]['card'])} is stimulated and cannot block", "attack.blocking")
        return
    if kind == "block":
        raise Illegal("it is too late to block: blocks are settled before the dice are rolled", "attack.blocking")
    if player != att["by"]:
        raise Illegal(f"{att['by']} is attacking: finish the attack first", "attack")
    if kind == "roll":
        if stage != "roll":
            raise Illegal("the dice have been rolled: reroll or stop", "attack.rerolls" if stage == "choose"
                          else "attack.bone-abilities")
        results = move.get("results")
        if results is not None:
            if len(results) != len(att["rolling"]):
                raise Illegal(f"this roll throws {len(att['rolling'])} dice", "attack.rolling")
            for i, face in zip(att["rolling"], results):
                if not (isinstance(face, int) and 0 <= face < len(cat.dice[att["dice"][i]].labels)):
                    raise Illegal(f"no such face on the {att['dice'][i]} die", "attack.rolling")
        return
    if kind == "reroll":
        if stage != "choose":
            raise Illegal("you may reroll only right after a roll", "attack.rerolls")
        if move.get("which") not in att["may"]:
            which = move.get("which")
            why = ("blanks may be rerolled only after a roll in which a time die scored" if which == "blanks"
                   else "all dice may be rerolled only when every die shows a symbol" if which == "all"
                   else f"no free reroll of a blank {which} die now (an ability allows it, within its limit, "
                        f"for a die of its kinds showing a blank)")
            raise Illegal(why, "attack.rerolls")
        return
    if kind == "stop":
        if stage not in ("choose", "bones"):
            raise Illegal("roll the dice first", "attack.rolling")
        return
    if kind == "bone":
        if stage != "bones":
            raise Illegal("bone abilities are used after the damage, once you stop rolling", "attack.bone-abilities")
        card = move.get("card")
        _owner, w = board.located(state, att["warrior"])
        if not card or card not in (w["card"], w["weapon"]):
            raise Illegal("only the attacking warrior's (or its weapon's) bone ability can be used",
                          "attack.bone-abilities")
        if cat.bone_cost(card) is None:
            raise Illegal(f"{cat.name(card)} has no bone ability", "attack.bone-abilities")
        cost = attack.bone_price(cat, state, card, bool(move.get("full")))[0]
        if cost > att["pool"]["bone"]:
            raise Illegal(f"{cat.name(card)}'s bone ability costs {cost} bone and the pool holds "
                          f"{att['pool']['bone']}", "attack.bone-abilities")
        return
    raise Illegal("finish the attack first (roll, reroll, stop or use bone abilities)", "attack")


def legal(cat: Catalogue, state: State) -> list[dict[str, Any]]:
    # to_act's cases, in its order, written out: a playout lists the moves after every move
    if len(state["active"]) < 2:
        return []
    if not state["digital"] and lineup_short(state):
        return [{"player": None, "kind": "reveal", "card": None}]
    pending = state.get("pending")
    if pending:
        p = pending["player"]
        choices = [{"player": p, "kind": "choose", "choice": o} for o in pending["options"]]
        return choices + ([{"player": p, "kind": "choose", "choice": None}] if pending["effect"]["optional"] else [])
    att = state.get("attack")
    if att:
        return _attack_moves(cat, state, att)
    p = state["turn"]
    pl = state["p"][p]
    hand = in_hand(state, pl)
    # Plain loops rather than comprehensions, any() and the like: each of those is a call, and
    # these lists hold a handful of cards.
    moves = []
    for c in hand:
        moves.append({"player": p, "kind": "discard", "card": c})
    booty, found, costs = state["booty"], None, cat.costs
    for c in sorted(set(map(cid, state["lineup"]))):
        cost = costs[c]
        if cost > booty:
            # Only a discount (never raising a price) could bring the card in reach: the
            # player's discounts, what discounted() finds, are looked for once, when first needed.
            if found is None:
                found = attack.effects.discounts(cat, state, p, "buy")
            if found:
                cost = attack.effects.cheapest(found, cost)[0]
        if cost <= booty:
            moves.append({"player": p, "kind": "buy", "card": c})
    warriors = pl["warriors"]
    kind_of = cat.kind
    for c in hand:
        kind = kind_of(c)
        if kind == "weapon":
            for w in warriors:
                if not w["weapon"]:  # some warrior can take it: it may be laid on any
                    for on in warriors:
                        moves.append({"player": p, "kind": "play", "card": c, "on": on["card"]})
                    break
        elif kind == "action" or kind == "warrior":
            moves.append({"player": p, "kind": "play", "card": c, "on": None})
    roused = [w["card"] for w in warriors if w["roused"]]
    if roused:
        targets = []
        for n in board.neighbours(state, p):
            targets.append(n)
            for w in state["p"][n]["warriors"]:
                targets.append(w["card"])
        for u in roused:
            for t in targets:
                moves.append({"player": p, "kind": "attack", "warrior": u, "target": t})
    moves.append({"player": p, "kind": "end"})
    return moves


def _attack_moves(cat: Catalogue, state: State, att: dict[str, Any]) -> list[dict[str, Any]]:
    p = att["by"]
    if att["stage"] == "block":
        d = att["defender"]
        return [{"player": d, "kind": "block", "warrior": None}] + [
            {"player": d, "kind": "block", "warrior": u} for u in attack.blockers(state, d)]
    if att["stage"] == "roll":
        return [{"player": p, "kind": "roll", "results": None}]
    if att["stage"] == "choose":
        return [{"player": p, "kind": "reroll", "which": m} for m in att["may"]] + [{"player": p, "kind": "stop"}]
    moves: list[dict[str, Any]] = []
    for c in attack.bone_sources(cat, state):
        moves.append({"player": p, "kind": "bone", "card": c})
        if attack.bone_price(cat, state, c)[1] and cat.bone_cost(c) <= att["pool"]["bone"]:
            moves.append({"player": p, "kind": "bone", "card": c, "full": True})  # keep the discount
    return moves + [{"player": p, "kind": "stop"}]
