"""`referee ask` on what players ask in their own words (issue 12), round twenty-nine: a player
with fewer than a rule takes (the general rule on too few, not the named rule's number), and a
price said beside "how many times" (no roll of the time die); a row of the data acting on others
named with it (the x2's rule, not the gold's "doubled by x2"); a thing's price, which the box's count
of it is not (round thirty-three).

Asked of the designer's games in tests/fixtures and of the seed games in content/; every index is
built into a temporary cache.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.ask.engine import ask

FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytestmark = pytest.mark.usefixtures("module_ask_cache")  # indexes built into a temporary cache


@pytest.mark.parametrize("question", [
    "i skulled someone with only 1 bone left, what do i get",
    "skull says take 3 but he only has 2 bones",
])
def test_too_few_to_take_is_the_rule_on_too_few(question):
    """The Skull takes 3 bones; with 1 left, Special runes says take what there is (the Skull's
    "Take 3 bones" was the answer, wrong at the table)."""
    answer = ask(question, game="runes-and-bones")
    assert answer.citations[0].id == "special-runes", [c.id for c in answer.citations]
    assert "take what there is" in answer.answer, answer.answer


def test_too_few_to_pay_in_a_designers_game():
    answer = ask("i only have 1 coin and the honking costs 2, what happens", game=str(FIXTURES / "saturday-shine"))
    assert answer.citations[0].id == "the-queue.honking" and "pay what you have" in answer.answer, answer.answer


def test_too_few_of_what_the_rules_never_name_is_no_answer_of_theirs():
    """Saturday Shine has no fines: its sentence on paying what you have does not answer it."""
    answer = ask("what if i cant pay the fine", game=str(FIXTURES / "saturday-shine"))
    assert answer.source != "data:shortfall", answer.answer


def test_a_price_beside_how_many_times_is_no_roll():
    """ "The ability costs 2, how many times": 2 is a price and "times" no time die (the time die's
    row for a roll of 2 was the answer)."""
    answer = ask("5 bones in my pool and the bone ability costs 2, how many times can i use it", game="bone-strike")
    assert answer.source != "data:map" and answer.citations[0].id == "attack.bone-abilities", answer.answer


def test_a_row_acting_on_others_is_its_rule_not_their_field():
    """x2 with a gold and a star showing: the x2's rule says it doubles one die; the gold's field
    "doubled by x2: yes" was the answer (asked 23 times in the tuning set)."""
    answer = ask("rolled x2 with a gold and a star, do both double", game="rattlebones")
    assert answer.source != "data:record" and answer.citations[0].id == "actions.double", answer.answer


def test_an_icon_label_reads_once_beside_its_own_words():
    """Bone Strike's :bone: is labelled "Bone symbol": ":bone: symbols" read "Bone symbol symbols"
    in the answer, and ":damage: damage" "Damage symbol damage"."""
    abilities = ask("how many times can i use a bone ability in a turn", game="bone-strike")
    assert abilities.citations[0].id == "attack.bone-abilities"
    assert "with Bone symbols from the pool" in abilities.citations[0].text
    faces = ask("what can a die face show", game="bone-strike")
    texts = " ".join(c.text for c in faces.citations)
    assert "symbol symbol" not in texts and "Damage symbol damage" not in texts


def test_holding_more_than_the_limit_asks_the_limit():
    """"i have 6 runes after banners, do i have to discard" fell to "no good match" (0.25), and
    "after buying" to Buy runes: a number held and a question of discarding or being allowed asks
    the limit on holding."""
    for asked in ("i have 6 runes after banners, do i have to discard",
                  "i have 6 runes after buying, is that ok"):
        held = ask(asked, game="runes-and-bones")
        assert held.source == "data:limit" and held.citations[0].id == "round.hand-limit", asked


def test_a_things_price_is_not_the_boxs_count_of_it():
    """"how much does an ice cream cost" was answered "15 Ice cream tokens." (the kit list, under
    the set-up) at 0.59; the price is where the kiosk sells them."""
    answer = ask("how much does an ice cream cost", game=str(FIXTURES / "come-in-number-nine"))
    assert answer.matched and answer.citations[0].id == "the-kiosk.bringing-her-in", [c.id for c in answer.citations]
    assert "2 coins" in answer.answer and "tokens" not in answer.answer, answer.answer
