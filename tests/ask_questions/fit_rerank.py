"""Fit and measure `referee ask`'s re-ranker (referee/ask/rerank.py) on the question files here.

    python tests/ask_questions/fit_rerank.py cv        # held-out figures: five folds, then each game left out
    python tests/ask_questions/fit_rerank.py write     # fit on every question, write referee/ask/rerank_weights.py
                                                       # and the trees on top of them, rerank_trees.py (needs .[fit])
    python tests/ask_questions/fit_rerank.py cv --linear   # ... held out with the weights alone
    python tests/ask_questions/fit_rerank.py cv --folds-only   # ... the five folds alone
    python tests/ask_questions/fit_rerank.py cv --extra COS.json [--candidates 5 --near 0]
                                                       # held-out figures with a signal not built yet
    python tests/ask_questions/fit_rerank.py cv --without sentence
                                                       # ... and without a feature built (with its crossings)
    python tests/ask_questions/fit_rerank.py cv --folds-only --seeds 5
                                                       # ... the trees averaged over five seeds (fit_trees.SEEDS)

Each question is asked with the re-ranker off, keeping its first CANDIDATES sections and their
features. The weights are a pairwise logistic model (the right section's features minus a wrong
one's, for every wrong candidate of every question whose right section is a candidate), L2
regularised, fitted with Newton's method (pure Python, sparse); boosted trees are then fitted on
top of them (fit_trees.py, LightGBM: pip install -e '.[fit]'). `cv` fits on four folds and asks the
fifth with those weights and trees through the whole `ask` (so answers worked out from the data, the
threshold and the list rule all play their part), rotating; then fits on every game but one and
asks that one, with and without its written questions (`asks:`), which is what a designer's game
looks like. It prints kfold.py's summary lines for the held-out answers, before and after.
"""
from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
for p in (str(REPO), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

import fit_trees as trees_fitting  # noqa: E402
from fit_confidence import solve  # noqa: E402  (the one small linear solver of these scripts)
from fit_trees import TREES_FILE, fit_trees, write_trees  # noqa: E402
from kfold import collect, summary  # noqa: E402
from score import game_ref, items_of, read_questions  # noqa: E402

from referee.ask import rerank  # noqa: E402
from referee.ask.boost import Booster  # noqa: E402
from referee.ask.engine import ask  # noqa: E402

L2 = 3.0
WEIGHTS_FILE = REPO / "referee" / "ask" / "rerank_weights.py"


def capture_all(folder: Path) -> list[dict]:
    """Every rule question with its candidates (rule, features), the re-ranker off."""
    rerank.WEIGHTS = {}
    seen: list = []
    rerank.capture = lambda index, query, rows: seen.append((index.id, rows))
    out = []
    try:
        for path in sorted(folder.glob("*.yaml")):
            data = read_questions(path)
            if not isinstance(data, dict) or not data.get("game"):
                continue
            ref = game_ref(str(data["game"]), path.parent)
            for item in items_of(data):
                if not item.get("accept"):
                    continue
                seen.clear()
                ask(item["q"], game=ref, k=3)
                cands = seen[-1][1] if seen else []
                out.append({"game": str(data["game"]), "q": item["q"], "accept": sorted(item["accept"]),
                            "cands": cands})
    finally:
        rerank.capture = None
    return out


def pairs(rows: list[dict]) -> list[list[tuple[int, float]]]:
    """The right candidate's features minus each wrong one's, kept sparse (index, value)."""
    out = []
    for r in rows:
        good = [f for rule, f in r["cands"] if rule in r["accept"]]
        if not good:
            continue
        for rule, bad in r["cands"]:
            if rule not in r["accept"]:
                out.append([(i, g - b) for i, (g, b) in enumerate(zip(good[0], bad)) if g != b])
    return out


def fit(rows: list[dict]) -> dict[str, float]:
    """Pairwise logistic regression without intercept (a difference has none), L2 regularised,
    by Newton's method; pure Python over sparse differences."""
    x = pairs(rows)
    d = len(rerank.FEATURES)
    w = [0.0] * d
    for _ in range(25):
        grad = [L2 * v for v in w]
        hess = [[L2 if i == j else 0.0 for j in range(d)] for i in range(d)]
        for row in x:
            z = sum(w[i] * v for i, v in row)
            p = 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0
            s = p * (1.0 - p)
            for i, v in row:
                grad[i] += (p - 1.0) * v
                h = hess[i]
                for j, u in row:
                    h[j] += s * v * u
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(v) for v in step) < 1e-7:
            break
    return {name: round(v, 4) for name, v in zip(rerank.FEATURES, w)}


