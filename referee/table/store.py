"""The session store: one SQLite file under the user's data folder.

Each session keeps its set-up (game, players, options, seed, the game data it started with and
that data's fingerprint) and an append-only log of accepted moves. The state is a pure function of
the two: snapshots every few moves only save replay time, and are dropped when the engine's state
format changes. Undo deletes the last entries; nothing else rewrites the log.

Every command is one transaction. Commands that write take SQLite's write lock before they read
(BEGIN IMMEDIATE), so two moves sent at once are serialised: the second is judged against the state
the first left. WAL keeps a killed command from damaging what was committed.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from referee.dice.record import record

APPLICATION_ID = 0x426F6E65  # "Bone": marks the file as ours (PRAGMA application_id)
SCHEMA_VERSION = 1
SNAPSHOT_EVERY = 10  # moves between stored states
BUSY_TIMEOUT_MS = 15_000  # how long a command waits for another one at the same table

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    game_root TEXT NOT NULL,
    title TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    digital INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    fingerprint TEXT NOT NULL,
    data TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    ended REAL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    ply INTEGER NOT NULL,
    said TEXT NOT NULL,
    text TEXT NOT NULL,
    move TEXT NOT NULL,
    events TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (session_id, ply)
);
CREATE TABLE IF NOT EXISTS snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    ply INTEGER NOT NULL,
    engine_version TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (session_id, ply)
);
"""


class StoreError(Exception):
    """The session file cannot be used (damaged, foreign, unwritable): exit 2, never a traceback."""


def data_dir() -> Path:
    base = os.environ.get("BONEYARD_DATA")
    if base:
        return Path(base).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share") / "boneyard"


def db_path() -> Path:
    return data_dir() / "sessions.sqlite3"


@record
class Session:
    id: int
    game_id: str
    game_root: str
    title: str
    players: list[str]
    options: dict[str, Any]
    digital: bool
    seed: int
    fingerprint: str
    data: dict[str, Any]
    created: float
    touched: float
    ended: float | None
    result: dict[str, Any] | None

    @property
    def is_open(self) -> bool:
        return self.ended is None


@record
class LoggedMove:
    ply: int
    said: str
    text: str
    move: dict[str, Any]
    events: list[dict[str, Any]]
    at: float


