"""Ganged sheets, read back from the PDFs of all five games' kits on A4 and Letter: the card-stock
sheets a kit takes are the fewest its cards and pieces fit on; every card's cut lines are marked
where a home printer prints; backs land behind their fronts; PRINTING.md says which sheet holds what.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from pdfcheck import Placed, crop_marks, dashed_lines, form_fill, page_lines, placements, text_pages, words
from pypdf import PdfReader

from generator.kit.build import build_game
from generator.model.loader import load
from generator.options import BuildOptions

PT = 25.4 / 72
TOL = 0.05
GAMES = ["bone-strike", "rattlebones", "ribbon-of-bone", "runeblade", "runes-and-bones"]
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PRINTABLE = 5.0  # mm from every edge: where home printers print
CUT_ROOM = 3.0  # mm between two pieces, to cut between them (cards may share a cut)
CARD_STOCK = {"card-stock", "deck", "tokens", "mat"}  # the kinds printed on card stock that may share sheets


def faces(page, reader, page_side: str) -> list[Placed]:
    """Every /Card and /Piece placed on the page, trim corners in mm from the top-left corner."""
    return placements(page, reader, origin="top", tags=("Card", "Piece"), side=page_side)


@pytest.fixture(scope="module")
def kits(real_kit) -> dict[tuple[str, str], Path]:
    """The five games' kits on both papers, duplex: the run's shared builds (conftest's real_kit)."""
    return {(game, paper): real_kit(game, paper) for paper in PAPERS for game in GAMES}


def entries(out_dir: Path) -> list[dict]:
    return json.loads((out_dir / "kit.json").read_text())["files"]


def card_stock_files(out_dir: Path) -> list[dict]:
    return [e for e in entries(out_dir) if e["kind"] in CARD_STOCK and e["path"].endswith(".pdf")]


def sheets_of(entry: dict) -> int:
    return entry["pages"] // 2 if entry["layout"] == "duplex" else entry["pages"]


def front_faces(out_dir: Path, entry: dict) -> list[Placed]:
    reader = PdfReader(out_dir / entry["path"])
    step = 2 if entry["layout"] == "duplex" else 1
    return [f for page in reader.pages[::step] for f in faces(page, reader, "front") if f.side == "front"]


def per_sheet(w: float, h: float, room: float, paper: tuple[float, float]) -> int:
    """How many w x h rectangles, ``room`` apart, a sheet's printable area holds in a grid, either way round."""
    best = 0
    for pw, ph in (paper, paper[::-1]):
        across, down = pw - 2 * PRINTABLE + room, ph - 2 * PRINTABLE + room
        best = max(best, int(across // (w + room)) * int(down // (h + room)))
    return best


def fewest_sheets(things: list[Placed], paper: tuple[float, float]) -> int:
    """The fewest sheets that hold ``things`` laid in rows of one size each: every kind of card or
    piece takes the share of a sheet its count needs of what one sheet holds of it."""
    kinds: dict[tuple[str, float, float], int] = {}
    for face in things:
        key = (face.tag, round(face.w, 1), round(face.h, 1))
        kinds[key] = kinds.get(key, 0) + 1
    share = sum(n / per_sheet(w, h, 0.0 if tag == "Card" else CUT_ROOM, paper) for (tag, w, h), n in kinds.items())
    return math.ceil(share - 1e-9)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_card_stock_sheets_are_the_fewest_that_fit(kits, game, paper):
    out_dir = kits[(game, paper)]
    files = card_stock_files(out_dir)
    groups: dict[bool, list[Placed]] = {}
    used: dict[bool, int] = {}
    for entry in files:
        double = entry["layout"] == "duplex"
        groups.setdefault(double, []).extend(front_faces(out_dir, entry))
        used[double] = used.get(double, 0) + sheets_of(entry)
    for double, things in groups.items():
        assert used[double] == fewest_sheets(things, PAPERS[paper]), (
            f"{game} on {paper}: {'double' if double else 'single'}-sided card stock takes {used[double]} sheets "
            f"for {len(things)} cards and pieces; {fewest_sheets(things, PAPERS[paper])} would do")
    assert sum(1 for e in files if e["kind"] == "card-stock") <= 2  # one file per stock and sides


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", ["bone-strike", "ribbon-of-bone", "runes-and-bones"])
def test_every_cut_of_every_card_on_a_ganged_sheet_is_marked_where_printers_print(kits, game, paper):
    out_dir = kits[(game, paper)]
    ganged = [e for e in entries(out_dir) if e["kind"] == "card-stock" and e["layout"] == "duplex"]
    assert ganged
    for entry in ganged:
        check_cuts_marked(out_dir / entry["path"], PAPERS[paper])


def check_cuts_marked(path: Path, paper: tuple[float, float]) -> int:
    """Every crop mark 5 mm inside the paper and across no card; every trim line of every card on a
    front page carried by one. Returns how many cards were checked."""
    page_w, page_h = paper
    reader = PdfReader(path)
    checked = 0
    for number, page in enumerate(reader.pages[::2], start=1):
        cards = [f for f in faces(page, reader, "front") if f.tag == "Card"]
        marks = crop_marks(page, reader, origin="top")
        for mark in marks:
            x1, y1, x2, y2 = mark
            for x, y in ((x1, y1), (x2, y2)):
                assert PRINTABLE - TOL <= x <= page_w - PRINTABLE + TOL, f"{path.name} sheet {number}: {mark}"
                assert PRINTABLE - TOL <= y <= page_h - PRINTABLE + TOL, f"{path.name} sheet {number}: {mark}"
            for c in cards:
                across = max(x1, x2) > c.x + TOL and min(x1, x2) < c.x + c.w - TOL
                down = max(y1, y2) > c.y + TOL and min(y1, y2) < c.y + c.h - TOL
                assert not (across and down), f"{path.name} sheet {number}: mark {mark} crosses a card"
        for card in cards:
            checked += 1
            for x in (card.x, card.x + card.w):
                assert any(abs(m[0] - x) < TOL and abs(m[2] - x) < TOL for m in marks), (
                    f"{path.name} sheet {number}: the cut at x={x:.1f} mm of a card is not marked")
            for y in (card.y, card.y + card.h):
                assert any(abs(m[1] - y) < TOL and abs(m[3] - y) < TOL for m in marks), (
                    f"{path.name} sheet {number}: the cut at y={y:.1f} mm of a card is not marked")
    return checked


def test_cards_of_two_sizes_share_a_sheet_in_rows_of_one_size(tmp_path, starter_game):
    """A deck of mini cards after a part sheet of poker cards: a row of minis goes under the poker
    rows, its cuts marked below the poker cards' marks, its backs behind its fronts; the kit takes
    the fewest sheets."""
    (starter_game / "cards.yaml").write_text((starter_game / "cards.yaml").read_text() + """\
  - id: tips
    name: Tip cards
    layout: mini
    back_layout: mini-back
    back: plain
    backs:
      plain: {title: Tips, icon: star}
    cards:
      - {id: tip, name: Tip, cost: 0, icon: star, type: Tip, text: "A small card.", count: 8}
""")
    out = build_game(load(starter_game), BuildOptions(formats=("pdf",), rulebook=False, out_dir=tmp_path)).out_dir
    entry = next(e for e in entries(out) if e["kind"] == "card-stock")
    assert entry["sheets"][0] == "6 × Action cards, 4 × Tip cards"
    path = out / entry["path"]
    assert check_cuts_marked(path, PAPERS["a4"]) == 6 + 8
    reader = PdfReader(path)
    first = faces(reader.pages[0], reader, "front")
    assert {(round(f.w, 1), round(f.h, 1)) for f in first} == {(63.5, 88.9), (44.5, 63.5)}
    backs = faces(reader.pages[1], reader, "back")
    for front in first:
        assert any(abs(b.x - (210 - front.x - front.w)) < TOL and abs(b.y - front.y) < TOL for b in backs)
    assert sheets_of(entry) == fewest_sheets(front_faces(out, entry), PAPERS["a4"])


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.5)])
def test_every_back_on_a_ganged_sheet_lands_behind_its_front(tmp_path, real_kit, offset):
    """Long-edge flip: each card's and piece's back sits at the mirrored x (plus the back offset) and
    the same y, on ganged sheets holding cards of several decks and pieces below them."""
    out = real_kit("ribbon-of-bone") if offset == (0.0, 0.0) else build_game(
        load("ribbon-of-bone"), BuildOptions(formats=("pdf",), rulebook=False, out_dir=tmp_path, back_offset=offset)).out_dir
    entry = next(e for e in entries(out) if e["kind"] == "card-stock" and e["layout"] == "duplex")
    reader = PdfReader(out / entry["path"])
    tags = set()
    for front_page, back_page in zip(reader.pages[0::2], reader.pages[1::2]):
        fronts = faces(front_page, reader, "front")
        backs = faces(back_page, reader, "back")
        assert len(fronts) == len(backs)
        for front in fronts:
            tags.add(front.tag)
            mirrored = 210.0 - front.x - front.w + offset[0]
            assert any(abs(b.x - mirrored) < TOL and abs(b.y - (front.y + offset[1])) < TOL
                       and abs(b.w - front.w) < TOL and b.tag == front.tag for b in backs), front
    assert tags == {"Card", "Piece"}  # cards and tokens share the last sheet


