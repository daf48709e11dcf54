"""Rules engines, one per game, registered by game id.

A game's engine is found by the game's id (its `id` in game.yaml, or its folder name). Engines
are imported only when a session of that game is used, so `referee roll` never pays for them.
"""
from __future__ import annotations

import importlib

# game id -> "module:Class"; the module is imported on first use.
ENGINES: dict[str, str] = {
    "ribbon-of-bone": "referee.games.ribbon_of_bone:RibbonOfBone",
    "runes-and-bones": "referee.games.runes_and_bones:RunesAndBones",
    "rattlebones": "referee.games.rattlebones:Rattlebones",
    "bone-strike": "referee.games.bone_strike:BoneStrike",
    "runeblade": "referee.games.runeblade:Runeblade",
}


def engine_for(game_id: str):
    """The engine class for a game id, or None if the referee cannot follow that game yet."""
    target = ENGINES.get(game_id)
    if target is None:
        return None
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)
