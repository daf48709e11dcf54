"""Held-out figures for `referee ask`: `python tests/ask_questions/kfold.py [--held F] [--misses] [--save FILE]`.

Every question of tests/ask_questions falls in one of five folds by a hash of its text (stable
across edits elsewhere in the file). A change to the ranking is designed looking only at the
misses of four folds (`--misses` lists those, never the held fold's); its gain is then read on
the held fold, which is reported only as figures. Rotating `--held` gives five such estimates;
the game-held-out estimate is the per-game line (a game's misses never looked at while tuning).

Printed: top-1, top-3, right first without --game ("auto"; "game": the game chosen right), and accuracy per confidence
band, for the folds tuned on and the held fold apart; off-topic questions refused, likewise.
`--save FILE` writes every result (with the answer's signals) as JSON for fit_confidence.py.
"""
from __future__ import annotations

import argparse
import json
import sys
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from score import cited_ids, content_game_ids, first_ids, game_ref, items_of, pair_first, read_questions  # noqa: E402

from referee.ask.engine import ask  # noqa: E402

FOLDS = 5
BLIND_MARK = "# from blind set"


def fold_of(question: str) -> int:
    return zlib.crc32(" ".join(question.lower().split()).encode()) % FOLDS


def blind_flags(path: Path, n: int) -> list[bool]:
    """Per item: written blind (after a "# from blind set" comment) or not."""
    text = path.read_text().lower().replace("the blind set", "blind set")
    cut = text.find(BLIND_MARK)
    if cut < 0:
        return [False] * n
    before = sum(1 for line in text[:cut].splitlines() if line.strip().startswith("- "))
    return [i >= before for i in range(n)]


def collect(folder: Path, auto: bool = True) -> list[dict]:
    rows = []
    games = content_game_ids()
    for path in sorted(folder.glob("*.yaml")):
        data = read_questions(path)
        if not isinstance(data, dict) or not data.get("questions"):
            continue
        items = items_of(data)
        blind = blind_flags(path, len(items))
        name = str(data.get("game") or "")
        if name:
            ref = game_ref(name, path.parent)
            for item, was_blind in zip(items, blind):
                a = ask(item["q"], game=ref, k=3)
                cited, paired = cited_ids(a), pair_first(a)
                accept = sorted(item.get("accept") or [])
                row = {"game": name, "q": item["q"], "fold": fold_of(item["q"]), "blind": was_blind,
                       "accept": accept, "matched": a.matched, "confidence": a.confidence,
                       "cited": cited, "signals": a.signals, "source": a.source,
                       "right": (a.matched and bool(first_ids(cited, paired) & set(accept))) if accept else not a.matched,
                       "top3": bool(set(accept) & set(cited[:3 + paired])) if accept else not a.matched}
                if auto and accept and name in games:
                    e = ask(item["q"], k=1)
                    row["auto"] = e.matched and e.game == name and bool(e.citations) and e.citations[0].id in accept
                    row["auto_game"] = e.game
                rows.append(row)
        else:
            for item, was_blind in zip(items, blind):
                e = ask(item["q"], k=1)
                per_game = [ask(item["q"], game=g, k=1) for g in games]
                rows.append({"game": "", "q": item["q"], "fold": fold_of(item["q"]), "blind": was_blind,
                             "accept": [], "refused": not e.matched, "answered_by": e.game if e.matched else "",
                             "confidence": e.confidence,
                             "refused_per_game": sum(not a.matched for a in per_game), "asked_per_game": len(games),
                             "worst": max([e.confidence] + [a.confidence for a in per_game]),
                             # every answer given to it (all wrong), for fit_confidence.py
                             "answered": [{"game": a.game, "signals": a.signals} for a in [e, *per_game] if a.matched]})
    return rows


def pct(a: float, n: int) -> str:
    return f"{a / n:4.0%}" if n else "   -"


def summary(rows: list[dict], label: str) -> str:
    rule_rows = [r for r in rows if r["game"] and r["accept"]]
    n = len(rule_rows)
    t1 = sum(r["right"] for r in rule_rows)
    t3 = sum(r["top3"] for r in rule_rows)
    autos = [r["auto"] for r in rule_rows if "auto" in r]
    picked = [r["auto_game"] == r["game"] for r in rule_rows if "auto" in r]
    cells = []
    for low, high in ((0.0, 0.7), (0.7, 0.9), (0.9, 9.0)):
        inside = [r for r in rule_rows if r["matched"] and low <= r["confidence"] < high]
        cells.append(f"{low:.1f}+ {sum(r['right'] for r in inside):>3}/{len(inside):<3} {pct(sum(r['right'] for r in inside), len(inside))}")
    off = [r for r in rows if not r["game"]]
    refused = sum(r["refused"] for r in off)
    pg = sum(r["refused_per_game"] for r in off)
    apg = sum(r["asked_per_game"] for r in off)
    return (f"  {label:24} n {n:4d}  top-1 {pct(t1, n)} {t1:>4}  top-3 {pct(t3, n)}  auto {pct(sum(autos), len(autos))} game {pct(sum(picked), len(picked))}  "
            + "  ".join(cells) + f"   off-topic {refused}/{len(off)}, --game {pg}/{apg}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(Path(__file__).resolve().parent))
    parser.add_argument("--held", type=int, default=4, help="the fold held out (0-4)")
    parser.add_argument("--misses", action="store_true", help="list the misses of the folds tuned on")
    parser.add_argument("--save", help="write every result as JSON here")
    parser.add_argument("--load", help="read results saved by --save instead of asking")
    parser.add_argument("--no-auto", action="store_true", help="skip asking without --game")
    args = parser.parse_args(argv)
    if args.load:
        rows = json.loads(Path(args.load).read_text())
    else:
        rows = collect(Path(args.folder), auto=not args.no_auto)
    if args.save:
        Path(args.save).write_text(json.dumps(rows, indent=1))
    tuned = [r for r in rows if r["fold"] != args.held]
    held = [r for r in rows if r["fold"] == args.held]
    print(summary(rows, "all"))
    print(summary(tuned, f"folds tuned on (not {args.held})"))
    print(summary(held, f"held fold {args.held}"))
    print(summary([r for r in rows if r["blind"]], "written blind"))
    for game in sorted({r["game"] for r in rows if r["game"]}):
        print(summary([r for r in rows if r["game"] == game], game))
    if args.misses:
        for r in tuned:
            if r["game"] and not r["right"]:
                want = "/".join(r["accept"]) or "no good match"
                got = r["cited"][:3] if r["matched"] else f"no match, closest {r['cited'][:2]}"
                print(f"    {r['game']}: {r['q']!r} wants {want}, got {got} ({r['confidence']:.2f}, {r['source']})")
            elif r["game"] and r["accept"] and "auto" in r and not r["auto"]:
                print(f"    AUTO {r['game']}: {r['q']!r} went to {r.get('auto_game')}")
            elif not r["game"] and not r["refused"]:
                print(f"    OFF {r['q']!r} answered by {r['answered_by']} ({r['confidence']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
