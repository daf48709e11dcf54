"""What a rulebook build does once rather than once a document (generator/rulebook/pdf.py): the
book and the quick reference's layouts share one font configuration, so each font file is read
once a rulebook; and the garbage collector runs rarely while WeasyPrint works, then as before.
Read back: the fonts the fetcher was asked for, and the fonts embedded in the PDFs written."""
from __future__ import annotations

import gc
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

import generator.rulebook as rulebook
from generator.model.loader import load
from generator.rulebook import pdf as rulebook_pdf
from generator.rulebook import render_rulebook

FIXTURE = Path(__file__).parent / "fixtures" / "fontgame"  # Lato, and the game's own Vera Sans
VERA = "Vera-Sans"  # as WeasyPrint names the game's font in a rulebook


def _font_reads(monkeypatch) -> Counter:
    """Count, by file name, the font files WeasyPrint asks the guarded fetcher for."""
    reads: Counter = Counter()
    fetch = rulebook_pdf.GuardedFetcher.fetch

    def counting(self, url, headers=None):
        if url.endswith(".ttf"):
            reads[url.rsplit("/", 1)[-1]] += 1
        return fetch(self, url, headers)

    monkeypatch.setattr(rulebook_pdf.GuardedFetcher, "fetch", counting)
    return reads


def _embedded_fonts(path: Path) -> set[str]:
    names = set()
    for page in PdfReader(path).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_the_quick_reference_reads_no_font_file_the_book_read(tmp_path, monkeypatch):
    reads = _font_reads(monkeypatch)
    book_reads: Counter = Counter()
    quickref = rulebook.build_quickref

    def after_the_book(*args, **kwargs):  # the book is written: what follows is the quick reference's
        book_reads.update(reads)
        reads.clear()
        return quickref(*args, **kwargs)

    monkeypatch.setattr(rulebook, "build_quickref", after_the_book)
    render_rulebook(load(FIXTURE), tmp_path / "both")
    assert {"Lato-Regular.ttf", "Vera.ttf"} <= set(book_reads)
    # Laid out three times more (a measuring strip, a page), the quick reference reads nothing again.
    assert reads == Counter()
    for written in ("rulebook.pdf", "quickref.pdf"):  # both still set in Lato and the game's headings font
        fonts = _embedded_fonts(tmp_path / "both" / written)
        assert "Lato" in fonts and any(name.startswith(VERA) for name in fonts), (written, fonts)


def test_collections_are_rare_inside_and_as_before_after_even_on_error():
    before = gc.get_threshold()
    with rulebook_pdf.fewer_collections():
        assert gc.get_threshold()[0] >= rulebook_pdf.FEWER_COLLECTIONS
        assert gc.get_threshold()[1:] == before[1:]
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), rulebook_pdf.fewer_collections():
        raise RuntimeError("a build that fails half-way")
    assert gc.get_threshold() == before
