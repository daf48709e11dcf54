"""The `referee ask` command. The referee's Typer app adds it with `register(app)`.

Only typer is imported here; the engine (sqlite3, json) is imported when the command runs, and
the loader only if the game's index has to be built. run.py holds the command's body, which
referee/entry.py calls without Typer for plain command lines.
"""
from __future__ import annotations

from typing import Annotated, Optional

import typer

# One line per paragraph: the referee app's rich help keeps the line breaks it is given.
ASK_HELP = (
    "Answer a rule question from the game's own rules, citing the sections (§4.3) it comes from.\n\n"
    "Where the data settles it (who beats whom, a chart, a die roll, a count, a card) the answer is "
    "worked out from the data. Without --game, the game is the one the question fits best; when "
    "several fit, they are named.\n\n"
    "\b\nExamples:\n"
    '  referee ask "does water-axe beat fire-shield?"\n'
    '  referee ask "how many points for three stars?" --game rattlebones\n'
    '  referee ask "what happens when I roll a 2?" --game ribbon-of-bone --json\n'
    '  referee ask "can a tapped warrior block?" -n 1\n\n'
    "Exit 0 with an answer, 1 when nothing in the rules matches well (the closest sections are "
    "listed), 2 for bad usage or a game that does not exist or does not load."
)


def register(app: typer.Typer, cls: type | None = None) -> None:
    """Add `ask` to `app` (the referee's Typer app). `cls`: a command class for it; default:
    Typer's own. Plain `referee ask` lines never reach this: referee/entry.py answers them."""

    @app.command("ask", cls=cls, no_args_is_help=True, help=ASK_HELP)
    def ask_command(
        question: Annotated[list[str], typer.Argument(
            help="The rule question, in your own words (quotes optional).", show_default=False)],
        game: Annotated[Optional[str], typer.Option(
            "--game", "-g", help="A game id under content/ or a game folder; "
                                 "default: the game the question fits best.")] = None,
        matches: Annotated[int, typer.Option(
            "-n", "--matches", min=0, max=20, help="Further matching sections to list after the answer.")] = 3,
        as_json: Annotated[bool, typer.Option(
            "--json", help="Print {game, answer, confidence, citations: [{id, number, title, text}]}.")] = False,
    ) -> None:
        from .run import run

        raise typer.Exit(run(" ".join(question), game, matches, as_json))
