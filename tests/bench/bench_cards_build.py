"""Benchmarks of `cards build`, each printing its ratio against an anchor measured in the same run.

`deck`: a synthetic 1,000-card deck beside a plain reportlab script: wall time, peak memory (max
RSS of the child) and PDF size. Aims (issue 2): within 2x of the plain script, peak memory under
150 MB, PDF under 1 MB.

`kit` (issue 13): the five games' whole kit, rulebooks on, as `make kit` builds it:
  - a cold build beside WeasyPrint alone on the same rulebook HTML (the anchor: the five books laid
    out and written by as many processes as the build uses, page numbers by WeasyPrint's own
    target-counter(); the build lays each book out once (layouts/rulebook/pagerefs.css), so its
    rulebook step can take less than the anchor);
  - the same build again with nothing changed, beside the cold build (aim: under 1 s);
  - one card's text changed in one game, beside that game's cold build: the deck files only
    (--no-rulebook, as `cards watch` does; aim under 1 s), then the whole kit (its rulebook too).

Run by hand (`make bench`, or `python tests/bench/bench_cards_build.py [deck|kit|one-card]`, the
last the one-card part of `kit` alone); prints
figures, asserts nothing. Every side runs as a child process in the same minutes.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CARDS = 1000
RUNS = 3
WORDS = ("strike", "bone", "draw", "card", "gain", "rune", "move", "space", "each", "player", "roll", "die")


def card_text(i: int) -> str:
    return " ".join(WORDS[(i * 7 + k) % len(WORDS)] for k in range(22)).capitalize() + "."


def make_game(folder: Path) -> None:
    shutil.copytree(REPO / "generator" / "templates" / "new-game", folder)
    lines = ["decks:", "  - id: actions", "    name: Big deck", "    back: plain",
             "    backs: {plain: {title: Bench, icon: star}}", "    cards:"]
    for i in range(CARDS):
        lines.append(f"      - {{id: card-{i}, name: Card {i}, cost: {i % 10}, icon: star, type: Action, "
                     f"text: \"{card_text(i)}\"}}")
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n")


PLAIN = textwrap.dedent('''
    import sys
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    fonts, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    words = {words!r}
    for style in ("Regular", "Bold", "Italic"):
        pdfmetrics.registerFont(TTFont("Lato-" + style, f"{{fonts}}/Lato-{{style}}.ttf"))
    mm = 72 / 25.4
    W, H = 63.5 * mm, 88.9 * mm
    c = Canvas(out, initialFontName="Lato-Regular", pageCompression=1)
    def star(x, y):
        c.setFillColor("#c9a227")
        p = c.beginPath(); pts = [(12,2),(14.9,8.6),(22,9.3),(16.6,14),(18.2,21),(12,17.3),(5.8,21),(7.4,14),(2,9.3),(9.1,8.6)]
        p.moveTo(x + pts[0][0] * 3, y - pts[0][1] * 3)
        for px, py in pts[1:]: p.lineTo(x + px * 3, y - py * 3)
        p.close(); c.drawPath(p, fill=1, stroke=1)
    cells = [(6.75 * mm + col * (W + 3 * mm), 842 - 12 * mm - (row + 1) * H - row * 3 * mm) for row in range(3) for col in range(3)]
    for start in range(0, n, 9):
        for k, (x, y) in enumerate(cells[: min(9, n - start)]):
            i = start + k
            c.setFillColor("#f7f1e3"); c.rect(x, y, W, H, fill=1, stroke=0)
            c.setStrokeColor("#3b2f2a"); c.roundRect(x + 2.5 * mm, y + 2.5 * mm, W - 5 * mm, H - 5 * mm, 2.5 * mm)
            c.setFillColor("#1a1a1a"); c.setFont("Lato-Bold", 11); c.drawString(x + 4.5 * mm, y + H - 10 * mm, f"Card {{i}}")
            star(x + 19 * mm, y + H - 15 * mm)
            c.setFont("Lato-Italic", 8); c.drawString(x + 4.5 * mm, y + H - 46 * mm, "Action")
            text = " ".join(words[(i * 7 + j) % len(words)] for j in range(22)).capitalize() + "."
            c.setFont("Lato-Regular", 8.5)
            for li, line in enumerate(simpleSplit(text, "Lato-Regular", 8.5, 54.5 * mm)):
                c.drawString(x + 4.5 * mm, y + H - 54 * mm - li * 10.2, line)
        c.showPage()
        for k, (x, y) in enumerate(cells[: min(9, n - start)]):
            c.setFillColor("#3b2f2a"); c.rect(x, y, W, H, fill=1, stroke=0)
            star(x + 19 * mm, y + H - 30 * mm)
            c.setFillColor("#f7f1e3"); c.setFont("Lato-Bold", 13); c.drawCentredString(x + W / 2, y + H - 65 * mm, "Bench")
        c.showPage()
    c.save()
''').format(words=WORDS)


# Children run as an installed tool does: with bytecode caches (some sandboxes set
# PYTHONDONTWRITEBYTECODE, which makes every run recompile every module it imports).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_child(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=CHILD_ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{proc.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def bench_deck() -> None:
    python = sys.executable
    cards = str(Path(python).parent / "cards")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        game = tmp / "bench-game"
        make_game(game)
        script = tmp / "plain.py"
        script.write_text(PLAIN)
        ours, plain = [], []
        for _ in range(RUNS + 1):  # interleaved, so both see the same machine load
            ours.append(run_child([cards, "build", str(game), "--format", "pdf", "--only", "actions", "--out", str(tmp / "out"), "-q"]))
            plain.append(run_child([python, str(script), str(REPO / "layouts" / "fonts"), str(tmp / "plain.pdf"), str(CARDS)]))
        ours, plain = ours[1:], plain[1:]  # the first run of each only warms the bytecode caches
        ours_pdf = (tmp / "out" / "bench-game" / "actions-a4.pdf").stat().st_size
        plain_pdf = (tmp / "plain.pdf").stat().st_size
    t_ours = statistics.median(t for t, _ in ours)
    t_plain = statistics.median(t for t, _ in plain)
    print(f"{CARDS} cards, A4 duplex, median of {RUNS} interleaved runs (whole processes)")
    print(f"  cards build : {t_ours:6.2f} s  peak {max(m for _, m in ours):6.1f} MB  PDF {ours_pdf / 1024:7.1f} KB")
    print(f"  plain script: {t_plain:6.2f} s  peak {max(m for _, m in plain):6.1f} MB  PDF {plain_pdf / 1024:7.1f} KB")
    print(f"  time ratio cards/plain: {t_ours / t_plain:.2f}x (aim <= 2x)")


# WeasyPrint alone: each (html file, base url, pdf) rendered as the build does (tagged PDF), by a
# pool of as many processes as `cards build` uses for its rulebooks.
WEASYPRINT_ALONE = textwrap.dedent('''
    import json, sys
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    def one(job):
        import weasyprint
        html, base, pdf = job
        weasyprint.HTML(string=open(html, encoding="utf-8").read(), base_url=base).write_pdf(pdf, pdf_variant="pdf/ua-1")

    if __name__ == "__main__":
        jobs, workers = json.loads(sys.argv[1]), int(sys.argv[2])
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
            list(pool.map(one, jobs))
''')


def rulebook_html(tmp: Path) -> list[list[str]]:
    """Each game's rulebook HTML as the PDF step gets it, written to a file: [html, base url, pdf]."""
    sys.path.insert(0, str(REPO))
    from generator.model.loader import list_game_ids, load
    from generator.rulebook import render_html

    jobs = []
    for game_id in list_game_ids():
        loaded = load(game_id)
        html, _ = render_html(loaded)
        (tmp / f"{game_id}.html").write_text(html, encoding="utf-8")
        jobs.append([str(tmp / f"{game_id}.html"), loaded.game.root.resolve().as_uri() + "/", str(tmp / f"{game_id}.pdf")])
    return jobs


