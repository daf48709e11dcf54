"""The booklet reads only the objects its pages need out of a tagged book's object stream, and
imposes the same bytes as pypdf's own reader, which parses the whole stream."""
from __future__ import annotations

from pypdf import PdfReader

from generator.paper import booklet
from generator.rulebook.pdf import weasyprint  # imported there: its system libraries found without gcc

PAGES = "".join(f"<section><h1>Chapter {n}</h1>" + "<p>Roll two dice and move.</p>" * 30 + "</section>"
                for n in range(1, 6))


def tagged_book(path) -> None:
    html = f"<style>@page {{ size: A5 }} section {{ break-after: page }}</style>{PAGES}"
    weasyprint.HTML(string=html).write_pdf(path, pdf_variant="pdf/ua-1")


def test_lazy_reader_imposes_the_same_bytes_as_pypdf(tmp_path, monkeypatch):
    tagged_book(tmp_path / "book.pdf")
    booklet.impose_booklet(tmp_path / "book.pdf", tmp_path / "lazy.pdf", "a4")
    monkeypatch.setattr(booklet, "_pages_only_reader", PdfReader)
    booklet.impose_booklet(tmp_path / "book.pdf", tmp_path / "whole.pdf", "a4")
    assert (tmp_path / "lazy.pdf").read_bytes() == (tmp_path / "whole.pdf").read_bytes()
    assert len(PdfReader(tmp_path / "lazy.pdf").pages) >= 4


def test_lazy_reader_leaves_the_structure_tree_unread(tmp_path):
    tagged_book(tmp_path / "book.pdf")
    reader = booklet._pages_only_reader(tmp_path / "book.pdf")
    [reader.pages[i].get("/Resources") for i in range(len(reader.pages))]
    in_streams = len(reader.xref_objStm)
    assert in_streams > 100  # the tags are there, compressed in an object stream
    assert 0 < len(reader._parsed) < in_streams / 4
