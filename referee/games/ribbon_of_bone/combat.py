"""Ribbon of Bone: the Resolution phase as arithmetic on the abilities table.

Both sides act at once. Each side has a list of actions (a constituent or the opponent, and the
ability its roll gave); each damaging ability is one hit. A side's incoming modifiers (Balance,
Time, Loss) change every hit the other side lands this turn, and a hit never drops below 0.
Gravity and Support need a D4 roll each; `needed_rolls` lists them in the order `resolve_turn`
uses them, so the table can be asked for each roll in turn.
"""
from __future__ import annotations

import math
from typing import Any

from referee.games.ribbon_of_bone.state import LORD_ICON, Rules, standing

BASIC = "basic-attack"


class _Rolls:
    """Hands out the D4 rolls the abilities ask for, and remembers what each was for."""

    def __init__(self, values: list[int] | None, pad: bool = False):
        self.values = values
        self.pad = pad  # hand out 1 for rolls asked beyond the values given, as for None
        self.asked: list[str] = []

    def take(self, label: str) -> int:
        self.asked.append(label)
        if self.values is None or (self.pad and len(self.asked) > len(self.values)):
            return 1
        return self.values[len(self.asked) - 1]


def effective(rules: Rules, card: str, roll: int, bound: list[str]) -> str:
    """The ability a roll gives a marquis: its row on 1-3, the basic attack on 4 or a bound row."""
    row = rules.attack_roll[roll]["row"]
    if row is None:
        return BASIC
    ability = rules.marquis[card]["attacks"][row - 1]
    return BASIC if ability in bound else ability


def construction_bonus(rules: Rules, cards: list[str], bound: list[str]) -> int:
    """+1 to the basic attack for each unbound Construction icon among a side's fighters."""
    passive = rules.abilities["construction"]["passive"]
    return sum(passive["basic_attack_bonus"] for c in cards
               if "construction" in rules.marquis[c]["attacks"] and "construction" not in bound)


def _effect(rules: Rules, ability: str, basic: int, copied: str | None, rolls: _Rolls,
            who: str) -> tuple[int, int, int]:
    """(damage, incoming modifier, heal) of one ability before attunement."""
    row = rules.abilities[ability]
    damage, heal = row["damage"], 0
    modifier = row.get("incoming_modifier") or 0
    if isinstance(damage, dict):
        if "roll" in damage:
            damage = rolls.take(f"{who}'s {row['name']}")
        elif "basic_attack_offset" in damage:
            damage = max(0, basic + damage["basic_attack_offset"])
        elif "copy" in damage:
            if copied is None:
                return 0, 0, 0
            d, m, h = _effect(rules, copied, basic, None, rolls, who)
            return d + damage["plus"], m, h
    elif row.get("adds_construction_bonus"):
        damage = basic
    if row.get("heal"):
        spec = row["heal"]
        value = rolls.take(f"{who}'s {row['name']}")
        heal = math.ceil(value / spec["divide"]) if spec.get("round") == "up" else value // spec["divide"]
    return damage, modifier, heal


def resolve_turn(rules: Rules, state: dict[str, Any], rolls: list[int] | None, pad: bool = False) -> dict[str, Any]:
    """The turn's damage and healing for both sides. With ``rolls`` None, only counts the rolls
    needed (``asked``), as it does with ``pad`` when fewer rolls are given than asked for (which
    rolls are asked for never depends on their values). Against two marquises (a rogue identity) their abilities combine as one
    side: each one's incoming modifier changes every hit you land on either, and each of your hits
    lands on the marquis it was aimed at (fight["aims"], else the first still standing)."""
    fight = state["fight"]
    up = standing(fight)
    ours = [(card, effective(rules, card, roll, [])) for card, roll in fight["attacks"]]
    theirs = [(f, effective(rules, f["foe"], f["prediction"], f["bound"])) for f in up]
    negated = any(a == "reliance" for _, a in theirs) and any(a == "reliance" for _, a in ours)
    source = _Rolls(rolls, pad)
    our_basic = rules.basic_damage + construction_bonus(rules, fight["party"], [])
    foe_basic = rules.basic_damage + sum(construction_bonus(rules, [f["foe"]], f["bound"]) for f in up)
    aims = fight.get("aims") or {}

    our_hits, our_mod, our_heal, lines = [], 0, 0, []
    for card, ability in ours:
        if ability == "reliance" and negated:
            lines.append(f"{rules.name(card)}'s Reliance is negated by the opponent's Reliance")
            continue
        copied = theirs[0][1] if ability == "reliance" and theirs else None
        d, m, h = _effect(rules, ability, our_basic, copied, source, rules.name(card))
        lord = rules.lord_of(card)
        if d > 0 and rules.abilities[ability].get("attunement_bonus"):
            d += rules.attack_bonus[rules.level(state["attune"], lord)]
        if d > 0:
            our_hits.append((aims.get(card) or up[0]["foe"], d))
        our_mod += m
        our_heal += h
    their_hits, their_mod, foe_heals = [], 0, {}
    for entry, ability in theirs:
        foe = entry["foe"]
        if ability == "reliance" and negated:
            lines.append(f"{rules.name(foe)}'s Reliance is negated by yours")
            continue
        copied = ours[0][1] if ability == "reliance" and ours else None
        d, m, h = _effect(rules, ability, foe_basic, copied, source, rules.name(foe))
        if d > 0:
            their_hits.append(d + rules.extra_taken[rules.level(state["attune"], rules.lord_of(foe))])
        their_mod += m
        foe_heals[foe] = h
    dealt_to = {f["foe"]: 0 for f in up}
    for target, hit in our_hits:
        dealt_to[target] += max(0, hit + their_mod)
    taken = sum(max(0, hit + our_mod) for hit in their_hits)
    return {"ours": ours, "theirs": theirs[0][1] if theirs else None, "all_theirs": [a for _, a in theirs],
            "dealt": sum(dealt_to.values()), "dealt_to": dealt_to, "taken": taken, "heal": our_heal,
            "foe_heal": sum(foe_heals.values()), "foe_heals": foe_heals, "asked": source.asked, "lines": lines}


def needed_rolls(rules: Rules, state: dict[str, Any]) -> list[str]:
    return resolve_turn(rules, state, None)["asked"]


def bindable(rules: Rules, state: dict[str, Any], icon_source: list[str],
             binder_lord: str | None) -> list[tuple[str, str]]:
    """(opponent, icon) pairs, not yet bound, that these icons match (ability names, or LORD_ICON
    when the binder serves that opponent's lord). A marquis at 0 health is out of the fight and
    no longer bound."""
    out = []
    for entry in standing(state["fight"]):
        foe = entry["foe"]
        for icon in rules.icons(foe):
            if icon in entry["bound"]:
                continue
            if icon == LORD_ICON:
                if binder_lord == rules.lord_of(foe):
                    out.append((foe, icon))
            elif icon in icon_source:
                out.append((foe, icon))
    return out
