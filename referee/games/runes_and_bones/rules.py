"""Judging a move (check) and carrying it out (apply).

A play is a "part": {"rune": id, ...what the rune needs}; a Spy's part holds the part of the rune
it takes ("taking"), which is played at once by the spying player, so checking and applying walk
the parts in turn. ``holder`` is whose hand the rune comes from (the spied player for a taken rune).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from referee.table.engine import Event, Illegal

from . import table as t
from .runes import Runes

State = dict[str, Any]
Move = dict[str, Any]
PRE_KINDS = ("trade", "buy", "discard", "ready")
PRE_RULES = {"trade": "round.trade", "buy": "round.buy", "discard": "round.hand-limit", "ready": "round"}


# -- check ----------------------------------------------------------------------------------------
def check(runes: Runes, state: State, move: Move) -> None:
    player, kind = move["player"], move["kind"]
    if state["result"]:
        raise Illegal("the game is over", state["result"]["rule"])
    if player in state["out"]:
        raise Illegal(f"{player} is out of the game", "end")
    if kind in PRE_KINDS:
        _check_pre(runes, state, move)
    else:
        _check_turn(runes, state, move)


def _check_pre(runes: Runes, state: State, move: Move) -> None:
    p, kind, actor = move["player"], move["kind"], state["actor"]
    rule = PRE_RULES[kind]
    if state["phase"] != "pre":
        when = "the first round skips them" if state["round"] == 1 else "they come before the turns"
        raise Illegal(f"trading, buying and discarding are over for this round: {when}", rule)
    if p != actor:
        raise Illegal(f"it is {actor}'s step: players trade, buy and discard one at a time, clockwise "
                      f"from the bag holder ({state['bag_holder']})", "round")
    hand, bones, step = t.hand_size(state, p), state["bones"][p], state["pre"]["step"]
    if kind == "trade":
        cost = runes.trade_price(state)
        if step != "trade":
            raise Illegal(f"{p} may trade once, before buying or discarding", rule)
        if bones < cost:
            raise Illegal(f"{p} has {bones} bones and a trade costs {cost}", rule)
        if not 1 <= move["count"] <= hand:
            raise Illegal(f"{p} holds {hand} runes and cannot trade {move['count']}", rule)
    elif kind == "buy":
        n, bought = move["count"], state["pre"]["bought"]
        if step == "discard":
            raise Illegal("runes are bought before discarding down to the limit", rule)
        if not 1 <= n or bought + n > runes.most_bought:
            raise Illegal(f"at most {runes.most_bought} runes may be bought in a round"
                          f"{f' ({p} has bought {bought})' if bought else ''}", rule)
        cost = runes.buy_cost(state, n)
        if bones < cost:
            raise Illegal(f"{n} runes cost {cost} bones and {p} has {bones}", rule)
        if t.can_draw(state) < n:
            raise Illegal(f"only {t.can_draw(state)} runes are left to draw", rule)
    elif kind == "discard":
        if hand <= runes.hand_limit:
            raise Illegal(f"{p} holds {hand} runes, no more than {runes.hand_limit}: nothing to discard", rule)
        if hand - move["count"] < runes.hand_limit:
            raise Illegal(f"{p} discards down to {runes.hand_limit} runes, not below ({hand} held)", rule)
    elif hand > runes.hand_limit:
        raise Illegal(f"{p} holds {hand} runes: discard down to {runes.hand_limit} before the turns begin",
                      "round.hand-limit")
    if move.get("runes"):
        hand = state["hands"][p]
        hands = {p: list(hand) if isinstance(hand, list) else hand}
        claims: Counter = Counter()
        for rune in move["runes"]:
            _claim(runes, state, p, p, rune, hands, claims, rule)


def _check_turn(runes: Runes, state: State, move: Move) -> None:
    p, kind, actor = move["player"], move["kind"], state["actor"]
    if state["phase"] == "pre":
        raise Illegal(f"the turns have not begun: {actor} is still trading, buying and discarding", "round")
    if p not in state["in_round"]:
        raise Illegal(f"{p} has folded and plays no more this round", "round.turns.fold")
    if p != actor:
        raise Illegal(f"it is {actor}'s turn, not {p}'s", "round.turns")
    if kind == "pass" and state["bones"][p] < runes.pass_cost:
        raise Illegal(f"{p} has no bone to pass with: play a rune or fold", "round.turns.pass")
    if kind == "play":
        if t.hand_size(state, p) == 0:
            raise Illegal(f"{p} holds no runes: pass or fold", "round.turns.play")
        _check_part(runes, state, p, move, p, _hands_left(state), Counter())


def _hands_left(state: State) -> dict[str, Any]:
    return {p: (list(h) if isinstance(h, list) else h) for p, h in state["hands"].items()}


def _claim(runes: Runes, state: State, player: str, holder: str, rune: str, hands: dict[str, Any],
           claims: Counter, rule: str) -> None:
    """The rune leaves ``holder``'s hand: it must be there (digital) or could be (physical)."""
    label = runes.label[rune]
    if state["digital"]:
        if rune not in hands[holder]:
            raise Illegal(f"{holder} holds no {label}", rule)
        hands[holder].remove(rune)
        return
    if hands[holder] < 1:
        raise Illegal(f"{holder} holds no more runes", rule)
    hands[holder] -= 1
    claims[rune] += 1
    if claims[rune] > t.available(runes, state, rune):
        raise Illegal(f"no {label} can be left in anyone's hand: all {runes.count[rune]} are face up "
                      f"since the bag was last refilled", "components")


