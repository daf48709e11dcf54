"""Reading Bone Strike moves as players say them, and writing moves back the same way.

Warriors in play are named "peons" (your own), "ben's hexer", or "ben's hexer 2" when ben has
two; dice are reported as "red 2 damage, time blank" or just "2 damage, blank, bone".
"""
from __future__ import annotations

from itertools import permutations
from typing import Any, cast

from referee.table.engine import Ambiguous, Illegal, Unreadable
from referee.table.notation import match_phrase, take_player, verb, words

from . import board
from .cards import Catalogue, State, cid

VERBS = {
    "discard": ("discard", "discards", "discarded", "sell", "sells"),
    "buy": ("buy", "buys", "bought", "purchase", "purchases"),
    "play": ("play", "plays", "played", "cast", "casts"),
    "attack": ("attack", "attacks", "attacked", "strike", "strikes", "hit", "hits"),
    "block": ("block", "blocks", "blocked"),
    "no-block": ("lets", "allows", "takes", "doesnt", "does", "no"),
    "roll": ("roll", "rolls", "rolled"),
    "reroll": ("reroll", "rerolls", "rerolled"),
    "stop": ("stop", "stops", "stays", "resolves", "done"),
    "bone": ("use", "uses", "used", "spend", "spends", "pays"),
    "choose": ("pick", "picks", "picked", "choose", "chooses", "chose", "target", "targets"),
    "skip": ("skip", "skips", "declines"),
    "end": ("end", "ends", "ended", "pass", "passes", "refill", "refills"),
}
EXPECTED = ("'<player> discards|buys|plays <card>', '<player> plays <weapon> on <warrior>', "
            "'<player> attacks <player or warrior> with <warrior>', '<player> blocks with <warrior>', "
            "'<player> rolls [<die> <face>, ...]', '<player> rerolls blanks|all', '<player> stops', "
            "'<player> uses <card> bone', '<player> picks <choice>', '<player> ends turn', 'reveal <card>'")


def norm(text: str) -> str:
    return " ".join(words(text))


def ref(cat: Catalogue, state: State, uid: str, viewer: str | None) -> str:
    """A warrior in play as the viewer says it: their own without the owner's name."""
    text = board.label(cat, state, uid)
    if viewer and text.startswith(f"{viewer}'s "):
        return text[len(viewer) + 3:]
    return text


def warrior_names(cat: Catalogue, state: State, viewer: str) -> dict[str, str]:
    names: dict[str, str] = {}
    counts: dict[str, int] = {}
    for _name, w in board.any_warrior(state, state["active"]):
        counts[cid(w["card"])] = counts.get(cid(w["card"]), 0) + 1
    for name, w in board.any_warrior(state, state["active"]):
        uid = w["card"]
        names[norm(board.label(cat, state, uid))] = uid
        if name == viewer:
            names[norm(ref(cat, state, uid, viewer))] = uid
        if counts[cid(uid)] == 1:  # "hexer" alone, when only one is in play
            names[norm(cat.name(uid))] = uid
    return names


def card_names(cat: Catalogue) -> dict[str, str]:
    """Every card's spellings as words() reads them, made once per catalogue (every card name
    read in a move normalised them all again); read only."""
    if cat.spoken is None:
        cat.spoken = {norm(k): v for k, v in cat.names.items()}
    return cat.spoken


