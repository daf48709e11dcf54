"""The quick reference's page from the blocks its measuring layout laid out already.

Measuring (quickref.py) lays every block out at the page's type size and column width, one under
another in a strip. The page the packer chooses holds some of those very blocks, in columns: the
same boxes, elsewhere. So the page is laid out with an empty box of each chosen block's size in
its place (a header, a footer and empty boxes: quick to lay out, and its page count is the
page's), and the measured blocks are moved into those places, their backgrounds placed again
(WeasyPrint places them once layout is done). WeasyPrint then draws them as it would have laid
them out itself: the same page, one layout of the blocks instead of two.

This reads WeasyPrint's laid-out boxes (``Document.pages[*]._page_box``), as ``pdf.number_pages``
does. Anything not as expected (another WeasyPrint's boxes, a block that is not one box, a hold
whose size differs from its block's) gives None, and the caller lays the page out the ordinary way.
"""
from __future__ import annotations

from typing import Any

HOLD_ID = "qh-"  # layouts/rulebook/quickref.html.j2 names each hold qh-<block index>
MARK_ID = "qb-"  # and each mark between measured blocks qb-<index>
SAME = 1e-6  # CSS px: a hold and its block are the same size to within this


def _id(box) -> str:
    element = getattr(box, "element", None)
    return (element.get("id") or "") if element is not None and hasattr(element, "get") else ""


def measured_blocks(document, count: int) -> list | None:
    """Each block's box in the measuring strip, by block index; None if the strip is not as the
    template writes it (a mark, one box, a mark ... for every block)."""

    try:
        page = document.pages[0]._page_box
        strip = next(box for box in page.descendants() if box.element_tag == "main"
                     and "strip" in (box.element.get("class") or "").split())
        found: list[list] = []
        for child in strip.children:
            if _id(child).startswith(MARK_ID):
                found.append([])
            elif found:
                found[-1].append(child)
            else:
                return None
        if len(found) != count + 1 or found[-1] or any(len(group) != 1 for group in found[:-1]):
            return None
        blocks = [group[0] for group in found[:-1]]
        if any(box.margin_left or box.margin_right for box in blocks):
            return None
        return blocks
    except (AttributeError, StopIteration, TypeError):
        return None


def hold(index: int, box) -> dict[str, Any]:
    """A block for the template: an empty box of the measured block's size and margins."""
    size = (f"height: {box.border_height()!r}px; margin: {box.margin_top!r}px 0 {box.margin_bottom!r}px; "
            "padding: 0; border: 0;")
    return {"kind": "hold", "index": index, "style": size, "label": ""}


def move_into_holds(document, blocks: list) -> Any | None:
    """The page of ``document`` (laid out with holds) with each hold replaced by its measured
    block, moved to where the hold is: a new Document of that one page, or None."""
    from .pdf import place_backgrounds

    try:
        page = document.pages[0]._page_box
        swaps = {}
        for parent in page.descendants():
            for child in getattr(parent, "children", ()):
                name = _id(child)
                if name.startswith(HOLD_ID):
                    swaps[id(child)] = (parent, child, blocks[int(name[len(HOLD_ID):])])
        for parent, held, block in swaps.values():
            if (abs(held.border_height() - block.border_height()) > SAME
                    or abs(held.border_width() - block.border_width()) > SAME):
                return None
        if len({id(block) for _p, _h, block in swaps.values()}) != len(swaps):
            return None
        for parent, held, block in swaps.values():
            block.translate(dx=held.border_box_x() - block.border_box_x(), dy=held.border_box_y() - block.border_box_y())
            parent.children = [block if child is held else child for child in parent.children]
            place_backgrounds(page, block)
        return document.copy([type(document.pages[0])(page)])  # a Page: its links and anchors gathered anew
    except (AttributeError, TypeError, ValueError, IndexError, ImportError):
        return None
