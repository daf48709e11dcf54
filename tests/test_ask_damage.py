"""A damaged `referee ask` cache (issue 15): flipped bytes, a truncated file, text that is not
UTF-8. Each index's checksum finds it before any query (referee/ask/store.py); damage that
slips past it is rebuilt or refused with a message, never a traceback (referee/ask/run.py).

The thirty damage cases go through run() in this process, the body of `referee ask` that the
console script calls: a case that rebuilds its index costs a load of the game, not a new Python
importing the loader (0.7 s of CPU each, 23 of the 30 cases with a seed game). Real subprocesses
check one case of each kind of damage and a damaged index met while every game is searched,
against the sound answer run() gave here. The
game is the starter game: the damage is the point, and its index is small, so the seeds' damage
lands in every part of it."""
from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import pytest

from referee.ask import store
from referee.ask.cache import checksum_of, sum_path
from referee.ask.run import run
from tests import warm

REPO = Path(__file__).resolve().parents[1]
STARTER = str(REPO / "generator" / "templates" / "new-game")
QUESTION = "how many cards can I play in a turn?"
EVERY_GAME_QUESTION = "how many points for selling three stars?"  # Rattlebones'
CASES = 30
KINDS = 3


def _ask(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return warm.referee(*args, cwd=REPO, env=env)


def damage(data: bytes, seed: int) -> bytes:
    """One of three kinds of damage, chosen and placed by the seed."""
    rng = random.Random(seed)
    out = bytearray(data)
    kind = seed % KINDS
    if kind == 0:  # bytes flipped anywhere
        for _ in range(rng.randint(1, 30)):
            out[rng.randrange(len(out))] = rng.randrange(256)
    elif kind == 1:  # cut short
        out = out[:rng.randrange(len(out))]
    else:  # bytes that are never UTF-8, over a stretch of text or structure
        at = rng.randrange(len(out) - 64)
        out[at:at + 16] = b"\xff\xfe\xc3\x28" * 4
    return bytes(out)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("BONEYARD_CACHE", str(folder))
    store.forget()
    yield folder
    store.forget()


def _ask_here(capsys, question: str, game: str | None) -> tuple[int, str, str]:
    """run() as a fresh `referee ask` process would: no index held open from before."""
    store.forget()
    code = run(question, game, 3, False)
    out, err = capsys.readouterr()
    return code, out, err


def test_thirty_damaged_indexes_are_found_by_their_checksum_and_answer_as_the_sound_one(cache, capsys):
    """Each index carries its length and CRC-32 beside it: a byte flipped in a page or a file cut
    short can read as valid rows (another answer, no error), so it is rebuilt before any query."""
    clean = _ask_here(capsys, QUESTION, STARTER)
    assert clean[0] == 0, clean
    index = next((cache / "ask").glob("new-game-*.sqlite3"))
    good = index.read_bytes()
    for seed in range(CASES):
        damaged = damage(good, seed)
        index.write_bytes(damaged)
        assert _ask_here(capsys, QUESTION, STARTER)[:2] == clean[:2], seed
        assert index.read_bytes() != damaged, seed  # replaced by a sound one
        index.write_bytes(good)


def test_damage_the_checksum_cannot_see_is_found_while_reading(cache, capsys):
    """The sum rewritten to match the damaged file (as if both were damaged alike): SQLite's own
    errors, met while reading, still lead to a rebuild with a message, or the answer stands."""
    clean = _ask_here(capsys, QUESTION, STARTER)
    index = next((cache / "ask").glob("new-game-*.sqlite3"))
    good, good_sum = index.read_bytes(), sum_path(index).read_text()
    rebuilt = 0
    for seed in range(CASES):
        damaged = damage(good, seed)
        index.write_bytes(damaged)
        sum_path(index).write_text(checksum_of(damaged))
        try:
            code, out, err = _ask_here(capsys, QUESTION, STARTER)
        except Exception as exc:  # what would be a traceback from the console script
            pytest.fail(f"seed {seed}: {exc!r}")
        assert code in (0, 1, 2), (seed, code)
        if "damaged rules index" in err:
            rebuilt += 1
            assert (code, out) == clean[:2], seed
            assert index.read_bytes() != damaged  # replaced by a sound one
        index.write_bytes(good)
        sum_path(index).write_text(good_sum)
    assert rebuilt  # the seeds do reach the damage that only shows while reading


def test_each_kind_of_damage_is_handled_by_the_command(cache, capsys):
    """The console script itself, once per kind of damage: no traceback, a clean exit code, and
    a rebuilt index answers as the sound one did. The sound index and its answer come from run()
    here (the same body the script calls; a process of its own would only add its start-up)."""
    clean = _ask_here(capsys, QUESTION, STARTER)
    assert clean[0] == 0, clean
    index = next((cache / "ask").glob("new-game-*.sqlite3"))
    good = index.read_bytes()
    for seed in range(KINDS):
        index.write_bytes(damage(good, seed))
        result = _ask(dict(os.environ), "ask", QUESTION, "--game", STARTER)  # BONEYARD_CACHE: cache
        assert "Traceback" not in result.stderr, (seed, result.stderr)
        assert (result.returncode, result.stdout) == clean[:2], seed
        index.write_bytes(good)


def test_a_damaged_index_of_another_game_is_found_when_every_game_is_searched(cache, capsys):
    """Every game's index built here by run(); the damaged one is met by the console script."""
    clean = _ask_here(capsys, EVERY_GAME_QUESTION, None)
    assert clean[0] == 0, clean
    index = next((cache / "ask").glob("rattlebones-*.sqlite3"))
    good = index.read_bytes()
    index.write_bytes(damage(good, 0))
    result = _ask(dict(os.environ), "ask", EVERY_GAME_QUESTION)  # BONEYARD_CACHE: cache
    assert "Traceback" not in result.stderr
    assert (result.returncode, result.stdout) == clean[:2]
