"""Reading moves as players say them, and writing them back.

    ana plays fire axe                      ana plays fire axe and buys the win
    ana plays skull on ben                  ana plays thief / ana plays banners
    ana plays spy on ben taking water axe   ana plays da jhurga from ben and cy / from ben twice
    ana passes / ana folds                  ana trades 2 / ana trades fire axe, water shield
    ana buys 2                              ana discards earth arrow / ana is done
"""
from __future__ import annotations

from typing import Any

from referee.table.engine import Unreadable
from referee.table.notation import did_you_mean, match_phrase, take_player, verb, words

from .runes import NUMBER_WORDS, Runes

VERBS = {
    "play": ("play", "plays", "played", "lay", "lays", "laid"),
    "pass": ("pass", "passes", "passed"),
    "fold": ("fold", "folds", "folded"),
    "trade": ("trade", "trades", "traded", "swap", "swaps", "swapped"),
    "buy": ("buy", "buys", "bought"),
    "discard": ("discard", "discards", "discarded"),
    "ready": ("ready", "done", "finished", "finishes"),
}
PAYS = {"pays", "pay", "paid", "paying", "buys", "buy", "buying", "win", "bone", "1", "one"}
TAKING = {"taking", "takes", "take", "took", "picks", "pick", "picking", "plays", "play"}
EXPECTED = ("a player, then: plays RUNE [on PLAYER | from PLAYER(S)], passes, folds, trades, buys N, "
            "discards RUNE, is done")


def parse(runes: Runes, state: dict[str, Any], text: str) -> dict[str, Any]:
    players = state["players"]
    player, rest = take_player(words(text, keep=("and",)), players)
    if rest and rest[0] == "is":  # "ana is done"
        rest = rest[1:]
    if not rest:
        raise Unreadable(f"what does {player} do?", expected=EXPECTED)
    kind = verb(rest[0], VERBS)
    if kind is None:
        raise Unreadable(f"'{rest[0]}' is not a move of this game", expected=EXPECTED,
                         hint=did_you_mean(rest[0], [v for forms in VERBS.values() for v in forms]))
    args = [w for w in rest[1:] if w != "and"]
    move: dict[str, Any] = {"player": player, "kind": kind}
    if kind in ("pass", "fold", "ready"):
        _nothing_more(args, kind)
    elif kind == "play":
        part, left = _part(runes, players, [w for w in args if w != ","])
        _nothing_more(left, f"{runes.label[part['rune']]}")
        move.update(part)
    elif kind == "buy":
        move.update(count=_count(args, "how many runes (1 to 3)"), drawn=None)
    else:
        named, count = _runes_or_count(runes, args, kind)
        if named is None and state["digital"]:
            raise Unreadable(f"the referee knows {player}'s hand: name the runes to {kind}",
                             expected=f"{player} {kind}s fire axe, water shield")
        move.update(count=count, runes=named)
        if kind == "trade":
            move["drawn"] = None
    return move


def _nothing_more(args: list[str], after: str) -> None:
    if args:
        raise Unreadable(f"did not understand '{' '.join(args)}' after '{after}'", expected=EXPECTED)


def _count(args: list[str], what: str) -> int:
    args = [w for w in args if w not in ("rune", "runes", "bones", "bone")]
    if len(args) == 1 and (args[0].isdigit() or args[0] in NUMBER_WORDS):
        return int(args[0]) if args[0].isdigit() else NUMBER_WORDS[args[0]]
    raise Unreadable(f"expected {what}", expected="a number, e.g. 'ana buys 2'")


def _runes_or_count(runes: Runes, args: list[str], kind: str) -> tuple[list[str] | None, int]:
    if args and (args[0].isdigit() or args[0] in NUMBER_WORDS):
        return None, _count(args, f"how many runes to {kind}")
    named: list[str] = []
    while args:
        rune, args = match_phrase(args, runes.names, "a rune")
        named.append(rune)
        args = [w for w in args if w != ","] if args and args[0] == "," else args
    if not named:
        raise Unreadable(f"which runes (or how many) to {kind}?", expected=f"ana {kind}s fire axe")
    return runes.sort(named), len(named)


def _player(players: list[str], args: list[str], what: str) -> tuple[str, list[str]]:
    by_lower = {p.lower(): p for p in players}
    if not args:
        raise Unreadable(f"expected {what}", expected="a player's name")
    if args[0] not in by_lower:
        raise Unreadable(f"'{args[0]}' is not a player in this game", expected=what,
                         hint=did_you_mean(args[0], list(by_lower)))
    return by_lower[args[0]], args[1:]


def _part(runes: Runes, players: list[str], args: list[str]) -> tuple[dict[str, Any], list[str]]:
    """One rune and what it needs; a Spy's taken rune is read the same way, recursively."""
    rune, args = match_phrase(args, runes.names, "a rune")
    part: dict[str, Any] = {"rune": rune}
    kind = runes.kind(rune)
    label = runes.label[rune]
    if kind == "normal":
        part["pays"] = bool(args) and args[0] in PAYS
        while args and args[0] in PAYS:
            args = args[1:]
    elif kind in ("steal", "spy"):
        if args and args[0] in ("on", "at", "against", "from"):
            args = args[1:]
        part["on"], args = _player(players, args, f"the player the {label} is played on")
        if kind == "spy":
            part["taking"] = None
            if args and args[0] in TAKING:
                part["taking"], args = _part(runes, players, args[1:])
    elif kind == "rob":
        while args and args[0] in ("from", "on", "pot"):
            args = args[1:]
    elif kind == "draw":
        part["drawn"] = None
    else:
        sources: list[str] = []
        while args and args[0] not in TAKING:
            if args[0] in ("from", ","):
                args = args[1:]
            elif args[0] in ("twice", "two", "2", "both") and len(sources) == 1:
                sources.append(sources[0])
                args = args[1:]
            else:
                source, args = _player(players, args, f"the players the {label} takes runes from")
                sources.append(source)
        if len(sources) == 1:
            sources.append(sources[0])  # "from ben": both runes come from ben
        if len(sources) != 2:
            raise Unreadable(f"{label} takes runes from one player twice or from two players once",
                             expected=f"{label} from ben and cy / {label} from ben twice")
        part["from"], part["taken"] = sources, None
    return part, args


def say(runes: Runes, move: dict[str, Any]) -> str:
    p, kind = move["player"], move["kind"]
    if kind == "play":
        return f"{p} plays {_say_part(runes, move)}"
    if kind == "pass":
        return f"{p} passes"
    if kind == "fold":
        return f"{p} folds"
    if kind == "ready":
        return f"{p} is done"
    if kind == "buy":
        return f"{p} buys {move['count']}"
    what = runes.say(move["runes"]) if move.get("runes") else str(move["count"])
    return f"{p} {kind}s {what}"


def _say_part(runes: Runes, part: dict[str, Any]) -> str:
    rune = part["rune"]
    label, kind = runes.label[rune], runes.kind(rune)
    if kind == "normal":
        return f"{label} and buys the win" if part["pays"] else label
    if kind == "steal":
        return f"{label} on {part['on']}"
    if kind == "spy":
        taking = f" taking {_say_part(runes, part['taking'])}" if part["taking"] else ""
        return f"{label} on {part['on']}{taking}"
    if kind == "grab":
        a, b = part["from"]
        return f"{label} from {a} twice" if a == b else f"{label} from {a} and {b}"
    return label
