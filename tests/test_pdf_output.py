"""Read back the PDFs a build writes: paper, card sizes, duplex registration, fonts, text."""
from __future__ import annotations

import pytest
from pdfcheck import crop_marks, fonts, placements, text_pages
from pypdf import PdfReader

from generator.model.loader import load
from generator.paper.sizes import PAPER_MM

POKER = (63.5, 88.9)
TOL = 0.05  # mm


def pdf(result):
    path = next(f for f in result.files if f.path.endswith(".pdf"))
    return PdfReader(result.out_dir / path.path), path


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_duplex_pages_are_the_paper_size_with_fronts_then_backs(built_starter, paper):
    reader, entry = pdf(built_starter[(paper, "duplex")])
    width, height = PAPER_MM[paper]
    assert len(reader.pages) == entry.pages == 2  # 6 cards fit one sheet: a front page and a back page
    for page in reader.pages:
        assert float(page.mediabox.width) * 25.4 / 72 == pytest.approx(width, abs=TOL)
        assert float(page.mediabox.height) * 25.4 / 72 == pytest.approx(height, abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit_a_page_of_either_paper(tmp_path, starter_game, paper):
    from generator.kit.build import build_game
    from generator.options import BuildOptions

    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("count: 4", "count: 16"))  # 2 + 16 = 18 cards
    result = build_game(load(starter_game), BuildOptions(paper=paper, formats=("pdf",), out_dir=tmp_path))
    reader, _ = pdf(result)
    per_front_page = [len(placements(page, reader)) for page in reader.pages[0::2]]
    assert max(per_front_page) == 9
    # The ruler never costs a card: below the grid on A4, turned up the side margin on Letter.
    assert per_front_page[0] == 9


