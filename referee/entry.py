"""The `referee` console script and `python -m referee`.

A plain `referee ask ...` is answered before Typer is even imported: a question at the table
must start about as fast as bare Python. Everything else (and `ask --help` or a malformed
option, for which the fast path returns None) goes to the Typer app in referee.cli.
"""
import sys


def main() -> None:
    if sys.argv[1:2] == ["ask"]:
        from referee.ask.run import fast_main

        code = fast_main(sys.argv[2:])
        if code is not None:
            raise SystemExit(code)
    from referee.cli import main as run_app

    run_app()
