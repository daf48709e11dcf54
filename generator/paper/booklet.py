"""Saddle-stitch imposition: the A5 rulebook as a booklet printed on A4 or Letter.

Pages are padded with blanks to a multiple of four and placed two to a landscape sheet side in
booklet order (sheet 1 front: last page | page 1; back: page 2 | second-to-last ...), so the
printed stack folds in the middle into the book. The only module that uses pypdf at run time.
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
    return [tuple(i if i is not None and i < pages else None for i in side) for side in sides]


def impose_booklet(source: Path, target: Path, paper: str = "a4") -> int:
    """Write the booklet of ``source`` to ``target``; return its number of sheet sides."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(source)
    pages = reader.pages
    height, width = (v * PT for v in PAPER_MM[paper])  # landscape: the paper's long side across
    writer = PdfWriter()
    for left, right in booklet_order(len(pages)):
        side = PageObject.create_blank_page(width=width, height=height)
        for slot, index in enumerate((left, right)):
            if index is None:
                continue
            page = pages[index]
            page_w, page_h = float(page.mediabox.width), float(page.mediabox.height)
            scale = min(width / 2 / page_w, height / page_h)  # A5 fills half an A4; Letter shrinks it a little
            x = slot * width / 2 + (width / 2 - page_w * scale) / 2
            y = (height - page_h * scale) / 2
            side.merge_transformed_page(page, Transformation().scale(scale).translate(x, y))
        writer.add_page(side)
    writer.add_metadata({"/Title": f"{reader.metadata.title if reader.metadata else 'Rulebook'} (booklet)"})
    with atomic_path(target) as temp:
        with temp.open("wb") as handle:
            writer.write(handle)
    return len(writer.pages)
