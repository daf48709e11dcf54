"""generator/rulebook/pango_setup.py sets WeasyPrint's text layouts up with a Pango context and
font description kept per font configuration: every layout must be the one WeasyPrint's own
set-up makes, glyph for glyph, whatever the language, direction, decoration or font."""
from __future__ import annotations

from pathlib import Path

import generator.rulebook.pdf  # imports WeasyPrint and installs the kept set-up
from generator.paths import LAYOUTS_DIR
from generator.rulebook import pango_setup
from generator.rulebook.pdf import lay_out, shared_fonts

# Styles down every branch of the set-up: languages (one overridden), right to left, underlined
# and struck through, bold italic small caps, a font feature, letter and word spacing, sizes.
HTML = """<html lang="en"><body style="font-family: Lato">
<p>Roll two dice ﬁrst, then 12 ≠ 3 — “quoted”.</p>
<p lang="fr" style="font-size: 7pt">Lancez deux dés, puis comptez.</p>
<p style="font-language-override: 'TRK'">Iıİi fi</p>
<p dir="rtl" lang="ar">مرحبا 12 dice</p>
<p><a href="#x" style="text-decoration: underline">a link</a> <s>struck</s> <u>under</u></p>
<p style="font-weight: bold; font-style: italic; font-variant: small-caps">Bold Italic Caps</p>
<p style="font-feature-settings: 'tnum'; letter-spacing: 1px; word-spacing: 3px">0123 tabular nums</p>
<p style="font-family: serif; font-size: 14pt" id="x">Another family</p>
</body></html>"""
TEXTS = ("Roll two dice ﬁrst, then 12 ≠ 3", "مرحبا 12", "Iıİi", " ", "a")


def _lines(layout) -> list:
    """What Pango made of each text: each run's font, glyphs and their geometry, the line's size."""
    from weasyprint.text.ffi import ffi, pango
    from weasyprint.text.fonts import get_pango_font_key
    from weasyprint.text.line_break import line_size

    made = []
    for text in TEXTS:
        layout.set_text(text, justify=True)
        line, index = layout.get_first_line()
        runs, run = [], line.runs[0]
        while run != ffi.NULL:
            glyphs = run.data.glyphs
            font_hash, _description, font_size = get_pango_font_key(run.data.item.analysis.font)
            runs.append((font_hash, font_size,
                         [(g.glyph, g.geometry.width, g.geometry.x_offset, g.geometry.y_offset)
                          for g in glyphs.glyphs[0:glyphs.num_glyphs]]))
            run = run.next
        made.append((index, line.resolved_dir, line_size(line, layout.style), runs,
                     pango.pango_layout_get_baseline(layout.layout)))
    return made


def test_installed_once():
    from weasyprint.text.line_break import Layout

    assert generator.rulebook.pdf._fewer_pango_setups() and generator.rulebook.pdf._fewer_pango_setups()
    assert Layout.setup is pango_setup.setup
    assert pango_setup._original.__module__ == "weasyprint.text.line_break"


def test_layouts_set_up_as_weasyprint_sets_them_up(monkeypatch):
    from weasyprint.text.line_break import Layout

    styles = []

    def spy(self, style):
        styles.append(style)
        pango_setup.setup(self, style)

    monkeypatch.setattr(Layout, "setup", spy)
    fonts = shared_fonts()
    lay_out(HTML, [LAYOUTS_DIR], Path(LAYOUTS_DIR), fonts)
    monkeypatch.undo()
    assert len({id(style) for style in styles}) >= 8
    compared = 0
    for style in {id(style): style for style in styles}.values():
        ours, theirs = Layout.__new__(Layout), Layout.__new__(Layout)
        ours.justification_spacing = theirs.justification_spacing = 0
        pango_setup.setup(ours, style)
        pango_setup._original(theirs, style)
        for name in ("language", "ascent", "underline_position", "strikethrough_position",
                     "underline_thickness", "strikethrough_thickness", "first_line_direction"):
            assert getattr(ours, name, None) == getattr(theirs, name, None), name
        assert _lines(ours) == _lines(theirs)
        compared += 1
    assert compared >= 8
    assert len(getattr(fonts, pango_setup.KEPT)[0]) >= 3  # contexts: English, French, Turkish, Arabic right to left
