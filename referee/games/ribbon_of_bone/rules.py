"""Ribbon of Bone: which moves fit the position (check) and what each may be (legal_moves).

The game is a sequence of phases (state["phase"]); each phase allows a few kinds of move. The turn
loop's phases are lay / draw (physical set-up), roll, event, thought-roll, answer, v-thought,
v-decision and forced; a fight's are party, prediction, shuffle, bind, action, assign, resolve and
reaction; the game's end adds escape and capture. apply lives in flow.py.
"""
from __future__ import annotations

from typing import Any

from referee.games.ribbon_of_bone import combat, rogue
from referee.games.ribbon_of_bone.state import LORD_ICON, Rules, court_tokens, is_rogue
from referee.table.engine import Illegal

PHASE_RULE = {
    "lay": "setup.court-loop", "draw": "setup.constituents", "roll": "turn.roll", "event": "turn.roll",
    "thought-roll": "thoughts.following-thoughts", "answer": "thoughts.following-thoughts",
    "v-thought": "thoughts.v-prompts", "v-decision": "thoughts.v-prompts",
    "forced": "turn.forced-encounter", "party": "combat.setup", "prediction": "combat.prediction",
    "shuffle": "combat.shuffling", "bind": "combat.binding", "action": "combat.action",
    "assign": "combat.action", "aim": "ending.survival.unleash", "resolve": "combat.resolution", "reaction": "combat.reaction",
    "escape": "ending.survival.escape", "capture": "ending.death.capture", "over": "ending.when",
}
PHASE_KINDS = {
    "lay": {"lay"}, "draw": {"draw"}, "roll": {"roll"}, "thought-roll": {"roll"}, "answer": {"answer"},
    "v-thought": {"remember", "attune"}, "v-decision": {"heal", "favour"}, "forced": {"fight"},
    "party": {"party"}, "prediction": {"roll"}, "shuffle": {"binder"}, "bind": {"bind", "pass"},
    "action": {"roll"}, "assign": {"assign"}, "aim": {"aim"}, "resolve": {"roll"}, "reaction": {"spend", "pass"},
    "escape": {"free"}, "capture": {"surrender"}, "over": set(),
}
EXPECT = {
    "lay": "lay the next court card of the loop", "draw": "draw a starting constituent from each lord's pile",
    "roll": "roll the D4 for the turn", "thought-roll": "roll the D4 to find the thought",
    "answer": "answer the thought yes or no", "v-thought": "take the V thought: write a memory or attune to a lord",
    "v-decision": "take the V decision: heal, or turn back to The Favour",
    "forced": "fight: four memory tokens lie in the court", "party": "choose the constituents who fight",
    "prediction": "roll the D4 for the opponent's prediction", "shuffle": "choose this turn's binder",
    "bind": "bind a matching icon or pass", "action": "roll the D4 for your attack",
    "assign": "give the roll to one of your attackers",
    "aim": "aim each attack at one of the two marquises", "resolve": "roll the D4 for an ability",
    "reaction": "spend a memory or pass", "escape": "choose the lord whose prisoners escape",
    "capture": "give up the lord whose constituents are captured", "over": "nothing: the game is over",
}
EVENT_KINDS = {"stillness": {"move"}, "thought": {"follow", "move"}, "opportunity": {"roll", "take", "move"},
               "encounter": {"fight", "move"}}
KIND_RULE = {"follow": "turn.thought", "take": "turn.opportunity", "fight": "turn.encounter",
             "roll": "turn.opportunity", "move": "turn.movement"}


def event_of(rules: Rules, state: dict[str, Any]) -> str:
    return rules.turn_roll[state["turn"]["roll"]]["event"]


def check(rules: Rules, state: dict[str, Any], move: dict[str, Any]) -> None:
    phase, kind = state["phase"], move["kind"]
    if move.get("player") != state["player"]:
        raise Illegal(f"{move.get('player')} is not playing; this is {state['player']}'s game", "overview.solo")
    if phase == "over":
        raise Illegal("the game is over", "ending.when")
    if phase == "event":
        event = event_of(rules, state)
        if kind not in EVENT_KINDS[event]:
            rule = KIND_RULE.get(kind, rules.turn_roll[state["turn"]["roll"]]["rule"])
            raise Illegal(f"you rolled {state['turn']['roll']}, {rules.turn_roll[state['turn']['roll']]['name'].lower()}: "
                          f"take what it offers or move", rule)
        if kind == "roll" and (state["turn"]["second"] is not None or state["turn"]["v"]):
            raise Illegal("the decision is already before you: take it or move", "turn.opportunity")
        if kind == "take" and state["turn"]["second"] is None and not state["turn"]["v"]:
            raise Illegal("roll again first to see which decision the opportunity offers", "turn.opportunity")
    elif kind not in PHASE_KINDS[phase]:
        raise Illegal(f"not now: {EXPECT[phase]}", PHASE_RULE[phase])
    CHECKS[kind](rules, state, move)


