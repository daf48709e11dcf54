"""One move through an engine (parse, check, resolve, check again, apply), and random playouts.

The session commands, the situation tests and the playouts all go through ``attempt``, so a move
is judged the same way everywhere.
"""
from __future__ import annotations

import json
import marshal
import random
from typing import Any

from referee.dice.record import record
from referee.table.engine import Engine, Event, Move, Outcome, State, Unreadable
from referee.table.notation import MAX_MOVE_LENGTH


@record
class Accepted:
    move: Move  # resolved: random parts filled in
    text: str  # the move in notation, as the history shows it
    state: State  # the state after the move
    events: tuple[Event, ...]


def move_rng(seed: int, ply: int) -> random.Random:
    """The random generator for the move at ``ply``: a function of the session's seed and the
    move's place in the log, so replays and retries draw the same."""
    return SeededOnFirstDraw(f"{seed}:{ply}")


class SeededOnFirstDraw(random.Random):
    """random.Random(text), seeded only when something is drawn: seeding from text hashes it and
    fills the generator's 624 words (a tenth of a playout's time), and most moves draw nothing.
    Draws the same numbers as random.Random(text) (test_referee_play checks it)."""

    def __init__(self, text: str):  # Random.__init__ would seed now; random.seed stays for later
        self._text: str | None = text
        self.gauss_next = None

    def _begin(self) -> None:
        if self._text is not None:
            text, self._text = self._text, None
            super().seed(text)

    def seed_later(self, text: str) -> None:
        """Become what SeededOnFirstDraw(text) would be: the next draw seeds from ``text``.
        Playouts give one generator a new text each move instead of making one (making a
        Random seeds its 624 words from a hash: ~1.3 % of a Bone Strike playout's instructions);
        every draw goes through random() or getrandbits(), which seed first, and gauss's kept
        number is dropped."""
        self._text = text
        self.gauss_next = None

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._text = None
        super().seed(a, version)

    def random(self) -> float:
        self._begin()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._begin()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._begin()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._text = None
        super().setstate(state)


def setup_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}:setup")


def attempt(engine: Engine, state: State, said: str | Move, rng: random.Random, *,
            in_place: bool = False) -> Accepted:
    """Judge a move said in words (or already parsed) against ``state``, which is left as it was
    unless ``in_place``: then an accepted move is applied to ``state`` itself, saving the copy
    (a fifth of a move) for callers that never look back, as playouts. Raises Unreadable,
    Ambiguous or Illegal, with ``state`` untouched either way."""
    if isinstance(said, str) and len(said) > MAX_MOVE_LENGTH:  # before any engine reads it
        raise Unreadable(f"a move is at most {MAX_MOVE_LENGTH} characters (this one has {len(said)})",
                         expected="a short sentence such as the examples")
    move = engine.parse(state, said) if isinstance(said, str) else clone(said)
    engine.check(state, move)
    resolved = engine.resolve(state, move, rng)
    if resolved is not move:
        engine.check(state, resolved)
    after = state if in_place else clone(state)
    events = engine.apply(after, resolved)
    return Accepted(resolved, engine.notation(resolved), after, tuple(events))


def clone(value: Any) -> Any:
    """A deep copy of a JSON value (states and moves are JSON by contract). marshal copies in C,
    two to five times faster than a JSON round trip (which took a third of a playout), and format
    2 shares nothing between the copy's parts, as JSON would not. It does not check that the
    value is JSON: the session store does, and playouts do with ``json_problem``."""
    if type(value) is dict:
        if _IMMUTABLE.issuperset(map(type, value.values())):
            return dict(value)  # a flat move (most are): nothing in it can change, so a dict copy shares nothing
        copy = dict(value)
        for key, part in copy.items():  # a move one level deep (dice, runes): its lists and dicts copied
            kind = type(part)
            if (kind is list and _IMMUTABLE.issuperset(map(type, part))
                    or kind is dict and _IMMUTABLE.issuperset(map(type, part.values()))):
                copy[key] = part.copy()
            elif kind not in _IMMUTABLE:
                break  # deeper (a state): marshal copies it
        else:
            return copy
    return marshal.loads(marshal.dumps(value, 2))


_IMMUTABLE = frozenset((str, int, bool, type(None)))  # not float: a NaN copied is another NaN


def json_problem(value: Any) -> str | None:
    """Why a state is not the plain JSON value the session store keeps (a tuple, a set, a
    key that is not a string, a list or dict held in two places), or None."""
    if _plainly_json(value):  # nearly always: the full check below is only needed to say why not
        return None
    try:
        if json.loads(json.dumps(value)) != value:
            return "not JSON: it reads back different (a tuple, or a key that is not a string?)"
    except (TypeError, ValueError) as exc:
        return f"not JSON: {exc}"
    seen: set[int] = set()
    parts = [value]
    while parts:  # JSON shares nothing: a session read back would not, so a playout must not
        part = parts.pop()
        if type(part) is dict or type(part) is list:
            if id(part) in seen:
                return f"not JSON: one {type(part).__name__} is held in two places"
            seen.add(id(part))
            parts.extend(part.values() if type(part) is dict else part)
    return None


