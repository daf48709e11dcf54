"""Text boxes drawn one after another from one laid-out text (a leader's dots): WeasyPrint draws
the first three of a row, and the rest are drawn by asking the page's stream for what it was
asked for the last two, at each box's own place.

The contents' leaders (``leader(dotted)``, rulebook.css) are rows of dots, and WeasyPrint makes
a text box for each dot, every one a copy holding the same layout of "." (some 6,400 a book).
Drawing a box sets its layout up again in Pango (a context, the font, the text, its shaping),
walks its glyphs and asks the page's stream to set the colour, begin the text, place it, set
the font and show the glyphs: a tenth of a book's CPU, for the dots. What a box asks of the
stream depends on its layout, its style and its place only, and the stream decides for itself
what each request writes (a colour already set is not set again). So the second and third boxes
of a row are drawn by WeasyPrint with their requests noted; when the two lists are the same
but for where the text is placed (their own boxes' places), every later box of the row makes
the same requests, its place put in, without Pango. Anything else a drawing asks (an underline,
a glyph raised, an emoji), a box drawn with an ellipsis, or two lists that differ: the row is
drawn the ordinary way. Same requests, same PDF.

Installed by pdf.py (``install``, handed WeasyPrint's modules: WeasyPrint is imported there only).
"""
from __future__ import annotations

import types
import weakref
from typing import Any

# The requests a dot's drawing makes; "add_font" hands back the font the stream holds already
# for the row (the same object both times, checked), so it is not asked again.
REPEATABLE = frozenset({"set_color", "begin_text", "set_text_matrix", "set_font_size", "show_text", "end_text",
                        "add_font"})
PLACED = "set_text_matrix"  # the one request whose last two arguments are the box's place
FONT = "add_font"

_original: Any = None  # WeasyPrint's draw_text
_layout_type: Any = None  # weasyprint.text.line_break.Layout


class Noted:
    """A stream that notes each method asked of it (name, arguments, result) and passes it on."""

    def __init__(self, stream):
        object.__setattr__(self, "_stream", stream)
        object.__setattr__(self, "requests", [])

    def __getattr__(self, name):
        value = getattr(self._stream, name)
        if not isinstance(value, types.MethodType):
            return value

        def noted(*args, **kwargs):
            result = value(*args, **kwargs)
            if name == FONT:  # the font and size, by identity: no Pango pointer is kept
                self.requests.append((name, (), {}, (id(result[0]), result[1])))
            else:
                self.requests.append((name, args, kwargs, None))
            return result
        return noted

    def __setattr__(self, name, value):
        setattr(self._stream, name, value)


class _Row:
    """The row being drawn: its stream, layout and style (weakly: a document is let go of as
    before), text and justification; the requests of its last box WeasyPrint drew, and once two
    agree, the requests every later box makes."""

    def __init__(self, key: tuple):
        self.refs, self.text = key[:3], key[3:]
        self.noted: list | None = None
        self.repeat: list | None = None
        self.failed = False

    def holds(self, key: tuple) -> bool:
        return self.text == key[3:] and all(ref() is obj for ref, obj in zip(self.refs, key[:3]))


_row: list = []  # at most one _Row


def _key(stream, textbox, layout) -> tuple:
    return (weakref.ref(stream), weakref.ref(layout), weakref.ref(textbox.style), layout.text,
            layout.justification_spacing)


def _place(textbox) -> tuple:
    return textbox.position_x, textbox.position_y + textbox.baseline


def agree(first: tuple, second: tuple) -> list | None:
    """The requests to repeat, if two boxes' drawings asked the same but for their places (or
    both asked nothing: a space)."""
    (requests, place), (other, other_place) = first, second
    if not requests and not other:
        return []
    if len(requests) != len(other) or [r[0] for r in requests].count(PLACED) != 1:
        return None
    for (name, args, kwargs, result), (o_name, o_args, o_kwargs, o_result) in zip(requests, other):
        if name != o_name or name not in REPEATABLE or kwargs != o_kwargs or result != o_result:
            return None
        if name == PLACED:
            if args[4:] != place or o_args[4:] != other_place or args[:4] != o_args[:4]:
                return None
        elif args != o_args:
            return None
    return [(name, args, kwargs) for name, args, kwargs, _result in requests if name != FONT]


def draw_text(stream, textbox, offset_x, text_overflow, block_ellipsis="none"):
    """``weasyprint.draw.text.draw_text``; a row of boxes of one layout repeats its requests."""
    layout = textbox.pango_layout
    if text_overflow == "ellipsis" or block_ellipsis != "none" or type(layout) is not _layout_type:
        _row.clear()
        return _original(stream, textbox, offset_x, text_overflow, block_ellipsis)
    key = (stream, layout, textbox.style, layout.text, layout.justification_spacing)
    row = _row[0] if _row else None
    if row is None or not row.holds(key):
        _row[:] = [_Row(_key(stream, textbox, layout))]
        return _original(stream, textbox, offset_x, text_overflow, block_ellipsis)
    if row.repeat is not None:
        x, y = _place(textbox)
        for name, args, kwargs in row.repeat:
            getattr(stream, name)(*((*args[:4], x, y) if name == PLACED else args), **kwargs)
        return None
    if row.failed:
        return _original(stream, textbox, offset_x, text_overflow, block_ellipsis)
    noted = Noted(stream)
    result = _original(noted, textbox, offset_x, text_overflow, block_ellipsis)
    drawn = (noted.requests, _place(textbox))
    if row.noted is None:
        row.noted = drawn
    else:
        row.repeat = agree(row.noted, drawn)
        row.failed, row.noted = row.repeat is None, None
    return result


def install(draw, line_break) -> bool:
    """Draw text boxes with ``draw_text`` (``draw`` is weasyprint.draw, ``line_break``
    weasyprint.text.line_break). False, changing nothing, when this WeasyPrint is not as expected."""
    global _original, _layout_type
    current = getattr(draw, "draw_text", None)
    if current is draw_text:
        return True
    layout = getattr(line_break, "Layout", None)
    if getattr(current, "__module__", "") != "weasyprint.draw.text" or layout is None:
        return False
    _original, _layout_type = current, layout
    draw.draw_text = draw_text
    return True
