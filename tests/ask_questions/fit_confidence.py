"""Fit `referee ask`'s confidence on held-out questions: `python tests/ask_questions/fit_confidence.py`.

The shown confidence is the chance that the first section cited is right, from a logistic model
of what the answer was made of (Answer.signals: the raw confidence, the separation from the next
section, whether the data worked it out and the search agreed, how much of the question the
section's names and passages hold ...). It is fitted on the questions of tests/ask_questions that
were written blind (after a "# from blind set" comment line): questions the ranking was not tuned
on when they were written, so the model learns how sure to be of questions it has not seen.

Prints the leave-one-game-out calibration (each game's answers predicted by a model fitted on
the others) next to the raw confidence's, and with calibrate.SHADE taken off (the margin kept for
questions less like these), then the weights to paste into referee/ask/calibrate.py. Pure
Python: no numpy.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from score import game_ref, items_of  # noqa: E402

from referee.ask.calibrate import FEATURES, SHADE  # noqa: E402
from referee.ask.engine import ask  # noqa: E402

BLIND_MARK = "# from blind set"
L2 = 0.001
ITERATIONS = 6000
RATE = 2.0


def blind_items(path: Path) -> tuple[str, list[dict]]:
    """The game of a question file and its items written blind (after a blind-set comment)."""
    data = yaml.safe_load(path.read_text())
    items = items_of(data)
    text = path.read_text().lower().replace("the blind set", "blind set")
    cut = text.find(BLIND_MARK)
    if cut < 0:
        return str(data.get("game") or ""), []
    before = sum(1 for line in text[:cut].splitlines() if line.strip().startswith("- "))
    return str(data.get("game") or ""), items[before:]


def collect(folder: Path) -> list[tuple[str, list[float], bool]]:
    rows = []
    for path in sorted(folder.glob("*.yaml")):
        game, items = blind_items(path)
        if not game:
            continue
        ref = game_ref(game, path.parent)
        for item in items:
            if not item.get("accept"):
                continue
            answer = ask(item["q"], game=ref, k=3)
            if not answer.matched:
                continue
            right = bool(answer.citations) and answer.citations[0].id in item["accept"]
            rows.append((game, [1.0] + [float(answer.signals[f]) for f in FEATURES], right))
    return rows


def fit(rows: list[tuple[str, list[float], bool]]) -> list[float]:
    n = len(rows[0][1])
    w = [0.0] * n
    for _ in range(ITERATIONS):
        grad = [0.0] * n
        for _game, x, y in rows:
            p = predict(w, x)
            for i in range(n):
                grad[i] += (p - y) * x[i]
        for i in range(n):
            w[i] -= RATE * (grad[i] / len(rows) + (L2 * w[i] if i else 0.0))
    return w


def predict(w: list[float], x: list[float]) -> float:
    z = sum(a * b for a, b in zip(w, x))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def bands(pairs: list[tuple[float, bool]]) -> str:
    cells = []
    for low, high in ((0.0, 0.7), (0.7, 0.9), (0.9, 9.0)):
        inside = [y for p, y in pairs if low <= p < high]
        cells.append(f"{low:.1f}+: {sum(inside)}/{len(inside)}" + (f" {sum(inside) / len(inside):.0%}" if inside else ""))
    return "   ".join(cells)


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    rows = collect(folder)
    games = sorted({g for g, _x, _y in rows})
    held_out, raw = [], []
    for game in games:
        w = fit([r for r in rows if r[0] != game])
        for g, x, y in rows:
            if g == game:
                held_out.append((predict(w, x), y))
                raw.append((x[1 + FEATURES.index("raw")], y))
    print(f"{len(rows)} answered questions written blind, {len(games)} games")
    print("raw confidence:           " + bands(raw))
    print("calibrated, game held out: " + bands(held_out))
    shaded = [(1.0 / (1.0 + math.exp(-(math.log(p / (1.0 - p)) - SHADE))), y) for p, y in held_out]
    print(f"... and shaded by {SHADE}:     " + bands(shaded))
    w = fit(rows)
    print("WEIGHTS = {")
    for name, value in zip(("bias", *FEATURES), w):
        print(f'    "{name}": {value:.3f},')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
