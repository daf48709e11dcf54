"""Read back every rulebook and quick reference of the five games as a player reads them: no
raw data (a field name followed by a colon and its value, a lowercase id where the thing has a
name), no doubled numbering, no contents entry twice, and the player aid says what every action
side and ability does.

The checks are plain functions over a PDF's text, so ``python tests/test_player_aids.py DIR``
runs them over a kit already built (``cards build --only rulebook --out DIR``)."""
from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest
from pdfcheck import text_pages

from generator.model.loader import load
from generator.rulebook.markup import humanize

GAMES = ["bone-strike", "rattlebones", "ribbon-of-bone", "runeblade", "runes-and-bones"]
DOCUMENTS = ["rulebook.pdf", "quickref.pdf"]
DOUBLED_NUMBER = re.compile(r"^\s*\d+(?:\.\d+)*\s+\d+[.):]\s+\w.*$", re.MULTILINE)  # "4.1 1. Refill the bag"
OWNED = re.compile(r"(?:'s|\b(?:the|a|an|your|his|her|its|their))\s+$", re.IGNORECASE)  # "Rattlebones's space: ..."
TOC_LINE = re.compile(r"^\s*(\d+(?:\.\d+)*\s+)?(.+?)\s*\.{3,}\s*\d+\s*$")


def norm(text: str) -> str:
    text = text.replace("\u00a0", " ").replace("\u2212", "-")
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"(\w)- (\w)", r"\1-\2", text).strip()  # a line broken after a hyphen


def pages(path: Path) -> list[str]:
    return list(_pages(path.resolve(), path.stat().st_mtime_ns))


@functools.lru_cache(maxsize=32)
def _pages(path: Path, _mtime_ns: int) -> tuple[str, ...]:
    """Each page's text, read once per file and version: several checks read every rulebook."""
    return tuple(text_pages(path))


# --- what the data calls things ----------------------------------------------------------------


def _keys(value, found: set[str]) -> None:
    """Every mapping key inside a table row, however deep."""
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(str(key))
            _keys(inner, found)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            _keys(inner, found)


def field_names(game) -> set[str]:
    """The data's field names: table columns and row keys at any depth (``goes_to``, ``if_yes``)."""
    found: set[str] = set()
    for table in game.tables:
        found.update(table.columns)
        for row in table.rows:
            _keys(row, found)
    return {name for name in found if not name.isdigit()}


def _per_game(make):
    """``make(game)`` worked out once per game object: the checks run on every page of ten documents."""
    found: dict[int, tuple] = {}

    @functools.wraps(make)
    def cached(game):
        if id(game) not in found:
            found[id(game)] = (game, make(game))  # the game kept, so that its id is not reused
        return found[id(game)][1]

    return cached


@_per_game
def _raw_field_patterns(game) -> tuple[str, list[tuple[str, re.Pattern]]]:
    """The game's prose (casefolded) and (form in lowercase, its pattern) for each form of each
    field name, longest first."""
    things = {word.casefold() for pair in named_things(game).items() for word in pair}  # "Points: Score ...": a side's name
    patterns = [(form.lower(), re.compile(rf"(?<![\w-]){re.escape(form)}\s*:\s*[\w§(−-][\w-]*", re.IGNORECASE))
                for name in sorted(field_names(game) - things, key=len, reverse=True)
                for form in {name, humanize(name), name.replace("_", " ")}]
    return norm(game_prose(game)).casefold(), patterns


def raw_fields(game, text: str) -> list[str]:
    """'goes to: heap', 'Keeps failed own colour: yes', '§: §4.2': a field name (snake_case or
    spaced, any case) followed by a colon and a value, unless the game's own sentences say just
    that ("a lord: its marquises ...")."""
    hits = []
    text = norm(text)
    prose, patterns = _raw_field_patterns(game)
    lower = text.lower()
    for form, pattern in patterns:
        if form not in lower:  # most names are on no page: a plain search first
            continue
        hits += [text[max(0, m.start() - 20):m.end() + 20] for m in pattern.finditer(text)
                 if m.group(0).casefold() not in prose and not OWNED.search(text[:m.start()])]
    hits += [text[max(0, m.start() - 20):m.end() + 10] for m in re.finditer(r"§\s*:\s*§", text)]
    return hits


def _named(rows, names: dict[str, str]) -> None:
    for row in rows:
        if isinstance(row, dict) and isinstance(row.get("id"), str) and isinstance(row.get("name"), str):
            names.setdefault(row["id"], row["name"])


