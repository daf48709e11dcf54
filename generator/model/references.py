"""Cross-references in a validated game: every rule, icon, die, deck, back, layout, piece and path
a value names must exist (or stay inside the game folder), and text stays text."""
from __future__ import annotations

import re
from typing import Any

from ..errors import Problem
from ..limits import limit
from ..paths import LAYOUTS_DIR
from ..scene.images import ImageError, image_size  # stdlib only: reads the header
from ..suggest import closest_hint, did_you_mean
from .files import inside
from .game import Game
from .layouts import Layout
from .pieces import nested_images
from .problems import Sources, _format_path
from .refs import ICON_PATTERN, refs_in
from .rules import rule_tree

MAX_DECK_CARDS = limit("deck_cards")
MAX_GAME_CARDS = limit("game_cards")
MAX_TEXT = limit("text_chars")
# Card, back and piece fields holding a file path; checked to stay inside the game folder.
PATH_FIELDS = ("image", "art", "file", "font", "data")
# Text is data, not markup: HTML tags and URL schemes that could fetch or run something are refused.
HTML_PATTERN = re.compile(
    r"<[/!?]?[a-zA-Z][^>]*>"  # a tag: '<' straight before a name ('a < b and c > d' is prose)
    r"|\b(?:file|javascript|vbscript):\S"  # a URL scheme that fetches or runs something
    r"|\bdata:[a-z]+/[a-z0-9.+-]+[;,]",  # a data: URI ('score data: one line' is prose)
    re.IGNORECASE)
CONTROL_PATTERN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")



