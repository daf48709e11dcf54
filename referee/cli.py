"""`referee`: the table-side command (a Typer app).

Each command imports what it needs inside its function, so `referee roll 3d6` starts in a
blink (no icepool, pydantic, yaml ...). To add a command: write a function below, decorate it
with @app.command(cls=PlainParamsCommand), import the heavy parts inside it, and wrap the work
in `user_errors()`.

Exit codes: 0 ok; 1 a negative verdict (for later commands like `check`); 2 bad usage, a bad
expression or bad game data. Users never see a traceback for bad input.
"""

from contextlib import contextmanager
from typing import Iterator, List, Optional

import typer
import typer.core

try:  # Typer's private coercion layer; another Typer version just keeps its own conversion
    from typer._coercion import RuntimeParam as _RuntimeParam
except ImportError:  # pragma: no cover
    _RuntimeParam = None  # type: ignore[assignment,misc]

EXIT_BAD_INPUT = 2


class _PlainParams:
    """Converts str/int/bool/list[str] parameters without pydantic.

    This Typer converts every parameter (even --help) through a pydantic TypeAdapter, and
    importing pydantic alone would double the start-up time of `referee roll 3d6`. Parameters
    of other types keep Typer's own conversion. tests/test_dice_cli.py checks that pydantic
    stays unimported.
    """

    def get_params(self, ctx):  # type: ignore[no-untyped-def]
        params = super().get_params(ctx)  # type: ignore[misc]
        if _RuntimeParam is None:
            return params
        for param in params:
            desc = getattr(param, "type_descriptor", None)
            if desc is not None and getattr(param, "_runtime_param", False) is None and _plain(desc.annotation):
                param._runtime_param = _PlainParam(desc.parameter_info, desc.annotation)
        return params


class PlainParamsCommand(_PlainParams, typer.core.TyperCommand):
    """Use as `@app.command(cls=PlainParamsCommand)` on table-side commands."""


class PlainParamsGroup(_PlainParams, typer.core.TyperGroup):
    pass


def _plain(annotation: object) -> bool:
    return annotation in (str, int, bool, List[str], list[str])


class _PlainParam(_RuntimeParam or object):  # type: ignore[misc]
    def _coerce_value(self, value, param, ctx):  # type: ignore[no-untyped-def]
        if self.annotation is int:
            try:
                return int(value)
            except (TypeError, ValueError):
                raise typer.BadParameter(f"{value!r} is not a whole number", ctx=ctx, param=param) from None
        if self.annotation is bool:
            return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes", "on")
        if self.annotation is str:
            return str(value)
        return [str(item) for item in value]


app = typer.Typer(
    name="referee",
    cls=PlainParamsGroup,
    help="Boneyard's table-side referee: follow a game and check its moves, roll dice, work out the odds and answer rule questions, from the game's own data.",
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,  # plain help, like `cards`; rich would print every flag as <bool>
    pretty_exceptions_enable=False,
)


def main() -> None:
    """Run the Typer app (the console script enters through referee.entry, which answers a plain
    `referee ask` before this module is imported)."""
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


@app.command(help=ROLL_HELP, no_args_is_help=True, cls=PlainParamsCommand)
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


@app.command(help=ODDS_HELP, no_args_is_help=True, cls=PlainParamsCommand)
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

    register_ask(app, cls=PlainParamsCommand)
    from referee.table.cli import register as register_table

    register_table(app, cls=PlainParamsCommand)


_register_commands()
