"""`referee ask` on what players ask in their own words (issue 12), round twenty-nine: a
price said beside "how many times" (no roll of the time die).

Asked of the designer's games in tests/fixtures and of the seed games in content/; every index is
built into a temporary cache.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.ask.engine import ask

FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytestmark = pytest.mark.usefixtures("module_ask_cache")  # indexes built into a temporary cache


def test_a_price_beside_how_many_times_is_no_roll():
    """ "The ability costs 2, how many times": 2 is a price and "times" no time die (the time die's
    row for a roll of 2 was the answer)."""
    answer = ask("5 bones in my pool and the bone ability costs 2, how many times can i use it", game="bone-strike")
    assert answer.source != "data:map" and answer.citations[0].id == "attack.bone-abilities", answer.answer
