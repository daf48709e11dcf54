"""Boneyard's dice: our own grammar, parser, evaluator and formatters (no eval()).

Pipeline, one module per stage::

    text --tokens.py--> tokens --parser.py--> Command (nodes.py, syntax only)
         --resolve.py--> Command with a DieType on every die (legality: names, modifiers)
         --evaluate.py + random.Random--> CommandResult (results.py) --format.py--> text / JSON
    referee/odds.py turns the same resolved Command into an exact distribution (icepool).

Expressions
-----------
  3d6  d20  d%  4 d6        N dice of X sides (N defaults to 1; d% is d100)
  + - * /  ( )  -x          arithmetic; '/' is floor division (-7/2 = -4, 7/2 = 3)
  4d6kh3  4d6k3  2d20kl1    keep the highest/lowest N (k = kh; N defaults to 1: 2d20kh)
  4d6dl1  5d6dh2            drop the lowest/highest N
  3d6!  3d6!>=5  3d6!5      explode: each die showing its highest face (or matching the
                            condition) adds one more die, which may explode too, up to
                            20 extra dice per die written; extra dice are ordinary dice:
                            they add to the total, can be kept or dropped, and count successes
  2d6r1  2d6r<3  2d6ro1     reroll while the face matches (at most 20 times) / reroll once
  4d6mi2  4d6ma5            clamp: each die counts at least 2 / at most 5
  10d6>=4  5d10<=3  6d6=6   count successes: the term is the number of dice that match
                            (a comparison right after '!', 'r' or 'f' belongs to it: 10d10!>=8
                            explodes on 8+; write the target first, 10d10>=8!, to count 8+
                            and explode on 10)
  10d10>=8f1                ... minus the number of failures: each kept die matching the
                            f condition subtracts 1 (a die can be both). The roll shows both
                            counts: "= 1 (2 successes, 1 failure)"; JSON "successes" is the
                            net count, with "success_dice" and "failure_dice" beside it
  6x 4d6kh3                 repeat: six separate results
  1d20+5 # attack           a label
  gamble  3 d4  4 white 2 red  ribbon-of-bone:d4
                            a game's dice by id, colour, name, tag or id prefix (with --game,
                            or game:die); a game die whose id looks standard (d4) replaces the
                            standard one; terms written side by side form one pool
                            ("4 white 2 red"); letter modifiers of a named die stand apart
                            ("4 white kh2"), since a name swallows the letters after it
  2 custom                  the die given with --faces

Modifiers are applied in a fixed order whatever order they are written in: reroll, explode,
clamp (per die), then keep/drop (over all dice of the term), then success/failure counting,
which compares what each die counts for (after mi/ma).

Game dice: a die with `success` faces counts successes (per colour and in total); faces with
symbols are summed per symbol; faces that show only a word are tallied by label; dice tagged
`time` are checked for "every one of them shows a blank".

Errors: everything raises `DiceError` (a ValueError) with a 1-based `column`.
Limits: see limits.py (one table), e.g. 1,000 dice per roll, 10,000 sides.
"""

from __future__ import annotations

import random

from .errors import DiceError, DiceLimitError, DiceSyntaxError
from .limits import DEFAULT_LIMITS, Limits
from .parser import parse
from .resolve import DieCatalog, resolve
from .results import CommandResult

__all__ = ["DiceError", "DiceLimitError", "DiceSyntaxError", "DieCatalog", "Limits", "parse", "prepare",
           "resolve", "roll"]


def prepare(text: str, catalog: DieCatalog | None = None, limits: Limits = DEFAULT_LIMITS):
    """Parse and resolve: the `Command` that `roll` and `referee.odds` work from."""
    return resolve(parse(text, limits), catalog, limits)


def roll(text: str, rng: random.Random | None = None, seed: int | None = None,
         catalog: DieCatalog | None = None, limits: Limits = DEFAULT_LIMITS) -> CommandResult:
    """Parse, resolve and roll `text`. Pass `rng` (or `seed`) for reproducible rolls."""
    from .evaluate import roll_command

    return roll_command(prepare(text, catalog, limits), rng=rng, seed=seed, limits=limits)
