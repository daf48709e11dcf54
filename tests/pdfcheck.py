"""Read back what we wrote: card placements, crop-mark lines and fonts of a PDF page.

Geometry comes from the page's own content stream: each card face is a form XObject placed with
a `cm` translation (its trim corner, since the form's origin is the trim corner) and crop marks
are page-level `m`/`l` lines. All results are in millimetres, PDF coordinates (y up) unless a
reader is asked for origin "top" (y down from the top edge, as the generator places things).
"""
from __future__ import annotations

import ctypes
import hashlib
from dataclasses import dataclass, replace
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 25.4 / 72


@dataclass(frozen=True)
class Placed:
    x: float
    y: float
    w: float
    h: float
    bleed: float
    form: str
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h actually shown (trim + bleed kept)
    tag: str = "Card"  # the marked-content tag: "Card" or "Piece"
    side: str = ""  # "front" or "back": what the face says (pieces), else the page's side as given
    ident: str = ""  # a piece's /Id


HYPHEN_BREAKS = ("\ufffe", "\x02")  # how pdfium marks a word hyphenated at a line's end (it drops the break)


def text_pages(path: str | Path) -> list[str]:
    """Each page's text as a reader copies it, one string a page: lines end with "\n", a word
    hyphenated across lines reads "-" and a line break (as pypdf gives it). Read with pdfium,
    tens of times faster than pypdf's extract_text; the words are the same, but a few lines may
    break elsewhere and text placed side by side may come in another order, so checks should
    read words (whitespace normalised), not layout."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        found = []
        for index in range(len(pdf)):
            page = pdf[index]
            textpage = page.get_textpage()
            text = textpage.get_text_range().replace("\r\n", "\n")
            textpage.close()
            page.close()
            for mark in HYPHEN_BREAKS:
                text = text.replace(mark, "-\n")
            found.append(text)
        return found
    finally:
        pdf.close()


def destination_pages(path: str | Path) -> dict[str, int]:
    """Named destination -> its 0-based page number, as pypdf's named_destinations and
    get_destination_page_number give them, read with pdfium: pypdf parses the whole object
    stream WeasyPrint writes to reach the catalogue (half a second of CPU a rulebook)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        found = {}
        for index in range(pdfium_raw.FPDF_CountNamedDests(pdf)):
            size = ctypes.c_long(0)  # asked once for the name's size in bytes, then for the name
            pdfium_raw.FPDF_GetNamedDest(pdf, index, None, ctypes.byref(size))
            name = ctypes.create_string_buffer(size.value)
            dest = pdfium_raw.FPDF_GetNamedDest(pdf, index, name, ctypes.byref(size))
            found[name.raw[:size.value].decode("utf-16-le").rstrip("\x00")] = pdfium_raw.FPDFDest_GetDestPageIndex(pdf, dest)
        return found
    finally:
        pdf.close()


def words(text: str) -> str:
    """``text`` with every run of whitespace one space: what reads the same however lines broke."""
    return " ".join(text.split())


_PARSED: dict[bytes, list] = {}  # a content stream's digest -> its operations
_PARSED_KEPT = 512


def page_operations(page, reader) -> list:
    """The page's content stream as pypdf's (operands, operator) pairs, parsed once per distinct
    stream: the checks read the same pages of the run's shared kits again and again (test_ganging
    reads a sheet for its faces, its crop marks, its lines and its labels), and pypdf's parser is
    what reading a page costs. The list is shared: read it, never change it. A content stream
    holds no indirect references, so the same bytes parse the same in any file."""
    contents = page.get_contents()
    if contents is None:
        return ContentStream(None, reader).operations
    key = hashlib.blake2b(contents.get_data(), digest_size=16).digest()
    found = _PARSED.get(key)
    if found is None:
        if len(_PARSED) >= _PARSED_KEPT:
            del _PARSED[next(iter(_PARSED))]  # the oldest first
        found = _PARSED[key] = ContentStream(contents, reader).operations
    return found


