"""Read back the rulebooks: text, contents pages, cross-references, outline, fonts, tags.

One real game (BOOK_GAMES) and a designer's game outside the repository are built once per
session (in parallel, as `cards build` does), then read back with pypdf; every other game's
rulebook is rendered to HTML and checked there, which finds the same content problems without
paying for WeasyPrint's layout of every book (that was most of the suite's time).
"""
from __future__ import annotations

import base64
import functools
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path

import pytest
from pdfcheck import text_pages
from pypdf import PdfReader

from generator.errors import BuildError
from generator.model.loader import list_game_ids, load
from generator.new_game import TEMPLATE
from generator.rulebook import BOOK_FORMATS, build_rulebook, build_rulebooks, render_html, render_rulebook

REPO = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"


GAMES = list_game_ids()  # every game: one that fails to load fails these tests too
BOOK_GAMES = [game for game in ["runeblade"] if game in GAMES]  # built to PDF and read back
DESIGNER = "designer-game"

DESIGNER_EXTRA = """\
rules:
  - id: winning
    title: Winning the game
    text: >-
      When the last card is drawn, count your stars: the most stars wins (see [[turn.cards]]).
      Ties go to the player who played fewest cards ([[turn]]).
    examples:
      - "Ana has 5 :star: and Bo has 4: Ana wins."
    sections:
      - id: ties
        title: Breaking ties
        text: "If still tied:\\n- share the win\\n- or play again"
  - id: variants
    title: Variants
    optional: true
    text: For a longer game, shuffle the discard pile back in once.
    sections:
      - id: team
        title: Team play
        text: Partners sit across from each other and add their stars together.
glossary:
  - {term: Star, text: "The score. Each :star: is one point.", icon: star, rule: goal}
  - {term: Cost, text: "Stars you pay to play a card ([[turn.cards]]).", rule: turn.cards}
faq:
  - {question: Can I play two cards?, answer: "No, one card a turn ([[turn]]).", rule: turn}
tables:
  - {id: moves, title: Who beats whom, kind: cycle, rule: turn, items: [rock, paper, scissors]}
  - {id: bonus, title: Bonus stars, kind: chart, rule: winning, columns: [cards_left, bonus], rows: [[0, 0], [1, 1], [2, 3]]}
  - {id: steps, title: Turn order, kind: list, rule: turn, items: [cards]}
values:
  starting-stars: {value: 0, label: Stars each player starts with, rule: goal}
licence:
  name: CC BY 4.0
  url: https://creativecommons.org/licenses/by/4.0/
  attribution: My Game by You, shared under CC BY 4.0.
"""


def make_designer_game(folder: Path) -> Path:
    shutil.copytree(TEMPLATE, folder)
    (folder / "extra.yaml").write_text(DESIGNER_EXTRA, encoding="utf-8")
    return folder


BROKEN = "broken-game"  # built beside the designer's game, and fails (test_parallel_build_reports_...)


def break_after_loading(folder: Path) -> None:
    """A designer's game that breaks after loading (its icon is gone), as a game edited mid-build would."""
    (folder / "icons" / "star.svg").write_text("<svg><script/></svg>", encoding="utf-8")


@pytest.fixture(scope="session")
def books(tmp_path_factory, real_rulebook) -> dict:
    """game id -> (loaded game, its output folder, written files or None), built once per session:
    the designer's game here, in parallel processes as `cards build` does, beside a game that
    fails (its errors under BROKEN: one pool of processes for both, which cost seconds each to
    start); the real games' books are the run's shared ones (conftest's real_rulebook), which
    keep no list of written files."""
    base = tmp_path_factory.mktemp("rulebooks")
    designer = load(make_designer_game(base / "designer" / DESIGNER))
    broken = load(make_designer_game(base / "designer" / BROKEN))
    break_after_loading(broken.game.root)
    out = base / "output"
    errors: list[str] = []
    written = build_rulebooks([designer, broken], out, "a5", jobs=2, errors_out=errors)
    found = {game_id: (load(game_id), real_rulebook(game_id), None) for game_id in BOOK_GAMES}
    return found | {DESIGNER: (designer, out / DESIGNER, written[DESIGNER]), BROKEN: (broken, out / BROKEN, errors)}