def _roll(rules, state, move):
    value = move.get("value")
    rule = PHASE_RULE[state["phase"]] if state["phase"] != "event" else "turn.opportunity"
    if value is not None and value not in rules.faces:
        raise Illegal(f"the D4 has no face {value} (it shows {rules.faces[0]} to {rules.faces[-1]})", rule)
    target = move.get("for")
    if target is not None:
        fight = state["fight"]
        if state["phase"] != "action" or fight["pending"] is not None or fight["attacks"]:
            raise Illegal("only your first attack roll is given to an attacker", "combat.action")
        if target not in attackers(state):
            raise Illegal(f"{rules.name(target)} is not attacking this turn", "combat.action")


def _lay(rules, state, move):
    card = move.get("card")
    if card is not None and card in state["tokens"]:
        raise Illegal(f"{rules.name(card)} is already in the loop", "setup.court-loop")


def _draw(rules, state, move):
    card = move.get("card")
    if card is None:
        return
    if card in rules.identities:
        raise Illegal(f"{rules.name(card)} is a rogue identity, not a constituent: it goes back into its pile, "
                      "which is shuffled, and you draw again", "setup.constituents")
    lord = rules.lord_of(card) if card in rules.marquis else None
    if lord is None or card not in state["piles"][lord]:
        raise Illegal(f"{rules.name(card)} is not in any marquis pile", "setup.constituents")
    if any(rules.lord_of(c) == lord for c in state["constituents"]):
        raise Illegal(f"you already drew from {rules.name(lord)}'s pile: one card from each", "setup.constituents")


def _move(rules, state, move):
    if move["to"] not in state["tokens"]:
        raise Illegal(f"{rules.name(move['to'])} is not a court card", "turn.movement")
    if move["to"] not in rules.neighbours(state, state["at"]):
        raise Illegal(f"{rules.name(move['to'])} is not next to {rules.name(state['at'])} in the loop", "turn.movement")


def _fight(rules, state, move):
    card = move.get("card")
    if card is None:
        return
    if card in rules.identities:
        if card not in state["rogues"]:
            raise Illegal(f"{rules.name(card)} is not a rogue identity in this game's piles", "setup.marquis-decks")
    elif card not in rules.marquis:
        raise Illegal(f"{rules.name(card)} is not a marquis", "combat.setup")
    elif "with" in move:
        raise Illegal(f"only a rogue identity brings other marquises; {rules.name(card)} fights alone", "combat.setup")
    lord = rules.lords_pile(state)
    allowed = state["piles"][lord] if lord else [c for p in state["piles"].values() for c in p]
    if card not in allowed:
        where = f"{rules.name(lord)}'s pile" if lord else "any marquis pile"
        raise Illegal(f"{rules.name(card)} cannot be drawn: it is not in {where}", "combat.setup")
    if state["digital"]:
        tops = [state["piles"][lord][0]] if lord else [p[0] for p in state["piles"].values() if p]
        if card not in tops:
            raise Illegal("in a digital game the referee draws, from the top of the pile", "combat.setup")
    if card in rules.identities and "with" in move:
        rogue.check_company(rules, state, card, move["with"])


def _answer(rules, state, move):
    pass


def _remember(rules, state, move):
    if move["ability"] not in rules.abilities or move["ability"] == combat.BASIC:
        raise Illegal("a memory is one of the seven ability icons", "thoughts.v-prompts")


def _attune(rules, state, move):
    if move["lord"] not in rules.lords:
        raise Illegal(f"{rules.name(move['lord'])} is not a lord", "thoughts.v-prompts")


def _favour(rules, state, move):
    if not state["wrath"]:
        raise Illegal("your alignment card already shows The Favour", "thoughts.v-prompts")


