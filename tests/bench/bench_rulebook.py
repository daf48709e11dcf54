"""Benchmark: seconds per rulebook (rulebook.pdf + rulebook.html + quickref.pdf) for every game
under content/ that loads, built one after another in this process, then all together with
`build_rulebooks` (parallel processes, as `cards build` of every game does).

Run by hand: `.venv/bin/python tests/bench/bench_rulebook.py [a5|a4|letter] [jobs]`. Prints
figures, asserts nothing. The first sequential build also pays for importing WeasyPrint; that
import is timed on its own line.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from generator.errors import GameDataError  # noqa: E402
from generator.loader import list_game_ids, load  # noqa: E402
from generator.rulebook import build_rulebook, build_rulebooks  # noqa: E402


def main() -> None:
    book = sys.argv[1] if len(sys.argv) > 1 else "a5"
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else (os.cpu_count() or 1)
    games = []
    for game_id in list_game_ids():
        try:
            games.append(load(game_id))
        except GameDataError as exc:
            print(f"{game_id}: skipped, does not load ({str(exc).splitlines()[0]})")
    started = time.perf_counter()
    import weasyprint  # noqa: F401  (timed apart: every process pays it once)
    print(f"import weasyprint: {time.perf_counter() - started:.2f} s")
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp)
        total = 0.0
        print(f"\nsequential, one process, book {book}:")
        for loaded in games:
            started = time.perf_counter()
            files = build_rulebook(loaded, out / "seq" / loaded.game.id, book)
            seconds = time.perf_counter() - started
            total += seconds
            pages = next(f.pages for f in files if f.path == "rulebook.pdf")
            print(f"  {loaded.game.id:18} {seconds:5.2f} s  ({pages} pages, {seconds / pages * 1000:.0f} ms/page)")
        print(f"  {'total':18} {total:5.2f} s  ({total / len(games):.2f} s per rulebook)")
        started = time.perf_counter()
        build_rulebooks(games, out / "par", book, jobs=jobs)
        wall = time.perf_counter() - started
        print(f"\nparallel, build_rulebooks(jobs={jobs}) on {os.cpu_count()} cores:")
        print(f"  {'total':18} {wall:5.2f} s  ({wall / len(games):.2f} s per rulebook, "
              f"{total / wall:.2f}x the sequential total)")


if __name__ == "__main__":
    main()
