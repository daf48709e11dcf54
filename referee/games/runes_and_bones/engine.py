"""The Runes and Bones engine: the interface of referee.table.engine over the modules beside it."""
from __future__ import annotations

import random
from collections import Counter
from itertools import chain, combinations
from typing import Any, Iterator

from referee.table.engine import Engine, Event, Option, Outcome, Status
from referee.table.play import clone  # marshal: several times faster than a recursive copy

from . import notation, rules
from . import table as t
from .runes import Runes

State = dict[str, Any]
Move = dict[str, Any]
RISING = ("round", "elimination")


class RunesAndBones(Engine):
    game_id = "runes-and-bones"
    version = "1"
    options = (
        Option("bag-holder", "who holds the bag first (default: the first player listed)", "value", "setup"),
        Option("six-rounds", "play six rounds with bonus bones in each pot; most bones wins", "flag",
               "optional.six-rounds"),
        Option("late-game-cost", "runes and trades cost 1 more once only 2 or 3 players are left", "flag",
               "optional.late-game-cost"),
        Option("rising-cost", "runes and trades cost 1 more after every round (round) or every "
               "elimination (elimination)", "value", "optional.rising-cost"),
        Option("no-reshuffle", "the bag is refilled only when it runs out", "flag", "optional.no-reshuffle"),
    )
    examples = (
        ("ana plays fire axe", "play a normal rune; it wins if it beats the winning rune"),
        ("ben plays fire axe and buys the win", "an identical rune takes the lead only if its player pays"),
        ("cy passes", "pay a bone to the pot and stay in the round"),
        ("ana folds", "leave the round"),
        ("ana plays skull on ben", "take bones from another player"),
        ("ben plays thief", "take bones from the pot"),
        ("cy plays banners", "draw runes from the bag"),
        ("ana plays spy on ben taking water axe", "take one of ben's runes and play it at once"),
        ("ben plays da jhurga from ana and cy", "take a rune each from two players (or 'from ana twice')"),
        ("ana trades 2", "before the turns: swap runes for one bone (name them in a digital game: "
                         "'ana trades fire axe, water shield')"),
        ("ana buys 2", "before the turns: pay bones to the pot for runes from the bag"),
        ("ana discards earth arrow", "before the turns: discard down to the hand limit"),
        ("ana is done", "end your trading, buying and discarding ('ana ready' too)"),
    )

    def __init__(self, data):
        super().__init__(data)
        self.runes = Runes(data)

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any], digital: bool, rng: random.Random) -> State:
        low, high = self.data.players["min"], self.data.players["max"]
        if not low <= len(players) <= high:
            raise ValueError(f"Runes and Bones is played by {low} to {high} players")
        if len({p.lower() for p in players}) != len(players):
            raise ValueError("every player needs a different name")
        holder = options.get("bag-holder")
        if holder not in (None, True) and holder not in players:
            raise ValueError(f"bag-holder must be one of the players ({', '.join(players)})")
        if options.get("rising-cost") not in (None, *RISING):
            raise ValueError(f"rising-cost is one of: {', '.join(RISING)}")
        return t.setup(self.runes, players, options, digital, rng)

    # -- one move ---------------------------------------------------------------------------
    def parse(self, state: State, text: str) -> Move:
        return notation.parse(self.runes, state, text)

    def notation(self, move: Move) -> str:
        return notation.say(self.runes, move)

    def check(self, state: State, move: Move) -> None:
        rules.check(self.runes, state, move)

    def resolve(self, state: State, move: Move, rng: random.Random) -> Move:
        if not state["digital"] or not _random_part(move):
            return move
        resolved = clone(move)
        rules.fill_draws(self.runes, state, resolved, rng)
        return resolved

    def apply(self, state: State, move: Move) -> list[Event]:
        return rules.apply(self.runes, state, move)

    # -- the position -----------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        return [] if state["result"] else [state["actor"]]

    def legal_moves(self, state: State) -> list[Move]:
        if state["result"]:
            return []
        p = state["actor"]
        if state["phase"] == "pre":
            return self._pre_allowed(state, self._pre_moves(state, p))
        return self._turn_allowed(state, self._turn_moves(state, p))

    def _turn_moves(self, state: State, p: str) -> Iterator[Move]:
        yield {"player": p, "kind": "pass"}
        yield {"player": p, "kind": "fold"}
        hands = rules._hands_left(state)
        for part in self._parts(state, p, p, hands, Counter()):
            yield {"player": p, "kind": "play", **part}

    def _turn_allowed(self, state: State, moves: Iterator[Move]) -> list[Move]:
        """check()'s verdict on the moves _turn_moves lists, judging one move for many: every
        rune a play names comes from the pool _parts took it from (the holder's hand, or what
        can still be hidden less the runes claimed before it) and every player it aims at is
        another one still in the game, so check() passes those; what is left to judge is the
        same for all the plays, but for whether one of its parts buys the win (the player's
        bones). A physical table lists some 40 plays a turn, and checking each was half a
        game's time."""
        return self._judged_by_kind(state, moves, lambda move: (move["kind"], _buys_the_win(move)))

    def _pre_allowed(self, state: State, moves: Iterator[Move]) -> list[Move]:
        """check()'s verdict on the moves _pre_moves lists, judging one move for many: the trades
        (and the discards) differ only in how many runes of the hand they name and which, and
        check() finds any runes taken from the hand in it, and counts from 1 to what the hand
        holds (for discards, to what it holds over the limit) pass its count tests. So its
        verdict on the first trade holds for every trade, and on the first discard for every
        discard; a buy's depends on its count (price, runes left to draw). A digital hand of eight
        lists some 250 trades and discards, and checking each was a third of a game's time."""
        return self._judged_by_kind(state, moves, lambda move: (move["kind"], move["count"] if move["kind"] == "buy" else None))

    def _judged_by_kind(self, state: State, moves: Iterator[Move], kind_of) -> list[Move]:  # noqa: ANN001
        """The moves check() allows, judging one move of each kind (``kind_of(move)``) for all of it."""
        verdicts: dict[tuple, bool] = {}
        found = []
        for move in moves:
            key = kind_of(move)
            allowed = verdicts.get(key)
            if allowed is None:
                allowed = verdicts[key] = self.allows(state, move)
            if allowed:
                found.append(move)
        return found

    def _pre_moves(self, state: State, p: str) -> Iterator[Move]:
        hand = state["hands"][p]
        limit = self.runes.hand_limit
        if state["digital"]:
            ordered = self.runes.sort(hand)

            def choices(sizes):
                for k in sizes:
                    for combo in sorted(set(combinations(ordered, k))):
                        yield {"count": k, "runes": list(combo)}
        else:
            def choices(sizes):
                for k in sizes:
                    yield {"count": k, "runes": None}
        size, step = t.size(hand), state["pre"]["step"]
        if step == "trade" and state["bones"][p] >= self.runes.trade_price(state):
            for c in choices(range(1, size + 1)):
                yield {"player": p, "kind": "trade", **c, "drawn": None}
        if step != "discard":
            for k in range(1, self.runes.most_bought - state["pre"]["bought"] + 1):
                yield {"player": p, "kind": "buy", "count": k, "drawn": None}
        for c in choices(range(1, size - limit + 1)):
            yield {"player": p, "kind": "discard", **c}
        yield {"player": p, "kind": "ready"}

    def _pool(self, state: State, holder: str, hands: dict[str, Any], claims: Counter) -> list[str]:
        """Runes ``holder`` may hold: their hand (digital), or whatever can still exist (physical)."""
        if state["digital"]:
            return self.runes.sort(list(set(hands[holder])))
        if hands[holder] < 1:
            return []
        return [r for r in self.runes.order if t.available(self.runes, state, r) - claims[r] >= 1]

    def _parts(self, state: State, player: str, holder: str, hands: dict[str, Any],
               claims: Counter) -> Iterator[dict[str, Any]]:
        others = [q for q in t.in_game(state) if q != player]
        for rune in self._pool(state, holder, hands, claims):
            kind = self.runes.kind(rune)
            if kind == "normal":
                yield {"rune": rune, "pays": False}
                if state["winning"] and state["winning"]["rune"] == rune:
                    yield {"rune": rune, "pays": True}
            elif kind == "steal":
                yield from ({"rune": rune, "on": q} for q in others)
            elif kind == "rob":
                yield {"rune": rune}
            elif kind == "draw":
                yield {"rune": rune, "drawn": None}
            elif kind == "spy":
                # only a Spy looks further: the hands and claims once this rune has left
                rest, more = dict(hands), Counter(claims)
                more[rune] += 1
                if state["digital"]:
                    rest[holder] = list(rest[holder])
                    rest[holder].remove(rune)
                else:
                    rest[holder] -= 1
                for q in others:
                    if t.size(rest[q]) == 0:
                        yield {"rune": rune, "on": q, "taking": None}
                    for sub in (self._parts(state, player, q, rest, more) if t.size(rest[q]) else ()):
                        yield {"rune": rune, "on": q, "taking": sub}
            else:
                for i, q in enumerate(others):
                    for r in others[i:]:
                        yield {"rune": rune, "from": [q, r], "taken": None}

    def status(self, state: State) -> Status:
        runes = self.runes
        win = state["winning"]
        winning = f"{runes.label[win['rune']]} ({win['player']})" if win else "none yet"
        if state["result"]:
            head = f"Game over: {' and '.join(state['result']['winners'])} ({state['result']['reason']})"
        elif state["phase"] == "pre":
            head = (f"Round {state['round']}, before the turns: {state['actor']} may trade, buy and "
                    f"discard, then says '{state['actor']} is done'")
        else:
            head = f"Round {state['round']}, turns: {state['actor']} to play, pass or fold"
        lines = [head,
                 f"Pot {state['pot']} · supply {state['supply']} · bag {t.size(state['bag'])} runes · "
                 f"discard pile {t.size(state['discard'])}",
                 f"Winning rune: {winning} · bag holder: {state['bag_holder']}"]
        for p in state["players"]:
            where = ("out of the game" if p in state["out"] else
                     "in the round" if p in state["in_round"] else "folded")
            held = t.count(t.hand_size(state, p), "rune")
            lines.append(f"  {p}: {t.count(state['bones'][p], 'bone')}, {held}, {where}")
        seen = [f"{runes.label[r]} x{n}" for r, n in state["seen"].items() if n]
        if seen:
            lines.append(f"Seen since the bag was refilled: {', '.join(seen)}")
        data = {
            "round": state["round"], "phase": state["phase"], "to_act": self.to_act(state),
            "pot": state["pot"], "supply": state["supply"], "bag": t.size(state["bag"]),
            "discard": t.size(state["discard"]), "bones": dict(state["bones"]),
            "hand_sizes": {p: t.hand_size(state, p) for p in state["players"]},
            "in_round": list(state["in_round"]), "out": list(state["out"]),
            "bag_holder": state["bag_holder"], "winning": win, "seen": dict(state["seen"]),
            "price": {"rune": runes.buy_cost(state, 1), "trade": runes.trade_price(state)},
        }
        return Status(tuple(lines), data)

    def secret(self, state: State) -> bool:
        return bool(state["digital"])  # the referee dealt the hands: its moves name their runes

    def hand(self, state: State, player: str) -> list[str] | None:
        if not state["digital"]:
            return None
        return [self.runes.label[r] for r in state["hands"][player]]

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if not result:
            return None
        return Outcome(tuple(result["winners"]), result["reason"], dict(state["bones"]), result["rule"])

    def invariants(self, state: State) -> list[str]:
        # Checked after every move of every playout: plain loops over the few piles, each
        # summed once (the same messages as ever, in the same order).
        runes, broken = self.runes, []
        held = state["bones"].values()
        pot, supply = state["pot"], state["supply"]
        bones = sum(held) + pot + supply
        if bones != state["total"]:
            broken.append(f"bones: {bones} counted, {state['total']} in the game")
        if pot < 0 or supply < 0 or any(n < 0 for n in held):
            broken.append("a negative count of bones")
        size = t.size
        hands = state["hands"].values()
        sizes = [size(state["bag"]), size(state["discard"]), *map(size, hands)]
        winning = state["winning"]
        counted = sum(sizes) + (1 if winning else 0)
        if min(sizes) < 0:
            broken.append("a negative count of runes")
        if counted != runes.total:
            broken.append(f"runes: {counted} counted, {runes.total} in the deck")
        if state["digital"]:
            bag, discard = state["bag"], state["discard"]
            every = dict(bag)
            get = every.get
            for rune, n in discard.items():
                every[rune] = get(rune, 0) + n
            if (bag and min(bag.values()) < 1) or (discard and min(discard.values()) < 1):
                broken.append("a pile lists a rune with no copies")
            for rune in chain.from_iterable(hands):
                every[rune] = get(rune, 0) + 1
            if winning:
                every[winning["rune"]] = get(winning["rune"], 0) + 1
            if every != runes.count:
                broken.append("the runes in play are not the deck")
        count, on_table = runes.count, winning["rune"] if winning else None
        for r, n in state["seen"].items():
            if n + (1 if r == on_table else 0) > count[r]:
                broken.append(f"more {r} seen than the deck holds")
        for p in state["out"]:
            if t.hand_size(state, p) or state["bones"][p]:
                broken.append(f"{p} is out but holds runes or bones")
        if not state["result"] and state["phase"] == "turns" and state["actor"] not in state["in_round"]:
            broken.append(f"{state['actor']} is to play but not in the round")
        return broken


def _buys_the_win(part: dict[str, Any] | None) -> bool:
    """Does the play (or the rune a Spy takes, played at once) pay to buy the win?"""
    while part:
        if part.get("pays"):
            return True
        part = part.get("taking")
    return False


def _random_part(part: dict[str, Any]) -> bool:
    """Does the move (or the rune a Spy takes) draw or take runes the referee must choose?"""
    if "drawn" in part or "taken" in part:
        return True
    return bool(part.get("taking")) and _random_part(part["taking"])
