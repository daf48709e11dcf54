"""Ribbon of Bone: the game data the engine reads, set-up, and small helpers on the state.

The state is plain JSON. The court is a loop of court cards (`loop`, slot order), the memory tokens on each card
(`tokens`) and the cards turned to their lord side (`lord_side`); the marquis piles are lists per lord (top first in a
digital game; in a physical game their order is unknown, so the list is only what may still be in
the pile). Memory tokens are counted: supply + court + identity card + bound icons = the box's
tokens plus any stand-in markers used when the supply ran dry (the note "Running out of memory
tokens").
"""
from __future__ import annotations

import random
from typing import Any

from referee.table.gamedata import GameData

LORD_ICON = "lord"  # the fourth icon of every marquis card, below its three abilities


class Rules:
    """Everything the engine computes with, read once from the game data."""

    def __init__(self, data: GameData):
        self.data = data
        v = data.value
        self.start_health = v("starting-health")
        self.max_health = v("health-maximum")
        self.foe_health = v("opponent-starting-health")
        self.party_size = v("combat-party")
        self.prosecutors = v("prosecutors")
        self.forced_tokens = v("forced-encounter-tokens")
        self.v_tokens = v("v-prompt-tokens")
        self.v_heal_to = v("v-decision-heal-to")
        self.victory_heal = v("victory-heal")
        self.full_bind = v("full-bind-icons")
        self.constituency_win = v("constituency-victory")
        self.identity_worth = v("identity-constituency-worth")
        self.identity_bind = v("identity-bind-icons")
        self.rogue_draws = v("rogue-marquises")
        self.basic_damage = v("basic-attack-damage")
        self.tokens_total = data.pieces("tokens")["memory-token"]["count"]
        self.faces = [f["value"] for f in data.die("d4")["faces"]]
        self.turn_roll = {r["roll"]: r for r in data.table("turn-roll")["rows"]}
        self.attack_roll = {r["roll"]: r for r in data.table("attack-roll")["rows"]}
        self.thoughts = {r["second_roll"]: r for r in data.table("thoughts")["rows"]}
        self.decisions = {r["second_roll"]: r for r in data.table("decisions")["rows"]}
        self.abilities = data.records("abilities")
        levels = data.table("attunement-levels")["rows"]
        self.attack_bonus = {row[0]: row[1] for row in levels}
        self.extra_taken = {row[0]: row[2] for row in levels}
        self.spaces = data.records("attunement-spaces", key="space")
        self.centre = data.pieces("boards")["attunement-triangle"]["start"]
        self.lords = data.records("lords")
        self.rooms = data.records("court-rooms")
        slots = data.pieces("boards")["court-loop"]["slots"]
        self.slot_neighbours = {s["slot"]: s["neighbours"] for s in slots}
        self.marquis = {c["id"]: c for c in data.deck("marquis")["cards"]}
        self.identities = {c["id"]: c for c in data.deck("identities")["cards"]}
        self.court_cards = {c["id"]: c for c in data.deck("court")["cards"]}
        # Names a player may say, lower case: card, room, ability and lord names.
        self.names = {i: c["name"] for group in (self.marquis, self.identities, self.court_cards)
                      for i, c in group.items()}
        self.names.update({i: r["name"] for i, r in self.abilities.items()})
        self.names.update({i: r["name"] for i, r in self.lords.items()})

    # -- lookups ------------------------------------------------------------------------------
    def name(self, thing: str | None) -> str:
        return self.names.get(thing, str(thing))

    def icons(self, card: str) -> list[str]:
        """A marquis's four icons: its three abilities in row order, then its lord icon."""
        return list(self.marquis[card]["attacks"]) + [LORD_ICON]

    def lord_of(self, card: str) -> str:
        """The lord of a marquis, or of an identity (whose back is its lord's marquis back)."""
        return (self.marquis.get(card) or self.identities[card])["lord"]

    def marquis_in(self, pile: list[str]) -> list[str]:
        """The marquis cards of a pile, passing over any rogue identity shuffled into it."""
        return [c for c in pile if c in self.marquis]

    def level(self, space: str, lord: str) -> int:
        return self.spaces[space]["level"][lord]

    def step(self, space: str, lord: str) -> str:
        return self.spaces[space]["toward"][lord]

    def most_attuned(self, space: str) -> list[str]:
        levels = self.spaces[space]["level"]
        top = max(levels.values())
        return [lord for lord in self.lords if levels[lord] == top]

    def room_icon(self, state: dict[str, Any], card: str) -> str:
        """What a memory token on this court card can bind: the room's ability, or (lord side)
        the lord icon of the card's lord."""
        return LORD_ICON if card in state["lord_side"] else self.rooms[card]["ability"]

    def lords_pile(self, state: dict[str, Any]) -> str | None:
        """The pile a fight draws from: the lord of the card you stand on, or None (any pile, at
        random) when that pile is empty."""
        lord = self.rooms[state["at"]]["lord"]
        return lord if state["piles"][lord] else None

    def neighbours(self, state: dict[str, Any], card: str) -> list[str]:
        loop = state["loop"]
        slot = loop.index(card) + 1
        return [loop[n - 1] for n in self.slot_neighbours[slot] if n - 1 < len(loop)]