def run_timed(args: list[str], said: list[str] | None = None) -> tuple[float, float]:
    """Wall seconds and CPU seconds (the child's and its workers', user + system) of one child process.
    On a loaded machine the CPU figure is the steadier one. ``said`` gets the child's stdout."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(args, stdout=out, stderr=err, env=CHILD_ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"failed: {' '.join(args)}\n{err.read().decode()}")
        if said is not None:
            said.append(out.read().decode())
    return elapsed, usage.ru_utime + usage.ru_stime


def noop_runs(command: list[str], wanted: int, games: int) -> tuple[list[tuple[float, float]], int]:
    """Builds with nothing changed, until ``wanted`` of them found every kit up to date. A run that
    rebuilt (Boneyard's code was edited meanwhile: its fingerprint changed) is left out and counted."""
    kept, rebuilt = [], 0
    while len(kept) < wanted and rebuilt < 10:
        said: list[str] = []
        timing = run_timed(command, said)
        if said[0].count("up to date: no file rewritten") == games:
            kept.append(timing)
        else:
            rebuilt += 1
    return kept, rebuilt


def changed_files(folder: Path, before: dict[str, int]) -> list[str]:
    return sorted(p for p, stamp in stamps(folder).items() if before.get(p) != stamp)


def stamps(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_ino for p in folder.rglob("*") if p.is_file()}


def show(label: str, runs: list[tuple[float, float]], anchor: tuple[float, float] | None = None,
         anchor_name: str = "") -> None:
    wall, cpu = statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)
    ratio = f"  -> {wall / anchor[0]:.3f}x wall, {cpu / anchor[1]:.3f}x CPU {anchor_name}" if anchor else ""
    print(f"  {label:32} {wall:6.2f} s wall {cpu:6.2f} s CPU{ratio}")