def test_printing_md_says_which_sheet_holds_what(kits):
    out = kits[("ribbon-of-bone", "a4")]
    text = (out / "PRINTING.md").read_text()
    for entry in entries(out):
        if entry["kind"] != "card-stock":
            continue
        assert len(entry["sheets"]) == sheets_of(entry)
        assert f"Which sheet of `{entry['path']}` holds what" in text
        for number, holds in enumerate(entry["sheets"], start=1):
            assert f"- Sheet {number}: {holds}" in text
    double = next(e for e in entries(out) if e["kind"] == "card-stock" and e["layout"] == "duplex")
    assert "Marquis cards" in double["sheets"][0] and "Memory token" in double["sheets"][-1]


def most_pairs(w: float, h: float, paper: tuple[float, float]) -> int:
    """The most cards a gutterfold sheet can hold: fronts on one side of a fold across the middle of
    the printable area, backs on the other, fold up or across, cards upright or turned, no gutters."""
    best = 0
    for pw, ph in (paper, paper[::-1]):
        for cw, ch in ((w, h), (h, w)):
            across_fold = int((pw / 2 - PRINTABLE) // cw) * int((ph - 2 * PRINTABLE) // ch)
            down_fold = int((ph / 2 - PRINTABLE) // ch) * int((pw - 2 * PRINTABLE) // cw)
            best = max(best, across_fold, down_fold)
    return best


@pytest.mark.parametrize("paper", PAPERS)
def test_gutterfold_sheets_hold_the_most_cards_and_show_a_dashed_fold_line(real_kit, paper):
    out = real_kit("runes-and-bones", paper, "gutterfold")
    entry = next(e for e in entries(out) if e["kind"] == "card-stock")
    assert entry["path"].endswith("-gutterfold.pdf")
    reader = PdfReader(out / entry["path"])
    texts = text_pages(out / entry["path"])
    first = faces(reader.pages[0], reader, "front")
    fronts = [f for f in first if f.tag == "Card"]
    w, h = fronts[0].w, fronts[0].h
    assert len(fronts) == most_pairs(w, h, PAPERS[paper]) * 2  # fronts and backs both tagged
    for number, page in enumerate(reader.pages, start=1):
        page_w = float(page.mediabox.width) * PT
        page_h = float(page.mediabox.height) * PT
        cards = [f for f in faces(page, reader, "front")]
        fold = [d for d in dashed_lines(page, reader) if abs(d[0] - page_w / 2) < TOL and abs(d[2] - page_w / 2) < TOL]
        assert fold, f"{entry['path']} page {number}: no dashed fold line down the middle"
        top, bottom = min(min(d[1], d[3]) for d in fold), max(max(d[1], d[3]) for d in fold)
        assert PRINTABLE - TOL <= top <= min(c.y for c in cards)
        assert max(c.y + c.h for c in cards) <= bottom <= page_h - PRINTABLE + TOL
        assert texts[number - 1].count("fold") >= 2


def _kept(back) -> tuple[float, float]:
    """(least across, least down) of a back's own colour past its trim, from its clip (PDF coordinates)."""
    left, bottom, width, height = back.clip
    across = min(back.x - left, left + width - (back.x + back.w))
    down = min(bottom + height - (back.y + back.h), back.y - bottom)
    return across, down


@pytest.mark.parametrize("paper", PAPERS)
def test_backs_of_one_design_sit_together_along_the_tighter_axis(kits, paper):
    """Where the paper leaves less bleed (down on Letter: three poker rows leave 2.7 mm), cards
    whose backs share a colour are neighbours along it, so a back printed off mostly shows its own
    colour. Read on every full sheet: each back colour (its form's first fill) is one run in that order."""

    checked = 0
    for game in ("ribbon-of-bone", "bone-strike"):
        out = kits[(game, paper)]
        entry = next(e for e in entries(out) if e["kind"] == "card-stock" and e["layout"] == "duplex")
        reader = PdfReader(out / entry["path"])
        for page in reader.pages[1::2]:
            backs = placements(page, reader)
            if len(backs) < 9:
                continue
            down = min(_kept(b)[1] for b in backs) < min(_kept(b)[0] for b in backs)
            # The back page is mirrored: the front's first column is the back's last (largest x);
            # PDF y grows upwards, so the top row has the largest y.
            order = sorted(backs, key=lambda b: (-round(b.x), -round(b.y)) if down else (-round(b.y), -round(b.x)))
            colours = [form_fill(page, b.form) for b in order]
            runs = [c for i, c in enumerate(colours) if (i == 0 or colours[i - 1] != c) and c is not None]
            assert len(runs) == len(set(runs)), f"{game} {paper}: back colours {colours} are split"
            checked += 1
    assert checked


def test_a_partial_build_prints_what_was_asked_in_its_own_file(tmp_path):
    """--only one deck of a ganged game: that deck alone, in its own file, not a card-stock file
    that would replace the full kit's."""
    out = build_game(load("ribbon-of-bone"), BuildOptions(formats=("pdf",), rulebook=False, out_dir=tmp_path,
                                                          only=("marquis",))).out_dir
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    assert pdfs == ["marquis-a4.pdf"]
    reader = PdfReader(out / "marquis-a4.pdf")
    assert sum(len(faces(page, reader, "front")) for page in reader.pages[::2]) == 12


@pytest.mark.parametrize("paper", PAPERS)
def test_every_sheet_of_a_ganged_file_says_which_sheet_it_is(kits, paper):
    """The sheet numbers PRINTING.md lists are printed on the sheets, fronts and backs, in room a
    card grid leaves (checked 5 mm inside the paper by test_pdf_output's label test)."""
    import re

    for game in ("bone-strike", "ribbon-of-bone", "runes-and-bones", "rattlebones"):
        out = kits[(game, paper)]
        for entry in (e for e in entries(out) if e["kind"] == "card-stock"):
            texts = text_pages(out / entry["path"])
            step = 2 if entry["layout"] == "duplex" else 1
            total = len(texts) // step
            for index, text in enumerate(texts):
                number = index // step + 1
                text = words(text)
                assert re.search(rf"sheet {number} of {total}\b", text), f"{game} {entry['path']} page {index + 1}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_line_and_label_on_card_stock_prints(kits, game, paper):
    """Marks, fold lines, rulers, sheet labels and footers of every card-stock file of every game,
    read back from the page: all at least 5 mm inside the paper, where home printers print."""
    from pdfcheck import page_texts

    out = kits[(game, paper)]
    page_w, page_h = PAPERS[paper]
    for entry in card_stock_files(out):
        reader = PdfReader(out / entry["path"])
        seen = 0  # pieces cut along outlines (rectangles), cards along marks (lines): each file has some
        for number, page in enumerate(reader.pages, start=1):
            where = f"{entry['path']} page {number}"
            drawn = page_lines(page, reader)
            seen += len(drawn)
            for x1, y1, x2, y2 in drawn:
                for x, y in ((x1, y1), (x2, y2)):
                    assert PRINTABLE - TOL <= x <= page_w - PRINTABLE + TOL, f"{where}: line at x={x:.1f}"
                    assert PRINTABLE - TOL <= y <= page_h - PRINTABLE + TOL, f"{where}: line at y={y:.1f}"
            for text, x, y in page_texts(page, reader):
                assert PRINTABLE - TOL <= x <= page_w - PRINTABLE and PRINTABLE - TOL <= y <= page_h - PRINTABLE, (
                    f"{where}: text at ({x:.1f}, {y:.1f}) mm")
        assert seen, f"{entry['path']}: no lines read"
