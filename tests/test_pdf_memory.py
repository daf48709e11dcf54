"""The PDF backend's memory at save (issue 13): reportlab gathers the whole file in memory and
joins it before writing; generator/render/pdf.py has it write each object out as it is made, lets
go of each page's deflated bytes as reportlab takes them, and gives pages that place the same forms
one /XObject dictionary. The bytes stay what reportlab alone writes."""
from __future__ import annotations

import functools
import random
import tracemalloc
from pathlib import Path

import pypdf
import pytest
from reportlab.pdfbase.pdfdoc import PDFStream

from generator.paper.impose import Page, Placement
from generator.render import pdf as backend
from generator.scene.nodes import Rect, Scene, Text

PAGES = 60
A4 = (595.28, 841.89)
LETTERS = "abcdefghijklmnopqrstuvwxyz "


@functools.lru_cache(maxsize=1)  # made once for the module's tests; writing them does not change them
def _pages() -> list[Page]:
    """Pages of text that deflates poorly (so the file is large beside reportlab's own objects),
    each with a frame shared by every page (drawn once, as a form) and a face of its own."""
    rng = random.Random(13)
    frame = Scene(200, 280, (Rect(0, 0, 200, 280, fill="#f7f1e3", stroke="#3b2f2a", stroke_width=1),), key="frame")
    pages = []
    for number in range(PAGES):
        lines = tuple(Text(10, 12 + 2.4 * i, "".join(rng.choices(LETTERS, k=400)),
                           "regular", 2) for i in range(110))
        own = Scene(200, 280, lines, key=f"page-{number}")
        clip = (0.0, 0.0, *A4)
        pages.append(Page(*A4, "front", [Placement(frame, 40, 40, clip, "front"),
                                         Placement(own, 300, 40, clip, "front")]))
    return pages


def _write(path, pages) -> tuple[int, int]:
    """Write the pages; the bytes traced while saving, above what was traced before it, and the
    number of /XObject dictionaries the pages hold."""
    with open(path, "wb") as file:
        writer = backend.PdfWriter(file, {}, "memory")
        for page in pages:
            writer.add_page(page, shared={"frame"})
        dictionaries = len({id(p.XObjects) for p in writer.canvas._doc.Pages.pages})
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            writer.save()
            grown = tracemalloc.get_traced_memory()[1] - before
        finally:
            tracemalloc.stop()
    return grown, dictionaries


@pytest.fixture(scope="module")
def streamed(tmp_path_factory) -> tuple[Path, int, int]:
    """The pages written once for the module's tests (each reads it, none changes it): the file,
    the bytes traced while saving, and the number of /XObject dictionaries."""
    path = tmp_path_factory.mktemp("streamed") / "deck.pdf"
    return (path, *_write(path, _pages()))


def test_saving_writes_the_file_out_as_reportlab_makes_it(streamed):
    path, grown, _ = streamed
    size = path.stat().st_size
    assert size > 1_500_000  # the pages' streams are most of the file
    # reportlab alone holds every object's bytes, then their join: twice the file at once (the
    # next test); what is left is the embedded font's subset, made before any object is written
    assert grown < size / 2, f"saving a {size:,}-byte file took {grown:,} bytes more memory"


def test_the_file_is_the_bytes_reportlab_writes_when_it_gathers_them(streamed, tmp_path, monkeypatch):
    monkeypatch.setattr(backend._PageStream, "format", PDFStream.format)  # reportlab's own: gathered, joined
    grown, _ = _write(tmp_path / "gathered.pdf", _pages())
    gathered = (tmp_path / "gathered.pdf").read_bytes()
    assert grown > len(gathered)  # what the first test guards against (reportlab alone: about twice the file)
    assert streamed[0].read_bytes() == gathered


def test_pages_placing_the_same_forms_share_one_xobject_dictionary_and_each_names_them(streamed):
    path, _, dictionaries = streamed
    assert dictionaries == 1
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == PAGES
    for page in reader.pages:
        forms = page["/Resources"]["/XObject"]
        assert list(forms) == ["/FormXob.face-frame"]
        assert forms["/FormXob.face-frame"].get_object()["/Subtype"] == "/Form"
    assert all(len(reader.pages[n].extract_text()) > 5000 for n in (0, PAGES - 1))  # each page's own text


def test_a_page_stream_is_handed_over_once(tmp_path):
    with open(tmp_path / "one.pdf", "wb") as file:
        writer = backend.PdfWriter(file, {}, "once")
        writer.add_page(_pages()[0], shared={"frame"})
        writer.save()
        stream = writer.canvas._doc.Pages.pages[0].Contents
    with pytest.raises(RuntimeError, match="formatted twice"):
        stream.filters[0].encode(b"")
