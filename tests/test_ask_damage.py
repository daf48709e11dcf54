"""A damaged `referee ask` cache (issue 15): flipped bytes, a truncated file, text that is not
UTF-8. Each is rebuilt or refused with a message, never a traceback (referee/ask/run.py)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
QUESTION = ["ask", "how many points for selling three stars?", "--game", "rattlebones"]
CASES = 30


def _ask(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args], cwd=REPO, env=env, capture_output=True, text=True)


def damage(data: bytes, seed: int) -> bytes:
    """One of three kinds of damage, chosen and placed by the seed."""
    rng = random.Random(seed)
    out = bytearray(data)
    kind = seed % 3
    if kind == 0:  # bytes flipped anywhere
        for _ in range(rng.randint(1, 30)):
            out[rng.randrange(len(out))] = rng.randrange(256)
    elif kind == 1:  # cut short
        out = out[:rng.randrange(len(out))]
    else:  # bytes that are never UTF-8, over a stretch of text or structure
        at = rng.randrange(len(out) - 64)
        out[at:at + 16] = b"\xff\xfe\xc3\x28" * 4
    return bytes(out)


def test_thirty_damaged_indexes_are_rebuilt_or_refused_cleanly(tmp_path):
    env = dict(os.environ, BONEYARD_CACHE=str(tmp_path / "cache"))
    clean = _ask(env, *QUESTION)
    assert clean.returncode in (0, 1) and "Traceback" not in clean.stderr, clean.stderr
    index = next((tmp_path / "cache" / "ask").glob("rattlebones-*.sqlite3"))
    good = index.read_bytes()
    rebuilt = 0
    for seed in range(CASES):
        index.write_bytes(damage(good, seed))
        result = _ask(env, *QUESTION)
        assert "Traceback" not in result.stderr, (seed, result.stderr)
        assert result.returncode in (0, 1, 2), (seed, result.returncode)
        if "damaged rules index" in result.stderr:
            rebuilt += 1
            assert (result.returncode, result.stdout) == (clean.returncode, clean.stdout), seed
            assert index.read_bytes() != damage(good, seed)  # replaced by a sound one
        index.write_bytes(good)
    assert rebuilt  # the seeds do reach the damage that only shows while reading


def test_a_damaged_index_of_another_game_is_found_when_every_game_is_searched(tmp_path):
    env = dict(os.environ, BONEYARD_CACHE=str(tmp_path / "cache"))
    clean = _ask(env, "ask", "how many points for selling three stars?")
    assert "Traceback" not in clean.stderr
    index = next((tmp_path / "cache" / "ask").glob("rattlebones-*.sqlite3"))
    good = index.read_bytes()
    index.write_bytes(damage(good, 0))
    result = _ask(env, "ask", "how many points for selling three stars?")
    assert "Traceback" not in result.stderr
    assert (result.returncode, result.stdout) == (clean.returncode, clean.stdout)