# Ints shorter than this always print (Python refuses str() of ints longer than a limit that
# can be lowered to 640 digits, and json.dumps would then fail).
_PRINTABLE_INT = 10 ** 600
_STR_ONLY = frozenset((str,))


def _plainly_json(value: Any) -> bool:
    """True when ``value`` holds only dicts with str keys, lists, str, int, bool, None and floats
    other than NaN, no dict or list in two places: then it reads back from JSON the same and
    json_problem has nothing to say. One walk in Python, two to three times cheaper than the
    JSON round trip and the walk for shared parts it spares (the playouts check every 16 moves).
    False does not mean a problem: json_problem's full check decides then."""
    seen: set[int] = set()
    parts = [value]
    while parts:
        part = parts.pop()
        kind = type(part)
        if kind is str or kind is bool or part is None:
            continue
        if kind is int:
            if -_PRINTABLE_INT < part < _PRINTABLE_INT:
                continue
            return False
        if kind is float:
            if part == part:  # NaN reads back as another NaN, which compares unequal
                continue
            return False
        if (kind is not dict and kind is not list) or id(part) in seen:
            return False
        seen.add(id(part))
        if kind is dict:
            if not _STR_ONLY.issuperset(map(type, part)):
                return False
            parts.extend(part.values())
        else:
            parts.extend(part)
    return True


def replay(engine: Engine, state: State, moves: list[Move]) -> State:
    """Apply recorded (already checked and resolved) moves in order."""
    state = clone(state)
    for move in moves:
        engine.apply(state, move)
    return state


class PlayoutError(AssertionError):
    pass


JSON_CHECK_EVERY = 16  # plies between playouts' JSON checks of the state (and at the end)
# An engine may offer playout_moves(state): its legal moves in the same order but without what
# only a person reads (their notation), which its resolve then writes for the one picked. The
# history, the checks and the seeded games are the same; most listed moves are never played.
PLAYOUT_MOVES = "playout_moves"


def playout(engine: Engine, players: list[str], options: dict[str, Any], seed: int,
            max_moves: int = 20_000, digital: bool = True) -> tuple[State, list[str]]:
    """Play a game to its end choosing uniformly among the legal moves, the referee resolving
    every roll and draw. Checks invariants after every move, that every listed legal move is
    accepted, and (every few moves and at the end) that the state is still JSON. Returns the
    final state and the moves in notation."""
    choose = random.Random(f"{seed}:choose")
    state = engine.setup(list(players), dict(options), digital, setup_rng(seed))
    history: list[str] = []
    rng = SeededOnFirstDraw("")  # each move's, as move_rng makes it (see seed_later)
    list_moves = getattr(engine, PLAYOUT_MOVES, engine.legal_moves)
    for ply in range(max_moves):
        if engine.outcome(state) is not None:
            if problem := json_problem(state):
                raise PlayoutError(f"seed {seed}, at the end: {problem}\n{_tail(history)}")
            return state, history
        legal = list_moves(state)
        if not legal:
            raise PlayoutError(f"seed {seed}: no legal move at ply {ply} and no outcome\n{_tail(history)}")
        move = choose.choice(legal)
        rng.seed_later(f"{seed}:{ply}")
        try:
            accepted = attempt(engine, state, move, rng, in_place=True)
        except Exception as exc:
            raise PlayoutError(f"seed {seed}, ply {ply}: listed move {move} refused: {exc}\n{_tail(history)}") from exc
        state = accepted.state
        history.append(accepted.text)
        broken = engine.invariants(state)
        if ply % JSON_CHECK_EVERY == 0 and (problem := json_problem(state)):
            broken = [*broken, problem]
        if broken:
            raise PlayoutError(f"seed {seed}, ply {ply} after '{accepted.text}': {broken}\n{_tail(history)}")
    raise PlayoutError(f"seed {seed}: no end after {max_moves} moves\n{_tail(history)}")


def _tail(history: list[str]) -> str:
    return "last moves: " + "; ".join(history[-12:])


@record
class PlayoutResult:
    seed: int
    moves: int
    outcome: Outcome | None
    state: State  # the final position


_worker: dict[str, Engine] = {}


def _start_worker(engine_class: type, raw: dict[str, Any]) -> None:
    from referee.table.gamedata import GameData

    _worker["engine"] = engine_class(GameData(raw))


def _playout_job(job: tuple) -> PlayoutResult:
    players, options, seed, max_moves, digital = job
    engine = _worker["engine"]
    state, history = playout(engine, players, options, seed, max_moves, digital)
    return PlayoutResult(seed, len(history), engine.outcome(state), state)


def run_playouts(engine: Engine, games: list[tuple], *, max_moves: int = 20_000,
                 workers: int | None = None) -> list[PlayoutResult]:
    """Many playouts on a process pool, one worker per core: the tests' 1,000 games a game, and
    the first step toward simulating a design's balance. Each game is (players, options, seed)
    or (players, options, seed, digital); digital by default. A broken invariant in any game
    raises its PlayoutError here."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    jobs = [(game[0], game[1], game[2], max_moves, game[3] if len(game) > 3 else True) for game in games]
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        _start_worker(type(engine), engine.data.raw)
        return [_playout_job(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                             initargs=(type(engine), engine.data.raw)) as pool:
        return list(pool.map(_playout_job, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
