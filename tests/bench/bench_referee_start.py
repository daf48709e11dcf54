"""Benchmark: cold start of `referee roll 3d6` beside a bare `python -c pass`.

Run by hand (`make bench` or `python tests/bench/bench_referee_start.py [runs]`); prints
figures, asserts nothing. Whole-process wall time, both commands interleaved so the machine's
mood hits them alike, median of RUNS each. Aim (issue 6): within 4x of `python -c pass`.

Bytecode caches are allowed to be written (PYTHONDONTWRITEBYTECODE is dropped for the
children) and one warm-up run of each command goes first: that is how an installed `referee`
starts on a user's machine. Importable: `measure()` returns the figures.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUNS = 20
AIM = 4.0


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def commands(python: str = sys.executable) -> dict[str, list[str]]:
    found = {"python -c pass": [python, "-c", "pass"],
             "python -m referee roll 3d6": [python, "-m", "referee", "roll", "3d6"]}
    script = Path(python).parent / "referee"
    if script.exists():
        found["referee roll 3d6 (console script)"] = [str(script), "roll", "3d6"]
    return found


def measure(runs: int = RUNS, python: str = sys.executable) -> dict[str, float]:
    """Median wall time in seconds of each command, run `runs` times interleaved."""
    env = _env()
    cmds = commands(python)
    for cmd in cmds.values():  # warm-up: write bytecode caches, fill the OS file cache
        _wall(cmd, env)
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            times[name].append(_wall(cmd, env))
    return {name: statistics.median(values) for name, values in times.items()}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    runs = int(argv[0]) if argv else RUNS
    medians = measure(runs)
    base = medians["python -c pass"]
    print(f"cold start, median of {runs} runs each (interleaved):")
    for name, seconds in medians.items():
        print(f"  {name:<36} {seconds * 1000:7.1f} ms   {seconds / base:4.2f}x")
    ratio = medians["python -m referee roll 3d6"] / base
    print(f"ratio referee roll 3d6 / python -c pass: {ratio:.2f}x (aim <= {AIM:.0f}x)")


if __name__ == "__main__":
    main()