ALL = BOOK_GAMES + [DESIGNER]


def norm(text: str) -> str:
    text = text.replace("\u00a0", " ").replace("\u2212", "-")
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"(\w)- (\w)", r"\1-\2", text).strip()  # a line broken after a hyphen


@functools.lru_cache(maxsize=64)
def reader_for(path: Path) -> PdfReader:
    return PdfReader(path)


@functools.lru_cache(maxsize=64)
def page_texts(path: Path) -> list[str]:
    """Each page's text without its running head and page number (drawn last, at the end)."""
    pages = []
    for text in text_pages(path):
        lines = text.split("\n")
        if lines and lines[-1].strip().isdigit():
            lines = lines[:-2]
        pages.append("\n".join(lines))
    return pages


def fragments(text: str) -> list[str]:
    """The plain pieces of marked-up text that must appear as they are in the PDF: each line
    (a paragraph or list item) without its list marker, split where a reference or icon sits."""
    pieces = []
    for line in text.split("\n"):
        line = re.sub(r"^\s*(\d+[.)]|[-•])\s+", "", line).replace("**", "").replace("*", "")
        for piece in re.split(r"\[\[[^\]]*\]\]|:[a-z0-9-]+:", line):
            piece = norm(piece).strip(" ,;()")
            if len(piece) > 2:
                pieces.append(piece)
    return pieces


@functools.lru_cache(maxsize=64)
def destinations(reader: PdfReader) -> dict[str, int]:
    """Anchor name -> 1-based page number, from the PDF's named destinations."""
    return {str(name): reader.get_destination_page_number(dest) + 1
            for name, dest in reader.named_destinations.items()}


def book_pdf(books, game_id) -> Path:
    return books[game_id][1] / "rulebook.pdf"


# --- files ---------------------------------------------------------------------------------


