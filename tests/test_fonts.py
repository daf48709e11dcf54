"""A game's own fonts (generator/model/fonts.py): the fixture game Signal Fires ships Bitstream Vera
Sans (regular and bold) and sets its beacon cards and rulebook headings in it. Read back: the
PDF's fonts run by run, glyphs inside their boxes (measured with Vera's own metrics), the SVG's
@font-face and copied files, the rulebook's fonts; and every bad font refused at load, located."""
from __future__ import annotations

import re
import shutil
import struct
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from designer import edit, problems_of
from pypdf import PdfReader

from generator.kit.build import build_game
from generator.model.loader import load
from generator.options import BuildOptions
from tests import warm

FIXTURE = Path(__file__).parent / "fixtures" / "fontgame"
MM = 72 / 25.4
VERA = "BitstreamVeraSans"  # the PostScript name the TrueType file gives itself


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "designer" / "fontgame"
    shutil.copytree(FIXTURE, folder)
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fonts")
    build_game(load(FIXTURE), BuildOptions(out_dir=out, rulebook=False))
    build_game(load(FIXTURE), BuildOptions(out_dir=out / "single", layout="single", formats=("pdf",), rulebook=False))
    return out / "fontgame"


def text_runs(pdf: Path) -> list[tuple[str, str]]:
    """(font name without its subset tag, text) of every run of text, in drawing order."""
    runs: list[tuple[str, str]] = []

    def visit(text, _cm, _tm, font, _size):
        if text.strip() and font is not None:
            runs.append((str(font["/BaseFont"]).split("+")[-1], text.strip()))

    for page in PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return runs


def font_of(runs: list[tuple[str, str]], text: str) -> set[str]:
    found = {font for font, run in runs if text in run}
    assert found, f"{text!r} is not in the PDF"
    return found


# --- the fixture game, built -------------------------------------------------------------------


def test_beacon_cards_are_set_in_the_games_font_and_order_cards_in_lato(built: Path):
    runs = text_runs(next(built.glob("*.pdf")))
    assert font_of(runs, "Hilltop Beacon") == {f"{VERA}-Bold"}  # the layout's family, bold title
    assert font_of(runs, "Light it at dusk.") == {f"{VERA}-Roman"}
    assert font_of(runs, "Every") == {f"{VERA}-Bold"}  # **bold** inside the text: the family's bold
    assert font_of(runs, "Smoke by day") == {f"{VERA}-Roman"}  # italic falls back to the regular file
    assert font_of(runs, "Beacon cards") == {"Lato-Regular"}  # the region that names Lato keeps it
    assert font_of(runs, "Relay") == {"Lato-Bold"}  # the poker layout of the other deck: Lato
    assert font_of(runs, "Pass the signal on") == {"Lato-Regular"}


def test_the_games_font_is_embedded(built: Path):
    reader = PdfReader(next(built.glob("*.pdf")))
    embedded = {}
    for page in reader.pages:
        for xobject in [page, *[x.get_object() for x in (page["/Resources"].get("/XObject") or {}).values()]]:
            resources = xobject.get("/Resources") if xobject is not page else page["/Resources"]
            for font in ((resources or {}).get("/Font") or {}).values():
                font = font.get_object()
                descendants = font.get("/DescendantFonts")
                described = descendants[0].get_object() if descendants else font
                descriptor = (described.get("/FontDescriptor") or font.get("/FontDescriptor")).get_object()
                embedded[str(font["/BaseFont"]).split("+")[-1]] = "/FontFile2" in descriptor
    assert embedded.get(f"{VERA}-Roman") and embedded.get(f"{VERA}-Bold"), embedded


