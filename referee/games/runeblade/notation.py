"""Runeblade's notation: reading what players say into moves, and writing moves back.

Dice are counted by colour ("cy offers 2 red, 2 white"). A roll names whose dice showed what,
the roller's own first, then each accepted offer: "ana rolls white 6 3, red 5; cy's red 1 2,
white 5 6". When no colour comes from two places the short form "ana rolls 3 white 1 red: 6 3 1 |
5" is read too, and "ana rolls" alone asks the referee to roll.
"""
from __future__ import annotations

import re
from typing import Any

from referee.table.engine import Move, State, Unreadable
from referee.table.notation import did_you_mean, take_player, verb, words

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}
VERBS = {
    "open": ("open", "opens", "opened", "start", "starts", "frame", "frames", "begin", "begins"),
    "detail": ("set", "sets", "add", "adds", "adding", "setting"),
    "waive": ("waive", "waives", "skip", "skips", "forgo", "forgoes"),
    "build": ("build", "builds", "pick", "picks", "choose", "chooses", "stake", "stakes", "ready",
              "readies", "prepare", "prepares"),
    "offer": ("offer", "offers", "offered"),
    "accept": ("accept", "accepts", "take", "takes", "accepted"),
    "refuse": ("refuse", "refuses", "decline", "declines", "reject", "rejects", "refused"),
    "roll": ("roll", "rolls", "rolled"),
    "keep": ("keep", "keeps", "kept", "turn", "turns"),
    "end": ("end", "ends", "close", "closes", "finish", "finishes"),
    "call": ("call", "calls", "invoke", "invokes"),
    "narrate": ("narrate", "narrates", "narrated", "tell", "tells"),
    "pick": ("name", "names", "pick", "picks", "choose", "chooses", "select", "selects"),
    "pass": ("pass", "passes", "passed"),
}
NOTHING = {"nothing", "none", "no", "zero", "0"}
EXPECTED = ("a player's name and what they do: opens a scene, sets a detail, builds 2 white, "
            "offers 1 black, accepts ben's offer, rolls, keeps cy's red, ends the scene, calls the "
            "endgame, narrates the denouement; or 'the story ends'")