def one_card_runs(tmp: Path, cards: str):
    """One card's text changed: a copy of Bone Strike, built cold, then edited and built again
    (deck files only, as `cards watch` does, then the whole kit), RUNS times. Returns what prints them."""
    game = tmp / "bone-strike"
    shutil.copytree(REPO / "content" / "bone-strike", game)
    out = tmp / "one-card"
    base = [cards, "build", str(game), "--out", str(out), "-q"]
    game_cold = run_timed(base)
    cards_yaml = game / "cards.yaml"
    unchanged, deck_only, whole = [], [], []
    rewritten: list[str] = []
    for run in range(RUNS):
        # The deck files' state as the watch keeps it (none of them drawn: the game loaded and planned only).
        unchanged.append(run_timed([*base, "--no-rulebook"]))
        text = cards_yaml.read_text()
        before = stamps(out / "bone-strike")
        cards_yaml.write_text(text.replace('text: "', f'text: "Bench {run}. ', 1))  # the first card's text
        said: list[str] = []
        deck_only.append(run_timed([*base, "--no-rulebook"], said))
        if "the others up to date" not in said[0]:  # Boneyard's code changed meanwhile: all was rebuilt
            deck_only.pop()
        rewritten = changed_files(out / "bone-strike", before)
        whole.append(run_timed(base))

    def report() -> None:
        print(f"one card's text changed in Bone Strike, median of {RUNS} ({RUNS - len(deck_only)} deck runs left out: "
              "Boneyard's code changed while the bench ran):")
        show("Bone Strike cold", [game_cold])
        show("nothing changed, --no-rulebook", unchanged, game_cold, "of its cold build (loads and plans, draws nothing)")
        if deck_only:
            show("deck files only (--no-rulebook)", deck_only, game_cold, "of its cold build (aim < 1 s)")
        show("whole kit (its rulebook too)", whole, game_cold, "of its cold build")
        print(f"  rewrote {len(rewritten)} files with --no-rulebook, outside svg/: "
              f"{', '.join(f for f in rewritten if not f.startswith('svg/'))}")

    return report


def bench_one_card() -> None:
    """The one-card part of `kit` alone (no five-game cold builds)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = one_card_runs(Path(tmp), str(Path(sys.executable).parent / "cards"))
    report()


def bench_kit() -> None:
    cards = str(Path(sys.executable).parent / "cards")
    games = 5
    workers = min(games, os.cpu_count() or 1)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        script = tmp / "weasyprint_alone.py"
        script.write_text(WEASYPRINT_ALONE)
        import json

        jobs = rulebook_html(tmp)
        cold, floor = [], []
        for run in range(2):  # interleaved, so both see the same machine load
            out = tmp / f"cold-{run}"
            cold.append(run_timed([cards, "build", "--out", str(out), "-q"]))
            floor.append(run_timed([sys.executable, str(script), json.dumps(jobs), str(workers)]))
        noop, disturbed = noop_runs([cards, "build", "--out", str(tmp / "cold-1"), "-q"], RUNS, games)
        one_card = one_card_runs(tmp, cards)

    best = lambda runs: min(runs)  # noqa: E731  (the run the machine's load disturbed least)
    print(f"five games' kits, rulebooks on, {workers} rulebook processes on {os.cpu_count()} cores (whole processes)")
    show("cold build (best of 2)", [best(cold)])
    show("WeasyPrint alone, same HTML", [best(floor)])
    print(f"  cold build / WeasyPrint alone: {best(cold)[0] / best(floor)[0]:.2f}x wall, "
          f"{best(cold)[1] / best(floor)[1]:.2f}x CPU")
    show(f"no-op rebuild (median of {len(noop)})", noop, best(cold), "of the cold build (aim < 1 s)")
    if disturbed:
        print(f"  ({disturbed} no-op runs left out: Boneyard's code changed while the bench ran, so they rebuilt)")
    one_card()


def main() -> None:
    which = sys.argv[1:] or ["deck", "kit"]
    if "deck" in which:
        bench_deck()
    if "kit" in which:
        bench_kit()
    elif "one-card" in which:
        bench_one_card()


if __name__ == "__main__":
    main()
