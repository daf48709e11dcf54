"""Style from data: a layout value chosen by one of the card's fields, instead of a layout per variant.

Wherever a card layout takes a colour (a region's ``fill`` and ``stroke``, ``font.color``, the
layout's ``background``), a font size (``font.size``) or a region's ``value`` (an icon id, say),
it may instead take a mapping keyed by the values of one card field::

    fill: {by: element, fire: "#c33", water: "#36c", else: "#888"}
    font: {size: {by: rank, boss: 14, else: 10}}
    value: {by: element, fire: flame, water: drop}      # an icon region

``by`` names the field; every other key is one of its values (matched without regard to case,
so ``Fire`` in a spreadsheet matches ``fire:``), and ``else`` serves any value not listed (and a
card without the field). Each value is checked like the plain key it stands for: colours are
``#rrggbb`` (or ``#rgb``, or ``none``), sizes are points, icons must exist in the game. When the
game loads, every card's value must find an entry (or an ``else``) and ``by`` must be a field the
cards have: a miss names the deck, the card and the field.
"""
from __future__ import annotations

from typing import Annotated, Any, Generic, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator

T = TypeVar("T")
FieldName = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_-]*$", max_length=80)]


def case_key(value: Any) -> str:
    """How a card's value and a mapping's key are compared: as text, ignoring case (2 == 2.0)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip().casefold()


class Choice(BaseModel, Generic[T]):
    """``{by: field, <value>: <style>, ..., else: <style>}``: see the module's docstring."""

    model_config = ConfigDict(frozen=True, extra="allow", populate_by_name=True, defer_build=True)
    __pydantic_extra__: dict[str, T] = Field(init=False)  # the cases: each checked as T

    by: FieldName
    default: T | None = Field(None, alias="else")

    @field_validator("by", mode="before")
    @classmethod
    def _a_word(cls, value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(f"'by' names one card field (found {value!r})")
        return value

    @property
    def cases(self) -> dict[str, T]:
        return dict(self.model_extra or {})

    def lookup(self) -> dict[str, T]:
        return {case_key(key): value for key, value in self.cases.items()}

    def pick(self, data: dict) -> T | None:
        """The style for a card's data: its entry, else the ``else``, else None."""
        value = data.get(self.by)
        if value is None or isinstance(value, (list, dict)):
            return self.default
        return self.lookup().get(case_key(value), self.default)


def _which(value: Any) -> str:
    return "tagged-by" if isinstance(value, (dict, Choice)) else "tagged-value"


def styled(base: Any) -> Any:
    """``base``, or a Choice of ``base`` values (a mapping with ``by``). The tags start with
    'tagged' so error paths name the YAML keys only (generator.model.problems drops them)."""
    return Annotated[
        Union[Annotated[base, Tag("tagged-value")], Annotated[Choice[base], Tag("tagged-by")]],
        Discriminator(_which),
    ]


def resolve(value: Any, data: dict) -> Any:
    """A plain value as it is; a Choice picked for this card's (or back's) data."""
    return value.pick(data) if isinstance(value, Choice) else value
