"""The letters of an SVG picture's text (the cards in the book's gallery, a cycle's labels) laid
out once a document and style, not once a letter drawn; and drawn, once two drawings of a letter
agree, by repeating their requests to the page's stream.

WeasyPrint draws an SVG ``<text>`` letter by letter, and lays out each letter on its own first
(``split_first_line``: a Pango layout, the font, the letter, its shaping) to know where the next
one goes: some 3,000 letters for Ribbon of Bone's cards, a few hundred different ones. Here a
letter already laid out in the same style for the same document hands back that same answer:
the same layout (WeasyPrint sets a layout up again before it draws it, so one layout serves
every copy of its letter) and the same measures. Only WeasyPrint's SVG text asks with its own
style class and an unbounded width; every other call goes to WeasyPrint as it was. Same
layouts, same measures: same PDF.

The answers are kept for one document's layout context, weakly (a document and its fonts are
let go of as before). A document's fonts are all registered while it is laid out, before it is
drawn, so a letter measures the same all through its drawing.

Drawing a letter sets its layout up again in Pango and walks its glyphs, to ask the stream to
place the text, set the font and show the glyphs: what it asks depends on the layout and the
text's matrix only. A kept layout is set up only when WeasyPrint draws it (``draw_first_line``),
and its drawings are noted as repeated_text.py notes a leader's dots: when two agree but for the
matrix, a later drawing of that letter, turned and scaled alike, repeats their requests with its
own matrix, without Pango. Anything else asked (a raised glyph, an emoji) draws the ordinary way.

Installed by pdf.py (``install``, handed WeasyPrint's modules: WeasyPrint is imported there only).
"""
from __future__ import annotations

import weakref
from math import inf
from typing import Any

from .repeated_text import PLACED, Noted, agree

_original: Any = None  # WeasyPrint's split_first_line
_svg_style: Any = None  # the style class of WeasyPrint's SVG text
_initial: dict = {}  # the initial values WeasyPrint's SVG text style starts from
_UNSET = object()
_last_style: list = []  # the style of the text asked last (weakly) and what it sets
_answers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # layout context -> {key: answer}
_draw_original: Any = None  # WeasyPrint's draw_first_line
_svg_box: Any = None  # the text box class of WeasyPrint's SVG text
SET_UP = "_boneyard_set_up"  # on a kept layout: the style to set it up with when it is drawn
DRAWN = "_boneyard_drawn"  # on a kept layout: its drawings (a _Drawings)


class _Drawings:
    """A kept layout's drawings on one stream (weakly): the requests of the last one noted, and
    once two agree, the requests to repeat and the turn and scale they were drawn at."""

    def __init__(self, stream):
        self.stream = weakref.ref(stream)
        self.noted: tuple | None = None
        self.repeat: list | None = None
        self.turn: tuple | None = None
        self.failed = False


def _kept(answer: tuple) -> tuple:
    """A kept answer whose layout is set up when it is drawn, not when WeasyPrint asks."""
    layout = answer[0]

    def reactivate(style) -> None:
        layout.__dict__[SET_UP] = style
    layout.reactivate = reactivate
    return answer


def _frozen(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    return value


def _key(text: str, style) -> tuple | None:
    """The letter, its font configuration and what its style sets beyond the initial values;
    None for a style that cannot be told apart that way. The letters of one text share one
    style: what it sets is found once a text."""
    try:
        if _last_style and _last_style[0]() is style:
            changed = _last_style[1]
        else:
            changed = tuple((name, _frozen(value)) for name, value in style.items()
                            if _initial.get(name, _UNSET) is not value)
            _last_style[:] = [weakref.ref(style), changed]
        key = (text, id(style.font_config), changed)
        hash(key)
    except (TypeError, AttributeError):
        return None
    return key


def split_first_line(text, style, context, max_width, justification_spacing, is_line_start=True, minimum=False):
    """WeasyPrint's ``split_first_line``; an SVG text's letter asked again gets its first answer."""
    if (type(style) is not _svg_style or context is None or max_width != inf or justification_spacing
            or not is_line_start or minimum):
        return _original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
    key = _key(text, style)
    try:
        answers = _answers.setdefault(context, {})
    except TypeError:  # a context that cannot be held weakly
        key = None
    if key is None:
        return _original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
    if key not in answers:
        answers[key] = _kept(_original(text, style, context, max_width, justification_spacing, is_line_start,
                                       minimum))
    return answers[key]


def draw_first_line(stream, textbox, text_overflow, block_ellipsis, matrix):
    """WeasyPrint's ``draw_first_line``; a kept layout is set up first, or its drawing repeated."""
    layout = textbox.pango_layout
    style = layout.__dict__.pop(SET_UP, _UNSET) if type(textbox) is _svg_box else _UNSET
    if style is _UNSET:
        return _draw_original(stream, textbox, text_overflow, block_ellipsis, matrix)
    values = tuple(matrix.values)
    drawn = layout.__dict__.get(DRAWN)
    if drawn is not None and drawn.stream() is not stream:
        drawn = None
    if drawn is not None and drawn.repeat is not None and values[:4] == drawn.turn:
        for name, args, kwargs in drawn.repeat:
            getattr(stream, name)(*(values if name == PLACED else args), **kwargs)
        return []
    type(layout).reactivate(layout, style)  # as WeasyPrint's SVG text asked
    if drawn is None:
        drawn = layout.__dict__[DRAWN] = _Drawings(stream)
    if drawn.failed or drawn.repeat is not None or text_overflow != "none" or block_ellipsis != "none":
        return _draw_original(stream, textbox, text_overflow, block_ellipsis, matrix)
    noted = Noted(stream)
    emojis = _draw_original(noted, textbox, text_overflow, block_ellipsis, matrix)
    this = (noted.requests, values[4:])
    if emojis:
        drawn.failed = True
    elif drawn.noted is None:
        drawn.noted = this
    else:
        placed = [args for name, args, _kwargs, _result in noted.requests if name == PLACED]
        # the requests agree and the text was placed at this very matrix, turn and scale too
        drawn.repeat = agree(drawn.noted, this) if not placed or placed[0][:4] == values[:4] else None
        drawn.turn, drawn.failed, drawn.noted = values[:4], drawn.repeat is None, None
    return emojis


def install(line_break, draw_text, svg_text, initial_values: dict) -> bool:
    """Answer SVG text's layouts with ``split_first_line`` and draw its letters with
    ``draw_first_line`` (``line_break`` is weasyprint.text.line_break and ``draw_text``
    weasyprint.draw.text, which WeasyPrint's SVG text (``svg_text``) imports them from when it
    draws; ``initial_values`` the values its style starts from). Both or neither: False,
    changing nothing, when this WeasyPrint is not as expected."""
    global _original, _svg_style, _draw_original, _svg_box
    current, drawing = getattr(line_break, "split_first_line", None), getattr(draw_text, "draw_first_line", None)
    if current is split_first_line and drawing is draw_first_line:
        return True
    style, box, layout = (getattr(svg_text, "Style", None), getattr(svg_text, "TextBox", None),
                          getattr(line_break, "Layout", None))
    if (getattr(current, "__module__", "") != "weasyprint.text.line_break"
            or getattr(drawing, "__module__", "") != "weasyprint.draw.text"
            or not all(isinstance(kind, type) for kind in (style, box, layout))
            or not callable(getattr(layout, "reactivate", None))):
        return False
    _original, _svg_style, _draw_original, _svg_box = current, style, drawing, box
    _initial.update(initial_values)
    line_break.split_first_line = split_first_line
    draw_text.draw_first_line = draw_first_line
    return True
