"""`referee roll` and `referee odds` without Typer: plain invocations are answered before the
Typer app is built (Typer's import alone costs more than rolling the dice).

Anything unusual (--help, an unknown option, a malformed --seed, no expression) returns None and
the Typer app handles it in its own words, so both paths accept the same command lines.
"""
from __future__ import annotations

import sys

EXIT_BAD_INPUT = 2


def fast_main(command: str, argv: list[str]) -> int | None:
    words: list[str] = []
    options: dict[str, str | None] = {"game": None, "faces": None, "seed": None}
    names = {"--game": "game", "-g": "game", "--faces": "faces"} | ({"--seed": "seed"} if command == "roll" else {})
    as_json = False
    args = iter(argv)
    for arg in args:
        name, has_value, value = arg.partition("=")
        if arg == "--json":
            as_json = True
        elif name in names and name.startswith("--") and has_value:
            options[names[name]] = value
        elif arg in names:
            value = next(args, None)
            if value is None:
                return None
            options[names[arg]] = value
        elif arg.startswith("-"):
            return None  # --help, `--`, a negative number...: the Typer app decides
        else:
            words.append(arg)
    seed = options["seed"]
    if seed is not None and not seed.lstrip("-").isdigit():
        return None
    if not words and options["faces"] is None:
        return None  # no expression: the Typer app shows the help
    from referee.dice.commands import run_odds, run_roll
    from referee.dice.errors import explain
    from referee.output import print_out

    try:
        if command == "roll":
            text = run_roll(words, options["game"], options["faces"], int(seed) if seed else None, as_json)
        else:
            text = run_odds(words, options["game"], options["faces"], as_json)
    except Exception as exc:  # noqa: BLE001 -- re-raised below unless it is bad input
        lines = explain(exc)
        if lines is None:
            raise
        print("\n".join(lines), file=sys.stderr)
        return EXIT_BAD_INPUT
    print_out(text)
    return 0
