"""Ribbon of Bone: rogue identities, the Unleash ending's mark on later games.

After an Unleash ending the unused identity cards are shuffled into their lords' marquis piles at
set-up (the `rogues` option; state["rogues"]). Drawing one for a fight brings two marquises: one
more from the identity's pile and one from a random pile (from random piles when its own has no
marquis left; the game ends in survival when no marquis is left anywhere). The fight is against
both at once: each has its own health and prediction, their abilities combine, and each of your
attacks is aimed at one of them. Neither can join you; binding six icons across the two aligns
the identity, which then counts as two constituents but never fights.

The fight state keeps the first marquis where an ordinary fight keeps its opponent (foe, health,
bound, prediction) and the second in fight["others"]; fight["identity"] names the rogue and
fight["aims"] maps each attacker to the marquis it hits this turn.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games.ribbon_of_bone.state import LORD_ICON, Rules, foes, is_rogue, standing
from referee.table.engine import Event, Illegal

RULE = "ending.survival.unleash"


def fresh_foe(rules: Rules, card: str) -> dict[str, Any]:
    return {"foe": card, "health": rules.foe_health, "bound": [], "prediction": None}


def marquis_left(rules: Rules, state: dict[str, Any], taken: Sequence[str] = ()) -> dict[str, list[str]]:
    """Each lord's marquis cards still in its pile (rogue identities passed over), less ``taken``."""
    return {lord: [c for c in rules.marquis_in(pile) if c not in taken] for lord, pile in state["piles"].items()}


def company_size(rules: Rules, state: dict[str, Any]) -> int:
    """How many marquises come with a rogue identity: two, or fewer when fewer are left."""
    return min(rules.rogue_draws, sum(len(p) for p in marquis_left(rules, state).values()))


def company_choices(rules: Rules, state: dict[str, Any], identity: str, taken: list[str]) -> tuple[list[str], list[str]]:
    """(lords whose pile the next companion comes from, the cards it may be). The first comes from
    the identity's own pile while it holds a marquis, the rest from random piles; in a digital game
    the referee draws the top marquis of a pile."""
    left = marquis_left(rules, state, taken)
    own = rules.lord_of(identity)
    lords = [own] if not taken and left[own] else [lord for lord in left if left[lord]]
    if state["digital"]:
        return lords, [left[lord][0] for lord in lords]
    return lords, [c for lord in lords for c in left[lord]]


def draw_company(rules: Rules, state: dict[str, Any], identity: str, rng: random.Random) -> list[str]:
    taken: list[str] = []
    for _ in range(company_size(rules, state)):
        lords, _cards = company_choices(rules, state, identity, taken)
        pile = marquis_left(rules, state, taken)[rng.choice(lords)]
        taken.append(pile[0] if state["digital"] else rng.choice(pile))
    return taken


def check_company(rules: Rules, state: dict[str, Any], identity: str, company: list[str]) -> None:
    need = company_size(rules, state)
    if len(company) != need:
        raise Illegal(f"{rules.name(identity)} brings {need} marquis{'es' if need != 1 else ''} from the piles, "
                      f"not {len(company)}", RULE)
    taken: list[str] = []
    for card in company:
        if card not in rules.marquis:
            raise Illegal(f"{rules.name(card)} is not a marquis: a rogue identity's companions are marquises", RULE)
        lords, cards = company_choices(rules, state, identity, taken)
        if card not in cards:
            where = " or ".join(f"{rules.name(lord)}'s pile" for lord in lords)
            how = "the top marquis of " if state["digital"] else ""
            raise Illegal(f"{rules.name(card)} cannot come with {rules.name(identity)}: the "
                          f"{'first' if not taken else 'next'} companion is {how}{where}", RULE)
        taken.append(card)


