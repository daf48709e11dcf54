"""Ribbon of Bone's rules engine: the Engine interface over state, rules, flow and parse."""
from __future__ import annotations

import random
from collections import Counter
from itertools import chain
from typing import Any

from referee.games.ribbon_of_bone import combat, flow, rogue
from referee.games.ribbon_of_bone import rules as checks
from referee.games.ribbon_of_bone.parse import Reader, notation
from referee.games.ribbon_of_bone.state import (
    LORD_ICON,
    Rules,
    constituency_worth,
    court_tokens,
    foes,
    is_rogue,
    setup,
)
from referee.table.engine import Engine, Event, Option, Outcome, Status


class RibbonOfBone(Engine):
    game_id = "ribbon-of-bone"
    version = "2"
    options = (
        Option("identity", "your identity card (lamplighter, penitent or scrivener)", "value", "setup.identity"),
        Option("envelope", "marquises kept in the imprisonment envelope from earlier games, comma separated",
               "value", "setup.marquis-decks"),
        Option("rogues", "identities unleashed in earlier games, shuffled into their lords' marquis piles "
               "(comma separated, or 'all' for every identity but yours)", "value", "ending.survival.unleash"),
    )
    examples = (
        ("ana rolls 3", "report the D4 (turn roll, second roll, prediction, attack or ability roll)"),
        ("ana rolls", "let the referee roll the D4"),
        ("ana moves to the red stair", "move to a neighbouring court card instead of taking the event"),
        ("ana follows the thought", "commit to the thought a 2 offers, then roll for it"),
        ("ana answers yes", "answer the thought; its lord gets an attunement step"),
        ("ana takes the decision", "take the decision the second roll showed"),
        ("ana fights", "face the encounter; the referee draws the marquis"),
        ("ana fights orias", "face the encounter, reporting the marquis you drew"),
        ("ana sets kimaris as binder", "Shuffling: the constituent who binds this turn"),
        ("ana binds time", "Binding: bind a matching icon (or 'ana binds the lord icon')"),
        ("ana gives the roll to orias", "Action: the first attack roll goes to this attacker"),
        ("ana spends the outskirts", "Reaction: spend the memory token on a court card"),
        ("ana fights the lamplighter with orias and amon",
         "a rogue identity (--option rogues=...) and the two marquises you drew with it"),
        ("ana binds time on orias", "against two marquises: say which one the token goes on"),
        ("ana aims naberius at amon", "against two marquises: which one an attack hits"),
        ("ana spends gravity", "Reaction: spend a written memory"),
        ("ana passes", "bind nothing, or spend nothing in the Reaction"),
        ("ana remembers gravity", "V thought: write a memory"),
        ("ana attunes to quell", "V thought: one attunement step"),
        ("ana heals", "V decision: health back to its top"),
        ("ana returns to the favour", "V decision: turn The Wrath back to The Favour"),
        ("ana brings orias, naberius, amon", "choose the three who fight, with more than three constituents"),
        ("ana lays the outskirts", "physical set-up: the next court card of the loop"),
        ("ana draws orias", "physical set-up: a starting constituent"),
    )

    def __init__(self, data):
        super().__init__(data)
        self.rules = Rules(data)
        self.reader = Reader(self.rules)
        # what the invariants compare against after every move, made once: the court cards
        # sorted, each foe's icons, and the marquis cards sorted with each set-up's rogues
        self._court_sorted = sorted(self.rules.court_cards)
        self._icons: dict[str, set[str]] = {}
        self._cards_sorted: dict[tuple[str, ...], list[str]] = {}

    def setup(self, players, options, digital, rng):
        if len(players) != 1:
            raise ValueError("Ribbon of Bone is played by one player")
        return setup(self.rules, players[0], options, digital, rng)

    def parse(self, state, text):
        return self.reader.parse(state, text)

    def check(self, state, move):
        checks.check(self.rules, state, move)

    def resolve(self, state, move, rng: random.Random):
        return flow.resolve(self.rules, state, move, rng)

    def apply(self, state, move) -> list[Event]:
        return flow.apply(self.rules, state, move)

    def notation(self, move):
        return notation(self.rules, move)

    def to_act(self, state):
        return [] if state["phase"] == "over" else [state["player"]]

    def legal_moves(self, state):
        return checks.legal_moves(self.rules, state)

    # -- the position -----------------------------------------------------------------------
    def status(self, state) -> Status:
        r, n = self.rules, self.rules.name
        space = r.spaces[state["attune"]]
        attune = ", ".join(f"{n(lord)} {space['level'][lord]:+d}" for lord in r.lords)
        loop = " > ".join(f"{n(c)}{' (you)' if c == state['at'] else ''}"
                          f" [{'lord' if c in state['lord_side'] else 'room'} side"
                          f"{', ' + str(state['tokens'][c]) + ' memory' if state['tokens'][c] else ''}]"
                          for c in state["loop"])
        lines = [
            f"health {state['health']}/{r.max_health}, {'The Wrath' if state['wrath'] else 'The Favour'}",
            f"attunement: {space['name']} ({attune})",
            f"memory tokens: {court_tokens(state)} in the court, {state['sheet']}/{r.v_tokens} on your identity, "
            f"{state['supply']} in the supply",
            f"written memories: {', '.join(n(m) for m in state['memories']) or 'none'}",
            f"court: {loop or 'not laid yet'}",
            f"constituents: {', '.join(n(c) for c in state['constituents']) or 'none'}"
            + (f"; aligned identities: {', '.join(map(n, state['aligned']))} (worth {r.identity_worth} each)"
               if state["aligned"] else ""),
            "piles: " + ", ".join(f"{n(lord)} {len(pile)}" for lord, pile in state["piles"].items())
            + (f" (rogues shuffled in: {', '.join(map(n, state['rogues']))})" if state["rogues"] else ""),
        ]
        fight = state["fight"]
        data: dict[str, Any] = {k: state[k] for k in ("phase", "health", "wrath", "attune", "at", "loop", "tokens", "lord_side",
                                                      "sheet", "supply", "memories", "constituents", "defeated",
                                                      "scenes", "envelope", "rogues", "aligned")}
        data["constituency"] = constituency_worth(r, state)
        data["max_health"] = r.max_health
        data["attunement"] = dict(space["level"])
        data["piles"] = {lord: len(pile) for lord, pile in state["piles"].items()}
        if is_rogue(fight):
            lines += rogue.status_lines(r, fight, combat.effective)
            lines.append(f"fighting: {', '.join(n(c) for c in fight['party'])}"
                         + (f"; binder {n(fight['binder'])}" if fight["binder"] else "")
                         + (f"; last binder {n(fight['last_binder'])}" if fight["last_binder"] else ""))
            data["fight"] = {**fight, "max_health": r.foe_health}
        elif fight:
            foe = fight["foe"]
            icons = [("lord" if i == LORD_ICON else n(i)) + (" (bound)" if i in fight["bound"] else "")
                     for i in r.icons(foe)]
            lines.append(f"fight, turn {fight['turn']}: {n(foe)} of {n(r.lord_of(foe))}, health "
                         f"{fight['health']}/{r.foe_health}; icons {', '.join(icons)}")
            lines.append(f"fighting: {', '.join(n(c) for c in fight['party'])}"
                         + (f"; binder {n(fight['binder'])}" if fight["binder"] else "")
                         + (f"; last binder {n(fight['last_binder'])}" if fight["last_binder"] else ""))
            if fight["prediction"] is not None:
                lines.append(f"prediction {fight['prediction']}: "
                             f"{n(combat.effective(r, foe, fight['prediction'], fight['bound']))}")
            data["fight"] = {**fight, "max_health": r.foe_health}
        if state["turn"]:
            data["turn"] = state["turn"]
        out = self.outcome(state)
        if out:
            lines.append(f"game over: {out.reason}")
            data["outcome"] = out.as_json()
        else:
            now = checks.EXPECT[state["phase"]] if state["phase"] != "event" else self._event_hint(state)
            if is_rogue(fight) and state["phase"] == "prediction":
                now = f"roll the D4 for {rogue.waiting_for(r, fight)}'s prediction"
            lines.append(f"now: {now}")
        return Status(tuple(lines), data)

    def _event_hint(self, state):
        row = self.rules.turn_roll[state["turn"]["roll"]]
        return f"{row['name'].lower()} (rolled {row['roll']}): take it or move to a neighbouring card"

    def outcome(self, state) -> Outcome | None:
        if state["phase"] != "over":
            return None
        end = state["end"]
        won = end["kind"] == "survival"
        later = list(state["rogues"])  # Unleash: for later games, every identity but yours is a rogue
        if won and state["identity"]:
            later += [i for i in self.rules.identities if i != state["identity"] and i not in later]
        scores = {"constituency": constituency_worth(self.rules, state), "aligned": list(state["aligned"]),
                  "rogues": later, "health": state["health"],
                  "defeated": len(state["defeated"]), "wrath": state["wrath"], "envelope": list(state["envelope"]),
                  "freed": end["freed"], "captured": end["captured"], "unleash": won}
        return Outcome((state["player"],) if won else (), f"{end['kind']}: {end['reason']}", scores, end["rule"])

    def _icons_of(self, foe: str) -> set[str]:
        found = self._icons.get(foe)
        if found is None:
            found = self._icons[foe] = set(self.rules.icons(foe))  # an unknown foe raises KeyError
        return found

    def _marquis_sorted(self, rogues: list[str]) -> list[str]:
        """Every marquis card and the set-up's rogue identities, sorted (a few rogue sets a game)."""
        key = tuple(rogues)
        found = self._cards_sorted.get(key)
        if found is None:
            if len(self._cards_sorted) >= 64:
                self._cards_sorted.clear()
            found = self._cards_sorted[key] = sorted([*self.rules.marquis, *rogues])
        return found

    def invariants(self, state) -> list[str]:
        # After every move: the fight's opponents listed once, each pile summed once (the same
        # checks and messages, in the same order, as with foes(), court_tokens() and the like).
        r, bad = self.rules, []
        if not 0 <= state["health"] <= r.max_health:
            bad.append(f"health {state['health']} outside 0..{r.max_health}")
        fight = state["fight"]
        fought = foes(fight) if fight else []
        bound_total = 0
        for entry in fought:
            if not 0 <= entry["health"] <= r.foe_health:
                bad.append(f"opponent health {entry['health']} outside 0..{r.foe_health}")
            bound = entry["bound"]
            icons = set(bound)
            bound_total += len(bound)
            if len(icons) != len(bound) or not icons <= self._icons_of(entry["foe"]):
                bad.append(f"bound icons {entry['bound']} not on {entry['foe']}")
        rogue_fight = is_rogue(fight)
        if rogue_fight:
            if fight["identity"] not in state["rogues"] or len(fought) > r.rogue_draws:
                bad.append(f"a rogue fight against {fight['identity']} and {len(fought)} marquises")
            if bound_total >= r.identity_bind:
                bad.append("a rogue fight goes on with the identity's icons all bound")
        elif fight and len(fight["bound"]) >= r.full_bind:
            bad.append("a fight goes on after a full bind")
        places = list(state["tokens"].values())
        supply, extra, sheet = state["supply"], state["extra"], state["sheet"]
        counts = [supply, extra, sheet, *places]
        for n in counts:  # a loop: min() of a few numbers costs more (after every move)
            if n < 0:
                bad.append(f"a negative token count: {counts}")
                break
        if sheet > r.v_tokens:
            bad.append(f"{sheet} tokens on the identity card")
        if supply + sum(places) + sheet + bound_total != r.tokens_total + extra:
            bad.append("memory tokens not conserved")
        if extra and supply:
            bad.append("stand-in markers in use while the supply has tokens")
        where = list(chain.from_iterable(state["piles"].values()))
        freed = state["end"]["freed"] if state["end"] else []  # out of the envelope, back for later games
        where += (state["constituents"] + state["defeated"] + state["envelope"] + freed + state["aligned"]
                  + ([f["foe"] for f in fought] + ([fight["identity"]] if rogue_fight else [])
                     if fight else []))
        if sorted(where) != self._marquis_sorted(state["rogues"]):  # sorting: a Counter each move cost more
            bad.append(f"marquis cards not conserved: {dict(Counter(where))}")
        if state["phase"] not in ("lay",) and sorted(state["loop"]) != self._court_sorted:
            bad.append(f"court loop {state['loop']}")
        if state["attune"] not in r.spaces:
            bad.append(f"attunement space {state['attune']}")
        if state["phase"] == "over" and state["end"] is None:
            bad.append("over without an ending")
        return bad