class Reader:
    """Reads moves for one engine (it knows the colours and the players of a state)."""

    def __init__(self, facts, examples: tuple[str, ...]):
        self.facts = facts
        self.examples = examples

    def unreadable(self, message: str, hint: str = "") -> Unreadable:
        return Unreadable(message, expected=EXPECTED, examples=self.examples, hint=hint)

    # -- dice -------------------------------------------------------------------------------
    def colour(self, token: str) -> str | None:
        token = token.rstrip("s") if token.rstrip("s") in self.facts.colours else token
        return token if token in self.facts.colours else None

    def dice(self, tokens: list[str], what: str, spoken_order: bool = False) -> dict[str, int]:
        """"2 white , 1 red" / "two red two white" / "black" -> {"white": 2, "red": 1}."""
        dice: dict[str, int] = {}
        count: int | None = None
        for token in tokens:
            if token in (",", "+", "dice", "die", "and"):
                continue
            number = int(token) if token.isdigit() else NUMBERS.get(token)
            if number is not None:
                if count is not None:
                    raise self.unreadable(f"two numbers in a row in {what}: say '2 white, 1 red'")
                count = number
                continue
            colour = self.colour(token)
            if colour is None:
                raise self.unreadable(f"'{token}' is not a dice colour ({', '.join(self.facts.colours)})",
                                      hint=did_you_mean(token, self.facts.colours))
            dice[colour] = dice.get(colour, 0) + (1 if count is None else count)
            count = None
        if count is not None:
            raise self.unreadable(f"a number with no colour in {what}: say '2 white'")
        if spoken_order:
            return {c: n for c, n in dice.items() if n}
        return {c: dice[c] for c in self.facts.colours if dice.get(c)}

    # -- a whole move -------------------------------------------------------------------------
    def read(self, state: State, text: str) -> Move:
        tokens = words(text, keep=("no",))
        if _story_ends(tokens):
            return {"player": None, "kind": "story-ends"}
        player, rest = take_player(tokens, state["players"])
        if not rest:
            raise self.unreadable(f"what does {player} do?")
        note = _note(text)
        kind = verb(rest[0], VERBS)
        rest = [t for t in rest[1:] if t != "s"]  # "ben's" reads as "ben s"
        if kind == "open":
            return {"player": player, "kind": "open"}
        if kind == "detail" or kind == "waive" or (kind == "pass" and state.get("scene") and not state.get("roll")):
            return self._detail(player, kind, rest, note)
        if kind == "build" and not ({"narrate", "narrator", "denouement"} & set(rest)):
            head = _before_colon(rest)
            if head and head[0] == "roll":
                head = head[1:]
            if head and head[0] in NOTHING:
                return _with_note({"player": player, "kind": "build", "dice": {}}, note)
            return _with_note({"player": player, "kind": "build", "dice": self.dice(head, "a roll")}, note)
        if kind == "offer":
            head = _before_colon(rest)
            if not head or head[0] in NOTHING:
                return {"player": player, "kind": "no-offer"}
            return _with_note({"player": player, "kind": "offer", "dice": self.dice(head, "an offer")}, note)
        if kind == "pass" or rest[:2] == ["no", "offer"]:  # "ben passes", "ben makes no offer"
            return {"player": player, "kind": "no-offer"}
        if kind in ("accept", "refuse"):
            return {"player": player, "kind": kind, "offerer": self._offerer(state, player, rest)}
        if kind == "roll":
            return self._roll(state, player, text)
        if kind == "keep":
            return self._keep(state, player, rest)
        if kind == "end" and ({"scene", "it"} & set(rest) or not rest):
            return {"player": player, "kind": "end-scene"}
        if kind == "call" and "endgame" in rest or rest[:1] == ["endgame"]:
            return {"player": player, "kind": "endgame"}
        if kind == "narrate":
            return {"player": player, "kind": "denouement"}
        if kind in ("pick", "build") and ({"narrate", "narrator", "denouement"} & set(rest)):
            named = [t for t in rest if t in {p.lower() for p in state["players"]}]
            if len(named) != 1:
                raise self.unreadable("say who narrates: 'ben chooses cy to narrate the denouement'")
            narrator = {p.lower(): p for p in state["players"]}[named[0]]
            return {"player": player, "kind": "choose", "narrator": narrator}
        raise self.unreadable(f"'{' '.join(tokens[1:])}' is not a Runeblade move",
                              hint=did_you_mean(tokens[1] if len(tokens) > 1 else "",
                                                [v for forms in VERBS.values() for v in forms]))

    def _detail(self, player: str, kind: str | None, rest: list[str], note: str | None) -> Move:
        head = _before_colon(rest)
        if kind in ("waive", "pass"):
            return {"player": player, "kind": "waive"}
        count = 1
        if head and (head[0].isdigit() or head[0] in NUMBERS):
            count = int(head[0]) if head[0].isdigit() else NUMBERS[head[0]]
            head = head[1:]
        if not head or head[0] not in ("detail", "details"):
            raise self.unreadable("say 'sets a detail' or 'sets 2 details'")
        return _with_note({"player": player, "kind": "detail", "count": count}, note)

    def _offerer(self, state: State, player: str, rest: list[str]) -> str | None:
        others = {p.lower(): p for p in state["players"] if p != player}
        named = [others[t] for t in rest if t in others]
        if len(named) > 1:
            raise self.unreadable("one offer at a time: 'ana accepts ben's offer'")
        if named:
            return named[0]
        left = [t for t in rest if t not in ("offer", "it", "both", "all")]
        if left:
            raise self.unreadable(f"'{left[0]}' is not a player here",
                                  hint=did_you_mean(left[0], list(others)))
        return None  # the only offer awaiting an answer; check says if there is not exactly one

    def _keep(self, state: State, player: str, rest: list[str]) -> Move:
        if not rest or rest[0] in NOTHING or rest[:1] == ["not"]:
            return {"player": player, "kind": "no-keep"}
        others = {p.lower(): p for p in state["players"] if p != player}
        offerer = colour = None
        for token in rest:
            if token in others:
                offerer = others[token]
            elif self.colour(token):
                colour = self.colour(token)
            elif token not in ("die", "dice", "from", "failed", "one", "into"):
                raise self.unreadable(f"'{token}' is neither a player nor a colour",
                                      hint=did_you_mean(token, list(others) + self.facts.colours))
        if colour is None:
            raise self.unreadable("say which die: 'ana keeps cy's red'")
        if offerer is None:
            offerer = _sole_offerer(state, colour)
        return {"player": player, "kind": "keep", "offerer": offerer, "colour": colour}

    # -- rolls ------------------------------------------------------------------------------
    def _roll(self, state: State, player: str, text: str) -> Move:
        found = re.match(r"\s*[^\s:]+\s*:?\s*\w+\b(.*)$", text.lower().replace("'s", " "), re.S)
        rest = found.group(1).strip() if found else ""
        move: Move = {"player": player, "kind": "roll", "results": None}
        if not rest:
            return move
        head, colon, tail = rest.partition(":")
        first = re.findall(r"[a-z]+|\d+", head)
        if first and (first[0].isdigit() or first[0] in NUMBERS):
            counts = self.dice(re.findall(r"[a-z]+|\d+|,", head), "a roll", spoken_order=True)
            if not colon:
                return {**move, "counts": counts}
            return {**move, "results": self._by_colour(state, counts, tail)}
        results = self._grouped(state, player, rest)
        if not any(results["own"]) and not results["offers"]:
            return move  # "ana rolls the dice": nothing reported, the referee rolls
        return {**move, "results": results}

    def _faces(self, chunk: str) -> list[int]:
        faces = re.findall(r"\S+", chunk.replace(",", " "))
        bad = [f for f in faces if not f.isdigit()]
        if bad:
            raise self.unreadable(f"'{bad[0]}' is not a face of a six-sided die")
        return [int(f) for f in faces]

    def _by_colour(self, state: State, counts: dict[str, int], tail: str) -> dict[str, Any]:
        chunks = tail.split("|")
        if len(chunks) != len(counts):
            raise self.unreadable(f"{len(counts)} colours named but {len(chunks)} groups of faces; "
                                  "separate the colours' faces with '|'")
        roll = state.get("roll") or {}
        sources = _sources(roll)
        results: dict[str, Any] = {"own": {}, "offers": {}}
        for colour, chunk in zip(counts, chunks):
            faces = self._faces(chunk)
            if len(faces) != counts[colour]:
                raise self.unreadable(f"{counts[colour]} {colour} dice named but {len(faces)} faces given")
            owners = [s for s in sources if sources[s].get(colour)]
            if len(owners) > 1:
                named = " and ".join(state["scene"]["controller"] if s is None else s for s in owners)
                raise self.unreadable(f"the {colour} dice come from {named}: say whose die showed "
                                      "what, as in 'ana rolls white 6 3; cy's white 5'")
            owner = owners[0] if owners else None
            target = results["own"] if owner is None else results["offers"].setdefault(owner, {})
            target[colour] = faces
        return results

    def _grouped(self, state: State, player: str, rest: str) -> dict[str, Any]:
        """Faces by colour, the roller's own first; a player's name (or ';') starts their offer."""
        results: dict[str, Any] = {"own": {}, "offers": {}}
        by_lower = {p.lower(): p for p in state["players"] if p != player}
        target, colour = results["own"], None
        for token in re.findall(r"[a-z]+|\d+|;", rest):
            if token in by_lower:
                target, colour = results["offers"].setdefault(by_lower[token], {}), None
            elif token == ";":
                colour = None
            elif token.isdigit():
                if colour is None:
                    raise self.unreadable("name the colour before its faces: 'white 6 3'")
                target.setdefault(colour, []).append(int(token))
            elif token in NOTHING or token in ("own", "dice", "offer", "and", "from"):
                continue
            else:
                colour = self.colour(token)
                if colour is None:
                    raise self.unreadable(f"'{token}' is neither a dice colour nor a player here",
                                          hint=did_you_mean(token, self.facts.colours + list(by_lower)))
                target.setdefault(colour, [])
        return results

    # -- writing ----------------------------------------------------------------------------
    def write(self, move: Move) -> str:
        p, kind = move.get("player"), move["kind"]
        note = f": {move['text']}" if move.get("text") else ""
        if kind == "story-ends":
            return "the story ends"
        if kind == "open":
            return f"{p} opens a scene"
        if kind == "detail":
            n = move.get("count", 1)
            return (f"{p} sets a detail" if n == 1 else f"{p} sets {n} details") + note
        if kind == "waive":
            return f"{p} waives details"
        if kind == "build":
            return f"{p} builds {self.facts.describe(move['dice'])}{note}"
        if kind == "offer":
            return f"{p} offers {self.facts.describe(move['dice'])}{note}"
        if kind == "no-offer":
            return f"{p} offers nothing"
        if kind in ("accept", "refuse"):
            whose = f" {move['offerer']}'s offer" if move.get("offerer") else ""
            return f"{p} {kind}s{whose}" if whose else f"{p} {kind}s the offer"
        if kind == "roll":
            return self._write_roll(move)
        if kind == "keep":
            return f"{p} keeps {move['offerer']}'s {move['colour']}"
        if kind == "no-keep":
            return f"{p} keeps nothing"
        if kind == "end-scene":
            return f"{p} ends the scene"
        if kind == "endgame":
            return f"{p} calls the endgame"
        if kind == "denouement":
            return f"{p} narrates the denouement"
        if kind == "choose":
            return f"{p} chooses {move['narrator']} to narrate the denouement"
        raise ValueError(f"unknown move kind {kind!r}")

    def _write_roll(self, move: Move) -> str:
        results = move.get("results")
        if results is None:
            counts = move.get("counts")
            return f"{move['player']} rolls" + (f" {self.facts.describe(counts)}" if counts else "")

        def faces(dice: dict[str, list[int]]) -> str:
            return ", ".join(f"{c} {' '.join(map(str, dice[c]))}" for c in self.facts.colours if dice.get(c))

        parts = [f"{move['player']} rolls" + (f" {faces(results['own'])}" if _any(results["own"]) else "")]
        parts += [f"{who}'s {faces(d)}" for who, d in results["offers"].items() if _any(d)]
        return "; ".join(parts)


