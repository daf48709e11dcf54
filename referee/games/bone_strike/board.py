"""Warriors in play: health, dice, and cards leaving play (burned, destroyed, captured, taken),
players taking damage and leaving the game.

A warrior in play is {"card": uid, "roused": bool, "weapon": uid or None, "captured":
[{"card": uid, "from": player}]}; it sits in its controller's "warriors" list.
"""
from __future__ import annotations

from referee.table.engine import Event

from .cards import Catalogue, State, cid, hidden_cards


def find(state: State, uid: str | None) -> tuple[str, dict] | None:
    for name in state["active"]:
        for w in state["p"][name]["warriors"]:
            if w["card"] == uid:
                return name, w
    return None


def located(state: State, uid: str | None) -> tuple[str, dict]:
    """(controller, warrior) of a warrior the rules already know is in play."""
    found = find(state, uid)
    if found is None:
        raise LookupError(f"warrior {uid} is not in play")
    return found


def neighbours(state: State, name: str) -> list[str]:
    """The players to the left and right (one player when only two are left)."""
    seats = state["active"]
    i = seats.index(name)
    found = [seats[(i + 1) % len(seats)], seats[(i - 1) % len(seats)]]
    return [p for k, p in enumerate(found) if p != name and p not in found[:k]]


def health(cat: Catalogue, state: State, owner: str, w: dict, blocking: bool = False) -> int:
    """A warrior's health now: its own, its weapon's bonus, its comrades' bonuses, and its
    faction's bonus while it blocks."""
    total = cat[w["card"]].get("health") or 0
    if w["weapon"]:
        total += cat.lasting(w["weapon"], "health", "self")
    total += cat.lasting(w["card"], "health", "self")
    for other in state["p"][owner]["warriors"]:
        if other is not w:
            total += cat.lasting(other["card"], "health", "other-warriors")
    if blocking:
        total += cat.lasting(state["p"][owner]["faction"], "health", "blocking")
    return total


def ward(cat: Catalogue, w: dict) -> int:
    return cat.lasting(w["card"], "ward") + (cat.lasting(w["weapon"], "ward") if w["weapon"] else 0)


def unblockable(cat: Catalogue, w: dict) -> bool:
    return bool(cat.lasting(w["card"], "unblockable") or (w["weapon"] and cat.lasting(w["weapon"], "unblockable")))


def attack_dice(cat: Catalogue, state: State, owner: str, w: dict) -> list[str]:
    dice = list(cat[w["card"]].get("dice") or [])
    if w["weapon"]:
        dice += list(cat[w["weapon"]].get("dice") or [])
    for other in state["p"][owner]["warriors"]:
        if other is not w:
            for e in cat.effects(other["card"], "lasting"):
                if e["do"] == "extra-die" and e["target"] == "other-warriors":
                    dice += [e["die"]] * e["amount"]
    return dice


def label(cat: Catalogue, state: State, uid: str) -> str:
    """How players name a warrior in play: "ben's hexer", "ben's hexer 2" when ben has two."""
    for owner in state["active"]:
        warriors = state["p"][owner]["warriors"]
        for w in warriors:
            if w["card"] == uid:
                card = cid(uid)
                same = [x["card"] for x in warriors if cid(x["card"]) == card]
                suffix = f" {same.index(uid) + 1}" if len(same) > 1 else ""
                return f"{owner}'s {cat.said.get(uid) or cat.name(uid).lower()}{suffix}"
    return cat.name(uid)


def _release(state: State, captives: list[dict], events: list[Event], cat: Catalogue) -> None:
    for c in captives:
        home = state["p"][c["from"]]
        if c["from"] in state["active"]:
            home["discard"].append(c["card"])
            events.append(Event(f"{cat.name(c['card'])} returns to {c['from']}'s discard pile", "effects.capture"))
        else:
            home["gone"].append(c["card"])


def leave_play(cat: Catalogue, state: State, owner: str, w: dict, to: str) -> list[Event]:
    """Take a warrior out of play: to its controller's discard ("burn") or the destroyed pile
    ("destroy"); its weapon goes the same way and its prisoners go home."""
    events: list[Event] = []
    state["p"][owner]["warriors"].remove(w)
    pile = state["destroyed"] if to == "destroy" else state["p"][owner]["discard"]
    pile.append(w["card"])
    if w["weapon"]:
        pile.append(w["weapon"])
    what = "destroyed" if to == "destroy" else "burned"
    extra = f" with its {cat.name(w['weapon'])}" if w["weapon"] else ""
    events.append(Event(f"{owner}'s {cat.name(w['card'])} is {what}{extra}",
                        "effects.destroy" if to == "destroy" else "burn"))
    _release(state, w["captured"], events, cat)
    return events


def capture(cat: Catalogue, state: State, captor: dict, owner: str, w: dict) -> list[Event]:
    """Lay a warrior under its captor; its weapon is burned, its own prisoners go home."""
    events: list[Event] = []
    state["p"][owner]["warriors"].remove(w)
    if w["weapon"]:
        state["p"][owner]["discard"].append(w["weapon"])
        events.append(Event(f"{owner}'s {cat.name(w['weapon'])} is burned", "effects.capture"))
    _release(state, w["captured"], events, cat)
    captor["captured"].append({"card": w["card"], "from": owner})
    events.insert(0, Event(f"{owner}'s {cat.name(w['card'])} is captured by {cat.name(captor['card'])}",
                           "effects.capture"))
    return events


def damage_player(cat: Catalogue, state: State, name: str, amount: int, rule: str) -> list[Event]:
    pl = state["p"][name]
    pl["health"] -= amount
    events = [Event(f"{name} takes {amount} damage (health {max(pl['health'], 0)})", rule)]
    if pl["health"] <= state["limits"]["eliminated-at"]:
        events += eliminate(cat, state, name)
    return events


def heal(state: State, name: str, amount: int) -> Event:
    pl = state["p"][name]
    pl["health"] = min(state["limits"]["maximum-health"], pl["health"] + amount)
    return Event(f"{name} gains health (health {pl['health']})", "effects.health-gain")


def eliminate(cat: Catalogue, state: State, name: str) -> list[Event]:
    """The player leaves the game with all their cards; their prisoners go home."""
    pl = state["p"][name]
    events = [Event(f"{name} is out of the game", "elimination")]
    seats = state["active"]
    if state["turn"] == name:  # cannot happen by the rules as written; keep the turn order sane
        state["turn"] = seats[(seats.index(name) + 1) % len(seats)]
    seats.remove(name)
    for w in pl["warriors"]:
        pl["gone"].append(w["card"])
        if w["weapon"]:
            pl["gone"].append(w["weapon"])
        _release(state, w["captured"], events, cat)
    pl["warriors"] = []
    pl["gone"] += hidden_cards(state, pl) + pl["discard"] + [pl["faction"]]
    pl["discard"], pl["faction"] = [], None
    if state["digital"]:
        pl["deck"], pl["hand"] = [], []
    else:
        pl["hidden"], pl["hand_n"], pl["deck_n"], pl["discard_n"] = [], 0, 0, 0
    if len(seats) == 1:
        events.append(Event(f"{seats[0]} is the last player in the game and wins", "objective"))
    return events


def any_warrior(state: State, names: list[str]) -> list[tuple[str, dict]]:
    return [(n, w) for n in names for w in state["p"][n]["warriors"]]

