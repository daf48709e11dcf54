"""Gutterfold kits gang pieces with cards as duplex kits do, read back from the PDFs on A4 and
Letter: card-sized double-sided pieces join the card grid, other pieces fill the room below a
sheet's cards, every face's back lies behind it once the sheet is folded, every sheet says which
it is, and kit.json and PRINTING.md say what each sheet holds.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pdfcheck import PT, Placed, page_lines, page_texts, placements, text_pages, words
from pypdf import PdfReader

TOL = 0.05
PRINTABLE = 5.0
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
GAMES = ["bone-strike", "ribbon-of-bone", "runes-and-bones"]


@pytest.fixture(scope="module")
def kits(real_kit) -> dict[tuple[str, str], Path]:
    """Three games' gutterfold kits on both papers: the run's shared builds (conftest's real_kit)."""
    return {(game, paper): real_kit(game, paper, "gutterfold") for paper in PAPERS for game in GAMES}


def ganged(out_dir: Path) -> dict:
    entries = json.loads((out_dir / "kit.json").read_text())["files"]
    found = [e for e in entries if e["kind"] == "card-stock" and e["layout"] == "gutterfold"]
    assert len(found) == 1, [e["path"] for e in entries]
    return found[0]


def faces(page, reader) -> list[Placed]:
    """Cards and pieces on a gutterfold page; a card (which does not say its side) is a front left
    of the fold and a back right of it."""
    fold = float(page.mediabox.width) * PT / 2
    return [f if f.side else replace(f, side="front" if f.x + f.w / 2 < fold else "back")
            for f in placements(page, reader, origin="top", tags=("Card", "Piece"))]


@pytest.mark.parametrize("paper", PAPERS)
def test_card_sized_pieces_join_the_card_grid(kits, paper):
    """Bone Strike's four health-marker cards (double-sided, poker size) are imposed as cards:
    /Card faces in the grid after the 100 cards of its decks, not pieces on a sheet of their own."""
    out = kits[("bone-strike", paper)]
    entry = ganged(out)
    reader = PdfReader(out / entry["path"])
    cards = [f for page in reader.pages for f in faces(page, reader) if f.side == "front" and f.tag == "Card"]
    assert len(cards) == 104
    assert not [f for page in reader.pages for f in faces(page, reader) if f.tag == "Piece"]
    assert any("Health marker" in holds for holds in entry["sheets"])


@pytest.mark.parametrize("paper", PAPERS)
def test_pieces_share_a_sheet_with_cards(kits, paper):
    """Runes and Bones' last rune sheet has room below its card: bone tokens fill it."""
    out = kits[("runes-and-bones", paper)]
    entry = ganged(out)
    reader = PdfReader(out / entry["path"])
    mixed = [number for number, page in enumerate(reader.pages, start=1)
             if {f.tag for f in faces(page, reader)} == {"Card", "Piece"}]
    assert mixed
    for number in mixed:
        assert "Runes" in entry["sheets"][number - 1] and "Bones" in entry["sheets"][number - 1]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_back_lies_behind_its_front_once_folded(kits, game, paper):
    """Fronts left of the fold down the middle, backs right of it, each mirrored about the fold at
    the same height; pieces and cards alike."""
    out = kits[(game, paper)]
    reader = PdfReader(out / ganged(out)["path"])
    for number, page in enumerate(reader.pages, start=1):
        fold = float(page.mediabox.width) * PT / 2
        placed = faces(page, reader)
        fronts = [f for f in placed if f.side == "front"]
        backs = [f for f in placed if f.side == "back"]
        assert len(fronts) == len(backs), f"page {number}"
        for front in fronts:
            assert front.x + front.w <= fold + TOL, f"page {number}: a front crosses the fold"
            mirrored = 2 * fold - front.x - front.w
            assert any(abs(b.x - mirrored) < TOL and abs(b.y - front.y) < TOL and abs(b.w - front.w) < TOL
                       and b.tag == front.tag and b.ident == front.ident for b in backs), f"page {number}: {front}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_says_what_it_is_and_prints(kits, game, paper):
    """'sheet n of N' on every sheet; every line and text 5 mm inside the paper; kit.json and
    PRINTING.md list what each sheet holds."""
    out = kits[(game, paper)]
    entry = ganged(out)
    reader = PdfReader(out / entry["path"])
    total = len(reader.pages)
    texts = text_pages(out / entry["path"])
    assert len(entry["sheets"]) == total
    printing = (out / "PRINTING.md").read_text()
    assert f"Which sheet of `{entry['path']}` holds what" in printing
    for number, page in enumerate(reader.pages, start=1):
        assert f"- Sheet {number}: {entry['sheets'][number - 1]}" in printing
        text = words(texts[number - 1])
        assert re.search(rf"sheet {number} of {total}\b", text), f"{entry['path']} sheet {number} is not labelled"
        width, height = (float(v) * PT for v in (page.mediabox.width, page.mediabox.height))
        for x1, y1, x2, y2 in page_lines(page, reader):
            for x, y in ((x1, y1), (x2, y2)):
                assert PRINTABLE - TOL <= x <= width - PRINTABLE + TOL and PRINTABLE - TOL <= y <= height - PRINTABLE + TOL, (
                    f"sheet {number}: a line at ({x:.1f}, {y:.1f}) mm")
        for _op, x, y in page_texts(page, reader):
            assert PRINTABLE - TOL <= x <= width - PRINTABLE and PRINTABLE - TOL <= y <= height - PRINTABLE, (
                f"sheet {number}: text at ({x:.1f}, {y:.1f}) mm")