def _page_height(page) -> float:
    return float(page.mediabox.height) * PT


def placements(page, reader, origin: str = "pdf", tags: tuple[str, ...] = ("Card",), side: str = "") -> list[Placed]:
    """Every card (and with ``tags`` piece) on a page: a marked-content sequence at the translation
    in force. ``origin`` "pdf": (x, y) is the trim's lower-left corner, y up from the page's bottom
    edge; "top": its upper-left corner, y down from the top edge (as the generator places things).
    ``side`` is the page's side, for faces that do not say theirs.

    ``form`` names the form XObject the face is drawn with, or "inline" for a face drawn once.
    Where a form is used, its /BBox must agree with the stated trim and bleed.
    """
    xobjects = page["/Resources"].get_object().get("/XObject", {})
    found, stack, ctm, open_card, rect, clip = [], [], (0.0, 0.0), None, None, None
    wanted = {f"/{tag}" for tag in tags}
    for operands, op in page_operations(page, reader):
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"re":
            rect = tuple(float(v) * PT for v in operands)
        elif op in (b"W", b"W*") and rect is not None:
            clip = (rect[0] + ctm[0] * PT, rect[1] + ctm[1] * PT, rect[2], rect[3])
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = (ctm[0] + e, ctm[1] + f)
        elif op == b"BDC" and operands[0] in wanted:
            props = operands[1]
            w, h = (float(v) for v in props["/Trim"])
            open_card = [ctm[0] * PT, ctm[1] * PT, w * PT, h * PT, float(props.get("/Bleed", 0)) * PT, "inline", clip,
                         str(operands[0])[1:], str(props.get("/Side", side)), str(props.get("/Id", ""))]
        elif op == b"Do" and open_card is not None and "face-" in str(operands[0]):  # not an icon inside it
            name = operands[0]
            x0, y0, x1, y1 = (float(v) * PT for v in xobjects[name].get_object()["/BBox"])
            assert abs((x1 + x0) - open_card[2]) < 0.01 and abs(-x0 - open_card[4]) < 0.01, "form BBox disagrees"
            open_card[5] = str(name)
        elif op == b"EMC" and open_card is not None:
            found.append(Placed(*open_card))
            open_card = None
    if origin == "top":
        height = _page_height(page)
        found = [replace(p, y=height - p.y - p.h,
                         clip=None if p.clip is None else (p.clip[0], height - p.clip[1] - p.clip[3], p.clip[2], p.clip[3]))
                 for p in found]
    return found


def _lines(page, reader) -> list[tuple[float, float, float, float, float]]:
    """Page-level straight lines with their stroke width in points: (x1, y1, x2, y2, width)."""
    result, start, width, stack = [], None, 1.0, []
    for operands, op in page_operations(page, reader):
        if op == b"q":
            stack.append(width)
        elif op == b"Q":
            width = stack.pop()
        elif op == b"w":
            width = float(operands[0])
        elif op == b"m":
            start = tuple(float(v) * PT for v in operands)
        elif op == b"l" and start is not None:
            end = tuple(float(v) * PT for v in operands)
            result.append((*start, *end, width))
            start = end
    return result


def lines(page, reader) -> list[tuple[float, float, float, float]]:
    """Page-level straight lines (crop marks, fold line, ruler), in mm."""
    return [line[:4] for line in _lines(page, reader)]


def crop_marks(page, reader, origin: str = "pdf") -> list[tuple[float, float, float, float]]:
    """Crop marks: the lines drawn at the 0.25 pt mark width (the ruler and fold use others), in mm
    from the bottom-left corner (origin "pdf", y up) or the top-left one ("top", y down)."""
    marks = [line[:4] for line in _lines(page, reader) if abs(line[4] - 0.25) < 1e-6]
    if origin == "top":
        height = _page_height(page)
        marks = [(x1, height - y1, x2, height - y2) for x1, y1, x2, y2 in marks]
    return marks


