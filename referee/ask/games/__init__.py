"""Answers that need one game's own logic, one small module per game, registered by game id.

A module defines ``answers(ctx) -> list[Computed]`` (ctx: referee.ask.answers.Context). It is
imported only when a question is asked about its game.
"""
from __future__ import annotations

import importlib

MODULES = {
    "rattlebones": "referee.ask.games.rattlebones",
    "runeblade": "referee.ask.games.runeblade",
}


def game_answers(game_id: str, ctx) -> list:
    name = MODULES.get(game_id)
    if name is None:
        return []
    return importlib.import_module(name).answers(ctx)
