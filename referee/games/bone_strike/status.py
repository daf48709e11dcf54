"""What the table sees at a glance, and the invariants every position keeps."""
from __future__ import annotations

from collections import Counter
from typing import Any

from referee.table.engine import Status

from . import board
from .cards import State, deck_count, discard_count, hand_count, hidden_cards


def status(engine, state: State) -> Status:
    cat = engine.cat
    lines = []
    if len(state["active"]) < 2:
        lines.append(f"game over: {', '.join(state['active'])} wins")
    else:
        lines.append(f"{state['turn']}'s turn, booty {state['booty']}; to act: {', '.join(engine.to_act(state))}")
    players: dict[str, Any] = {}
    for name in state["players"]:
        pl = state["p"][name]
        if name not in state["active"]:
            lines.append(f"{name}: out of the game")
            players[name] = {"out": True, "health": pl["health"]}
            continue
        warriors = []
        for w in pl["warriors"]:
            warriors.append({"card": w["card"], "name": cat.name(w["card"]), "roused": w["roused"],
                             "weapon": cat.name(w["weapon"]) if w["weapon"] else None,
                             "health": board.health(cat, state, name, w),
                             "captured": [cat.name(c["card"]) for c in w["captured"]]})
        shown = "; ".join(
            f"{x['name']} ({'roused' if x['roused'] else 'stimulated'}, health {x['health']}"
            + (f", {x['weapon']}" if x["weapon"] else "") + (f", holding {', '.join(x['captured'])}" if x["captured"] else "")
            + ")" for x in warriors) or "no warriors"
        counts = {"hand": hand_count(state, pl), "deck": deck_count(state, pl), "discard": discard_count(state, pl)}
        lines.append(f"{name}: health {pl['health']}, {cat.name(pl['faction'])}; hand {counts['hand']}, "
                     f"deck {counts['deck']}, discard {counts['discard']}; {shown}")
        players[name] = {"health": pl["health"], "faction": cat.name(pl["faction"]), **counts, "warriors": warriors}
        if state["digital"]:
            players[name]["hand_cards"] = [cat.name(u) for u in pl["hand"]]
    lineup = [f"{cat.name(u)} ({cat[u].get('cost') or 0})" for u in state["lineup"]]
    lines.append(f"lineup: {', '.join(lineup) or 'empty'}; main deck {len(state['main'])}, "
                 f"destroyed {len(state['destroyed'])}")
    att = state.get("attack")
    if att:
        target = att["target"] if att["target"] in state["p"] else board.label(cat, state, att["target"])
        lines.append(f"attack: {att['by']}'s {cat.name(att['warrior'])} on {target} ({att['stage']}); "
                     f"pool {att['pool']['damage']} damage, {att['pool']['bone']} bone")
    if state.get("pending"):
        lines.append(f"{state['pending']['player']} must pick for {cat.name(state['pending']['ctx']['source'])}")
    for text in state["by_hand"]:
        lines.append(f"resolve by hand: {text}")
    data = {"turn": state["turn"], "booty": state["booty"], "players": players,
            "lineup": [cat.name(u) for u in state["lineup"]], "main_deck": len(state["main"]),
            "destroyed": [cat.name(u) for u in state["destroyed"]], "attack": att,
            "pending": state.get("pending"), "by_hand": list(state["by_hand"]), "to_act": engine.to_act(state)}
    return Status(tuple(lines), data)


def invariants(engine, state: State) -> list[str]:
    broken = []
    digital, every = state["digital"], state["p"]
    # every card in exactly one zone; the cards set-up left in the box never come out: one list
    # of what every zone holds (piles, hand, deck, cards gone, faction, warriors with their
    # weapons and prisoners), gathered inline as this runs after every move
    seen = state["main"] + state["lineup"] + state["destroyed"]
    if state.get("playing"):
        seen.append(state["playing"])
    for name in state["players"]:
        pl = every[name]
        seen += pl["discard"]
        seen += pl["gone"]
        if digital:
            seen += pl["deck"]
            seen += pl["hand"]
        else:
            seen += pl["hidden"]
        if pl["faction"]:
            seen.append(pl["faction"])
        for w in pl["warriors"]:
            seen.append(w["card"])
            if w["weapon"]:
                seen.append(w["weapon"])
            if w["captured"]:
                seen += [c["card"] for c in w["captured"]]
    taken = engine.in_play(state)
    # each card out of the box exactly once: as many cards as that, and none of them missing
    # (cheaper than comparing with set(seen): no set is built from the ~80 cards)
    if len(seen) != len(taken) or taken.difference(seen):
        box = [u for u in engine.all_uids if u not in taken]
        expected = Counter(engine.all_uids)
        found = Counter(seen + box)
        broken.append(f"cards not conserved: extra {dict(found - expected)}, missing {dict(expected - found)}")
    limits = state["limits"]
    if state["booty"] < 0:
        broken.append(f"negative booty {state['booty']}")
    if len(state["lineup"]) > limits["lineup-size"]:
        broken.append("lineup too long")
    if digital and len(state["lineup"]) < limits["lineup-size"] and state["main"]:
        broken.append("lineup short while the main deck has cards")
    kind = engine.cat.kind
    low, high = limits["eliminated-at"], limits["maximum-health"]
    active = state["active"]
    for name in active:
        pl = every[name]
        if not low < pl["health"] <= high:
            broken.append(f"{name} in the game with health {pl['health']}")
        if not digital:
            if min(pl["hand_n"], pl["deck_n"], pl["discard_n"]) < 0:
                broken.append(f"{name}: negative count")
            if len(hidden_cards(state, pl)) != pl["hand_n"] + pl["deck_n"] + pl["discard_n"]:
                broken.append(f"{name}: hidden pool does not match the counts")
        for w in pl["warriors"]:
            if kind(w["card"]) != "warrior" or (w["weapon"] and kind(w["weapon"]) != "weapon"):
                broken.append(f"{name}: {w} is not a warrior with a weapon")
    for name in state["players"]:
        if name not in active and (every[name]["warriors"] or every[name]["discard"]):
            broken.append(f"{name} is out but still has cards in play")
    return broken
