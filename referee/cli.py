"""`referee`: the table-side command (a Typer app).

This app defines every command line; plain ones never reach it: referee/entry.py sends them
straight to each command's function, and help comes from a memo of this app's own output (see
generator/launch.py). To add a command: write a function below, decorate it with @app.command,
import the heavy parts inside it, wrap the work in `user_errors()`, and give it a line in
referee/entry.py's table.

Exit codes: 0 ok; 1 a negative verdict (for later commands like `check`); 2 bad usage, a bad
expression or bad game data. Users never see a traceback for bad input.
"""

from contextlib import contextmanager
from typing import Iterator, List, Optional

import typer

EXIT_BAD_INPUT = 2


app = typer.Typer(
    name="referee",
    help="Boneyard's table-side referee: follow a game and check its moves, roll dice, work out the odds and answer rule questions, from the game's own data.",
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,  # plain help, like `cards`; rich would print every flag as <bool>
    pretty_exceptions_enable=False,
)


def main() -> None:
    """Run the Typer app. The console script enters through referee.entry, which answers plain
    command lines and memoised help before this module is imported: the app is for the rest."""
    app()


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn bad input (dice expressions, game data) into a short message on stderr and exit 2."""
    try:
        yield
    except Exception as exc:  # noqa: BLE001 -- re-raised below unless it is bad input
        from referee.dice.errors import explain

        lines = explain(exc)
        if lines is None:
            raise
        for line in lines:
            typer.echo(line, err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None


# -- options shared by the dice commands ----------------------------------------------------

EXPRESSION = typer.Argument(None, metavar="EXPRESSION", show_default=False,
                            help="Dice expression; several words are joined with spaces (quote it "
                                 "if it holds '>', '<', '*', '(' or '#').")
GAME = typer.Option(None, "--game", "-g", metavar="GAME",
                    help="Use this game's dice (an id under content/ or a path to a game folder).")
FACES = typer.Option(None, "--faces", metavar="FACES",
                     help="A custom die, faces separated by commas: numbers count, words are tallied. "
                          "Call it 'custom' in the expression, or give just a count.")
JSON = typer.Option(False, "--json", help="Print JSON instead of text.")

ROLL_HELP = """Roll dice and show every die: kept, dropped, rerolled, exploded.

\b
Examples:
  referee roll 3d6
  referee roll 4d6kh3 --seed 7         keep the highest 3 of 4d6, replayable
  referee roll "1d20+5 # attack"       a label after '#'
  referee roll 6x 4d6kh3               six separate results
  referee roll "10d10>=8f1"            successes (8+) minus failures (1s)
  referee roll 2d6r1 + 3d6! + 4d6mi2   reroll 1s, explode 6s, count at least 2
  referee roll --game rattlebones gamble          a game's die
  referee roll --game runeblade 4 white 2 red     successes per colour
  referee roll --game bone-strike 2 red 1 time    symbols; all-blank check
  referee roll ribbon-of-bone:d4                  game:die
  referee roll --faces "1,2,3,gold,star,thief" 2  a custom die, twice

\b
Grammar:
  NdX d% ( )  + - * /       dice, numbers, arithmetic ('/' rounds down)
  kh3 kl1 k3 dh1 dl1        keep / drop highest or lowest (k = kh)
  !  !>=5                   explode on the highest face / on 5+ (adds dice)
  r1  r<3  ro1              reroll while it matches (max 20) / reroll once
  mi2  ma5                  each die counts at least 2 / at most 5
  >=4  <=3  >4  =6          count successes instead of adding up
  f1  f<=2                  ... and subtract one per failure
  10d10>=8!                 target first: 10d10!>=8 would explode on 8+
  white  3 white kh2  g:d4  a game's die (with --game, or game:die)
  4 white 2 red             dice side by side form one pool
  custom                    the --faces die
  Nx EXPR   EXPR # label    repeat; label
Limits: 1,000 dice per roll, 10,000 sides, 20 explosions per die, 100 repeats.
Without --seed a seed is drawn from system entropy and printed, so any roll can be replayed.
"""

ODDS_HELP = """Exact odds: each result as a fraction and %, "at least" %, mean, sd and a histogram.

\b
Examples:
  referee odds 3d6
  referee odds 4d6kh3
  referee odds "10d6>=4"              distribution of successes
  referee odds 3d6!                   explosions followed 20 deep (exact)
  referee odds --game rattlebones gamble         chance of each face
  referee odds --game bone-strike 2 red 1 time   each symbol's count; all-blank chance
  referee odds --game runeblade 4 white 2 red    number of successes
  referee odds --faces "1,2,3,gold,star,thief" 2

Same expressions as `referee roll`. Very large expressions are refused rather than left to run.
"""


@app.command(help=ROLL_HELP, no_args_is_help=True)
def roll(
    expression: Optional[List[str]] = EXPRESSION,
    game: Optional[str] = GAME,
    faces: Optional[str] = FACES,
    seed: Optional[int] = typer.Option(None, "--seed", metavar="N", help="Replay a roll: same seed, same dice."),
    as_json: bool = JSON,
) -> None:
    with user_errors():
        from referee.dice.commands import run_roll

        typer.echo(run_roll(expression, game, faces, seed, as_json))


@app.command(help=ODDS_HELP, no_args_is_help=True)
def odds(
    expression: Optional[List[str]] = EXPRESSION,
    game: Optional[str] = GAME,
    faces: Optional[str] = FACES,
    as_json: bool = JSON,
) -> None:
    with user_errors():
        from referee.dice.commands import run_odds

        typer.echo(run_odds(expression, game, faces, as_json))


def _register_commands() -> None:
    from referee.ask.command import register as register_ask

    register_ask(app)
    from referee.table.cli import register as register_table

    register_table(app)


_register_commands()
