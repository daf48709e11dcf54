"""A stored session with its engine: starting one, its current state, recording a move, undo.

The state is rebuilt from the latest snapshot and the moves after it, so it is always what the log
says. Every write happens inside the caller's write transaction (see store.Store.write).
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from referee.games import engine_for
from referee.table.engine import Engine, Illegal, Option, State, Unreadable
from referee.table.gamedata import GameData, fingerprint
from referee.table.notation import did_you_mean
from referee.table.play import Accepted, attempt, move_rng, setup_rng
from referee.table.store import SNAPSHOT_EVERY, Session, Store, StoreError

MAX_PLAYERS_NAME = 24


class SessionError(Exception):
    """A session command that cannot go on (no session, unknown game or option): exit 2."""


class GameOver(Exception):
    """A move sent to a finished game: exit 1."""


class Table:
    """An open session: its row, its engine and the state after every recorded move."""

    def __init__(self, store: Store, session: Session, engine: Engine, state: State, ply: int):
        self.store = store
        self.session = session
        self.engine = engine
        self.state = state
        self.ply = ply  # moves recorded so far

    @property
    def data(self) -> GameData:
        return self.engine.data

    def data_changed(self) -> str | None:
        """A sentence if the game folder's data differs from what the session started with."""
        root = Path(self.session.game_root)
        if not (root / "game.yaml").is_file():
            return f"the game folder {root} is gone; this session goes on with the data it started with"
        if fingerprint(root) != self.session.fingerprint:
            return (f"the game data in {root} changed since this session began; the referee keeps "
                    "using the data the session started with (start a new session to use the new data)")
        return None

    def judge(self, said: str) -> Accepted:
        """The verdict on a move, without recording it."""
        outcome = self.engine.outcome(self.state)
        if outcome is not None or not self.session.is_open:
            reason = outcome.reason if outcome else "the session was ended"
            raise GameOver(f"this game is over ({reason}); start another with `referee new`")
        return attempt(self.engine, self.state, said, move_rng(self.session.seed, self.ply))

    def record(self, said: str, accepted: Accepted) -> None:
        self.store.append(self.session.id, self.ply, said, accepted.text, accepted.move,
                          [event.as_json() for event in accepted.events])
        self.ply += 1
        self.state = accepted.state
        if self.ply % SNAPSHOT_EVERY == 0:
            self.store.save_snapshot(self.session.id, self.ply, self.engine.version, self.state)
        outcome = self.engine.outcome(self.state)
        if outcome is not None:
            self.store.finish(self.session.id, outcome.as_json())
        self.store.touch(self.session.id)

    def undo(self, count: int) -> list[str]:
        if count < 1:
            raise SessionError("undo takes a number of moves of at least 1")
        if count > self.ply:
            moves = "no moves" if self.ply == 0 else f"only {self.ply} move{'s' if self.ply != 1 else ''}"
            raise SessionError(f"cannot undo {count}: this session has {moves} (nothing was undone)")
        dropped = self.store.drop_last(self.session.id, count)
        if not self.session.is_open and self.session.result is not None:
            self.store.reopen(self.session.id)  # undoing the winning move reopens the game
        self.store.touch(self.session.id)
        return [m.text for m in dropped]


def find_session(store: Store, session_id: int | None) -> Session:
    """The session with that id, or (None) the one in play; SessionError if there is none."""
    session = store.session(session_id)
    if session is None:
        if session_id is None:
            raise SessionError("no game in progress; start one with `referee new GAME --players A,B`")
        raise SessionError(f"no session {session_id}; `referee sessions` lists them")
    return session


def open_table(store: Store, session_id: int | None) -> Table:
    session = find_session(store, session_id)
    try:
        engine = engine_class_for(session.game_id)(GameData(session.data))
        state, ply = _current_state(store, session, engine)
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        # A session kept by an older Boneyard whose data or log this engine no longer reads.
        raise SessionError(f"session {session.id} ({session.title}) was recorded by another version of "
                           f"the referee and cannot be replayed ({exc}); `referee history --session "
                           f"{session.id}` still shows its moves; start a new session to go on") from None
    return Table(store, session, engine, state, ply)


