"""Benchmark: `referee status`, `check` and `move` on a long session, beside bare `python -c pass`.

Run by hand (`make bench`, or `python tests/bench/bench_referee_session.py [GAME] [MOVES]`);
prints figures, asserts nothing. A session of GAME (default rattlebones) is played MOVES moves
deep (default 500; fewer if the game ends first) by random legal moves, the referee rolling.
Then, interleaved so the machine's mood hits all alike, median of RUNS:

- cold: whole processes, as a player at the table runs them (aim: within 5x `python -c pass`);
- warm: the same commands' work in this process, imports done (aim: under 50 ms).
"""
from __future__ import annotations

import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUNS = 15
COLD_AIM, WARM_AIM_MS = 5.0, 50.0


def build_session(game: str, moves: int) -> tuple[int, str]:
    """Start a digital session and record up to ``moves`` random legal moves; returns the
    number recorded and a legal move for the position reached."""
    from referee.table.session import open_table, start
    from referee.table.store import Store

    choose = random.Random(1)
    with Store.open() as store, store.write():
        table = start(store, game, "ana,ben,cy", [], True, 7)
        for _ in range(moves):
            if table.engine.outcome(table.state) is not None:
                break
            move = choose.choice(table.engine.legal_moves(table.state))
            table.record(table.engine.notation(move), table.judge(table.engine.notation(move)))
    with Store.open() as store, store.read():
        table = open_table(store, None)
        legal = table.engine.legal_moves(table.state)
        return table.ply, table.engine.notation(legal[0]) if legal else ""


def _wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def warm(command, *args) -> float:  # noqa: ANN001
    start = time.perf_counter()
    with redirect_stdout(io.StringIO()):
        command(*args)
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    game = argv[0] if argv else "rattlebones"
    depth = int(argv[1]) if len(argv) > 1 else 500
    os.environ["BONEYARD_DATA"] = tempfile.mkdtemp(prefix="bench-sessions-")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    played, legal = build_session(game, depth)
    py = sys.executable
    cold = {"python -c pass": [py, "-c", "pass"],
            "referee status": [py, "-m", "referee", "status"],
            "referee check (legal move)": [py, "-m", "referee", "check", legal],
            "referee move + undo": None}
    times: dict[str, list[float]] = {name: [] for name in cold}
    for cmd in cold.values():
        if cmd:
            _wall(cmd)  # warm-up: bytecode caches, OS file cache
    for _ in range(RUNS):
        for name, cmd in cold.items():
            if cmd is None:
                times[name].append(_wall([py, "-m", "referee", "move", legal]))
                _wall([py, "-m", "referee", "undo"])
            else:
                times[name].append(_wall(cmd))
    from referee.table import commands as c

    warm_times = {"status": [], "check": []}
    for _ in range(RUNS):
        warm_times["status"].append(warm(c.cmd_status, None, False))
        warm_times["check"].append(warm(c.cmd_move, legal, None, False, False))
    base = statistics.median(times["python -c pass"])
    print(f"{game}: session of {played} moves; cold start, median of {RUNS} (interleaved):")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:<28} {median * 1000:7.1f} ms   {median / base:4.2f}x   (aim <= {COLD_AIM:.0f}x)")
    print("warm (in process, imports done):")
    for name, values in warm_times.items():
        print(f"  {name:<28} {statistics.median(values) * 1000:7.1f} ms   (aim < {WARM_AIM_MS:.0f} ms)")


if __name__ == "__main__":
    main(sys.argv[1:])
