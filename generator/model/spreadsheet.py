"""Cards from a spreadsheet: a deck's ``cards`` may name a CSV, TSV or XLSX file instead of a list.

    decks:
      - id: spells
        name: Spells
        cards: {from: spells.csv}          # a file beside this YAML file
        # or {from: cards.xlsx, sheet: Spells, columns: {Card name: name, Notes: null}}

The first row names the fields; every further row is one card (blank rows are skipped). A column
named like a card key (``id``, ``name``, ``count``, ``back``, ``layout``, ``rule``, ``sample``)
fills that key; any other column is a field the layout shows (``cost``, ``text`` ...).
``columns`` maps a header to a field (``Card name: name``) or to nothing (``Notes: null``: a
column for the designer, never printed). Without an ``id`` column a card's id is made from its
name (``Fire Axe`` -> ``fire-axe``). An empty cell leaves the field out (so ``when: cost``
works); a cell holding a whole or decimal number is a number. Text cells take the same markup as
YAML (``**bold**``, ``:icon:``, ``[[rule.id]]``) and never need quotes. ``effects`` (read by the
referee) cannot come from a cell: such cards stay in YAML.

Cards from a sheet are validated exactly as YAML cards are, and each mistake is reported at its
cell: ``spells.csv:5:3: row 5, column C (cost): ...``; a header the layout does not show gets a
"did you mean". Reading is bounded (generator/limits.py, generator/model/sheet_read.py).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..suggest import did_you_mean, did_you_mean_file
from .files import inside
from .layouts import Layout
from .problems import Sources
from .sheet_read import SUFFIXES, SheetRefused, column_letter, read_grid
from .style_checks import CARD_KEYS, layout_choices
from .yaml_hints import quoted

SPEC_KEYS = ("from", "sheet", "columns")
TEXT_KEYS = ("id", "name", "back", "layout", "rule")  # card keys that are always text
_FIELD = re.compile(r"card\.([A-Za-z_][A-Za-z0-9_]*)")
_CARD_PATH = re.compile(r"^decks\[(\d+)\]\.cards\[(\d+)\](?:\.([^.\[]+))?")


@dataclass
class _Placed:
    file: Path
    deck: int
    rows: list[int] = field(default_factory=list)  # card index -> row number
    columns: dict[str, tuple[int, str]] = field(default_factory=dict)  # field -> (column, header)


@dataclass
class SheetPlaces:
    """Where each card read from a spreadsheet came from, to name rows and columns in problems."""

    placed: list[_Placed] = field(default_factory=list)

    def relabel(self, problems: list[Problem]) -> list[Problem]:
        """A problem at ``decks[0].cards[3].cost`` of a sheet's card reads ``row 5, column C (cost)``."""
        out = []
        for problem in problems:
            match = _CARD_PATH.match(problem.path or "")
            placed = None if match is None else next(
                (p for p in self.placed if p.deck == int(match.group(1)) and p.file == problem.file), None)
            if match is None or placed is None or int(match.group(2)) >= len(placed.rows):
                out.append(problem)
                continue
            row = placed.rows[int(match.group(2))]
            name = match.group(3)
            label = f"row {row}"
            if name in placed.columns:
                column, header = placed.columns[name]
                label += f", column {column_letter(column)} ({header})"
            hint = problem.hint
            missing = re.fullmatch(r"add '(\w+): \.\.\.' here", hint or "")
            if missing:
                hint = f"add a '{missing.group(1)}' column (or fill this row's cell)"
            elif "is used twice" in problem.message:
                hint = "give each row its own name (or id); for copies of one card, keep one row and set its count"
            message = re.sub(r"\(first at index (\d+)\)",  # a duplicate card: its first row, not its index
                             lambda m: f"(first at row {placed.rows[int(m.group(1))]})"
                             if int(m.group(1)) < len(placed.rows) else m.group(0), problem.message)
            out.append(dataclasses.replace(problem, message=message, path=label, hint=hint))
        return out


def expand_spreadsheets(root: Path, data: dict, layouts: dict[str, Layout], problems: list[Problem],
                        sources: Sources) -> SheetPlaces:
    """Replace every deck's ``cards: {from: file}`` by the cards its rows describe, in place."""
    places = SheetPlaces()
    decks = data.get("decks") if isinstance(data, dict) else None
    for index, deck in enumerate(decks if isinstance(decks, list) else []):
        if isinstance(deck, dict) and isinstance(deck.get("cards"), dict):
            deck["cards"] = _deck_cards(root, index, deck, layouts, problems, sources, places)
    return places


