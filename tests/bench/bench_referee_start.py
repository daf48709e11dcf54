"""Benchmark: cold start of the table commands and `cards --help` beside a bare `python -c pass`.

Run by hand (`make bench` or `python tests/bench/bench_referee_start.py [runs] [--repo PATH]`);
prints figures, asserts nothing. Whole-process wall time, every command interleaved so the
machine's mood hits them alike, median of RUNS each; each line prints its ratio to `python -c
pass` measured in the same run, and the aim of issue 13 where it sets one.

Bytecode caches are allowed to be written (PYTHONDONTWRITEBYTECODE is dropped for the children)
and one warm-up run of each command goes first: that is how an installed command starts on a
user's machine (the warm-up also builds `referee ask`'s index and the help memo, both kept in a
cache folder of this run). `--repo PATH` measures another checkout (an older commit unpacked
with `git archive`) through `python -m`, for before-and-after figures. Importable: `measure()`
returns the figures.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUNS = 20
ANCHOR = "python -c pass"
QUESTION = ["ask", "how many points for selling three stars?", "--game", "rattlebones"]
# name: (the command after `referee` or `cards`, aim as a multiple of bare Python or None)
COMMANDS: dict[str, tuple[list[str], float | None]] = {
    "referee roll 3d6": (["referee", "roll", "3d6"], 2.0),
    "referee odds 4d6kh3": (["referee", "odds", "4d6kh3"], 3.0),
    "referee ask (index built)": (["referee", *QUESTION], None),
    "referee status (no session)": (["referee", "status"], None),
    "referee roll --help": (["referee", "roll", "--help"], None),
    "cards --help": (["cards", "--help"], 2.0),
    "cards build --help": (["cards", "build", "--help"], None),
}


def _env(cache: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["BONEYARD_CACHE"] = os.path.join(cache, "cache")
    env["BONEYARD_DATA"] = os.path.join(cache, "data")
    return env


def _wall(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def commands(python: str = sys.executable, repo: Path | None = None) -> dict[str, list[str]]:
    """The command lines: the console scripts beside `python` for this checkout, `python -m` for
    another one (`repo`)."""
    found = {ANCHOR: [python, "-c", "pass"]}
    bindir = Path(python).parent
    for name, (words, _) in COMMANDS.items():
        script, args = words[0], words[1:]
        if repo is None and (bindir / script).exists():
            found[name] = [str(bindir / script), *args]
        else:
            module = "referee" if script == "referee" else "generator.cli"
            if script == "cards" and (Path(repo or REPO) / "generator" / "entry.py").exists():
                module = "generator.entry"
            found[name] = [python, "-m", module, *args]
    return found


def measure(runs: int = RUNS, python: str = sys.executable, repo: Path | None = None) -> dict[str, float]:
    """Median wall time in seconds of each command, run `runs` times interleaved."""
    cmds = commands(python, repo)
    cwd = repo or REPO
    with tempfile.TemporaryDirectory(prefix="bench-start-") as cache:
        env = _env(cache)
        if repo is not None:
            env["PYTHONPATH"] = str(repo)
        for cmd in cmds.values():  # warm-up: bytecode caches, the ask index, the help memo
            _wall(cmd, env, cwd)
        times: dict[str, list[float]] = {name: [] for name in cmds}
        for _ in range(runs):
            for name, cmd in cmds.items():
                times[name].append(_wall(cmd, env, cwd))
    return {name: statistics.median(values) for name, values in times.items()}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    repo = None
    if "--repo" in argv:
        at = argv.index("--repo")
        repo = Path(argv[at + 1]).resolve()
        argv = argv[:at] + argv[at + 2:]
    runs = int(argv[0]) if argv else RUNS
    medians = measure(runs, repo=repo)
    base = medians[ANCHOR]
    where = f" of {repo}" if repo else ""
    print(f"cold start{where}, median of {runs} runs each (interleaved), ratio to `{ANCHOR}`:")
    for name, seconds in medians.items():
        aim = COMMANDS.get(name, (None, None))[1]
        ratio = seconds / base
        verdict = "" if aim is None else f"   aim under {aim:g}x: {'met' if ratio < aim else 'NOT met'}"
        print(f"  {name:<30} {seconds * 1000:7.1f} ms   {ratio:4.2f}x{verdict}")


if __name__ == "__main__":
    main()