def _party(rules, state, move):
    cards = move["cards"]
    if not cards or len(cards) > rules.party_size or len(set(cards)) != len(cards):
        raise Illegal(f"bring one to {rules.party_size} different constituents", "combat.setup")
    for card in cards:
        if card not in state["constituents"]:
            raise Illegal(f"{rules.name(card)} is not one of your constituents", "combat.setup")


def _binder(rules, state, move):
    fight = state["fight"]
    card = move["card"]
    if card not in fight["party"]:
        raise Illegal(f"{rules.name(card)} is not fighting", "combat.shuffling")
    if card == fight["last_binder"]:
        raise Illegal(f"{rules.name(card)} was the binder last turn and cannot bind two turns in a row",
                      "combat.shuffling")


def _target(rules, state, move, rule):
    """The opponent a bind or a spent memory is laid on: named in a rogue fight, else the one."""
    fight = state["fight"]
    on = move.get("on")
    if not is_rogue(fight):
        if on is not None and on != fight["foe"]:
            raise Illegal(f"your opponent is {rules.name(fight['foe'])}, not {rules.name(on)}", rule)
        return fight
    entry = next((f for f in rogue.foes(fight) if f["foe"] == on), None)
    if entry is None:
        them = " or ".join(rules.name(f["foe"]) for f in rogue.foes(fight))
        raise Illegal(f"say which marquis the token goes on: {them}", rule)
    if entry["health"] == 0:
        raise Illegal(f"{rules.name(on)} is beaten and out of the fight: its icons can no longer be bound", rule)
    return entry


def _bind(rules, state, move):
    fight = state["fight"]
    icon = move["icon"]
    binder = fight["binder"]
    entry = _target(rules, state, move, "combat.binding")
    if icon in entry["bound"]:
        raise Illegal(f"{_icon(rules, entry, icon)} on {rules.name(entry['foe'])} is already bound", "combat.binding")
    if icon not in rules.icons(entry["foe"]):
        raise Illegal(f"{rules.name(entry['foe'])} has no {_icon(rules, entry, icon)} icon", "combat.binding")
    if (entry["foe"], icon) not in combat.bindable(rules, state, rules.marquis[binder]["attacks"], rules.lord_of(binder)):
        raise Illegal(f"your binder {rules.name(binder)} does not show {_icon(rules, entry, icon)}", "combat.binding")


def _assign(rules, state, move):
    if move["card"] not in attackers(state):
        raise Illegal(f"{rules.name(move['card'])} is not attacking this turn", "combat.action")


def _aim(rules, state, move):
    rogue.check_aim(rules, state, move, attackers(state))


def _spend(rules, state, move):
    memory = move["memory"]
    entry = _target(rules, state, move, "combat.reaction")
    if memory in state["tokens"]:
        if state["tokens"][memory] == 0:
            raise Illegal(f"no memory token lies on {rules.name(memory)}", "combat.reaction")
        icon = rules.room_icon(state, memory)
        lord = rules.rooms[memory]["lord"] if icon == LORD_ICON else None
        found = combat.bindable(rules, state, [icon], lord)
    else:
        if memory not in state["memories"]:
            raise Illegal(f"no {rules.name(memory)} memory is written in your notebook", "combat.reaction")
        icon, found = memory, combat.bindable(rules, state, [memory], None)
    if not any(foe == entry["foe"] for foe, _ in found):
        raise Illegal(f"that memory binds {_icon(rules, entry, icon)}, which {rules.name(entry['foe'])} "
                      "does not show unbound", "combat.reaction")


def _free(rules, state, move):
    if move["lord"] not in state["end"]["choices"]:
        raise Illegal(f"the prisoners to free are {rules.name(state['end']['choices'][0])}'s", "ending.survival.escape")


def _surrender(rules, state, move):
    lord = move.get("lord")
    if lord is not None and lord not in state["end"]["choices"]:
        names = " or ".join(rules.name(x) for x in state["end"]["choices"])
        raise Illegal(f"the lord captured is {names}, chosen at random", "ending.death.capture")


def _nothing(rules, state, move):
    pass


CHECKS = {"roll": _roll, "lay": _lay, "draw": _draw, "move": _move, "fight": _fight, "follow": _nothing,
          "answer": _answer, "take": _nothing, "remember": _remember, "attune": _attune, "heal": _nothing,
          "favour": _favour, "party": _party, "binder": _binder, "bind": _bind, "pass": _nothing,
          "assign": _assign, "aim": _aim, "spend": _spend, "free": _free, "surrender": _surrender}


