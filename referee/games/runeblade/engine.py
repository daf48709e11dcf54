"""Runeblade's rules engine: three players, three coloured dice pools, scenes, offers and rolls.

The story belongs to the players; the referee follows whose scene it is, who still owes a
detail, what is offered and accepted, and where every die goes, and keeps the dice honest: a roll
reported from the table is checked against the dice actually in it, or the referee rolls.
"""
from __future__ import annotations

import itertools
import random
from typing import Any

from referee.games.runeblade import moves as M
from referee.games.runeblade.notation import Reader
from referee.games.runeblade.resolve import apply as apply_move
from referee.games.runeblade.rules import Facts
from referee.table.engine import Ambiguous, Engine, Illegal, Move, Option, Outcome, State, Status, Unreadable


class Runeblade(Engine):
    game_id = "runeblade"
    version = "1"
    options = (
        Option("characters", "who plays whom, in player order (characters=nemesis,wielder,blade) or by "
               "name (characters=ana:nemesis,ben:wielder,cy:blade); default: wielder, blade, nemesis "
               "in player order", "value", "setup"),
        Option("rolls-per-scene", "house rule (Rule of Play): at most N rolls in any one scene",
               "value", "rule-of-play"),
        Option("sessions", "the story ends after N sessions unless someone calls the Endgame first",
               "value", "endgame"),
    )
    examples = (
        ("ana opens a scene", "ana starts her scene this session and controls it"),
        ("cy sets a detail: the bridge is out", "cy adds an opening detail (the words are optional)"),
        ("cy sets 2 details", "cy sets two of the details she is owed"),
        ("ben waives details", "ben gives up the details he is owed"),
        ("ana builds 2 white, 1 red", "ana, in control, puts 2 white and 1 red of her pool into a roll"),
        ("cy offers 2 red, 2 white: the guards wake", "cy offers dice to the roll, with a complication"),
        ("ben offers nothing", "ben makes no offer for this roll (also: 'ben passes')"),
        ("ana accepts cy's offer", "ana takes the whole offer (or 'ana refuses cy's offer')"),
        ("ana rolls", "the referee rolls every die in ana's roll"),
        ("ana rolls 3 white 1 red: 6 3 1 | 5", "the table rolled; faces by colour, when no colour "
         "came from two places"),
        ("ana rolls white 6 3, red 5; cy's red 1 2, white 5 6", "faces of ana's own dice, then of "
         "each accepted offer"),
        ("ana keeps cy's red", "Rule of Keeping: a failed red die of cy's becomes a white die for ana"),
        ("ana keeps nothing", "ana does not use the Rule of Keeping"),
        ("ana ends the scene", "the scene is over"),
        ("ben calls the endgame", "ben, with ten dice of his colour, calls the last scene"),
        ("cy narrates the denouement", "cy, with the most dice of her colour, closes the session"),
        ("ben chooses cy to narrate the denouement", "on a tie the Blade's player picks the narrator"),
        ("the story ends", "between sessions, the three agree the story is over"),
    )

    def __init__(self, data):
        super().__init__(data)
        self.facts = Facts(data)
        self.reader = Reader(self.facts, tuple(e for e, _ in self.examples))
        self._subsets_of: dict[tuple[int, ...], tuple[dict[str, int], ...]] = {}
        self._offers_of: dict[tuple[tuple[int, ...], str, str], tuple[dict[str, int], ...]] = {}

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any], digital: bool, rng: random.Random) -> State:
        f = self.facts
        if len(players) != f.players_needed or len({p.lower() for p in players}) != len(players):
            raise Illegal(f"Runeblade is for {f.players_needed} players with different names, one per "
                          "character", "overview")
        chars = self._characters(players, options.get("characters"))
        pools = {p: f.start_pool(chars[p]) for p in players}
        heap = {c: f.per_colour - sum(pools[p][c] for p in players) for c in f.colours}
        return {
            "players": list(players), "characters": chars, "pools": pools, "heap": heap,
            "digital": bool(digital), "options": {k: _number(options, k) for k in ("rolls-per-scene", "sessions")},
            "session": 1, "opened": [], "scene": None, "roll": None,
            "details": {p: 0 for p in players}, "narrators": [], "endgame_caller": None, "over": None,
        }

    def _characters(self, players: list[str], said: Any) -> dict[str, str]:
        f = self.facts
        if not said or said is True:
            return dict(zip(players, f.order))
        chars: dict[str, str] = {}
        parts = [x.strip().lower() for x in str(said).split(",") if x.strip()]
        by_lower = {p.lower(): p for p in players}
        for index, part in enumerate(parts):
            who, _, what = part.rpartition(":") if ":" in part else part.rpartition("=")
            player = by_lower.get(who) if who else (players[index] if index < len(players) else None)
            character = f.character_names.get(what.strip())
            if player is None or character is None:
                raise Unreadable(f"'{part}' is not 'player:character' with a player of this game and one "
                                 f"of {', '.join(f.order)}", expected="characters=ana:wielder,ben:blade,cy:nemesis")
            chars[player] = character
        if sorted(chars.values()) != sorted(f.order) or set(chars) != set(players):
            raise Illegal(f"each of the {len(players)} players takes exactly one of the characters "
                          f"({', '.join(f.order)})", "setup")
        return {p: chars[p] for p in players}

    # -- one move ---------------------------------------------------------------------------
    def parse(self, state: State, text: str) -> Move:
        move = self.reader.read(state, text)
        roll = state.get("roll") or {}
        if move["kind"] in ("accept", "refuse") and move.get("offerer") is None:
            waiting = [q for q, o in (roll.get("offers") or {}).items() if o["status"] == "offered"]
            if len(waiting) == 1:
                move["offerer"] = waiting[0]
            elif len(waiting) > 1:
                raise Ambiguous("two offers are waiting; say whose",
                                [self.notation({**move, "offerer": q}) for q in waiting])
        if move["kind"] == "keep" and move.get("offerer") is None:
            givers = [w for w, c in M.keepable(self.facts, state) if c == move["colour"]]
            if len(givers) == 1:
                move["offerer"] = givers[0]
            elif len(givers) > 1:
                raise Ambiguous("failed dice of that colour came from two offers; say whose",
                                [self.notation({**move, "offerer": q}) for q in givers])
        return move

    def check(self, state: State, move: Move) -> None:
        if move.get("player") is not None and move["player"] not in state["players"]:
            raise Illegal(f"{move['player']} is not playing in this story", "characters")
        M.check(self.facts, state, move)

    def resolve(self, state: State, move: Move, rng: random.Random) -> Move:
        if move["kind"] != "roll" or move.get("results") is not None:
            return move
        results: dict[str, Any] = {"own": {}, "offers": {}}
        for who, dice in M.roll_sources(state).items():
            target = results["own"] if who is None else results["offers"].setdefault(who, {})
            for colour in self.facts.colours:
                if dice.get(colour):
                    target[colour] = [rng.choice(self.facts.faces[colour]) for _ in range(dice[colour])]
        return {"player": move["player"], "kind": "roll", "results": results}

    def apply(self, state: State, move: Move):
        return apply_move(self.facts, state, move)

    def notation(self, move: Move) -> str:
        return self.reader.write(move)

    # -- the position -------------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        seen: list[str] = []
        for move in self._legal(state, own_dice=False):  # only who moves is read
            who = move.get("player")
            if who and who not in seen:
                seen.append(who)
        return seen

    def legal_moves(self, state: State) -> list[Move]:
        return self._legal(state, own_dice=True)

    def playout_moves(self, state: State) -> list[Move]:
        """legal_moves, the same moves in the same order, but a build or offer shares its dice
        with the kept list of sets (_subsets) instead of getting a copy: a playout copies only the
        move it plays (attempt's clone), one of ~12 listed."""
        return self._legal(state, own_dice=False)

    def _legal(self, state: State, own_dice: bool) -> list[Move]:
        if state.get("over"):
            return []
        found: list[Move] = []
        detail_allowed: dict[str, bool] = {}
        for move in self._candidates(state):
            if move["kind"] == "detail":
                # check's verdict on a detail is the same for every count listed (1 to what the
                # player owes): judged once per player
                allowed = detail_allowed.get(move["player"])
                if allowed is None:
                    allowed = detail_allowed[move["player"]] = self.allows(state, move)
            else:
                allowed = self.allows(state, move)
            if allowed:
                found.append(move)
        return found + self._dice_moves(state, own_dice)

    def _dice_moves(self, state: State, own_dice: bool) -> list[Move]:
        """Builds and offers, the many moves that differ only in their dice: the shared conditions
        are checked once, then each set of dice against the pool (by construction) and the banes."""
        scene, roll = state.get("scene"), state.get("roll")
        found: list[Move] = []
        if scene is None or (roll and roll["phase"] != "offers"):
            return found
        if roll is None:
            p = scene["controller"]
            try:
                M.build_open(state, p)
            except Illegal:
                return found
            pool = state["pools"][p]
            for dice in self._subsets(pool):
                if dice or not any(pool.values()):
                    found.append({"player": p, "kind": "build", "dice": dict(dice) if own_dice else dice})
            return found
        for q in state["players"]:
            try:
                M.offer_open(state, q)
            except Illegal:
                continue
            found.append({"player": q, "kind": "no-offer"})
            for dice in self._offers(state, q):
                found.append({"player": q, "kind": "offer", "dice": dict(dice) if own_dice else dice})
        return found

    def _offers(self, state: State, q: str) -> tuple[dict[str, int], ...]:
        """Every non-empty set of dice in q's pool that breaks no bane of q's (M.bane_test), in
        _subsets' order. The bane reads only q's character, the controller's and the dice, so
        the list is kept per pool and pair of characters (testing each set again was a tenth of a
        move); the dicts are shared like _subsets'."""
        chars = state["characters"]
        pool = state["pools"][q]
        key = (tuple(pool[c] for c in self.facts.colours), chars[q], chars[state["scene"]["controller"]])
        found = self._offers_of.get(key)
        if found is None:
            if len(self._offers_of) >= 4096:  # bounded, as _subsets_of
                self._offers_of.clear()
            broken = M.bane_test(self.facts, state, q)
            found = self._offers_of[key] = tuple(d for d in self._subsets(pool) if d and broken(d) is None)
        return found

    def _candidates(self, state: State):
        """Every other move that might be allowed now; check() has the last word on each."""
        f, players = self.facts, state["players"]
        scene, roll = state.get("scene"), state.get("roll")
        if scene is None:
            done = M.all_scenes_opened(f, state)
            leaders = M.denouement_leaders(f, state) if done else []
            for p in players:
                if state["opened"].count(p) < f.scenes_per_player:
                    yield {"player": p, "kind": "open"}
                if M.own_count(f, state, p) >= f.endgame_dice:
                    yield {"player": p, "kind": "endgame"}
            if len(leaders) == 1:
                yield {"player": leaders[0], "kind": "denouement"}
            elif leaders:
                chooser = M.player_of(state, f.tie_breaker)
                for q in leaders:
                    yield {"player": chooser, "kind": "choose", "narrator": q}
            if not state["opened"] and state["session"] > 1:
                yield {"player": None, "kind": "story-ends"}
            return
        p = scene["controller"]
        if roll is None:
            for q, owed in scene["owed"].items():
                for n in range(1, owed + 1):
                    yield {"player": q, "kind": "detail", "count": n}
                if owed:
                    yield {"player": q, "kind": "waive"}
            yield {"player": p, "kind": "end-scene"}
            return
        if roll["phase"] == "keeping":
            for who, colour in M.keepable(f, state):
                yield {"player": p, "kind": "keep", "offerer": who, "colour": colour}
            yield {"player": p, "kind": "no-keep"}
            return
        for q, offer in roll["offers"].items():
            if offer["status"] == "offered":
                yield {"player": p, "kind": "accept", "offerer": q}
                yield {"player": p, "kind": "refuse", "offerer": q}
        yield {"player": p, "kind": "roll", "results": None}

    def _subsets(self, pool: dict[str, int]) -> tuple[dict[str, int], ...]:
        """Every set of dice the pool holds, by colour (none of a colour left out), in the same
        order each time. Made once per pool (a game meets a few dozen pools, and listing them
        again was a third of a move); the dicts are shared: a move gets a copy of its own."""
        key = tuple(pool[c] for c in self.facts.colours)
        found = self._subsets_of.get(key)
        if found is None:
            if len(self._subsets_of) >= 1024:  # bounded: a long run of games meets many pools
                self._subsets_of.clear()
            colours = self.facts.colours
            found = tuple({c: n for c, n in zip(colours, counts) if n}
                          for counts in itertools.product(*(range(n + 1) for n in key)))
            self._subsets_of[key] = found
        return found

    # -- reporting ----------------------------------------------------------------------------
    def status(self, state: State) -> Status:
        f = self.facts
        lines = [f"Runeblade, session {state['session']}"]
        scene = state.get("scene")
        for p in state["players"]:
            ch = state["characters"][p]
            pool = " ".join(f"{c} {state['pools'][p][c]}" for c in f.colours)
            owed = scene["owed"].get(p, 0) if scene else 0
            tags = [f"details set {state['details'][p]}"] + ([f"owes {owed}"] if owed else [])
            if p in state["opened"]:
                tags.append("scene done" if not scene or scene["controller"] != p else "in control")
            lines.append(f"  {p} ({f.name(ch)}, {f.colour(ch)}): {pool} · {', '.join(tags)}")
        lines.append("  heap: " + " ".join(f"{c} {state['heap'][c]}" for c in f.colours))
        if state.get("over"):
            lines.append(f"The story is over: {state['over']['reason']}.")
        elif scene:
            what = "the Endgame" if scene["endgame"] else "scene"
            lines.append(f"{scene['controller']}'s {what} ({scene['stage']}, rolls so far: {scene['rolls']})")
        else:
            waiting = [p for p in state["players"] if state["opened"].count(p) < f.scenes_per_player]
            lines.append(f"Between scenes; to open a scene: {', '.join(waiting)}" if waiting
                         else "Every scene is done: the Denouement comes next")
        roll = state.get("roll")
        if roll:
            assert scene is not None  # a roll is made in a scene
            lines.append(f"Roll: {scene['controller']}'s own {f.describe(roll['own'])}")
            for q in state["players"]:
                if q == scene["controller"]:
                    continue
                offer = roll["offers"].get(q)
                lines.append(f"  {q}: " + ("may still offer" if offer is None else "no offer" if
                             offer["status"] == "none" else f"{f.describe(offer['dice'])} ({offer['status']})"))
        to_act = self.to_act(state)
        if to_act:
            lines.append(f"To act: {', '.join(to_act)}")
        data = {"session": state["session"], "pools": state["pools"], "heap": state["heap"],
                "characters": state["characters"], "scene": scene, "roll": roll,
                "details": state["details"], "opened": state["opened"], "to_act": to_act,
                "over": state.get("over")}
        return Status(tuple(lines), data)

    def outcome(self, state: State) -> Outcome | None:
        over = state.get("over")
        if not over:
            return None
        scores = {p: M.own_count(self.facts, state, p) for p in state["players"]}
        return Outcome(tuple(over["winners"]), over["reason"], scores, over["rule"])

    def invariants(self, state: State) -> list[str]:
        f, broken = self.facts, []
        on_table = {c: 0 for c in f.colours}
        roll = state.get("roll")
        if roll:
            for c, n in roll["own"].items():
                on_table[c] += n
            for offer in roll["offers"].values():
                if offer["status"] in ("offered", "accepted"):
                    for c, n in offer["dice"].items():
                        on_table[c] += n
        pools, players = state["pools"], state["players"]
        for c in f.colours:
            total = state["heap"][c] + on_table[c]
            for p in players:  # a loop: sum() over a generator of three costs more (after every move)
                total += pools[p][c]
            if total != f.per_colour:
                broken.append(f"{c}: {total} dice in pools, heap and roll, not {f.per_colour}")
            if state["heap"][c] < 0:
                broken.append(f"heap has {state['heap'][c]} {c}")
        for p in state["players"]:
            mine = M.own_colour(f, state, p)
            for c, n in state["pools"][p].items():
                if n < 0:
                    broken.append(f"{p} has {n} {c}")
                if c != mine and n >= f.foreign_limit:
                    broken.append(f"{p} holds {n} {c}, past the Rule of Ten")
        scene = state.get("scene")
        if scene:
            for n in scene["owed"].values():
                if n < 0:
                    broken.append(f"negative details owed: {scene['owed']}")
                    break
        return broken


def _number(options: dict[str, Any], name: str) -> int | None:
    said = options.get(name)
    if said is None or said is False:
        return None
    try:
        n = int(said)
    except (TypeError, ValueError):
        raise Unreadable(f"option {name} takes a whole number, not '{said}'", expected=f"{name}=2") from None
    if n < 1:
        raise Unreadable(f"option {name} must be at least 1", expected=f"{name}=2")
    return n
