"""Card text: **bold**, *italic* and :icon: inline, broken into lines with real font metrics.

The result is positioned spans (scene.Text and scene.Icon), so every backend draws the same
lines. Text shrinks in small steps down to a minimum size; if it still does not fit, the caller
gets TextOverflow and reports the card by name (text is never silently clipped).
"""
from __future__ import annotations

import re
import sys
from collections import OrderedDict
from dataclasses import dataclass

from ..model.refs import ICON_TOKEN
from .fonts import LATO, metrics
from .nodes import Icon, Text

TOKEN = re.compile(r"(\*\*|\*|" + ICON_TOKEN + r"|\n|[ \t]+)")
ICON_SCALE = 1.0  # an inline icon is one em square
SHRINK_STEP = 0.25


class TextOverflow(Exception):
    def __init__(self, needed: float, available: float, size: float):
        super().__init__(f"needs {needed:.1f} pt of height, has {available:.1f} pt at {size:g} pt")
        self.needed, self.available, self.size = needed, available, size


@dataclass(frozen=True)
class Word:
    """A piece that cannot be broken: text in a style, an icon, a space or a line break."""

    kind: str  # "text" | "icon" | "space" | "break"
    value: str = ""
    style: str = "regular"


def _combine(base: str, bold: bool, italic: bool) -> str:
    bold = bold or base in ("bold", "bolditalic")
    italic = italic or base in ("italic", "bolditalic")
    return "bolditalic" if bold and italic else "bold" if bold else "italic" if italic else "regular"


def parse(text: str, base_style: str = "regular", icons: set[str] | None = None) -> list[Word]:
    words: list[Word] = []
    bold = italic = False
    for part in TOKEN.split(text.replace("\r\n", "\n")):
        if not part:
            continue
        if part == "**":
            bold = not bold
        elif part == "*":
            italic = not italic
        elif part == "\n":
            words.append(Word("break"))
        elif part.isspace():
            words.append(Word("space", " ", _combine(base_style, bold, italic)))
        elif part.startswith(":") and part.endswith(":") and len(part) > 2 and (icons is None or part[1:-1] in icons):
            words.append(Word("icon", part[1:-1]))
        else:
            style = _combine(base_style, bold, italic)
            if words and words[-1].kind == "text" and words[-1].style == style:
                words[-1] = Word("text", words[-1].value + part, style)
            else:
                words.append(Word("text", part, style))
    return words


def _width(word: Word, size: float, family: str = LATO) -> float:
    if word.kind == "icon":
        return size * ICON_SCALE
    if word.kind in ("text", "space"):
        return metrics(word.style, family).width(word.value, size)
    return 0.0


def _chunks(words: list[Word], size: float, family: str = LATO) -> list[tuple[list[Word], float]]:
    """Group words into unbreakable chunks ('Deal' and '**2**' glued together stay together),
    each with its width at this size: every word is measured once."""
    chunks: list[tuple[list[Word], float]] = []
    current: list[Word] = []
    width = 0.0
    for word in words:
        if word.kind in ("space", "break"):
            if current:
                chunks.append((current, width))
                current, width = [], 0.0
            chunks.append(([word], _width(word, size, family)))
        else:
            current.append(word)
            width += _width(word, size, family)
    if current:
        chunks.append((current, width))
    return chunks


def break_lines(words: list[Word], width: float, size: float, family: str = LATO) -> list[tuple[list[Word], float]]:
    """Greedy line breaking; returns each line's words and its width (trailing spaces dropped)."""
    lines: list[list] = [[[], 0.0]]
    for chunk, chunk_width in _chunks(words, size, family):
        line = lines[-1]
        first = chunk[0]
        if first.kind == "break":
            lines.append([[], 0.0])
            continue
        if first.kind == "space":
            if line[0]:
                line[0].extend(chunk)
                line[1] += chunk_width
            continue
        if line[0] and line[1] - _trailing(line[0], size, family) + chunk_width > width + 1e-6:
            line[1] -= _trailing(line[0], size, family)
            while line[0] and line[0][-1].kind == "space":
                line[0].pop()
            line = [[], 0.0]
            lines.append(line)
        line[0].extend(chunk)
        line[1] += chunk_width
    result = []
    for words_, line_width in lines:
        line_width -= _trailing(words_, size, family)
        while words_ and words_[-1].kind == "space":
            words_.pop()
        result.append((words_, line_width))
    return result


def _trailing(line: list[Word], size: float, family: str = LATO) -> float:
    total = 0.0
    for word in reversed(line):
        if word.kind != "space":
            break
        total += _width(word, size, family)
    return total


