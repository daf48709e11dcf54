"""Benchmark: CPU per random playout of each game the referee follows, beside an anchor loop.

Run by hand (`make bench`, or `python tests/bench/bench_playouts.py [GAME ...] [--games N]
[--rounds R] [--pool]`); prints figures, asserts nothing. Each game plays the first N (default
40) games of its tests' mix (players, options, digital or not, as tests/test_referee_*.py play
them), in this process, one after another (run_playouts with workers=1). Rounds alternate the
games with an anchor loop of plain Python (dicts, lists and f-strings, what an engine does), so
the machine's mood hits both alike; the median round is printed as ms of CPU a playout, ms a
ply, and the ratio of a playout to one anchor loop. Compare ratios across runs, not ms.

--pool also plays the tests' 200 games a game (BONEYARD_PLAYOUTS=200) on a pool of two
processes, as `make test` does, and prints the CPU the pool adds over playing them in process.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

FULL = 1000  # the tests' full list of seeds (tests/playouts.py)
PLAYERS = ["ana", "ben", "cy", "dee"]
RUNES_AND_BONES_MIX = (  # tests/test_referee_runes_and_bones.py's PLAYOUT_MIX
    (400, ["ana", "ben"], {}), (250, ["ana", "ben", "cy"], {}),
    (60, ["ana", "ben", "cy"], {"no-reshuffle": True, "late-game-cost": True}),
    (40, ["ana", "ben", "cy"], {"rising-cost": "elimination", "bag-holder": "cy"}),
    (150, ["ana", "ben", "cy", "dan"], {"six-rounds": True}),
    (70, ["ana", "ben", "cy", "dan", "eve"], {"six-rounds": True, "rising-cost": "round"}),
    (30, ["ana", "ben", "cy", "dan", "eve", "fay"], {"six-rounds": True}),
)


def _runeblade_options(seed: int) -> dict[str, str]:
    options = {"rolls-per-scene": str(1 + seed % 2)}
    if seed % 5:
        options["sessions"] = str(1 + seed % 2)
    return options


def tests_games(game: str) -> tuple[list[tuple], int]:
    """The game's full list of 1,000 playouts as its test file builds it, and their move cap."""
    if game == "bone-strike":
        return [(PLAYERS[: 2 + s % 3], {"all-factions": True} if s % 5 == 0 else {}, s) for s in range(FULL)], 20_000
    if game == "rattlebones":
        return [(PLAYERS[: 2 + s % 3], {}, s, s % 2 == 0) for s in range(FULL)], 5_000
    if game == "runeblade":
        return [(["ana", "ben", "cy"], _runeblade_options(s), s, False) for s in range(FULL)], 20_000
    if game == "ribbon-of-bone":
        return [(["ana"], {}, s, s % 4 != 0) for s in range(FULL)], 20_000
    if game == "runes-and-bones":
        mixes = [(p, o) for count, p, o in RUNES_AND_BONES_MIX for _ in range(count)]
        return [(p, o, s) for s, (p, o) in enumerate(mixes)], 20_000
    raise SystemExit(f"no playouts known for '{game}'")


def spread(games: list, count: int) -> list:
    """tests/playouts.py's evenly spaced share of the full list."""
    step = len(games) / count
    return [games[int(i * step)] for i in range(min(count, len(games)))]


def anchor() -> int:
    """A fixed amount of plain Python of the kind engines run: small dicts made and read,
    lists walked, strings formatted."""
    total = 0
    cards = [f"card-{i}#{i % 3}" for i in range(40)]
    for i in range(60_000):
        move = {"player": "ana", "kind": "buy", "card": cards[i % 40]}
        total += len(f"{move['player']} {move['kind']}s {move['card'].partition('#')[0]}")
        total += sum(1 for c in cards[:8] if c != move["card"])
    return total


def cpu() -> float:
    return time.process_time()


def engine_of(game: str) -> Any:
    from generator.model.loader import load_game
    from referee.games import engine_for
    from referee.table.gamedata import GameData, snapshot

    return engine_for(game)(GameData(snapshot(load_game(game))))


def measure(games: list[str], count: int, rounds: int) -> None:
    from referee.table.play import run_playouts

    engines = {g: engine_of(g) for g in games}
    jobs = {g: tests_games(g) for g in games}
    spent: dict[str, list[float]] = {g: [] for g in games}
    anchors: list[float] = []
    plies: dict[str, int] = {}
    for _ in range(rounds):
        start = cpu()
        anchor()
        anchors.append(cpu() - start)
        for g in games:
            full, cap = jobs[g]
            start = cpu()
            results = run_playouts(engines[g], full[:count], max_moves=cap, workers=1)
            spent[g].append(cpu() - start)
            plies[g] = sum(r.moves for r in results)
    unit = statistics.median(anchors)
    print(f"anchor loop: {unit * 1000:.1f} ms of CPU (median of {rounds})")
    print(f"{'game':18s} {'ms/playout':>10s} {'us/ply':>8s} {'playout/anchor':>15s}")
    for g in games:
        each = statistics.median(spent[g]) / count
        print(f"{g:18s} {each * 1000:10.2f} {each * count / plies[g] * 1e6:8.1f} {each / unit:15.3f}")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_pool(games: list[str]) -> None:
    """The tests' 200 games a game on two processes against the same games in this one."""
    from referee.table.play import run_playouts

    print("the tests' 200 games: CPU in this process, and on a pool of two (its children's CPU too)")
    for g in games:
        engine = engine_of(g)
        full, cap = tests_games(g)
        chosen = spread(full, 200)
        start = cpu()
        run_playouts(engine, chosen, max_moves=cap, workers=1)
        alone = cpu() - start
        start, kids, wall = cpu(), children_cpu(), time.perf_counter()
        run_playouts(engine, chosen, max_moves=cap, workers=2)
        pooled = cpu() - start + children_cpu() - kids
        print(f"{g:18s} in process {alone:6.2f} s; pool {pooled:6.2f} s ({pooled / alone:.2f}x), "
              f"wall {time.perf_counter() - wall:5.2f} s")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["bone-strike", "rattlebones", "runeblade",
                                                     "ribbon-of-bone", "runes-and-bones"])
    parser.add_argument("--games", dest="count", type=int, default=40, help="playouts a game a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pool", action="store_true", help="also the tests' 200 games on two processes")
    args = parser.parse_args(argv)
    measure(args.games, args.count, args.rounds)
    if args.pool:
        measure_pool(args.games)


if __name__ == "__main__":
    main(sys.argv[1:])
