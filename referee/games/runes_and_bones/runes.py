"""What the game's data says about runes, bones and prices: read once per engine from GameData.

Nothing here knows a rune by its id; normal runes are the cards with an element and a weapon,
special runes are the rows of the special-runes table, and their effects are told apart by the
table's ``effect`` and ``source`` columns.
"""
from __future__ import annotations

from typing import Any

from referee.table.gamedata import GameData

# Words accepted for each count in "ana buys two"; digits are read as they are.
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


class Runes:
    """The deck, the beating cycles, the special effects and every number the rules use."""

    def __init__(self, data: GameData):
        self.data = data
        cards = data.deck("runes")["cards"]
        self.order = [c["id"] for c in cards]  # deck order: canonical order of rune lists
        self.rank = {rid: i for i, rid in enumerate(self.order)}
        self._kinds: dict[str, str] = {}
        self.count = {c["id"]: c["count"] for c in cards}
        self.total = sum(self.count.values())
        self.label = {c["id"]: c["name"].lower() for c in cards}
        self.element = {c["id"]: c.get("element") for c in cards if c.get("element")}
        self.weapon = {c["id"]: c.get("weapon") for c in cards if c.get("weapon")}
        self.specials = data.records("special-runes")
        self.elements = data.table("elements")["items"]
        self.weapons = data.table("weapons")["items"]
        # Every spelling a player may use for a rune: its name, its id, and "axe of fire" orders.
        self.names: dict[str, str] = {}
        for c in cards:
            rid = c["id"]
            self.names[c["name"].lower().replace("-", " ")] = rid
            self.names[rid.replace("-", " ")] = rid
            if rid in self.element:
                self.names[f"{self.weapon[rid]} {self.element[rid]}"] = rid
            else:
                self.names[rid.replace("-", "")] = rid  # "dajhurga"
                self.names[c["name"].lower().split()[-1]] = rid  # "jhurga"
                if c["name"].lower().endswith("s"):
                    self.names[c["name"].lower()[:-1]] = rid  # "banner"
        # Numbers, all from the data.
        v = data.value
        self.starting_bones = v("starting-bones")
        self.first_pot = v("first-pot-per-player")
        self.starting_runes = v("starting-runes")
        self.hand_limit = v("hand-limit")
        self.trade_cost = v("trade-cost")
        self.rune_price = v("rune-price")
        self.most_bought = v("most-runes-bought")
        self.pass_cost = v("pass-cost")
        self.win_cost = v("buy-the-win-cost")
        self.variant_rounds = v("variant-rounds")
        self.cost_step = v("variant-cost-step")
        # The purchase chart: bones paid -> runes drawn at the base price; read backwards.
        self.bones_for = {drawn: paid for paid, drawn in data.chart("rune-purchase").items()}
        self.bonus = data.chart("six-round-bonus")
        self.bones_total = sum(t["count"] * t.get("value", 1) for t in data.pieces("tokens").values())

    # -- kinds ------------------------------------------------------------------------------
    def is_normal(self, rune: str) -> bool:
        return rune in self.element

    def effect(self, rune: str) -> dict[str, Any]:
        return self.specials[rune]

    def kind(self, rune: str) -> str:
        """normal, steal (bones from a player), rob (bones from the pot), draw, spy, grab."""
        found = self._kinds.get(rune)
        if found is None:  # worked out once a rune: listing and judging moves ask all the time
            found = self._kinds[rune] = self._kind(rune)
        return found

    def _kind(self, rune: str) -> str:
        if self.is_normal(rune):
            return "normal"
        row = self.specials[rune]
        effect, source = row["effect"], row["source"]
        if effect == "take-bones":
            return "rob" if source == "pot" else "steal"
        return {"draw-runes": "draw", "play-anothers-rune": "spy", "take-runes": "grab"}[effect]

    def amount(self, rune: str) -> int:
        return self.specials[rune]["amount"]

    # -- beating ----------------------------------------------------------------------------
    @staticmethod
    def _cycle_beats(items: list[str], a: str, b: str) -> bool:
        """In a cycle each item beats the next one, and the last beats the first."""
        return items[(items.index(a) + 1) % len(items)] == b

    def beats(self, new: str, old: str) -> tuple[bool, str]:
        """(does ``new`` beat ``old``, the rule that decided): elements first, then weapons."""
        if self.element[new] != self.element[old]:
            return self._cycle_beats(self.elements, self.element[new], self.element[old]), "beating.element"
        if self.weapon[new] != self.weapon[old]:
            return self._cycle_beats(self.weapons, self.weapon[new], self.weapon[old]), "beating.weapon"
        return False, "beating.identical"

    # -- prices (the rising-cost variants add steps) ------------------------------------------
    def price_steps(self, state: dict[str, Any]) -> int:
        options = state["options"]
        steps = 0
        left = len(state["players"]) - len(state["out"])
        if options.get("late-game-cost") and state["out"] and left <= 3:
            steps += 1
        rising = options.get("rising-cost")
        if rising == "round":
            steps += state["round"] - 1
        elif rising == "elimination":
            steps += len(state["out"])
        return steps

    def buy_cost(self, state: dict[str, Any], runes: int) -> int:
        # The purchase chart gives the base price; the variants add a step per rune.
        base = self.bones_for.get(runes, runes * self.rune_price)
        return base + runes * self.cost_step * self.price_steps(state)

    def trade_price(self, state: dict[str, Any]) -> int:
        return self.trade_cost + self.cost_step * self.price_steps(state)

    def say(self, runes: list[str]) -> str:
        return ", ".join(self.label[r] for r in runes)

    def sort(self, runes: list[str]) -> list[str]:
        return sorted(runes, key=self.rank.__getitem__)
