"""Drawing helpers shared by pieces and paper: colours, the ink-saver style, labels, pips, scenes.

Everything here returns scene nodes in points; layout decisions (where a label goes, how big it
is) are made here, once, so both backends draw the same thing.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import overload

from ..model.pieces import colour_hex  # the colour words game data may use (NAMED_COLOURS) and #rgb
from .fonts import metrics
from .nodes import Circle, Group, Image, Scene, Text

PAPER = "#f7f1e3"  # the kit's paper colour, as on the cards
INK = "#3b2f2a"  # dark brown lines and text
CUT = "#555555"  # cut lines
FOLD = "#777777"  # fold lines (dashed)
CUT_WIDTH = 0.35  # points
FOLD_DASH = (2.5, 1.5)


@overload
def colour(value: object, default: str) -> str: ...
@overload
def colour(value: object, default: str | None = None) -> str | None: ...
def colour(value: object, default: str | None = None) -> str | None:
    """A colour word or #rrggbb (or #rgb) as #rrggbb; None stays None."""
    found = None if value is None else colour_hex(value)
    return default if found is None else found


def mix(a: str, b: str, t: float) -> str:
    """Blend colour a towards b by t (0 = a, 1 = b)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def tint(value: str, t: float = 0.75) -> str:
    return mix(value, "#ffffff", t)


def luminance(value: str) -> float:
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(value: str) -> str:
    """Ink that reads on a background of this colour."""
    return "#ffffff" if luminance(value) < 0.45 else INK


@dataclass(frozen=True)
class Ink:
    """How much ink to spend. With ``saver`` there are no full backgrounds and outlines are light."""

    saver: bool = False

    def background(self, value: str | None) -> str | None:
        """A fill that covers a whole piece or page: dropped in ink-saver mode."""
        return None if self.saver else value

    def fill(self, value: str | None) -> str | None:
        """A fill for a small area (a space, a box): kept, but pale, in ink-saver mode."""
        if value is None or not self.saver:
            return value
        return tint(value, 0.8)

    def line(self, value: str = INK) -> str:
        return mix(value, "#ffffff", 0.45) if self.saver else value

    def width(self, points: float) -> float:
        return points * 0.6 if self.saver else points


def scene_key(*parts: object) -> str:
    """A scene's content key (its size, bleed and nodes): identical art shares one, so backends
    draw it once, and builds are fingerprinted by it (kit/state.py). An image counts by its bytes,
    not its path: a game folder moved or renamed keeps every key, and its kit is not drawn again."""
    return hashlib.sha1(repr(_portable(parts)).encode()).hexdigest()[:16]


def _portable(value):
    """``value`` with each image (in groups too) naming its file's bytes instead of its path; the
    very same object when it holds no image, as most scenes do."""
    if isinstance(value, Image):
        return replace(value, path=_file_digest(value.path))
    if isinstance(value, Group):
        nodes = _portable(value.nodes)
        return value if nodes is value.nodes else replace(value, nodes=nodes)
    if isinstance(value, (list, tuple)):
        items = [_portable(item) for item in value]
        return value if all(new is old for new, old in zip(items, value)) else type(value)(items)
    return value


def _file_digest(path: str) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return path  # a missing image fails the build when drawn, with its own message
    return _bytes_digest(path, st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=4096)  # an image a deck shows on many cards is read once (size and time: an edit is seen)
def _bytes_digest(path: str, size: int, mtime_ns: int) -> str:
    with open(path, "rb") as handle:
        return "sha256:" + hashlib.file_digest(handle, "sha256").hexdigest()


def make_scene(width: float, height: float, nodes: list, bleed: float = 0.0) -> Scene:
    frozen = tuple(nodes)
    return Scene(width=width, height=height, nodes=frozen, bleed=bleed, key=scene_key(width, height, bleed, frozen))


# --- text ------------------------------------------------------------------------------------

CAP = 0.72  # Lato's cap height, in em: centres digits and capitals on a point


def text_width(text: str, size: float, style: str = "regular") -> float:
    return metrics(style).width(text, size)


def fitted_size(text: str, size: float, max_width: float | None, style: str = "regular", min_size: float = 3.0) -> float:
    """The largest size up to ``size`` at which one line of text fits ``max_width``."""
    if max_width is None or not text:
        return size
    width = text_width(text, size, style)
    if width <= max_width:
        return size
    return max(min_size, size * max_width / width)


def label(text: str, cx: float, cy: float, size: float, style: str = "regular", color: str = INK,
          max_width: float | None = None, align: str = "center", angle: float = 0.0) -> Text:
    """One line of text whose capitals are centred vertically on cy, shrunk to fit max_width.
    ``align`` places cx at the text's left, centre or right."""
    size = fitted_size(text, size, max_width, style)
    width = text_width(text, size, style)
    shift = {"left": 0.0, "center": width / 2, "right": width}[align]
    if angle:
        import math

        a = math.radians(angle)
        # Turned text: step back along its own direction, and down (in its frame) by half the cap.
        dx, dy = -shift, size * CAP / 2
        x = cx + dx * math.cos(a) + dy * math.sin(a)
        y = cy - dx * math.sin(a) + dy * math.cos(a)
        return Text(x, y, text, style, size, color, angle)
    return Text(cx - shift, cy + size * CAP / 2, text, style, size, color)


# --- pips --------------------------------------------------------------------------------------

_PIP_SPOTS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    7: [(-1, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (1, 1)],
    8: [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)],
    9: [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)],
}


def pips(count: int, cx: float, cy: float, size: float, color: str = INK) -> list:
    """The usual die spots for 1 to 9 in a square of ``size`` centred on (cx, cy)."""
    spots = _PIP_SPOTS.get(count)
    if spots is None:
        return [label(str(count), cx, cy, size * 0.6, "bold", color)]
    step = size * 0.3
    radius = size * (0.1 if count <= 6 else 0.085)
    return [Circle(cx + x * step, cy + y * step, radius, fill=color) for x, y in spots]
