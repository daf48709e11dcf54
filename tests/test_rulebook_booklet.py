"""The A5 rulebook imposed as a saddle-stitch booklet on A4 or Letter."""
from __future__ import annotations

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.paper.booklet import booklet_order, impose_booklet
from generator.paper.sizes import PAPER_MM

A5 = (148 * 72 / 25.4, 210 * 72 / 25.4)


def numbered_pdf(path, pages: int):
    canvas = Canvas(str(path), pagesize=A5)
    for number in range(1, pages + 1):
        canvas.drawString(100, 300, f"page-{number}")
        canvas.showPage()
    canvas.save()


def test_booklet_order_pads_to_four_and_nests_the_sheets():
    assert booklet_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert booklet_order(5) == [(None, 0), (1, None), (None, 2), (3, 4)]  # 3 blanks at the back
    every = [i for side in booklet_order(19) for i in side if i is not None]
    assert sorted(every) == list(range(19))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_sides_are_landscape_paper_in_booklet_order(tmp_path, paper):
    numbered_pdf(tmp_path / "book.pdf", 6)
    sides = impose_booklet(tmp_path / "book.pdf", tmp_path / "booklet.pdf", paper)
    reader = PdfReader(tmp_path / "booklet.pdf")
    assert sides == len(reader.pages) == 4  # 6 pages -> 8 -> 2 sheets, 2 sides each
    width, height = PAPER_MM[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) * 25.4 / 72 == pytest.approx(height, abs=0.05)  # landscape
        assert float(page.mediabox.height) * 25.4 / 72 == pytest.approx(width, abs=0.05)
    texts = [page.extract_text() for page in reader.pages]
    assert "page-1" in texts[0] and "page-2" in texts[1] and "page-6" not in texts[0]
    # Where each page's text lands, as a PDF viewer draws it (pages are placed as form XObjects)
    import pypdfium2 as pdfium

    text = pdfium.PdfDocument(tmp_path / "booklet.pdf")[0].get_textpage()
    found = {word: text.search(word).get_next() for word in ("page-1", "page-6")}
    half = float(reader.pages[0].mediabox.width) / 2
    assert found["page-6"] is None and found["page-1"] is not None
    assert text.get_charbox(found["page-1"][0])[0] > half  # the cover is on the right of sheet 1