def test_text_is_measured_with_the_games_own_metrics(built: Path):
    """Vera is wider than Lato: lines broken by Lato's widths would run out of the rules box. On
    the printed page every glyph of the beacon cards' rules text stays inside it."""
    from generator.scene.fonts import game_family, metrics
    from generator.scene.text import parse, set_text

    loaded = load(FIXTURE)
    vera = game_family(loaded.game.root, "Vera Sans", loaded.game.fonts)
    text = "Ships steer by it; move one order card to the top of the pile."
    box = (0, 0, 54.5 * MM, 21 * MM)  # the poker layout's text region
    lato_lines = _lines(set_text(text, box, size=8.5, min_size=5.5)[0])
    too_wide = [line for line in lato_lines if sum(metrics(w.style, vera).width(w.value, 8.5)
                                                    for w in parse(line) if w.kind in ("text", "space")) > box[2]]
    assert too_wide, "the test needs a line Lato's metrics would let overflow in Vera"

    path = built.parent / "single" / "fontgame" / "beacons-single.pdf"  # one card per page, TrimBox set
    pdf, reader = pdfium.PdfDocument(str(path)), PdfReader(path)
    checked = 0
    for index, page in enumerate(pdf):
        textpage = page.get_textpage()
        content = textpage.get_text_range()
        if "Ships steer by it" not in content:
            continue
        trim_left = float(reader.pages[index].trimbox.left)
        right_edge = trim_left + (4.5 + 54.5) * MM
        start = content.index("Ships steer by it")
        for i in range(start, content.index("Beacon cards", start)):  # the rules text's lines
            if not content[i].isspace():
                assert textpage.get_charbox(i)[2] <= right_edge + 0.5, (content[i], i)
                checked += 1
    assert checked > 40


def _lines(nodes) -> list[str]:
    lines: dict[float, str] = {}
    for node in nodes:
        lines[node.y] = lines.get(node.y, "") + getattr(node, "text", "")
    return list(lines.values())


def test_svg_links_the_copied_font_files(built: Path):
    svg = (built / "svg" / "beacons" / "hilltop.svg").read_text()
    assert "font-family: 'Vera Sans'; src: url('../fonts/Vera-Sans-regular.ttf'); font-weight: normal" in svg
    assert "url('../fonts/Vera-Sans-bold.ttf'); font-weight: bold; font-style: normal" in svg
    assert "font-family=\"'Vera Sans'\"" in svg and "Hilltop Beacon" in svg
    fonts = built / "svg" / "fonts"
    assert (fonts / "Vera-Sans-regular.ttf").read_bytes() == (FIXTURE / "fonts" / "Vera.ttf").read_bytes()
    assert (fonts / "Vera-Sans-bold.ttf").read_bytes() == (FIXTURE / "fonts" / "VeraBd.ttf").read_bytes()
    assert (fonts / "Vera-Sans-LICENSE-Bitstream-Vera.txt").is_file()  # the licence travels with the font
    assert (fonts / "Lato-Regular.ttf").is_file()
    assert "Vera" not in (built / "svg" / "orders" / "relay.svg").read_text()  # a Lato card links only Lato


def test_rulebook_headings_use_the_games_font(tmp_path: Path):
    """``rulebook: [headings]``: headings in Vera, body text still in Lato; the HTML links the copies.
    The book alone is written (rulebook.pdf and .html), as `cards build --only rulebook` writes it,
    without the quick reference and booklet nothing here reads."""
    from generator.rulebook import render_rulebook

    out = tmp_path / "fontgame"
    assert render_rulebook(load(FIXTURE), out, parts=("book",)).warnings == []
    pdf = pdfium.PdfDocument(str(out / "rulebook.pdf"))
    fonts_by_text = {}
    for page in pdf:
        textpage = page.get_textpage()
        content = textpage.get_text_range()
        for phrase in ("Your turn", "Light a beacon, then play"):
            if phrase in content:
                index = content.index(phrase)
                fonts_by_text[phrase] = _pdfium_font(textpage, index)
    assert "Vera" in fonts_by_text["Your turn"], fonts_by_text
    assert "Lato" in fonts_by_text["Light a beacon, then play"], fonts_by_text
    html = (out / "rulebook.html").read_text()
    assert "url('fonts/Vera-Sans-bold.ttf')" in html and (out / "fonts" / "Vera-Sans-bold.ttf").is_file()


def _pdfium_font(textpage, index: int) -> str:
    import ctypes

    import pypdfium2.raw as raw

    buffer = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    raw.FPDFText_GetFontInfo(textpage.raw, index, buffer, 256, ctypes.byref(flags))
    return buffer.value.decode("utf-8", "replace")


