"""`cards watch`: rebuild a game whenever one of its files (or a shared layout) changes.

Polling file stats is enough here (a game folder holds tens of files) and needs no extra
library. Each rebuild is incremental like `cards build`: only the files whose inputs changed are
written again. A build that fails prints its problems and the watch goes on; the previous good
files stay in place, as every write is atomic.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from .errors import GameDataError
from .filestats import file_stats
from .kit.build import build_kits
from .model.loader import LoadedGame, find_game_dir, load
from .options import BuildOptions
from .paths import LAYOUTS_DIR


def fingerprint(*folders: Path) -> tuple:
    """Paths, sizes and modification times of every file below the folders (stat only)."""
    return tuple((str(folder), *entry) for folder in folders for entry in file_stats(folder))


def rebuild(ref: str, options: BuildOptions, say: Callable[[str], None],
            then: Callable[[LoadedGame], None] | None = None) -> bool:
    """Build the game's kit again (only what changed); after a good build, ``then`` (a preview)."""
    started = time.perf_counter()
    try:
        loaded = load(ref)
    except GameDataError as exc:
        say(str(exc))
        return False
    results, problems = build_kits([loaded], options)
    for problem in problems:
        say(problem)
    if results:  # only what changed is written again (kit/state.py), as `cards build` does
        files = sum(f.path != "PRINTING.md" for f in results[0].files)  # the guide follows the others
        rebuilt = len(results[0].rebuilt)
        say(f"{time.strftime('%H:%M:%S')} built {loaded.game.id}: {rebuilt} of {files} files rewritten "
            f"in {time.perf_counter() - started:.1f} s")
    if then is not None and not problems:
        then(loaded)
    return not problems


def watch(ref: str, options: BuildOptions, say: Callable[[str], None], interval: float = 0.5,
          keep_going: Callable[[int], bool] = lambda builds: True,
          then: Callable[[LoadedGame], None] | None = None) -> int:
    """Build once, then again after every change, while keep_going(builds so far) is true."""
    folders = (find_game_dir(ref), LAYOUTS_DIR)
    seen = fingerprint(*folders)
    rebuild(ref, options, say, then)
    builds = 1
    say(f"watching {folders[0]} (Ctrl-C to stop)")
    while keep_going(builds):
        time.sleep(interval)
        now = fingerprint(*folders)
        if now != seen:
            seen = now
            rebuild(ref, options, say, then)
            builds += 1
    return builds
