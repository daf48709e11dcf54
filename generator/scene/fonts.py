"""The shipped font family and its metrics, read straight from the TrueType files.

Layout measures text here, once, so that every backend breaks lines the same way; reading the
advance widths ourselves keeps reportlab out of the layout step.
"""
from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

from ..paths import LAYOUTS_DIR

FONT_DIR = LAYOUTS_DIR / "fonts"
FAMILY = "Lato"
STYLE_FILES = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "italic": "Lato-Italic.ttf",
    "bolditalic": "Lato-BoldItalic.ttf",
}


def copy_fonts(folder: Path) -> None:
    """Lato, with its licence (the OFL asks for it to travel with the fonts), into a folder that
    SVG or HTML output links its fonts from; files already there and unchanged are kept."""
    import shutil

    from ..atomic import atomic_path  # a killed copy leaves no half font (staged with the kit)

    folder.mkdir(parents=True, exist_ok=True)
    for file in [*STYLE_FILES.values(), "LICENSE-Lato-OFL.txt"]:
        source, target = FONT_DIR / file, folder / file
        if source.is_file() and (not target.is_file() or target.stat().st_size != source.stat().st_size):
            with atomic_path(target) as temp:
                shutil.copyfile(source, temp)


def font_path(style: str) -> Path:
    return FONT_DIR / STYLE_FILES[style]


def font_name(style: str) -> str:
    """The name a backend registers the style under (one face per style)."""
    return f"{FAMILY}-{style}"


class FontMetrics:
    """Advance widths, ascent and descent of one TrueType font, in font units."""

    def __init__(self, path: Path):
        data = path.read_bytes()
        tables = self._tables(data)
        head, hhea = tables["head"], tables["hhea"]
        self.units_per_em = struct.unpack_from(">H", data, head + 18)[0]
        ascent, descent = struct.unpack_from(">hh", data, hhea + 4)
        self.ascent = ascent / self.units_per_em
        self.descent = descent / self.units_per_em  # negative
        metrics_count = struct.unpack_from(">H", data, hhea + 34)[0]
        hmtx = tables["hmtx"]
        advances = [struct.unpack_from(">H", data, hmtx + 4 * i)[0] for i in range(metrics_count)]
        self._advances = advances
        self._cmap = self._read_cmap(data, tables["cmap"])
        self._chars = frozenset(chr(code) for code in self._cmap)
        self._cache: dict[str, float] = {}
        self._words: dict[str, float] = {}

    @staticmethod
    def _tables(data: bytes) -> dict[str, int]:
        count = struct.unpack_from(">H", data, 4)[0]
        tables = {}
        for i in range(count):
            tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = offset
        return tables

    @staticmethod
    def _read_cmap(data: bytes, cmap: int) -> dict[int, int]:
        count = struct.unpack_from(">H", data, cmap + 2)[0]
        subtables = {}
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            subtables[(platform, encoding)] = cmap + offset
        mapping: dict[int, int] = {}
        for key in ((3, 10), (0, 4), (3, 1), (0, 3)):
            if key in subtables:
                start = subtables[key]
                fmt = struct.unpack_from(">H", data, start)[0]
                if fmt == 12:
                    groups = struct.unpack_from(">I", data, start + 12)[0]
                    for g in range(groups):
                        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * g)
                        for code in range(first, last + 1):
                            mapping[code] = glyph + code - first
                    return mapping
                if fmt == 4:
                    segs = struct.unpack_from(">H", data, start + 6)[0] // 2
                    ends = start + 14
                    starts = ends + 2 * segs + 2
                    deltas = starts + 2 * segs
                    ranges = deltas + 2 * segs
                    for s in range(segs):
                        end = struct.unpack_from(">H", data, ends + 2 * s)[0]
                        begin = struct.unpack_from(">H", data, starts + 2 * s)[0]
                        delta = struct.unpack_from(">h", data, deltas + 2 * s)[0]
                        range_offset = struct.unpack_from(">H", data, ranges + 2 * s)[0]
                        for code in range(begin, min(end, 0xFFFE) + 1):
                            if range_offset == 0:
                                glyph = (code + delta) & 0xFFFF
                            else:
                                where = ranges + 2 * s + range_offset + 2 * (code - begin)
                                glyph = struct.unpack_from(">H", data, where)[0]
                                glyph = (glyph + delta) & 0xFFFF if glyph else 0
                            if glyph:
                                mapping[code] = glyph
                    return mapping
        return mapping

    def missing(self, text: str) -> set[str]:
        """Characters of text this font has no glyph for (white space aside)."""
        return {c for c in set(text).difference(self._chars) if not c.isspace()}

    def char_width(self, char: str) -> float:
        """Advance width of one character, in em."""
        width = self._cache.get(char)
        if width is None:
            glyph = self._cmap.get(ord(char), 0)
            advance = self._advances[min(glyph, len(self._advances) - 1)]
            width = self._cache[char] = advance / self.units_per_em
        return width

    def width(self, text: str, size: float) -> float:
        """Width of text at a size in points."""
        em = self._words.get(text)
        if em is None:
            em = sum(self.char_width(c) for c in text)
            if len(self._words) < 100_000:  # words repeat across cards; cap the cache for huge decks
                self._words[text] = em
        return em * size


@lru_cache(maxsize=None)
def metrics(style: str) -> FontMetrics:
    return FontMetrics(font_path(style))
