"""Every card-stock sheet says what it is: a deck alone in its file ('My Game: Action cards: sheet
2 of 3', ', back' on its back page) as a ganged sheet does, in a full build and in an --only build,
duplex and gutterfold, on A4 and Letter; read back from the PDFs, the label inside the printable
area and its count the file's own."""
from __future__ import annotations

import json
import re

import pytest
from pdfcheck import PT, page_texts, text_pages, words
from pypdf import PdfReader

from generator.kit.build import build_game
from generator.model.loader import load
from generator.options import BuildOptions

PRINTABLE = 5.0
TOL = 0.05


def check_labels(path, title: str, double: bool) -> int:
    """Every page of ``path`` labelled '<title>: sheet n of N' (', back' on back pages), 5 mm inside."""
    reader = PdfReader(path)
    texts = text_pages(path)
    step = 2 if double else 1
    total = len(reader.pages) // step
    for index, page in enumerate(reader.pages):
        number = index // step + 1
        back = ", back" if double and index % 2 else ""
        text = words(texts[index])
        assert re.search(rf"{re.escape(title)}: sheet {number} of {total}{back}\b", text), (
            f"{path.name} page {index + 1}: no '{title}: sheet {number} of {total}{back}' in {text[-120:]!r}")
        width, height = (float(v) * PT for v in (page.mediabox.width, page.mediabox.height))
        for _op, x, y in page_texts(page, reader):
            assert PRINTABLE - TOL <= x <= width - PRINTABLE and PRINTABLE - TOL <= y <= height - PRINTABLE, (
                f"{path.name} page {index + 1}: text at ({x:.1f}, {y:.1f}) mm")
    return total


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_a_deck_alone_in_its_file_labels_every_sheet(tmp_path, starter_game, paper, layout):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("count: 4", "count: 16"))  # 18 cards: more than one sheet
    out = build_game(load(starter_game), BuildOptions(paper=paper, layout=layout, formats=("pdf",), rulebook=False,
                                                      out_dir=tmp_path)).out_dir
    entries = json.loads((out / "kit.json").read_text())["files"]
    deck = next(e for e in entries if e["kind"] == "deck")
    game = load(starter_game).game
    assert check_labels(out / deck["path"], f"{game.title}: Action cards", layout == "duplex") >= 2


def test_an_only_build_labels_its_deck_sheets(tmp_path):
    out = build_game(load("runes-and-bones"), BuildOptions(formats=("pdf",), rulebook=False, out_dir=tmp_path,
                                                           only=("runes",))).out_dir
    assert check_labels(out / "runes-a4.pdf", "Runes and Bones: Runes", True) == 5
