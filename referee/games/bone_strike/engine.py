"""Bone Strike's rules engine: set-up, carrying out moves, status, the end, invariants."""
from __future__ import annotations

import random
from typing import Any, cast

from referee.table.engine import Engine, Event, Option, Outcome, Status
from referee.table.gamedata import GameData

from . import attack, board, effects, rules
from . import parse as reading
from . import status as position  # imported here, not per call: invariants run after every move
from .cards import Catalogue, State, burn_hand, cid, draw, shuffled, take_from_hand


class BoneStrike(Engine):
    game_id = "bone-strike"
    version = "1"
    options = (
        Option("factions", "faction ids dealt, in player order (default: dealt at random)", "value", "setup"),
        Option("first", "the first player (default: chosen at random)", "value", "setup"),
        Option("all-factions", "shuffle every faction's cards into the main deck", "flag", "setup.all-factions"),
    )
    examples = (
        ("ana discards plunder", "discard a card from hand for its booty"),
        ("ana buys deck swab", "buy a card from the lineup with booty"),
        ("ana plays pillage", "play an action, or a warrior into your play area"),
        ("ana plays cutlass on peons", "lay a weapon on one of your warriors"),
        ("ana attacks ben with peons", "attack a neighbour, or 'ana attacks ben's hexer with peons'"),
        ("ben blocks with crypt squire", "block with a roused warrior ('ben does not block')"),
        ("ana rolls red 2 damage, time bone", "report the dice ('ana rolls' alone: the referee rolls)"),
        ("ana rerolls blanks", "reroll blanks after a time die scored ('ana rerolls all' when all scored)"),
        ("ana rerolls one red", "a free reroll of one blank die an ability allows (the Ash Reavers')"),
        ("ana stops", "stop rolling and resolve, or stop using bone abilities"),
        ("ana uses peons bone", "pay bones from the effect pool for a bone ability"),
        ("ana uses hexer bone at full cost", "pay without a discount, keeping it for later this turn"),
        ("ana picks ben's hexer", "answer a card's choice ('ana skips' when it is optional)"),
        ("ana ends turn", "go to the refill phase; the player on the left goes next"),
        ("reveal hexer", "at a table: the card turned up into the lineup"),
    )

    def __init__(self, data: GameData):
        super().__init__(data)
        self.cat = Catalogue(data)
        self.all_uids = sorted(u for c in self.cat.cards for u in self.cat.uids(c))
        self._in_play: dict[tuple, frozenset[str]] = {}
        self._last_in_play: tuple[int, list[str], bool, frozenset[str]] = (-1, [], False, frozenset())
        # The words of a discard, a buy or a play on no warrior, by (player, kind, card): they
        # name only the player and the card, and half the moves listed are of these kinds.
        self._plain_said: dict[tuple[str, str, str], str] = {}

    def in_play(self, state: State) -> frozenset[str]:
        """Every card uid the set-up brought out of the box (the rest stay in it all game). A
        function of the set-up alone, kept per set-up: invariants ask for it after every move."""
        players, factions, every = state["players"], state["factions"], bool(state["all_factions"])
        last = self._last_in_play  # the same set-up as the last asked (a playout asks ~600 times)
        if last[0] == len(players) and last[1] == factions and last[2] is every:
            return last[3]
        key = (len(players), tuple(factions), every)
        if key not in self._in_play:
            self._in_play[key] = frozenset(self._brought_out(state))
        self._last_in_play = (key[0], list(factions), every, self._in_play[key])
        return self._in_play[key]

    def _brought_out(self, state: State) -> set[str]:
        n = len(state["players"])
        cards = {u for c in state["factions"] for u in self.cat.uids(c)[:1]}
        for row in self.data.table("starting-deck")["rows"]:
            cards |= set(self.cat.uids(row["card"])[:n * row["count"]])
        for c in self.data.deck("main")["cards"]:
            if state["all_factions"] or c.get("faction") in state["factions"]:
                cards |= set(self.cat.uids(c["id"]))
        return cards
    # -- set-up -------------------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any], digital: bool, rng: random.Random) -> State:
        low, high = self.data.players["min"], self.data.players["max"]
        if not low <= len(players) <= high or len({p.lower() for p in players}) != len(players):
            raise ValueError(f"Bone Strike takes {low} to {high} players with different names")
        factions = [c["id"] for c in self.data.deck("factions")["cards"]]
        chosen = str(options["factions"]).split(",") if options.get("factions") else rng.sample(factions, len(players))
        chosen = [f.strip() for f in chosen]
        if len(chosen) != len(players) or len(set(chosen)) != len(chosen) or not set(chosen) <= set(factions):
            raise ValueError(f"factions: give {len(players)} different ones of {', '.join(factions)}")
        first = options.get("first") if isinstance(options.get("first"), str) else rng.choice(players)
        if first not in players:
            raise ValueError(f"first: '{first}' is not a player")
        limits = {k: self.data.value(k) for k in ("starting-health", "maximum-health", "eliminated-at", "hand-size",
                                                  "lineup-size")}
        in_main = [c["id"] for c in self.data.deck("main")["cards"]
                   if options.get("all-factions") or c.get("faction") in chosen]
        main = [u for c in in_main for u in self.cat.uids(c)]
        state: State = {"players": list(players), "active": list(players), "digital": bool(digital),
                        "seed": rng.getrandbits(32), "shuffles": 0, "turn": first, "booty": 0, "bought": 0,
                        "limits": limits, "main": main, "lineup": [], "destroyed": [], "factions": chosen,
                        "all_factions": bool(options.get("all-factions")),
                        "attack": None, "pending": None, "playing": None, "by_hand": [], "used": [], "boosts": {},
                        "p": {}}
        for i, name in enumerate(players):
            deck = []
            for row in self.data.table("starting-deck")["rows"]:
                deck += self.cat.uids(row["card"])[i * row["count"]:(i + 1) * row["count"]]
            faction = self.cat.uids(chosen[i])[0]
            pl = {"faction": faction, "health": limits["starting-health"], "discard": [], "warriors": [], "gone": []}
            if digital:
                pl.update(deck=shuffled(state, deck), hand=[])
            else:
                pl.update(hidden=sorted(deck), hand_n=0, deck_n=len(deck), discard_n=0)
            state["p"][name] = pl
            draw(state, pl, limits["hand-size"])
        if digital:
            state["main"] = shuffled(state, main)
            self._refill_lineup(state)
        return state

    def _refill_lineup(self, state: State) -> list[Event]:
        events = []
        while state["digital"] and rules.lineup_short(state):
            uid = state["main"].pop(0)
            state["lineup"].append(uid)
            events.append(Event(f"{self.cat.name(uid)} joins the lineup", "buy"))
        return events

    # -- one move ----------------------------------------------------------------------------
    def parse(self, state: State, text: str) -> dict[str, Any]:
        move = reading.parse(self.cat, self.data, state, text)
        move["said"] = reading.notation(self.cat, self.data, state, move)
        return move

    def check(self, state: State, move: dict[str, Any]) -> None:
        rules.check(self.cat, self.data, state, move)

    def resolve(self, state: State, move: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        kind = move["kind"]
        fill: dict[str, Any] | None = None  # what the referee fills in
        if kind == "reveal" and move.get("card") is None:
            fill = {"card": cid(rng.choice(sorted(state["main"])))}
        elif kind == "roll" and move.get("results") is None:
            att, dice = state["attack"], self.cat.dice
            results = []
            for i in att["rolling"]:
                same = dice[att["dice"][i]].same
                # the first face with the same symbols: what a player reporting it would say
                results.append(same[rng.randrange(len(same))])
            fill = {"results": results}
        elif kind == "play":
            texts = effects.by_hand_texts(self.cat, move["card"], "play")
            if texts:
                fill = {"by_hand": texts}
        elif kind == "bone" and move.get("card"):
            texts = effects.by_hand_texts(self.cat, move["card"], "bone")
            if texts:
                fill = {"by_hand": texts}
        given = move
        if fill:
            move = {**given, **fill}
        said = reading.notation(self.cat, self.data, state, move)
        if move is given:  # nothing filled in (most moves): no copy to make and compare
            if "said" not in given:  # listed by playout_moves, without its words: they are written in
                given["said"] = said
                return given
            if given["said"] == said:
                return given
            move = dict(given)
        move["said"] = said
        if "said" not in given:
            given["said"] = said  # (attempt hands resolve its own copy of the move)
        # nothing filled in (a listed move already says itself): the given move, which attempt
        # then need not check a second time
        return given if move == given else move

    def apply(self, state: State, move: dict[str, Any]) -> list[Event]:
        cat, kind = self.cat, move["kind"]
        p = cast(str, move.get("player"))  # None only in "reveal", the table's move
        if kind == "reveal":
            uid = min(u for u in state["main"] if cid(u) == move["card"])
            state["main"].remove(uid)
            state["lineup"].append(uid)
            return [Event(f"{cat.name(uid)} joins the lineup", "buy")]
        if kind == "choose":
            pending = state.pop("pending")
            state["pending"] = None
            events = effects.do(cat, state, p, pending["effect"], move["choice"], pending["ctx"])
            events += effects.run(cat, state, p, pending["queue"], pending["ctx"])
            events += self._burn_played(state, p)
            return events + (attack.after_bones(cat, state) if state["attack"] else [])
        if kind == "block":
            return attack.block(cat, state, move["warrior"])
        if kind == "roll":
            return attack.roll(cat, state, self.data, move["results"])
        if kind == "reroll":
            return attack.reroll(cat, state, self.data, move["which"])
        if kind == "stop":
            if state["attack"]["stage"] == "choose":
                return attack.resolve(cat, state)
            state["attack"] = None
            return [Event(f"{p} ends the attack", "attack.bone-abilities")]
        if kind == "bone":
            return attack.use_bone(cat, state, move["card"], bool(move.get("full")))
        if kind == "attack":
            return attack.start(cat, state, p, move["warrior"], move["target"])
        if kind == "end":
            return self._end_turn(state, p)
        pl = state["p"][p]
        if kind == "discard":
            uid = take_from_hand(state, pl, move["card"])
            pl["discard"].append(uid)
            state["booty"] += cat[uid].get("discard") or 0
            events = [Event(f"{p} discards {cat.name(uid)} for {cat[uid].get('discard') or 0} booty "
                            f"(booty {state['booty']})", "discard")]
            ctx = {"warrior": None, "defender": None, "target": None}
            return events + effects.fire(cat, state, p, "discard", ctx)
        if kind == "buy":
            cost, discount = rules.discounted(cat, state, move["card"])
            if discount:
                effects.spend(state, *discount)
            uid = next(u for u in state["lineup"] if cid(u) == move["card"])
            state["lineup"].remove(uid)
            state["booty"] -= cost
            state["bought"] += 1
            pl["discard"].append(uid)
            return [Event(f"{p} buys {cat.name(uid)} for {cost} booty into their discard pile "
                          f"(booty {state['booty']})", "buy")] + self._refill_lineup(state)
        return self._play(state, p, move)

    def _play(self, state: State, p: str, move: dict[str, Any]) -> list[Event]:
        cat, pl = self.cat, state["p"][p]
        uid = take_from_hand(state, pl, move["card"])
        kind = cat.kind(uid)
        events = []
        if kind == "weapon":
            _owner, w = board.located(state, move["on"])
            if w["weapon"]:
                pl["discard"].append(uid)
                return [Event(f"{cat.name(w['card'])} already holds a weapon: {cat.name(uid)} is burned",
                              "play.weapons")]
            w["weapon"] = uid
            events.append(Event(f"{p} arms {cat.name(w['card'])} with {cat.name(uid)}", "play.weapons"))
        elif kind == "warrior":
            pl["warriors"].append({"card": uid, "roused": True, "weapon": None, "captured": []})
            events.append(Event(f"{p} puts {cat.name(uid)} into play, roused", "play.warriors"))
        else:
            state["playing"] = uid  # set aside while it acts, burned after (so it cannot destroy itself)
            events.append(Event(f"{p} plays {cat.name(uid)}", "play.actions"))
        for text in effects.unexpressed(cat, uid, "play"):
            events.append(effects.by_hand(state, p, text))
        ctx = {"source": uid, "warrior": uid if kind == "warrior" else None, "defender": None, "target": None}
        events += effects.run(cat, state, p, cat.effects(uid, "play"), ctx)
        return events + self._burn_played(state, p)

    def _burn_played(self, state: State, p: str) -> list[Event]:
        if state.get("playing") and not state.get("pending"):
            state["p"][p]["discard"].append(state["playing"])
            uid, state["playing"] = state["playing"], None
            return [Event(f"{self.cat.name(uid)} is burned", "play.actions")]
        return []

    def _end_turn(self, state: State, p: str) -> list[Event]:
        cat, pl, limits = self.cat, state["p"][p], state["limits"]
        events = []
        for w in list(pl["warriors"]):
            queue = cat.effects(w["card"], "turn-end")
            if queue:  # most have none (run would do nothing)
                ctx = {"source": w["card"], "warrior": w["card"], "defender": None, "target": None}
                events += effects.run(cat, state, p, queue, ctx)
        lost, state["booty"], state["bought"] = state["booty"], 0, 0
        state["used"], state["boosts"] = [], {}  # once-per-turn abilities; extra dice for this turn
        burned = burn_hand(state, pl)
        drawn = draw(state, pl, limits["hand-size"])
        events.append(Event(f"{p} loses {lost} unspent booty, burns {burned} card(s) from hand and draws {drawn}",
                            "turn.refill"))
        seats = state["active"]
        nxt = seats[(seats.index(p) + 1) % len(seats)]
        state["turn"] = nxt
        roused = 0
        for w in state["p"][nxt]["warriors"]:
            roused += not w["roused"]
            w["roused"] = True
        events.append(Event(f"{nxt}'s turn: {roused} warrior(s) roused", "turn.rouse"))
        return events

    def notation(self, move: dict[str, Any]) -> str:
        return move.get("said") or reading.notation(self.cat, self.data, None, move)

    # -- the position -------------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        return rules.to_act(state)

    def playout_moves(self, state: State) -> list[dict[str, Any]]:
        """The legal moves, in legal_moves' order, without their words: a playout picks one of
        ~7 and resolve writes the words of that one (writing them all was a seventh of a playout)."""
        return rules.legal(self.cat, state)

    def legal_moves(self, state: State) -> list[dict[str, Any]]:
        moves = self.playout_moves(state)
        refs: dict[tuple[str, str | None], str] = {}
        plain = self._plain_said
        for m in moves:
            kind = m["kind"]
            if kind == "discard" or kind == "buy" or (kind == "play" and m["on"] is None):
                key = (m["player"], kind, m["card"])
                said = plain.get(key)
                if said is None:
                    if len(plain) >= 4096:  # bounded: a long run of games meets many names
                        plain.clear()
                    said = plain[key] = reading.notation(self.cat, self.data, state, m, refs)
                m["said"] = said
            else:
                m["said"] = reading.notation(self.cat, self.data, state, m, refs)
        return moves

    def secret(self, state: State) -> bool:
        # in digital mode the route moves name the cards in the hand the referee dealt
        return state["digital"] and not state.get("attack") and len(state["active"]) > 1

    def hand(self, state: State, player: str) -> list[str] | None:
        if not state["digital"] or player not in state["p"]:
            return None
        return [self.cat.name(u) for u in state["p"][player]["hand"]]

    def outcome(self, state: State) -> Outcome | None:
        if len(state["active"]) > 1:
            return None
        scores = {n: max(state["p"][n]["health"], 0) for n in state["players"]}
        return Outcome(tuple(state["active"]), "last player in the game", scores, "objective")

    def status(self, state: State) -> Status:
        return position.status(self, state)

    def invariants(self, state: State) -> list[str]:
        return position.invariants(self, state)
