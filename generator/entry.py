"""The `cards` console script: the start-up strategy the referee uses too (generator/launch.py).

`cards build` and `cards validate` are the designer's edit loop: a rebuild of one changed card or a
check after an edit must not pay for Typer's start-up, so their plain command lines go straight to
generator/build_command.py and generator/validate_command.py, which the Typer commands in
generator/cli.py call too. The other commands load a game and draw, next to which Typer's own
start-up is small: they have no fast path yet. `cards --help`,
`cards COMMAND --help` and a bare `cards` are answered from the memo of the Typer app's own help.
Held line for line to the Typer app by tests/test_launch_cards.py.
"""
from __future__ import annotations

from typing import Any

from generator.launch import Command, decimal, launch, whole


def build(words, only, paper, format, tts_url, layout, bleed, back_offset, ink_saver,  # noqa: ANN001, A002
          board_size, die_size, board_overlap, rulebook, book, jobs, out, quiet, force) -> int:
    """`cards build`, an option not given taking its default as the Typer command does."""
    from pathlib import Path

    from generator.build_command import run_outside_typer
    from generator.options import DEFAULT_OPTIONS as DEFAULT

    def given(value, default):  # noqa: ANN001, ANN202
        return default if value is None else value

    return run_outside_typer(
        games=words or None, only=only or None, paper=given(paper, DEFAULT["paper"]),
        format=given(format, ",".join(DEFAULT["formats"])), tts_url=tts_url, layout=given(layout, DEFAULT["layout"]),
        bleed=given(bleed, DEFAULT["bleed"]),
        back_offset=given(back_offset, "{:g},{:g}".format(*DEFAULT["back_offset"])),
        ink_saver=ink_saver or DEFAULT["ink_saver"], board_size=given(board_size, DEFAULT["board_size"]),
        die_size=given(die_size, DEFAULT["die_size"]), board_overlap=given(board_overlap, DEFAULT["board_overlap"]),
        rulebook=given(rulebook, DEFAULT["rulebook"]), book=given(book, DEFAULT["book"]),
        jobs=given(jobs, DEFAULT["jobs"]), out=None if out is None else Path(out), quiet=quiet,
        force=force or DEFAULT["force"])


BUILD_OPTIONS: dict[str, Any] = {name: name[2:].replace("-", "_") for name in (
    "--only", "--paper", "--format", "--tts-url", "--layout", "--back-offset", "--board-size", "--book", "--out")}
BUILD_OPTIONS |= {"--die-size": ("die_size", decimal), "--board-overlap": ("board_overlap", decimal),
                  "--jobs": ("jobs", whole())}
BUILD_FLAGS = {"--bleed": ("bleed", True), "--no-bleed": ("bleed", False), "--rulebook": ("rulebook", True),
               "--no-rulebook": ("rulebook", False), "--ink-saver": "ink_saver", "--quiet": "quiet", "-q": "quiet",
               "--force": "force"}

def validate(words) -> int:  # noqa: ANN001
    """`cards validate`, as the Typer command runs it."""
    from generator.validate_command import validate as check

    return check(words or None)


COMMANDS: dict[str, Command] = {
    "build": Command(build, "*", BUILD_OPTIONS, BUILD_FLAGS, repeat={"only"}),
    "validate": Command(validate, "*"),
}


def main() -> None:
    raise SystemExit(launch(COMMANDS, "generator.cli:main"))


if __name__ == "__main__":
    main()
