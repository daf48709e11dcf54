"""An attack from start to end: target, block, rolls and rerolls, damage, bone abilities.

state["attack"] while one is under way: {"by", "warrior", "target" (a player's name or a
warrior's uid), "defender", "blocked", "stage" (block | roll | choose | bones), "dice" (die ids),
"faces" (face index per die, None before it is rolled), "rolling" (the dice the next roll throws),
"may" (the rerolls allowed now: "blanks", "all", or a die id for a free reroll of one blank die of
that kind), "pool": {"damage", "bone"}, "used": the once-per-attack abilities used}.
"""
from __future__ import annotations

from referee.table.engine import Event

from . import board, effects
from .cards import Catalogue, State


def start(cat: Catalogue, state: State, player: str, uid: str, target: str) -> list[Event]:
    owner, w = board.located(state, uid)
    w["roused"] = False
    defender = target if target in state["p"] else board.located(state, target)[0]
    dice = board.attack_dice(cat, state, player, w) + state.get("boosts", {}).pop(uid, [])
    state["attack"] = {"by": player, "warrior": uid, "target": target, "defender": defender, "blocked": False,
                       "stage": "roll", "dice": dice, "faces": [None] * len(dice),
                       "rolling": list(range(len(dice))), "may": [], "pool": {"damage": 0, "bone": 0}}
    aim = target if target in state["p"] else board.label(cat, state, target)
    events = [Event(f"{player}'s {cat.name(uid)} is stimulated and attacks {aim}", "attack")]
    if board.unblockable(cat, w):
        events.append(Event(f"{cat.name(uid)} is unblockable", "effects.unblockable"))
    elif blockers(state, defender):
        state["attack"]["stage"] = "block"
        events.append(Event(f"{defender} may block with a roused warrior", "attack.blocking"))
    return events


def blockers(state: State, defender: str) -> list[str]:
    return [w["card"] for w in state["p"][defender]["warriors"] if w["roused"]]


def block(cat: Catalogue, state: State, uid: str | None) -> list[Event]:
    att = state["attack"]
    att["stage"] = "roll"
    if uid is None:
        return [Event(f"{att['defender']} does not block", "attack.blocking")]
    _owner, w = board.located(state, uid)
    w["roused"] = False
    att["target"], att["blocked"] = uid, True
    return [Event(f"{board.label(cat, state, uid)} blocks and is stimulated; it is now the target", "attack.blocking")]


def roll(cat: Catalogue, state: State, data, results: list[int]) -> list[Event]:
    att = state["attack"]
    dice, faces, pool = [cat.dice[d] for d in att["dice"]], att["faces"], att["pool"]
    shown = []
    for i, face in zip(att["rolling"], results):
        faces[i] = face
        shown.append(f"{att['dice'][i]} {dice[i].labels[face]}")
    events = [Event(f"{att['by']} rolls: {', '.join(shown)}", "attack.rolling")]
    timed = [i for i in att["rolling"] if dice[i].timed]
    if timed and all(not dice[i].symbols[faces[i]] for i in timed):
        att["pool"] = {"damage": 0, "bone": 0}
        events.append(Event("every time die is blank: time has run out, the effect pool is emptied and the attack fails",
                            "attack.time-dice"))
        found = board.find(state, att["warrior"])
        if found:  # "if the attack fails because time ran out, it still ..."
            ctx = {"warrior": att["warrior"], "defender": att["defender"], "target": att["target"]}
            events += effects.fire(cat, state, att["by"], "time-out", ctx,
                                   [found[1]["card"]] + ([found[1]["weapon"]] if found[1]["weapon"] else []))
        state["attack"] = None
        return events
    for i in att["rolling"]:
        for key, n in dice[i].symbols[faces[i]].items():
            pool[key] = pool.get(key, 0) + n
    blanks = [i for i, f in enumerate(faces) if not dice[i].symbols[f]]
    att["may"] = []
    if blanks and any(dice[i].symbols[faces[i]] for i in timed):
        att["may"].append("blanks")
    if not blanks:
        att["may"].append("all")
    att["may"] += free_rerolls(cat, state, data)
    events.append(Event(f"effect pool: {pool['damage']} damage, {pool['bone']} bone", "attack.effect-pool"))
    if att["may"]:
        att["stage"] = "choose"
        shown = [m if m in ("blanks", "all") else f"one blank {m} die" for m in att["may"]]
        events.append(Event(f"{att['by']} may reroll {' or '.join(shown)}, or stop", "attack.rerolls"))
        return events
    return events + resolve(cat, state)


def free_rerolls(cat: Catalogue, state: State, data) -> list[str]:
    """The kinds of dice showing a blank that a reroll-blank ability (within its limit) lets the
    attacker reroll one of now, time dice or not."""
    att = state["attack"]
    kinds: list[str] = []
    for key, e in effects.triggered(cat, state, effects.in_play(state, att["by"]), "lasting", "reroll-blank"):
        if att.get("free", {}).get(key, 0) >= e["amount"]:
            continue
        for i, f in enumerate(att["faces"]):
            die = att["dice"][i]
            if die in e["dice"] and die not in kinds and f is not None and not cat.dice[die].symbols[f]:
                kinds.append(die)
    return sorted(kinds)


