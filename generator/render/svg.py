"""The SVG backend: the only module that imports svgwrite (no longer developed, so kept here).

Each scene becomes one SVG in millimetres, with text as real text at the positions layout chose
(so lines break exactly as in the PDF) and icons as symbols reused through <use>. Fonts (Lato and
any family of the game's the scene uses) are linked from a fonts/ folder written beside the SVGs
by generator.scene.fonts.copy_fonts.
"""
from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import svgwrite

from ..model.icons import read_icon
from ..scene.fonts import CSS_STYLES, LATO, STYLES, css_family, family, font_face
from ..scene.nodes import Circle, Group, Icon, Image, Line, Polygon, Rect, Scene, Text, to_mm, walk_nodes


def font_css(font_dir: str, families: tuple[str, ...] = (LATO,)) -> str:
    """@font-face rules for each family and style, fallback styles pointing at the file they use.
    ``font_dir`` is the folder copy_fonts filled, or a file: URL of layouts/fonts (the rulebook's
    PDF), where only Lato lives: a game's family is then linked at its own file."""
    rules = []
    for key in families:
        entry = family(key)
        for style in STYLES:
            if key != LATO and font_dir.startswith("file:"):
                url = entry.path(style).as_uri()
            else:
                url = f"{font_dir}/{entry.copied_name(style)}"
            rules.append(font_face(key, style, url))
    return "\n".join(rules)


def path_data(ops) -> str:
    parts = []
    for op in ops:
        if op[0] == "Z":
            parts.append("Z")
        else:
            parts.append(op[0] + " ".join(f"{v:.3f}".rstrip("0").rstrip(".") for v in op[1:]))
    return " ".join(parts)


def scene_svg(scene: Scene, icons: dict[str, Path], font_dir: str = "fonts", bleed: bool = True) -> str:
    b = scene.bleed if bleed else 0.0
    width, height = scene.width + 2 * b, scene.height + 2 * b
    dwg = svgwrite.Drawing(size=(f"{to_mm(width):.3f}mm", f"{to_mm(height):.3f}mm"), profile="full", debug=False)
    dwg.viewbox(-b, -b, width, height)
    used = {node.family for node in walk_nodes(scene.nodes) if isinstance(node, Text)}
    dwg.embed_stylesheet(font_css(font_dir, (LATO, *sorted(used - {LATO}))))
    symbols: set[str] = set()
    for node in walk_nodes(scene.nodes):
        if isinstance(node, Icon) and node.icon not in symbols:
            art = read_icon(icons[node.icon])
            symbol = dwg.symbol(id=f"icon-{node.icon}")
            symbol.viewbox(*art.view_box)
            for shape in art.shapes:
                symbol.add(dwg.path(d=path_data(shape.ops), fill=shape.fill or "none",
                                    stroke=shape.stroke or "none", stroke_width=shape.stroke_width))
            dwg.defs.add(symbol)
            symbols.add(node.icon)
    for node in scene.nodes:
        dwg.add(_element(dwg, node))
    return dwg.tostring()


def _element(dwg, node):
    if isinstance(node, Rect):
        return dwg.rect(insert=(node.x, node.y), size=(node.w, node.h), rx=node.radius or None,
                        ry=node.radius or None, fill=node.fill or "none",
                        stroke=node.stroke if node.stroke and node.stroke_width else "none",
                        stroke_width=node.stroke_width or None)
    if isinstance(node, Line):
        return dwg.line(start=(node.x1, node.y1), end=(node.x2, node.y2), stroke=node.stroke, stroke_width=node.width)
    if isinstance(node, Text):
        weight, slant = CSS_STYLES[node.style]
        element = dwg.text(node.text, insert=(node.x, node.y), font_family=css_family(node.family), font_size=node.size,
                           font_weight=weight, font_style=slant, fill=node.color)
        element["xml:space"] = "preserve"
        if node.angle:
            element["transform"] = f"rotate({-node.angle} {node.x} {node.y})"
        return element
    if isinstance(node, Circle):
        element = dwg.circle(center=(node.cx, node.cy), r=node.r, fill=node.fill or "none",
                             stroke=node.stroke if node.stroke and node.stroke_width else "none",
                             stroke_width=node.stroke_width or None)
        return _dashed(element, node.dash)
    if isinstance(node, Polygon):
        make = dwg.polygon if node.closed else dwg.polyline
        element = make(points=list(node.points), fill=(node.fill or "none") if node.closed else "none",
                       stroke=node.stroke if node.stroke and node.stroke_width else "none",
                       stroke_width=node.stroke_width or None)
        return _dashed(element, node.dash)
    if isinstance(node, Group):
        group = dwg.g()
        transform = f"translate({node.x:.3f} {node.y:.3f})"
        if node.angle:
            transform += f" rotate({-node.angle:g})"  # SVG turns clockwise on a y-down page
        if node.scale != 1.0:
            transform += f" scale({node.scale:g})"
        group["transform"] = transform
        for child in node.nodes:
            group.add(_element(dwg, child))
        return group
    if isinstance(node, Image):
        data = base64.b64encode(Path(node.path).read_bytes()).decode("ascii")
        kind = "png" if node.path.lower().endswith(".png") else "jpeg"
        image = dwg.image(href=f"data:image/{kind};base64,{data}", insert=(node.x, node.y), size=(node.w, node.h),
                          preserveAspectRatio="none")
        if not node.clip:
            return image
        clip_id = "clip-" + hashlib.sha1(repr((node.path, node.clip)).encode()).hexdigest()[:12]  # same every run
        clip = dwg.defs.add(dwg.clipPath(id=clip_id))
        clip.add(dwg.rect(insert=node.clip[:2], size=node.clip[2:]))
        group = dwg.g(clip_path=f"url(#{clip_id})")
        group.add(image)
        return group
    if isinstance(node, Icon):
        return dwg.use(f"#icon-{node.icon}", insert=(node.x, node.y), size=(node.w, node.h))
    raise TypeError(f"no SVG drawing for {type(node).__name__}")


def _dashed(element, dash):
    if dash:
        element["stroke-dasharray"] = " ".join(f"{v:g}" for v in dash)
    return element
