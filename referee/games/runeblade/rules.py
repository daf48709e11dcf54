"""Runeblade's data as the engine reads it: characters, colours, boons and banes, where dice go.

Every number and every boon or bane effect comes from content/runeblade (the characters table's
boon/bane fields, the die-destinations table, game.yaml values); nothing here names a character
except through those fields.
"""
from __future__ import annotations

from typing import Any

from referee.table.gamedata import GameData


class Facts:
    """Read-only view of the game data, computed once per engine."""

    def __init__(self, data: GameData):
        self.data = data
        chars = data.table("characters")["rows"]
        self.characters: dict[str, dict[str, Any]] = {row["id"]: row for row in chars}
        self.order: list[str] = [row["id"] for row in chars]  # the data's order: default seating
        self.colours: list[str] = [d["id"] for d in data.raw["dice"]]
        self.owner_of_colour: dict[str, str] = {
            row["colour"]: row["character"] for row in data.table("colour-owners")["rows"]}
        self.faces = {c: [face["value"] for face in data.die(c)["faces"]] for c in self.colours}
        self.success = {c: set(data.die(c)["success"]) for c in self.colours}
        self.destinations = data.table("die-destinations")["rows"]
        self.per_colour: int = data.value("dice-per-colour")
        self.endgame_dice: int = data.value("endgame-dice")
        self.foreign_limit: int = data.value("foreign-dice-limit")
        self.opening_details: int = data.value("opening-details")
        self.scenes_per_player: int = data.value("scenes-per-player")
        self.offers_per_roll: int = data.value("offers-per-roll")
        self.tie_breaker: str = data.value("denouement-tie-breaker")
        self.players_needed: int = data.value("players")
        names = {}
        for cid, row in self.characters.items():
            names[cid] = cid
            names[row["name"].lower()] = cid
            names[row["name"].lower().removeprefix("the ")] = cid
        self.character_names = names

    # -- characters ---------------------------------------------------------------------------
    def colour(self, character: str) -> str:
        return self.characters[character]["colour"]

    def name(self, character: str) -> str:
        return self.characters[character]["name"]

    def boon(self, character: str) -> dict[str, Any]:
        return self.characters[character]["boon"]

    def bane(self, character: str) -> dict[str, Any]:
        return self.characters[character]["bane"]

    def start_pool(self, character: str) -> dict[str, int]:
        traits = self.characters[character]["traits"]
        return {c: int(traits.get(c, 0)) for c in self.colours}

    # -- dice ---------------------------------------------------------------------------------
    def succeeds(self, colour: str, face: int) -> bool:
        return face in self.success[colour]

    def destination(self, character: str, colour: str, succeeded: bool, offered: bool) -> str:
        """Where a rolled die goes ("roller", "offerer", "colour-owner" or "heap"), by the first
        row of the die-destinations table that fits, with its exception for a character's boon."""
        result = "success" if succeeded else "failure"
        own = colour == self.colour(character)
        for row in self.destinations:
            if row["result"] != result or bool(row["offered"]) != offered:
                continue
            if row["colour"] == "own" and not own or row["colour"] == "other" and own:
                continue
            exception = row.get("except")
            if exception and exception["character"] == character and exception["colour"] == colour:
                return exception["goes_to"]
            return row["goes_to"]
        raise KeyError(f"die-destinations has no row for a {result} {'offered ' if offered else ''}{colour} die")

    def destination_rule(self, character: str, colour: str, succeeded: bool, offered: bool) -> str:
        result = "success" if succeeded else "failure"
        own = colour == self.colour(character)
        for row in self.destinations:
            if row["result"] == result and bool(row["offered"]) == offered and not (
                    row["colour"] == "own" and not own or row["colour"] == "other" and own):
                exception = row.get("except")
                if exception and exception["character"] == character and exception["colour"] == colour:
                    return self.boon(character).get("rule", row["rule"])
                return row["rule"]
        return "rolling.failure"

    def describe(self, dice: dict[str, int]) -> str:
        """"2 red, 2 white" (colours in the data's order), or "nothing"."""
        parts = [f"{dice[c]} {c}" for c in self.colours if dice.get(c)]
        return ", ".join(parts) if parts else "nothing"