def engine_class_for(game_id: str) -> type[Engine]:
    """The game's own engine, or the generic one (turns, dice, points) for any other game."""
    from referee.games.generic import Generic

    return engine_for(game_id) or Generic


def _current_state(store: Store, session: Session, engine: Engine) -> tuple[State, int]:
    snapshot = store.latest_snapshot(session.id, engine.version)
    if snapshot is None:
        ply, state = 0, engine.setup(list(session.players), dict(session.options), session.digital,
                                     setup_rng(session.seed))
    else:
        ply, state = snapshot
    moves = store.moves(session.id, after=ply - 1)
    for logged in moves:
        engine.apply(state, logged.move)
    return state, ply + len(moves)


def start(store: Store, game_ref: str, players_text: str, option_words: list[str], digital: bool,
          seed: int | None) -> Table:
    """`referee new`: load and validate the game, set it up, store the session."""
    from generator.model.loader import load_game  # pydantic and YAML: paid once, at the start of a game
    from referee.ask.cache import resolve_game
    from referee.table.gamedata import snapshot

    folder = resolve_game(game_ref)
    game = load_game(folder.root)
    engine_class = engine_class_for(game.id)
    data = GameData(snapshot(game))
    engine = engine_class(data)
    players = parse_players(players_text, data)
    options = parse_options(option_words, engine_class.options)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    try:
        state = engine.setup(players, options, digital, setup_rng(seed))
    except Illegal as exc:
        raise SessionError(f"{exc} ({data.cite(exc.rule)})") from None
    except (KeyError, ValueError) as exc:
        raise SessionError(f"cannot set up {game.title}: {exc}") from None
    session_id = store.create(game_id=game.id, game_root=str(folder.root), title=game.title,
                              players=players, options=options, digital=digital, seed=seed,
                              fingerprint=fingerprint(folder.root), data=data.raw)
    store.save_snapshot(session_id, 0, engine.version, state)
    session = store.session(session_id)
    assert session is not None
    return Table(store, session, engine, state, 0)


def parse_players(text: str, data: GameData) -> list[str]:
    names = [name.strip() for name in text.replace(";", ",").split(",") if name.strip()]
    low, high = data.players["min"], data.players["max"]
    if not low <= len(names) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise SessionError(f"{data.title} is for {count} players; --players named {len(names)} "
                           "(give names separated by commas: --players ana,ben,cy)")
    seen: set[str] = set()
    for name in names:
        if not name.replace("-", "").replace("'", "").isalnum() or not name[0].isalpha() \
                or len(name) > MAX_PLAYERS_NAME:
            raise SessionError(f"'{name}' cannot be a player's name: use one word of letters and digits "
                               f"(at most {MAX_PLAYERS_NAME}), starting with a letter")
        if name.lower() in seen:
            raise SessionError(f"two players are called '{name}'; give each player a different name")
        seen.add(name.lower())
    return names


def parse_options(words: list[str], known: tuple[Option, ...]) -> dict[str, Any]:
    by_name = {option.name: option for option in known}
    options: dict[str, Any] = {}
    for word in words:
        name, has_value, value = word.partition("=")
        name = name.strip().lower()
        option = by_name.get(name)
        if option is None:
            listed = ", ".join(by_name) if by_name else "none"
            hint = did_you_mean(name, list(by_name))
            raise SessionError(f"no option '{name}' for this game (options: {listed})"
                               + (f"; {hint}" if hint else ""))
        if option.kind == "flag" and has_value:
            raise SessionError(f"option '{name}' takes no value: write --option {name}")
        if option.kind == "value" and not value.strip():
            raise SessionError(f"option '{name}' needs a value: --option {name}=VALUE")
        options[name] = value.strip() if option.kind == "value" else True
    return options


__all__ = ["GameOver", "SessionError", "StoreError", "Table", "Unreadable", "open_table", "start"]
