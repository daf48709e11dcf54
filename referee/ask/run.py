"""Running `referee ask` without Typer: the shared body of the command, and a fast path.

`run()` is what the Typer command (command.py) calls. `fast_main(argv)` parses the same
arguments with argparse and runs them, so the referee's entry point can answer `referee ask`
before it builds its Typer app (typer imports pydantic to convert every parameter, --help
included, which costs more than the whole question). Anything it does not handle plainly
(--help, a malformed option) it leaves to the Typer app by returning None.
"""
from __future__ import annotations

import sys

EXIT_ANSWER = 0
EXIT_NO_MATCH = 1
EXIT_BAD_USAGE = 2
MAX_QUESTION_CHARS = 500  # a table question is a sentence; search time grows with its length


def run(question: str, game: str | None, matches: int, as_json: bool) -> int:
    """Answer and print; returns the exit code (0 answer, 1 no good match, 2 bad usage)."""
    from .engine import AskUsage, ask
    from .store import GameDataProblem

    if len(question) > MAX_QUESTION_CHARS:
        print(f"referee ask: the question is {len(question)} characters long; ask in at most "
              f"{MAX_QUESTION_CHARS}, one question at a time", file=sys.stderr)
        return EXIT_BAD_USAGE
    try:
        answer = ask(question, game=game, k=matches)
    except AskUsage as exc:
        print(f"referee ask: {exc}", file=sys.stderr)
        return EXIT_BAD_USAGE
    except GameDataProblem as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_USAGE
    if as_json:
        import json

        text = json.dumps(answer.as_json(), ensure_ascii=False, indent=2)
    else:
        from .render import render_text

        text = render_text(answer)
    try:
        print(text, flush=True)
    except BrokenPipeError:  # `referee ask ... | head`: the reader has all it wants
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_ANSWER if answer.matched else EXIT_NO_MATCH


def fast_main(argv: list[str]) -> int | None:
    """`referee ask` arguments (after the word `ask`) -> exit code, or None for the Typer app."""
    import argparse

    if any(a in ("-h", "--help") for a in argv):
        return None

    class Refuse(Exception):
        pass

    class Parser(argparse.ArgumentParser):
        def error(self, message):  # let the Typer app report usage errors, in its own words
            raise Refuse(message)

    parser = Parser(prog="referee ask", add_help=False, allow_abbrev=False)
    parser.add_argument("question", nargs="+")
    parser.add_argument("--game", "-g")
    parser.add_argument("-n", "--matches", type=int, default=3)
    parser.add_argument("--json", action="store_true", dest="as_json")
    try:
        args = parser.parse_intermixed_args(argv)
    except Refuse:
        return None
    if not 0 <= args.matches <= 20:  # engine.MAX_MATCHES; the Typer app words the error
        return None
    return run(" ".join(args.question), args.game, args.matches, args.as_json)
