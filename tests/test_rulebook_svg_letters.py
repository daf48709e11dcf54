"""generator/rulebook/svg_letters.py lays out each letter of an SVG picture's text once a document
and style, and draws a letter drawn twice alike by repeating those drawings' requests: the PDF
must be the one WeasyPrint draws on its own, byte for byte, for texts in several fonts, sizes,
spacings, turns and stretches, in pictures drawn more than once; and what it kept goes with its
document."""
from __future__ import annotations

import base64
import gc
from collections import Counter

import generator.rulebook.pdf  # imports WeasyPrint and installs the SVG letters' answers
from generator.paths import LAYOUTS_DIR
from generator.rulebook import svg_letters
from generator.rulebook.pdf import write_pdf

TEXTS = [
    '<text x="10" y="30" font-family="Lato" font-size="14">Bone and bone, banner of bones</text>',
    '<text x="10" y="60" font-family="Lato" font-weight="bold" font-size="14">Bone and bone again</text>',
    '<text x="10" y="90" font-family="Lato" font-style="italic" font-size="11">an italic bone</text>',
    '<text x="120" y="120" font-family="Lato" font-size="11" text-anchor="middle">centred bones</text>',
    '<text x="10" y="150" font-family="Lato" font-size="9" letter-spacing="1.5">spaced bones</text>',
    '<text x="10" y="180" font-family="Lato" font-size="9" rotate="0 10 20">turned bones</text>',
    '<text x="10" y="200" font-family="Lato, sans-serif" font-size="9" fill="#7a2e1f">Bones in red</text>',
    '<text x="10" y="212" font-family="Lato" font-size="9" textLength="200" lengthAdjust="spacingAndGlyphs">'
    'stretched bones</text>',
]


def _picture(texts: list[str]) -> str:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 220" width="240" height="220">'
           + "".join(texts) + "</svg>")
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


HTML = f"""<html lang="en"><head><style>
@page {{ size: A5; margin: 12mm }}
body {{ font-family: Lato; font-size: 10pt }}
img {{ width: 60mm; height: 55mm }}
</style></head><body>
<p>Cards:</p>
<img src="{_picture(TEXTS)}" alt="all the texts"><img src="{_picture(TEXTS[:3])}" alt="three texts">
<img src="{_picture(TEXTS)}" alt="all the texts again">
</body></html>"""


def test_installed_once():
    from weasyprint.draw import text as draw_text
    from weasyprint.text import line_break

    assert generator.rulebook.pdf._svg_letters_once() and generator.rulebook.pdf._svg_letters_once()
    assert line_break.split_first_line is svg_letters.split_first_line
    assert draw_text.draw_first_line is svg_letters.draw_first_line
    assert svg_letters._original.__module__ == "weasyprint.text.line_break"
    assert svg_letters._draw_original.__module__ == "weasyprint.draw.text"


def test_the_pdf_is_the_one_weasyprint_draws(tmp_path, monkeypatch):
    from weasyprint.draw import text as draw_text
    from weasyprint.text import line_break

    laid_out, asked = Counter(), Counter()  # SVG letters WeasyPrint laid out itself, all asked for
    drawn, to_draw = Counter(), Counter()  # SVG letters WeasyPrint drew itself, all drawn
    real_own, real_split = svg_letters._original, svg_letters.split_first_line
    real_draw, our_draw = svg_letters._draw_original, svg_letters.draw_first_line

    def counting_draw(stream, box, *args):
        if type(box) is svg_letters._svg_box:
            drawn[box.text] += 1
        return real_draw(stream, box, *args)

    def counting_our_draw(stream, box, *args):
        if type(box) is svg_letters._svg_box:
            to_draw[box.text] += 1
        return our_draw(stream, box, *args)

    def counting_own(text, style, *args, **kwargs):
        if type(style) is svg_letters._svg_style:
            laid_out[text] += 1
        return real_own(text, style, *args, **kwargs)

    def counting_split(text, style, *args, **kwargs):
        if type(style) is svg_letters._svg_style:
            asked[text] += 1
        return real_split(text, style, *args, **kwargs)

    monkeypatch.setattr(svg_letters, "_original", counting_own)
    monkeypatch.setattr(line_break, "split_first_line", counting_split)
    monkeypatch.setattr(svg_letters, "_draw_original", counting_draw)
    monkeypatch.setattr(draw_text, "draw_first_line", counting_our_draw)
    ours = tmp_path / "ours.pdf"
    assert write_pdf(HTML, ours, [LAYOUTS_DIR], LAYOUTS_DIR).warnings == []  # every picture drawn
    assert sum(asked.values()) > 300 and asked["o"] > 20
    # a letter in a style is laid out once: "o" in the plain, bold, italic, 11 and 9 pt styles
    assert laid_out["o"] <= 6 and sum(laid_out.values()) < sum(asked.values()) / 3
    # drawn by WeasyPrint twice a style and turn (rotate="0 10 20" turns each letter its own way),
    # repeated after that
    assert drawn["o"] <= 2 * 8 < to_draw["o"] and sum(drawn.values()) < 0.6 * sum(to_draw.values())
    gc.collect()
    assert len(svg_letters._answers) == 0  # the document was let go of, its answers with it
    monkeypatch.setattr(line_break, "split_first_line", real_own)
    monkeypatch.setattr(draw_text, "draw_first_line", real_draw)
    theirs = tmp_path / "theirs.pdf"
    write_pdf(HTML, theirs, [LAYOUTS_DIR], LAYOUTS_DIR)
    assert ours.read_bytes() == theirs.read_bytes()
