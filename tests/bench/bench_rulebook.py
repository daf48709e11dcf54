"""Benchmark: seconds per rulebook (rulebook.pdf + rulebook.html + quickref.pdf, and the A5
booklet) for every game under content/ that loads, built one after another in this process, each
beside its anchor: WeasyPrint alone laying out and writing the same rulebook HTML, page numbers by
its own target-counter() (the build lays the book out once instead, layouts/rulebook/pagerefs.css;
the rest is the quick reference, the HTML copy and the booklet). Then all together with
`build_rulebooks` (parallel processes, as `cards build` of every game does).

Run by hand: `.venv/bin/python tests/bench/bench_rulebook.py [a5|a4|letter] [jobs] [repeats]`.
Prints figures, asserts nothing. With repeats > 1 each game's build and anchor are measured that
many times, alternately, and the least of each is kept (on a shared machine a neighbour's burst
inflates one run, never shrinks one). WeasyPrint is imported (and timed) before anything is measured; the
anchor runs without the build's cheaper min-content widths (rulebook/min_content.py). Times
are CPU seconds (steady on a loaded machine); the parallel build also prints its wall time.
"""
from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from generator.errors import GameDataError  # noqa: E402
from generator.model.loader import list_game_ids, load  # noqa: E402
from generator.rulebook import build_rulebooks, render_html  # noqa: E402


def weasyprint_alone(loaded, book: str, target: Path) -> float:
    """CPU seconds WeasyPrint takes on the rulebook's HTML by itself (tagged PDF, as the build writes),
    its own way: without the cheaper min-content widths the build installs (rulebook/min_content.py)."""
    import weasyprint
    from weasyprint.layout import preferred

    from generator.rulebook import min_content

    html, _ = render_html(loaded, book)
    ours = preferred.split_first_line
    preferred.split_first_line = min_content._original or ours
    try:
        started = time.process_time()
        weasyprint.HTML(string=html, base_url=loaded.game.root.resolve().as_uri() + "/").write_pdf(
            target, pdf_variant="pdf/ua-1")
        return time.process_time() - started
    finally:
        preferred.split_first_line = ours


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    book = sys.argv[1] if len(sys.argv) > 1 else "a5"
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else (os.cpu_count() or 1)
    repeats = max(1, int(sys.argv[3])) if len(sys.argv) > 3 else 1
    games = []
    for game_id in list_game_ids():
        try:
            games.append(load(game_id))
        except GameDataError as exc:
            print(f"{game_id}: skipped, does not load ({str(exc).splitlines()[0]})")
    started = time.perf_counter()
    import generator.rulebook.pdf  # noqa: F401  (WeasyPrint, timed apart: every process pays it once)
    print(f"import weasyprint: {time.perf_counter() - started:.2f} s")
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp)
        total = floor = 0.0
        print(f"\nsequential, one process, book {book} (booklet on A4 for a5), least of {repeats}:")
        for loaded in games:
            alone = seconds = float("inf")
            for _ in range(repeats):
                alone = min(alone, weasyprint_alone(loaded, book, out / f"{loaded.game.id}-alone.pdf"))
                started = time.process_time()
                files = build_rulebooks([loaded], out / "seq", book, jobs=1, booklet="a4")[loaded.game.id]
                seconds = min(seconds, time.process_time() - started)
            total, floor = total + seconds, floor + alone
            pages = next(f.pages for f in files if f.path == "rulebook.pdf")
            print(f"  {loaded.game.id:18} {seconds:5.2f} s  ({pages} pages, {seconds / pages * 1000:.0f} ms/page); "
                  f"WeasyPrint alone {alone:5.2f} s -> {seconds / alone:.2f}x")
        print(f"  {'total':18} {total:5.2f} s  ({total / len(games):.2f} s per rulebook); "
              f"WeasyPrint alone {floor:5.2f} s -> {total / floor:.2f}x the anchor")
        started, cpu = time.perf_counter(), children_cpu()
        build_rulebooks(games, out / "par", book, jobs=jobs, booklet="a4")
        wall, cpu = time.perf_counter() - started, children_cpu() - cpu
        print(f"\nparallel, build_rulebooks(jobs={jobs}) on {os.cpu_count()} cores:")
        print(f"  {'total':18} {wall:5.2f} s wall, {cpu:5.2f} s CPU in the workers "
              f"(the sequential total took {total / wall:.2f}x this wall time)")


if __name__ == "__main__":
    main()