def set_text(text: str, box: tuple[float, float, float, float], *, size: float, min_size: float,
             style: str = "regular", align: str = "left", valign: str = "top", color: str = "#000000",
             leading: float = 1.2, icons: set[str] | None = None, family: str = LATO) -> tuple[list, float]:
    """Lay text out in a box (points); return (nodes, size used). Raise TextOverflow if it cannot fit.
    ``family`` is a key of generator.scene.fonts (Lato, or a game's family registered there)."""
    names = None
    if icons is not None:
        names = frozenset(icons)
        names = _ICON_SETS.setdefault(names, names)
    key = (text, box, size, min_size, style, align, valign, color, leading, names, family)
    laid = _LAID_OUT.get(key)
    if laid is None:
        laid = _set_text(*key)
        _LAID_OUT.put(key, laid)
    nodes, used = laid
    return list(nodes), used


class _LaidOutCache:
    """Text laid out before, most recently used last, within a budget of bytes rather than of
    entries: type lines, costs and footers repeat from card to card and stay, while the long texts
    of a deck of distinct cards (each used once) pass through instead of piling up (4,096 of
    them held 4 MiB)."""

    def __init__(self, budget: int) -> None:
        self.budget, self.used = budget, 0
        self.entries: OrderedDict[tuple, tuple[tuple, float, int]] = OrderedDict()

    def get(self, key: tuple) -> tuple[tuple, float] | None:
        found = self.entries.get(key)
        if found is None:
            return None
        self.entries.move_to_end(key)
        return found[0], found[1]

    def put(self, key: tuple, laid: tuple[tuple, float]) -> None:
        nodes, used = laid
        cost = _bytes(key, nodes)
        if cost > self.budget or key in self.entries:
            return
        self.entries[key] = (nodes, used, cost)
        self.used += cost
        while self.used > self.budget:
            _, (_, _, dropped) = self.entries.popitem(last=False)
            self.used -= dropped


def _bytes(key: tuple, nodes: tuple) -> int:
    """About what an entry holds: its key (the text, the box and its floats) and its nodes."""
    held = sys.getsizeof(key[0]) + 400
    for node in nodes:
        held += sys.getsizeof(node) + (sys.getsizeof(node.text) if isinstance(node, Text) else 0)
    return held


_LAID_OUT = _LaidOutCache(512 * 1024)
_ICON_SETS: dict[frozenset, frozenset] = {}  # a game's icon names, one set however many texts name it


def _set_text(text, box, size, min_size, style, align, valign, color, leading, icons, family) -> tuple[tuple, float]:
    x, y, w, h = box
    words = parse(text, style, icons)
    regular = metrics("regular", family)
    current = size
    while True:
        lines = break_lines(words, w, current, family)
        widest = max((line_width for _, line_width in lines), default=0.0)
        line_height = current * leading
        ascent = regular.ascent * current
        descent = -regular.descent * current
        height = line_height * (len(lines) - 1) + ascent + descent
        if (height <= h + 1e-6 and widest <= w + 1e-6) or current - SHRINK_STEP < min_size - 1e-9:
            break
        current = round(current - SHRINK_STEP, 4)
    if height > h + 1e-6 or widest > w + 1e-6:
        raise TextOverflow(max(height, 0.0), h, current)
    top = {"top": y, "middle": y + (h - height) / 2, "bottom": y + h - height}[valign]
    nodes: list = []
    for index, (line, line_w) in enumerate(lines):
        cursor = {"left": x, "center": x + (w - line_w) / 2, "right": x + w - line_w}[align]
        baseline = top + ascent + index * line_height
        for word in line:
            advance = _width(word, current, family)
            if word.kind == "icon":
                icon_size = current * ICON_SCALE
                nodes.append(Icon(word.value, cursor, baseline - icon_size * 0.8, icon_size, icon_size))
            elif word.kind in ("text", "space") and word.value:
                if word.kind == "text" or (nodes and isinstance(nodes[-1], Text)):
                    nodes.append(Text(cursor, baseline, word.value, word.style, current, color, family=family))
            cursor += advance
    return tuple(_merge_runs(nodes)), current


def _merge_runs(nodes: list) -> list:
    """Join adjacent spans of the same style on one baseline, so text extracts as words."""
    merged: list = []
    for node in nodes:
        last = merged[-1] if merged else None
        if (isinstance(node, Text) and isinstance(last, Text) and last.y == node.y
                and last.style == node.style and last.size == node.size and last.color == node.color
                and last.family == node.family):
            merged[-1] = Text(last.x, last.y, last.text + node.text, last.style, last.size, last.color,
                              family=last.family)
        else:
            merged.append(node)
    return [n for n in merged if not (isinstance(n, Text) and not n.text.strip())] 
