"""How many random playouts each game's tests run.

Issues 10 and 11 ask for 1,000 seeded games to the end per game; CI (.ci/run) and a plain
`pytest` run all of them. `make test` runs an evenly spread fifth (BONEYARD_PLAYOUTS=200), the
developer's loop: the same mixes of players and options, each seed played exactly as in the full
run, so a game that breaks there breaks in CI too."""
from __future__ import annotations

import os

FULL = 1000


def playout_count() -> int:
    """BONEYARD_PLAYOUTS if set to a whole number from 1 to 1,000, else all 1,000."""
    value = os.environ.get("BONEYARD_PLAYOUTS", "").strip()
    return min(FULL, int(value)) if value.isdigit() and int(value) > 0 else FULL


def spread(games: list) -> list:
    """An evenly spaced share of the full list of games: every mix in it keeps its place."""
    count = playout_count()
    step = len(games) / count
    return [games[int(i * step)] for i in range(min(count, len(games)))]


def share(games: list) -> list:
    """The same share of a list of any length as spread takes of the full 1,000 (a fifth at
    BONEYARD_PLAYOUTS=200), evenly spaced, at least one: for playouts beside the main ones."""
    count = max(1, round(len(games) * playout_count() / FULL))
    step = len(games) / count
    return [games[int(i * step)] for i in range(count)]
