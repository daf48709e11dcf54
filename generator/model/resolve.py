"""The one game resolver, shared by `cards` and `referee`: a GAME argument (an id under content/,
its title-like spelling, or a path to a game folder) becomes a game folder.

Stdlib only: `referee` resolves a game on every command, before (or without) loading it.
"""
from __future__ import annotations

import os
import re
from collections import namedtuple
from pathlib import Path

from ..paths import CONTENT_DIR

GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")

# key: the folder name (the game id for games under content/); root: the resolved folder.
GameFolder = namedtuple("GameFolder", "key root")


class UnknownGame(Exception):
    """The GAME argument names no game folder (exit 2)."""

    def __init__(self, ref: str, hint: str):
        self.ref = ref
        self.hint = hint
        super().__init__(f"no game '{ref}'; {hint}")


def content_games() -> list[GameFolder]:
    """The games under content/ (folders with a game.yaml), by id. Each folder is resolved only
    when it is a link (the content folder itself once): `referee ask` lists the games for every
    question asked of all of them, and a realpath of each was most of that."""
    try:
        with os.scandir(CONTENT_DIR) as found:
            entries = sorted(found, key=lambda entry: entry.name)
    except OSError:  # no content folder (an install without the repository's games)
        return []
    base = _real(CONTENT_DIR)
    return [GameFolder(entry.name, _real(entry.path) if entry.is_symlink() else base / entry.name)
            for entry in entries if os.path.isfile(os.path.join(entry.path, "game.yaml"))]


def list_game_ids() -> list[str]:
    return [game.key for game in content_games()]


def resolve_game(ref: str | Path, require_game_yaml: bool = True) -> GameFolder:
    """A game id under content/ (or the same with spaces or capitals: 'Runes and Bones') or a path
    to a game folder. ``require_game_yaml=False`` lets a folder without game.yaml through, for the
    loader to report with its own advice."""
    text = str(ref).strip()
    path = Path(text).expanduser()
    if text and path.is_dir():
        if require_game_yaml and not os.path.isfile(os.path.join(path, "game.yaml")):
            raise UnknownGame(text, "that folder has no game.yaml; give a game folder or a game id")
        root = _real(path)
        return GameFolder(root.name, root)
    slug = re.sub(r"[\s_]+", "-", text.lower())
    for candidate in (text, slug):
        if GAME_ID.fullmatch(candidate) and (found := _content_game(candidate)) is not None:
            return found
    raise UnknownGame(text, suggest_game(text, list_game_ids()))


def _content_game(game_id: str) -> GameFolder | None:
    """content_games()'s entry for this id, or None, without looking at every game (`referee
    ask` resolves its game for every question)."""
    folder = os.path.join(CONTENT_DIR, game_id)
    if not os.path.isfile(os.path.join(folder, "game.yaml")) or game_id not in os.listdir(CONTENT_DIR):
        return None  # listed too: the id must be the folder's name as written, as content_games() has it
    return GameFolder(game_id, _real(folder))


def _real(folder: str | Path) -> Path:
    """Path.resolve() of a folder known to exist (a game.yaml, or an is_dir, was found through
    it): the same path, without resolve()'s own stat, which only looks for a link loop that such
    a folder cannot be in (a third of resolving a game, which `referee ask` does at every question)."""
    return Path(os.path.realpath(folder))


def suggest_game(ref: str, known: list[str]) -> str:
    from ..suggest import did_you_mean  # difflib only when a game is not found

    slug = re.sub(r"[\s_]+", "-", ref.lower())
    guess = did_you_mean(slug, known)
    if guess:
        return guess
    if known:
        return f"known games: {', '.join(known)}; or give the path to a game folder"
    return "give the path to a game folder (one with a game.yaml)"