def parse(cat: Catalogue, data, state: State, text: str) -> dict[str, Any]:
    tokens = words(text, keep=("with", "of"))
    if tokens and tokens[0] in ("reveal", "reveals", "lineup", "deal", "deals"):
        rest = [t for t in tokens[1:] if t not in (":", "gets", "shows")]
        card = match_phrase(rest, card_names(cat), "a card name")[0] if rest else None
        return {"player": None, "kind": "reveal", "card": card}
    player, rest = take_player(tokens, state["players"])
    if not rest:
        raise Unreadable("what does the player do?", expected=EXPECTED)
    kind = verb(rest[0], VERBS)
    rest = rest[1:]
    if kind is None:
        raise Unreadable(f"'{rest and rest[0] or tokens[-1]}' is not a Bone Strike move", expected=EXPECTED)
    move: dict[str, Any] = {"player": player, "kind": kind}
    if kind in ("discard", "buy"):
        move["card"] = match_phrase(rest, card_names(cat), "a card name")[0]
    elif kind == "play":
        split = rest.index("on") if "on" in rest else len(rest)
        move["card"] = match_phrase(rest[:split], card_names(cat), "a card name")[0]
        move["on"] = None
        if split < len(rest):
            move["on"] = _warrior(cat, state, rest[split + 1:], player)
        elif cat.kind(move["card"]) == "weapon":
            mine = state["p"][player]["warriors"]
            unarmed = [w["card"] for w in mine if not w["weapon"]]
            if len(mine) > 1 and len(unarmed) != 1:
                raise Ambiguous("on which warrior?", [f"{player} plays {cat.name(move['card']).lower()} on "
                                                      f"{ref(cat, state, w['card'], player)}" for w in mine])
            move["on"] = (unarmed or [w["card"] for w in mine] or [None])[0]
    elif kind == "attack":
        if "with" not in rest:
            raise Unreadable("say which warrior attacks", expected="'<player> attacks <target> with <warrior>'",
                             examples=("ana attacks ben with peons",))
        split = rest.index("with")
        target, attacker = rest[:split], rest[split + 1:]
        move["warrior"] = _warrior(cat, state, attacker, player)
        if len(target) == 1 and target[0] in {p.lower() for p in state["players"]}:
            move["target"] = next(p for p in state["players"] if p.lower() == target[0])
        else:
            move["target"] = _warrior(cat, state, target, player)
    elif kind in ("block", "no-block"):
        if kind == "no-block" or not rest or rest[:1] in (["not"], ["nothing"]):
            move = {"player": player, "kind": "block", "warrior": None}
        else:
            move["warrior"] = _warrior(cat, state, [t for t in rest if t != "with"], player)
    elif kind == "roll":
        move["results"] = read_roll(data, state, [t for t in rest if t != ":"])
    elif kind == "reroll":
        kinds = [t for t in rest if t in {d["id"] for d in data.raw.get("dice", ())}]
        which = [t for t in rest if t in ("blanks", "blank", "all", "everything")]
        if kinds:  # "ana rerolls one red", "ana rerolls the blank red die"
            move["which"] = kinds[0]
        elif not which:
            raise Unreadable("reroll what?", expected="'<player> rerolls blanks', '<player> rerolls all' or "
                                                      "'<player> rerolls one <die>'")
        else:
            move["which"] = "all" if which[0] in ("all", "everything") else "blanks"
    elif kind == "bone":
        for tail in (["at", "full", "cost"], ["full", "cost"], ["at", "full", "price"], ["full", "price"],
                     ["without", "discount"], ["without", "the", "discount"]):
            if rest[-len(tail):] == tail:  # keep a once-per-turn discount for later
                rest, move["full"] = rest[:-len(tail)], True
                break
        while rest and rest[-1] in ("bone", "bones", "ability", "s"):  # "peons's bone ability"
            rest = rest[:-1]
        if "of" in rest[:3] and all(t in ("bone", "bones", "ability") for t in rest[:rest.index("of")]):
            rest = rest[rest.index("of") + 1:]  # "bone ability of peons"
        move["card"] = _bone_card(cat, state, rest, player)
    elif kind == "choose":
        move["choice"] = _choice(cat, state, rest, player)
    elif kind == "skip":
        move = {"player": player, "kind": "choose", "choice": None}
    elif kind == "end" and rest and rest[0] == "attack":
        move = {"player": player, "kind": "stop"}
    return move


def _warrior(cat: Catalogue, state: State, tokens: list[str], viewer: str) -> str:
    return match_phrase(tokens, warrior_names(cat, state, viewer), "a warrior in play")[0]


def _bone_card(cat: Catalogue, state: State, tokens: list[str], player: str) -> str | None:
    att = state.get("attack")
    found = board.find(state, att["warrior"]) if att else None
    cards = [found[1]["card"]] + ([found[1]["weapon"]] if found[1]["weapon"] else []) if found else []
    if not tokens:
        return cards[0] if len(cards) == 1 else _one(cards, cat, player)
    card = match_phrase(tokens, card_names(cat), "the attacker or its weapon")[0]
    return next((c for c in cards if cid(c) == card), card)


def _one(cards: list[str], cat: Catalogue, player: str) -> str | None:
    if not cards:
        return None
    raise Ambiguous("whose bone ability?", [f"{player} uses {cat.name(c).lower()} bone" for c in cards])


def _choice(cat: Catalogue, state: State, tokens: list[str], player: str) -> str:
    pending = state.get("pending") or {}
    names: dict[str, str] = {}
    for option in pending.get("options", ()):
        if option in state["p"]:
            names[option.lower()] = option
        elif "#" in option and board.find(state, option):
            names[norm(board.label(cat, state, option))] = option
            names[norm(ref(cat, state, option, player))] = option
            names.setdefault(norm(cat.name(option)), option)
        else:
            names[norm(cat.name(option))] = option
    if not names:
        return match_phrase(tokens, card_names(cat) | {p.lower(): p for p in state["players"]}, "a choice")[0]
    return match_phrase(tokens, names, "one of the choices offered")[0]


def read_face(die_ids: set[str], chunk: list[str]) -> tuple[str | None, dict[str, int]]:
    die = chunk[0] if chunk and chunk[0] in die_ids else None
    body = chunk[1:] if die else chunk
    found: dict[str, int] = {}
    amount = None
    for t in body:
        if t.isdigit():
            amount = int(t)
        elif t in ("damage", "damages", "dmg", "bone", "bones"):
            key = "bone" if t.startswith("bone") else "damage"
            found[key] = found.get(key, 0) + (amount if amount is not None else 1)
            amount = None
        elif t in ("blank", "blanks", "nothing", "+", "and", "die"):
            continue
        else:
            raise Unreadable(f"'{t}' is not a die face", expected="faces such as 'red 2 damage', 'time blank', 'bone'")
    return die, found


