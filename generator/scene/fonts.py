"""Font families and their metrics, read straight from the TrueType files.

Lato ships with Boneyard; a game may ship families of its own (generator/model/fonts.py checks
them when it loads). Each family is registered here under a key (its name, unless another game
in the same run already used that name for other files) that Text nodes carry, so the backends
find the same files layout measured. Layout measures text here, once, so that every backend
breaks lines the same way; reading the advance widths ourselves keeps reportlab out of layout.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..model.fonts import BUILTIN_FAMILY as LATO
from ..model.fonts import STYLES, family_files, read_font
from ..paths import LAYOUTS_DIR

FONT_DIR = LAYOUTS_DIR / "fonts"
STYLE_FILES = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "italic": "Lato-Italic.ttf",
    "bolditalic": "Lato-BoldItalic.ttf",
}
LATO_LICENCE = "LICENSE-Lato-OFL.txt"


@dataclass(frozen=True)
class Family:
    """A registered family: its key, each style's file (fallbacks filled in) and its licence."""

    key: str
    files: tuple[tuple[str, Path], ...]
    licence: Path | None
    stamps: tuple = ()  # each file's size and mtime when registered: an edited font is a new family

    def path(self, style: str) -> Path:
        return dict(self.files)[style]

    def face(self, style: str) -> str:
        """The first style sharing this style's file: a bold that falls back to regular is
        'regular', so a backend embeds each file once."""
        path = self.path(style)
        return next(s for s, p in self.files if p == path)

    def copied_name(self, style: str) -> str:
        """The file's name where SVG and HTML output link it from."""
        if self.key == LATO:
            return STYLE_FILES[self.face(style)]
        face = self.face(style)
        return f"{_slug(self.key)}-{face}{self.path(face).suffix.lower()}"

    def copied_licence(self) -> str | None:
        if self.licence is None:
            return None
        return LATO_LICENCE if self.key == LATO else f"{_slug(self.key)}-{self.licence.name}"


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "font"


_families: dict[str, Family] = {
    LATO: Family(LATO, tuple((s, FONT_DIR / f) for s, f in STYLE_FILES.items()), FONT_DIR / LATO_LICENCE)}


def family(key: str) -> Family:
    return _families[key]


def game_family(root: Path, name: str | None, fonts: dict) -> str:
    """The key of a family a layout names for a game (None or Lato: Lato), registering the
    game's declared family on first use; ``fonts`` is Game.fonts (names the loader checked)."""
    if name is None or name == LATO or name not in fonts:
        return LATO
    memo = (root, name, fonts[name])
    key = _keys.get(memo)
    if key is None:
        declared = fonts[name]
        files = tuple((style, (root / relative).resolve()) for style, relative in family_files(declared).items())
        licence = (root / declared.licence).resolve() if declared.licence else None
        stamps = _stamps(files)
        key, number = name, 1
        while key in _families and _families[key] != Family(key, files, licence, stamps):
            number += 1  # two games of one run (or one font edited while `cards watch` runs): keep apart
            key = f"{name} {number}"
        _families[key] = Family(key, files, licence, stamps)
        _keys[memo] = key
    return key


def _stamps(files) -> tuple:
    stamps: list[tuple[int, int] | None] = []  # None: the file cannot be read now
    for _style, path in files:
        try:
            stat = path.stat()
            stamps.append((stat.st_size, stat.st_mtime_ns))
        except OSError:
            stamps.append(None)
    return tuple(stamps)


def refresh_families(root: Path) -> None:
    """Forget a game's families whose files changed since they were registered (a long-running
    `cards watch`), so the next use registers, measures and embeds the new files. Once per deck."""
    for memo, key in list(_keys.items()):
        if memo[0] == root and _stamps(_families[key].files) != _families[key].stamps:
            del _keys[memo]


_keys: dict[tuple, str] = {}  # (game folder, family name, declaration) -> key


def game_families(root: Path, fonts: dict) -> list[str]:
    """The keys of every family a game declares (for copying them all beside SVG or HTML output)."""
    return [game_family(root, name, fonts) for name in fonts]


