"""The `referee` console script and `python -m referee`: every command's cheap entry point.

A roll, a move or a question at the table must start about as fast as bare Python, and Typer
alone costs more than any of them. generator/launch.py is the one start-up strategy of both
console scripts: plain command lines of the commands below go straight to their functions, help
is answered from a memo of the Typer app's own output, and everything else goes to the Typer
app in referee/cli.py, which stays the definition of every command line (tests/test_launch.py
runs both paths on the same lines). A new command gets a line here and a Typer command there.

Every byte the referee writes passes through referee.output.clean_streams(): a player's words
(a question, a move, a label) are echoed, and control characters in them must not reach the
terminal.
"""
from __future__ import annotations

from generator.launch import Command, launch, whole

SESSION = {"--session": ("session", whole(0)), "-s": ("session", whole(0))}
JSON = {"--json": "as_json"}
DICE = {"--game": "game", "-g": "game", "--faces": "faces"}


def _session(value: int | None) -> int | None:
    return value or None


def roll(words, game, faces, seed, as_json) -> int:  # noqa: ANN001
    from referee.dice.commands import main

    return main("roll", words, game, faces, seed, as_json)


def odds(words, game, faces, as_json) -> int:  # noqa: ANN001
    from referee.dice.commands import main

    return main("odds", words, game, faces, None, as_json)


def ask(words, game, matches, as_json) -> int:  # noqa: ANN001
    from referee.ask.run import run

    return run(" ".join(words), game, 3 if matches is None else matches, as_json)


def _table(name: str, *args) -> int:  # noqa: ANN002
    from referee.table import commands

    return commands.run(getattr(commands, name), *args)


def new(words, players, option, digital, seed, as_json) -> int:  # noqa: ANN001
    return _table("cmd_new", words, players, option, digital, seed or None, as_json)


def move(words, session, as_json) -> int:  # noqa: ANN001
    return _table("cmd_move", " ".join(words), _session(session), as_json, True)


def check(words, session, as_json) -> int:  # noqa: ANN001
    return _table("cmd_move", " ".join(words), _session(session), as_json, False)


def status(session, as_json, hand) -> int:  # noqa: ANN001
    return _table("cmd_status", _session(session), as_json, hand or None)


def moves(session, as_json, reveal) -> int:  # noqa: ANN001
    return _table("cmd_moves", _session(session), as_json, reveal)


def undo(words, session, as_json) -> int:  # noqa: ANN001
    return _table("cmd_undo", 1 if words is None else words, _session(session), as_json)


def history(session, as_json) -> int:  # noqa: ANN001
    return _table("cmd_history", _session(session), as_json)


def sessions(as_json) -> int:  # noqa: ANN001
    return _table("cmd_sessions", as_json)


def end(session, as_json) -> int:  # noqa: ANN001
    return _table("cmd_end", _session(session), as_json)


def help_(words, as_json) -> int:  # noqa: ANN001
    return _table("cmd_help", words, as_json)


COMMANDS = {
    "roll": Command(roll, "*", DICE | {"--seed": ("seed", whole())}, JSON, bare_help=True),
    "odds": Command(odds, "*", DICE, JSON, bare_help=True),
    "ask": Command(ask, "+", {"--game": "game", "-g": "game", "-n": ("matches", whole(0, 20)),
                              "--matches": ("matches", whole(0, 20))}, JSON, bare_help=True),
    "new": Command(new, "1", {"--players": "players", "-p": "players", "--option": "option", "-o": "option",
                              "--seed": ("seed", whole())},
                   JSON | {"--digital": "digital"}, repeat={"option"}, required={"players"}, bare_help=True),
    "move": Command(move, "+", SESSION, JSON, bare_help=True),
    "check": Command(check, "+", SESSION, JSON, bare_help=True),
    "status": Command(status, "", SESSION | {"--hand": "hand"}, JSON),
    "moves": Command(moves, "", SESSION, JSON | {"--reveal": "reveal"}),
    "undo": Command(undo, "?", SESSION, JSON, word=whole()),
    "history": Command(history, "", SESSION, JSON),
    "sessions": Command(sessions, "", {}, JSON),
    "end": Command(end, "", SESSION, JSON),
    "help": Command(help_, "1", {}, JSON, bare_help=True),
}


def main() -> None:
    from referee.output import clean_streams

    clean_streams()
    raise SystemExit(launch(COMMANDS, "referee.cli:main"))


if __name__ == "__main__":
    main()