def _check_part(runes: Runes, state: State, player: str, part: dict[str, Any], holder: str,
                hands: dict[str, Any], claims: Counter) -> None:
    rune = part["rune"]
    _claim(runes, state, player, holder, rune, hands, claims,
           "round.turns.play" if holder == player else "special-runes.spy")
    kind = runes.kind(rune)
    rule = "" if kind == "normal" else runes.effect(rune)["rule"]  # cited for special runes only
    if kind == "normal" and part["pays"]:
        winning = state["winning"]
        if not winning or winning["rune"] != rune:
            raise Illegal("only a rune identical to the winning rune can buy the win", "beating.identical")
        if state["bones"][player] < runes.win_cost:
            raise Illegal(f"{player} has no bone to buy the win with", "beating.identical")
    elif kind in ("steal", "spy"):
        _other(runes, state, player, part["on"], rune, rule)
    if kind == "spy":
        target, taking = part["on"], part["taking"]
        if t.size(hands[target]) == 0 and taking:
            raise Illegal(f"{target} holds no runes for the spy to take", rule)
        if t.size(hands[target]) and not taking:
            raise Illegal(f"say which of {target}'s runes the spy takes "
                          f"('{player} plays spy on {target} taking ...')", rule)
        if taking:
            _check_part(runes, state, player, taking, target, hands, claims)
    elif kind == "grab":
        for source in part["from"]:
            _other(runes, state, player, source, rune, rule)


def _other(runes: Runes, state: State, player: str, target: str, rune: str, rule: str) -> None:
    if target == player:
        raise Illegal(f"{runes.label[rune]} is aimed at another player, not at {player}", rule)
    if target in state["out"]:
        raise Illegal(f"{target} is out of the game", rule)


# -- apply ----------------------------------------------------------------------------------------
def apply(runes: Runes, state: State, move: Move, rng: random.Random | None = None) -> list[Event]:
    """Carry out the move; unresolved draws in a digital game are filled from ``rng`` into the move."""
    p, kind = move["player"], move["kind"]
    events: list[Event] = []
    if kind == "trade":
        cost = t.move_bones(state, p, "pot", runes.trade_price(state))
        _discard(state, p, move)
        n = t.draw(state, p, move["count"], move, "drawn", rng, events)
        state["pre"]["step"] = "buy"
        events.append(Event(f"{p} pays {t.count(cost, 'bone')} to the pot and swaps {t.count(n, 'rune')} "
                            f"(pot {state['pot']})",
                            "round.trade"))
    elif kind == "buy":
        cost = t.move_bones(state, p, "pot", runes.buy_cost(state, move["count"]))
        n = t.draw(state, p, move["count"], move, "drawn", rng, events)
        state["pre"]["step"] = "buy"
        state["pre"]["bought"] += move["count"]
        events.append(Event(f"{p} pays {t.count(cost, 'bone')} to the pot and draws {t.count(n, 'rune')} "
                            f"(pot {state['pot']})",
                            "round.buy"))
    elif kind == "discard":
        _discard(state, p, move)
        state["pre"]["step"] = "discard"
        events.append(Event(f"{p} discards {t.count(move['count'], 'rune')} (holds {t.hand_size(state, p)})",
                            "round.hand-limit"))
    elif kind == "ready":
        events.append(Event(f"{p} is ready with {t.count(t.hand_size(state, p), 'rune')}", "round"))
        t.next_pre_player(runes, state, events)
    else:
        if kind == "pass":
            paid = t.move_bones(state, p, "pot", runes.pass_cost)
            events.append(Event(f"{p} passes and pays {t.count(paid, 'bone')} to the pot (pot {state['pot']})",
                                "round.turns.pass"))
        elif kind == "fold":
            state["in_round"].remove(p)
            events.append(Event(f"{p} folds and is out of this round", "round.turns.fold"))
        else:
            _play(runes, state, p, move, p, rng, events)
        t.next_turn(runes, state, events)
    return events


def fill_draws(runes: Runes, state: State, move: Move, rng: random.Random) -> None:
    """Fill in the runes a digital move draws (and Da Jhurga takes) as carrying it out would:
    its own effect on a scratch state, leaving ``state`` as it was. The scratch copies only what
    that effect changes (bones, hands, bag, discard pile, seen, the step before the turns), not
    the whole state; passing the turn on afterwards, left out, draws nothing."""
    scratch = {**state, "bones": dict(state["bones"]), "hands": {p: list(h) for p, h in state["hands"].items()},
               "bag": dict(state["bag"]), "discard": dict(state["discard"]), "seen": dict(state["seen"]),
               "pre": dict(state["pre"]) if state["pre"] else None}
    if move["kind"] in ("trade", "buy"):
        apply(runes, scratch, move, rng)
    else:
        _play(runes, scratch, move["player"], move, move["player"], rng, [])