PRINTABLE = 5.0  # mm: home printers print nothing nearer the paper's edge


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_every_cut_is_marked_where_a_printer_prints(tmp_path, starter_game, paper, layout):
    """Read back a full sheet: every line (crop marks, gutter ticks, ruler, fold) and every card's
    bleed at least 5 mm inside the paper, and each trim line of every card carried by a mark."""
    from pdfcheck import lines

    from generator.kit.build import build_game
    from generator.options import BuildOptions

    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("count: 4", "count: 16"))  # 18 cards: full sheets
    result = build_game(load(starter_game), BuildOptions(paper=paper, layout=layout, formats=("pdf",),
                                                         out_dir=tmp_path))
    reader, _ = pdf(result)

    def inside(x, y):
        return PRINTABLE - TOL <= x <= width - PRINTABLE + TOL and PRINTABLE - TOL <= y <= height - PRINTABLE + TOL

    for number, page in enumerate(reader.pages, start=1):
        width, height = (float(v) * 25.4 / 72 for v in (page.mediabox.width, page.mediabox.height))
        assert sorted((width, height)) == pytest.approx(sorted(PAPER_MM[paper]), abs=TOL)
        drawn = lines(page, reader)
        for x1, y1, x2, y2 in drawn:
            assert inside(x1, y1) and inside(x2, y2), f"page {number}: line {(x1, y1, x2, y2)} in the unprintable edge"
        marks = [m for m in crop_marks(page, reader) if abs(m[2] - m[0]) + abs(m[3] - m[1]) >= 1.0 - TOL]
        for card in placements(page, reader):
            # Bleed may run off the printable area (issue 14: three poker rows on Letter need it to); cuts may not.
            assert inside(card.x, card.y) and inside(card.x + card.w, card.y + card.h), f"page {number}: trim off the printable area"
            for x in (card.x, card.x + card.w):
                assert any(abs(m[0] - x) < TOL and abs(m[2] - x) < TOL for m in marks), f"page {number}: cut x={x:.1f}"
            for y in (card.y, card.y + card.h):
                assert any(abs(m[1] - y) < TOL and abs(m[3] - y) < TOL for m in marks), f"page {number}: cut y={y:.1f}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_ruler_is_printable_and_costs_no_card(starter_game, paper):
    from generator.paper.impose import SheetSpec, impose
    from generator.scene.compose import compose_deck
    from generator.scene.nodes import Line, Text, to_mm

    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("count: 4", "count: 16"))
    loaded = load(starter_game)
    pages = impose(compose_deck(loaded.game, loaded.game.decks[0], loaded.layouts), SheetSpec(paper=paper))
    assert len(pages[0].placements) == 9
    width, height = PAPER_MM[paper]
    ruler_nodes = [n for n in pages[0].marks if isinstance(n, Text) or
                   (isinstance(n, Line) and abs(to_mm(abs(n.x2 - n.x1) + abs(n.y2 - n.y1)) - 50) < 0.01)]
    assert any(isinstance(n, Text) and "100 %" in n.text for n in ruler_nodes)
    for node in ruler_nodes:
        points = [(node.x, node.y)] if isinstance(node, Text) else [(node.x1, node.y1), (node.x2, node.y2)]
        for x, y in points:
            assert PRINTABLE <= to_mm(x) <= width - PRINTABLE and PRINTABLE <= to_mm(y) <= height - PRINTABLE


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_trim_is_poker_size_and_lies_on_crop_marks(built_starter, paper):
    reader, _ = pdf(built_starter[(paper, "duplex")])
    for page in reader.pages:
        cards = placements(page, reader)
        assert cards
        marks = crop_marks(page, reader)
        vertical_xs = {round(m[0], 2) for m in marks if abs(m[0] - m[2]) < 1e-6}
        horizontal_ys = {round(m[1], 2) for m in marks if abs(m[1] - m[3]) < 1e-6}
        for card in cards:
            assert card.w == pytest.approx(POKER[0], abs=TOL)
            assert card.h == pytest.approx(POKER[1], abs=TOL)
            # The marks are drawn from the imposition, not from the form: they must agree.
            assert any(abs(card.x - x) < TOL for x in vertical_xs)
            assert any(abs(card.x + card.w - x) < TOL for x in vertical_xs)
            assert any(abs(card.y - y) < TOL for y in horizontal_ys)
            assert any(abs(card.y + card.h - y) < TOL for y in horizontal_ys)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_marks_and_ruler_stay_outside_every_card_and_its_bleed(built_starter, paper, layout):
    from pdfcheck import lines

    reader, _ = pdf(built_starter[(paper, layout)])
    page = reader.pages[0]
    cards = placements(page, reader)
    assert len(crop_marks(page, reader)) >= 8

    def crosses(line, box):
        x1, y1, x2, y2 = line
        left, bottom, width, height = box
        inside_x = max(x1, x2) > left + TOL and min(x1, x2) < left + width - TOL
        inside_y = max(y1, y2) > bottom + TOL and min(y1, y2) < bottom + height - TOL
        return inside_x and inside_y

    for line in lines(page, reader):
        assert not any(crosses(line, (c.x, c.y, c.w, c.h)) for c in cards), f"mark {line} crosses a card"
        if any(crosses(line, c.clip) for c in cards):  # a gutter tick, over bleed the cuts take away
            # gutters grow to twice the bleed a back printed off needs (BACK_EDGE_MM) where paper allows
            assert abs(line[2] - line[0]) + abs(line[3] - line[1]) <= 4.0 + TOL, f"mark {line} crosses a bleed"


def _registration(reader, paper):
    page_w = PAPER_MM[paper][0]
    fronts = placements(reader.pages[0], reader)
    backs = placements(reader.pages[1], reader)
    assert len(fronts) == len(backs)
    return page_w, fronts, backs


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_line_up_with_fronts_after_a_long_edge_flip(built_starter, paper):
    reader, _ = pdf(built_starter[(paper, "duplex")])
    page_w, fronts, backs = _registration(reader, paper)
    for front, back in zip(fronts, backs):
        # Flipping about the long (vertical) edge maps x to page_w - x; y is unchanged.
        assert page_w - (back.x + back.w) == pytest.approx(front.x, abs=TOL)
        assert back.y == pytest.approx(front.y, abs=TOL)


def test_back_offset_moves_every_back_by_exactly_the_offset(built_starter):
    plain, _ = pdf(built_starter[("a4", "duplex")])
    shifted, _ = pdf(built_starter["offset"])
    _, _, backs = _registration(plain, "a4")
    _, fronts_shifted, backs_shifted = _registration(shifted, "a4")
    _, fronts_plain, _ = _registration(plain, "a4")
    for before, after in zip(backs, backs_shifted):
        assert after.x - before.x == pytest.approx(1.5, abs=TOL)
        # +Y in the option means down the sheet, as the user sees it; PDF y points up.
        assert after.y - before.y == pytest.approx(0.5, abs=TOL)
    for a, b in zip(fronts_plain, fronts_shifted):
        assert (a.x, a.y) == pytest.approx((b.x, b.y), abs=TOL)  # fronts never move


