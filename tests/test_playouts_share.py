"""`make test` plays a share of the 1,000 seeded games of each rules engine (tests/playouts.py):
that share must hold every mix the tests make by seed, as the full run does."""
from __future__ import annotations

import playouts
import pytest


@pytest.mark.parametrize("count", [100, 200, 250, 400, 999, 1000])
def test_the_share_of_playouts_holds_every_mix_of_seeds(monkeypatch, count):
    """The tests pick players and options by seed % 2 to seed % 5; every fifth seed alone once
    made Bone Strike's 200 games all 'all factions' and Runeblade's never capped by sessions."""
    monkeypatch.setenv("BONEYARD_PLAYOUTS", str(count))
    seeds = playouts.spread(list(range(playouts.FULL)))
    assert len(seeds) == len(set(seeds)) == count and set(seeds) <= set(range(playouts.FULL))
    assert seeds == sorted(seeds)  # evenly along the list, each seed played as in the full run
    for modulus in (2, 3, 4, 5):
        mixes = [sum(1 for seed in seeds if seed % modulus == r) for r in range(modulus)]
        assert min(mixes) >= 0.75 * count / modulus, (modulus, mixes)
