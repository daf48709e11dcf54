"""A game's own fonts: reading TrueType files safely, and checking what game.yaml and the layouts
say about them when the game loads.

A game may ship font families in its folder (OFL fonts, or any whose licence allows shipping
them), declared in game.yaml by family name::

    fonts:
      Vera Sans:
        regular: fonts/Vera.ttf          # required
        bold: fonts/VeraBd.ttf           # optional: bold falls back to regular
        italic: fonts/VeraIt.ttf         # optional: italic falls back to regular
        bolditalic: fonts/VeraBI.ttf     # optional: falls back to bold, then italic, then regular
        licence: fonts/LICENSE.txt       # copied beside the fonts wherever SVG or HTML links them
        rulebook: [headings]             # the rulebook's headings and/or body in this family

A card layout takes a family for all its text (``font: {family: Vera Sans}`` at the top of the
layout) or for one region (``font: {family: ..., size: 9}``); anything else stays in Lato, the
shipped family, which is always available by that name.

Each file must lie inside the game folder and be a TrueType font (``.ttf``, or an OpenType font
with TrueType outlines) no larger than the ``font_bytes`` limit whose licence bits allow
embedding; WOFF web fonts, collections (``.ttc``) and OpenType fonts with PostScript (CFF)
outlines are refused with a hint, as reportlab can embed none of them. The header, the table
directory and the tables the layout step measures with (cmap, head, hhea, hmtx) are read here,
bounded, with no third-party library; a damaged file is a located problem, never a traceback.
"""
from __future__ import annotations

import struct
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import Problem
from ..limits import limit
from ..suggest import did_you_mean, did_you_mean_file
from .extends import locate_region
from .files import inside
from .game import Game
from .layouts import Layout
from .problems import Sources
from .safeyaml import YamlRefused, read_yaml

BUILTIN_FAMILY = "Lato"
STYLES = ("regular", "bold", "italic", "bolditalic")
# Tables reportlab reads to embed a TrueType font; our metrics come from the first four.
REQUIRED_TABLES = ("cmap", "head", "hhea", "hmtx", "maxp", "name", "loca", "glyf", "post")
MAX_TABLES = 200  # real fonts have 10 to 40
MAX_CODEPOINT = 0x10FFFF


class FontFileError(Exception):
    """A file that is not a font we can embed; ``hint`` says what to use instead."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message, self.hint = message, hint


class CharMap:
    """A font's cmap, code point -> glyph, as two sorted arrays of machine numbers: held as a dict
    of Python ints, Lato's 2,166 code points cost ~200 KiB a style, every process that lays text out."""

    __slots__ = ("codes", "glyphs")

    def __init__(self, mapping: dict[int, int]):
        codes = sorted(mapping)
        self.codes = array("I", codes)
        self.glyphs = array("H", [mapping[code] for code in codes])

    def get(self, code: int, default: int = 0) -> int:
        at = bisect_left(self.codes, code)
        return self.glyphs[at] if at < len(self.codes) and self.codes[at] == code else default

    def __contains__(self, code: int) -> bool:
        at = bisect_left(self.codes, code)
        return at < len(self.codes) and self.codes[at] == code

    def __len__(self) -> int:
        return len(self.codes)


@dataclass(frozen=True)
class FontData:
    """What layout needs from a TrueType file: units, ascent, descent, advances and the cmap."""

    units_per_em: int
    ascent: int
    descent: int  # negative
    advances: Sequence[int]  # an array of 16-bit numbers, as the font stores them
    cmap: CharMap