def named_things(game) -> dict[str, str]:
    """Every id with a name: table rows, pieces, dice, decks and cards."""
    names: dict[str, str] = {}
    for table in game.tables:
        _named(table.rows, names)
    for group in (game.boards, game.tokens, game.tiles, game.sheets, game.dice, game.decks):
        for piece in group:
            names.setdefault(piece.id, piece.name)
            for kinds in getattr(piece, "extra", {}).values():  # a tile set's faces ("+1")
                if isinstance(kinds, list):
                    _named(kinds, names)
    for deck in game.decks:
        for card in deck.cards:
            names.setdefault(card.id, card.name)
    return names


def named_ids(game) -> dict[str, str]:
    """Ids whose thing has a name a player knows it by (a lord, a character, a die, a card)."""
    return {i: n for i, n in named_things(game).items() if humanize(i) != n}


def game_prose(game) -> str:
    """Every sentence the game's data says, where a lowercase word may be just a word ("its wielder")."""
    parts = [game.title, game.subtitle or ""]
    for _full, _number, _depth, rule in game.walk_rules():
        parts += [rule.title, rule.text or "", *rule.examples]
    parts += [f"{e.term} {e.text}" for e in game.glossary]
    parts += [f"{f.question} {f.answer}" for f in game.faq]
    parts += [f"{n.topic} {n.text}" for n in game.notes]
    parts += [f"{t.title} {t.note or ''}" for t in game.tables]
    parts += [v.label for v in game.values.values()]
    for table in game.tables:
        for row in table.rows:
            if isinstance(row, dict):
                parts += [v for v in row.values() if isinstance(v, str) and " " in v]
    parts += [f"{c.name} {c.note or ''}" for c in game.components]  # "Coloured dice chits"
    for deck in game.decks:  # card text, shown on the pictures of the cards
        for card in deck.cards:
            parts += [v for v in (card.model_extra or {}).values() if isinstance(v, str) and " " in v]
    credits = game.credits
    parts += [str(v) for v in (credits.designer, credits.publisher, credits.source, credits.thanks) if v]
    if game.licence:
        parts += [game.licence.name or "", game.licence.attribution or ""]
    return "\n".join(parts)


def bare_ids(game, text: str) -> list[str]:
    """A lowercase id ('quell', 'wielder') printed where the thing has a name ('Quell', 'The
    Wielder'), unless the game's own sentences use that word too."""
    hits = []
    names, words = _bare_id_patterns(game)
    without_names = text
    for name in names:  # '2 pips 5': a name, then a number
        without_names = without_names.replace(name, " ")
    for form, name, word in words:
        if form in without_names and word.search(without_names):
            hits.append(f"{form!r} (name: {name!r})")
    return hits


@_per_game
def _bare_id_patterns(game) -> tuple[list[str], list[tuple[str, str, re.Pattern]]]:
    """The names of named things, longest first, and (form, name, pattern) for each lowercase form
    of their ids that the game's own sentences never use."""
    prose = game_prose(game)
    named = named_ids(game)
    words = []
    for thing_id, name in named.items():
        for form in {thing_id, humanize(thing_id)}:
            if not re.fullmatch(r"[a-z][a-z0-9 -]*", form):
                continue
            word = re.compile(rf"(?<![\w-]){re.escape(form)}(?![\w-])")
            if not word.search(prose):
                words.append((form, name, word))
    return sorted(named.values(), key=len, reverse=True), words


def snake_fields(game, text: str) -> list[str]:
    """A field name with an underscore printed as a word ('second_roll says whether ...'): the
    data's own notation, which no player reads."""
    text = norm(text)
    return [name for name in sorted(field_names(game)) if "_" in name
            and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)]


def _printed(value) -> list[str]:
    """How a drawing field's value would read if it were printed: '30.95, 39', '#4b2a5e'."""
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (int, float)) for v in value):
        return [", ".join(f"{v:g}" for v in value)]
    if isinstance(value, str) and len(value) >= 4:
        return [value, humanize(value)]
    return []


