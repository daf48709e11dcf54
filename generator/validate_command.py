"""`cards validate` itself, without Typer: the Typer command (generator/cli.py) and the console
script's fast path (generator/entry.py) both call `validate()`, so the two answer alike by
construction, and a designer checking a game after each edit does not pay for Typer's start-up.
"""
from __future__ import annotations

from .build_command import EXIT_BAD_INPUT, echo, game_refs


def validate(games: list[str] | None) -> int:
    """Check each game without writing anything, every problem at once with file:line:column, and
    every card and sheet composed so that text that does not fit is found too. Returns the exit
    code: 0, or EXIT_BAD_INPUT when any game has problems."""
    from .errors import BuildError, GameDataError
    from .kit.plan import plan_kit
    from .model.loader import load
    from .options import BuildOptions

    bad = 0
    for ref in game_refs(games):
        try:
            loaded = load(ref)
            # The build's own plan, written nowhere: every card and piece is composed, every sheet
            # layout checked, so text that does not fit is found here too (decks are not imposed).
            plan_kit(loaded, BuildOptions(formats=("svg",)))
        except GameDataError as exc:
            echo(str(exc), err=True)
            bad += 1
            continue
        except BuildError as exc:
            echo(f"{ref}: cannot be built:\n{exc}", err=True)
            bad += 1
            continue
        game = loaded.game
        cards = sum(d.total for d in game.decks)
        echo(f"{game.id}: ok ({len(game.decks)} decks, {cards} cards, {len(game.dice)} dice, "
             f"{len(game.rule_numbers)} rule sections)")
    return EXIT_BAD_INPUT if bad else 0
