"""The letters of an SVG picture's text (the cards in the book's gallery, a cycle's labels) laid
out once a document and style, not once a letter drawn.

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

Installed by pdf.py (``install``, handed WeasyPrint's modules: WeasyPrint is imported there only).
"""
from __future__ import annotations

import weakref
from math import inf
from typing import Any

_original: Any = None  # WeasyPrint's split_first_line
_svg_style: Any = None  # the style class of WeasyPrint's SVG text
_initial: dict = {}  # the initial values WeasyPrint's SVG text style starts from
_UNSET = object()
_last_style: list = []  # the style of the text asked last (weakly) and what it sets
_answers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # layout context -> {key: answer}


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
        answers[key] = _original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
    return answers[key]


def install(line_break, svg_text, initial_values: dict) -> bool:
    """Answer SVG text's layouts with ``split_first_line`` (``line_break`` is
    weasyprint.text.line_break, which WeasyPrint's SVG text (``svg_text``) imports it from when
    it draws; ``initial_values`` the values its style starts from). False, changing nothing,
    when this WeasyPrint is not as expected."""
    global _original, _svg_style
    current = getattr(line_break, "split_first_line", None)
    if current is split_first_line:
        return True
    style = getattr(svg_text, "Style", None)
    if getattr(current, "__module__", "") != "weasyprint.text.line_break" or not isinstance(style, type):
        return False
    _original, _svg_style = current, style
    _initial.update(initial_values)
    line_break.split_first_line = split_first_line
    return True