def test_three_files_are_written_and_described(books):
    """What build_rulebooks says it wrote, read against the files (the designer's game: the real
    games' shared books keep no list)."""
    _loaded, out, files = books[DESIGNER]
    by_path = {f.path: f for f in files}
    assert set(by_path) == {"rulebook.pdf", "rulebook.html", "quickref.pdf"}
    book = PdfReader(out / "rulebook.pdf")
    quick = PdfReader(out / "quickref.pdf")
    assert by_path["rulebook.pdf"].pages == len(book.pages) >= 4
    assert by_path["rulebook.pdf"].kind == "rulebook" and by_path["rulebook.pdf"].components == ["rulebook"]
    assert by_path["quickref.pdf"].kind == "quickref" and by_path["quickref.pdf"].components == ["quickref"]
    assert all(f.paper == "a5" and f.layout == "book" for f in files)
    assert by_path["quickref.pdf"].pages == len(quick.pages) == 1
    width, height = (float(v) * 25.4 / 72 for v in book.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (148, 210)
    width, height = (float(v) * 25.4 / 72 for v in quick.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (210, 148)  # landscape
    assert (out / "fonts" / "Lato-Regular.ttf").is_file() and (out / "fonts" / "LICENSE-Lato-OFL.txt").is_file()
    assert not list(out.glob(".*.tmp"))


# --- text ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_rulebook_html_has_every_section_title_and_text(game_id):
    loaded = load(game_id)
    html, hazards = render_html(loaded, "a5")
    assert hazards == []
    body = html[html.index("<body"):]
    body = re.sub(r"</?(p|h[1-6]|li|ul|ol|div|section|td|th|tr|br|dt|dd|figure|figcaption)\b[^>]*>", " ", body)
    text = norm(unescape(re.sub(r"<[^>]+>", "", body)))  # inline tags (em, a, span) join their words
    missing = []
    for _full, number, _depth, rule in loaded.game.walk_rules():
        heading = norm(rule.heading.replace('**', '').replace('*', ''))
        if heading not in text:
            missing.append(f"heading {heading!r}")
        for piece in fragments(rule.text) + [p for example in rule.examples for p in fragments(example)]:
            if piece not in text:
                missing.append(f"§{number}: {piece!r}")
    assert not missing, "\n".join(missing[:10])


@pytest.mark.parametrize("game_id", ALL)
def test_every_section_title_and_text_is_in_the_pdf(books, game_id):
    loaded = books[game_id][0]
    text = norm(" ".join(page_texts(book_pdf(books, game_id))))
    missing = []
    for _full, number, _depth, rule in loaded.game.walk_rules():
        heading = norm(f"{number} {rule.heading.replace('**', '').replace('*', '')}")
        if heading not in text:
            missing.append(f"heading {heading!r}")
        for piece in fragments(rule.text) + [p for example in rule.examples for p in fragments(example)]:
            if piece not in text:
                missing.append(f"§{number}: {piece!r}")
    assert not missing, "\n".join(missing[:10])


@pytest.mark.parametrize("game_id", ALL)
def test_contents_page_numbers_are_where_the_sections_start(books, game_id):
    loaded = books[game_id][0]
    reader = reader_for(book_pdf(books, game_id))
    dests = destinations(reader)
    pages = page_texts(book_pdf(books, game_id))
    contents = norm(" ".join(p for p in pages[1:4] if "Contents" in p or "...." in p))
    checked = 0
    for full, number, depth, rule in loaded.game.walk_rules():
        if depth > 1:
            continue
        title = norm(rule.title.replace("**", "").replace("*", ""))
        match = re.search(re.escape(f"{number} {title}") + r"[ .]*?(\d+)(?!\.\d)", contents)
        assert match, f"§{number} {title} is not in the contents"
        printed = int(match.group(1))
        assert printed == dests[full], f"contents says §{number} is on p. {printed}, it starts on p. {dests[full]}"
        assert norm(f"{number} {title}") in norm(pages[printed - 1]), f"§{number} heading not on p. {printed}"
        checked += 1
    assert checked == sum(1 for *_x, d, _r in loaded.game.walk_rules() if d <= 1)


@pytest.mark.parametrize("game_id", ALL)
def test_every_cross_reference_names_the_right_section_and_page(books, game_id):
    loaded = books[game_id][0]
    numbers = {number: full for full, number in loaded.game.rule_numbers.items()}
    reader = reader_for(book_pdf(books, game_id))
    dests = destinations(reader)
    text = norm(" ".join(page_texts(book_pdf(books, game_id))))
    cited = re.findall(r"§(\d+(?:\.\d+)*), p\. (\d+)", text) + re.findall(r"§(\d+(?:\.\d+)*) \(p\. (\d+)\)", text)
    refs_in_text = sum(len(re.findall(r"\[\[", r.text + " ".join(r.examples)))
                       for *_x, r in loaded.game.walk_rules())
    assert len(cited) >= refs_in_text  # every [[ref]] printed its page (glossary, faq add more)
    for number, page in cited:
        assert dests[numbers[number]] == int(page), f"§{number} is said to be on p. {page}"


def test_a_parenthesised_reference_reads_see_section_page(books):
    loaded = books[DESIGNER][0]
    number = loaded.game.rule_numbers["turn.cards"]
    dests = destinations(reader_for(book_pdf(books, DESIGNER)))
    text = norm(" ".join(page_texts(book_pdf(books, DESIGNER))))
    assert f"the most stars wins (see §{number}, p. {dests['turn.cards']})." in text
    assert f"fewest cards (see §{loaded.game.rule_numbers['turn']}, p. {dests['turn']})." in text


@pytest.mark.parametrize("game_id", ALL)
def test_outline_has_an_entry_per_top_level_section(books, game_id):
    loaded = books[game_id][0]
    reader = reader_for(book_pdf(books, game_id))
    dests = destinations(reader)
    top = {}
    for item in reader.outline:
        if not isinstance(item, list):
            top[norm(item.title)] = reader.get_destination_page_number(item) + 1
    for full, number, depth, rule in loaded.game.walk_rules():
        if depth == 0:
            label = norm(f"{number} {rule.title.replace('**', '').replace('*', '')}")
            assert label in top, f"no outline entry {label!r}"
            assert top[label] == dests[full]
    assert "Contents" in top and "Credits and licence" in top


# --- fonts, tags, licence ---------------------------------------------------------------------


def pdf_fonts(reader: PdfReader) -> dict[str, bool]:
    """BaseFont -> embedded, for every font on every page and inside every form XObject."""
    found: dict[str, bool] = {}
    seen: set[int] = set()

    def embedded(font) -> bool:
        font = font.get_object()
        if font.get("/Subtype") == "/Type0":
            font = font["/DescendantFonts"][0].get_object()
        if font.get("/Subtype") == "/Type3":
            return True  # drawn with PDF operators: nothing to embed
        descriptor = font.get("/FontDescriptor")
        return descriptor is not None and any(k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))

    def visit(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            found[str(font.get_object()["/BaseFont"])] = embedded(font)
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if id(xobject) not in seen:
                seen.add(id(xobject))
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


@pytest.mark.parametrize("game_id", ALL)
@pytest.mark.parametrize("name", ["rulebook.pdf", "quickref.pdf"])
def test_all_fonts_are_embedded_lato(books, game_id, name):
    fonts = pdf_fonts(reader_for(books[game_id][1] / name))  # the reader other tests parsed: ~0.5 s a book
    assert fonts and all(fonts.values()), fonts
    assert all("Lato" in font for font in fonts), fonts


@pytest.mark.parametrize("game_id", ALL)
def test_pdf_is_tagged_with_title_and_language(books, game_id):
    reader = reader_for(book_pdf(books, game_id))
    root = reader.trailer["/Root"]
    assert root["/MarkInfo"]["/Marked"] is True or root["/MarkInfo"]["/Marked"] == True  # noqa: E712
    assert "/StructTreeRoot" in root and root["/Lang"] == "en"
    assert reader.metadata.title == f"{books[game_id][0].game.title}: rules"


@pytest.mark.parametrize("game_id", ALL)
def test_licence_attribution_is_printed_in_both_documents(books, game_id):
    game = books[game_id][0].game
    if game.licence is None or not game.licence.attribution:
        pytest.skip("no licence attribution to print")
    words = norm(game.licence.attribution)
    assert words in norm(" ".join(page_texts(book_pdf(books, game_id))))
    quick = norm(text_pages(books[game_id][1] / "quickref.pdf")[0])
    assert words[:60] in quick


def test_runeblade_carries_its_cc_by_nc_sa_attribution(books):
    if "runeblade" not in books:
        pytest.skip("runeblade does not load right now")
    text = norm(" ".join(page_texts(book_pdf(books, "runeblade"))))
    assert "CC BY-NC-SA 3.0" in text and "Neal Stidham" in text and "Parenthesis Press" in text


# --- pictures ------------------------------------------------------------------------------------


def svg_images(html: str) -> dict[str, str]:
    """alt text -> decoded SVG of every data: URI image in the HTML."""
    found = {}
    for src, alt in re.findall(r'<img[^>]*src="data:image/svg\+xml;base64,([^"]+)"[^>]*alt="([^"]*)"', html):
        found[alt] = base64.b64decode(src).decode("utf-8")
    return found


@pytest.mark.parametrize("game_id", ALL)
def test_components_page_shows_the_cards_our_svg_backend_draws(books, game_id):
    from generator.render.svg import scene_svg
    from generator.scene.compose import compose_deck
    from generator.scene.fonts import FONT_DIR

    loaded = books[game_id][0]
    if not loaded.game.decks:
        pytest.skip("no decks: nothing to picture")
    html, _ = render_html(loaded, "a5")
    images = svg_images(html)
    icons = {k: v.file for k, v in loaded.game.icons.items() if v.file}
    for deck in loaded.game.decks:
        first = compose_deck(loaded.game, deck.model_copy(update={"cards": deck.cards[:1]}), loaded.layouts)[0]
        expected = scene_svg(first.front, icons, font_dir=FONT_DIR.resolve().as_uri(), bleed=False)
        assert images[f"Card: {first.name}"] == expected
    # ... and the card's own text is in the PDF, drawn as text, on the components pages.
    text = norm(" ".join(page_texts(book_pdf(books, game_id))[2:8]))
    assert norm(loaded.game.decks[0].cards[0].name) in text


def test_cycle_table_is_drawn_as_arrows_around_a_circle(books):
    loaded = books[DESIGNER][0]
    html, _ = render_html(loaded, "a5")
    svg = ET.fromstring(svg_images(html)["rock beats paper; paper beats scissors; scissors beats rock."])
    arrows = [p for p in svg.iter(f"{SVG}path") if p.get("marker-end")]
    assert len(arrows) == 3 and len(list(svg.iter(f"{SVG}circle"))) == 3
    assert [t.text for t in svg.iter(f"{SVG}text")] == ["rock", "paper", "scissors"]
    text = norm(" ".join(page_texts(book_pdf(books, DESIGNER))))
    assert "rock beats paper paper beats scissors scissors beats rock" in text


def test_optional_rules_examples_glossary_and_values_are_marked(books):
    text = norm(" ".join(page_texts(book_pdf(books, DESIGNER))))
    loaded = books[DESIGNER][0]
    assert f"{loaded.game.rule_numbers['variants']} Variants optional rule" in text
    assert f"{loaded.game.rule_numbers['variants.team']} Team play optional rule" in text  # inherited
    assert "Example Ana has 5 and Bo has 4: Ana wins." in text
    assert "Glossary" in text and "The score. Each is one point." in text
    assert "Key numbers" in text and "Stars each player starts with 0" in text
    assert "share the win" in text and "My Game by You, shared under CC BY 4.0." in text


# --- formats, speed, errors ----------------------------------------------------------------------


@pytest.mark.parametrize("book,size", [("a4", (210, 297)), ("letter", (216, 279))])
def test_other_book_formats(tmp_path, book, size):
    loaded = load(make_designer_game(tmp_path / "game"))
    result = render_rulebook(loaded, tmp_path / "out", book)
    assert result.warnings == []  # WeasyPrint skipped nothing in our templates and CSS
    reader = PdfReader(tmp_path / "out" / "rulebook.pdf")
    width, height = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == size
    assert all(f.paper == book for f in result.files)
    assert len(PdfReader(tmp_path / "out" / "quickref.pdf").pages) == 1


def test_unknown_book_format_is_a_clear_error(tmp_path):
    loaded = load(make_designer_game(tmp_path / "game"))
    with pytest.raises(BuildError, match=r"unknown rulebook format 'a3'.*choose one of: a5, a4, letter"):
        build_rulebook(loaded, tmp_path / "out", "a3")
    with pytest.raises(BuildError, match="did you mean 'a5'"):
        build_rulebook(loaded, tmp_path / "out", "a55")
    assert BOOK_FORMATS == ("a5", "a4", "letter")
    assert not (tmp_path / "out").exists()


def test_importing_the_rulebook_package_does_not_load_weasyprint():
    code = ("import sys, generator.rulebook, generator.rulebook.context, generator.rulebook.quickref; "
            "heavy = [m for m in ('weasyprint', 'reportlab') if m in sys.modules]; "
            "print(heavy); sys.exit(1 if heavy else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_parallel_build_reports_every_failing_game(books, tmp_path):
    """The session's parallel build (``books``) reported the broken game and wrote the good one.
    Asked for no list of errors, a build raises them (the same list, whichever path built it:
    here a game whose rule holds HTML, which fails before any layout)."""
    _broken, out, errors = books[BROKEN]
    assert errors and all(BROKEN in error for error in errors) and "star.svg" in "\n".join(errors)
    assert not list(out.glob("*.pdf")) and not list(out.glob(".*.tmp"))
    assert (books[DESIGNER][1] / "rulebook.pdf").is_file()
    good = books[DESIGNER][0]
    first = good.game.rules[0].model_copy(update={"text": "Have <b>the most</b> stars."})
    hazard = type(good)(game=good.game.model_copy(update={"rules": (first, *good.game.rules[1:])}), layouts=good.layouts)
    with pytest.raises(BuildError, match=r"(?s)designer-game: the rulebook was not written:.*holds HTML"):
        build_rulebooks([hazard], tmp_path / "out", "a5", jobs=1)
    assert not list((tmp_path / "out").rglob("*.pdf"))