def copy_fonts(folder: Path, families: list[str] | tuple[str, ...] = ()) -> None:
    """Lato and the named families, with their licences (the OFL asks for them to travel with the
    fonts), into a folder that SVG or HTML output links its fonts from; files already there and
    unchanged are kept."""
    import shutil

    from ..atomic import atomic_path  # a killed copy leaves no half font (staged with the kit)

    folder.mkdir(parents=True, exist_ok=True)
    copies: dict[str, Path] = {}
    for key in [LATO, *(k for k in families if k != LATO)]:
        entry = _families[key]
        for style in STYLES:
            copies[entry.copied_name(style)] = entry.path(style)
        licence_name = entry.copied_licence()
        if entry.licence is not None and licence_name is not None:  # both or neither
            copies[licence_name] = entry.licence
    for file, source in copies.items():
        target = folder / file
        if source.is_file() and (not target.is_file() or target.stat().st_size != source.stat().st_size):
            with atomic_path(target) as temp:
                shutil.copyfile(source, temp)


def font_path(style: str, family_key: str = LATO) -> Path:
    return _families[family_key].path(style)


def font_name(style: str, family_key: str = LATO) -> str:
    """The name a backend registers a face under (one per file: fallback styles share it)."""
    return f"{family_key}-{_families[family_key].face(style)}"


class FontMetrics:
    """Advance widths, ascent and descent of one TrueType font, in em."""

    def __init__(self, path: Path):
        data = read_font(path)
        self.units_per_em = data.units_per_em
        self.ascent = data.ascent / data.units_per_em
        self.descent = data.descent / data.units_per_em  # negative
        self._advances = data.advances
        self._cmap = data.cmap  # code point -> glyph (compact, searched): each answer is kept by character
        self._cache: dict[str, float] = {}
        self._has: dict[str, bool] = {}  # the characters asked about so far: a few dozen, not the font's thousands
        self._words: dict[str, float] = {}

    def missing(self, text: str) -> set[str]:
        """Characters of text this font has no glyph for (white space aside)."""
        return {c for c in set(text) if not self._has_glyph(c) and not c.isspace()}

    def _has_glyph(self, char: str) -> bool:
        has = self._has.get(char)
        if has is None:
            has = self._has[char] = ord(char) in self._cmap
        return has

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
            if len(self._words) < 4096:  # words repeat across cards; a long deck's names and numbers mostly do not
                self._words[text] = em
        return em * size


@lru_cache(maxsize=None)  # called for every word measured: a key never changes its files once registered
def metrics(style: str, family_key: str = LATO) -> FontMetrics:
    entry = _families[family_key]
    path = entry.path(style)
    return _metrics_of(path, entry.stamps[[p for _s, p in entry.files].index(path)] if entry.stamps else None)


@lru_cache(maxsize=64)
def _metrics_of(path: Path, _stamp=None) -> FontMetrics:  # the stamp keys an edited file apart
    return FontMetrics(path)


# The rulebook's elements each role sets (generator/rulebook: headings, or all the text).
ROLE_SELECTORS = {"headings": "h1, h2, h3, h4, h5, h6, .cover-title", "body": "html"}
CSS_STYLES = {"regular": ("normal", "normal"), "bold": ("bold", "normal"),
              "italic": ("normal", "italic"), "bolditalic": ("bold", "italic")}  # style -> weight, slant


def css_family(key: str) -> str:
    """A family's name in CSS, quoted, as a name may hold spaces or start with a digit (names are
    letters, digits, spaces, dashes)."""
    return key if key == LATO else "'" + key.replace("'", "").replace("\\", "").replace('"', "") + "'"


def font_face(key: str, style: str, url: str) -> str:
    """One @font-face rule: the SVG faces and the rulebook's share it."""
    weight, slant = CSS_STYLES[style]
    return (f"@font-face {{ font-family: {css_family(key)}; src: url('{url}'); "
            f"font-weight: {weight}; font-style: {slant}; }}")


def rulebook_font_css(root: Path, fonts: dict, base: str | None = None) -> str:
    """CSS that sets the rulebook's headings and/or body in the families a game names for them
    (``rulebook: [headings]``), Lato still serving any character they lack; '' if none does.
    ``base``: the folder the HTML links copied fonts from; None links the game's own files (the
    PDF, whose fetcher reads inside the game folder only)."""
    rules = []
    for name, declared in fonts.items():
        if not declared.rulebook:
            continue
        entry = family(game_family(root, name, fonts))
        for style in STYLES:
            url = entry.path(style).as_uri() if base is None else f"{base}/{entry.copied_name(style)}"
            rules.append(font_face(entry.key, style, url))
        for role in declared.rulebook:
            rules.append(f"{ROLE_SELECTORS[role]} {{ font-family: {css_family(entry.key)}, {LATO}; }}")
    return "\n".join(rules)