def check_references(game: Game, layouts: dict[str, Layout], sources: Sources) -> list[Problem]:
    problems: list[Problem] = []
    rule_ids = set(game.rule_numbers)
    table_ids = {table.id for table in game.tables}
    icons = set(game.icons)
    dice = {d.id for d in game.dice}

    def problem(path: tuple, message: str, hint: str | None = None, key: bool = False):
        file, line, col = sources.locate(path, key=key)
        problems.append(Problem(message, file=file, line=line, column=col, path=_format_path(path), hint=hint))

    def check_rule(path: tuple, rule_id: str | None):
        if rule_id is not None and rule_id not in rule_ids:
            problem(path, f"rule '{rule_id}' does not exist", closest_hint(rule_id, rule_ids, "rule"))

    def check_table(path: tuple, table_id: str):
        if table_id not in table_ids:
            problem(path, f"table '{table_id}' does not exist", closest_hint(table_id, table_ids, "table"))

    def check_text(path: tuple, text: Any):
        if isinstance(text, str) and len(text) > MAX_TEXT:  # refused before it is set in type, slowly
            problem(path, f"text of {len(text):,} characters; a text field may hold at most {MAX_TEXT:,}",
                    "no card or rule section needs this much: split it")
        elif isinstance(text, str):
            control = CONTROL_PATTERN.search(text)
            if control:
                problem(path, f"text contains the control character U+{ord(control.group(0)):04X}",
                        "remove it; it is invisible and breaks SVG output")
            smuggled = HTML_PATTERN.search(text)
            if smuggled:
                problem(path, f"text contains '{smuggled.group(0)[:40]}': HTML and file/data/javascript URLs are not allowed",
                        "write plain text with **bold**, *italic*, :icon-id:, [[rule.id]] and [[table:id]]; images belong in icons/")
            for kind, target in refs_in(text):
                if kind == "table":
                    check_table(path, target)
                else:
                    check_rule(path, target)
            for icon in ICON_PATTERN.findall(text):
                if icon not in icons:
                    problem(path, f"icon ':{icon}:' does not exist",
                            closest_hint(icon, icons, "icon") + " (icons are files in icons/)")
        elif isinstance(text, dict):
            for key, value in text.items():
                # Nested data (pieces, table rows, card fields) names icons and rules by these keys.
                if key == "icon" and isinstance(value, str):
                    check_icon(path + (key,), value)
                elif key == "rule" and isinstance(value, str):
                    check_rule(path + (key,), value)
                else:
                    check_text(path + (key,), value)
        elif isinstance(text, (list, tuple)):
            for index, value in enumerate(text):
                check_text(path + (index,), value)

    def check_markup(path: tuple, value: Any):
        """HTML and control characters only: for fields that carry no :icon: or [[rule]] markup."""
        if isinstance(value, str):
            for pattern, what in ((CONTROL_PATTERN, "a control character"), (HTML_PATTERN, "HTML or a URL scheme")):
                if pattern.search(value):
                    problem(path, f"'{value[:40]}' holds {what}", "write plain text")
        elif isinstance(value, dict):
            for key, item in value.items():
                check_markup(path + (key,), item)

    def check_icon(path: tuple, icon: str | None):
        if icon is not None and icon not in icons:
            problem(path, f"icon '{icon}' does not exist", closest_hint(icon, icons, "icon"))

    def check_layout(path: tuple, layout_id: str | None, kind: str):
        if layout_id is not None and layout_id not in layouts:
            problem(path, f"{kind} layout '{layout_id}' does not exist",
                    closest_hint(layout_id, layouts, "layout"))

    def check_duplicates(path: tuple, items, what: str):
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            if item.id in seen:
                problem(path + (index, "id"), f"{what} id '{item.id}' is used twice (first at index {seen[item.id]})",
                        "give each one its own id")
            seen.setdefault(item.id, index)

    def check_paths(path: tuple, fields: dict):
        for key, value in fields.items():
            if key in PATH_FIELDS and isinstance(value, str):
                target = (game.root / value)
                if not inside(target, game.root, LAYOUTS_DIR):
                    problem(path + (key,), f"path '{value}' leads outside the game folder",
                            "keep images and data inside the game folder and give a relative path")
                elif not target.exists():
                    problem(path + (key,), f"file '{value}' does not exist")
                elif key in ("image", "art") and target.suffix.lower() in (".png", ".jpg", ".jpeg"):
                    try:  # 0 x 0, a decompression bomb, not an image: refused here, at the card
                        image_size(target.resolve())
                    except ImageError as exc:
                        problem(path + (key,), str(exc))

    # rules
    check_duplicates(("rules",), game.rules, "rule section")
    for _full, _number, _depth, rule, here in rule_tree(game.rules):
        check_text(here + ("text",), rule.text)
        check_text(here + ("examples",), rule.examples)
        check_duplicates(here + ("sections",), rule.sections, "rule section")
    # Titles, names and credits reach the rulebook too: no markup or control characters anywhere.
    for key in ("title", "subtitle", "play_time", "age"):
        check_markup((key,), getattr(game, key))
    check_markup(("credits",), game.credits.model_dump())
    check_markup(("licence",), game.licence.model_dump() if game.licence else None)
    for _full, _number, _depth, rule, here in rule_tree(game.rules):
        check_markup(here + ("title",), rule.title)
    for group in ("decks", "dice", "components", "boards", "tokens", "tiles", "sheets", "tables"):
        for index, item in enumerate(getattr(game, group)):
            check_markup((group, index, "name" if group != "tables" else "title"),
                         getattr(item, "name", None) or getattr(item, "title", None))
    for index, entry in enumerate(game.glossary):
        check_rule(("glossary", index, "rule"), entry.rule)
        check_icon(("glossary", index, "icon"), entry.icon)
        check_text(("glossary", index, "text"), entry.text)
    for index, faq in enumerate(game.faq):
        check_rule(("faq", index, "rule"), faq.rule)
        check_text(("faq", index, "answer"), faq.answer)
    for index, table in enumerate(game.tables):
        check_rule(("tables", index, "rule"), table.rule)
        for field, ref in table.field_rules.items():
            check_rule(("tables", index, "field_rules", field), ref)
        check_text(("tables", index, "rows"), list(table.rows))
        if table.die is not None and table.die not in dice:
            problem(("tables", index, "die"), f"die '{table.die}' does not exist", closest_hint(table.die, dice, "die"))
    check_duplicates(("tables",), game.tables, "table")
    for key, value in game.values.items():
        check_rule(("values", key, "rule"), value.rule)
    # dice
    check_duplicates(("dice",), game.dice, "die")
    for index, die in enumerate(game.dice):
        check_rule(("dice", index, "rule"), die.rule)
        for face_index, face in enumerate(die.faces):
            check_icon(("dice", index, "faces", face_index, "icon"), face.icon)
        if die.success is not None:
            values = {f.value for f in die.faces}
            missing = [v for v in die.success if v not in values]
            if missing:
                problem(("dice", index, "success"), f"success values {missing} are on no face of '{die.id}'")
    # decks and cards
    check_duplicates(("decks",), game.decks, "deck")
    all_cards = sum(deck.total for deck in game.decks)
    if all_cards > MAX_GAME_CARDS and all(deck.total <= MAX_DECK_CARDS for deck in game.decks):
        problem(("decks",), f"the decks print {all_cards:,} cards together; a game may print at most {MAX_GAME_CARDS:,}",
                "no printed game needs this many cards: check the counts")
    for d_index, deck in enumerate(game.decks):
        here = ("decks", d_index)
        check_rule(here + ("rule",), deck.rule)
        check_layout(here + ("layout",), deck.layout, "card")
        check_layout(here + ("back_layout",), deck.back_layout, "back")
        if deck.back is not None and deck.back not in deck.backs:
            problem(here + ("back",), f"back '{deck.back}' is not one of this deck's backs",
                    closest_hint(deck.back, deck.backs, "back"))
        for b_id, back in deck.backs.items():
            check_layout(here + ("backs", b_id, "layout"), back.layout, "back")
            check_text(here + ("backs", b_id), back.extra)
            check_paths(here + ("backs", b_id), back.extra)
        check_duplicates(here + ("cards",), deck.cards, "card")
        if deck.total > MAX_DECK_CARDS:
            problem(here + ("cards",), f"deck '{deck.id}' prints {deck.total:,} cards; the limit is {MAX_DECK_CARDS:,}",
                    "check the counts, or split the deck")
        if deck.total == 0:
            problem(here + ("cards",), f"deck '{deck.id}' prints no card: every count is 0",
                    "give at least one card a count, or remove the deck")
        sizes: dict[tuple[float, float], tuple[int, str, str | None]] = {}
        for c_index, card in enumerate(deck.cards):
            for key, layout_id in (("layout", card.layout or deck.layout),
                                   ("back", (deck.backs[card.back].layout if card.back in deck.backs else None)
                                    or deck.back_layout)):
                layout = layouts.get(layout_id)
                if layout is not None:
                    sizes.setdefault(layout.size_mm, (c_index, key, layout_id))
        if len(sizes) > 1:
            shown = ", ".join(f"{w:g} x {h:g} mm ({lid})" for (w, h), (_i, _k, lid) in sizes.items())
            problem(here + ("layout",), f"deck '{deck.id}' mixes card sizes: {shown}",
                    "a deck is imposed on one grid: give its fronts and backs layouts of one size, "
                    "or split it into decks")
        for c_index, card in enumerate(deck.cards):
            where = here + ("cards", c_index)
            check_rule(where + ("rule",), card.rule)
            check_layout(where + ("layout",), card.layout, "card")
            if card.back is not None and card.back not in deck.backs:
                problem(where + ("back",), f"back '{card.back}' is not one of this deck's backs",
                        closest_hint(card.back, deck.backs, "back"))
            fields = card.extra
            check_text(where, fields)
            for e_index, effect in enumerate(card.effects):
                if effect.die is not None and effect.die not in dice:
                    problem(where + ("effects", e_index, "die"), f"die '{effect.die}' does not exist",
                            closest_hint(effect.die, dice, "die"))
                for d_index, die_id in enumerate(effect.dice):
                    if die_id not in dice:
                        problem(where + ("effects", e_index, "dice", d_index), f"die '{die_id}' does not exist",
                                closest_hint(die_id, dice, "die"))
                check_text(where + ("effects", e_index, "text"), effect.text)
            check_paths(where, fields)
            icon_list = fields.get("icons")  # a single `icon` is checked with the other fields above
            for icon in (icon_list if isinstance(icon_list, list) else []):
                check_icon(where + ("icons",), str(icon))
            layout = layouts.get(card.layout or deck.layout)
            if layout is not None and layout.fields is not None:
                for key in fields:
                    if key not in layout.fields:
                        problem(where + (key,), f"field '{key}' is not shown by layout '{layout.id}'",
                                did_you_mean(key, layout.fields)
                                or f"layout '{layout.id}' shows: {', '.join(layout.fields) or 'no extra fields'}",
                                key=True)
    # pieces and components
    piece_ids = {d.id for d in game.decks} | dice
    for group in ("boards", "tokens", "tiles", "sheets"):
        items = getattr(game, group)
        check_duplicates((group,), items, group[:-1])
        for index, piece in enumerate(items):
            piece_ids.add(piece.id)
            check_rule((group, index, "rule"), piece.rule)
            check_text((group, index), piece.extra)
            check_paths((group, index), piece.extra)
            for where, image in nested_images(piece.extra):  # front.image, regions[0].image ...
                check_paths((group, index) + where, {"image": image})
    for index, sheet in enumerate(game.sheets):
        if sheet.for_die is not None and sheet.for_die not in dice:
            problem(("sheets", index, "for_die"), f"die '{sheet.for_die}' does not exist",
                    closest_hint(sheet.for_die, dice, "die"))
    check_duplicates(("components",), game.components, "component")
    for index, component in enumerate(game.components):
        if component.ref is not None and component.ref not in piece_ids:
            problem(("components", index, "ref"), f"'{component.ref}' is no deck, die, board, token, tile or sheet",
                    closest_hint(component.ref, piece_ids, "piece"))
    return problems