def _discard(state: State, p: str, move: Move) -> None:
    for rune in move.get("runes") or [None] * move["count"]:
        t.take_from_hand(state, p, rune)
        t.to_discard(state, rune, face_up=rune is not None)


def _play(runes: Runes, state: State, player: str, part: dict[str, Any], holder: str,
          rng: random.Random | None, events: list[Event]) -> None:
    rune = part["rune"]
    label = runes.label[rune]
    t.take_from_hand(state, holder, rune if state["digital"] else None)
    kind = runes.kind(rune)
    if kind == "normal":
        _play_normal(runes, state, player, part, events)
        return
    row = runes.effect(rune)
    t.to_discard(state, rune)
    amount = runes.amount(rune)
    if kind == "steal":
        n = t.move_bones(state, part["on"], player, amount)
        events.append(Event(f"{player}'s {label} takes {t.count(n, 'bone')} from {part['on']}", row["rule"]))
    elif kind == "rob":
        n = t.move_bones(state, "pot", player, amount)
        events.append(Event(f"{player}'s {label} takes {t.count(n, 'bone')} from the pot (pot {state['pot']})",
                            row["rule"]))
    elif kind == "draw":
        n = t.draw(state, player, amount, part, "drawn", rng, events)
        events.append(Event(f"{player}'s {label} draws {t.count(n, 'rune')} from the bag", row["rule"]))
    elif kind == "spy":
        taking = part["taking"]
        if taking is None:
            events.append(Event(f"{player}'s {label} finds no runes in {part['on']}'s hand", row["rule"]))
        else:
            events.append(Event(f"{player}'s {label} takes {runes.label[taking['rune']]} from {part['on']} "
                                f"and plays it at once", row["rule"]))
            _play(runes, state, player, taking, part["on"], rng, events)
            return
    else:
        n = _grab(state, player, part, rng)
        events.append(Event(f"{player}'s {label} takes {t.count(n, 'rune')} unseen from "
                            f"{' and '.join(dict.fromkeys(part['from']))}", row["rule"]))
    winning = state["winning"]
    still = (f"{winning['player']}'s {runes.label[winning['rune']]} is still winning" if winning
             else "there is still no winning rune")
    events.append(Event(f"a special rune never wins the pot: {still}", "winning.special-cannot-win"))


def _play_normal(runes: Runes, state: State, player: str, part: dict[str, Any], events: list[Event]) -> None:
    rune, winning = part["rune"], state["winning"]
    label = runes.label[rune]
    if winning is None:
        state["winning"] = {"rune": rune, "player": player}
        events.append(Event(f"{player}'s {label} is the winning rune", "beating"))
        return
    old = runes.label[winning["rune"]]
    wins, rule = runes.beats(rune, winning["rune"])
    if wins or (rule == "beating.identical" and part["pays"]):
        if not wins:
            t.move_bones(state, player, "pot", runes.win_cost)
        t.to_discard(state, winning["rune"])
        state["winning"] = {"rune": rune, "player": player}
        how = "beats" if wins else f"pays {runes.win_cost} bone to the pot and buys the win over"
        why = _why(runes, rune, winning["rune"], rule)
        events.append(Event(f"{player}'s {label} {how} {winning['player']}'s {old}{why}: "
                            f"{player}'s rune is winning now", rule))
        return
    t.to_discard(state, rune)
    if rule == "beating.identical":
        events.append(Event(f"{label} is identical to the winning rune and buys nothing: no effect, "
                            f"it is discarded (pay {runes.win_cost} bone to buy the win)", rule))
    else:
        events.append(Event(f"{label} does not beat {old}{_why(runes, winning['rune'], rune, rule)}: "
                            f"it is discarded with no effect", "beating.beaten"))


def _why(runes: Runes, stronger: str, weaker: str, rule: str) -> str:
    """" (water beats fire)" for the symbols that decided, or nothing for identical runes."""
    symbols = runes.element if rule == "beating.element" else runes.weapon if rule == "beating.weapon" else None
    return f" ({symbols[stronger]} beats {symbols[weaker]})" if symbols else ""


def _grab(state: State, player: str, part: dict[str, Any], rng: random.Random | None) -> int:
    """Da Jhurga: one rune from each named source (a player named twice gives two), unseen."""
    hands = state["hands"]
    if not state["digital"]:
        n = 0
        for source in part["from"]:
            if hands[source]:
                hands[source] -= 1
                hands[player] += 1
                n += 1
        return n
    fill = part.get("taken") is None
    if fill and rng is None:
        raise ValueError("Da Jhurga in a digital game was not resolved")
    taken = [] if fill else part["taken"]
    for i, source in enumerate(part["from"]):
        if fill:
            assert rng is not None  # refused above
            taken.append(rng.choice(hands[source]) if hands[source] else None)
        if taken[i]:
            hands[source].remove(taken[i])
            hands[player].append(taken[i])
    part["taken"] = taken
    return sum(1 for r in taken if r)