def _problem(problems: list[Problem], sources: Sources, path: tuple, message: str, hint: str | None = None,
             key: bool = False) -> None:
    file, line, column = sources.locate(path, key=key)
    shown = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    problems.append(Problem(message, file=file, line=line, column=column, path=shown, hint=hint))


def _deck_cards(root: Path, index: int, deck: dict, layouts: dict[str, Layout], problems: list[Problem],
                sources: Sources, places: SheetPlaces) -> list[dict]:
    spec = deck["cards"]
    here = ("decks", index, "cards")
    before = len(problems)
    for key in spec:
        if key not in SPEC_KEYS:
            _problem(problems, sources, here + (key,), f"unknown key '{key}' in cards read from a spreadsheet",
                     did_you_mean(key, SPEC_KEYS) or "allowed: from (the file), sheet (XLSX), columns", key=True)
    source = spec.get("from")
    if not isinstance(source, str) or not source.strip():
        _problem(problems, sources, here, "cards are a list of cards, or {from: FILE} naming a CSV or XLSX file",
                 "write 'cards: {from: cards.csv}' (a file beside this YAML file)")
        return []
    sheet = spec.get("sheet")
    if sheet is not None and not isinstance(sheet, str):
        _problem(problems, sources, here + ("sheet",), f"expected the name of a sheet, found {sheet!r}")
    columns = spec.get("columns") or {}
    if not isinstance(columns, dict) or not all(isinstance(v, str) or v is None for v in columns.values()):
        _problem(problems, sources, here + ("columns",), "expected a mapping of header: field",
                 "e.g. columns: {Card name: name, Notes: null} (null: a column never printed)")
        columns = {}
    yaml_file = sources.locate(here + ("from",))[0] or root / "game.yaml"
    target = yaml_file.parent / source
    if not inside(target, root):
        _problem(problems, sources, here + ("from",), f"path '{source}' leads outside the game folder",
                 "keep the spreadsheet inside the game folder and give a path relative to this YAML file")
        return []
    if not target.is_file():
        _problem(problems, sources, here + ("from",), f"file '{source}' does not exist (looked in {target.parent})",
                 did_you_mean_file(target, source, SUFFIXES) or "the path is relative to the YAML file that names it")
        return []
    if len(problems) > before:
        return []
    try:
        grid = read_grid(target.resolve(), sheet if isinstance(sheet, str) else None)
    except SheetRefused as exc:
        if exc.key is not None:
            _problem(problems, sources, here + (exc.key,), exc.message, exc.hint)
            return []
        where = f"row {exc.row}" + (f", column {column_letter(exc.column)}" if exc.column else "") if exc.row else ""
        problems.append(Problem(exc.message, file=target, line=exc.row, column=exc.column, path=where, hint=exc.hint))
        return []
    except OSError as exc:
        problems.append(Problem(f"cannot read the file: {exc.strerror or exc}", file=target))
        return []
    for row, column, length in grid.long_cells:
        problems.append(Problem(f"text of {length:,} characters; a cell may hold at most 20,000", file=target,
                                line=row, column=column, path=f"row {row}, column {column_letter(column)}",
                                hint="no card needs this much: shorten it"))
    if not grid.rows:
        problems.append(Problem("the file is empty: its first row names the fields, each row below is a card",
                                file=target, hint="e.g. a header row 'name,count,cost,text'"))
        return []
    return _rows_to_cards(target, index, deck, grid.rows, columns, layouts, problems, sources, places)


