"""A game's SVG icons, read as plain geometry that both backends draw the same way.

We read a deliberately small subset of SVG (path without arcs, circle, ellipse, rect, polygon,
polyline, line; fill, stroke and stroke-width attributes; a viewBox) and turn every shape into
absolute move/line/curve/close operations. Anything else is refused with a message naming the
file, so an icon never renders differently from what its author drew. DTDs and entities are
refused before parsing.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..limits import limit

MAX_ICON_BYTES = limit("icon_bytes")
MAX_ICON_DEPTH = limit("icon_depth")
MAX_ICON_NUMBER = limit("icon_coordinate")
KAPPA = 0.5522847498  # circle to cubic Bézier
SVG_NS = "{http://www.w3.org/2000/svg}"
SHAPES = {"path", "circle", "ellipse", "rect", "polygon", "polyline", "line"}
# What a designer is told when an icon goes outside that subset (they cannot read this file).
SUBSET = ("icons use a small, safe part of SVG: a viewBox; path (no arcs), circle, ellipse, rect, polygon, "
          "polyline and line, in groups if you like; fill, stroke and stroke-width (attributes or style=\"...\"); "
          "no scripts, images or text")
IGNORED = {"svg", "g", "title", "desc", "metadata"}


class IconError(ValueError):
    pass


@dataclass(frozen=True)
class Shape:
    ops: tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)
    fill: str | None
    stroke: str | None
    stroke_width: float


@dataclass(frozen=True)
class IconArt:
    view_box: tuple[float, float, float, float]
    shapes: tuple[Shape, ...]


@lru_cache(maxsize=256)
def read_icon(path: Path) -> IconArt:
    """Read an icon; any problem is an IconError that names the file."""
    try:
        art = _read_icon(path)
    except IconError:
        raise
    except (ValueError, IndexError, OverflowError, RecursionError) as exc:
        raise IconError(f"{path}: bad value in the SVG ({exc})") from None
    numbers = [*art.view_box] + [v for shape in art.shapes for op in shape.ops for v in op[1:]]
    numbers += [shape.stroke_width for shape in art.shapes]
    if not all(math.isfinite(v) for v in numbers):
        raise IconError(f"{path}: the SVG holds a number that is not finite (nan or inf)")
    if any(abs(v) > MAX_ICON_NUMBER for v in numbers):
        raise IconError(f"{path}: the SVG holds a number larger than {MAX_ICON_NUMBER:,} "
                        f"(coordinates that large cannot be drawn)")
    return art


def _read_icon(path: Path) -> IconArt:
    data = path.read_bytes()
    if len(data) > MAX_ICON_BYTES:
        raise IconError(f"{path}: icon file is over {MAX_ICON_BYTES // 1024} KB")
    text = data.decode("utf-8", errors="replace")
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise IconError(f"{path}: DOCTYPE and entities are not allowed in icons")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise IconError(f"{path}: not well-formed SVG ({exc})") from None
    if _local(root.tag) != "svg":
        raise IconError(f"{path}: the root element must be <svg>")
    view_box = root.get("viewBox")
    if view_box:
        numbers = [float(v) for v in re.split(r"[\s,]+", view_box.strip())]
        if len(numbers) != 4 or numbers[2] <= 0 or numbers[3] <= 0:
            raise IconError(f"{path}: viewBox must be four numbers with a positive width and height")
        box = (numbers[0], numbers[1], numbers[2], numbers[3])
    else:
        try:
            box = (0.0, 0.0, float(root.get("width", "0").rstrip("px")), float(root.get("height", "0").rstrip("px")))
        except ValueError:
            box = (0.0, 0.0, 0.0, 0.0)
        if box[2] <= 0 or box[3] <= 0:
            raise IconError(f"{path}: give the <svg> a viewBox")
    shapes = []
    try:
        walked = list(_walk(root, {}))
    except IconError as exc:
        raise IconError(f"{path}: {exc}") from None
    for element, inherited in walked:
        name = _local(element.tag)
        if name in IGNORED:
            continue
        if name not in SHAPES:
            raise IconError(f"{path}: <{name}> is not supported in icons (use path, circle, rect, polygon ...)")
        if element.get("transform"):
            raise IconError(f"{path}: transform is not supported in icons; apply it to the coordinates")
        style = {**inherited, **_style(element)}
        try:
            ops = _ops(name, element)
        except (ValueError, IndexError) as exc:
            raise IconError(f"{path}: bad <{name}>: {exc}") from None
        fill = style.get("fill", "#000000")
        stroke = style.get("stroke")
        shapes.append(Shape(
            ops=tuple(ops),
            fill=None if fill in ("none", None) else _colour(fill, path),
            stroke=None if stroke in ("none", None) else _colour(stroke, path),
            stroke_width=float(style.get("stroke-width", "1").rstrip("px")),
        ))
    return IconArt(view_box=box, shapes=tuple(shapes))


def _local(tag: str) -> str:
    return tag.split("}", 1)[-1]


def _walk(element, inherited, depth: int = 0):
    if depth > MAX_ICON_DEPTH:
        raise IconError(f"elements nest deeper than {MAX_ICON_DEPTH} levels")
    yield element, inherited
    here = {**inherited, **_style(element)}
    for child in element:
        yield from _walk(child, here, depth + 1)


def _style(element) -> dict[str, str]:
    style = {k: element.get(k) for k in ("fill", "stroke", "stroke-width") if element.get(k) is not None}
    for declaration in (element.get("style") or "").split(";"):
        if ":" in declaration:
            key, value = (part.strip() for part in declaration.split(":", 1))
            if key in ("fill", "stroke", "stroke-width"):
                style[key] = value
    return style


_NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "currentcolor": "#000000"}


def _colour(value: str, path: Path) -> str:
    value = value.strip().lower()
    value = _NAMED.get(value, value)
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        value = "#" + "".join(c * 2 for c in value[1:])
    if not re.fullmatch(r"#[0-9a-f]{6}", value):
        raise IconError(f"{path}: colour '{value}' is not supported; use #rrggbb")
    return value


def _num(element, name, default=0.0) -> float:
    return float(str(element.get(name, default)).rstrip("px"))


def _ellipse(cx, cy, rx, ry) -> list:
    kx, ky = rx * KAPPA, ry * KAPPA
    return [
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    ]


def _ops(name: str, element) -> list:
    if name == "circle":
        r = _num(element, "r")
        return _ellipse(_num(element, "cx"), _num(element, "cy"), r, r)
    if name == "ellipse":
        return _ellipse(_num(element, "cx"), _num(element, "cy"), _num(element, "rx"), _num(element, "ry"))
    if name == "rect":
        x, y, w, h = (_num(element, k) for k in ("x", "y", "width", "height"))
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    if name == "line":
        return [("M", _num(element, "x1"), _num(element, "y1")), ("L", _num(element, "x2"), _num(element, "y2"))]
    if name in ("polygon", "polyline"):
        values = [float(v) for v in re.split(r"[\s,]+", (element.get("points") or "").strip()) if v]
        points = list(zip(values[0::2], values[1::2]))
        if not points:
            return []
        ops = [("M", *points[0])] + [("L", *p) for p in points[1:]]
        return ops + ([("Z",)] if name == "polygon" else [])
    return parse_path(element.get("d") or "")


_PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}


def parse_path(d: str) -> list:
    """SVG path data to absolute M/L/C/Z operations (quadratics raised to cubics)."""
    tokens = _PATH_TOKEN.findall(d)
    ops: list = []
    i = 0
    command = None
    x = y = start_x = start_y = 0.0
    last_control = None  # (x, y, kind) of the previous curve's second control point
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            command = token
            i += 1
            if command in "Aa":
                raise ValueError("arcs (A) are not supported; convert them to curves")
            if command in "Zz":
                ops.append(("Z",))
                x, y = start_x, start_y
                last_control = None
                continue
        elif command is None:
            raise ValueError("path data must start with a command")
        upper = command.upper()
        arity = _ARITY[upper]
        if arity == 0:
            raise ValueError("numbers after Z: start the next shape with M")
        args = [float(v) for v in tokens[i:i + arity]]
        if len(args) < arity:
            raise ValueError(f"'{command}' needs {arity} numbers")
        i += arity
        relative = command.islower()
        if upper == "H":
            args = [args[0] + (x if relative else 0), y]
            upper, relative = "L", False
        elif upper == "V":
            args = [x, args[0] + (y if relative else 0)]
            upper, relative = "L", False
        if relative:
            args = [v + (x if k % 2 == 0 else y) for k, v in enumerate(args)]
        if upper == "M":
            x, y = args
            start_x, start_y = x, y
            ops.append(("M", x, y))
            command = "l" if relative else "L"  # further pairs are line-tos
            last_control = None
        elif upper == "L":
            x, y = args
            ops.append(("L", x, y))
            last_control = None
        elif upper in ("C", "S"):
            if upper == "S":
                if last_control and last_control[2] == "C":
                    c1 = (2 * x - last_control[0], 2 * y - last_control[1])
                else:
                    c1 = (x, y)
                args = [*c1, *args]
            ops.append(("C", *args))
            last_control = (args[2], args[3], "C")
            x, y = args[4], args[5]
        elif upper in ("Q", "T"):
            if upper == "T":
                if last_control and last_control[2] == "Q":
                    q = (2 * x - last_control[0], 2 * y - last_control[1])
                else:
                    q = (x, y)
                args = [*q, *args]
            qx, qy, ex, ey = args
            ops.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            last_control = (qx, qy, "Q")
            x, y = ex, ey
    return ops


def fit(art: IconArt, box: tuple[float, float, float, float]) -> tuple[float, float, float]:
    """Scale and offset that fit an icon's viewBox into a box, centred, aspect kept."""
    vx, vy, vw, vh = art.view_box
    bx, by, bw, bh = box
    scale = min(bw / vw, bh / vh)
    return scale, bx + (bw - vw * scale) / 2 - vx * scale, by + (bh - vh * scale) / 2 - vy * scale
