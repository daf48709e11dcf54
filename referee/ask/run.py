"""The body of `referee ask`, shared by the Typer command (command.py) and the console script's
fast path (referee/entry.py), which calls `run()` before Typer is imported.
"""
from __future__ import annotations

import sys

EXIT_ANSWER = 0
EXIT_NO_MATCH = 1
EXIT_BAD_USAGE = 2
MAX_QUESTION_CHARS = 500  # a table question is a sentence; search time grows with its length


def run(question: str, game: str | None, matches: int, as_json: bool) -> int:
    """Answer and print; returns the exit code (0 answer, 1 no good match, 2 bad usage).
    What is printed echoes the question and the game asked for, so control characters in them
    are written as escapes (referee.output.clean), whichever way the command was started."""
    from referee.output import clean

    from .engine import AskUsage, ask
    from .store import GameDataProblem

    def say(text: str) -> None:
        print(clean(text), file=sys.stderr)

    if len(question) > MAX_QUESTION_CHARS:
        say(f"referee ask: the question is {len(question)} characters long; ask in at most "
            f"{MAX_QUESTION_CHARS}, one question at a time")
        return EXIT_BAD_USAGE
    try:
        answer = _answer(ask, question, game, matches)
    except AskUsage as exc:
        say(f"referee ask: {exc}")
        return EXIT_BAD_USAGE
    except GameDataProblem as exc:
        say(str(exc))
        return EXIT_BAD_USAGE
    except DamagedIndex as exc:
        say(f"referee ask: {exc}")
        return EXIT_BAD_USAGE
    if as_json:
        import json

        text = json.dumps(answer.as_json(), ensure_ascii=False, indent=2)
    else:
        from .render import render_text

        text = render_text(answer)
    try:
        print(clean(text), flush=True)
    except BrokenPipeError:  # `referee ask ... | head`: the reader has all it wants
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_ANSWER if answer.matched else EXIT_NO_MATCH


class DamagedIndex(Exception):
    """A damaged index that could not be replaced (exit 2)."""


def _answer(ask, question: str, game: str | None, matches: int):  # noqa: ANN001
    """ask(), and once more on fresh indexes if a cached one turns out to be damaged.

    A flipped byte, a truncated file or text that is not UTF-8 in a cached index shows up as
    an error of SQLite, or of what is decoded from it, somewhere in the query. Then the cache
    is checked: the damaged files (or, if SQLite finds none, every index, since a damaged value
    can read as valid) are deleted and rebuilt, and the question asked again. Any error on the
    second try is not the cache's doing and is raised as it is.
    """
    import sqlite3

    from . import store
    from .cache import cache_dir, damaged_indexes, discard_indexes
    from .engine import AskUsage
    from .store import GameDataProblem

    try:
        return ask(question, game=game, k=matches)
    except (AskUsage, GameDataProblem):
        raise
    except (sqlite3.Error, ValueError, LookupError, TypeError, AttributeError):
        store.forget()
        damaged = damaged_indexes()
        gone = discard_indexes(damaged or None)
        still = [path for path in damaged if path not in gone]
        if still:
            raise DamagedIndex(f"the rules index {still[0]} is damaged and cannot be deleted; delete "
                               f"it by hand (indexes are kept in {cache_dir() / 'ask'})") from None
        if damaged:
            names = ", ".join(path.name for path in damaged)
            print(f"referee ask: a damaged rules index ({names}) was found and is rebuilt", file=sys.stderr)
    try:
        return ask(question, game=game, k=matches)
    except sqlite3.Error as exc:
        raise DamagedIndex(f"the rules index cannot be read ({exc}); delete the folder "
                           f"{cache_dir() / 'ask'} and ask again") from None


def fast_main(argv: list[str]) -> int | None:
    """`referee ask` arguments (after the word `ask`) -> exit code, or None when the Typer app
    should read them: the referee's one fast path (referee/entry.py, generator/launch.py)."""
    from referee.entry import COMMANDS

    return COMMANDS["ask"].run(argv)