def _rows_to_cards(file: Path, index: int, deck: dict, rows: list, columns: dict, layouts: dict[str, Layout],
                   problems: list[Problem], sources: Sources, places: SheetPlaces) -> list[dict]:
    header_row, header = rows[0]
    body = rows[1:]

    def at(row: int, column: int, message: str, hint: str | None = None, label: str = "") -> None:
        where = label or f"row {row}, column {column_letter(column)}"
        problems.append(Problem(message, file=file, line=row, column=column, path=where, hint=hint))

    fields: dict[int, tuple[str, str]] = {}  # column -> (field, header)
    headers = [str(h) if h is not None else None for h in header]
    for column, name in enumerate(headers, start=1):
        if name is None:
            if any(column <= len(cells) and cells[column - 1] is not None for _n, cells in body):
                at(header_row, column, f"column {column_letter(column)} has values but no header",
                   "name its field in the first row, or delete the column")
            continue
        if name in headers[:column - 1]:
            at(header_row, column, f"header '{name}' appears twice", "each column fills one field: rename one")
            continue
        mapped = columns.get(name, name)
        twin = next((h for f, h in fields.values() if f == mapped), None)
        if mapped is not None and twin is not None:
            at(header_row, column, f"columns '{twin}' and '{name}' both fill the field '{mapped}'",
               f"keep one, or map the other elsewhere: columns: {{{_yaml_key(name)}: null}}")
        elif mapped is not None:
            fields[column] = (mapped, name)
    for name in columns:
        if name not in headers:
            _problem(problems, sources, ("decks", index, "cards", "columns", name),
                     f"'{name}' is not a header of {file.name}",
                     did_you_mean(name, [h for h in headers if h])
                     or f"its headers: {', '.join(_yaml_key(h) for h in headers if h)}",
                     key=True)
    layout_ids = {deck.get("layout", "poker")}
    layout_column = next((c for c, (f, _h) in fields.items() if f == "layout"), None)
    if layout_column is not None:
        layout_ids |= {cells[layout_column - 1] for _n, cells in body if layout_column <= len(cells)} - {None}
    layout_id = str(deck.get("layout", "poker"))
    known, declared = _known_fields(layout_ids, layouts)
    for column, (name, header_text) in list(fields.items()):
        if name == "effects":
            at(header_row, column, "effects cannot come from a spreadsheet cell",
               "write the cards with effects in YAML, or leave the column out: columns: {effects: null}")
            del fields[column]
        elif known is not None and name not in known:
            guess = did_you_mean(name, known) or did_you_mean(re.sub(r"[\s-]+", "_", name.lower()), known)
            if declared or guess:
                shown = f"' (mapped to '{name}')" if name != header_text else "'"
                hint = guess or f"layout '{layout_id}' shows: {', '.join(sorted(known - set(CARD_KEYS)))}"
                hint += f" (a column only for you: columns: {{{_yaml_key(header_text)}: null}})"
                at(header_row, column, f"header '{header_text}{shown} is not a field layout '{layout_id}' shows", hint,
                   label=f"row {header_row}, column {column_letter(column)}")
                del fields[column]
    placed = _Placed(file=file, deck=index, columns={f: (c, h) for c, (f, h) in fields.items()})
    cards: list[dict[str, Any]] = []
    for number, cells in body:
        card: dict[str, Any] = {}
        for column, (name, _header) in fields.items():
            value = cells[column - 1] if column <= len(cells) else None
            if value is not None:
                card[name] = _typed(name, value)
        if not card:
            continue
        if "id" not in card and isinstance(card.get("name"), str):
            made = re.sub(r"[^a-z0-9]+", "-", card["name"].lower()).strip("-")
            if not made:
                problems.append(Problem(f"no id can be made from the name '{card['name']}' (ids are lower-case "
                                        "letters, digits and dashes)", file=file, line=number, column=1,
                                        path=f"row {number}", hint="add an 'id' column and give this card an id"))
            card["id"] = made or "-"
        path = ("decks", index, "cards", len(cards))
        sources.values[path] = sources.keys[path] = (file, number, 1)
        for column, (name, _header) in fields.items():
            sources.values[path + (name,)] = sources.keys[path + (name,)] = (file, number, column)
        cards.append(card)
        placed.rows.append(number)
    if not cards:
        problems.append(Problem("no cards: the first row names the fields, but no row below it holds a card",
                                file=file, line=header_row, hint="add a row for each card"))
    places.placed.append(placed)
    return cards


def _yaml_key(text: str) -> str:
    """A header as a YAML key the designer can paste: quoted unless it is plain words."""
    return text if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_ -]*", text) else quoted(text)


def _typed(name: str, value: Any) -> Any:
    """Card keys as the model types them; other fields' numeric text as numbers."""
    if name in TEXT_KEYS:
        return str(value).lower() if isinstance(value, bool) else str(value)
    if isinstance(value, str) and name not in CARD_KEYS:
        if re.fullmatch(r"-?(0|[1-9][0-9]{0,15})", value):
            return int(value)
        if re.fullmatch(r"-?[0-9]{1,15}\.[0-9]{1,15}", value):
            return float(value)
    return value


def _known_fields(layout_ids: set, layouts: dict[str, Layout]) -> tuple[set[str] | None, bool]:
    """The fields the deck's layouts show (None: a layout is missing), and whether every one
    declares them."""
    known, declared = set(CARD_KEYS), True
    for layout_id in sorted(layout_ids, key=str):
        layout = layouts.get(str(layout_id))
        if layout is None:  # unknown or itself broken: said elsewhere; check no header against it
            return None, False
        if layout.fields is not None:
            known |= set(layout.fields)
            continue
        declared = False  # no list: the fields its regions name, for "did you mean" only
        for region in layout.regions:
            for text in (region.value, region.when):
                if isinstance(text, str):
                    known |= set(_FIELD.findall(text)) | ({text} if text is region.when else set())
        known |= {choice.by for *_where, choice in layout_choices(layout)}
    return known, declared