def drawing_data(game, text: str) -> list[str]:
    """A table's drawing field (Table.drawing, or a field of #colours) printed with its label
    ('At 30.95, 39', 'Back colour #4b2a5e') or its value alone where the value is distinctive."""
    text = norm(text)
    hits = []
    for table in game.tables:
        for name in sorted(table.drawing_fields):
            label = humanize(name).capitalize()
            for row in table.rows:
                if not isinstance(row, dict) or name not in row:
                    continue
                for shown in _printed(row[name]):
                    distinctive = re.fullmatch(r"#[0-9a-fA-F]{3,6}|-?[\d.]+(?:, -?[\d.]+)+", shown)
                    if f"{label} {shown}" in text or (distinctive and shown in text):
                        hits.append(f"{table.id}.{name}: {shown!r}")
    return sorted(set(hits))


def doubled_numbers(text: str) -> list[str]:
    """A section number and then the title's own number, at the start of a line (a heading or
    a contents entry)."""
    return [m.group(0).strip() for m in DOUBLED_NUMBER.finditer(text)]


def contents_titles(book_pages: list[str]) -> list[tuple[str, str]]:
    """The entries of the contents, (number, title), from the pages from 'Contents' up to the
    first without leaders."""
    titles = []
    started = False
    for text in book_pages:
        lines = [TOC_LINE.match(line) for line in text.split("\n")]
        entries = [((m.group(1) or "").strip(), m.group(2).strip()) for m in lines if m]
        if "Contents" in text.split("\n")[:3] or (started and entries):
            started = True
            titles += entries
        elif started:
            break
    return titles


def duplicate_entries(entries: list[tuple[str, str]]) -> list[str]:
    """A title listed twice where one is unnumbered (a page of the book repeating a section's
    title), or the same numbered entry twice. Two numbered sections may share a title (the Gold
    space and the Gold side)."""
    titles = [title.casefold() for _number, title in entries]
    unnumbered = {title.casefold() for number, title in entries if not number}
    twice = {t for t in unnumbered if titles.count(t) > 1}
    twice |= {f"{n} {t}".casefold() for n, t in entries if n and entries.count((n, t)) > 1}
    return sorted(twice)


def problems(game, book_pages: list[str]) -> list[str]:
    """Everything a player should not read, in one document's pages."""
    found = []
    for number, text in enumerate(book_pages, 1):
        found += [f"p. {number}: raw field {hit!r}" for hit in raw_fields(game, text)]
        found += [f"p. {number}: bare id {hit}" for hit in bare_ids(game, text)]
        found += [f"p. {number}: doubled numbering {hit!r}" for hit in doubled_numbers(text)]
        found += [f"p. {number}: field name {hit!r}" for hit in snake_fields(game, text)]
        found += [f"p. {number}: drawing data {hit}" for hit in drawing_data(game, text)]
    found += [f"contents: {t!r} twice" for t in duplicate_entries(contents_titles(book_pages))]
    return found


# --- the tests ---------------------------------------------------------------------------------


class _Books:
    """``books / game_id`` is the folder of that game's A5 rulebook and quick reference, built once
    per test run for every file that reads them (conftest's real_rulebook)."""

    def __init__(self, real_rulebook):
        self.real_rulebook = real_rulebook

    def __truediv__(self, game_id: str) -> Path:
        return self.real_rulebook(game_id)


@pytest.fixture(scope="module")
def built(real_rulebook) -> tuple[dict, _Books]:
    return {game_id: load(game_id).game for game_id in GAMES}, _Books(real_rulebook)


