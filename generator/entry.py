"""The `cards` console script: the start-up strategy the referee uses too (generator/launch.py).

Every `cards` command that does work imports the loader, pydantic and a drawing library, next to
which Typer's own start-up is small, so none has a fast path yet: the table is empty, and
`cards --help`, `cards COMMAND --help` and a bare `cards` are answered from the memo of the Typer
app's own help. A command that should start instantly gets a `Command` here, as in
referee/entry.py.
"""
from __future__ import annotations

from generator.launch import Command, launch

COMMANDS: dict[str, Command] = {}


def main() -> None:
    raise SystemExit(launch(COMMANDS, "generator.cli:main"))


if __name__ == "__main__":
    main()
