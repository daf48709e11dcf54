"""The one place the dice code gets a game's dice: `dice_for_game(ref)`.

It asks the project's loader, imported only when a command actually names a game, so
`referee roll 3d6` never pays for YAML or pydantic. What it relies on:

    generator.model.loader.load_game(ref: str | Path) -> Game   (a game id under content/ or a folder)
    Game.id, Game.dice: tuple[Die, ...], Game.rules (id, title, sections), Game.rule_numbers
    Die: id, name, color, faces, success, tags, rule, note
    Face: label, value: int | None, symbols: dict[str, int]
    generator.errors.GameDataError (str(e) is the full report)
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any


@lru_cache(maxsize=8)
def _load(ref: str) -> Any:
    from generator.model.loader import load_game

    return load_game(ref)


def dice_for_game(ref: str | Path) -> dict[str, Any]:
    """The dice of game `ref`, keyed by die id, in the order the data gives them."""
    return {die.id: die for die in _load(str(ref)).dice}


def rule_citation(ref: str | Path, rule_id: str) -> str | None:
    """'§9.6 When time runs out (attack.time-dice)', or None when the game has no such rule."""
    game = _load(str(ref))
    number = getattr(game, "rule_numbers", {}).get(rule_id)
    title = _rule_titles(getattr(game, "rules", ())).get(rule_id)
    if number is None and title is None:
        return None
    parts = [f"§{number}" if number else None, title]
    return " ".join(p for p in parts if p) + f" ({rule_id})"


def _rule_titles(rules: Any, prefix: str = "") -> dict[str, str]:
    titles: dict[str, str] = {}
    for rule in rules:
        full = f"{prefix}.{rule.id}" if prefix else rule.id
        titles[full] = rule.title
        titles.update(_rule_titles(getattr(rule, "sections", ()), full))
    return titles


def game_data_errors() -> tuple[type[BaseException], ...]:
    """Exception types that mean 'this game's data is bad or missing' (exit code 2)."""
    from generator.errors import GameDataError

    return (GameDataError,)