def ranked_right(rows: list[dict], model: tuple[dict[str, float], Booster] | None) -> int:
    """How many questions' right section the weights and trees put first among the candidates
    (no engine)."""
    right = 0
    for r in rows:
        if not r["cands"]:
            continue
        if model:
            vec, trees = [model[0].get(n, 0.0) for n in rerank.FEATURES], model[1]
            best = max(r["cands"], key=lambda c: sum(w * v for w, v in zip(vec, c[1])) + trees.score(c[1]))[0]
        else:
            best = r["cands"][0][0]
        right += best in r["accept"]
    return right


def fitted(rows: list[dict], trees: bool) -> tuple[dict[str, float], Booster]:
    """The weights fitted on these rows and, when asked for, the trees fitted on top of them."""
    weights = fit(rows)
    if not trees:
        return weights, Booster()
    names, fitted_trees = fit_trees(rows, weights)
    return weights, Booster(names, fitted_trees, rerank.FEATURES)


def asked_with(model: tuple[dict[str, float], Booster], folder: Path, keep) -> list[dict]:
    """kfold.collect's rows asked with these weights and trees, those `keep` accepts."""
    shipped = rerank.TREES
    rerank.WEIGHTS, rerank.TREES = dict(model[0]), model[1]
    try:
        return [r for r in collect(folder, auto=False) if keep(r)]
    finally:
        rerank.WEIGHTS, rerank.TREES = dict(rerank.FITTED), shipped


def without_asks(game: str, folder: Path, into: Path) -> Path:
    """A copy of the game with no `asks:` lists (as a designer's game comes) and its question
    file pointing there; the folder holding that question file."""
    copy = into / "games" / game
    shutil.copytree(REPO / "content" / game, copy)
    for rules in copy.glob("rules*.yaml"):
        kept, skip = [], None
        for line in rules.read_text().splitlines():
            indent = len(line) - len(line.lstrip())
            if skip is not None and (not line.strip() or indent > skip or line.lstrip().startswith("- ") and indent == skip + 2):
                continue
            skip = None
            if line.strip() == "asks:":
                skip = indent
                continue
            kept.append(line)
        rules.write_text("\n".join(kept) + "\n")
    questions = into / "questions"
    questions.mkdir()
    text = (folder / f"{game}.yaml").read_text().replace(f"game: {game}\n", f"game: {copy}\n", 1)
    (questions / f"{game}.yaml").write_text(text)
    return questions


ASKS_GAMES = ("bone-strike", "rattlebones", "ribbon-of-bone", "runeblade", "runes-and-bones")


def training(folder: Path, tmp: Path) -> tuple[list[dict], dict[str, Path]]:
    """Every question's candidates as the games are, and again as each game with `asks:` lists
    would be without them (a designer's game has none), so the weights serve both; the question
    folders of those copies."""
    from kfold import fold_of

    rows = capture_all(folder)
    bare_folders = {}
    for game in ASKS_GAMES:
        if not (folder / f"{game}.yaml").is_file():
            continue
        (tmp / game).mkdir()
        bare_folders[game] = without_asks(game, folder, tmp / game)
        for r in capture_all(bare_folders[game]):
            rows.append(dict(r, game=game, bare=True))
    for r in rows:
        r["fold"] = fold_of(r["q"])
    return rows, bare_folders


def cross_validate(folder: Path, trees: bool = True, folds_only: bool = False) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rows, bare_folders = training(folder, Path(tmp))
        as_is = [r for r in rows if not r.get("bare")]
        print(f"{len(as_is)} rule questions ({len(rows) - len(as_is)} more asked without asks: lists); "
              f"right section among the candidates: {sum(any(c[0] in r['accept'] for c in r['cands']) for r in as_is)}")
        before = asked_with(({}, Booster()), folder, lambda r: True)
        after: list[dict] = []
        for held in range(5):
            model = fitted([r for r in rows if r["fold"] != held], trees)
            test = [r for r in as_is if r["fold"] == held]
            print(f"fold {held}: first among candidates {ranked_right(test, None)} -> {ranked_right(test, model)} of {len(test)}")
            after += asked_with(model, folder, lambda r, h=held: r["fold"] == h)
        print("five folds, each asked with weights fitted on the other four:")
        print(summary(before, "before (hand weights)"))
        print(summary(after, "after, held out"))
        for game in sorted({r["game"] for r in before if r["game"]}):
            print(summary([r for r in before if r["game"] == game], f"{game} before"))
            print(summary([r for r in after if r["game"] == game], f"{game} after"))
        if folds_only:
            return
        print("each game asked with weights fitted on the others; and as if it had no asks: lists:")
        for game in sorted({r["game"] for r in as_is}):
            model = fitted([r for r in rows if r["game"] != game], trees)
            print(summary([r for r in before if r["game"] == game], f"{game} before"))
            print(summary(asked_with(model, folder, lambda r, g=game: r["game"] == g), f"{game} left out"))
            if game in bare_folders:
                print(summary(asked_with(({}, Booster()), bare_folders[game], lambda r: True), f"{game} no asks, before"))
                print(summary(asked_with(model, bare_folders[game], lambda r: True), f"{game} no asks, left out"))