def reroll(cat: Catalogue, state: State, data, which: str) -> list[Event]:
    att = state["attack"]
    if which not in ("all", "blanks"):
        key, e = next((k, e) for k, e in effects.triggered(cat, state, effects.in_play(state, att["by"]), "lasting",
                                                           "reroll-blank")
                      if which in e["dice"] and att.get("free", {}).get(k, 0) < e["amount"])
        uses = att.setdefault("free", {})
        uses[key] = uses.get(key, 0) + 1
        if uses[key] >= e["amount"]:
            effects.spend(state, key, e)
        att["rolling"] = [next(i for i, f in enumerate(att["faces"])
                               if att["dice"][i] == which and not cat.dice[which].symbols[f])]
        att["stage"] = "roll"
        return [Event(f"{att['by']} rerolls one blank {which} die ({cat.name(key.rsplit(':', 1)[0])})",
                      "attack.rerolls")]
    if which == "all":
        att["rolling"] = list(range(len(att["dice"])))
    else:
        att["rolling"] = [i for i, f in enumerate(att["faces"]) if not cat.dice[att["dice"][i]].symbols[f]]
    att["stage"] = "roll"
    return [Event(f"{att['by']} rerolls {which} ({len(att['rolling'])} dice)", "attack.rerolls")]


def resolve(cat: Catalogue, state: State) -> list[Event]:
    events = hit(cat, state, state["attack"]["pool"]["damage"])
    state["attack"]["stage"] = "bones"
    return events + after_bones(cat, state)


def hit(cat: Catalogue, state: State, damage: int, source: str | None = None) -> list[Event]:
    """The attack deals damage to its target (a player, or a warrior: a blocker's ward and
    blocking bonus count)."""
    att = state["attack"]
    rule = "attack.time-dice" if source else "attack.resolution"
    events: list[Event] = [Event(f"{source} deals {damage} damage to the target", rule)] if source else []
    target = att["target"]
    if target in state["p"]:
        if target in state["active"] and damage:
            events += board.damage_player(cat, state, target, damage, rule)
        elif not damage:
            events.append(Event("no damage", "attack.resolution"))
    else:
        found = board.find(state, target)
        if found:
            owner, w = found
            if att["blocked"] and board.ward(cat, w):
                damage = max(0, damage - board.ward(cat, w))
                events.append(Event(f"{cat.name(target)} wards off some damage ({damage} left)", "attack.resolution"))
            hp = board.health(cat, state, owner, w, blocking=att["blocked"])
            if damage >= hp:
                events.append(Event(f"{damage} damage against health {hp}", "attack.resolution"))
                events += board.leave_play(cat, state, owner, w, "burn")
            else:
                events.append(Event(f"{damage} damage against health {hp}: {board.label(cat, state, target)} survives",
                                    "attack.resolution"))
    return events


def bone_sources(cat: Catalogue, state: State) -> list[str]:
    """The cards (the attacker and its weapon) whose bone ability the pool can pay for now."""
    att = state["attack"]
    if not att or att["stage"] != "bones" or len(state["active"]) < 2:
        return []
    found = board.find(state, att["warrior"])
    if not found:
        return []
    cards = [found[1]["card"]] + ([found[1]["weapon"]] if found[1]["weapon"] else [])
    return [c for c in cards if cat.bone_cost(c) is not None and bone_price(cat, state, c)[0] <= att["pool"]["bone"]]


def bone_price(cat: Catalogue, state: State, card: str, full: bool = False) -> tuple[int, tuple[str, dict] | None]:
    """What one use of the card's bone ability costs the attacker now, and the discount (key,
    effect) that lowers it (None: full cost). Unless ``full``, the best discount still unused
    within its limit is taken; a discount never takes a cost below its minimum."""
    cost = cat.bone_cost(card)
    if cost is None:  # check and bone_sources ask only about cards with a bone ability
        raise ValueError(f"{card} has no bone ability")
    if full:
        return cost, None
    return effects.discounted(cat, state, state["attack"]["by"], "bone-use", cost)


def after_bones(cat: Catalogue, state: State) -> list[Event]:
    """End the attack when no bone ability can be paid for (or the game is over)."""
    if state["attack"] and state["attack"]["stage"] == "bones" and not state.get("pending") and not bone_sources(cat, state):
        state["attack"] = None
        return [Event("the attack is over", "attack.bone-abilities")]
    return []


def use_bone(cat: Catalogue, state: State, card: str, full: bool = False) -> list[Event]:
    att = state["attack"]
    cost, discount = bone_price(cat, state, card, full)
    att["pool"]["bone"] -= cost
    events = [Event(f"{att['by']} pays {cost} bone for {cat.name(card)}'s bone ability ({att['pool']['bone']} left)",
                    "attack.bone-abilities")]
    if discount:
        effects.spend(state, *discount)
        events.append(Event(f"{cat.name(discount[0].rsplit(':', 1)[0])}: the ability costs "
                            f"{(cat.bone_cost(card) or 0) - cost} bone fewer", "attack.bone-abilities"))
    ctx = {"warrior": att["warrior"], "defender": att["defender"], "target": att["target"]}
    events += effects.fire(cat, state, att["by"], "bone-use", ctx)
    for text in effects.unexpressed(cat, card, "bone"):
        events.append(effects.by_hand(state, att["by"], text))
    ctx = {"source": card, "warrior": att["warrior"], "defender": att["defender"], "target": att["target"]}
    events += effects.run(cat, state, att["by"], cat.effects(card, "bone"), ctx)
    return events + after_bones(cat, state)