def _icon(rules: Rules, entry: dict[str, Any], icon: str) -> str:
    """An icon's name; the lord icon named by the lord of ``entry`` (an opponent of the fight)."""
    if icon == LORD_ICON:
        return f"the lord icon of {rules.name(rules.lord_of(entry['foe']))}"
    return rules.name(icon)


def attackers(state: dict[str, Any]) -> list[str]:
    fight = state["fight"]
    return [c for c in fight["party"] if c != fight["binder"]]


def spend_targets(rules: Rules, state: dict[str, Any]) -> list[tuple[str, str]]:
    """(memory, opponent) pairs: court cards with a token and written memories, and the opponent
    on which each would bind something now."""
    out = []
    for card in state["loop"]:
        if state["tokens"][card]:
            icon = rules.room_icon(state, card)
            lord = rules.rooms[card]["lord"] if icon == LORD_ICON else None
            out += [(card, foe) for foe, _ in combat.bindable(rules, state, [icon], lord)]
    for memory in dict.fromkeys(state["memories"]):
        out += [(memory, foe) for foe, _ in combat.bindable(rules, state, [memory], None)]
    return list(dict.fromkeys(out))


def spendable(rules: Rules, state: dict[str, Any]) -> list[str]:
    """Court cards with a token and written memories that would bind something now."""
    return list(dict.fromkeys(memory for memory, _ in spend_targets(rules, state)))


def legal_moves(rules: Rules, state: dict[str, Any]) -> list[dict[str, Any]]:
    p, phase = state["player"], state["phase"]
    mv = lambda kind, **kw: {"player": p, "kind": kind, **kw}  # noqa: E731
    moves_on = [mv("move", to=c) for c in dict.fromkeys(rules.neighbours(state, state["at"]))] if state["at"] else []
    fight = state["fight"]
    if phase == "lay":
        return [mv("lay", card=None)]
    if phase == "draw":
        return [mv("draw", card=None)]
    if phase in ("roll", "thought-roll", "prediction", "action", "resolve"):
        return [mv("roll", value=None)]
    if phase == "event":
        event, turn = event_of(rules, state), state["turn"]
        if event == "thought":
            return [mv("follow")] + moves_on
        if event == "opportunity":
            first = mv("take") if turn["second"] is not None or turn["v"] else mv("roll", value=None)
            return [first] + moves_on
        if event == "encounter":
            return [mv("fight", card=None)] + moves_on
        return moves_on
    if phase == "answer":
        return [mv("answer", yes=True), mv("answer", yes=False)]
    if phase == "v-thought":
        return ([mv("remember", ability=a) for a in rules.abilities if a != combat.BASIC]
                + [mv("attune", lord=lord) for lord in rules.lords])
    if phase == "v-decision":
        return [mv("heal")] + ([mv("favour")] if state["wrath"] else [])
    if phase == "forced":
        return [mv("fight", card=None)]
    if phase == "party":
        from itertools import combinations
        return [mv("party", cards=list(c)) for c in combinations(state["constituents"], rules.party_size)]
    if phase == "shuffle":
        return [mv("binder", card=c) for c in fight["party"] if c != fight["last_binder"]]
    if phase == "bind":
        binder = fight["binder"]
        pairs = combat.bindable(rules, state, rules.marquis[binder]["attacks"], rules.lord_of(binder))
        if is_rogue(fight):
            return [mv("bind", icon=i, on=foe) for foe, i in pairs] + [mv("pass")]
        return [mv("bind", icon=i) for _, i in pairs] + [mv("pass")]
    if phase == "assign":
        return [mv("assign", card=c) for c in attackers(state)]
    if phase == "aim":
        return [mv("aim", card=c, at=f["foe"]) for c in attackers(state) if c not in fight["aims"]
                for f in rogue.standing(fight)]
    if phase == "reaction":
        if is_rogue(fight):
            return [mv("spend", memory=m, on=foe) for m, foe in spend_targets(rules, state)] + [mv("pass")]
        return [mv("spend", memory=m) for m in spendable(rules, state)] + [mv("pass")]
    if phase == "escape":
        return [mv("free", lord=lord) for lord in state["end"]["choices"]]
    if phase == "capture":
        return [mv("surrender", lord=None)]
    return []


def forced_due(rules: Rules, state: dict[str, Any]) -> bool:
    return court_tokens(state) >= rules.forced_tokens