def test_single_layout_pages_are_one_card_with_bleed_and_trim_box(built_starter):
    reader, entry = pdf(built_starter[("a4", "single")])
    assert len(reader.pages) == 12  # 6 cards, front and back each
    for page in reader.pages:
        width = float(page.mediabox.width) * 25.4 / 72
        assert width == pytest.approx(63.5 + 6, abs=TOL)
        trim = [float(v) * 25.4 / 72 for v in page["/TrimBox"]]
        bleed = [float(v) * 25.4 / 72 for v in page["/BleedBox"]]
        assert trim[2] - trim[0] == pytest.approx(63.5, abs=TOL)
        assert trim[3] - trim[1] == pytest.approx(88.9, abs=TOL)
        assert trim[0] == pytest.approx(3.0, abs=TOL)
        assert bleed[2] - bleed[0] == pytest.approx(69.5, abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutterfold_mirrors_backs_about_the_fold(built_starter, paper):
    reader, _ = pdf(built_starter[(paper, "gutterfold")])
    page = reader.pages[0]
    page_w = float(page.mediabox.width) * 25.4 / 72
    cards = placements(page, reader)
    fronts = [c for c in cards if c.x + c.w <= page_w / 2 + TOL]
    backs = [c for c in cards if c.x >= page_w / 2 - TOL]
    assert fronts and len(fronts) == len(backs)
    for front in fronts:
        mirrored = page_w - (front.x + front.w)
        assert any(abs(b.x - mirrored) < TOL and abs(b.y - front.y) < TOL for b in backs)


def test_every_font_is_embedded_and_no_base14_font_appears(built_starter):
    for key, result in built_starter.items():
        reader, _ = pdf(result)
        used = fonts(reader)
        assert used, key
        assert all(embedded for _, embedded in used), used
        assert all("Lato" in name for name, _ in used), used


def test_card_text_is_extractable(built_starter):
    _reader, entry = pdf(built_starter[("a4", "duplex")])
    text = text_pages(built_starter[("a4", "duplex")].out_dir / entry.path)[0]
    for expected in ("Dash", "Shine", "Gain", "Then draw a card.", "§3"):
        assert expected in text


def test_repeated_backs_are_stored_once(built_starter):
    reader, _ = pdf(built_starter[("a4", "duplex")])
    back_forms = {c.form for c in placements(reader.pages[1], reader)}
    assert len(back_forms) == 1  # six backs, one form


def test_first_sheet_carries_a_50mm_calibration_ruler(built_starter):
    for key in (("a4", "duplex"), ("letter", "duplex")):
        reader, entry = pdf(built_starter[key])
        from pdfcheck import lines
        ruler = [ln for ln in lines(reader.pages[0], reader)
                 if abs(abs(ln[2] - ln[0]) + abs(ln[3] - ln[1]) - 50) < TOL]
        assert len(ruler) == 1, key
        assert "Print at 100 %" in text_pages(built_starter[key].out_dir / entry.path)[0]


@pytest.mark.parametrize("game", ["runes-and-bones", "ribbon-of-bone"])
def test_real_decks_build_with_poker_cards_and_registered_backs(built_real, game):
    result = built_real[game]
    pdfs = [f for f in result.files if f.kind in ("deck", "card-stock") and f.layout == "duplex"]
    assert pdfs
    loaded = load(game)
    decks = {d.id: d for d in loaded.game.decks}
    for entry in pdfs:
        reader = PdfReader(result.out_dir / entry.path)
        total = sum(decks[c].total for c in entry.components if c in decks)
        assert total and len(reader.pages) % 2 == 0
        placed = [placements(p, reader) for p in reader.pages]
        assert sum(len(p) for p in placed[0::2]) == total  # every card of every deck, once
        for fronts, backs in zip(placed[0::2], placed[1::2]):
            for front, back in zip(fronts, backs):
                assert (front.w, front.h) == pytest.approx(POKER, abs=TOL)
                assert 210 - (back.x + back.w) == pytest.approx(front.x, abs=TOL)
        assert all(embedded for _, embedded in fonts(reader))


def test_marquis_cards_have_a_back_per_lord(built_real):
    loaded = load("ribbon-of-bone")
    marquis = [d for d in loaded.game.decks if any(c.back for c in d.cards)]
    assert marquis, "Ribbon of Bone's marquis cards choose their back per card"
    deck = marquis[0]
    lords = {c.back for c in deck.cards if c.back}
    assert len(lords) == 3
    result = built_real["ribbon-of-bone"]
    entry = next(f for f in result.files if f.path.endswith(".pdf") and deck.id in f.components)
    reader = PdfReader(result.out_dir / entry.path)
    back_forms = {c.form for page in reader.pages[1::2] for c in placements(page, reader)}
    assert len(back_forms) >= 3


@pytest.mark.parametrize("game", ["runes-and-bones", "ribbon-of-bone"])
def test_page_labels_and_rulers_of_every_file_print(built_real, game):
    """Every file of a real kit: the page labels, rulers and notes drawn on the page itself sit at
    least 5 mm inside the paper, where home printers print."""
    from pdfcheck import page_texts

    result = built_real[game]
    checked = 0
    for entry in result.files:
        if not entry.path.endswith(".pdf") or entry.layout == "single":
            continue
        reader = PdfReader(result.out_dir / entry.path)
        for number, page in enumerate(reader.pages, start=1):
            width, height = (float(v) * 25.4 / 72 for v in (page.mediabox.width, page.mediabox.height))
            for text, x, y in page_texts(page, reader):
                checked += 1
                assert PRINTABLE - TOL <= x <= width - PRINTABLE and PRINTABLE - TOL <= y <= height - PRINTABLE, (
                    f"{entry.path} page {number}: text at ({x:.1f}, {y:.1f}) mm")
    assert checked


def test_a_layout_guide_has_nothing_to_cut(built_real):
    """Ribbon of Bone's court-loop guide is looked at, not cut: no crop marks, no ruler, no
    full-bleed background (most of the page stays white paper)."""
    import pypdfium2 as pdfium

    result = built_real["ribbon-of-bone"]
    entry = next(f for f in result.files if f.path.startswith("court-loop") and f.path.endswith(".pdf"))
    path = result.out_dir / entry.path
    reader = PdfReader(path)
    page = reader.pages[0]
    assert crop_marks(page, reader) == []
    text = text_pages(path)[0]
    assert "nothing to cut" in text and "Print at 100" not in text and "corner marks" not in text
    image = pdfium.PdfDocument(path)[0].render(scale=20 / 72).to_pil().convert("L")
    histogram = image.histogram()
    assert sum(histogram[:235]) / sum(histogram) < 0.15


def test_a_whole_page_sheet_has_no_scale_note_beside_the_ruler(built_real):
    """A sheet as large as the paper is shrunk into the printable area: it is the page, so it has
    no ruler to measure, no outline to cut and no '(printed at 88 %)' note."""
    result = built_real["runes-and-bones"]
    entry = next(f for f in result.files if f.path.startswith("six-round-score-sheet") and f.path.endswith(".pdf"))
    reader = PdfReader(result.out_dir / entry.path)
    text = text_pages(result.out_dir / entry.path)[0]
    assert "printed at" not in text and "Print at 100" not in text
    assert crop_marks(reader.pages[0], reader) == []


def test_backs_of_different_colours_keep_their_own_colour_past_a_duplex_error(built_real):
    """Ribbon of Bone's marquis backs differ per lord. A back printed up to 1.5 mm off its front
    (home duplex printers) must still show its own colour at every cut: each back keeps at least
    1.5 mm of bleed on every edge, into the gutters and the outer margin alike."""
    result = built_real["ribbon-of-bone"]
    entry = next(f for f in result.files if f.path.endswith(".pdf") and "marquis" in f.components)
    reader = PdfReader(result.out_dir / entry.path)
    forms = set()
    for page in reader.pages[1::2]:
        for back in placements(page, reader):
            forms.add(back.form)
            left, bottom, width, height = back.clip
            kept = (back.x - left, bottom + height - (back.y + back.h), left + width - (back.x + back.w),
                    back.y - bottom)
            assert min(kept) >= 1.5 - TOL, f"a back keeps only {min(kept):.2f} mm of its colour"
    assert len(forms) > 1  # backs of different colours side by side
