"""Sessions across `referee` commands: real processes, a real SQLite file, kill -9 and races.

The game is a designer's own (the `cards new` starter, outside the repository), followed by the
generic engine (turns, dice, points), so these tests are about the store and the commands, not
about one game's rules; each game's engine has its own test file.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from generator.new_game import TEMPLATE
from tests import warm

REFEREE = [sys.executable, "-m", "referee"]


def _table(env: dict[str, str], db: Path, game: Path):
    """`referee` run with this data folder: checks for no traceback and (unless check=None) the exit code."""
    def run(*args: str, check: int | None = 0) -> subprocess.CompletedProcess:
        done = warm.referee(*args, env=env, timeout=60)
        assert "Traceback" not in done.stderr, done.stderr
        if check is not None:
            assert done.returncode == check, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
        return done

    run.env = env  # type: ignore[attr-defined]
    run.db = db  # type: ignore[attr-defined]
    run.game = game  # type: ignore[attr-defined]
    return run


def _start(folder: Path, game: Path):
    """A data folder in `folder` holding a started two-player session of `game`."""
    run = _table({**os.environ, "BONEYARD_DATA": str(folder / "data")}, folder / "data" / "sessions.sqlite3", game)
    run("new", str(game), "--players", "ana,ben", "--seed", "5")
    return run


@pytest.fixture(scope="module")
def started(tmp_path_factory) -> Path:
    """The starter game and a session of it started once (`new` loads the game: the slowest
    command); each test plays on its own copy of the data folder. The game folder is shared:
    a test that edits it starts its own session (fresh_table)."""
    base = tmp_path_factory.mktemp("started")
    shutil.copytree(TEMPLATE, base / "designer" / "my-game")
    _start(base, base / "designer" / "my-game")
    return base


@pytest.fixture
def table(tmp_path: Path, started: Path):
    """A data folder of its own and a started two-player session of the starter game."""
    shutil.copytree(started / "data", tmp_path / "data")
    return _table({**os.environ, "BONEYARD_DATA": str(tmp_path / "data")}, tmp_path / "data" / "sessions.sqlite3",
                  started / "designer" / "my-game")


@pytest.fixture
def fresh_table(tmp_path: Path, starter_game: Path):
    """As table, with a game folder of its own to edit."""
    return _start(tmp_path, starter_game)


def history(table) -> list[str]:  # noqa: ANN001
    return [m["move"] for m in json.loads(table("history", "--json").stdout)["moves"]]


def test_a_game_followed_across_commands(table):
    assert table("move", "ana rolls d6: 4").stdout.startswith("ana rolls d6: 4")
    table("move", "Ana:", "scores", "3")  # words joined, case and colon forgiven
    table("move", "ana ends her turn")
    status = json.loads(table("status", "--json").stdout)
    assert status["status"]["points"] == {"ana": 3, "ben": 0}
    assert status["to_act"] == ["ben"]
    assert status["moves"] == 3
    assert history(table) == ["ana rolls d6: 4", "ana scores 3", "ana ends the turn"]


def test_three_verdicts_and_nothing_stored_for_a_refused_move(table):
    illegal = table("move", "ben rolls d6", check=1)
    assert "illegal: it is ana's turn" in illegal.stdout and "§3 Your turn (turn)" in illegal.stdout
    impossible = table("move", "ana rolls d6: 7", check=1)
    assert "has no face '7'" in impossible.stdout
    unreadable = table("move", "ana rols d6", check=2)
    assert "unreadable" in unreadable.stdout and "did you mean" in unreadable.stdout
    unknown = table("move", "cy rolls d6", check=2)
    assert "'cy' is not a player" in unknown.stdout
    too_long = table("move", "ana rolls " + "d6 " * 200, check=2)
    assert "at most 300 characters" in too_long.stdout
    assert history(table) == []
    verdict = json.loads(table("move", "ben rolls d6", "--json", check=1).stdout)
    assert verdict["verdict"] == "illegal" and verdict["rule"] == "turn" and verdict["rule_number"] == "3"


def test_check_is_a_what_if(table):
    out = table("check", "ana scores 4").stdout
    assert "nothing was recorded" in out and "ana now has 4 points" in out
    assert history(table) == []


def test_the_referee_rolls_from_the_seed_and_records_the_result(table):
    first = table("move", "ana rolls 3 d6").stdout.splitlines()[0]
    assert first.startswith("ana rolls 3 d6: ")
    faces = first.split(": ")[1].split(", ")
    assert len(faces) == 3 and all(f in "123456" for f in faces)
    table("undo")
    again = table("move", "ana rolls 3 d6").stdout.splitlines()[0]
    assert again == first  # same seed, same place in the log: the same roll


def test_undo_and_undo_past_the_start(table):
    table("move", "ana scores 1")
    table("move", "ana scores 2")
    refused = table("undo", "3", check=2)
    assert "cannot undo 3: this session has only 2 moves" in refused.stderr
    assert history(table) == ["ana scores 1", "ana scores 2"]
    assert "undone: ana scores 2" in table("undo").stdout
    table("undo")
    assert "this session has no moves" in table("undo", check=2).stderr


def test_sessions_list_pick_and_end(table):
    table("new", str(table.game), "--players", "cy,dee,eve")
    listed = json.loads(table("sessions", "--json").stdout)
    assert [s["players"] for s in listed] == [["cy", "dee", "eve"], ["ana", "ben"]]
    table("move", "cy scores 2")  # the latest session is the default
    table("move", "--session", "1", "ana scores 5")
    assert json.loads(table("status", "--session", "1", "--json").stdout)["status"]["points"]["ana"] == 5
    table("end")  # the session used last: 1
    assert "this game is over" in table("move", "--session", "1", "ana scores 1", check=1).stderr
    assert "cy now has 3 points" in table("move", "cy scores 1").stdout  # the open one is the default
    assert "no session 9" in table("status", "--session", "9", check=2).stderr


def test_a_finished_game_refuses_moves_until_undone(table):
    out = table("move", "ben wins").stdout
    assert "game over: ben wins" in out
    assert "this game is over" in table("move", "ana scores 1", check=1).stderr
    table("undo")
    table("move", "ana scores 1")


def test_changed_game_data_is_noticed(fresh_table):
    rules = fresh_table.game / "rules.yaml"
    rules.write_text(rules.read_text() + "\n# an edit\n")
    done = fresh_table("status")
    assert "changed since this session began" in done.stderr


def test_corrupt_and_foreign_session_files(table, tmp_path):
    table.db.write_bytes(b"this is not a database at all" * 100)
    for name in ("-wal", "-shm"):
        Path(str(table.db) + name).unlink(missing_ok=True)
    done = table("status", check=2)
    assert "damaged or is not a database" in done.stderr and str(table.db) in done.stderr
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    with sqlite3.connect(foreign / "sessions.sqlite3") as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    env = {**table.env, "BONEYARD_DATA": str(foreign)}
    done = warm.referee("sessions", env=env, timeout=60)
    assert done.returncode == 2 and "another program's database" in done.stderr
    assert "Traceback" not in done.stderr


def test_two_moves_at_once_are_serialised(table):
    """Both wait on one write lock; each is judged against the state the other left."""
    lock = sqlite3.connect(table.db, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")  # hold the lock so that both commands start and wait
    procs = [subprocess.Popen([*REFEREE, "move", said], env=table.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
             for said in ("ana ends her turn", "ana ends her turn", "ana scores 1", "ana scores 1")]
    time.sleep(0.5)
    lock.execute("COMMIT")
    lock.close()
    codes = sorted(p.wait(timeout=60) for p in procs)
    assert codes == [0, 0, 0, 1]  # the second "ends her turn" finds it is ben's turn
    moves = history(table)
    assert moves.count("ana ends the turn") == 1 and moves.count("ana scores 1") == 2
    assert json.loads(table("status", "--json").stdout)["status"]["points"]["ana"] == 2


PAUSED_MOVE = textwrap.dedent("""
    import sys, time
    from referee.table.session import open_table
    from referee.table.store import Store
    with Store.open() as store, store.write():
        table = open_table(store, None)
        table.record("ana scores 9", table.judge("ana scores 9"))
        print("recorded, not committed", flush=True)
        time.sleep(60)
