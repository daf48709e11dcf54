"""What `referee roll` and `referee odds` do, minus the Typer plumbing (referee/cli.py).

Kept apart from cli.py so the CLI module stays a thin table of commands, and so the dice
code is imported only when a dice command runs.
"""

from __future__ import annotations

import re

from . import prepare
from .dietypes import CUSTOM_KEY, from_faces_option
from .errors import DiceSyntaxError
from .limits import DEFAULT_LIMITS, Limits
from .nodes import Command
from .resolve import DieCatalog

EXIT_BAD_INPUT = 2
_COUNT_ONLY = re.compile(r"\s*[0-9]+\s*")


def build_command(words: list[str] | None, game: str | None, faces: str | None,
                  limits: Limits = DEFAULT_LIMITS) -> Command:
    """Join the EXPRESSION words, set up the dice catalog, parse and resolve.

    With --faces, the expression may be just a count ("2" = "2 custom") or left out ("1 custom").
    """
    text = " ".join(words or [])
    custom = from_faces_option(faces, limits.max_faces) if faces is not None else None
    if custom is not None:
        if not text.strip():
            text = f"1 {CUSTOM_KEY}"
        elif _COUNT_ONLY.fullmatch(text):
            text = f"{text.strip()} {CUSTOM_KEY}"
    elif not text.strip():
        raise DiceSyntaxError("give a dice expression, like 3d6, 4d6kh3 or \"1d20+5 # attack\"")
    catalog = DieCatalog(game=game, custom=custom)
    if game is not None:
        catalog.game_dice(game)  # a bad --game is reported even if no game die is named
    return prepare(text, catalog, limits)


def run_roll(words: list[str] | None, game: str | None, faces: str | None, seed: int | None,
             as_json: bool, limits: Limits = DEFAULT_LIMITS) -> str:
    from .evaluate import new_seed, roll_command
    from .format import format_text, to_json

    command = build_command(words, game, faces, limits)
    chosen = seed if seed is not None else new_seed()
    result = roll_command(command, seed=chosen, limits=limits)
    if as_json:
        import json

        return json.dumps(to_json(result), indent=2)
    # The seed is printed only when we chose it: with --seed the user already has it.
    return format_text(result, show_seed=seed is None)


def run_odds(words: list[str] | None, game: str | None, faces: str | None, as_json: bool,
             limits: Limits = DEFAULT_LIMITS) -> str:
    from referee.odds import format_text, odds, to_json

    report = odds(build_command(words, game, faces, limits), limits)
    if as_json:
        import json

        return json.dumps(to_json(report), indent=2)
    return format_text(report)


def main(command: str, words: list[str], game: str | None, faces: str | None, seed: int | None,
         as_json: bool) -> int:
    """`referee roll` or `referee odds` from the console script's fast path (referee/entry.py):
    prints the answer, or the message for bad input; returns the exit code."""
    import sys

    from referee.output import print_out

    from .errors import explain

    try:
        if command == "roll":
            text = run_roll(words, game, faces, seed, as_json)
        else:
            text = run_odds(words, game, faces, as_json)
    except Exception as exc:  # noqa: BLE001 -- re-raised below unless it is bad input
        lines = explain(exc)
        if lines is None:
            raise
        print("\n".join(lines), file=sys.stderr)
        return EXIT_BAD_INPUT
    print_out(text)
    return 0
