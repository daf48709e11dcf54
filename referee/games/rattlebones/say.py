"""Writing Rattlebones moves back as a player would say them (parse.py reads them)."""
from __future__ import annotations

from referee.table.engine import Illegal

from .facts import Facts, side_kind
from .parse import ITEM_NAMES


def notation(facts: Facts, move: dict) -> str:
    p, kind = move["player"], move["kind"]
    if kind == "pay":
        return f"{p} pays {move['gold']} gold"
    if kind == "roll":
        return f"{p} rolls {' and '.join(move['dice'])}" + _said_results(facts, move["results"])
    if kind == "reroll":
        return f"{p} rolls again with {move['die']} and {move['with']}" + _said_results(facts, move["results"])
    if kind == "move":
        by = f" by {move['steps']}" if move.get("steps") is not None else ""
        return f"{p} moves the monkey on {move['from']}{by} with {move['die']}"
    if kind == "use":
        text = f"{p} uses {move['die']}"
        if move.get("gamble") is not None:
            return text + f": gamble {move['gamble']}"
        if move.get("thefts"):
            text += ": " + ", ".join(f"{ITEM_NAMES[i]} from {v}" for v, i in move["thefts"].items())
        return text
    if kind == "fit":
        side = move["side"]
        on = f" on {move['die']}" if move.get("die") else ""
        if side_kind(side) == "arrow":
            return f"{p} fits arrow{on} over {move['socket']} pointing at {side.rpartition('-')[2]}"
        return f"{p} fits {facts.label(side)}{on} over {move['socket']}"
    if kind == "raise":
        on = f" {move['die']}" if move.get("die") else ""
        return f"{p} raises{on} socket {move['socket']}"
    if kind == "decline":
        return f"{p} declines"
    if kind == "sell":
        return f"{p} sells {move['stars']} star" + ("" if move["stars"] == 1 else "s")
    if kind == "end":
        if move.get("doubles"):
            return f"{p} ends the turn, doubling {' and '.join(move['doubles'])}"
        return f"{p} ends the turn"
    raise ValueError(f"unknown move kind {kind}")


def _said_results(facts: Facts, results: list) -> str:
    unknown = results.count(None)  # (all() and any() over generators cost more)
    if unknown == len(results):
        return ""
    if unknown:
        raise Illegal("report every die rolled, or none", "turn.rolling")
    return ": " + ", ".join(facts.label(r) for r in results)
