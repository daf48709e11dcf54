"""A table cell's narrowest width, found with a layout or two instead of one per letter.

Our tables let a cell's text break anywhere (``overflow-wrap: anywhere``, so a long card name
never pushes a column off the page), which makes a cell's min-content width that of its widest
letter. WeasyPrint finds it by splitting the text into lines of width 0, one call per line, and
each call sets up a Pango layout of its own: some 1,500 layouts a book and 3 s of CPU for Ribbon
of Bone's rulebook, a fifth of a cold kit (issue 13).

``split_at_zero`` answers the same calls from one layout of the whole text broken between
letters at width 0 (the lines WeasyPrint's calls find one by one), each line's width being that
of its text laid out alone, as WeasyPrint measures it; widths of a letter in a style are laid out
once. The last line of a text, and every call that is not a width-0 split of breakable-anywhere
text, is asked of WeasyPrint itself. Same widths, same columns, same print:
tests/test_rulebook_min_content.py compares both on the games' tables.

Installed by pdf.py (``install``, handed WeasyPrint's modules: WeasyPrint is imported there only)
into WeasyPrint's min-content code alone (``weasyprint.layout.preferred``, which reads nothing of
a split but its resume index and width); laying out and drawing lines is untouched.
"""
from __future__ import annotations

import atexit
import gc
from types import SimpleNamespace
from typing import Any

SOFT_HYPHEN = "\xad"
KEPT_FONT_CONFIGS = 4  # documents whose answers are kept (a worker lays out a few at a time)

_original: Any = None
_weasy: Any = None  # WeasyPrint's line_break module, and Pango through its ffi
_answers: dict[int, tuple[Any, dict]] = {}  # id(font config) -> (the font config, answers)


def _style_key(style, justification_spacing) -> tuple:
    return (_weasy.line_break._font_style_cache_key(style, include_size=True), str(style["letter_spacing"]),
            str(style["word_spacing"]), style["direction"], justification_spacing)


def _answers_for(style) -> dict:
    config = style.font_config
    kept = _answers.get(id(config))
    if kept is None or kept[0] is not config:
        if len(_answers) >= KEPT_FONT_CONFIGS:
            _answers.clear()
        kept = _answers[id(config)] = (config, {})
    return kept[1]


def _applies(text: str, style, max_width, is_line_start: bool, minimum: bool) -> bool:
    return (minimum and max_width == 0 and is_line_start and style["overflow_wrap"] == "anywhere"
            and style["word_break"] == "normal" and style["white_space"] == "normal"
            and style["hyphens"] != "auto" and not any(c in text for c in ("\n", "\t", SOFT_HYPHEN)))


def split_at_zero(text, style, context, max_width, justification_spacing, is_line_start=True, minimum=False):
    """WeasyPrint's ``split_first_line`` for min-content widths, from one layout per text."""
    if not _applies(text, style, max_width, is_line_start, minimum):
        return _original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
    answers = _answers_for(style)
    style_key = _style_key(style, justification_spacing)
    answer = answers.pop((style_key, text), None)
    if answer is None:
        _lay_out(text, style, context, justification_spacing, style_key, answers)
        answer = answers.pop((style_key, text), None)
    if answer is None:  # a single line: the last line of a text is WeasyPrint's to measure
        return _original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
    return answer


def _lay_out(text: str, style, context, justification_spacing, style_key: tuple, answers: dict) -> None:
    """Break ``text`` between letters at width 0 and keep each line's answer (but the last's),
    keyed by the text from that line on: the calls to come."""
    ffi, pango = _weasy.ffi, _weasy.pango
    layout = _weasy.line_break.create_layout(text, style, context, 0, justification_spacing)
    pango.pango_layout_set_wrap(layout.layout, _weasy.wrap_char)
    starts: list[int] = []
    while (line := pango.pango_layout_get_line_readonly(layout.layout, len(starts))) != ffi.NULL:
        starts.append(line.start_index)
    layout.deactivate()
    encoded = text.encode()
    for start, end in zip(starts, starts[1:]):
        line_text = encoded[start:end].decode().rstrip(" ")
        width = _width_alone(line_text, style, context, justification_spacing, style_key, answers)
        answers[(style_key, encoded[start:].decode())] = (None, None, end - start, width, None, None)


def _width_alone(text: str, style, context, justification_spacing, style_key: tuple, answers: dict) -> float:
    """The width of a line's text laid out by itself (how WeasyPrint measures a line it split)."""
    key = ("alone", style_key, text)
    if key not in answers:
        layout = _weasy.line_break.create_layout(text, style, context, None, justification_spacing)
        first_line, _ = layout.get_first_line()
        answers[key] = _weasy.line_break.line_size(first_line, style)[0]
        layout.deactivate()
    return answers[key]


def install(preferred, line_break, ffi, pango, wrap_char) -> bool:
    """Use ``split_at_zero`` for WeasyPrint's min-content widths (``preferred`` is
    weasyprint.layout.preferred, ``line_break`` weasyprint.text.line_break, ``ffi`` and ``pango``
    from weasyprint.text.ffi, ``wrap_char`` Pango's wrap-between-letters mode). False, changing
    nothing, when this WeasyPrint is not laid out as expected."""
    global _original, _weasy
    current = getattr(preferred, "split_first_line", None)
    if current is split_at_zero:
        return True
    if (getattr(current, "__name__", "") != "split_first_line" or not all(
            hasattr(line_break, name) for name in ("_font_style_cache_key", "create_layout", "line_size"))):
        return False
    _original = current
    _weasy = SimpleNamespace(line_break=line_break, ffi=ffi, pango=pango, wrap_char=wrap_char)
    preferred.split_first_line = split_at_zero
    atexit.register(_let_go)
    return True


def _let_go() -> None:
    """Let the kept font configurations go while the interpreter is whole. Freed only as it shuts
    down, after WeasyPrint's modules are torn down, each one's cleanup fails ("Exception ignored in
    FontConfiguration.__del__") and leaves its weasyprint-* folder of font copies (~3 MB) in the
    temp folder."""
    _answers.clear()
    gc.collect()