def write(folder: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rows, _ = training(folder, Path(tmp))
    w = fit(rows)
    names, trees = fit_trees(rows, w)
    lines = ['"""The re-ranker\'s weights (rerank.py), written by tests/ask_questions/fit_rerank.py: do not edit."""',
             "WEIGHTS: dict[str, float] = {"]
    lines += [f"    {name!r}: {v!r}," for name, v in w.items()]
    lines.append("}")
    tmp_file = WEIGHTS_FILE.with_suffix(".tmp")
    tmp_file.write_text("\n".join(lines) + "\n")
    tmp_file.replace(WEIGHTS_FILE)
    write_trees(names, trees)
    print(f"wrote {WEIGHTS_FILE} and {len(trees)} trees to {TREES_FILE}")


def use_extra(path: Path) -> None:
    """Measure a signal before building it: `{game id: {question: {section: value}}}` (e.g. a
    sentence embedding's cosine, meaning_ceiling.py) becomes two more features of every candidate,
    its value and its rank among the game's sections, for `cv` to fit and hold out like the rest."""
    import kfold

    table = json.loads(path.read_text())
    asking = [""]
    asked = ask

    def ask_noting(question: str, game: str | None = None, k: int = 3):
        asking[0] = " ".join(str(question).split())
        return asked(question, game=game, k=k)

    globals()["ask"] = kfold.ask = ask_noting  # both ask loops go through it
    rerank.FEATURES = (*rerank.FEATURES, "extra", "extra_rank")
    plain = rerank.features

    def with_extra(index, query, head, idf, total):
        rows = plain(index, query, head, idf, total)
        values = table.get(index.id, {}).get(asking[0], {})
        ranked = sorted(values.values(), reverse=True)
        for hit, row in zip(head, rows):
            row[-2] = values.get(hit.rule, 0.0)
            row[-1] = math.log1p(ranked.index(values[hit.rule])) if hit.rule in values else 3.0
        return rows

    rerank.features = with_extra


def leave_out(name: str) -> None:
    """Measure a feature's worth: it (and each crossing of it, "kind:name") is 0 for every candidate."""
    plain = rerank.features
    zero = [at for at, feature in enumerate(rerank.FEATURES) if feature.split(":")[-1] == name]
    if not zero:
        raise SystemExit(f"no feature {name!r}; the re-ranker's: {', '.join(rerank.FEATURES)}")

    def without(index, query, head, idf, total):
        rows = plain(index, query, head, idf, total)
        for row in rows:
            for at in zero:
                row[at] = 0.0
        return rows

    rerank.features = without


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("cv", "write"))
    parser.add_argument("folder", nargs="?", default=str(HERE))
    parser.add_argument("--extra", help="a JSON file of one more feature per question and section (see use_extra)")
    parser.add_argument("--without", help="a feature (and its crossings) left at 0, to measure what it is worth")
    parser.add_argument("--linear", action="store_true", help="held out with the weights alone, no trees")
    parser.add_argument("--folds-only", action="store_true", help="the five folds, not each game left out (minutes, not an hour)")
    parser.add_argument("--candidates", type=int, help=f"sections re-ranked (default {rerank.CANDIDATES})")
    parser.add_argument("--near", type=float, help=f"within this share of the first's score (default {rerank.NEAR})")
    parser.add_argument("--seeds", type=int, help=f"trees averaged over this many seeds (default {len(trees_fitting.SEEDS)})")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    if args.command != "cv" and (args.extra or args.without or args.linear or args.folds_only or args.candidates is not None or args.near is not None):
        parser.error("--extra, --without, --linear, --folds-only, --candidates and --near are for measuring (cv); "
                     "the written weights use the shipped features")
    if args.extra:
        use_extra(Path(args.extra))
    if args.without:
        leave_out(args.without)
    if args.candidates is not None:
        rerank.CANDIDATES = args.candidates
    if args.near is not None:
        rerank.NEAR = args.near
    if args.seeds is not None:
        trees_fitting.SEEDS = tuple(7 + 101 * k for k in range(args.seeds))
    if args.command == "cv":
        cross_validate(folder, trees=not args.linear, folds_only=args.folds_only)
    else:
        write(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
