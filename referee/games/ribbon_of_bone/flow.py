"""Ribbon of Bone: carrying out a checked move (apply) and filling in chance (resolve).

Turn loop: roll -> event (take it or move) -> end of turn (a forced encounter with four tokens in
the court) -> roll. A fight: party -> prediction -> shuffle -> bind -> action (assign) -> resolve
(Gravity and Support rolls) -> reaction -> prediction ..., until victory, a full bind or a loss.
"""
from __future__ import annotations

import random
from typing import Any

from referee.games.ribbon_of_bone import combat, rogue
from referee.games.ribbon_of_bone.endings import end_turn, free, game_over, lose_fight, step, surrender, win_fight
from referee.games.ribbon_of_bone.rules import attackers, spendable
from referee.games.ribbon_of_bone.state import (
    LORD_ICON,
    Rules,
    foe_entry,
    foes,
    is_rogue,
    lay,
    return_tokens,
    standing,
    take_token,
)
from referee.table.engine import Event


# -- resolve: what the referee fills in -------------------------------------------------------
def resolve(rules: Rules, state: dict[str, Any], move: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    kind = move["kind"]
    if kind == "roll" and move.get("value") is None:
        return {**move, "value": rng.choice(rules.faces)}
    if kind == "lay" and move.get("card") is None:
        return {**move, "card": rng.choice([c for c in rules.court_cards if c not in state["tokens"]])}
    if kind == "draw" and move.get("card") is None:
        lord = next(lord for lord in rules.lords if _needs_draw(rules, state, lord))
        return {**move, "card": rng.choice(rules.marquis_in(state["piles"][lord]))}
    if kind == "fight" and move.get("card") is None:
        lord = rules.lords_pile(state)
        if lord is None:
            full = [lord for lord in rules.lords if state["piles"][lord]]
            if not full:
                return move  # the court is still: nothing to draw
            lord = rng.choice(full)
        pile = state["piles"][lord]
        move = {**move, "card": pile[0] if state["digital"] else rng.choice(pile)}
    if kind == "fight" and move.get("card") in rules.identities and "with" not in move:
        return {**move, "with": rogue.draw_company(rules, state, move["card"], rng)}
    if kind == "surrender" and move.get("lord") is None:
        return {**move, "lord": rng.choice(state["end"]["choices"])}
    return move


def _needs_draw(rules: Rules, state: dict[str, Any], lord: str) -> bool:
    return bool(rules.marquis_in(state["piles"][lord])) and not any(rules.lord_of(c) == lord for c in state["constituents"])


# -- apply ------------------------------------------------------------------------------------
def apply(rules: Rules, state: dict[str, Any], move: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    APPLY[move["kind"]](rules, state, move, events)
    return events


def _lay(rules, state, move, events):
    lay(state, move["card"])
    events.append(Event(f"{rules.name(move['card'])} is laid in slot {len(state['loop'])}", "setup.court-loop"))
    if len(state["loop"]) == len(rules.court_cards):
        state["phase"] = "draw"


def _draw(rules, state, move, events):
    card = move["card"]
    state["piles"][rules.lord_of(card)].remove(card)
    state["constituents"].append(card)
    events.append(Event(f"{rules.name(card)} joins you as a constituent", "setup.constituents"))
    if not any(_needs_draw(rules, state, lord) for lord in rules.lords):
        state["phase"] = "roll"


def _roll(rules, state, move, events):
    value, phase = move["value"], state["phase"]
    if phase == "roll":
        row = rules.turn_roll[value]
        v = row["event"] == "opportunity" and state["sheet"] >= rules.v_tokens
        state["turn"] = {"roll": value, "second": None, "v": v, "fought": False}
        state["phase"] = "event"
        events.append(Event(f"turn roll {value}: {row['name'].lower()}", row["rule"]))
        if v:
            events.append(Event("five tokens on your identity: the V decision is offered", "thoughts.v-prompts"))
    elif phase == "event":
        state["turn"]["second"] = value
        row = rules.decisions[value]
        events.append(Event(f"decision {row['code']}: {row['scene']} (memory: {rules.name(row['memory'])})",
                            "thoughts.following-decisions"))
    elif phase == "thought-roll":
        state["turn"]["second"] = value
        row = rules.thoughts[value]
        state["phase"] = "answer"
        events.append(Event(f"thought {row['code']}: {row['question']} (yes: {rules.name(row['if_yes'])}, "
                            f"no: {rules.name(row['if_no'])})", "thoughts.following-thoughts"))
    elif phase == "prediction":
        fight = state["fight"]
        waiting = [f for f in standing(fight) if f["prediction"] is None]
        entry = waiting[0]
        entry["prediction"] = value
        ability = combat.effective(rules, entry["foe"], value, entry["bound"])
        events.append(Event(f"{rules.name(entry['foe'])} will use {rules.name(ability)}", "combat.prediction"))
        if len(waiting) > 1:
            events.append(Event(f"roll again for {rules.name(waiting[1]['foe'])}'s prediction", rogue.RULE))
            return
        if len(fight["party"]) > rules.prosecutors:
            state["phase"] = "shuffle"
        else:
            state["phase"] = "action"
    elif phase == "action":
        fight = state["fight"]
        attacking = attackers(state)
        if move.get("for"):
            fight["attacks"].append([move["for"], value])
        elif len(attacking) == 1 or fight["attacks"]:
            taken = {c for c, _ in fight["attacks"]}
            fight["attacks"].append([next(c for c in attacking if c not in taken), value])
        else:
            fight["pending"] = value
            state["phase"] = "assign"
            events.append(Event(f"attack roll {value}: give it to an attacker", "combat.action"))
            return
        _after_attack(rules, state, events)
    elif phase == "resolve":
        state["fight"]["rolls"].append(value)
        _maybe_resolve(rules, state, events)


def _after_attack(rules, state, events):
    fight = state["fight"]
    card, roll = fight["attacks"][-1]
    events.append(Event(f"{rules.name(card)} rolls {roll}: {rules.name(combat.effective(rules, card, roll, []))}",
                        "combat.action"))
    if len(fight["attacks"]) < len(attackers(state)):
        state["phase"] = "action"
        return
    if rogue.needs_aim(fight):
        state["phase"] = "aim"
        return
    state["phase"] = "resolve"
    _maybe_resolve(rules, state, events)


def _aim(rules, state, move, events):
    fight = state["fight"]
    fight["aims"][move["card"]] = move["at"]
    events.append(Event(f"{rules.name(move['card'])} aims at {rules.name(move['at'])}", rogue.RULE))
    if len(fight["aims"]) == len(fight["attacks"]):
        state["phase"] = "resolve"
        _maybe_resolve(rules, state, events)


def _maybe_resolve(rules, state, events):
    fight = state["fight"]
    # one pass: the rolls asked for are needed_rolls', and once all are in, the result is theirs
    res = combat.resolve_turn(rules, state, fight["rolls"], pad=True)
    needed = res["asked"]
    if len(fight["rolls"]) < len(needed):
        events.append(Event(f"roll the D4 for {needed[len(fight['rolls'])]}", "combat.resolution"))
        return
    for line in res["lines"]:
        events.append(Event(line, "abilities.reliance"))
    for entry in standing(fight):
        entry["health"] = max(0, min(rules.foe_health, entry["health"] - res["dealt_to"][entry["foe"]]
                                     + res["foe_heals"].get(entry["foe"], 0)))
    state["health"] = max(0, min(rules.max_health, state["health"] - res["taken"] + res["heal"]))
    foe = " and ".join(rules.name(f["foe"]) for f in foes(fight))
    left = ", ".join(f"{rules.name(f['foe'])} {f['health']}" for f in foes(fight))
    events.append(Event(f"you deal {res['dealt']} and heal {res['heal']}; {foe} deal{'' if is_rogue(fight) else 's'} "
                        f"{res['taken']} and heal{'' if is_rogue(fight) else 's'} {res['foe_heal']}: "
                        f"you {state['health']}, {left}", "combat.resolution"))
    if state["health"] == 0:
        lose_fight(rules, state, events)
    elif not standing(fight):
        win_fight(rules, state, events, captured=False)
    elif spendable(rules, state):
        state["phase"] = "reaction"
    else:
        _next_turn(state)


def _next_turn(state):
    fight = state["fight"]
    fight.update(turn=fight["turn"] + 1, prediction=None, attacks=[], pending=None, rolls=[],
                 last_binder=fight["binder"], binder=None)
    for entry in foes(fight):
        entry["prediction"] = None
    if is_rogue(fight):
        fight["aims"] = {}
    state["phase"] = "prediction"


def _bound(rules, state, icon, events, on=None):
    fight = state["fight"]
    entry = foe_entry(fight, on)
    entry["bound"].append(icon)
    what = rules.name(icon) if icon != LORD_ICON else f"{rules.name(rules.lord_of(entry['foe']))}'s lord icon"
    if is_rogue(fight):
        events.append(Event(f"{what} on {rules.name(entry['foe'])} is bound ({rogue.bound_total(fight)} of "
                            f"{rules.identity_bind} to align {rules.name(fight['identity'])})", "combat.binding"))
        if rogue.aligns(rules, fight):
            win_fight(rules, state, events, aligned=True)
            return True
        return False
    events.append(Event(f"{what} on {rules.name(entry['foe'])} is bound ({len(entry['bound'])} of "
                        f"{len(rules.icons(entry['foe']))})", "combat.binding"))
    if len(entry["bound"]) >= rules.full_bind:
        win_fight(rules, state, events, captured=True)
        return True
    return False


def _move(rules, state, move, events):
    left = state["at"]
    row = rules.turn_roll[state["turn"]["roll"]]
    state["at"] = move["to"]
    if row["move_leaves_memory"]:
        take_token(state)
        state["tokens"][left] += 1
        events.append(Event(f"you move to {rules.name(move['to'])}, leaving a memory on {rules.name(left)}",
                            "turn.movement"))
    else:
        events.append(Event(f"you move to {rules.name(move['to'])} in stillness", "turn.stillness"))
    end_turn(rules, state, events)


def _follow(rules, state, move, events):
    if state["sheet"] >= rules.v_tokens:
        state["phase"] = "v-thought"
        events.append(Event("five tokens on your identity: the V thought", "thoughts.v-prompts"))
    else:
        state["phase"] = "thought-roll"


def _scene(rules, state, code, events, rule):
    state["scenes"].append(code)
    if code.startswith("V"):
        return_tokens(state, state["sheet"])
        state["sheet"] = 0
    else:
        take_token(state)
        state["sheet"] += 1
    events.append(Event(f"scene {code} recorded; {state['sheet']} memory tokens on your identity", rule))
    end_turn(rules, state, events)


def _answer(rules, state, move, events):
    row = rules.thoughts[state["turn"]["second"]]
    step(rules, state, row["if_yes"] if move["yes"] else row["if_no"], events, "thoughts.following-thoughts")
    _scene(rules, state, f"{row['code']} ({'yes' if move['yes'] else 'no'})", events, "thoughts.recording")


def _take(rules, state, move, events):
    if state["turn"]["v"]:
        state["phase"] = "v-decision"
        return
    row = rules.decisions[state["turn"]["second"]]
    state["memories"].append(row["memory"])
    events.append(Event(f"memory written: {rules.name(row['memory'])}", "thoughts.following-decisions"))
    _scene(rules, state, row["code"], events, "thoughts.recording")


def _remember(rules, state, move, events):
    state["memories"].append(move["ability"])
    events.append(Event(f"memory written: {rules.name(move['ability'])}", "thoughts.v-prompts"))
    _scene(rules, state, "V (thought)", events, "thoughts.v-prompts")


def _attune(rules, state, move, events):
    step(rules, state, move["lord"], events, "thoughts.v-prompts")
    _scene(rules, state, "V (thought)", events, "thoughts.v-prompts")


def _heal(rules, state, move, events):
    state["health"] = max(state["health"], min(rules.max_health, rules.v_heal_to))
    events.append(Event(f"healed to {state['health']}", "thoughts.v-prompts"))
    _scene(rules, state, "V (decision)", events, "thoughts.v-prompts")


def _favour(rules, state, move, events):
    state["wrath"] = False
    events.append(Event("the alignment card turns back to The Favour", "thoughts.v-prompts"))
    _scene(rules, state, "V (decision)", events, "thoughts.v-prompts")


def _fight(rules, state, move, events):
    card = move["card"]
    if state["turn"] is not None:
        state["turn"]["fought"] = True
    if card is None:
        game_over(rules, state, events, "survival", "every marquis pile is empty: the court is still")
        return
    if card in rules.identities:
        if not rogue.start(rules, state, card, move["with"], events):
            game_over(rules, state, events, "survival", "a rogue identity was the last card: no marquis is left")
            return
    else:
        state["piles"][rules.lord_of(card)].remove(card)
        state["fight"] = rogue.fresh_foe(rules, card)
        events.append(Event(f"{rules.name(card)} of {rules.name(rules.lord_of(card))} steps out "
                            f"({rules.foe_health} health)", "combat.setup"))
    state["fight"].update(party=[], binder=None, last_binder=None, attacks=[], pending=None, rolls=[], turn=1)
    if len(state["constituents"]) > rules.party_size:
        state["phase"] = "party"
    else:
        state["fight"]["party"] = list(state["constituents"])
        state["phase"] = "prediction"


def _party(rules, state, move, events):
    state["fight"]["party"] = list(move["cards"])
    state["phase"] = "prediction"


def _binder(rules, state, move, events):
    fight = state["fight"]
    fight["binder"] = move["card"]
    card = move["card"]
    can = combat.bindable(rules, state, rules.marquis[card]["attacks"], rules.lord_of(card))
    state["phase"] = "bind" if can else "action"
    if not can:
        them = " or ".join(rules.name(f["foe"]) for f in standing(fight))
        events.append(Event(f"{rules.name(card)} shares no unbound icon with {them}", "combat.binding"))


def _bind(rules, state, move, events):
    take_token(state)
    if not _bound(rules, state, move["icon"], events, move.get("on")):
        state["phase"] = "action"


def _pass(rules, state, move, events):
    if state["phase"] == "bind":
        state["phase"] = "action"
    else:
        _next_turn(state)


def _assign(rules, state, move, events):
    fight = state["fight"]
    fight["attacks"].append([move["card"], fight["pending"]])
    fight["pending"] = None
    _after_attack(rules, state, events)


def _spend(rules, state, move, events):
    memory = move["memory"]
    if memory in state["tokens"]:
        icon = rules.room_icon(state, memory)
        state["tokens"][memory] -= 1  # the token moves from the court onto the opponent's icon
        if memory in state["lord_side"]:
            state["lord_side"].remove(memory)
        else:
            state["lord_side"].append(memory)
        side = "lord" if memory in state["lord_side"] else "room"
        events.append(Event(f"the memory on {rules.name(memory)} is spent; the card turns to its {side} side",
                            "combat.reaction"))
    else:
        icon = memory
        state["memories"].remove(memory)
        take_token(state)
        events.append(Event(f"the written {rules.name(memory)} memory is crossed out", "combat.reaction"))
    if not _bound(rules, state, icon, events, move.get("on")):
        _next_turn(state)


APPLY = {"lay": _lay, "draw": _draw, "roll": _roll, "move": _move, "follow": _follow, "answer": _answer,
         "take": _take, "remember": _remember, "attune": _attune, "heal": _heal, "favour": _favour,
         "fight": _fight, "party": _party, "binder": _binder, "bind": _bind, "pass": _pass,
         "assign": _assign, "aim": _aim, "spend": _spend, "free": free, "surrender": surrender}
