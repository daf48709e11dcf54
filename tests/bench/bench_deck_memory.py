"""Peak memory of `cards build` for a 10,000-card deck, beside plain reportlab drawing as many cards.

Three child processes in the same run, each measured by its own ru_maxrss (os.wait4):
  - `same`: the starter deck with one card printed 10,000 times (count: 10000);
  - `distinct`: 10,000 cards, each printed once, with their own name and text;
  - the anchor: bench_cards_build's plain reportlab script drawing 10,000 cards of similar
    content, nine to an A4 sheet with their backs, in the same fonts.
Aim (issue 13): each deck under 1.3x the anchor. With --svg (a default build) the anchor still writes
the PDF alone, while the distinct deck also writes 10,001 SVG files (every card's front and the
back), each staged, listed in kit.json and fingerprinted in .kit-state.json. Then the time to load the distinct deck's game
(generator.model.loader.load: YAML with every place kept, validation, checks), and to read its
cards.yaml alone (safeyaml.read_yaml), each beside yaml.safe_load (libyaml) of the same file in the
same child process, best of three. Prints figures and ratios, asserts nothing.

Run by hand: `.venv/bin/python tests/bench/bench_deck_memory.py [--svg] [--cards PATH] [--src DIR]
[--stages]` (--svg also writes the SVG faces, as a default build does; --cards measures another
`cards` command, such as a launcher of an older checkout, and --src times the loader of another
checkout's source folder, for before-and-after figures; --stages also prints where the distinct
deck's memory goes: the resident memory of one child after the imports a deck build makes, after
loading the game, after planning the deck, and its peak, beside plain reportlab's after its imports
and fonts; Linux only, as it reads /proc/self/status).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_cards_build import CHILD_ENV, PLAIN, card_text

REPO = Path(__file__).resolve().parents[2]
CARDS = 10_000
AIM = 1.3
LOAD_TIMES = """
import sys, time
from pathlib import Path
if len(sys.argv) > 2:  # another checkout's source: its generator, not this one's editable install
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
    sys.path.insert(0, sys.argv[2])
import yaml
from generator.model.loader import load
from generator.model.safeyaml import read_yaml
game = Path(sys.argv[1])
text = (game / "cards.yaml").read_text()
def best(run):
    times = []
    for _ in range(3):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)
print(best(lambda: yaml.load(text, Loader=yaml.CSafeLoader)), best(lambda: read_yaml(game / "cards.yaml")),
      best(lambda: load(game)))
