"""Fit `referee ask`'s confidence on held-out questions: `python tests/ask_questions/fit_confidence.py [--write]`.

The shown confidence is the chance that the first section cited is right, from a logistic model
of what the answer was made of (Answer.signals: the raw confidence, the separation from the next
section, whether the data worked it out and the search agreed, how much of the question the
section's names and passages hold, words the game never uses ...). It is fitted on the questions
of tests/ask_questions that were written blind (after a "# from blind set" comment line).

Nothing here is judged on the questions it was fitted on. Every answer's chance is predicted by
a model fitted without it, twice: with its fold held out (five folds by a hash of the question,
as kfold.py) and with its whole game held out. The shade (how much less sure to be of a new
question than of these, in log-odds) is then the smallest that keeps the answers shown at 0.9 or
more right at least TARGET of the time in both held-out predictions; no hand-set number. Prints
the held-out calibration before and after the shade, and the weights; `--write` puts the weights
and the shade into referee/ask/calibrate.py. Pure Python: no numpy.
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kfold import FOLDS, collect  # noqa: E402

from referee.ask.calibrate import FEATURES  # noqa: E402

CALIBRATE = REPO / "referee" / "ask" / "calibrate.py"
TARGET = 0.97  # answers shown at 0.9 or more: right at least this often on held-out questions
L2 = 0.001
ITERATIONS = 30
SHADES = [i / 10 for i in range(0, 41)]

Row = tuple  # (game, fold, features with a leading 1.0, right)


def rows_of(results: list[dict], every: bool) -> list[Row]:
    """One row per answer given: to a rule question (right or not), and to an off-topic one
    (always wrong: a question about nothing of ours must not get a sure answer either)."""
    rows = []
    for r in results:
        if not r["game"] and (every or r["blind"]):
            rows += [(a["game"], r["fold"], [1.0] + [float(a["signals"].get(f, 0.0)) for f in FEATURES], False)
                     for a in r.get("answered", [])]
            continue
        if not r["game"] or not r["accept"] or not r["matched"] or not (every or r["blind"]):
            continue
        rows.append((r["game"], r["fold"], [1.0] + [float(r["signals"].get(f, 0.0)) for f in FEATURES], bool(r["right"])))
    return rows


def fit(rows: list[Row]) -> list[float]:
    """Logistic regression by Newton's method (a few steps; L2 on all but the bias)."""
    n = len(rows[0][2])
    w = [0.0] * n
    ridge = L2 * len(rows)
    for _ in range(ITERATIONS):
        grad = [ridge * w[i] if i else 0.0 for i in range(n)]
        hess = [[(ridge if i == j and i else 0.0) for j in range(n)] for i in range(n)]
        for _g, _f, x, y in rows:
            p = predict(w, x)
            for i in range(n):
                grad[i] += (p - y) * x[i]
                for j in range(n):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(v) for v in step) < 1e-6:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        if abs(m[c][c]) < 1e-12:
            continue
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def predict(w: list[float], x: list[float], shade: float = 0.0) -> float:
    z = sum(a * b for a, b in zip(w, x)) - shade
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def held_out(rows: list[Row], by: int) -> list[tuple[float, bool, list[float]]]:
    """(logit predicted by a model fitted without the row's group, right, features) per row;
    by 0: the game held out, by 1: the fold."""
    out = []
    for group in sorted({r[by] for r in rows}):
        w = fit([r for r in rows if r[by] != group])
        out += [(sum(a * b for a, b in zip(w, x)), y, x) for *key, x, y in rows if key[by] == group]
    return out


def chance(logit: float, shade: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit - shade))))


def bands(pairs: list[tuple[float, bool]]) -> str:
    cells = []
    for low, high in ((0.0, 0.7), (0.7, 0.9), (0.9, 9.0)):
        inside = [y for p, y in pairs if low <= p < high]
        share = f" {sum(inside) / len(inside):.0%}" if inside else ""
        cells.append(f"{low:.1f}+: {sum(inside)}/{len(inside)}{share}")
    return "   ".join(cells)


def sure_right(predicted: list[tuple[float, bool, list[float]]], shade: float) -> float:
    sure = [y for z, y, _x in predicted if chance(z, shade) >= 0.9]
    return sum(sure) / len(sure) if sure else 1.0


def write(weights: list[float], shade: float) -> None:
    text = CALIBRATE.read_text()
    body = "".join(f'    "{name}": {value:.3f},\n' for name, value in zip(("bias", *FEATURES), weights))
    text = re.sub(r"WEIGHTS = \{\n.*?\n\}", "WEIGHTS = {\n" + body.rstrip("\n") + "\n}", text, flags=re.S)
    text = re.sub(r"^SHADE = [\d.]+", f"SHADE = {shade:.1f}", text, flags=re.M)
    CALIBRATE.write_text(text)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(Path(__file__).resolve().parent))
    parser.add_argument("--load", help="results saved by kfold.py --save, instead of asking again")
    parser.add_argument("--every", action="store_true", help="fit on every question, not only those written blind")
    parser.add_argument("--write", action="store_true", help="write the weights and shade into calibrate.py")
    args = parser.parse_args(argv)
    results = json.loads(Path(args.load).read_text()) if args.load else collect(Path(args.folder), auto=False)
    rows = rows_of(results, args.every)
    print(f"{len(rows)} answered questions ({'all' if args.every else 'written blind'}), "
          f"{len({r[0] for r in rows})} games, {FOLDS} folds")
    print("raw confidence:             " + bands([(x[1 + FEATURES.index("raw")], y) for _g, _f, x, y in rows]))
    by_fold = held_out(rows, 1)
    by_game = held_out(rows, 0)
    print("fitted, fold held out:      " + bands([(chance(z, 0.0), y) for z, y, _x in by_fold]))
    print("fitted, game held out:      " + bands([(chance(z, 0.0), y) for z, y, _x in by_game]))
    shade = next((s for s in SHADES if sure_right(by_fold, s) >= TARGET and sure_right(by_game, s) >= TARGET),
                 SHADES[-1])
    print(f"shade {shade:.1f}, fold held out: " + bands([(chance(z, shade), y) for z, y, _x in by_fold]))
    print(f"shade {shade:.1f}, game held out: " + bands([(chance(z, shade), y) for z, y, _x in by_game]))
    weights = fit(rows)
    print("WEIGHTS = {")
    for name, value in zip(("bias", *FEATURES), weights):
        print(f'    "{name}": {value:.3f},')
    print("}")
    print(f"SHADE = {shade:.1f}")
    if args.write:
        write(weights, shade)
        print(f"written to {CALIBRATE.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
