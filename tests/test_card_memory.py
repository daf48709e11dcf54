"""Records by the thousand stay small: cards given the same keys share pydantic's set of their
names (generator.model.base.Open), and a copy with changes gets its own, leaving the others'."""
from __future__ import annotations

from generator.model.game import Deck


def test_cards_given_the_same_keys_share_one_set_of_names_and_a_changed_copy_gets_its_own():
    deck = Deck.model_validate({"id": "d", "name": "D", "cards": [
        {"id": "a", "name": "A", "text": "Hit"}, {"id": "b", "name": "B", "text": "Run"}, {"id": "c", "name": "C"}]})
    first, second, third = deck.cards
    assert first.model_fields_set is second.model_fields_set
    assert first.model_fields_set == {"id", "name", "text"} and third.model_fields_set == {"id", "name"}
    changed = first.model_copy(update={"sample": True})
    assert changed.model_fields_set == {"id", "name", "text", "sample"}
    assert second.model_fields_set == {"id", "name", "text"}  # the shared set is not touched
    assert changed.model_dump(exclude_unset=True) == {"id": "a", "name": "A", "text": "Hit", "sample": True}
    assert second.model_dump(exclude_unset=True) == {"id": "b", "name": "B", "text": "Run"}
