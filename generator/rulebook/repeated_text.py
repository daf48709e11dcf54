"""Text boxes drawn one after another from one laid-out text (a leader's dots) share one Pango
layout, set up once.

The contents' leaders (``leader(dotted)``, rulebook.css) are rows of dots, and WeasyPrint makes
a text box for each dot, every one a copy holding the same layout of "." (some 6,400 a book).
Drawing a box sets its layout up again in Pango (a context, the font, the text, its shaping)
and lets it go after: for the dots, that was a sixth of Rattlebones' rulebook's CPU. Here, a
box whose layout, style and text are those of the box drawn just before takes the Pango layout
that box let go of, already set up and shaped, as WeasyPrint would set it up again. What is
drawn is WeasyPrint's own drawing, call for call: same PDF. A box drawn with an ellipsis (which
changes its layout's text and width) is drawn the ordinary way and keeps nothing.

Installed by pdf.py (``install``, handed WeasyPrint's modules: WeasyPrint is imported there only).
"""
from __future__ import annotations

import weakref
from typing import Any

_original: Any = None  # WeasyPrint's draw_text
_layout_type: Any = None  # weasyprint.text.line_break.Layout
KEPT = "_boneyard_let_go"  # the attribute of the layout drawn last that holds the Pango objects it let go of
# The layout drawn last, weakly (its document is let go of as before), its style's id, text and
# justification: the layout holds its style while it holds KEPT, so the id is that style's.
_last: list = []


def _forget_last() -> None:
    """Let the layout drawn last, if it is still there, drop what it kept."""
    layout = _last[0]() if _last else None
    if layout is not None and hasattr(layout, KEPT):
        delattr(layout, KEPT)
    _last.clear()


def draw_text(stream, textbox, offset_x, text_overflow, block_ellipsis="none"):
    """``weasyprint.draw.text.draw_text``, with a layout set up and shaped once for a row of boxes."""
    layout = textbox.pango_layout
    if text_overflow == "ellipsis" or block_ellipsis != "none" or type(layout) is not _layout_type:
        _forget_last()
        return _original(stream, textbox, offset_x, text_overflow, block_ellipsis)
    text, spacing = layout.text, layout.justification_spacing
    same = bool(_last) and _last[0]() is layout and _last[1:] == [id(textbox.style), text, spacing]
    kept = getattr(layout, KEPT, None) if same else None
    _forget_last()  # one Pango layout kept at a time, as WeasyPrint keeps none
    let_go: list = []

    def reactivate(style) -> None:
        if kept is not None and style is textbox.style:
            layout.layout, layout.language, layout.style = kept
        else:
            _layout_type.reactivate(layout, style)

    def deactivate() -> None:
        let_go.append((layout.layout, layout.language, layout.style))
        _layout_type.deactivate(layout)

    layout.reactivate, layout.deactivate = reactivate, deactivate
    try:
        _original(stream, textbox, offset_x, text_overflow, block_ellipsis)
    finally:
        del layout.reactivate, layout.deactivate
    if let_go and layout.text == text and layout.justification_spacing == spacing and let_go[0][2] is textbox.style:
        setattr(layout, KEPT, let_go[0])
        _last[:] = [weakref.ref(layout), id(textbox.style), text, spacing]


def install(draw, line_break) -> bool:
    """Draw text boxes with ``draw_text`` (``draw`` is weasyprint.draw, ``line_break``
    weasyprint.text.line_break). False, changing nothing, when this WeasyPrint is not as expected."""
    global _original, _layout_type
    current = getattr(draw, "draw_text", None)
    if current is draw_text:
        return True
    layout = getattr(line_break, "Layout", None)
    if (getattr(current, "__module__", "") != "weasyprint.draw.text" or layout is None
            or not all(hasattr(layout, name) for name in ("reactivate", "deactivate"))):
        return False
    _original, _layout_type = current, layout
    draw.draw_text = draw_text
    return True