def fonts(reader: PdfReader) -> set[tuple[str, bool]]:
    """(BaseFont, embedded) for every font used anywhere, forms included."""
    seen: set[tuple[str, bool]] = set()

    def visit(resources):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = bool(descriptor) and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            seen.add((str(font["/BaseFont"]), embedded))
        for xobject in (resources.get("/XObject") or {}).values():
            visit(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return seen


def images(reader: PdfReader) -> dict[int, tuple[int, int]]:
    """Every distinct image XObject in the file (object number -> pixel size), forms included."""
    found: dict[int, tuple[int, int]] = {}

    def visit(resources):
        resources = resources.get_object() if resources is not None else {}
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Image":
                found[ref.idnum] = (int(xobject["/Width"]), int(xobject["/Height"]))
            else:
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def page_texts(page, reader) -> list[tuple[str, float, float]]:
    """Where each text run drawn on the page itself (not inside a placed card or piece) starts:
    (operator, x, y) in mm, from the content stream's Tm / Td positions."""
    found, stack, ctm, depth, x, y = [], [], (0.0, 0.0), 0, 0.0, 0.0
    for operands, op in page_operations(page, reader):
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = (ctm[0] + float(operands[4]), ctm[1] + float(operands[5]))
        elif op in (b"BDC", b"BMC"):
            depth += 1
        elif op == b"EMC":
            depth -= 1
        elif op == b"BT":
            x, y = 0.0, 0.0
        elif op == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif op == b"Td":
            x, y = x + float(operands[0]), y + float(operands[1])
        elif op in (b"Tj", b"TJ") and depth == 0:
            found.append((op.decode(), (x + ctm[0]) * PT, (y + ctm[1]) * PT))
    return found


def form_fill(page, form: str) -> tuple[float, ...] | None:
    """The first fill colour a placed face's form paints (a back's full-bleed background, as its
    operands), or None for a face drawn inline."""
    if form == "inline":
        return None
    stream = page["/Resources"]["/XObject"][form].get_object()
    for operands, op in ContentStream(stream, None).operations:
        if op in (b"rg", b"g", b"k"):
            return tuple(round(float(v), 3) for v in operands)
    return None


def dashed_lines(page, reader) -> list[tuple[float, float, float, float]]:
    """Page-level straight segments stroked with a dash pattern, in mm from the top-left corner."""
    height = _page_height(page)
    result, start, dashed, stack = [], None, False, []
    for operands, op in page_operations(page, reader):
        if op == b"q":
            stack.append(dashed)
        elif op == b"Q":
            dashed = stack.pop()
        elif op == b"d":
            dashed = bool(list(operands[0]))
        elif op == b"BDC":
            stack.append(dashed)  # what a placed card draws inside is not the page's own
        elif op == b"EMC":
            dashed = stack.pop()
        elif op == b"m":
            start = (float(operands[0]) * PT, height - float(operands[1]) * PT)
        elif op == b"l" and start is not None:
            end = (float(operands[0]) * PT, height - float(operands[1]) * PT)
            if dashed:
                result.append((*start, *end))
            start = end
    return result


def page_lines(page, reader) -> list[tuple[float, float, float, float]]:
    """Every straight segment the page draws outside its placed cards and pieces, through the
    transformation in force, in mm from the top-left corner."""
    height = _page_height(page)
    result, start, stack, depth = [], None, [], 0
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def apply(x, y):
        a, b, c, d, e, f = ctm
        return (a * x + c * y + e) * PT, height - (b * x + d * y + f) * PT

    for operands, op in page_operations(page, reader):
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a2, b2, c2, d2, e2, f2 = (float(v) for v in operands)
            a, b, c, d, e, f = ctm
            ctm = (a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d,
                   e2 * a + f2 * c + e, e2 * b + f2 * d + f)
        elif op == b"BDC":
            depth += 1
        elif op == b"EMC":
            depth -= 1
        elif op == b"m":
            start = apply(float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None:
            end = apply(float(operands[0]), float(operands[1]))
            if depth == 0:
                result.append((*start, *end))
            start = end
    return result