# -- set-up -----------------------------------------------------------------------------------
def setup(rules: Rules, player: str, options: dict[str, Any], digital: bool,
          rng: random.Random) -> dict[str, Any]:
    identity = options.get("identity")
    if identity is not None and identity not in rules.identities:
        raise ValueError(f"no identity '{identity}' (choose {', '.join(rules.identities)})")
    envelope = [c for c in str(options.get("envelope") or "").replace(" ", "").split(",") if c]
    for card in envelope:
        if card not in rules.marquis:
            raise ValueError(f"no marquis '{card}' to keep in the envelope")
    rogues = rogue_option(rules, options)
    piles = {lord: [c for c in row["marquis"] if c not in envelope] for lord, row in rules.lords.items()}
    for card in rogues:  # Unleash: the unused identities hide in their lords' piles
        piles[rules.lord_of(card)].append(card)
    state: dict[str, Any] = {
        "player": player, "digital": digital, "seed": rng.randrange(2**31), "shuffles": 0,
        "phase": "lay", "identity": identity, "envelope": envelope, "rogues": rogues, "aligned": [],
        "loop": [], "at": None, "tokens": {}, "lord_side": [],
        "piles": piles, "constituents": [], "defeated": [],
        "health": rules.start_health, "wrath": False, "attune": rules.centre,
        "sheet": 0, "supply": rules.tokens_total, "extra": 0,
        "memories": [], "scenes": [],
        "turn": None, "fight": None, "end": None,
    }
    if digital:
        # The referee shuffles: court order, then each lord's pile, then draws the first three.
        court = list(rules.court_cards)
        rng.shuffle(court)
        for card in court:
            lay(state, card)
        for lord in piles:
            rng.shuffle(piles[lord])
        for lord in piles:
            marquis = rules.marquis_in(piles[lord])
            if marquis:
                skipped = piles[lord].index(marquis[0])
                state["constituents"].append(piles[lord].pop(skipped))
                if skipped:  # a rogue identity turned up first: it goes back, and the pile is shuffled
                    rng.shuffle(piles[lord])
        state["phase"] = "roll"
    return state


def rogue_option(rules: Rules, options: dict[str, Any]) -> list[str]:
    """The identities unleashed in earlier games (`--option rogues=lamplighter,penitent`, or
    `rogues=all` for every identity but yours)."""
    identity = options.get("identity")
    names = list(dict.fromkeys(c for c in str(options.get("rogues") or "").replace(" ", "").lower().split(",") if c))
    if names == ["all"]:
        if identity is None:
            raise ValueError("rogues=all needs your identity (--option identity=...) to know which are unused")
        names = [i for i in rules.identities if i != identity]
    for card in names:
        if card not in rules.identities:
            raise ValueError(f"no identity '{card}' to shuffle in as a rogue (choose {', '.join(rules.identities)})")
    if identity in names:
        raise ValueError(f"you play {rules.name(identity)}: only unused identities become rogues")
    return names


def lay(state: dict[str, Any], card: str) -> None:
    state["loop"].append(card)
    state["tokens"][card] = 0
    if state["at"] is None:
        state["at"] = card  # the player coin starts on the first card laid


# -- memory tokens ------------------------------------------------------------------------------
def take_token(state: dict[str, Any]) -> None:
    if state["supply"] > 0:
        state["supply"] -= 1
    else:
        state["extra"] += 1  # a stand-in marker: the supply is not a limit


def return_tokens(state: dict[str, Any], n: int) -> None:
    for _ in range(n):
        if state["extra"] > 0:
            state["extra"] -= 1
        else:
            state["supply"] += 1


def court_tokens(state: dict[str, Any]) -> int:
    return sum(state["tokens"].values())


def foes(fight: dict[str, Any]) -> list[dict[str, Any]]:
    """The opponents of a fight: the fight itself holds the first (foe, health, bound,
    prediction); a rogue identity's second marquis sits in fight["others"] with the same keys."""
    return [fight] + fight.get("others", [])


def standing(fight: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in foes(fight) if f["health"] > 0]


def foe_entry(fight: dict[str, Any], card: str | None) -> dict[str, Any]:
    return next((f for f in foes(fight) if f["foe"] == card), fight)


def is_rogue(fight: dict[str, Any] | None) -> bool:
    return bool(fight and fight.get("identity"))


def bound_tokens(state: dict[str, Any]) -> int:
    fight = state["fight"]
    return sum(len(f["bound"]) for f in foes(fight)) if fight else 0


def reshuffle(state: dict[str, Any], lord: str, card: str) -> None:
    """Put a marquis back into its lord's pile and shuffle. The order comes from the session's
    seed and a counter, so replaying the log reshuffles the same way."""
    pile = state["piles"][lord]
    pile.append(card)
    if state["digital"]:
        state["shuffles"] += 1
        random.Random(f"{state['seed']}:{state['shuffles']}").shuffle(pile)
    else:
        pile.sort()


def constituency_worth(rules: Rules, state: dict[str, Any]) -> int:
    return len(state["constituents"]) + rules.identity_worth * len(state.get("aligned", []))
