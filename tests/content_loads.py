"""Each test process loads each game of content/ once.

The suite asked `load()` for the five content games ~200 times a run, at 30-80 ms of CPU each
(YAML, validation, references), in test files, fixtures and the commands they call in-process.
No test edits content/ (a test that changes a game copies it first), so a content game read once
is the same game read again: `load()` here keeps it and hands back the kept game, in a record of
its own (the Game is a frozen model; its layouts dict is copied, so a caller adding to it changes
nothing for the next). Any other folder, a copy of a content game included, is read afresh.
Commands started as processes (tests/warm.py's children, subprocesses) read the files as ever.
"""
from __future__ import annotations

from pathlib import Path

from generator.model import loader

CONTENT = (Path(__file__).resolve().parents[1] / "content").resolve()


def share_content_loads() -> None:
    """Make `generator.model.loader.load` (and load_game, which calls it) keep content games.
    Call before the test modules are imported: they bind `load` by name."""
    read = loader.load
    if getattr(read, "keeps_content", False):
        return
    kept: dict[Path, loader.LoadedGame] = {}

    def load(ref: str | Path) -> loader.LoadedGame:
        root = loader.find_game_dir(ref)
        if root.parent != CONTENT:
            return read(ref)
        if root not in kept:
            kept[root] = read(root)
        game = kept[root]
        return loader.LoadedGame(game=game.game, layouts=dict(game.layouts))

    load.keeps_content = True  # type: ignore[attr-defined]
    loader.load = load
