"""The one place that reads game YAML: a game folder becomes a validated, immutable Game.
The steps are files.py (read and merge the YAML, find icons), extends.py (layouts), game.py
(validate), problems.py (errors with their places) and references.py (every name must exist).

Every problem is collected and reported together (GameDataError), each with file:line:column,
the field path, what was expected and what was found, and a "did you mean" where a name is close.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from ..errors import GameDataError, Problem
from .extends import load_layouts, read_layout_files, resolve_extends
from .files import _discover_icons, _read_game_files
from .fonts import check_fonts
from .game import Game
from .layouts import Layout
from .problems import Sources, _validation_problems
from .references import check_references
from .resolve import UnknownGame, list_game_ids, resolve_game
from .rules import number_rules
from .sheet_keys import check_sheet_keys
from .spreadsheet import expand_spreadsheets
from .style_checks import check_styles

__all__ = ["LoadedGame", "Sources", "find_game_dir", "list_game_ids", "load", "load_game",
           "read_layout_files", "resolve_extends"]


@dataclass
class LoadedGame:
    game: Game
    layouts: dict[str, Layout]


def find_game_dir(ref: str | Path) -> Path:
    """A game id under content/, or a path to a game folder (generator.model.resolve)."""
    try:
        return resolve_game(ref, require_game_yaml=False).root
    except UnknownGame as exc:
        raise GameDataError([Problem(f"no game '{exc.ref}'", hint=exc.hint)]) from None


def load_game(ref: str | Path) -> Game:
    return load(ref).game


def load(ref: str | Path) -> LoadedGame:
    root = find_game_dir(ref)
    problems: list[Problem] = []
    sources = Sources()
    data = _read_game_files(root, problems, sources)
    layouts = load_layouts(root, problems)
    sheets = expand_spreadsheets(root, data, layouts, problems, sources)  # decks' `cards: {from: x.csv}`
    if problems:
        raise GameDataError(sheets.relabel(problems), root)
    data.setdefault("id", root.name)
    data["icons"] = _discover_icons(root, data.get("icons"), problems, sources)
    try:
        game = Game.model_validate(data)
    except ValidationError as exc:
        problems.extend(_validation_problems(exc, Game, sources, data))
        raise GameDataError(sheets.relabel(problems), root) from None
    game = game.model_copy(update={"root": root, "rule_numbers": number_rules(game.rules)})
    problems.extend(check_references(game, layouts, sources))
    problems.extend(check_styles(game, layouts, sources))
    problems.extend(check_sheet_keys(game, sources))  # each sheet's own keys: read by its sheet layout
    problems.extend(check_fonts(game, layouts, sources))  # the game's own font files and families
    if problems:
        raise GameDataError(sheets.relabel(problems), root)
    return LoadedGame(game=game, layouts=layouts)