def _any(dice: dict[str, list[int]]) -> bool:
    return any(dice.values())


def _sources(roll: dict[str, Any]) -> dict[str | None, dict[str, int]]:
    """The dice going into the roll by where they came from: None for the roller's own."""
    sources: dict[str | None, dict[str, int]] = {None: roll.get("own") or {}}
    for who, offer in (roll.get("offers") or {}).items():
        if offer.get("status") == "accepted":
            sources[who] = offer["dice"]
    return sources


def _sole_offerer(state: State, colour: str) -> str | None:
    offers = (state.get("roll") or {}).get("offers") or {}
    givers = [p for p, o in offers.items() if o.get("status") == "accepted" and o["dice"].get(colour)]
    return givers[0] if len(givers) == 1 else None


def _story_ends(tokens: list[str]) -> bool:
    return "story" in tokens and any(t in ("ends", "end", "over", "done") for t in tokens) and not (
        tokens and tokens[0] not in ("story", "all", "we", "everyone", "table", "players"))


def _note(text: str) -> str | None:
    """What follows the colon that comes after the verb ("ana sets a detail: the gate is shut")."""
    body = re.sub(r"^\s*[^\s:]+\s*:", "", text, count=1) if re.match(r"^\s*[^\s:]+\s*:", text) else text
    if ":" not in body:
        return None
    note = body.split(":", 1)[1].strip()
    return note or None


def _before_colon(tokens: list[str]) -> list[str]:
    return tokens[:tokens.index(":")] if ":" in tokens else tokens


def _with_note(move: Move, note: str | None) -> Move:
    if note:
        move["text"] = note
    return move