# --- what the loader refuses -------------------------------------------------------------------


def test_a_missing_font_file_is_located_with_a_suggestion(game: Path):
    edit(game / "game.yaml", "regular: fonts/Vera.ttf", "regular: fonts/Vera-Regular.ttf")
    message = problems_of(game)
    assert "game.yaml:15:14: fonts.Vera Sans.regular: font file 'fonts/Vera-Regular.ttf' does not exist" in message
    assert "did you mean 'fonts/Vera.ttf'?" in message


def test_a_font_outside_the_game_folder_is_refused(game: Path):
    shutil.copy(FIXTURE / "fonts" / "VeraBd.ttf", game.parent / "VeraBd.ttf")  # it exists, but outside
    edit(game / "game.yaml", "bold: fonts/VeraBd.ttf", "bold: ../VeraBd.ttf")
    (game / "fonts" / "link.ttf").symlink_to(game.parent / "VeraBd.ttf")
    message = problems_of(game)
    assert "fonts.Vera Sans.bold: font file '../VeraBd.ttf' leads outside the game folder" in message
    edit(game / "game.yaml", "bold: ../VeraBd.ttf", "bold: fonts/link.ttf")
    assert "font file 'fonts/link.ttf' leads outside the game folder" in problems_of(game)


@pytest.mark.parametrize("content, expected", [
    (b"This is a text file, not a font.", "is not a TrueType or OpenType font"),
    (b"wOFF" + b"\0" * 60, "is a WOFF web font"),
    (b"wOF2" + b"\0" * 60, "is a WOFF web font"),
    (b"ttcf" + b"\0" * 60, "is a font collection (.ttc)"),
    (b"OTTO" + b"\0" * 60, "is an OpenType font with PostScript (CFF) outlines"),
    (b"\0\1\0\0" + b"\0" * 8, "is damaged: it says it has 0 tables"),
])
def test_a_file_that_is_not_an_embeddable_font_is_refused(game: Path, content: bytes, expected: str):
    (game / "fonts" / "Vera.ttf").write_bytes(content)
    message = problems_of(game)
    assert "fonts.Vera Sans.regular: font file 'fonts/Vera.ttf' " + expected in message, message
    assert "hint:" in message or "tables" in expected


def test_a_damaged_font_is_refused(game: Path):
    data = (FIXTURE / "fonts" / "Vera.ttf").read_bytes()
    (game / "fonts" / "Vera.ttf").write_bytes(data[:20_000])  # the directory promises tables past the end
    assert "table runs past the end of the file" in problems_of(game)


def table(data: bytearray, wanted: bytes) -> tuple[int, int]:
    """(offset, length) of one table of a TrueType file."""
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _sum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == wanted:
            return offset, length
    raise AssertionError(wanted)


def test_a_font_whose_licence_forbids_embedding_is_refused(game: Path):
    data = bytearray((FIXTURE / "fonts" / "VeraBd.ttf").read_bytes())
    struct.pack_into(">H", data, table(data, b"OS/2")[0] + 8, 2)  # fsType 2: restricted licence embedding
    (game / "fonts" / "VeraBd.ttf").write_bytes(bytes(data))
    assert "fonts.Vera Sans.bold: font file 'fonts/VeraBd.ttf' says its licence forbids embedding" in problems_of(game)


def test_a_font_without_a_postscript_name_is_refused_at_load_not_at_the_pdf(game: Path):
    data = bytearray((FIXTURE / "fonts" / "Vera.ttf").read_bytes())
    offset, length = table(data, b"name")
    data[offset:offset + length] = bytes(length)  # no name records at all
    (game / "fonts" / "Vera.ttf").write_bytes(bytes(data))
    assert "font file 'fonts/Vera.ttf' has no PostScript name" in problems_of(game)


