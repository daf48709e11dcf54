"""generator/rulebook/repeated_text.py draws a row of text boxes that share one layout (a
leader's dots) by repeating the stream requests WeasyPrint made for the row's second and third
boxes: the PDF must be the one WeasyPrint draws on its own, byte for byte, with leaders of several
styles (an underlined one is drawn the ordinary way) beside ellipses, justified and spaced text."""
from __future__ import annotations

import gc
from collections import Counter

import generator.rulebook.pdf  # imports WeasyPrint and installs the drawing
from generator.paths import LAYOUTS_DIR
from generator.rulebook import repeated_text
from generator.rulebook.pdf import write_pdf

ROWS = "".join(f'<li><a href="#s{n}" class="{kind}">Section {n} {kind}</a></li>'
               for n in range(1, 5) for kind in ("plain", "bold", "small"))
HTML = f"""<html lang="en"><head><style>
@page {{ size: A5; margin: 12mm }}
body {{ font-family: Lato; font-size: 10pt }}
a {{ color: #333; text-decoration: none }}
a::after {{ content: leader(dotted) " " target-counter(attr(href), page) }}
a.bold {{ font-weight: bold; color: #7a2e1f }}
a.bold::after {{ content: leader(".  ") " " target-counter(attr(href), page) }}
a.small {{ font-size: 7pt; text-decoration: underline }}
p.cut {{ width: 30mm; white-space: nowrap; overflow: hidden; text-overflow: ellipsis }}
p.just {{ text-align: justify; word-spacing: 2px; letter-spacing: 0.5px }}
h2 {{ break-before: page }}
</style></head><body>
<ul>{ROWS}</ul>
<p class="cut">A line far too long for its box is cut short with an ellipsis . . . . .</p>
<p class="cut">. . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .</p>
<p class="just">{"Justified words of the rules, spaced out to the margin on every line but the last. " * 6}</p>
{"".join(f'<h2 id="s{n}">Section {n}</h2><p>Text.</p>' for n in range(1, 5))}
</body></html>"""


def test_installed_once():
    from weasyprint import draw

    assert generator.rulebook.pdf._dots_set_up_once() and generator.rulebook.pdf._dots_set_up_once()
    assert draw.draw_text is repeated_text.draw_text
    assert repeated_text._original.__module__ == "weasyprint.draw.text"


def test_the_pdf_is_the_one_weasyprint_draws(tmp_path, monkeypatch):
    from weasyprint import draw

    own, drawn = Counter(), Counter()  # boxes WeasyPrint drew itself, all boxes: by kind of dot
    real_own, real_draw = repeated_text._original, repeated_text.draw_text

    def kind(box) -> str:
        return "underlined" if "underline" in box.style["text_decoration_line"] else box.text

    def counting_own(stream, box, *args, **kwargs):
        own[kind(box)] += 1
        return real_own(stream, box, *args, **kwargs)

    def counting_draw(stream, box, *args, **kwargs):
        drawn[kind(box)] += 1
        return real_draw(stream, box, *args, **kwargs)

    monkeypatch.setattr(repeated_text, "_original", counting_own)
    monkeypatch.setattr(draw, "draw_text", counting_draw)
    ours = tmp_path / "ours.pdf"
    write_pdf(HTML, ours, [LAYOUTS_DIR], LAYOUTS_DIR)
    rows = 4  # of each kind of leader
    assert drawn["."] > 200 and drawn[".  "] > 50 and drawn["underlined"] > 200
    assert own["."] == own[".  "] == 3 * rows  # the rest of each row repeats the second and third's requests
    assert own["underlined"] == drawn["underlined"]  # an underline is drawn the ordinary way
    gc.collect()
    assert repeated_text._row and all(ref() is None for ref in repeated_text._row[0].refs)  # the document was let go of
    monkeypatch.setattr(draw, "draw_text", real_own)
    theirs = tmp_path / "theirs.pdf"
    write_pdf(HTML, theirs, [LAYOUTS_DIR], LAYOUTS_DIR)
    assert ours.read_bytes() == theirs.read_bytes()
