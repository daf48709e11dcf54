"""Bone Strike's dice as an attack reads them, worked out once per die from the game data: a
roll looked each die up and through its faces some ten times."""
from __future__ import annotations

from typing import Any


class Die:
    __slots__ = ("symbols", "labels", "timed", "same")

    def __init__(self, die: dict[str, Any]):
        faces = die["faces"]
        self.symbols: list[dict[str, int]] = [f["symbols"] for f in faces]  # {} on a blank face
        self.labels: list[str] = [f["label"] for f in faces]
        self.timed: bool = "time" in die.get("tags", ()) or bool(die.get("blank_check"))
        # for each face, the first face with the same symbols: what a player reporting it would say
        self.same: list[int] = [self.symbols.index(s) for s in self.symbols]


class Dice(dict[str, Die]):
    """Die id -> Die, made from the game data when first asked for."""

    def __init__(self, data: Any):
        super().__init__()
        self.data = data

    def __missing__(self, die_id: str) -> Die:
        die = self[die_id] = Die(self.data.die(die_id))  # a KeyError naming a die the game lacks
        return die