def start(rules: Rules, state: dict[str, Any], identity: str, company: list[str], events: list[Event]) -> bool:
    """Reveal a rogue identity and its company. False when no marquis is left to fight."""
    state["piles"][rules.lord_of(identity)].remove(identity)
    events.append(Event(f"{rules.name(identity)} of {rules.name(rules.lord_of(identity))} is revealed: a rogue identity",
                        RULE))
    if not company:
        state["piles"][rules.lord_of(identity)].append(identity)
        return False
    for card in company:
        state["piles"][rules.lord_of(card)].remove(card)
    fight = fresh_foe(rules, company[0])
    fight.update(identity=identity, others=[fresh_foe(rules, c) for c in company[1:]], aims={})
    state["fight"] = fight
    names = " and ".join(f"{rules.name(c)} of {rules.name(rules.lord_of(c))}" for c in company)
    events.append(Event(f"{names} step out with it ({rules.foe_health} health each); bind "
                        f"{rules.identity_bind} icons across them to align {rules.name(identity)}", RULE))
    return True


def bound_total(fight: dict[str, Any]) -> int:
    return sum(len(f["bound"]) for f in foes(fight))


def aligns(rules: Rules, fight: dict[str, Any]) -> bool:
    return is_rogue(fight) and bound_total(fight) >= rules.identity_bind


def needs_aim(fight: dict[str, Any]) -> bool:
    return is_rogue(fight) and len(standing(fight)) > 1


def check_aim(rules: Rules, state: dict[str, Any], move: dict[str, Any], attacking: list[str]) -> None:
    fight = state["fight"]
    if move["card"] not in attacking:
        raise Illegal(f"{rules.name(move['card'])} is not attacking this turn", RULE)
    if move["card"] in fight["aims"]:
        raise Illegal(f"{rules.name(move['card'])} already aims at {rules.name(fight['aims'][move['card']])}", RULE)
    if move["at"] not in [f["foe"] for f in standing(fight)]:
        raise Illegal(f"{rules.name(move['at'])} is not an opponent still standing", RULE)


def status_lines(rules: Rules, fight: dict[str, Any], effective) -> list[str]:
    """What a solo player wants at a glance against two marquises: each one's health, icons and
    prediction, how far the identity is from aligning, and where the attacks are aimed."""
    n = rules.name
    identity = fight["identity"]
    lines = [f"fight, turn {fight['turn']}: rogue {n(identity)} of {n(rules.lord_of(identity))}; "
             f"bound {bound_total(fight)}/{rules.identity_bind} to align it"]
    for i, entry in enumerate(foes(fight), 1):
        foe = entry["foe"]
        icons = ", ".join(("lord" if icon == LORD_ICON else n(icon)) + (" (bound)" if icon in entry["bound"] else "")
                          for icon in rules.icons(foe))
        said = f"{n(foe)} of {n(rules.lord_of(foe))}, health {entry['health']}/{rules.foe_health}"
        if entry["health"] == 0:
            lines.append(f"  {i}. {said}, beaten; icons {icons}")
            continue
        plan = (f"; predicts {entry['prediction']}: {n(effective(rules, foe, entry['prediction'], entry['bound']))}"
                if entry["prediction"] is not None else "")
        lines.append(f"  {i}. {said}; icons {icons}{plan}")
    if fight["attacks"]:
        aims = fight.get("aims") or {}
        lines.append("your attacks: " + ", ".join(
            f"{n(card)} rolled {roll}: {n(effective(rules, card, roll, []))}"
            + (f" at {n(aims[card])}" if card in aims else "") for card, roll in fight["attacks"]))
    predicted = [(e["foe"], effective(rules, e["foe"], e["prediction"], e["bound"])) for e in standing(fight)
                 if e["prediction"] is not None]
    shift = sum(rules.abilities[a].get("incoming_modifier") or 0 for _, a in predicted)
    if shift:
        why = ", ".join(f"{n(f)}'s {n(a)}" for f, a in predicted if rules.abilities[a].get("incoming_modifier"))
        lines.append(f"each of your hits this turn: {shift:+d} ({why})")
    return lines


def waiting_for(rules: Rules, fight: dict[str, Any]) -> str:
    """The marquis whose prediction is rolled next."""
    return rules.name(next(f["foe"] for f in standing(fight) if f["prediction"] is None))
