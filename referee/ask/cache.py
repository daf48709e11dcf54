"""Where each game's rules index lives, and whether it is still up to date.

One SQLite file per game folder, under ``$BONEYARD_CACHE`` (or ``$XDG_CACHE_HOME/boneyard``, or
``~/.cache/boneyard``) in ``ask/``. The index is stale when the game folder's files change: the
fingerprint lists every file's path, size and modification time, read with stat alone (no file
is opened or parsed), plus the index format version.

Also here, because a warm query must not import the loader: turning a GAME argument into a
folder (an id under content/ or a path), with the loader's own rules for both.
"""
from __future__ import annotations

import os
import re
import zlib
from collections import namedtuple
from pathlib import Path

from generator.paths import CONTENT_DIR

INDEX_VERSION = "ask-19"  # bump when the index layout or what goes into it changes
GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


class UnknownGame(Exception):
    """The GAME argument names no game folder (exit 2)."""

    def __init__(self, ref: str, hint: str):
        self.ref = ref
        self.hint = hint
        super().__init__(f"no game '{ref}'; {hint}")


# key: the folder name (the game id for games under content/); root: the resolved folder.
GameFolder = namedtuple("GameFolder", "key root")


def content_games() -> list[GameFolder]:
    if not CONTENT_DIR.is_dir():
        return []
    return [GameFolder(p.name, p.resolve()) for p in sorted(CONTENT_DIR.iterdir())
            if (p / "game.yaml").is_file()]


def resolve_game(ref: str | Path) -> GameFolder:
    """A game id under content/ or a path to a game folder, as the loader reads them."""
    text = str(ref).strip()
    path = Path(text).expanduser()
    if text and path.is_dir():
        if not (path / "game.yaml").is_file():
            raise UnknownGame(text, "that folder has no game.yaml; give a game folder or a game id")
        root = path.resolve()
        return GameFolder(root.name, root)
    known = {g.key: g for g in content_games()}
    slug = re.sub(r"[\s_]+", "-", text.lower())
    for candidate in (text, slug):
        if GAME_ID.fullmatch(candidate) and candidate in known:
            return known[candidate]
    raise UnknownGame(text, suggest_game(text, list(known)))


def suggest_game(ref: str, known: list[str]) -> str:
    import difflib

    slug = re.sub(r"[\s_]+", "-", ref.lower())
    close = difflib.get_close_matches(slug, known, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    if known:
        return f"known games: {', '.join(known)}; or give the path to a game folder"
    return "give the path to a game folder (one with a game.yaml)"


def fingerprint(root: Path) -> str:
    """Paths, sizes and modification times of the folder's files (hidden folders skipped, as
    the loader skips them), with the index version; kept whole, so no hash can collide."""
    from generator.filestats import file_stats  # stdlib only: keeps a warm query light

    lines = [INDEX_VERSION, str(root)]
    lines += [f"{path}\t{size}\t{mtime}" for path, size, mtime in file_stats(root)]
    return "\n".join(lines)


def cache_dir() -> Path:
    base = os.environ.get("BONEYARD_CACHE")
    if base:
        return Path(base).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "boneyard"


def index_path(game: GameFolder) -> Path:
    tag = f"{zlib.crc32(str(game.root).encode()):08x}"  # games of the same name in other folders
    return cache_dir() / "ask" / f"{game.key}-{tag}.sqlite3"
