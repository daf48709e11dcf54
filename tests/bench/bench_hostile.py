"""Benchmark: how fast hostile game data is refused, beside validating the plain starter game.

Run by hand (`make bench` or `python tests/bench/bench_hostile.py`); prints figures, asserts
nothing. Each case is the starter game (`cards new`) with one hostile change, validated by a
`cards validate` process; the anchor is the same command on the unchanged game, in the same
minute. A refusal by a limit should cost about what validating a small game costs (the issue asks
under a second); a hang or a blow-up shows here as a large ratio.
"""
from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_hostile import BOMBS  # noqa: E402  (the same template bombs the tests refuse)

from generator.new_game import TEMPLATE  # noqa: E402

CARDS = Path(sys.executable).parent / "cards"
RUNS = 3


def starter(base: Path, name: str) -> Path:
    folder = base / name
    shutil.copytree(TEMPLATE, folder)
    return folder


def cases(base: Path) -> dict[str, Path]:
    found = {"plain starter (anchor)": starter(base, "plain")}
    for name, (value, _expected) in BOMBS.items():
        game = starter(base, f"bomb-{name.replace(' ', '-')}")
        (game / "layouts").mkdir(exist_ok=True)
        (game / "layouts" / "poker.yaml").write_text(yaml.safe_dump({"extends": "poker", "regions": [
            {"id": "bomb", "kind": "text", "box": [5, 5, 40, 10], "value": value}]}))
        found[f"template: {name}"] = game
    text = starter(base, "megabyte-text")
    cards = text / "cards.yaml"
    cards.write_text(cards.read_text().replace('text: "Gain **2** :star:. Then draw a card. See [[turn]]."',
                                               'text: "' + "word " * 200_000 + '"'))
    found["1 MB of card text"] = text
    return found


def wall(game: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(CARDS), "validate", str(game)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        games = cases(Path(tmp))
        times = {name: [] for name in games}
        for _ in range(RUNS):
            for name, game in games.items():
                times[name].append(wall(game))
        anchor = statistics.median(times["plain starter (anchor)"])
        print(f"cards validate, median of {RUNS} (interleaved); anchor {anchor * 1000:.0f} ms")
        for name, values in times.items():
            median = statistics.median(values)
            print(f"  {name:<40} {median * 1000:7.0f} ms  {median / anchor:5.2f}x")


if __name__ == "__main__":
    main()
