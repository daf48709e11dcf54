"""How many random playouts each game's tests run.

Issues 10 and 11 ask for 1,000 seeded games to the end per game; CI (.ci/run) and a plain
`pytest` run all of them. `make test` runs an evenly spread tenth (BONEYARD_PLAYOUTS=100), the
developer's loop: the same mixes of players and options, each seed played exactly as in the full
run, so a game that breaks there breaks in CI too."""
from __future__ import annotations

import os
import random

FULL = 1000


def playout_count() -> int:
    """BONEYARD_PLAYOUTS if set to a whole number from 1 to 1,000, else all 1,000."""
    value = os.environ.get("BONEYARD_PLAYOUTS", "").strip()
    return min(FULL, int(value)) if value.isdigit() and int(value) > 0 else FULL


def playout_workers() -> int | None:
    """How many processes run_playouts plays on: one, in this test process, when xdist already
    keeps a test process on every core (a pool beside them cost ~15 % more CPU: it forks,
    builds the engine again and sends every final state back); else one a core (None)."""
    busy = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    return 1 if busy >= (os.cpu_count() or 1) else None


def spread(games: list) -> list:
    """An evenly spread share of the full list of games: one from each stretch of the list, from
    a place in it fixed by a seeded draw (the same every run). The tests mix players and options
    by seed % 2 to seed % 5, so the first of each stretch alone (seeds 0, 5, 10 ...) played one
    mix only: Bone Strike's 'all factions' in every game, Runeblade's sessions cap in none."""
    count = min(playout_count(), len(games))
    step = len(games) / count
    place = random.Random(0)
    return [games[int(i * step) + place.randrange(max(1, int((i + 1) * step) - int(i * step)))] for i in range(count)]


def share(games: list) -> list:
    """The same share of a list of any length as spread takes of the full 1,000 (a tenth at
    BONEYARD_PLAYOUTS=100), evenly spaced, at least one: for playouts beside the main ones."""
    count = max(1, round(len(games) * playout_count() / FULL))
    step = len(games) / count
    return [games[int(i * step)] for i in range(count)]