def test_a_character_map_claiming_too_much_is_refused_quickly(game: Path):
    """Overlapping cmap segments could ask for billions of steps: the work is bounded."""
    data = bytearray((FIXTURE / "fonts" / "Vera.ttf").read_bytes())
    offset, _length = table(data, b"cmap")
    count = struct.unpack_from(">H", data, offset + 2)[0]
    for i in range(count):
        _platform, _encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * i)
        if struct.unpack_from(">H", data, offset + sub)[0] == 4:
            segs = struct.unpack_from(">H", data, offset + sub + 6)[0] // 2
            starts = offset + sub + 14 + 2 * segs + 2
            for s in range(segs):  # every segment now starts at 0: each covers up to its end again
                struct.pack_into(">H", data, starts + 2 * s, 0)
    (game / "fonts" / "Vera.ttf").write_bytes(bytes(data))
    assert "its character map covers more characters than Unicode has" in problems_of(game)


def test_a_font_over_the_size_limit_is_refused_before_it_is_read(game: Path):
    with open(game / "fonts" / "Vera.ttf", "r+b") as file:
        file.truncate(21 * 1024 * 1024)  # sparse: no 21 MB written
    with open(game / "fonts" / "LICENSE-Bitstream-Vera.txt", "r+b") as file:
        file.truncate(21 * 1024 * 1024)  # the licence is copied beside the fonts: bounded too
    message = problems_of(game)
    assert "font file 'fonts/Vera.ttf' holds 21.0 MB; a font file may hold at most 20 MB" in message
    assert "licence file 'fonts/LICENSE-Bitstream-Vera.txt' holds 21.0 MB" in message


def test_an_unknown_family_in_a_layout_gets_a_did_you_mean(game: Path):
    edit(game / "layouts" / "beacon.yaml", "font: {family: Vera Sans}", "font: {family: Vera San}")
    message = problems_of(game)
    assert "layouts/beacon.yaml:3:16: font.family: layout 'beacon': no font family 'Vera San' in this game" in message
    assert "did you mean 'Vera Sans'?" in message
    edit(game / "layouts" / "beacon.yaml", "font: {family: Vera San}", "font: {family: Vera Sans}")
    edit(game / "layouts" / "beacon.yaml", "font: {family: Lato}", "font: {family: Lato Sans}")
    message = problems_of(game)
    assert "layout 'beacon', region 'footer': no font family 'Lato Sans'" in message
    assert "beacon.yaml:6:" in message and "regions[0].font" in message


def test_lato_is_not_a_name_for_a_games_family_and_roles_are_set_once(game: Path):
    edit(game / "game.yaml", "  Vera Sans:\n", "  lato:\n")
    edit(game / "layouts" / "beacon.yaml", "font: {family: Vera Sans}", "font: {family: lato}")
    assert "'lato' is the family Boneyard ships" in problems_of(game)
    game_yaml = (game / "game.yaml").read_text().replace("  lato:\n", "  Vera Sans:\n")
    game_yaml += "  Vera Two:\n    regular: fonts/VeraBd.ttf\n    rulebook: [headings, body]\n"
    (game / "game.yaml").write_text(game_yaml)
    edit(game / "layouts" / "beacon.yaml", "font: {family: lato}", "font: {family: Vera Sans}")
    message = problems_of(game)
    assert "fonts.Vera Two.rulebook: the rulebook's headings are already set in 'Vera Sans'" in message
    assert "body" not in message.split("already set")[1].split("\n")[0]


def test_a_misspelt_style_key_gets_a_did_you_mean(game: Path):
    edit(game / "game.yaml", "bold: fonts/VeraBd.ttf", "bold-italic: fonts/VeraBd.ttf")
    message = problems_of(game)
    assert "unknown key 'bold-italic'" in message and "did you mean 'bolditalic'?" in message


