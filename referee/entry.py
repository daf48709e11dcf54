"""The `referee` console script and `python -m referee`.

Plain `referee ask`, `roll`, `odds` and session commands (`move`, `status` ...) are answered
before Typer is even imported: a question, a roll or a move at the table must start about as
fast as bare Python. Everything else (and `--help` or a malformed option, for which the fast paths return
None) goes to the Typer app in referee.cli.
"""
import sys

FAST_SESSION_COMMANDS = ("move", "check", "status", "moves", "undo", "history", "sessions", "end")


def main() -> None:
    if sys.argv[1:2] == ["ask"]:
        from referee.ask.run import fast_main

        code = fast_main(sys.argv[2:])
        if code is not None:
            raise SystemExit(code)
    if sys.argv[1:2] and sys.argv[1] in ("roll", "odds"):
        from referee.dice.fast import fast_main as dice_main

        code = dice_main(sys.argv[1], sys.argv[2:])
        if code is not None:
            raise SystemExit(code)
    if sys.argv[1:2] and sys.argv[1] in FAST_SESSION_COMMANDS:
        from referee.table.fast import fast_main

        code = fast_main(sys.argv[1], sys.argv[2:])
        if code is not None:
            raise SystemExit(code)
    from referee.cli import main as run_app

    run_app()
