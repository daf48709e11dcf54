"""Guides over a card face, for tuning a layout: every region's box with its id, the trim line
(where the bleed begins), the outer edge of the bleed, and the safe zone. They are scene nodes
drawn on top of the card, so they go through the same renderer as the card itself."""
from __future__ import annotations

from dataclasses import replace

from ..model.layouts import Layout
from ..scene.draw import text_width
from ..scene.nodes import Polygon, Rect, Scene, Text, mm

TRIM = "#d81b60"  # the cut line
BLEED = "#f57c00"  # the outer edge of the bleed
SAFE = "#1e88e5"  # keep text inside this
REGION = "#6a1b9a"  # a region's box (dashed where this card does not draw it)
LABEL_SIZE = 4.5  # points
LINE = 0.6  # points


def _box(x: float, y: float, w: float, h: float, colour: str, dash: tuple[float, ...] = ()) -> Polygon:
    return Polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), stroke=colour, stroke_width=LINE,
                   closed=True, dash=dash)


def _label(text: str, x: float, y: float, colour: str, limit: float, taken: list | None = None) -> list:
    """A small label with a white ground, its top-left corner at (x, y), cut to ``limit`` points
    wide; moved right (then down) past the labels already ``taken``, so two regions that start at
    the same corner both stay readable."""
    while len(text) > 1 and text_width(text, LABEL_SIZE, "bold") > max(limit, mm(4)):
        text = text[:-1]
    width, height = text_width(text, LABEL_SIZE, "bold") + 2, LABEL_SIZE + 1.5
    if taken is not None:
        for _ in range(len(taken)):
            clash = next((t for t in taken if x < t[0] + t[2] and t[0] < x + width and y < t[1] + height
                          and t[1] < y + height), None)
            if clash is None:
                break
            x = clash[0] + clash[2] + 1
        taken.append((x, y, width))
    return [Rect(x, y, width, height, fill="#ffffff"),
            Text(x + 1, y + LABEL_SIZE, text, "bold", LABEL_SIZE, colour)]


def guide_nodes(layout: Layout, data: dict, scene: Scene) -> list:
    """The guides of ``layout`` for one face; ``data`` are the face's fields (``when:`` is tested
    against them, so a region this card does not draw is dashed)."""
    w, h, b = scene.width, scene.height, scene.bleed
    nodes: list = []
    if b > 0:
        half = LINE / 2
        nodes.append(_box(-b + half, -b + half, w + 2 * b - LINE, h + 2 * b - LINE, BLEED, (3, 2)))
    safe = mm(layout.safe)
    if safe > 0:
        nodes.append(_box(safe, safe, w - 2 * safe, h - 2 * safe, SAFE, (2, 2)))
    nodes.append(_box(0, 0, w, h, TRIM))
    labels: list = []
    taken: list = []
    for region in layout.regions:
        x, y, rw, rh = (mm(v) for v in region.box)
        drawn = not region.when or bool(data.get(region.when))
        if region.kind == "line":
            nodes.append(Polygon(((x, y), (x + rw, y + rh)), stroke=REGION, stroke_width=LINE, closed=False,
                                 dash=() if drawn else (2, 1.5)))
        else:
            nodes.append(_box(x, y, rw, rh, REGION, () if drawn else (2, 1.5)))
        labels += _label(region.id, x, y, REGION, rw, taken)
    if safe > 0:
        labels += _label("safe", w - safe - mm(8), h - safe - LABEL_SIZE - 1.5, SAFE, mm(8))
    labels += _label("trim", 1, h - LABEL_SIZE - 2, TRIM, mm(8))
    if b > 0:
        labels += _label("bleed", -b + 1, -b + 1, BLEED, mm(10))
    return nodes + labels  # labels last, so no outline crosses a name


def with_guides(scene: Scene, layout: Layout, data: dict) -> Scene:
    """The face with its guides drawn over it (a new scene, so it never shares the plain face's art)."""
    return replace(scene, nodes=scene.nodes + tuple(guide_nodes(layout, data, scene)), key=f"{scene.key}-guides")