def read_font(path: Path) -> FontData:
    """Read and check one font file; FontFileError says what is wrong with it."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise FontFileError(f"cannot be read ({exc.strerror or exc})") from None
    most = limit("font_bytes")
    if size > most:
        raise FontFileError(f"holds {size / 1_048_576:.1f} MB; a font file may hold at most {most // 1_048_576} MB",
                            "use a subset of the font with only the scripts the game prints")
    data = path.read_bytes()
    try:
        return parse_font(data)
    except struct.error:
        raise FontFileError("is damaged: a table runs past the end of the file",
                            "download the font again from its source") from None


def parse_font(data: bytes) -> FontData:
    tables = table_directory(data)
    missing = [tag for tag in REQUIRED_TABLES if tag not in tables]
    if missing:
        raise FontFileError(f"lacks the font table{'s' if len(missing) > 1 else ''} {', '.join(missing)}",
                            "use the font's TrueType (.ttf) file as its makers publish it")
    if "OS/2" in tables:
        fs_type = struct.unpack_from(">H", data, tables["OS/2"][0] + 8)[0]
        if fs_type & 0x000F == 0x0002:  # "restricted licence embedding": may not go into a PDF
            raise FontFileError("says its licence forbids embedding it in documents (OS/2 fsType 2)",
                                "choose a font whose licence allows embedding, such as an OFL font")
    if not _has_postscript_name(data, *tables["name"]):
        raise FontFileError("has no PostScript name (entry 6 of its name table), which a PDF names an embedded font by",
                            "use the font's TrueType (.ttf) file as its makers publish it")
    head, hhea, hmtx = tables["head"][0], tables["hhea"][0], tables["hmtx"]
    units = struct.unpack_from(">H", data, head + 18)[0]
    if not 16 <= units <= 16384:
        raise FontFileError(f"is damaged: {units} units per em (fonts use 16 to 16384)")
    ascent, descent = struct.unpack_from(">hh", data, hhea + 4)
    count = struct.unpack_from(">H", data, hhea + 34)[0]
    if count == 0 or 4 * count > hmtx[1]:
        raise FontFileError("is damaged: its horizontal metrics do not match their table")
    advances = struct.unpack_from(f">{count * 2}H", data, hmtx[0])[0::2]
    cmap = read_cmap(data, tables["cmap"][0])
    if not cmap:
        raise FontFileError("maps no Unicode characters (no usable cmap subtable)",
                            "use a font made for text: a symbol or icon font is an icon in this game")
    return FontData(units, ascent, descent, array("H", advances), CharMap(cmap))


def _has_postscript_name(data: bytes, offset: int, length: int) -> bool:
    count = struct.unpack_from(">H", data, offset + 2)[0]
    if 6 + 12 * count > length:
        raise struct.error("name records past the table")
    for i in range(count):
        _platform, _encoding, _language, name_id, size, _where = struct.unpack_from(">6H", data, offset + 6 + 12 * i)
        if name_id == 6 and size > 0:
            return True
    return False


def table_directory(data: bytes) -> dict[str, tuple[int, int]]:
    """Each table's (offset, length), after checking the file is a TrueType font we can embed."""
    tag = data[:4]
    if tag in (b"wOFF", b"wOF2"):
        raise FontFileError("is a WOFF web font, which PDFs cannot embed",
                            "use the .ttf file the web font was made from (OFL fonts ship it)")
    if tag == b"ttcf":
        raise FontFileError("is a font collection (.ttc) holding several fonts",
                            "use a single font's .ttf file")
    if tag == b"OTTO":
        raise FontFileError("is an OpenType font with PostScript (CFF) outlines, which the PDF writer cannot embed",
                            "use the TrueType (.ttf) version of the font (most OFL families publish one)")
    if tag not in (b"\x00\x01\x00\x00", b"true") or len(data) < 12:
        raise FontFileError(f"is not a TrueType or OpenType font (it starts with {data[:4]!r})",
                            "name a .ttf file")
    count = struct.unpack_from(">H", data, 4)[0]
    if not 0 < count <= MAX_TABLES:
        raise FontFileError(f"is damaged: it says it has {count} tables")
    tables = {}
    for i in range(count):
        name, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if offset + length > len(data):
            raise FontFileError(f"is damaged: its '{name.decode('latin-1').strip()}' table runs past the end of the file",
                                "download the font again from its source")
        tables[name.decode("latin-1")] = (offset, length)
    return tables


