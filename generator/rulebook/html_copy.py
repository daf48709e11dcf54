"""rulebook.html from the HTML the PDF was laid out from, instead of writing the book twice.

The two differ only in where fonts are: the PDF's HTML links file: URLs (Lato under layouts/fonts,
a game's family at its own file), the copy links the files copied beside it (``fonts/``). Those
URLs are in the page's @font-face rules and inside the card pictures, which are SVG in base64
data: URLs. Each one is swapped for its copy's, in the text and in each picture; nothing else
changes, so the copy is the file ``render_html(..., font_base="fonts")`` writes
(tests/test_rulebook_html_copy.py holds them equal).
"""
from __future__ import annotations

import base64
import re
from pathlib import Path

from ..model.fonts import STYLES
from ..scene.fonts import FONT_DIR, LATO, family, game_families

SVG_DATA = re.compile(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)")


def font_urls(root: Path, fonts: dict, folder: str) -> dict[str, str]:
    """Each font's URL in the PDF's HTML -> its URL beside the HTML copy (in ``folder``)."""
    lato_base = FONT_DIR.resolve().as_uri()
    swaps = {}
    for key in dict.fromkeys([LATO, *game_families(root, fonts)]):
        entry = family(key)
        for style in STYLES:
            pdf_url = f"{lato_base}/{entry.copied_name(style)}" if key == LATO else entry.path(style).as_uri()
            swaps[pdf_url] = f"{folder}/{entry.copied_name(style)}"
    return swaps


def html_copy(pdf_html: str, root: Path, fonts: dict, folder: str) -> str:
    """The PDF's rulebook HTML with every font linked from ``folder`` beside the copy."""
    swaps = font_urls(root, fonts, folder)
    if not swaps:
        return pdf_html
    pattern = re.compile("|".join(re.escape(url) for url in sorted(swaps, key=len, reverse=True)))

    def swap(text: str) -> str:
        return pattern.sub(lambda found: swaps[found.group(0)], text)

    def picture(found: re.Match) -> str:
        svg = base64.b64decode(found.group(1)).decode("utf-8")
        swapped = swap(svg)
        if swapped == svg:
            return found.group(0)
        return "data:image/svg+xml;base64," + base64.b64encode(swapped.encode("utf-8")).decode("ascii")

    return swap(SVG_DATA.sub(picture, pdf_html))
