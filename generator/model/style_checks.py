"""Load-time checks of what a card's layout does with its fields. Style from data
(generator/model/styles.py): every ``by`` names a field the cards (or backs) of its layout have,
every icon a choice names exists, and every card finds an entry for its value or an ``else``.
And a field a text region prints that YAML read as true/false from yes/no/on/off (it would print
"True") is refused with the fix. Errors name the deck, the card and the field."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from ..errors import Problem
from ..suggest import closest_hint, did_you_mean
from .extends import locate_region
from .game import Game
from .layouts import Layout
from .problems import Sources, _format_path
from .safeyaml import YamlRefused, read_yaml
from .styles import Choice, case_key
from .yaml_hints import bool_word_hint, quoted

# Keys every card has besides its layout's fields (generator.model.game.Card).
CARD_KEYS = ("id", "name", "count", "back", "layout", "rule", "sample")


def layout_choices(layout: Layout) -> Iterator[tuple[str | None, str | None, str, str, Choice]]:
    """(region id or None for the layout, the region's ``when``, key, what the values are, the
    choice) of every value a layout chooses by a card field."""
    if isinstance(layout.background, Choice):
        yield None, None, "background", "colour", layout.background
    for region in layout.regions:
        for key in ("fill", "stroke"):
            if isinstance(getattr(region, key), Choice):
                yield region.id, region.when, key, "colour", getattr(region, key)
        if isinstance(region.value, Choice):
            yield region.id, region.when, "value", "icon" if region.kind == "icon" else "text", region.value
        if isinstance(region.font.size, Choice):
            yield region.id, region.when, "font.size", "size", region.font.size
        if isinstance(region.font.color, Choice):
            yield region.id, region.when, "font.color", "colour", region.font.color


def _layout_place(layout: Layout, region_id: str | None, key: str) -> tuple[Path | None, int | None, int | None]:
    if layout.source is None:
        return None, None, None
    if region_id is not None:
        line, column, _field = locate_region(layout.source, region_id, key.split(".")[0])
        return layout.source, line, column
    try:
        doc = read_yaml(layout.source)
    except YamlRefused:
        return layout.source, None, None
    line, column = doc.keys.get((key,), (None, None))
    return layout.source, line, column


def _what(layout: Layout, region_id: str | None, key: str) -> str:
    where = f"region '{region_id}' {key}" if region_id else key
    return f"layout '{layout.id}', {where}"


def check_styles(game: Game, layouts: dict[str, Layout], sources: Sources) -> list[Problem]:
    problems: list[Problem] = []
    # Who shows each layout: (subject, data, data path) of every card front and every back.
    users: dict[str, list[tuple[str, dict, tuple]]] = {}
    for d_index, deck in enumerate(game.decks):
        for c_index, card in enumerate(deck.cards):
            data = {"id": card.id, "name": card.name, "count": card.count, "sample": card.sample, **card.extra}
            users.setdefault(card.layout or deck.layout, []).append(
                (f"deck '{deck.id}', card '{card.id}'", data, ("decks", d_index, "cards", c_index)))
        back_ids = {card.back or deck.back or "" for card in deck.cards}
        for back_id in sorted(back_ids):
            back = deck.backs.get(back_id)
            data = {"title": game.title, **(back.extra if back else {})}
            layout_id = (back.layout if back and back.layout else None) or deck.back_layout
            users.setdefault(layout_id, []).append(
                (f"deck '{deck.id}', back '{back_id or 'default'}'", data,
                 ("decks", d_index, "backs", back_id) if back else ("decks", d_index)))
    for layout_id, shown_by in users.items():
        layout = layouts.get(layout_id)
        if layout is None:
            continue  # references.py names the missing layout
        problems.extend(_bool_words(layout, shown_by, sources))
        choices = list(layout_choices(layout))
        if not choices:
            continue
        if layout.fields is not None and layout.kind == "card":
            known = set(layout.fields) | set(CARD_KEYS)
        else:
            known = {key for _subject, data, _path in shown_by for key in data}
        misses: dict[tuple, list] = {}  # (card, field) -> the choices it finds no entry in
        for region_id, when, key, kind, choice in choices:
            file, line, column = _layout_place(layout, region_id, key)
            if choice.by not in known:
                problems.append(Problem(
                    f"{_what(layout, region_id, key)}: 'by: {choice.by}' is not a field of the cards that use this layout",
                    file=file, line=line, column=column, path=f"{key}.by",
                    hint=did_you_mean(choice.by, known) or f"their fields: {', '.join(sorted(known))}"))
                continue
            if kind == "icon":
                for value in [*choice.cases.values(), choice.default]:
                    if isinstance(value, str) and "{" not in value and value not in game.icons:
                        problems.append(Problem(f"{_what(layout, region_id, key)}: icon '{value}' does not exist",
                                                file=file, line=line, column=column, path=f"{key}",
                                                hint=closest_hint(value, game.icons, "icon")))
            if choice.default is not None:
                continue
            for subject, data, path in shown_by:
                if choice.pick(data) is None and not (when and not data.get(when)):  # drawn, and no entry
                    misses.setdefault((subject, path, choice.by), []).append((f"region '{region_id}' {key}"
                                                                              if region_id else key, choice))
        for (subject, path, by), places in misses.items():
            problems.append(_miss(subject, path, by, layout, places, shown_by, sources))
    return problems


def _miss(subject: str, path: tuple, by: str, layout: Layout, places: list, shown_by: list,
          sources: Sources) -> Problem:
    """One problem per card and field, naming every choice of the layout it finds no entry in."""
    data = next(d for s, d, p in shown_by if p == path)
    value = data.get(by)
    where = ", ".join(place for place, _choice in places)
    cases = list(dict.fromkeys(case for _place, choice in places for case in choice.cases))
    if value is None:
        message = f"{subject} has no '{by}', which layout '{layout.id}' chooses by ({where})"
        hint = f"give it a '{by}', or add 'else: ...' to the mapping"
        at = path
    else:
        message = (f"{subject}: {by} '{value}' has no entry in layout '{layout.id}' ({where}; it knows "
                   f"{', '.join(cases)}) and there is no 'else'")
        hint = (did_you_mean(case_key(value), [case_key(c) for c in cases])
                or f"add {_key(value)}: ... to the mapping, or else: ... for every other value")
        at = path + (by,)
    file, line, column = sources.locate(at)
    return Problem(message, file=file, line=line, column=column, path=_format_path(at), hint=hint)


def _key(value) -> str:
    text = str(value)
    return text if re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_ -]*", text) else quoted(text)


def _bool_words(layout: Layout, shown_by: list, sources: Sources) -> list[Problem]:
    """A field a text region prints, written yes/no/on/off and read by YAML as true/false."""
    printed = {name for region in layout.regions if region.kind == "text" and isinstance(region.value, str)
               for name in re.findall(r"(?:card|back)\.([A-Za-z_][A-Za-z0-9_]*)", region.value)}
    found = []
    for subject, data, path in shown_by:
        for name in sorted(printed):
            word = sources.bool_words.get(path + (name,))
            if isinstance(data.get(name), bool) and word is not None:
                file, line, column = sources.locate(path + (name,))
                found.append(Problem(f"{subject}: '{name}' would print as {data[name]}, not as {word}", file=file,
                                     line=line, column=column, path=_format_path(path + (name,)),
                                     hint=bool_word_hint(word)))
    return found
