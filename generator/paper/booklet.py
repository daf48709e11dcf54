"""Saddle-stitch imposition: the A5 rulebook as a booklet printed on A4 or Letter.

Pages are padded with blanks to a multiple of four and placed two to a landscape sheet side in
booklet order (sheet 1 front: last page | page 1; back: page 2 | second-to-last ...), so the
printed stack folds in the middle into the book. The only module that uses pypdf at run time.

Each book page becomes a form XObject (its content stream copied as is, still compressed, with
its resources) that the sheet side draws scaled and moved: no content stream is parsed or
rewritten, and fonts and pictures the pages share are stored once. Only the objects the pages
need are read (``_PagesOnlyReader``): a tagged book keeps thousands of structure elements in the
same compressed object stream as its pages, and parsing them all was most of the imposition.
"""
from __future__ import annotations

from pathlib import Path

from ..atomic import atomic_path
from .sizes import PAPER_MM

PT = 72 / 25.4


def booklet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page indexes for each sheet side, in print order; None is a blank page."""
    total = -(-pages // 4) * 4
    sides = []
    for sheet in range(total // 4):
        outer_left, outer_right = total - 1 - 2 * sheet, 2 * sheet
        inner_left, inner_right = 2 * sheet + 1, total - 2 - 2 * sheet
        sides.append((outer_left, outer_right))
        sides.append((inner_left, inner_right))

    def real(index: int) -> int | None:  # past the last page is a blank filling the sheet
        return index if index < pages else None

    return [(real(left), real(right)) for left, right in sides]


def _pages_only_reader(source: Path):
    """A pypdf reader that parses an object out of an object stream only when it is asked for
    (pypdf parses every object of the stream the first time any one of them is wanted). Each
    stream is decoded and its index read once; anything unexpected is left to pypdf's own way."""
    from io import BytesIO

    from pypdf import PdfReader
    from pypdf.generic import IndirectObject, read_object

    class PagesOnlyReader(PdfReader):
        def __init__(self, stream) -> None:
            self._streams: dict[int, tuple[bytes, int, dict[int, int]]] = {}
            self._parsed: dict[int, object] = {}  # one object per number, as pypdf's cache would keep
            super().__init__(stream)

        def _get_object_from_stream(self, indirect_reference):
            number = indirect_reference.idnum
            if number in self._parsed:
                return self._parsed[number]
            try:
                stream_number = self.xref_objStm[number][0]
                if stream_number not in self._streams:
                    holder = IndirectObject(stream_number, 0, self).get_object()
                    data, first = holder.get_data(), int(holder["/First"])
                    header = data[:first].split()
                    self._streams[stream_number] = (data, first, {
                        int(header[i]): int(header[i + 1]) for i in range(0, 2 * int(holder["/N"]), 2)})
                data, first, offsets = self._streams[stream_number]
                reading = BytesIO(data)
                reading.seek(first + offsets[number])
                obj = read_object(reading, self)
                obj.indirect_reference = IndirectObject(number, 0, self)  # as pypdf's cache marks it: cloned once
            except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # not as pydyf writes: pypdf's way
                return super()._get_object_from_stream(indirect_reference)
            self._parsed[number] = obj
            return obj

    return PagesOnlyReader(source)


def _page_form(page, writer):
    """A form XObject holding one page's drawing, added to writer; returns its reference."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, StreamObject

    contents = page.get("/Contents")
    contents = contents.get_object() if contents is not None else None
    form = StreamObject()
    if isinstance(contents, StreamObject):  # the usual case: one stream, copied still compressed
        form._data = contents._data
        for key in ("/Filter", "/DecodeParms"):
            if key in contents:
                form[NameObject(key)] = contents[key].clone(writer)
    elif contents is not None:  # several streams: one stream of their decoded bytes
        form.set_data(b"\n".join(part.get_object().get_data() for part in contents))
    box = page.mediabox
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([box[0], box[1], box[2], box[3]]),
        NameObject("/Resources"): page["/Resources"].clone(writer) if "/Resources" in page else DictionaryObject(),
    })
    return writer._add_object(form)


def impose_booklet(source: Path, target: Path, paper: str = "a4") -> int:
    """Write the booklet of ``source`` to ``target``; return its number of sheet sides."""
    from pypdf import PageObject, PdfWriter
    from pypdf.generic import DictionaryObject, NameObject, StreamObject

    reader = _pages_only_reader(source)
    pages = reader.pages
    height, width = (v * PT for v in PAPER_MM[paper])  # landscape: the paper's long side across
    writer = PdfWriter()
    forms = {}
    for left, right in booklet_order(len(pages)):
        side = PageObject.create_blank_page(writer, width=width, height=height)
        xobjects = DictionaryObject()
        drawing = []
        for slot, index in enumerate((left, right)):
            if index is None:
                continue
            page = pages[index]
            if index not in forms:
                forms[index] = _page_form(page, writer)
            box = page.mediabox
            page_w, page_h = float(box.width), float(box.height)
            scale = min(width / 2 / page_w, height / page_h)  # A5 fills half an A4; Letter shrinks it a little
            x = slot * width / 2 + (width / 2 - page_w * scale) / 2 - float(box.left) * scale
            y = (height - page_h * scale) / 2 - float(box.bottom) * scale
            name = f"/P{index}"
            xobjects[NameObject(name)] = forms[index]
            drawing.append(f"q {scale:.6f} 0 0 {scale:.6f} {x:.4f} {y:.4f} cm {name} Do Q")
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        content = StreamObject()
        content.set_data("\n".join(drawing).encode("ascii"))
        side[NameObject("/Contents")] = writer._add_object(content)
        writer.add_page(side)
    writer.add_metadata({"/Title": f"{reader.metadata.title if reader.metadata else 'Rulebook'} (booklet)"})
    with atomic_path(target) as temp:
        with temp.open("wb") as handle:
            writer.write(handle)
    return len(writer.pages)