"""

# One child: its resident memory (VmRSS) after each step of a PDF-only build of the deck, and its
# peak (VmHWM) at the end, in MiB.
STAGES = """
import sys
from pathlib import Path
def rss(field="VmRSS"):
    for line in open("/proc/self/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
if sys.argv[1] == "plain":
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    imported = rss()
    for style in ("Regular", "Bold", "Italic"):
        pdfmetrics.registerFont(TTFont("Lato-" + style, f"{sys.argv[2]}/Lato-{style}.ttf"))
    print(imported, rss())
    raise SystemExit
import generator.build_command, generator.kit.state, generator.model.loader  # what `cards build` imports,
import generator.kit.build, generator.render.pdf  # in its order
imported = rss()
from generator.kit.build import build_kits
from generator.kit.plan import plan_kit
from generator.model.loader import load
from generator.options import BuildOptions
loaded = load(sys.argv[1])
after_load = rss()
options = BuildOptions(formats=("pdf",), only=("actions",), out_dir=Path(sys.argv[2]), rulebook=False, force=True)
planned = plan_kit(loaded, options)
after_plan = rss()
del planned
build_kits([loaded], options)
print(imported, after_load, after_plan, rss("VmHWM"))
"""


def make_deck(folder: Path, distinct: bool) -> None:
    """The starter game whose one deck prints CARDS cards: all alike, or each its own."""
    shutil.copytree(REPO / "generator" / "templates" / "new-game", folder)
    lines = ["decks:", "  - id: actions", "    name: Big deck", "    back: plain",
             "    backs: {plain: {title: Bench, icon: star}}", "    cards:"]
    if distinct:
        lines += [f"      - {{id: card-{i}, name: Card {i}, cost: {i % 10}, icon: star, type: Action, "
                  f"text: \"{card_text(i)}\"}}" for i in range(CARDS)]
    else:
        lines.append(f"      - {{id: card, name: Card, cost: 3, icon: star, type: Action, text: \"{card_text(0)}\", "
                     f"count: {CARDS}}}")
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n")


def peak_mib(args: list[str]) -> float:
    """The child's peak resident memory (ru_maxrss of that child alone), in MiB."""
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=CHILD_ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{proc.stderr.read().decode()}")
    return usage.ru_maxrss / 1024


def main() -> None:
    args = sys.argv[1:]
    formats = "pdf,svg" if "--svg" in args else "pdf"
    cards = args[args.index("--cards") + 1] if "--cards" in args else str(Path(sys.executable).parent / "cards")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        script = tmp / "plain.py"
        script.write_text(PLAIN)
        anchor = peak_mib([sys.executable, str(script), str(REPO / "layouts" / "fonts"), str(tmp / "plain.pdf"),
                           str(CARDS)])
        print(f"{CARDS:,} cards, A4 duplex, formats {formats}; peak RSS of each child process")
        if "svg" in formats:
            print(f"  (the anchor writes the PDF alone; with svg, the distinct deck also writes {CARDS + 1:,} SVG files, "
                  "one a card and its back, listed in kit.json and the build state)")
        print(f"  plain reportlab (anchor): {anchor:6.1f} MiB")
        for name in ("same", "distinct"):
            game = tmp / name
            make_deck(game, distinct=name == "distinct")
            peak = peak_mib([cards, "build", str(game), "--only", "actions", "--format", formats, "--force",
                             "--out", str(tmp / "out"), "-q"])
            label = "one card x 10,000" if name == "same" else "10,000 distinct cards"
            print(f"  cards build, {label:21}: {peak:6.1f} MiB  ratio {peak / anchor:.2f}x (aim < {AIM}x)")
        if "--stages" in args:
            stages(tmp, anchor)
        src = [args[args.index("--src") + 1]] if "--src" in args else []
        timed = subprocess.run([sys.executable, "-c", LOAD_TIMES, str(tmp / "distinct"), *src], env=CHILD_ENV,
                               capture_output=True, text=True, check=True)
        safe_load, read, load = (float(v) for v in timed.stdout.split())
        print(f"loading the 10,000 distinct cards, beside yaml.safe_load (libyaml) of cards.yaml: {safe_load:.2f} s")
        print(f"  safeyaml.read_yaml of cards.yaml: {read:6.2f} s  ratio {read / safe_load:.2f}x")
        print(f"  loader.load of the whole game   : {load:6.2f} s  ratio {load / safe_load:.2f}x")


def stages(tmp: Path, anchor: float) -> None:
    """Where the distinct deck's memory goes, beside plain reportlab's (the STAGES child)."""
    def child(*args: str) -> list[float]:
        done = subprocess.run([sys.executable, "-c", STAGES, *args], env=CHILD_ENV, capture_output=True, text=True,
                              check=True)
        return [float(v) for v in done.stdout.split()]

    plain_imports, plain_fonts = child("plain", str(REPO / "layouts" / "fonts"))
    imported, loaded, planned, peak = child(str(tmp / "distinct"), str(tmp / "stages"))
    print("where the 10,000 distinct cards' memory goes (resident MiB of one child, pdf only):")
    print(f"  {'':34} {'cards build':>11} {'plain reportlab':>15}")
    print(f"  {'after the imports':34} {imported:11.1f} {plain_imports:15.1f}")
    print(f"  {'after loading (plain: its 3 fonts)':34} {loaded:11.1f} {plain_fonts:15.1f}")
    print(f"  {'after planning the deck':34} {planned:11.1f}")
    print(f"  {'peak':34} {peak:11.1f} {anchor:15.1f}")


if __name__ == "__main__":
    main()
