"""Benchmark: the CPU of answering, in one process asking many questions (issue 16's suite time).

Run by hand (`python tests/bench/bench_ask_answering.py [--profile]`); prints figures, asserts
nothing. Asks what tests/test_ask_questions.py asks (tests/ask_questions/score.py's
score_dir(auto=False, each_game=False): every tuning question of its game, each off-topic one of
one game in turn), once to warm the index cache (BONEYARD_CACHE, or a temporary folder) and the
process, then RUNS times, each a fresh score_dir and fresh open indexes, and prints the median
CPU (time.process_time). To compare two trees, run this in each alternately (A B A B) in the
same minutes: the machine is shared. --profile prints cProfile's top functions of one run.
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUNS = 3


def main(argv: list[str]) -> int:
    os.environ.setdefault("BONEYARD_CACHE", tempfile.mkdtemp(prefix="bench-ask-answering-"))
    sys.path[:0] = [str(REPO), str(REPO / "tests" / "ask_questions")]
    import score  # tests/ask_questions/score.py, found through sys.path

    from referee.ask import store

    folder = REPO / "tests" / "ask_questions"

    def once() -> float:
        store.forget()  # every run opens its indexes afresh, as a new test session would
        start = time.process_time()
        score.score_dir(folder, auto=False, each_game=False)
        return time.process_time() - start

    print(f"warm-up (builds any index missing from {os.environ['BONEYARD_CACHE']}): {once():.2f} s CPU")
    if "--profile" in argv:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(once)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return 0
    times = [once() for _ in range(RUNS)]
    print(f"score_dir(auto=False, each_game=False), warm: median {statistics.median(times):.2f} s CPU "
          f"of {RUNS} ({', '.join(f'{t:.2f}' for t in times)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