""")


def test_kill_during_a_move_loses_nothing_recorded(table):
    table("move", "ana scores 1")
    proc = subprocess.Popen([sys.executable, "-c", PAUSED_MOVE], env=table.env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().startswith("recorded, not committed")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert history(table) == ["ana scores 1"]  # the killed move is gone, the earlier one kept
    table("move", "ana scores 2")
    assert history(table) == ["ana scores 1", "ana scores 2"]


def test_killed_at_random_moments_the_session_stays_readable(table):
    recorded = 0
    for attempt in range(12):
        proc = subprocess.Popen([*REFEREE, "move", "ana scores 1"], env=table.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.02 * attempt)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        status = json.loads(table("status", "--json").stdout)
        assert status["status"]["points"]["ana"] == status["moves"] >= recorded
        recorded = status["moves"]
    assert history(table) == ["ana scores 1"] * recorded


HEAVY = ("reportlab", "weasyprint", "icepool", "pydantic", "yaml", "jinja2", "typer",
         "generator.model.loader", "rapidfuzz", "dataclasses", "inspect")


@pytest.mark.parametrize("args", [("status",), ("move", "ana scores 1"), ("check", "ben rolls d6")])
def test_table_commands_start_light(table, args):
    """A move at the table reads the session's stored data: no loader, YAML, pydantic or Typer."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", *args], env=table.env,
                          capture_output=True, text=True, timeout=60)
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "referee.table.session" in imported  # the measurement works
    heavy = sorted(m for m in imported if m in HEAVY or m.split(".")[0] in HEAVY)
    assert not heavy, f"`referee {' '.join(args)}` imported {heavy}"


def test_a_session_this_referee_cannot_replay_says_so(table):
    """A session kept by another version (its data lacks what the engine reads): a message, and
    its history still readable."""
    table("move", "ana scores 2")
    with sqlite3.connect(table.db) as conn:
        conn.execute("UPDATE sessions SET data = json_remove(data, '$.players')")
    done = table("status", check=2)
    assert "cannot be replayed" in done.stderr and "referee history --session 1" in done.stderr
    assert "ana scores 2" in table("history").stdout
