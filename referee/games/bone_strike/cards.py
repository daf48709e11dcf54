"""Bone Strike's cards as the referee reads them, and the hidden zones (deck, hand, discard).

Every physical card has a uid, "<card id>#<n>", so two Peons on the table stay two cards.
In digital mode the referee knows decks and hands as ordered lists. At a physical table it
cannot: a player's deck, hand and the cards burned unseen from hand form one pool of uids
(``hidden``) with counts per zone, and a card a player claims to hold is checked against that pool.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from referee.table.gamedata import GameData

from .dice import Dice

State = dict[str, Any]


class _CardIds(dict[str, str]):
    """uid -> card id, worked out once per uid: a playout asks ~9 times a move, and a lookup
    called from C (map, or cid below) costs a fraction of a Python function's call."""

    def __missing__(self, uid: str) -> str:
        card = uid.partition("#")[0]
        if len(self) < 65536:  # bounded: uids come from the catalogues, names typed may not
            self[uid] = card
        return card


cid: Callable[[str], str] = _CardIds().__getitem__  # "<card id>#<n>" -> "<card id>"


class _Kinds(dict[str, str]):
    """Card id or uid -> its type in lower case; one not in the catalogue is looked up (KeyError
    for a card the game does not have)."""

    def __init__(self, cat: Catalogue):
        super().__init__()
        self.cat = cat

    def __missing__(self, card_id: str) -> str:
        return str(self.cat[card_id].get("type", "")).lower()


class Catalogue:
    """Every card of the game by id, with the fields the rules use. Lookups by card id or uid are
    made once here: a playout asks for them dozens of times a move."""

    def __init__(self, data: GameData):
        self.cards: dict[str, dict[str, Any]] = {}
        self.deck_of: dict[str, str] = {}
        self._uids: dict[str, list[str]] = {}
        for deck_id in ("factions", "starting", "main"):
            for card in data.deck(deck_id)["cards"]:
                self.cards[card["id"]] = card
                self.deck_of[card["id"]] = deck_id
        # what players may call a card: its name and id, lower case, dashes as spaces
        self.names: dict[str, str] = {}
        for card_id, card in self.cards.items():
            self.names[card["name"].lower().replace("-", " ")] = card_id
            self.names[card_id.replace("-", " ")] = card_id
        self.spoken: dict[str, str] | None = None  # the names as moves are read (parse.card_names)
        self.dice = Dice(data)  # the dice by id, as attacks read them
        self.costs = {card_id: card.get("cost") or 0 for card_id, card in self.cards.items()}  # booty to buy
        # by card id and by every uid: the card, its kind, and its effects by when
        self._card: dict[str, dict[str, Any]] = {}
        self.kinds = _Kinds(self)  # card id or uid -> its type, lower case
        # a card's type, lower case: asked ~9 times a move, so a dict lookup called from C
        self.kind: Callable[[str], str] = self.kinds.__getitem__
        # card id or uid -> its name in lower case, as moves say it: legal_moves writes a name
        # into nearly every move it lists, ~1,000 a game
        self.said: dict[str, str] = {}
        self._when: dict[tuple[str, str], tuple[tuple[int, dict[str, Any]], ...]] = {}
        self._lasting: dict[tuple[str, str, str | None], int] = {}  # see lasting
        self.texts: dict[tuple[str, str, str], list[str]] = {}  # effects.by_hand_texts' and unexpressed's
        self._answering: dict[tuple[str, str | None], dict[str, tuple[tuple[int, dict[str, Any]], ...]]] = {}
        for card_id, card in self.cards.items():
            effects = tuple(enumerate(card.get("effects", ())))
            for key in (card_id, *self.uids(card_id)):
                self._card[key] = card
                self.kinds[key] = str(card.get("type", "")).lower()
                self.said[key] = card["name"].lower()
                for when in {e["when"] for _, e in effects}:
                    self._when[key, when] = tuple((i, e) for i, e in effects if e["when"] == when)

    def __getitem__(self, card_id: str) -> dict[str, Any]:
        found = self._card.get(card_id)
        return found if found is not None else self.cards[cid(card_id)]

    def name(self, card_id: str) -> str:
        return self[card_id]["name"]

    def effects(self, card_id: str, when: str) -> list[dict[str, Any]]:
        return [e for _, e in self.numbered_effects(card_id, when)]

    def numbered_effects(self, card_id: str, when: str) -> tuple[tuple[int, dict[str, Any]], ...]:
        """(index on the card, effect) for each of the card's effects that answers to ``when``."""
        if card_id not in self._card:
            self[card_id]  # an unknown card raises KeyError, as the card lookup does
            card_id = cid(card_id)
        return self._when.get((card_id, when), ())

    def answering(self, when: str, verb: str | None = None) -> dict[str, tuple[tuple[int, dict[str, Any]], ...]]:
        """Card id or uid -> numbered_effects(card, when), those doing ``verb`` only if given,
        for the catalogue's cards that have any: made once per when and verb, so that finding
        what answers among the cards in play (after most moves) asks a dict per card."""
        table = self._answering.get((when, verb))
        if table is None:
            table = self._answering[when, verb] = {}
            for (key, answers), found in self._when.items():
                found = tuple((i, e) for i, e in found if answers == when and (verb is None or e["do"] == verb))
                if found:
                    table[key] = found
        return table

    def lasting(self, card_id: str, verb: str, target: str | None = None) -> int:
        """The total amount of a lasting effect a card gives (0 when it has none): summed once
        per card, verb and target (a warrior's health alone asks for it a few times a move)."""
        key = (card_id, verb, target)
        found = self._lasting.get(key)
        if found is None:
            found = sum(e["amount"] for e in self.effects(card_id, "lasting")
                        if e["do"] == verb and (target is None or e["target"] == target))
            if len(self._lasting) < 65536:  # the game's cards, unless asked about names typed
                self._lasting[key] = found
        return found

    def bone_cost(self, card_id: str) -> int | None:
        bone = self[card_id].get("bone")
        return bone["cost"] if isinstance(bone, dict) else None

    def uids(self, card_id: str) -> list[str]:
        if card_id not in self._uids:  # asked for on every move: made once per card
            self._uids[card_id] = [f"{card_id}#{n}" for n in range(1, self.cards[card_id]["count"] + 1)]
        return list(self._uids[card_id])