@pytest.mark.parametrize("document", DOCUMENTS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_player_reads_sentences_and_names_not_data(built, game_id, document):
    games, base = built
    found = problems(games[game_id], pages(base / game_id / document))
    assert not found, "\n".join(found)


def test_the_checks_catch_what_they_are_for():
    game = load("runeblade").game
    assert raw_fields(game, "Boon: Determination; keeps failed own colour: yes")
    assert raw_fields(game, "Offered: no Colour: own Goes to: heap §: §7.5")
    assert raw_fields(load("rattlebones").game, "Points: 2 Moves rattlebones: 0 Moves pawn: 0")
    assert not raw_fields(game, "A failed die you offered goes back to the player who offered it.")
    ribbon = load("ribbon-of-bone").game
    assert bare_ids(ribbon, "If yes: quell") and not bare_ids(ribbon, "If you answer yes, Quell")
    assert snake_fields(ribbon, "second_roll says whether the event rolls again") == ["second_roll"]
    assert not snake_fields(ribbon, "A thought rolls the D4 again after you choose to follow it.")
    assert drawing_data(ribbon, "Centre At 50, 50 Level Vethis 0") == ["attunement-spaces.at: '50, 50'"]
    assert drawing_data(ribbon, "Vethis Epithet The Open Eye Back colour #4b2a5e") == ["lords.back_colour: '#4b2a5e'"]
    assert not drawing_data(ribbon, "Centre Level Vethis 0, Harrow 0, Quell 0")
    assert doubled_numbers("4.1 1. Refill the bag") and not doubled_numbers("§4.1 Refill the bag, p. 4")
    assert doubled_numbers("8.5 4: Action")
    assert not doubled_numbers("1. Rouse §4.1\n2. Route §4.2")  # a numbered list citing sections
    book = ["Contents\nComponents ......... 4\n2 Components ........ 5\n3 Setup .... 6", "1 Rules\ntext"]
    assert contents_titles(book) == [("", "Components"), ("2", "Components"), ("3", "Setup")]
    assert duplicate_entries(contents_titles(book)) == ["components"]
    assert not duplicate_entries([("5.2", "Gold"), ("6.1", "Gold")])


def _said(sentence: str, text: str) -> bool:
    return norm(sentence)[:60] in norm(text)


def test_rattlebones_quick_reference_says_what_each_action_side_does(built):
    games, base = built
    game = games["rattlebones"]
    text = norm(" ".join(pages(base / "rattlebones" / "quickref.pdf")))
    sides = game.table("action-sides").rows
    assert len(sides) == 12
    for row in sides:
        assert f"{row['name']}: {norm(row['effect'])[:40]}" in text, row["id"]


def test_ribbon_of_bone_quick_reference_says_what_each_ability_does(built):
    games, base = built
    game = games["ribbon-of-bone"]
    text = norm(" ".join(pages(base / "ribbon-of-bone" / "quickref.pdf")))
    rules = {full: rule for full, _n, _d, rule in game.walk_rules()}
    abilities = game.table("abilities").rows
    assert len([row for row in abilities if row["id"] != "basic-attack"]) == 7
    for row in abilities:
        assert f"{row['name']}: {norm(rules[row['rule']].text)[:40]}" in text, row["id"]


SPILL_LINES = 2  # a page holding only this much text is paper spent on spill-over (a die's faces alone)


def spill_pages(path: Path) -> list[int]:
    """Pages after the cover whose only text is a line or two run on from the page before."""
    found = []
    for number, text in enumerate(pages(path)[1:], 2):
        lines = [line for line in text.split("\n") if line.strip()]
        if len(lines) - 2 <= SPILL_LINES:  # less the running head and the page number
            found.append(number)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_is_spent_on_a_line_or_two_of_spill_over(built, game_id):
    _games, base = built
    assert not spill_pages(base / game_id / "rulebook.pdf")


HALF_EMPTY = 0.4  # a page filled less than this, before the last, is a page break spent on nothing
PAGE_FURNITURE_PT = (60, 45)  # the page number below, the running head above (from the bottom, the top)


def half_empty_pages(path: Path) -> list[tuple[int, float]]:
    """Pages between the cover and the last whose text stops before HALF_EMPTY of the text area:
    a page break before a short chapter, or a block too big for what was left of the page."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    found = []
    try:
        for index in range(1, len(pdf) - 1):
            page = pdf[index]
            _width, height = page.get_size()
            bottom, top = PAGE_FURNITURE_PT[0], height - PAGE_FURNITURE_PT[1]
            text = page.get_textpage()
            lows = [box[1] for box in (text.get_charbox(k) for k in range(text.count_chars()))
                    if box[1] > bottom and box[3] < top]
            filled = (top - min(lows, default=top)) / (top - bottom)
            if filled < HALF_EMPTY:
                found.append((index + 1, round(filled, 2)))
    finally:
        pdf.close()
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_break_leaves_most_of_a_page_empty(built, game_id):
    _games, base = built
    assert not half_empty_pages(base / game_id / "rulebook.pdf")


DIE_FACE = re.compile(r'<img class="die-face" src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]*)"')


@pytest.mark.parametrize("game_id", ["bone-strike", "runeblade"])
def test_die_faces_are_drawn_with_the_symbols_they_carry(game_id):
    """Each face a picture, as the stickers draw it: a symbol per damage or bone it counts,
    spots for a plain d6's numbers, nothing on a blank face; never the label in a box."""
    import base64

    from generator.rulebook import render_html

    game = load(game_id).game
    html, _ = render_html(load(game_id), "a5")
    faces = [(base64.b64decode(src).decode("utf-8"), alt) for src, alt in DIE_FACE.findall(html)]
    expected = [face for die in game.dice for face in die.faces]
    assert [alt for _svg, alt in faces] == [face.label for face in expected]
    for (svg, alt), face in zip(faces, expected):
        symbols = sum(face.symbols.values())
        if symbols:
            assert svg.count("<use") == symbols, alt
        elif alt == "blank":
            assert "<use" not in svg and "<text" not in svg, alt
        else:  # a plain number on a d6: spots, not the digit
            assert "<text" not in svg and svg.count("<circle") + svg.count("<path") >= int(alt), alt


# --- drawing data and doubled columns, in the tables as both documents set them ------------------


def _labels(view) -> list[str]:
    """A table view's field labels: its header, its row heads (read across), a stacked entry's
    field names."""
    from markupsafe import Markup

    labels = [Markup(h).striptags() for h in view.header]
    labels += [Markup(row[0]).striptags() for row in view.rows if view.row_heads and row]
    labels += [Markup(label).striptags() for _head, fields in view.entries if isinstance(fields, list)
               for label, _value in fields]
    return labels


@pytest.mark.parametrize("game_id", GAMES)
def test_no_table_prints_a_drawing_field_or_a_column_twice(game_id):
    from generator.rulebook import book_format
    from generator.rulebook.context import BookData

    loaded = load(game_id)
    for grid_columns in (None, 3):  # the rulebook's tables, and the quick reference's narrower ones
        data = BookData(loaded, book_format("a5"), "fonts", grid_columns=grid_columns)
        for table in loaded.game.tables:
            view = data.table(table)
            if view.style == "cycle" and view.note:  # said twice: the pairs beside the diagram, then the note
                assert not all(str(pair).casefold() in str(view.note).casefold() for pair in view.items), table.id
            drawing = {humanize(name).capitalize() for name in table.drawing_fields}
            assert not drawing & set(_labels(view)), (table.id, drawing & set(_labels(view)))
            if table.kind != "chart" and view.rows and not view.row_heads and len(view.header) > 1:  # numbers may agree
                columns = list(zip(*view.rows))
                twice = [(a, b) for a in range(len(columns)) for b in range(a + 1, len(columns))
                         if [str(c).casefold() for c in columns[a]] == [str(c).casefold() for c in columns[b]]]
                assert not twice, (table.id, twice)
    drawn = [t for t in loaded.game.tables if t.drawing_fields]
    if game_id == "ribbon-of-bone":  # the check is not empty: positions and back colours are there
        assert {"at", "back_colour"} <= {name for t in drawn for name in t.drawing_fields}


def test_a_drawing_field_that_is_no_field_is_named_at_its_line(tmp_path):
    import shutil
    import subprocess

    game = tmp_path / "ribbon"
    shutil.copytree(Path("content/ribbon-of-bone"), game)
    tables = game / "tables.yaml"
    tables.write_text(tables.read_text(encoding="utf-8").replace("    drawing: [at]\n", "    drawing: [att]\n"),
                      encoding="utf-8")
    done = subprocess.run([str(Path(sys.executable).with_name("cards")), "validate", str(game)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert re.search(r"tables\.yaml:\d+:\d+: tables\[\d+\]: drawing: 'att' is not a column or a row field", done.stdout + done.stderr)
    assert "its fields: at, level, name, space, toward" in done.stdout + done.stderr


# --- the quick reference leaves nothing off that fits -------------------------------------------

LEFT_OFF = "Not on this page (see the rulebook):"
FIT_SLACK_PT = 16  # the last block's margin and the foot's rule and gap, which the text's bottoms do not show


def _quick_setup(loaded, book: str = "a5"):
    """What the build hands the quick reference: its BookData, template values and file roots."""
    from markupsafe import Markup

    from generator.paths import LAYOUTS_DIR
    from generator.rulebook import QUICK_GRID_COLUMNS, _common, _css, book_format
    from generator.rulebook.context import BookData
    from generator.scene.fonts import FONT_DIR, rulebook_font_css

    game = loaded.game
    font_base = FONT_DIR.resolve().as_uri()
    data = BookData(loaded, book_format(book), font_base, page_refs=False, grid_columns=QUICK_GRID_COLUMNS)
    common = _common(data, font_base) | {"css": _css("quickref.css") + Markup(rulebook_font_css(game.root, game.fonts))}
    return data, common, [game.root, LAYOUTS_DIR]


def quick_blocks(loaded, book: str = "a5", heights: bool = True) -> tuple[list[str], list[float]]:
    """The quick reference's blocks (their titles, most wanted first) and their heights at the
    book's smallest type size, the size at which blocks are ever left off, laid out as the build
    lays them out. With ``heights`` False the titles alone, and no heights: no layout (a second
    of WeasyPrint), for a page that leaves nothing off."""
    from markupsafe import Markup

    from generator.rulebook import _environment, quickref

    data, common, roots = _quick_setup(loaded, book)
    items = quickref.blocks(data)
    titles = [norm(re.sub(r"\s*§[\d.]+\s*$", "", Markup(item["label"]).striptags())) for item in items]
    if not heights:
        return titles, []
    size = (quickref.SIZES if book == "a5" else quickref.LARGE_SIZES)[-1]
    measured, _head, _note, _rendered = quickref._measure(
        _environment().get_template("quickref.html.j2"), common, quickref.geometry(data.book), items, size,
        roots, loaded.game.root)
    return titles, measured


def left_off_titles(text: str, titles: list[str]) -> list[str]:
    """The titles the page's foot says were left off ('Not on this page (see the rulebook): The
    three lords §3.4 · Icons'), read against the blocks' titles (the foot runs on into the
    licence); a name that is no block's title comes back as it reads, up to the next ' · '."""
    text = norm(text)
    if LEFT_OFF not in text:
        return []
    rest = text.split(LEFT_OFF, 1)[1].strip()
    said = []
    while rest:
        title = next((t for t in sorted(titles, key=len, reverse=True) if rest.startswith(t)), None)
        if title is None:
            title = rest.split(" · ")[0]
        said.append(title)
        rest = re.sub(r"^\s*§[\d.]*\d", "", rest[len(title):]).strip()
        if not rest.startswith("·"):
            break
        rest = rest[1:].strip()
    return said


def column_room(path: Path) -> list[float]:
    """Each column's room left, in points: from the lowest text in it to the top of the line
    naming what was left off (the geometry of generator/rulebook/quickref.py)."""
    import pypdfium2 as pdfium

    from generator.rulebook import book_format
    from generator.rulebook.quickref import GAP, MARGIN_LR, geometry

    pdf = pdfium.PdfDocument(str(path))
    try:
        page = pdf[0]
        width, height = page.get_size()
        book = "a5" if round(width / 72 * 25.4) == 210 else "a4" if round(width / 72 * 25.4) == 297 else "letter"
        geo = geometry(book_format(book))
        text = page.get_textpage()
        found = text.search(LEFT_OFF.split(" (")[0]).get_next()
        if found is None:
            return []
        foot_top = text.get_charbox(found[0])[3]
        boxes = [text.get_charbox(k) for k in range(text.count_chars())]
        rooms = []
        mm = 72 / 25.4
        for column in range(geo["columns"]):
            left = (MARGIN_LR + column * (geo["column_width"] + GAP)) * mm
            right = left + geo["column_width"] * mm
            bottoms = [box[1] for box in boxes if left - 1 <= box[0] and box[2] <= right + 1 and box[1] > foot_top + 1]
            rooms.append(min(bottoms, default=height) - foot_top)
    finally:
        pdf.close()
    return rooms


def room_problems(loaded, path: Path, measured: list[float] | None = None) -> list[str]:
    """A block left off the quick reference though a column has room for it, or left off
    without the page saying so. ``measured``: the blocks' heights at the smallest type size as
    the build that wrote the page measured them, if known (else laid out here)."""
    text = " ".join(pages(path))
    titles, _ = quick_blocks(loaded, heights=False)
    said = left_off_titles(text, titles)
    # the blocks' heights matter only for a block left off: measured then alone
    heights = (quick_blocks(loaded)[1] if measured is None else measured) if set(said) & set(titles) else []
    assert len(heights) in (0, len(titles)), "heights of other blocks than these"
    body = norm(text).split(LEFT_OFF)[0]
    found = [f"{title!r} is neither on the page nor named as left off" for title in titles
             if title not in said and title not in body]
    rooms = column_room(path)
    for title in said:
        if title not in titles:
            found.append(f"the foot names {title!r}, which is no block of the quick reference")
            continue
        height = heights[titles.index(title)]
        for number, room in enumerate(rooms, 1):
            if height + FIT_SLACK_PT <= room:
                found.append(f"{title!r} ({height:.0f} pt) left off, but column {number} has {room:.0f} pt free")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_table_is_left_off_the_quick_reference_while_the_page_has_room_for_it(built, real_rulebook, game_id):
    _games, base = built
    found = room_problems(load(game_id), base / game_id / "quickref.pdf", real_rulebook.quick_build(game_id)["heights"])
    assert not found, "\n".join(found)


def test_the_room_check_catches_a_block_left_off_with_room_to_spare(tmp_path):
    """A page that leaves off its turn summary (a few lines) with room to spare fails, as does
    one that leaves a block off without saying so; the build's own page passes."""
    from generator.rulebook import _environment, quickref

    loaded = load("runes-and-bones")
    real = quickref.pack

    def leaves_off_the_first(heights, room, columns):
        placed, left_out = real(heights, room, columns)
        return [[i for i in column if i != 0] for column in placed], sorted(set(left_out) | {0})

    data, common, roots = _quick_setup(loaded)
    strip, measured = quickref._strip, []

    def measuring(*args, **kwargs):  # the heights the build measured, first at the smallest size
        result = strip(*args, **kwargs)
        measured.append(result[0])
        return result

    quickref.pack, quickref._strip = leaves_off_the_first, measuring
    try:
        quickref.build_quickref(loaded, data, _environment(), common, tmp_path / "quickref.pdf", roots)
    finally:
        quickref.pack, quickref._strip = real, strip
    found = room_problems(loaded, tmp_path / "quickref.pdf", measured[0])
    assert any(line.startswith("'Steps of a round' (") and "left off, but column" in line for line in found), found
    titles, _heights = quick_blocks(loaded, heights=False)
    assert left_off_titles(f"Key numbers x {LEFT_OFF} Steps of a round §4 · Icons Runes and Bones is", titles) == [
        "Steps of a round", "Icons"]


if __name__ == "__main__":  # python tests/test_player_aids.py DIR: check a built kit
    root = Path(sys.argv[1])
    total = 0
    for game_id in GAMES:
        game = load(game_id).game
        for document in DOCUMENTS:
            if not (root / game_id / document).exists():
                continue
            found = problems(game, pages(root / game_id / document))
            if document == "quickref.pdf":
                found += room_problems(load(game_id), root / game_id / document)
            if document == "rulebook.pdf":
                found += [f"p. {n}: a line or two of spill-over" for n in spill_pages(root / game_id / document)]
                found += [f"p. {n}: {filled:.0%} full" for n, filled in half_empty_pages(root / game_id / document)]
            total += len(found)
            print(f"{game_id}/{document}: {len(found)} problems")
            for line in found:
                print("   ", line)
    sys.exit(1 if total else 0)


def test_the_cover_says_which_designs_are_samples_as_card_faces_no_longer_do(built):
    games, base = built
    for game_id, game in games.items():
        cover = norm(pages(base / game_id / "rulebook.pdf")[0])
        assert ("Sample designs" in cover) == game.has_samples, game_id
    assert any(game.has_samples for game in games.values())  # the check is not empty


def test_the_checks_read_the_pdf_text_they_look_for(tmp_path):
    """What the checks above are for, set on PDF pages and read back the way the books are read
    (pdfcheck.text_pages): a contents entry twice, a raw field, doubled numbering, a word
    hyphenated across two lines, a page of spill-over."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "book.pdf"
    pdf = canvas.Canvas(str(path), pagesize=(420, 595))
    sheets = [["Contents", "Components ........ 2", "2 Components ........ 3", "3 Setup ........ 4"],
              ["Runes and Bones", "4.1 1. Refill the bag", "A failed die goes to: heap, then the", "round ends as a print-",
               "and-play game does", "3"],
              ["Runes and Bones", "one line run on", "4"]]
    for lines in sheets:
        for number, line in enumerate(lines):
            pdf.drawString(40, 550 - 16 * number, line)
        pdf.showPage()
    pdf.save()
    game = load("runeblade").game
    book = pages(path)
    found = problems(game, book)
    assert "contents: 'components' twice" in found
    assert any(line.startswith("p. 2: doubled numbering '4.1 1. Refill the bag'") for line in found), found
    assert any(line.startswith("p. 2: raw field") and "goes to: heap" in line for line in found), found
    assert "print-and-play game" in norm(book[1])
    assert spill_pages(path) == [3]
