"""The session commands without Typer: `referee move/check/status/moves/undo/history/sessions/end`
are answered before the Typer app is built (Typer alone costs more than a whole move at a table).

Plain invocations only: anything else (--help, an unknown option, a malformed number) returns None
and the Typer app handles it in its own words.
"""
from __future__ import annotations

TAKES_WORDS = {"move", "check"}
NO_WORDS = {"status", "moves", "history", "sessions", "end"}


def fast_main(command: str, argv: list[str]) -> int | None:
    as_json = reveal = False
    hand: str | None = None
    session: int | None = None
    words: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == "--json":
            as_json = True
        elif arg in ("--session", "-s") or arg.startswith("--session="):
            value = arg.partition("=")[2] if "=" in arg else next(args, "")
            if not value.isdigit():
                return None
            session = int(value) or None
        elif arg == "--reveal" and command == "moves":
            reveal = True
        elif arg == "--hand" and command == "status":
            hand = next(args, "")
            if not hand or hand.startswith("-"):
                return None
        elif arg.startswith("-"):
            return None  # --help and anything unusual: the Typer app explains
        else:
            words.append(arg)
    from referee.table import commands as c

    if command in TAKES_WORDS:
        if not words:
            return None
        return c.run(c.cmd_move, " ".join(words), session, as_json, command == "move")
    if command == "undo":
        if len(words) > 1 or (words and not words[0].isdigit()):
            return None
        return c.run(c.cmd_undo, int(words[0]) if words else 1, session, as_json)
    if words:
        return None
    if command == "sessions":
        return c.run(c.cmd_sessions, as_json)
    if command == "status":
        return c.run(c.cmd_status, session, as_json, hand)
    if command == "moves":
        return c.run(c.cmd_moves, session, as_json, reveal)
    runner = {"history": c.cmd_history, "end": c.cmd_end}[command]
    return c.run(runner, session, as_json)

