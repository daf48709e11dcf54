"""Ribbon of Bone: how a fight ends (victory, full bind, loss), the end of a turn (and its forced
encounter), attunement steps, and the end of the game with its Escape and Capture."""
from __future__ import annotations

from referee.games.ribbon_of_bone.rules import forced_due
from referee.games.ribbon_of_bone.state import bound_tokens, constituency_worth, foes, reshuffle, return_tokens
from referee.table.engine import Event


def win_fight(rules, state, events, captured=False, aligned=False):
    """Victory, a full bind, or (against a rogue identity) aligning the identity. Against two
    marquises, neither joins you; you heal once and step once toward each marquis's lord."""
    fight = state["fight"]
    cards = [f["foe"] for f in foes(fight)]
    identity = fight.get("identity")
    return_tokens(state, bound_tokens(state))
    state["fight"] = None
    if captured:
        state["constituents"].append(cards[0])
        events.append(Event(f"full bind: {rules.name(cards[0])} joins your constituency", "combat.endings.full-bind"))
    elif aligned:
        state["aligned"].append(identity)
        state["defeated"].extend(cards)
        events.append(Event(f"{rules.identity_bind} icons bound: {rules.name(identity)} is aligned to your "
                            f"constituency (worth {rules.identity_worth}, never fights); "
                            f"{' and '.join(map(rules.name, cards))} are set aside", "ending.survival.unleash"))
    else:
        state["defeated"].extend(cards + ([identity] if identity else []))
        beaten = " and ".join(map(rules.name, cards)) + (f", with {rules.name(identity)}," if identity else "")
        events.append(Event(f"victory: {beaten} {'are' if len(cards) > 1 or identity else 'is'} defeated and "
                            "set aside", "combat.endings.victory"))
    state["health"] = min(rules.max_health, state["health"] + rules.victory_heal)
    for card in cards:
        step(rules, state, rules.lord_of(card), events, "combat.endings.victory")
    if constituency_worth(rules, state) >= rules.constituency_win:
        game_over(rules, state, events, "survival", f"your constituency reaches {rules.constituency_win}")
        return
    end_turn(rules, state, events)

def lose_fight(rules, state, events):
    fight = state["fight"]
    back = [f["foe"] for f in foes(fight)] + ([fight["identity"]] if fight.get("identity") else [])
    return_tokens(state, bound_tokens(state))
    state["fight"] = None
    for card in back:
        reshuffle(state, rules.lord_of(card), card)
    if state["wrath"]:
        events.append(Event("you fall while in The Wrath", "combat.endings.loss"))
        game_over(rules, state, events, "death", "you fell a second time, in The Wrath")
        return
    state.update(wrath=True, attune=rules.centre, health=rules.start_health)
    events.append(Event(f"loss: The Wrath, attunement back to the centre, health {rules.start_health}; "
                        f"{' and '.join(map(rules.name, back))} {'are' if len(back) > 1 else 'is'} shuffled back", "combat.endings.loss"))
    for card in state["loop"]:
        if card in state["lord_side"] and state["tokens"][card]:
            for _ in range(state["tokens"][card]):
                step(rules, state, rules.rooms[card]["lord"], events, "combat.endings.loss")
            return_tokens(state, state["tokens"][card])
            state["tokens"][card] = 0
            state["lord_side"].remove(card)
    end_turn(rules, state, events)

def step(rules, state, lord, events, rule):
    state["attune"] = rules.step(state["attune"], lord)
    events.append(Event(f"attunement steps toward {rules.name(lord)}: {rules.spaces[state['attune']]['name']}", rule))

def end_turn(rules, state, events):
    turn = state["turn"] or {}
    if not turn.get("fought") and forced_due(rules, state):
        state["phase"] = "forced"
        events.append(Event(f"{rules.forced_tokens} or more memory tokens lie in the court: you must fight",
                            "turn.forced-encounter"))
    else:
        state["phase"], state["turn"] = "roll", None

def game_over(rules, state, events, kind, reason):
    end = {"kind": kind, "reason": reason, "choices": [], "freed": [], "captured": [], "lord": None}
    state["end"] = end
    state["phase"] = "over"
    most = rules.most_attuned(state["attune"])
    if kind == "survival":
        end["rule"] = "ending.survival"
        prisoners = {lord for lord in rules.lords for c in state["envelope"] if rules.lord_of(c) == lord}
        if not state["envelope"]:
            pass
        elif len(most) == 1 and most[0] in prisoners:
            free(rules, state, {"lord": most[0]}, events)
        else:
            end["choices"] = list(rules.lords)
            state["phase"] = "escape"
    else:
        end["rule"] = "ending.death"
        counts = {lord: sum(rules.lord_of(c) == lord for c in state["constituents"]) for lord in most}
        top = [lord for lord in most if counts[lord] == max(counts.values())]
        if len(top) == 1:
            surrender(rules, state, {"lord": top[0]}, events)
        else:
            end["choices"] = top
            state["phase"] = "capture"
    events.append(Event(f"the game ends in {kind}: {reason}", end["rule"]))

def free(rules, state, move, events):
    lord = move["lord"]
    freed = [c for c in state["envelope"] if rules.lord_of(c) == lord]
    state["envelope"] = [c for c in state["envelope"] if c not in freed]
    state["end"].update(lord=lord, freed=freed)
    state["phase"] = "over"
    events.append(Event(f"escape: {rules.name(lord)}'s prisoners go free ({', '.join(map(rules.name, freed)) or 'none'})",
                        "ending.survival.escape"))

def surrender(rules, state, move, events):
    lord = move["lord"]
    captured = [c for c in state["constituents"] if rules.lord_of(c) == lord]
    state["constituents"] = [c for c in state["constituents"] if c not in captured]
    state["envelope"] = state["envelope"] + captured
    state["end"].update(lord=lord, captured=captured)
    state["phase"] = "over"
    events.append(Event(f"capture: {rules.name(lord)}'s constituents go into the envelope "
                        f"({', '.join(map(rules.name, captured)) or 'none'})", "ending.death.capture"))