def read_roll(data, state: State, tokens: list[str]) -> list[int] | None:
    """Face indices for the dice being rolled, matched from what the player reported."""
    if not tokens:
        return None
    att = state.get("attack")
    if not att or att["stage"] != "roll":
        raise Illegal("no attack is waiting for a roll now", "attack.rolling")
    chunks: list[list[str]] = []
    current: list[str] = []
    for t in tokens + [","]:
        if t == ",":
            if current:
                chunks.append(current)
            current = []
        else:
            current.append(t)
    dice = [att["dice"][i] for i in att["rolling"]]
    reports = [read_face(set(att["dice"]), c) for c in chunks]
    if len(reports) != len(dice):
        raise Illegal(f"this roll throws {len(dice)} dice ({', '.join(dice)}), not {len(reports)}", "attack.rolling")

    def face_of(die_id: str, report) -> int | None:
        if report[0] not in (None, die_id):
            return None
        faces = data.die(die_id)["faces"]
        return next((k for k, f in enumerate(faces) if f["symbols"] == report[1]), None)

    readings: dict[tuple, list[int]] = {}
    for order in permutations(range(len(reports))):  # at most a handful of dice
        faces = [face_of(dice[k], reports[order[k]]) for k in range(len(dice))]
        if None not in faces:
            key = tuple(sorted((dice[k], faces[k]) for k in range(len(dice))))
            readings.setdefault(key, [f for f in faces if f is not None])
    if not readings:
        raise Illegal("those faces cannot come up on these dice (" + ", ".join(dice) + ")", "attack.rolling")
    if len(readings) > 1:
        raise Ambiguous("say which die showed which face", [
            f"{att['by']} rolls " + ", ".join(f"{d} {data.die(d)['faces'][f]['label']}" for d, f in key)
            for key in readings])
    return next(iter(readings.values()))


def notation(cat: Catalogue, data, state: State | None, move: dict[str, Any],
             refs: dict[tuple[str, str | None], str] | None = None) -> str:
    """The move as a player says it. ``refs``: warriors' names already worked out in this state
    (legal_moves names each warrior in many moves). The kinds legal_moves lists most come first."""
    p, kind = move.get("player"), move["kind"]
    if kind == "play":
        on = move.get("on")
        return f"{p} plays {_said(cat, move['card'])}" + (f" on {_warrior_said(cat, state, on, p, refs)}" if on else "")
    if kind == "discard" or kind == "buy":
        return f"{p} {kind}s {_said(cat, move['card'])}"
    if kind == "attack":
        target = move["target"]
        if not (state and target in state["p"]):
            target = _warrior_said(cat, state, target, p, refs)
        return f"{p} attacks {target} with {_warrior_said(cat, state, move['warrior'], p, refs)}"
    if kind == "end":
        return f"{p} ends turn"
    if kind == "reveal":
        return f"reveal {_said(cat, move['card'])}".strip()
    if kind == "block":
        return f"{p} blocks with {_warrior_said(cat, state, move['warrior'], p, refs)}" if move["warrior"] else f"{p} does not block"
    if kind == "roll":
        if move.get("results") is None:
            return f"{p} rolls"
        att = state["attack"] if state else None
        dice = [att["dice"][i] for i in att["rolling"]] if att else ["?"] * len(move["results"])
        return f"{p} rolls " + ", ".join(f"{d} {cat.dice[d].labels[f]}" for d, f in zip(dice, move["results"]))
    if kind == "reroll":
        return f"{p} rerolls {move['which']}" if move["which"] in ("all", "blanks") else f"{p} rerolls one {move['which']}"
    if kind == "stop":
        return f"{p} stops"
    if kind == "bone":
        return f"{p} uses {_said(cat, move['card'])} bone" + (" at full cost" if move.get("full") else "")
    if kind == "choose":
        if move["choice"] is None:
            return f"{p} skips"
        option = move["choice"]
        shown = option if option in (state or {}).get("p", {}) else (
            _warrior_said(cat, state, option, p, refs) if "#" in option else _said(cat, option))
        return f"{p} picks {shown}"
    return f"{p} ends turn"


def _said(cat: Catalogue, card: str | None) -> str:
    """A card's name as a move says it ("" for none)."""
    said = cat.said.get(card) if card else ""
    return said if said is not None else cat.name(cast(str, card)).lower()


def _warrior_said(cat: Catalogue, state: State | None, uid: str, viewer: str | None,
             refs: dict[tuple[str, str | None], str] | None) -> str:
    """A warrior as ``viewer`` says it in this state, looked up in ``refs`` first."""
    if not state:
        return _said(cat, uid)
    if refs is None:
        return ref(cat, state, uid, viewer)
    said = refs.get((uid, viewer))
    if said is None:
        said = refs[uid, viewer] = ref(cat, state, uid, viewer)
    return said
