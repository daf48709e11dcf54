"""Benchmark: `cards build` of a synthetic 1,000-card deck beside a plain reportlab script.

Run by hand (`make bench` or `python tests/bench/bench_cards_build.py`); prints figures, asserts
nothing. Both sides run as child processes in the same minute, so the ratio is what matters:
wall time, peak memory (max RSS of the child) and PDF size. Aims (issue 2): within 2x of the
plain script, peak memory under 150 MB, PDF under 1 MB.
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


def main() -> None:
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


if __name__ == "__main__":
    main()
