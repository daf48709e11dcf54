"""rulebook.html is derived from the PDF's HTML (rulebook/html_copy.py) instead of being written a
second time: it must be the very file a second render with the fonts beside it gives."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.model.loader import load
from generator.rulebook import render_html
from generator.rulebook.html_copy import html_copy

FONTGAME = Path(__file__).parent / "fixtures" / "fontgame"


@pytest.mark.parametrize("ref", ["bone-strike", "runeblade", str(FONTGAME)])
def test_copy_is_the_html_rendered_with_fonts_beside_it(ref):
    loaded = load(ref)
    pdf_html, _ = render_html(loaded, "a5")
    beside, _ = render_html(loaded, "a5", font_base="fonts")
    assert pdf_html != beside  # file: URLs in the PDF's, in its pictures too: something to swap
    copy = html_copy(pdf_html, loaded.game.root, loaded.game.fonts, "fonts")
    assert copy == beside
    assert "file:" not in copy


def test_game_family_linked_beside_the_copy():
    loaded = load(str(FONTGAME))
    pdf_html, _ = render_html(loaded, "a5")
    copy = html_copy(pdf_html, loaded.game.root, loaded.game.fonts, "fonts")
    assert (FONTGAME / "fonts" / "Vera.ttf").resolve().as_uri() in pdf_html
    assert "fonts/Vera-Sans-regular.ttf" in copy
