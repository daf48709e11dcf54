"""What the session commands do and print: `referee new, move, check, status, moves, undo,
history, sessions, end, help`. Each returns its exit code; text goes to stdout, notes to stderr.

Exit codes: 0 done (a legal move, a status); 1 a negative verdict (an illegal move, a move after
the end); 2 unreadable or ambiguous words, bad usage, bad game data, a damaged session file.
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any

from referee.output import print_out
from referee.table.engine import Ambiguous, Illegal, MoveError, Unreadable
from referee.table.play import Accepted
from referee.table.session import GameOver, SessionError, Table, find_session, open_table, start
from referee.table.store import Store

SHOWN_MOVES = 4  # legal moves shown after a move; `referee moves` shows them all


def _out(payload: Any, as_json: bool, lines: list[str]) -> None:
    print_out(json.dumps(payload, indent=2) if as_json else "\n".join(lines))


def _note(table: Table) -> None:
    changed = table.data_changed()
    if changed:
        print(f"note: {changed}", file=sys.stderr)


def _next(table: Table) -> tuple[list[str], dict[str, Any]]:
    """What happens next: the outcome, or who acts and some of what they may do."""
    outcome = table.engine.outcome(table.state)
    if outcome is not None:
        winners = " and ".join(outcome.winners) or "nobody"
        line = f"game over: {winners} {'win' if len(outcome.winners) > 1 else 'wins'} ({outcome.reason})"
        if outcome.rule:
            line += f" {table.data.cite(outcome.rule)}"
        return [line], {"game_over": True, "outcome": outcome.as_json()}
    if not table.session.is_open:
        return ["this session was ended"], {"game_over": True, "outcome": None}
    to_act = table.engine.to_act(table.state)
    if table.engine.secret(table.state):
        line = (f"next: {', '.join(to_act)} (their moves name their runes or cards: "
                f"`referee moves --reveal` lists them, for {', '.join(to_act)}'s eyes only)")
        return [line], {"game_over": False, "to_act": to_act, "legal_moves": None}
    legal = [table.engine.notation(m) for m in table.engine.legal_moves(table.state)]
    shown = legal[:SHOWN_MOVES]
    more = f" ... ({len(legal)} in all: `referee moves`)" if len(legal) > len(shown) else ""
    lines = [f"next: {', '.join(to_act)}"]
    if shown:
        lines.append("  may: " + " | ".join(shown) + more)
    return lines, {"game_over": False, "to_act": to_act, "legal_moves": legal}


def _verdict_lines(table: Table | None, exc: MoveError) -> list[str]:
    if isinstance(exc, Illegal):
        cite = table.data.cite(exc.rule) if table else exc.rule
        return [f"illegal: {exc.reason}"] + ([f"  rule: {cite}"] if cite else [])
    if isinstance(exc, Ambiguous):
        return [f"ambiguous: {exc}", "  it could be:"] + [f"    {r}" for r in exc.readings] + \
               ["  say it the way you mean it, as one of these"]
    assert isinstance(exc, Unreadable)
    lines = [f"unreadable: {exc}"]
    if exc.hint:
        lines.append(f"  hint: {exc.hint}")
    if exc.expected:
        lines.append(f"  expected: {exc.expected}")
    examples = exc.examples or tuple(e for e, _ in (table.engine.examples[:4] if table else ()))
    if examples:
        lines.append("  for example: " + " | ".join(f'"{e}"' for e in examples))
    if table:
        lines.append(f"  `referee moves` lists what may be done now; `referee help {table.session.game_id}` the notation")
    return lines


def _verdict_json(table: Table | None, exc: MoveError) -> dict[str, Any]:
    payload = exc.as_json()
    if isinstance(exc, Illegal) and table:
        payload["rule_number"] = table.data.rule_number(exc.rule)
        payload["cite"] = table.data.cite(exc.rule)
    return payload


def _accepted_lines(table: Table, accepted: Accepted) -> list[str]:
    lines = [accepted.text]
    for event in accepted.events:
        cite = f" ({table.data.cite(event.rule)})" if event.rule else ""
        lines.append(f"  {event.text}{cite}")
    return lines


def cmd_new(game: str, players: str, options: list[str], digital: bool, seed: int | None, as_json: bool) -> int:
    with Store.open() as store, store.write():
        table = start(store, game, players, options, digital, seed)
    mode = "the referee rolls and draws" if digital else "the table rolls and draws; report results"
    head = (f"session {table.session.id}: {table.session.title} with {', '.join(table.session.players)}"
            f" (seed {table.session.seed}; {mode})")
    status = table.engine.status(table.state)
    next_lines, next_data = _next(table)
    _out({"session": _session_json(table), "status": status.data, **next_data}, as_json,
         [head, *status.lines, *next_lines])
    return 0


def cmd_move(words: str, session_id: int | None, as_json: bool, record: bool) -> int:
    """`referee move` (record=True) and `referee check` (a what-if: nothing is stored)."""
    with Store.open() as store:
        transaction = store.write() if record else store.read()
        with transaction:
            table = open_table(store, session_id)
            _note(table)
            try:
                accepted = table.judge(words)
            except MoveError as exc:
                _out({"session": table.session.id, **_verdict_json(table, exc)}, as_json,
                     _verdict_lines(table, exc))
                return exc.exit_code
            if record:
                table.record(words, accepted)
            else:
                table = Table(store, table.session, table.engine, accepted.state, table.ply + 1)
            next_lines, next_data = _next(table)
    verdict = "legal" if record else "legal (a what-if: nothing was recorded)"
    lines = ([] if record else [f"{verdict}:"]) + _accepted_lines(table, accepted) + next_lines
    _out({"session": table.session.id, "verdict": "legal", "recorded": record, "move": accepted.text,
          "events": [e.as_json() for e in accepted.events], **next_data}, as_json, lines)
    return 0


def cmd_status(session_id: int | None, as_json: bool, hand_of: str | None = None) -> int:
    with Store.open() as store, store.read():
        table = open_table(store, session_id)
        _note(table)
        if hand_of is not None:
            return _show_hand(table, hand_of, as_json)
        status = table.engine.status(table.state)
        next_lines, next_data = _next(table)
    head = f"session {table.session.id}: {table.session.title}, {table.ply} move{'s' if table.ply != 1 else ''}"
    _out({"session": _session_json(table), "moves": table.ply, "status": status.data, **next_data},
         as_json, [head, *status.lines, *next_lines])
    return 0


def _show_hand(table: Table, name: str, as_json: bool) -> int:
    """One player's hidden hand, when the referee dealt it: for that player's eyes only."""
    player = next((p for p in table.session.players if p.lower() == name.lower()), None)
    if player is None:
        raise SessionError(f"'{name}' is not a player in this session ({', '.join(table.session.players)})")
    hand = table.engine.hand(table.state, player)
    if hand is None:
        raise SessionError(f"the referee does not know {player}'s hand: the table keeps it "
                           "(start with --digital for the referee to deal)")
    _out({"session": table.session.id, "player": player, "hand": hand}, as_json,
         [f"{player}'s hand ({len(hand)}): {', '.join(hand) if hand else 'empty'}"])
    return 0


def cmd_moves(session_id: int | None, as_json: bool, reveal: bool = False) -> int:
    with Store.open() as store, store.read():
        table = open_table(store, session_id)
        outcome = table.engine.outcome(table.state)
        to_act = [] if outcome else table.engine.to_act(table.state)
        if to_act and table.engine.secret(table.state) and not reveal:
            raise SessionError(f"{', '.join(to_act)}'s moves name the runes or cards in their hand; "
                               "`referee moves --reveal` lists them (show the screen to them only)")
        legal = [] if outcome or not table.session.is_open else \
            [table.engine.notation(m) for m in table.engine.legal_moves(table.state)]
    lines = [f"{', '.join(to_act)} may:" if to_act else "the game is over; no moves"]
    lines += [f"  {text}" for text in legal]
    if legal:
        lines.append("(dice and draws without a result are rolled by the referee; add ': RESULT' "
                     "to report what the table rolled)" if _has_random(table) else "")
    _out({"session": table.session.id, "to_act": to_act, "legal_moves": legal}, as_json,
         [line for line in lines if line])
    return 0


def _has_random(table: Table) -> bool:
    return any("roll" in example for example, _ in table.engine.examples)


def cmd_undo(count: int, session_id: int | None, as_json: bool) -> int:
    with Store.open() as store, store.write():
        table = open_table(store, session_id)
        dropped = table.undo(count)
        table = open_table(store, table.session.id)  # the state the log now says
        next_lines, next_data = _next(table)
    lines = [f"undone: {text}" for text in reversed(dropped)] + next_lines
    _out({"session": table.session.id, "undone": list(reversed(dropped)), "moves": table.ply, **next_data},
         as_json, lines)
    return 0


def cmd_history(session_id: int | None, as_json: bool) -> int:
    with Store.open() as store, store.read():  # the log alone: no engine, no replay
        session = find_session(store, session_id)
        moves = store.moves(session.id)
    lines = [f"session {session.id}: {session.title} with {', '.join(session.players)} (seed {session.seed})"]
    for logged in moves:
        lines.append(f"{logged.ply + 1:4}. {logged.text}")
        lines += [f"        {event['text']}" for event in logged.events]
    if not moves:
        lines.append("  no moves yet")
    payload = {"session": session.id, "moves": [
        {"ply": m.ply + 1, "said": m.said, "move": m.text, "events": m.events,
         "at": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(m.at))} for m in moves]}
    _out(payload, as_json, lines)
    return 0


def cmd_sessions(as_json: bool) -> int:
    with Store.open() as store, store.read():
        rows = store.sessions()
    lines = [] if rows else ["no sessions yet; start one with `referee new GAME --players A,B`"]
    for session, count in rows:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(session.touched))
        state = "open" if session.is_open else ("finished" if session.result else "ended")
        lines.append(f"{session.id:4}  {session.game_id:16} {', '.join(session.players):24} "
                     f"{count:4} moves  {state:8} {when}")
    payload = [{"session": s.id, "game": s.game_id, "title": s.title, "players": s.players,
                "moves": n, "open": s.is_open, "result": s.result, "seed": s.seed,
                "touched": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(s.touched))}
               for s, n in rows]
    _out(payload, as_json, lines)
    return 0


def cmd_end(session_id: int | None, as_json: bool) -> int:
    with Store.open() as store, store.write():
        table = open_table(store, session_id)
        if not table.session.is_open:
            raise SessionError(f"session {table.session.id} has already ended")
        outcome = table.engine.outcome(table.state)
        store.finish(table.session.id, outcome.as_json() if outcome else None)
    _out({"session": table.session.id, "ended": True}, as_json,
         [f"session {table.session.id} ended after {table.ply} moves"])
    return 0


def cmd_help(game: str, as_json: bool) -> int:
    from referee.ask.cache import resolve_game
    from referee.table.session import engine_class_for

    folder = resolve_game(game)
    game_id = _game_id(folder.root) or folder.key
    engine_class = engine_class_for(game_id)
    lines = [f"How to tell the referee about moves in {game_id}:"]
    if engine_class.game_id == "*":
        lines.append("  (the referee follows turns, dice and points for this game; it does not know its rules)")
    lines += [f'  referee move "{example}"\n      {meaning}' for example, meaning in engine_class.examples]
    if engine_class.options:
        lines.append("Options of `referee new`:")
        lines += [f"  --option {o.name}{'=VALUE' if o.kind == 'value' else ''}   {o.help}"
                  for o in engine_class.options]
    lines.append("Names are matched without regard to case, dashes or articles; "
                 "`referee moves` lists what may be done now.")
    _out({"game": game_id, "examples": [{"move": e, "means": m} for e, m in engine_class.examples],
          "options": [o.__dict__ for o in engine_class.options]}, as_json, lines)
    return 0


def _game_id(root) -> str | None:  # noqa: ANN001
    """The `id:` of a game.yaml, read without the loader (a designer's folder may name its game)."""
    import re

    try:
        text = (root / "game.yaml").read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(r"^id:\s*([a-z0-9][a-z0-9-]*)\s*$", text, re.MULTILINE)
    return found.group(1) if found else None


def _session_json(table: Table) -> dict[str, Any]:
    s = table.session
    return {"id": s.id, "game": s.game_id, "title": s.title, "folder": s.game_root,
            "players": s.players, "options": s.options, "digital": s.digital, "seed": s.seed,
            "open": s.is_open}


def run(command, *args) -> int:  # noqa: ANN001
    """Run a command, turning every expected failure into a message and an exit code."""
    from referee.ask.cache import UnknownGame
    from referee.table.store import StoreError

    try:
        return command(*args)
    except GameOver as exc:
        print(f"referee: {exc}", file=sys.stderr)
        return 1
    except (SessionError, StoreError, UnknownGame) as exc:
        print(f"referee: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 -- game data errors come from the loader
        from generator.errors import GameDataError

        if isinstance(exc, GameDataError):
            print(f"referee: {exc}", file=sys.stderr)
            return 2
        raise
