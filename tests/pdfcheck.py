"""Read back what we wrote: card placements, crop-mark lines and fonts of a PDF page.

Geometry comes from the page's own content stream: each card face is a form XObject placed with
a `cm` translation (its trim corner, since the form's origin is the trim corner) and crop marks
are page-level `m`/`l` lines. All results are in millimetres, PDF coordinates (y up).
"""
from __future__ import annotations

from dataclasses import dataclass

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


def _ops(page, reader):
    return ContentStream(page.get_contents(), reader).operations


def placements(page, reader) -> list[Placed]:
    xobjects = page["/Resources"].get_object().get("/XObject", {})
    found, stack, ctm = [], [], (0.0, 0.0)
    for operands, op in _ops(page, reader):
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = (ctm[0] + e, ctm[1] + f)
        elif op == b"Do":
            name = operands[0]
            form = xobjects[name].get_object()
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            bleed = -x0
            found.append(Placed(ctm[0] * PT, ctm[1] * PT, (x1 + x0) * PT, (y1 + y0) * PT, bleed * PT, str(name)))
    return found


def lines(page, reader) -> list[tuple[float, float, float, float]]:
    """Page-level straight lines (crop marks, fold line, ruler), in mm."""
    result, start, depth = [], None, 0
    for operands, op in _ops(page, reader):
        if op == b"q":
            depth += 1
        elif op == b"Q":
            depth -= 1
        elif op == b"m":
            start = tuple(float(v) * PT for v in operands)
        elif op == b"l" and start is not None:
            end = tuple(float(v) * PT for v in operands)
            result.append((*start, *end))
            start = end
    return result


def crop_marks(page, reader) -> list[tuple[float, float, float, float]]:
    """Marks are short lines of the 0.25 pt mark width; the ruler's ticks are shorter than 2.1 mm."""
    return [ln for ln in lines(page, reader) if abs(ln[2] - ln[0]) + abs(ln[3] - ln[1]) > 2.5]


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
