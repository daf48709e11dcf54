"""Benchmark: `referee ask` from a cold process (warm index cache) and warm queries in-process.

Run by hand (`python tests/bench/bench_ask.py`); prints figures, asserts nothing. Aims (issue 12,
"Keep it instant"; issue 7 had 5x): a new process answering a question of every game (index cache
warm) within 4x `python -c pass`, and a warm query under 20 ms in-process. To see where a cold
ask's time goes, `python -X importtime -m referee.ask "..."` for the imports, and time.process_time
around `ask()` in a fresh process for the first ask (opening five games' indexes).

Process runs are interleaved (pass, ask, pass, ask ...) so machine load hits both alike; the
figure is the ratio of the medians. The first runs write the modules' bytecode (__pycache__), as
installing the package does, so a cold run measures loading, not compiling, the code. The ask command is run as `python -m referee.ask` (the fast
path, run.fast_main) and through the referee's Typer app: `python -m referee ask` once
referee/cli.py wires it, until then the app with `register(app, cls=PlainParamsCommand)`. The cache lives in a temporary folder (BONEYARD_CACHE), warmed by one run first.
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
RUNS = 21
QUESTIONS = [
    ("how many points for three stars?", None),
    ("does water-axe beat fire-shield?", "runes-and-bones"),
    ("what does Time do in combat?", "ribbon-of-bone"),
    ("can a tapped warrior block?", "bone-strike"),
    ("who gets to narrate the last scene of the session?", "runeblade"),
]


def timed(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


# The referee app with ask registered the way the lead wires it (until referee/cli.py does).
WIRED = (
    "import sys\n"
    "from referee.cli import PlainParamsCommand, app\n"
    "from referee.ask.command import register\n"
    "register(app, cls=PlainParamsCommand)\n"
    "sys.argv[0] = 'referee'\n"
    "app()\n"
)


def wired_into_referee(env: dict) -> bool:
    probe = subprocess.run([sys.executable, "-m", "referee", "ask", "--help"], env=env, cwd=REPO,
                           capture_output=True, text=True, check=False)
    return probe.returncode == 0 and "QUESTION" in probe.stdout.upper()


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, BONEYARD_CACHE=cache)
        python = sys.executable
        commands = {"python -m referee.ask": [python, "-m", "referee.ask"]}
        if wired_into_referee(env):
            commands["python -m referee ask"] = [python, "-m", "referee", "ask"]
        elif (REPO / "referee" / "cli.py").is_file():
            commands["referee app + register(app, cls=PlainParamsCommand)"] = [python, "-c", WIRED, "ask"]
        question, game = QUESTIONS[0]
        # The first runs build the indexes and write the bytecode every later process reads, as
        # an installed package has it (PYTHONDONTWRITEBYTECODE would have each run compile every
        # module from source again, which no installed `referee` does).
        first = dict(env)
        first.pop("PYTHONDONTWRITEBYTECODE", None)
        t = timed(next(iter(commands.values())) + [question], first)
        for cmd in commands.values():
            timed(cmd + [QUESTIONS[1][0], "--game", QUESTIONS[1][1]], first)
        print(f"First run, building all five games' indexes: {t * 1000:.0f} ms")
        print(f"\nCold process, warm cache, median of {RUNS} interleaved runs:")
        for name, cmd in commands.items():
            for question, game in QUESTIONS[:2]:
                args = cmd + [question] + (["--game", game] if game else [])
                base, ask = [], []
                for _ in range(RUNS):
                    base.append(timed([python, "-c", "pass"], env))
                    ask.append(timed(args, env))
                b, a = statistics.median(base), statistics.median(ask)
                label = f'{name} "{question}"' + (f" --game {game}" if game else "")
                print(f"  {label}\n    {a * 1000:.0f} ms vs python -c pass {b * 1000:.0f} ms: {a / b:.1f}x")

        os.environ["BONEYARD_CACHE"] = cache
        sys.path.insert(0, str(REPO))
        from referee.ask.engine import ask

        print("\nIn-process, warm (indexes open), median of 50 per question:")
        for question, game in QUESTIONS:
            ask(question, game=game)
            times = []
            for _ in range(50):
                start = time.perf_counter()
                ask(question, game=game)
                times.append(time.perf_counter() - start)
            where = f"--game {game}" if game else "every game"
            print(f"  {statistics.median(times) * 1000:6.2f} ms  {question!r} ({where})")


if __name__ == "__main__":
    main()