class Store:
    """One open connection; use ``Store.open()`` as a context manager."""

    def __init__(self, conn: sqlite3.Connection, path: Path):
        self.conn = conn
        self.path = path

    @classmethod
    @contextmanager
    def open(cls, path: Path | None = None) -> Iterator["Store"]:
        path = path or db_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the session file {path}: {exc}") from None
        store = cls(conn, path)
        try:
            store._prepare()
            yield store
        except sqlite3.DatabaseError as exc:
            raise StoreError(store._damaged(exc)) from None
        finally:
            conn.close()

    def _prepare(self) -> None:
        conn = self.conn
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        with self.read():  # both looks in one transaction: another command may be creating the file
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            has_tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
        if app_id != APPLICATION_ID and (app_id != 0 or has_tables):
            raise StoreError(f"{self.path} is another program's database, not Boneyard's sessions; "
                             "set BONEYARD_DATA to another folder or move the file away")
        if app_id == 0:
            conn.execute("PRAGMA journal_mode = WAL")  # kept in the file from now on
            with self.write():
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("PRAGMA synchronous = NORMAL")  # with WAL, a commit survives a killed process
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer Boneyard (format {version}); "
                             "update Boneyard to use it")

    def _damaged(self, exc: sqlite3.DatabaseError) -> str:
        return (f"the session file {self.path} is damaged or is not a database ({exc}); "
                "move it away (your sessions in it are lost) or set BONEYARD_DATA to another folder")

    # -- transactions -----------------------------------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[None]:
        """One write transaction, taken before anything is read (serialises commands)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    @contextmanager
    def read(self) -> Iterator[None]:
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self.conn.execute("COMMIT")

    # -- sessions ---------------------------------------------------------------------------------
    def create(self, *, game_id: str, game_root: str, title: str, players: list[str],
               options: dict[str, Any], digital: bool, seed: int, fingerprint: str,
               data: dict[str, Any]) -> int:
        now = time.time()
        cursor = self.conn.execute(
            "INSERT INTO sessions (game_id, game_root, title, players, options, digital, seed,"
            " fingerprint, data, created, touched) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (game_id, game_root, title, json.dumps(players), json.dumps(options), int(digital), seed,
             fingerprint, json.dumps(data), now, now))
        assert cursor.lastrowid is not None  # an INSERT always sets it
        return cursor.lastrowid

    _COLUMNS = ("id, game_id, game_root, title, players, options, digital, seed, fingerprint, data,"
                " created, touched, ended, result")

    def _session(self, row: tuple) -> Session:
        (sid, game_id, root, title, players, options, digital, seed, fp, data, created, touched,
         ended, result) = row
        return Session(sid, game_id, root, title, json.loads(players), json.loads(options),
                       bool(digital), seed, fp, json.loads(data), created, touched, ended,
                       json.loads(result) if result else None)

    def session(self, session_id: int | None) -> Session | None:
        """The session with that id, or (None) the open session used last; if none is open, the
        session used last (so a move after the end hears that the game is over)."""
        if session_id is None:
            row = self.conn.execute(f"SELECT {self._COLUMNS} FROM sessions"
                                    " ORDER BY ended IS NOT NULL, touched DESC, id DESC LIMIT 1").fetchone()
        else:
            row = self.conn.execute(f"SELECT {self._COLUMNS} FROM sessions WHERE id = ?",
                                    (session_id,)).fetchone()
        return self._session(row) if row else None

    def sessions(self) -> list[tuple[Session, int]]:
        """Every session with its number of moves, most recently used first (without data)."""
        rows = self.conn.execute(
            "SELECT id, game_id, game_root, title, players, options, digital, seed, fingerprint,"
            " '{}', created, touched, ended, result,"
            " (SELECT count(*) FROM moves WHERE session_id = sessions.id)"
            " FROM sessions ORDER BY touched DESC, id DESC").fetchall()
        return [(self._session(row[:-1]), row[-1]) for row in rows]

    def touch(self, session_id: int) -> None:
        self.conn.execute("UPDATE sessions SET touched = ? WHERE id = ?", (time.time(), session_id))

    def finish(self, session_id: int, result: dict[str, Any] | None) -> None:
        self.conn.execute("UPDATE sessions SET ended = ?, result = ? WHERE id = ?",
                          (time.time(), json.dumps(result) if result is not None else None, session_id))

    def reopen(self, session_id: int) -> None:
        self.conn.execute("UPDATE sessions SET ended = NULL, result = NULL WHERE id = ?", (session_id,))

    # -- the move log -----------------------------------------------------------------------------
    def moves(self, session_id: int, after: int = -1) -> list[LoggedMove]:
        rows = self.conn.execute("SELECT ply, said, text, move, events, at FROM moves"
                                 " WHERE session_id = ? AND ply > ? ORDER BY ply", (session_id, after))
        return [LoggedMove(ply, said, text, json.loads(move), json.loads(events), at)
                for ply, said, text, move, events, at in rows]

    def move_count(self, session_id: int) -> int:
        return self.conn.execute("SELECT count(*) FROM moves WHERE session_id = ?",
                                 (session_id,)).fetchone()[0]

    def append(self, session_id: int, ply: int, said: str, text: str, move: dict[str, Any],
               events: list[dict[str, Any]]) -> None:
        self.conn.execute("INSERT INTO moves (session_id, ply, said, text, move, events, at)"
                          " VALUES (?,?,?,?,?,?,?)",
                          (session_id, ply, said, text, json.dumps(move), json.dumps(events), time.time()))

    def drop_last(self, session_id: int, count: int) -> list[LoggedMove]:
        """Undo: remove the last ``count`` moves (and snapshots past them); returns them."""
        total = self.move_count(session_id)
        keep = total - count
        dropped = self.moves(session_id, after=keep - 1)
        self.conn.execute("DELETE FROM moves WHERE session_id = ? AND ply >= ?", (session_id, keep))
        self.conn.execute("DELETE FROM snapshots WHERE session_id = ? AND ply > ?", (session_id, keep))
        return dropped

    # -- snapshots: state after ``ply`` moves -----------------------------------------------------
    def latest_snapshot(self, session_id: int, engine_version: str) -> tuple[int, dict[str, Any]] | None:
        row = self.conn.execute("SELECT ply, state FROM snapshots WHERE session_id = ? AND"
                                " engine_version = ? ORDER BY ply DESC LIMIT 1",
                                (session_id, engine_version)).fetchone()
        return (row[0], json.loads(row[1])) if row else None

    def save_snapshot(self, session_id: int, ply: int, engine_version: str, state: dict[str, Any]) -> None:
        self.conn.execute("INSERT OR REPLACE INTO snapshots (session_id, ply, engine_version, state)"
                          " VALUES (?,?,?,?)", (session_id, ply, engine_version, json.dumps(state)))
