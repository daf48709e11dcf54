"""`python -m referee.ask "QUESTION" [--game GAME] [-n K] [--json]`: the ask command on its own.

The same command as `referee ask`: plain invocations take the fast path (run.fast_main);
--help and malformed options go to a one-command Typer app built with command.register.
"""
import sys

from referee.ask.run import fast_main


def main() -> None:
    code = fast_main(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    import typer

    from referee.ask.command import register

    app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
    register(app)
    app(prog_name="referee ask")


if __name__ == "__main__":
    main()