def read_cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Unicode code point -> glyph, from the best Unicode subtable (formats 12 and 4)."""
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    subtables = {}
    for i in range(min(count, MAX_TABLES)):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    for key in ((3, 10), (0, 4), (3, 1), (0, 3)):
        if key not in subtables:
            continue
        start = subtables[key]
        fmt = struct.unpack_from(">H", data, start)[0]
        if fmt == 12:
            return _cmap_12(data, start)
        if fmt == 4:
            return _cmap_4(data, start)
    return {}


def _cmap_12(data: bytes, start: int) -> dict[int, int]:
    mapping: dict[int, int] = {}
    groups = struct.unpack_from(">I", data, start + 12)[0]
    if start + 16 + 12 * groups > len(data):
        raise struct.error("cmap groups past the end")
    work = 0
    for g in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * g)
        last = min(last, MAX_CODEPOINT)
        work += max(0, last - first + 1)
        if work > MAX_CODEPOINT + 1:  # overlapping groups: bounded work whatever the file says
            raise FontFileError(_CMAP_TOO_BIG)
        for code in range(first, last + 1):
            mapping[code] = glyph + code - first
    return mapping


_CMAP_TOO_BIG = "is damaged: its character map covers more characters than Unicode has"


def _cmap_4(data: bytes, start: int) -> dict[int, int]:
    mapping: dict[int, int] = {}
    segs = struct.unpack_from(">H", data, start + 6)[0] // 2
    ends = start + 14
    starts = ends + 2 * segs + 2
    deltas = starts + 2 * segs
    ranges = deltas + 2 * segs
    work = 0
    for s in range(segs):
        end = struct.unpack_from(">H", data, ends + 2 * s)[0]
        begin = struct.unpack_from(">H", data, starts + 2 * s)[0]
        work += max(0, min(end, 0xFFFE) - begin + 1)
        if work > 0x10000:  # overlapping segments: bounded work whatever the file says
            raise FontFileError(_CMAP_TOO_BIG)
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


def family_files(family) -> dict[str, str]:
    """A declared family's file for each style, by the fallbacks the module's docstring gives
    (relative paths as written; the caller joins them to the game folder)."""
    regular = family.regular
    bold = family.bold or regular
    italic = family.italic or regular
    return {"regular": regular, "bold": bold, "italic": italic,
            "bolditalic": family.bolditalic or family.bold or family.italic or regular}


# --- load-time checks ---------------------------------------------------------------------------


def check_fonts(game: Game, layouts: dict[str, Layout], sources: Sources) -> list[Problem]:
    """Every declared font file is a real, embeddable font inside the game folder; every family a
    layout names is declared (or Lato); the rulebook takes at most one family per role."""
    problems: list[Problem] = []
    root = game.root
    roles: dict[str, str] = {}
    for name, family in game.fonts.items():
        if name.casefold() == BUILTIN_FAMILY.casefold():
            file, line, col = sources.locate(("fonts", name), key=True)
            problems.append(Problem(f"'{name}' is the family Boneyard ships; a game's own family needs another name",
                                    file=file, line=line, column=col, path=f"fonts.{name}",
                                    hint="name it after the font, e.g. 'Lato Game' (Lato itself needs no declaring)"))
        for key in (*STYLES, "licence"):
            relative = getattr(family, key)
            if relative is None:
                continue
            problem = _file_problem(root, relative, key)
            if problem is not None:
                message, hint = problem
                file, line, col = sources.locate(("fonts", name, key))
                what = "licence file" if key == "licence" else "font file"
                problems.append(Problem(f"{what} '{relative}' {message}", file=file, line=line, column=col,
                                        path=f"fonts.{name}.{key}", hint=hint))
        for role in family.rulebook:
            if role in roles and roles[role] != name:
                file, line, col = sources.locate(("fonts", name, "rulebook"))
                problems.append(Problem(f"the rulebook's {role} are already set in '{roles[role]}'",
                                        file=file, line=line, column=col, path=f"fonts.{name}.rulebook",
                                        hint=f"name '{role}' under one family only"))
            roles.setdefault(role, name)
    known = [BUILTIN_FAMILY, *game.fonts]
    for layout in layouts.values():
        for region_id, family in _layout_families(layout):
            if family in known:
                continue
            file, line, col, field = _family_place(layout, region_id)
            where = f"layout '{layout.id}'" + (f", region '{region_id}'" if region_id else "")
            problems.append(Problem(
                f"{where}: no font family '{family}' in this game", file=file, line=line, column=col, path=field,
                hint=did_you_mean(family, known) or f"known families: {', '.join(known)} (declare yours under "
                                                    f"'fonts:' in game.yaml)"))
    return problems


def _file_problem(root: Path, relative: str, key: str) -> tuple[str, str | None] | None:
    path = root / relative
    if not inside(path, root):
        return "leads outside the game folder", "copy the font into the game folder (fonts/ say) and name it from there"
    if not path.is_file():
        return "does not exist", did_you_mean_file(path, relative) or "paths are relative to the game folder"
    if key == "licence":  # copied beside the fonts: bounded like them
        size = path.stat().st_size
        if size > limit("font_bytes"):
            return f"holds {size / 1_048_576:.1f} MB; a licence file may hold at most {limit('font_bytes') // 1_048_576} MB", None
        return None
    try:
        read_font(path)
    except FontFileError as exc:
        return exc.message, exc.hint
    return None


def _layout_families(layout: Layout):
    if layout.font.family is not None:
        yield None, layout.font.family
    for region in layout.regions:
        if region.font.family is not None:
            yield region.id, region.font.family


def _family_place(layout: Layout, region_id: str | None) -> tuple[Path | None, int | None, int | None, str]:
    """Where the layout file writes the family: (file, line, column, field path)."""
    if layout.source is None:
        return None, None, None, ""
    if region_id is not None:
        line, column, field = locate_region(layout.source, region_id, "font")
        return layout.source, line, column, field
    try:
        doc = read_yaml(layout.source)
    except YamlRefused:
        return layout.source, None, None, "font.family"
    line, column = doc.values.get(("font", "family"), doc.keys.get(("font",), (None, None)))
    return layout.source, line, column, "font.family"
