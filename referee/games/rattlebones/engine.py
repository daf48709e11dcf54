"""The Rattlebones engine: ties set-up, parsing, checking and applying together, and reports the
position (status), the end (outcome) and broken invariants (conservation against the supply)."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from referee.table.engine import Engine, Event, Move, Option, Outcome, State, Status
from referee.table.gamedata import GameData

from . import apply as applying
from . import rules
from .facts import Facts, side_kind
from .parse import parse_move
from .say import notation
from .state import current, effective, setup_state

DIE_COUNTS_KEPT = 4096  # distinct die texts whose counts are kept (a few hundred bytes each)


def _dice(state: State, p: str) -> list[tuple[str, list[str]]]:
    return [(c, sides.split()) for c, sides in state["dice"][p].items()]


class Rattlebones(Engine):
    game_id = "rattlebones"
    version = "1"
    options = (
        Option("tiles", "the 7 board tiles in slot order (A to G), e.g. tiles=gold,star,thief,arrow,"
               "stock,double,gamble; without it the referee lays 7 of the 12 at random",
               kind="value", rule="setup.board"),
    )
    examples = (
        ("ana pays 1 gold", "before rolling: pay 1 gold to roll two dice (2 gold: all three)"),
        ("ana rolls white", "roll the white die; the referee rolls it"),
        ("ana rolls white and grey: 3, gold", "roll two dice and report what they show"),
        ("ana moves the monkey on 0 with white", "move your monkey on space 0 as far as white shows"),
        ("ana moves the monkey on 4 by 7 with grey", "a 9-Pip: move that monkey 7 spaces"),
        ("ana fits thief on white over 4", "take the landing space's offer: a Thief side over socket 4"),
        ("ana fits arrow on white over 4 pointing at 2", "an Arrow side over socket 4, pointing at socket 2"),
        ("ana raises white socket 3", "on +1: raise the points side in socket 3 by one"),
        ("ana declines", "refuse the landing space's offer"),
        ("ana sells 3 stars", "at the store: sell stars off the chart"),
        ("ana uses grey", "carry out the action grey shows (gold, train, points, gamble ...)"),
        ("ana uses grey: gold from ben, star from cy", "a Thief: what you take from each other player"),
        ("ana uses grey: gamble 4", "a Gamble whose die the table rolled: it shows 4"),
        ("ana rolls again with white and black", "Roll Again on white: roll it with the unrolled black"),
        ("ana ends the turn, doubling grey", "end the turn; the x2 showing doubles grey's gain"),
        ("ana done", "end the turn"),
    )

    def __init__(self, data: GameData):
        super().__init__(data)
        self.facts = Facts(data)
        self._example_texts = tuple(e for e, _ in self.examples)  # parse hints at them when lost
        self._dice_seen: tuple[Any, ...] | None = None  # see _dice_checks
        self._supply_keys: tuple[tuple, list[tuple[str, str, int]]] = ((), [])
        self._pips_per_die = sum(1 for x in self.facts.start_faces if side_kind(x) == "pips")
        self._die_counts: dict[str, tuple[tuple[str, ...], bool, frozenset[str]]] = {}  # see _die_count
        # (holding, how many the game has) without and with the stock tiles in play
        self._holdings = tuple((("gold", self.facts.gold_supply), ("stars", self.facts.star_supply),
                                ("stock", self.facts.stock_tickets if stock else 0)) for stock in (False, True))

    def setup(self, players: list[str], options: dict[str, Any], digital: bool, rng: random.Random) -> State:
        return setup_state(self.facts, players, options, digital, rng)

    def parse(self, state: State, text: str) -> Move:
        return parse_move(self.facts, state, text, self._example_texts)

    def check(self, state: State, move: Move) -> None:
        rules.check(self.facts, state, move)

    def resolve(self, state: State, move: Move, rng: random.Random) -> Move:
        return applying.resolve(self.facts, state, move, rng)

    def apply(self, state: State, move: Move) -> list[Event]:
        return applying.apply_move(self.facts, state, move)

    def notation(self, move: Move) -> str:
        return notation(self.facts, move)

    def to_act(self, state: State) -> list[str]:
        return [] if state["over"] else [current(state)]

    def legal_moves(self, state: State) -> list[Move]:
        return rules.legal_moves(self.facts, state)

    # -- the position -----------------------------------------------------------------------
    def status(self, state: State) -> Status:
        f = self.facts
        lines = []
        if state["over"]:
            out = self.outcome(state)
            assert out is not None  # "over" is set: the game has its outcome
            lines.append(f"Game over: {out.reason}. Winner: {', '.join(out.winners)}")
        else:
            lines.append(f"Round {state['turn_number']}: {current(state)} to play")
        lines.append(f"Rattlebones on {state['rattlebones']}; train on {state['train']} "
                     f"(worth {f.train[state['train']]})")
        lines.append("Board: " + ", ".join(f"{i} {f.space_names[a]}" for i, a in enumerate(state["board"])))
        for p in state["players"]:
            dice = "; ".join(f"{c} [{', '.join(f.label(s) for s in sides)}]" for c, sides in _dice(state, p))
            lines.append(f"{p}: {state['score'][p]} points, {state['gold'][p]} gold, {state['stars'][p]} stars, "
                         f"{state['stock'][p]} stock; monkeys on {', '.join(map(str, state['monkeys'][p]))}; {dice}")
        s = state["supply"]
        lines.append(f"Supply: {s['gold']} gold, {s['stars']} stars, {s['stock']} stock tickets; sides "
                     + ", ".join(f"{k} {n}" for k, n in s["sides"].items())
                     + "".join(f", {v}-point {n}" for v, n in s["points"].items()))
        t = state["turn"]
        if not state["over"] and t["rolled"]:
            showing = ", ".join(f"{c} {f.label(t['shown'][c])}" for c in t["rolled"])
            lines.append(f"Rolled: {showing}; to use: {', '.join(t['pending']) or 'none'}"
                         + (f"; x2 on {', '.join(t['x2'])}" if t["x2"] else ""))
            if t["offer"]:
                what = "sell stars" if t["offer"].get("side") is None else f"fit {f.kind_names[t['offer']['side']]}"
                lines.append(f"Offer: {what} on {t['offer']['die']} (or decline)")
        elif not state["over"]:
            lines.append(f"Not rolled yet; rolls {t['allowed']} " + ("die" if t["allowed"] == 1 else "dice") + (f" (paid {t['paid']} gold)" if t["paid"] else ""))
        data = {k: state[k] for k in ("players", "board", "tiles", "score", "gold", "stars", "stock", "monkeys",
                                      "dice", "rattlebones", "train", "supply", "turn", "over")}
        data["to_act"] = self.to_act(state)
        return Status(tuple(lines), data)

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        score = state["score"]
        best = max(score.values())
        leaders = [p for p in state["players"] if score[p] == best]
        reason = state["over"]["reason"]
        if len(leaders) > 1:
            wealth = {p: state["gold"][p] + state["stars"][p] + state["stock"][p] for p in leaders}
            top = max(wealth.values())
            leaders = [p for p in leaders if wealth[p] == top]
            reason += "; tie broken by gold + stars + stock" if len(leaders) == 1 else "; still tied: shared win"
        return Outcome(tuple(leaders), reason, dict(score), "game-end.winner")

    def _dice_checks(self, state: State) -> list[str]:
        """The broken invariants of the dice and the sides' supply: a function of the dice, the
        supply's sides and points, the kinds in play, the pips out and the players, kept for the
        last of these seen. Most moves change none of them, and counting and comparing them again
        was most of a playout's invariant check. They are compared as they are (dict to dict, in
        C), not through a key built each move: equal dicts in another order share a verdict,
        the same messages."""
        s, seen = state["supply"], self._dice_seen
        if (seen is not None and state["pips_out"] == seen[0] and state["players"] == seen[1]
                and state["dice"] == seen[2] and s["sides"] == seen[3] and s["points"] == seen[4]
                and state["kinds"] == seen[5]):
            return seen[6]
        players = state["players"]
        broken = self._check_dice(state)
        self._dice_seen = (state["pips_out"], list(players), {p: dict(d) for p, d in state["dice"].items()},
                           dict(s["sides"]), dict(s["points"]), list(state["kinds"]), broken)
        return broken

    def _check_dice(self, state: State) -> list[str]:
        f = self.facts
        broken: list[str] = []
        keys: list[str] = []
        kinds: set[str] = set()
        counted = self._die_counts
        for p in state["players"]:
            for c, text in state["dice"][p].items():
                found = counted.get(text) or self._die_count(text)
                if not found[1]:
                    broken.append(f"{p}'s {c} socket {f.fixed_socket} changed")
                keys += found[0]
                kinds |= found[2]
        on_dice = Counter(keys)  # counted in C, keys in the order first met, as added one by one
        s = state["supply"]
        sides, points = s["sides"], s["points"]
        for (key, dice_key, count), n in zip(self._supply_counts(s), [*sides.values(), *points.values()]):
            if n < 0 or n + on_dice.get(dice_key, 0) != count:
                if dice_key == key:
                    broken.append(f"{key} sides: supply {n} + on dice {on_dice.get(key, 0)} != {count}")
                else:
                    broken.append(f"{dice_key} sides: supply {n} + on dice {on_dice.get(dice_key, 0)}")
        allowed = {*state["kinds"], "pips", "rattlebones"}
        if not kinds <= allowed:
            broken.append(f"sides not in play on dice: {[k for k in on_dice if side_kind(k) not in allowed]}")
        pips_start = len(state["players"]) * f.dice_per_player * self._pips_per_die
        if on_dice.get("pips", 0) + state["pips_out"] != pips_start:
            broken.append("pip sides not conserved")
        return broken

    def _die_count(self, text: str) -> tuple[tuple[str, ...], bool, frozenset[str]]:
        """One die's sides as counted (points sides by value, the rest by kind), whether its
        fixed socket still holds the side it starts with, and the kinds of its sides. Kept per
        die text: when a die changes the others do not, and splitting them all again was most of
        a check after such a move."""
        found = self._die_counts.get(text)
        if found is None:
            if len(self._die_counts) >= DIE_COUNTS_KEPT:
                self._die_counts.clear()
            fixed_at = self.facts.fixed_socket - 1
            sides = text.split()
            keys = tuple(side if side_kind(side) == "points" else side_kind(side) for side in sides)
            found = self._die_counts[text] = (keys, sides[fixed_at] == self.facts.start_faces[fixed_at],
                                              frozenset(side_kind(k) for k in keys))
        return found

    def _supply_counts(self, supply: dict[str, dict[str, int]]) -> list[tuple[str, str, int]]:
        """(key in supply, key on dice, count the game has) for each side kind and points value
        in the supply, in the supply's order; kept per set of keys (the same all game)."""
        keys = (tuple(supply["sides"]), tuple(supply["points"]))
        if keys != self._supply_keys[0]:
            f = self.facts
            self._supply_keys = (keys, [(k, k, f.side_count(k)) for k in keys[0]]
                                 + [(v, f"points-{v}", f.points_counts[int(v)]) for v in keys[1]])
        return self._supply_keys[1]

    def invariants(self, state: State) -> list[str]:
        # Plain loops and comparisons, not min(), max(), sum() over lists made for them: this
        # runs after every move, and those calls on three or four numbers were most of it.
        f = self.facts
        broken = []
        s = state["supply"]
        players = state["players"]
        for item, total in self._holdings[1 if state["stock_in_play"] else 0]:
            held_by, supply = state[item], s[item]
            held, negative = 0, supply < 0
            for p in players:
                n = held_by[p]
                held += n
                if n < 0:
                    negative = True
            if supply + held != total:
                broken.append(f"{item}: supply {supply} + held = {supply + held}, not {total}")
            if negative:
                broken.append(f"negative {item}")
        broken += self._dice_checks(state)
        start = f.start_score
        for score in state["score"].values():
            if score < start:
                broken.append("a score below the start")
                break
        monkeys_of, count, loop_len = state["monkeys"], f.monkeys, f.loop_len
        for p in players:
            monkeys = monkeys_of[p]
            if len(monkeys) != count:
                broken.append(f"{p}'s monkeys off the loop")
                continue
            for space in monkeys:
                if space < 0 or space >= loop_len:
                    broken.append(f"{p}'s monkeys off the loop")
                    break
        t = state["turn"]
        if t["pending"]:
            p = current(state)
            for c in t["pending"]:
                if effective(state, p, c) is not None and c not in t["rolled"]:
                    broken.append(f"{c} pending but not rolled")
        return broken

