"""The session commands of `referee`: new, move, check, status, moves, undo, history, sessions,
end, help. The referee's Typer app adds them with `register(app, cls)`; their bodies are in
commands.py, imported when a command runs.
"""
from __future__ import annotations

from typing import List

import typer

SESSION = typer.Option(0, "--session", "-s", metavar="ID",
                       help="The session to use (see `referee sessions`); default: the open one used last.")
JSON = typer.Option(False, "--json", help="Print JSON instead of text.")
MOVE = typer.Argument(..., metavar="MOVE", show_default=False,
                      help='The move as a player says it ("ana plays fire axe"); quotes optional.')

NEW_HELP = """Start following a game at the table.

\b
Examples:
  referee new runes-and-bones --players ana,ben,cy
  referee new runes-and-bones --players ana,ben --option six-rounds
  referee new rattlebones --players ana,ben,cy --digital --seed 7
  referee new ./my-game --players ana,ben

Without --digital the table rolls its own dice and draws its own cards and reports them
("ana rolls white: 4"); the referee checks each result is possible. With --digital the referee
rolls and draws itself, from the session's seed. Sessions are kept in
~/.local/share/boneyard/sessions.sqlite3 (or $BONEYARD_DATA).
"""

MOVE_HELP = """Record a move, if it is legal, and say what changed and what happens next.

\b
Examples:
  referee move "ana plays fire axe"
  referee move ben passes
  referee move "ana rolls white"        the referee rolls it
  referee move "ana rolls white: gold"  the table rolled it

Exit 0 legal (recorded), 1 illegal (the reason and the rule, nothing recorded), 2 unreadable
or ambiguous (what was expected; nothing recorded).
"""


def _run(command, *args) -> None:  # noqa: ANN001
    from referee.table.commands import run

    raise typer.Exit(run(command, *args))


def _session(value: int) -> int | None:
    return value or None


def register(app: typer.Typer, cls: type | None = None) -> None:
    @app.command("new", cls=cls, help=NEW_HELP, no_args_is_help=True)
    def new(
        game: str = typer.Argument(..., metavar="GAME", help="A game id under content/ or a game folder."),
        players: str = typer.Option(..., "--players", "-p", metavar="A,B,C",
                                    help="The players' names in turn order, separated by commas."),
        option: List[str] = typer.Option([], "--option", "-o", metavar="NAME[=VALUE]",
                                         help="A set-up option of the game (see `referee help GAME`)."),
        digital: bool = typer.Option(False, "--digital", help="The referee rolls and draws itself."),
        seed: int = typer.Option(0, "--seed", metavar="N", help="Seed for the referee's rolls and draws."),
        as_json: bool = JSON,
    ) -> None:
        from referee.table.commands import cmd_new

        _run(cmd_new, game, players, option, digital, seed or None, as_json)

    @app.command("move", cls=cls, help=MOVE_HELP, no_args_is_help=True)
    def move(words: List[str] = MOVE, session: int = SESSION, as_json: bool = JSON) -> None:
        from referee.table.commands import cmd_move

        _run(cmd_move, " ".join(words), _session(session), as_json, True)

    @app.command("check", cls=cls, no_args_is_help=True,
                 help="Would this move be legal now? Says what it would change; records nothing.")
    def check(words: List[str] = MOVE, session: int = SESSION, as_json: bool = JSON) -> None:
        from referee.table.commands import cmd_move

        _run(cmd_move, " ".join(words), _session(session), as_json, False)

    @app.command("status", cls=cls, help="Where the game stands: whose turn, scores, supplies, what is on the table.")
    def status(session: int = SESSION, as_json: bool = JSON,
               hand: str = typer.Option("", "--hand", metavar="NAME",
                                        help="Show only NAME's hand, when the referee dealt it (--digital).")) -> None:
        from referee.table.commands import cmd_status

        _run(cmd_status, _session(session), as_json, hand or None)

    @app.command("moves", cls=cls, help="Every move the player to act may make now, in the notation.")
    def moves(session: int = SESSION, as_json: bool = JSON,
              reveal: bool = typer.Option(False, "--reveal", help="List moves that name a secret hand's runes or cards.")) -> None:
        from referee.table.commands import cmd_moves

        _run(cmd_moves, _session(session), as_json, reveal)

    @app.command("undo", cls=cls, help="Take back the last move (or the last N).")
    def undo(count: int = typer.Argument(1, metavar="[N]", help="How many moves to take back."),
             session: int = SESSION, as_json: bool = JSON) -> None:
        from referee.table.commands import cmd_undo

        _run(cmd_undo, count, _session(session), as_json)

    @app.command("history", cls=cls, help="Every recorded move of the session, with what it changed.")
    def history(session: int = SESSION, as_json: bool = JSON) -> None:
        from referee.table.commands import cmd_history

        _run(cmd_history, _session(session), as_json)

    @app.command("sessions", cls=cls, help="List the sessions, most recently used first.")
    def sessions(as_json: bool = JSON) -> None:
        from referee.table.commands import cmd_sessions

        _run(cmd_sessions, as_json)

    @app.command("end", cls=cls, help="End the session (it stays in `referee sessions` and its history).")
    def end(session: int = SESSION, as_json: bool = JSON) -> None:
        from referee.table.commands import cmd_end

        _run(cmd_end, _session(session), as_json)

    @app.command("help", cls=cls, no_args_is_help=True,
                 help="How to say moves in a game, with examples, and its set-up options.")
    def help_(game: str = typer.Argument(..., metavar="GAME"), as_json: bool = JSON) -> None:
        from referee.table.commands import cmd_help

        _run(cmd_help, game, as_json)