# -- hidden zones -------------------------------------------------------------------------------

def shuffled(state: State, cards: list[str]) -> list[str]:
    """A shuffle drawn from the session's seed, so replaying the log shuffles the same."""
    rng = random.Random(f"{state['seed']}:shuffle:{state['shuffles']}")
    state["shuffles"] += 1
    cards = sorted(cards)
    rng.shuffle(cards)
    return cards


def hand_count(state: State, pl: dict) -> int:
    return len(pl["hand"]) if state["digital"] else pl["hand_n"]


def deck_count(state: State, pl: dict) -> int:
    return len(pl["deck"]) if state["digital"] else pl["deck_n"]


def discard_count(state: State, pl: dict) -> int:
    return len(pl["discard"]) + (0 if state["digital"] else pl["discard_n"])


def in_hand(state: State, pl: dict) -> list[str]:
    """Card ids that may be in the hand now (known in digital mode, possible at a table)."""
    if state["digital"]:
        return sorted(set(map(cid, pl["hand"])))
    return sorted(set(map(cid, pl["hidden"]))) if pl["hand_n"] else []


def take_from_hand(state: State, pl: dict, card_id: str) -> str:
    pool = pl["hand"] if state["digital"] else pl["hidden"]
    uid = None
    for u in pool:  # the first by name of the card's copies held (a loop: min() over a generator costs more)
        if cid(u) == card_id and (uid is None or u < uid):
            uid = u
    if uid is None:
        raise ValueError(f"no {card_id} in hand")
    pool.remove(uid)
    if not state["digital"]:
        pl["hand_n"] -= 1
    return uid


def in_discard(state: State, pl: dict) -> list[str]:
    """Card ids that may be in the discard pile (face-up ones, and at a table any card burned
    unseen from the hand)."""
    ids = set(map(cid, pl["discard"]))
    if not state["digital"] and pl["discard_n"]:
        ids.update(map(cid, pl["hidden"]))
    return sorted(ids)


def take_from_discard(state: State, pl: dict, card_id: str) -> str:
    seen = [u for u in pl["discard"] if cid(u) == card_id]
    if seen:
        pl["discard"].remove(seen[0])
        return seen[0]
    uid = min(u for u in pl["hidden"] if cid(u) == card_id)
    pl["hidden"].remove(uid)
    pl["discard_n"] -= 1
    return uid


def draw(state: State, pl: dict, n: int) -> int:
    """Draw up to n cards, shuffling the discard pile into a new deck when the deck runs out.
    Returns how many were drawn."""
    drawn, digital = 0, state["digital"]
    for _ in range(n):
        if (len(pl["deck"]) if digital else pl["deck_n"]) == 0:  # deck_count, discard_count written out
            if len(pl["discard"]) + (0 if digital else pl["discard_n"]) == 0:
                break
            if digital:
                pl["deck"] = shuffled(state, pl["discard"])
            else:
                pl["hidden"].extend(pl["discard"])
                pl["deck_n"] = len(pl["discard"]) + pl["discard_n"]
                pl["discard_n"] = 0
            pl["discard"] = []
        if digital:
            pl["hand"].append(pl["deck"].pop(0))
        else:
            pl["deck_n"] -= 1
            pl["hand_n"] += 1
        drawn += 1
    return drawn


def burn_hand(state: State, pl: dict) -> int:
    n = hand_count(state, pl)
    if state["digital"]:
        pl["discard"].extend(pl["hand"])
        pl["hand"] = []
    else:
        pl["discard_n"] += pl["hand_n"]
        pl["hand_n"] = 0
    return n


def hidden_cards(state: State, pl: dict) -> list[str]:
    """Every uid in deck, hand (and unseen discard) for conservation checks."""
    if state["digital"]:
        return pl["deck"] + pl["hand"]
    return list(pl["hidden"])
