"""Pictures the rulebook embeds, as SVG data: URIs: icons, card faces and cycle diagrams.

Icons are re-drawn from the geometry ``generator.icons`` read (the same small SVG subset the card
backends draw), never passed through as the author's file, so an icon cannot smuggle anything
into the book. Card faces come from the SVG backend's ``scene_svg``: the book shows exactly the
cards the kit prints.
"""
from __future__ import annotations

import base64
import math
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

from ..model.icons import IconArt, read_icon


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _shape_elements(art: IconArt) -> str:
    from ..render.svg import path_data  # the SVG backend's path data, as the card faces write it

    parts = []
    for shape in art.shapes:
        parts.append(
            f'<path d="{path_data(shape.ops)}" fill="{shape.fill or "none"}" '
            f'stroke="{shape.stroke or "none"}" stroke-width="{shape.stroke_width:g}"/>'
        )
    return "".join(parts)


@lru_cache(maxsize=512)
def icon_svg(path: Path) -> str:
    art = read_icon(path)
    x, y, w, h = art.view_box
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:g} {y:g} {w:g} {h:g}" '
            f'width="{w:g}" height="{h:g}">{_shape_elements(art)}</svg>')


def font_style(font_base: str) -> str:
    """@font-face rules for an SVG's own text (an <img> SVG cannot see the page's fonts)."""
    from ..render.svg import font_css

    return f"<style>{xml_escape(font_css(font_base))}</style>"


def cycle_svg(labels: list[str], icons: list[Path | None], font_base: str, title: str) -> str:
    """Items around a circle, an arrow from each to the next: each beats the one it points at."""
    count = len(labels)
    size = 240.0
    centre = size / 2
    radius = 78.0 if count <= 4 else 88.0
    node_r = 30.0 if count <= 4 else 24.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size:g} {size:g}" '
             f'width="{size:g}" height="{size:g}">', f"<title>{xml_escape(title)}</title>",
             font_style(font_base),
             '<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto"><path d="M0 0 L10 5 L0 10 Z" fill="#7a2e1f"/></marker></defs>']
    points = []
    for index in range(count):
        angle = -math.pi / 2 + 2 * math.pi * index / count
        points.append((centre + radius * math.cos(angle), centre + radius * math.sin(angle)))
    gap = node_r + 6
    for index in range(count):
        (x1, y1), (x2, y2) = points[index], points[(index + 1) % count]
        # A gentle arc bowing away from the centre, trimmed to stop short of both nodes.
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = mx - centre, my - centre
        norm = math.hypot(dx, dy) or 1.0
        bow = 18.0 if count > 2 else 40.0
        if count == 2:  # two items: bow the two arrows to opposite sides
            dx, dy = (y2 - y1), -(x2 - x1)
            norm = math.hypot(dx, dy) or 1.0
        cx, cy = mx + dx / norm * bow, my + dy / norm * bow
        sx, sy = _towards(x1, y1, cx, cy, gap)
        ex, ey = _towards(x2, y2, cx, cy, gap)
        parts.append(f'<path d="M{sx:.2f} {sy:.2f} Q{cx:.2f} {cy:.2f} {ex:.2f} {ey:.2f}" fill="none" '
                     f'stroke="#7a2e1f" stroke-width="2.4" marker-end="url(#head)"/>')
    for (x, y), label, icon in zip(points, labels, icons):
        parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{node_r:g}" fill="#fbf6ea" stroke="#3b2a20" stroke-width="1.5"/>')
        text_y = y + 4
        if icon is not None:
            art = read_icon(icon)
            vx, vy, vw, vh = art.view_box
            box = node_r * 1.05
            scale = min(box / vw, box / vh)
            ox = x - vw * scale / 2 - vx * scale
            oy = y - node_r * 0.78 - vy * scale
            parts.append(f'<g transform="translate({ox:.2f} {oy:.2f}) scale({scale:.4f})">{_shape_elements(art)}</g>')
            text_y = y + node_r * 0.62
        font_size = 11 if len(label) <= 8 else 9
        parts.append(f'<text x="{x:.2f}" y="{text_y:.2f}" text-anchor="middle" font-family="Lato" '
                     f'font-weight="bold" font-size="{font_size}" fill="#2b1d14">{xml_escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _towards(x: float, y: float, tx: float, ty: float, distance: float) -> tuple[float, float]:
    dx, dy = tx - x, ty - y
    norm = math.hypot(dx, dy) or 1.0
    return x + dx / norm * distance, y + dy / norm * distance
