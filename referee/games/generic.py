"""Any game without an engine of its own (a designer's game): turns, dice and scores.

The referee does not know such a game's rules, so it keeps to what every game shares: whose turn
it is, that a reported die shows a face that die has (or it rolls the die itself), each player's
points, and who the table says won. `referee new` says so when it falls back on this.
"""
from __future__ import annotations

import random
from typing import Any

from referee.table.engine import Engine, Event, Illegal, Move, Outcome, State, Status, Unreadable
from referee.table.notation import did_you_mean, take_player, verb, words

MAX_DICE = 100  # dice in one reported roll

VERBS = {
    "roll": ("roll", "rolls", "rolled"),
    "score": ("score", "scores", "scored", "gain", "gains", "gets"),
    "lose": ("lose", "loses", "lost"),
    "end": ("end", "ends", "done", "pass", "passes", "finish", "finishes"),
    "win": ("win", "wins", "won"),
}


class Generic(Engine):
    game_id = "*"
    version = "1"
    examples = (
        ("ana rolls d6", "the referee rolls the game's die d6 for ana"),
        ("ana rolls d6: 4", "ana rolled a 4 on the table; the referee checks the die has that face"),
        ("ana rolls 2 d6: 3, 5", "two dice at once"),
        ("ana scores 3", "ana gains 3 points (\"ana loses 2\" takes 2 away)"),
        ("ana ends her turn", "play passes to the next player"),
        ("ana wins", "the table says the game is over and ana won"),
    )

    def __init__(self, data):  # noqa: ANN001
        super().__init__(data)
        self.turn_rule = next((rid for rid in data.raw["rules"] if rid.split(".")[-1] in ("turn", "turns")), None)
        self.dice = {d["id"]: d for d in data.raw.get("dice", ())}
        self.die_names = {}
        for die in self.dice.values():
            for name in (die["id"], die["name"], die.get("color")):
                if name:
                    self.die_names[" ".join(words(name))] = die["id"]

    def setup(self, players: list[str], options: dict[str, Any], digital: bool, rng: random.Random) -> State:
        return {"players": players, "turn": 0, "round": 1, "points": {p: 0 for p in players},
                "last_roll": None, "winners": None}

    def to_act(self, state: State) -> list[str]:
        return [state["players"][state["turn"]]]

    # -- reading ------------------------------------------------------------------------------------
    def parse(self, state: State, text: str) -> Move:
        player, rest = take_player(words(text, keep={"her", "his", "their"}), state["players"])
        rest = [w for w in rest if w not in ("her", "his", "their", "turn", "points", "point")]
        kind = verb(rest[0], VERBS) if rest else None
        if kind is None:
            said = rest[0] if rest else ""
            raise Unreadable(f"expected what {player} does after the name",
                             expected="rolls, scores, loses, ends her turn or wins",
                             examples=tuple(e for e, _ in self.examples[:4]),
                             hint=did_you_mean(said, [f for forms in VERBS.values() for f in forms]))
        args = rest[1:]
        if kind == "roll":
            return self._parse_roll(player, args)
        if kind in ("score", "lose"):
            if len(args) != 1 or not args[0].isdigit():
                raise Unreadable("expected a number of points", expected=f"{player} scores 3")
            amount = int(args[0])
            return {"player": player, "kind": "score", "points": amount if kind == "score" else -amount}
        if args:
            raise Unreadable(f"unexpected words after '{rest[0]}': {' '.join(args)}")
        return {"player": player, "kind": kind}

    def _parse_roll(self, player: str, args: list[str]) -> Move:
        said, _, results = " ".join(args).partition(":")
        tokens = said.split()
        count = 1
        if tokens and tokens[0].isdigit():
            count, tokens = int(tokens[0]), tokens[1:]
        name = " ".join(tokens)
        if name not in self.die_names:
            known = sorted(self.die_names) or ["(this game has no dice)"]
            raise Unreadable(f"'{name}' is not one of this game's dice", expected=", ".join(known),
                             hint=did_you_mean(name, list(self.die_names)))
        if not 1 <= count <= MAX_DICE:
            raise Unreadable(f"roll 1 to {MAX_DICE} dice at once")
        faces = [f.strip() for f in results.replace(",", " ").split()] if results.strip() else None
        return {"player": player, "kind": "roll", "die": self.die_names[name], "count": count, "faces": faces}

    def notation(self, move: Move) -> str:
        p, kind = move["player"], move["kind"]
        if kind == "roll":
            die = f"{move['count']} {move['die']}" if move["count"] > 1 else move["die"]
            faces = f": {', '.join(move['faces'])}" if move.get("faces") else ""
            return f"{p} rolls {die}{faces}"
        if kind == "score":
            return f"{p} scores {move['points']}" if move["points"] >= 0 else f"{p} loses {-move['points']}"
        return {"end": f"{p} ends the turn", "win": f"{p} wins"}[kind]

    # -- judging ------------------------------------------------------------------------------------
    def check(self, state: State, move: Move) -> None:
        to_act = self.to_act(state)[0]
        if move["kind"] in ("roll", "end") and move["player"] != to_act:
            raise Illegal(f"it is {to_act}'s turn, not {move['player']}'s", self.turn_rule or "")
        if move["kind"] == "roll" and move.get("faces") is not None:
            die = self.dice[move["die"]]
            labels = {str(f["label"]).lower() for f in die["faces"]}
            if len(move["faces"]) != move["count"]:
                raise Illegal(f"{move['count']} dice rolled but {len(move['faces'])} results given",
                              die.get("rule") or "")
            for face in move["faces"]:
                if face.lower() not in labels:
                    raise Illegal(f"the {die['name']} has no face '{face}' (its faces: "
                                  f"{', '.join(str(f['label']) for f in die['faces'])})", die.get("rule") or "")

    def resolve(self, state: State, move: Move, rng: random.Random) -> Move:
        if move["kind"] != "roll" or move.get("faces") is not None:
            return move
        faces = self.dice[move["die"]]["faces"]
        return {**move, "faces": [str(rng.choice(faces)["label"]) for _ in range(move["count"])]}

    def apply(self, state: State, move: Move) -> list[Event]:
        p = move["player"]
        if move["kind"] == "roll":
            state["last_roll"] = {"player": p, "die": move["die"], "faces": move["faces"]}
            return [Event(f"{p} rolled {', '.join(move['faces'])}")]
        if move["kind"] == "score":
            state["points"][p] += move["points"]
            return [Event(f"{p} now has {state['points'][p]} points")]
        if move["kind"] == "end":
            state["turn"] = (state["turn"] + 1) % len(state["players"])
            if state["turn"] == 0:
                state["round"] += 1
            return [Event(f"{self.to_act(state)[0]}'s turn")]
        state["winners"] = [p]
        return [Event(f"{p} wins, as the table says")]

    def legal_moves(self, state: State) -> list[Move]:
        if state["winners"]:
            return []
        p = self.to_act(state)[0]
        rolls = [{"player": p, "kind": "roll", "die": d, "count": 1, "faces": None} for d in self.dice]
        return rolls + [{"player": p, "kind": "end"}]

    def status(self, state: State) -> Status:
        points = ", ".join(f"{p} {n}" for p, n in state["points"].items())
        lines = [f"round {state['round']}, {self.to_act(state)[0]} to play", f"points: {points}"]
        if state["last_roll"]:
            r = state["last_roll"]
            lines.append(f"last roll: {r['player']} rolled {r['die']}: {', '.join(r['faces'])}")
        lines.append("(the referee follows turns, dice and points; it does not know this game's rules)")
        return Status(tuple(lines), {"round": state["round"], "to_act": self.to_act(state),
                                     "points": state["points"], "last_roll": state["last_roll"]})

    def outcome(self, state: State) -> Outcome | None:
        if not state["winners"]:
            return None
        return Outcome(tuple(state["winners"]), "declared by the table", dict(state["points"]))

    def invariants(self, state: State) -> list[str]:
        return [] if 0 <= state["turn"] < len(state["players"]) else ["turn out of range"]
