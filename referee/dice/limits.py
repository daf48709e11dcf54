"""Fixed caps on the work one dice command may ask for (design: 'dice expressions past fixed
limits' are refused). All defaults live in the one table below; tests pass smaller ones.

The parser checks the caps that decide how much gets allocated (dice, sides, repeats,
nesting, length) *before* anything is rolled, so `1000000000d6` fails at once.
"""

from __future__ import annotations

from .record import fields, record

# name: (default, what it caps) -- the one table of defaults.
LIMIT_TABLE: dict[str, tuple[int, str]] = {
    "max_length": (500, "characters in an expression"),
    "max_dice": (1_000, "dice written in one command, counting repeats (explosions come on top)"),
    "max_sides": (10_000, "sides on one die"),
    "max_depth": (50, "nesting of parentheses and unary minus"),
    "max_explosions": (20, "extra dice a single die may add by exploding"),
    "max_rerolls": (20, "times a single die is rerolled by 'r' ('ro' rerolls once)"),
    "max_repeat": (100, "repeats in 'Nx expression'"),
    "max_faces": (1_000, "faces on a custom die given with --faces"),
    # Exact odds combine big tables of big integers; this caps the estimated work (about
    # 1-3 s at most), so `referee odds` refuses instead of hanging.
    "max_odds_work": (15_000_000, "estimated steps to work out exact odds"),
}


@record
class Limits:
    """Caps for one command. `Limits()` gives the defaults of LIMIT_TABLE."""

    max_length: int = LIMIT_TABLE["max_length"][0]
    max_dice: int = LIMIT_TABLE["max_dice"][0]
    max_sides: int = LIMIT_TABLE["max_sides"][0]
    max_depth: int = LIMIT_TABLE["max_depth"][0]
    max_explosions: int = LIMIT_TABLE["max_explosions"][0]
    max_rerolls: int = LIMIT_TABLE["max_rerolls"][0]
    max_repeat: int = LIMIT_TABLE["max_repeat"][0]
    max_faces: int = LIMIT_TABLE["max_faces"][0]
    max_odds_work: int = LIMIT_TABLE["max_odds_work"][0]

    @staticmethod
    def describe() -> str:
        """One line per limit, for help text."""
        return "\n".join(f"{LIMIT_TABLE[f.name][0]:>12,}  {LIMIT_TABLE[f.name][1]}" for f in fields(Limits))


DEFAULT_LIMITS = Limits()