def test_characters_the_games_font_lacks_stop_the_build_naming_the_font(game: Path, tmp_path: Path):
    """Vera has no arrow (Lato has): on a beacon card it is refused, on an order card it prints."""
    edit(game / "cards.yaml", "text: Burns twice as long in the rain.", "text: Burns twice as long → in the rain.")
    edit(game / "cards.yaml", "text: Keep your fire lit for another round.", "text: Keep your fire lit → another round.")
    result = warm.cards("build", game, "--no-rulebook", "--out", tmp_path / "out", "-q", timeout=300)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "card 'ridge'" in result.stderr and "font 'Vera Sans' has no glyph for: '→' (U+2192)" in result.stderr
    assert "card 'hold'" not in result.stderr  # the Lato card has the arrow
    assert "cards.yaml:" in result.stderr  # placed at the card's field
    checked = warm.cards("validate", game, timeout=120)
    assert checked.returncode == 2 and "has no glyph for: '→'" in checked.stdout + checked.stderr


def test_a_bold_run_is_checked_against_the_bold_face(game: Path, tmp_path: Path):
    """Only regular declared: bold text falls back to it, and is checked against it."""
    edit(game / "game.yaml", "    bold: fonts/VeraBd.ttf        # no italic shipped: italic text falls back to the regular file\n", "")
    edit(game / "cards.yaml", "text: Burns twice as long in the rain.", "text: Burns **twice α** as long.")
    result = warm.cards("build", game, "--no-rulebook", "--out", tmp_path / "out", "-q", timeout=300)
    assert result.returncode == 2 and "'α' (U+03B1)" in result.stderr, result.stderr


def test_the_cli_reports_font_problems_with_exit_2(game: Path):
    (game / "fonts" / "Vera.ttf").write_text("not a font")
    result = warm.cards("validate", game, timeout=120)
    assert result.returncode == 2
    output = result.stdout + result.stderr
    assert "fontgame/game.yaml:15:14: fonts.Vera Sans.regular: font file 'fonts/Vera.ttf' is not a TrueType" in output
    assert "Traceback" not in output


def test_a_font_replaced_between_builds_of_one_process_is_used(game: Path, tmp_path: Path):
    """`cards watch` rebuilds in one process: a font file swapped meanwhile is measured and embedded anew."""
    build_game(load(game), BuildOptions(out_dir=tmp_path / "first", formats=("pdf",), rulebook=False))
    first = text_runs(tmp_path / "first" / "fontgame" / "card-stock-double-sided-a4.pdf")
    assert font_of(first, "Burns twice as long") == {f"{VERA}-Roman"}
    shutil.copy(game / "fonts" / "VeraBd.ttf", game / "fonts" / "Vera.ttf")  # regular is now the bold file
    build_game(load(game), BuildOptions(out_dir=tmp_path / "second", formats=("pdf",), rulebook=False))
    second = text_runs(tmp_path / "second" / "fontgame" / "card-stock-double-sided-a4.pdf")
    assert font_of(second, "Burns twice as long") == {f"{VERA}-Bold"}


def test_two_games_giving_one_family_name_to_different_files_keep_their_own(tmp_path: Path):
    """`cards build A B` in one process: each game's text is set in its own files."""
    first, second = tmp_path / "a" / "fontgame", tmp_path / "b" / "fontgame"
    shutil.copytree(FIXTURE, first)
    shutil.copytree(FIXTURE, second)
    shutil.copy(second / "fonts" / "VeraBd.ttf", second / "fonts" / "Vera.ttf")  # B's regular is the bold file
    for folder in (first, second):
        build_game(load(folder), BuildOptions(out_dir=folder.parent / "out", rulebook=False))
    runs = {folder: text_runs(folder.parent / "out" / "fontgame" / "card-stock-double-sided-a4.pdf")
            for folder in (first, second)}
    assert font_of(runs[first], "Burns twice as long") == {f"{VERA}-Roman"}
    assert font_of(runs[second], "Burns twice as long") == {f"{VERA}-Bold"}
    svg = (second.parent / "out" / "fontgame" / "svg" / "beacons" / "ridge.svg").read_text()
    linked = re.search(r"font-family: 'Vera Sans[^']*'; src: url\('\.\./fonts/([^']+)'\); font-weight: normal; "
                       r"font-style: normal", svg).group(1)
    copied = second.parent / "out" / "fontgame" / "svg" / "fonts" / linked
    assert copied.read_bytes() == (FIXTURE / "fonts" / "VeraBd.ttf").read_bytes()
