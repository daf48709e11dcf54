"""The SVG backend: writes each scene's SVG as text, with the standard library only.

Each scene becomes one SVG in millimetres, with text as real text at the positions layout chose
(so lines break exactly as in the PDF) and icons as symbols reused through <use>. Fonts (Lato and
any family of the game's the scene uses) are linked from a fonts/ folder written beside the SVGs
by generator.scene.fonts.copy_fonts.

Why no XML library: svgwrite (no longer developed) cost ~74 ms of imports in every build that
drew a face (pyparsing, urllib.request, ssl), and xml.sax.saxutils imports urllib.request too.
The few elements we write need only escaping, done here as ElementTree does it. The output is
the one svgwrite wrote: attributes sorted by name, numbers as ``str()`` gives them, empty or
None attributes left out, so every face draws as before.
"""
from __future__ import annotations

import base64
import os
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ..model.icons import IconArt, read_icon
from ..scene.draw import scene_key
from ..scene.fonts import CSS_STYLES, LATO, STYLES, css_family, family, font_face
from ..scene.nodes import Circle, Group, Icon, Image, Line, Polygon, Rect, Scene, Text, to_mm, walk_nodes

SVG_ATTRIBUTES = {"baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
                  "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}
# Characters XML 1.0 cannot hold even escaped: the loader refuses them in game text; a scene that
# still carries one is a bug upstream, reported here rather than written as an unreadable file.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# Any character that escaping changes or refuses: most texts and values have none, and are kept as they are.
_TEXT_SPECIAL = re.compile("[&<>\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ATTRIBUTE_SPECIAL = re.compile('[&<>"\t\n\r\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]')


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


def _checked(text: str) -> str:
    bad = NOT_XML.search(text)
    if bad:
        raise ValueError(f"character U+{ord(bad.group()):04X} cannot be written in an SVG (in {text!r})")
    return text


def escape_text(text: str) -> str:
    """Character data: &, < and > as entities."""
    if not _TEXT_SPECIAL.search(text):
        return text
    return _checked(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attribute(value: str) -> str:
    """A double-quoted attribute value: also quotes, and tab and line ends as character
    references (a parser would otherwise fold them into spaces)."""
    if not _ATTRIBUTE_SPECIAL.search(value):
        return value
    return (escape_text(value).replace('"', "&quot;").replace("\r", "&#13;").replace("\n", "&#10;")
            .replace("\t", "&#09;"))


def tag(name: str, attributes: dict, content: str = "") -> str:
    """One element; ``content`` is markup already escaped. Attributes that are None or empty are
    left out; the rest are sorted by name and written with ``str()``."""
    pairs = []
    for key in sorted(attributes):
        value = attributes[key]
        if type(value) is float or type(value) is int:  # most are numbers: their str() needs no escaping
            pairs.append(f' {key}="{value}"')
        elif value is not None:
            text = str(value)
            if text:
                pairs.append(f' {key}="{escape_attribute(text)}"')
    written = "".join(pairs)
    return f"<{name}{written}>{content}</{name}>" if content else f"<{name}{written} />"


def scene_svg(scene: Scene, icons: dict[str, Path], font_dir: str = "fonts", bleed: bool = True) -> str:
    b = scene.bleed if bleed else 0.0
    width, height = scene.width + 2 * b, scene.height + 2 * b
    used = {node.family for node in walk_nodes(scene.nodes) if isinstance(node, Text)}
    keys = (LATO, *sorted(used - {LATO}))
    defs = [_style_element(font_dir, keys, tuple(family(key) for key in keys))]
    symbols: set[str] = set()
    for node in walk_nodes(scene.nodes):
        if isinstance(node, Icon) and node.icon not in symbols:
            defs.append(_symbol(node.icon, read_icon(icons[node.icon])))
            symbols.add(node.icon)
    body = "".join(_element(node, defs) for node in scene.nodes)  # clip paths join defs as they are met
    root = {**SVG_ATTRIBUTES, "width": f"{to_mm(width):.3f}mm", "height": f"{to_mm(height):.3f}mm",
            "viewBox": _numbers((-b, -b, width, height), ",")}
    return tag("svg", root, tag("defs", {}, "".join(defs)) + body)


@lru_cache(maxsize=256)  # an icon is on many faces: its path data is written out once, keyed by its art
def _symbol(icon_id: str, art: IconArt) -> str:
    paths = "".join(tag("path", {"d": path_data(shape.ops), "fill": shape.fill or "none",
                                 "stroke": shape.stroke or "none", "stroke-width": shape.stroke_width})
                    for shape in art.shapes)
    return tag("symbol", {"id": f"icon-{icon_id}", "viewBox": _numbers(art.view_box, ",")}, paths)


@lru_cache(maxsize=64)  # every face of a kit has the same few: made once, keyed by the families' files
def _style_element(font_dir: str, keys: tuple[str, ...], _families: tuple) -> str:
    css = font_css(font_dir, keys)
    return tag("style", {"type": "text/css"}, "<![CDATA[" + _checked(css).replace("]]>", "]]]]><![CDATA[>") + "]]>")


def _numbers(values, separator: str) -> str:
    return separator.join(str(v) for v in values)


def _outline(node) -> dict:
    return {"stroke": node.stroke if node.stroke and node.stroke_width else "none",
            "stroke-width": node.stroke_width or None}


def _element(node, defs: list[str]) -> str:
    if isinstance(node, Rect):
        return tag("rect", {"x": node.x, "y": node.y, "width": node.w, "height": node.h, "rx": node.radius or None,
                            "ry": node.radius or None, "fill": node.fill or "none", **_outline(node)})
    if isinstance(node, Line):
        return tag("line", {"x1": node.x1, "y1": node.y1, "x2": node.x2, "y2": node.y2, "stroke": node.stroke,
                            "stroke-width": node.width})
    if isinstance(node, Text):
        weight, slant = CSS_STYLES[node.style]
        attributes = {"x": node.x, "y": node.y, "font-family": css_family(node.family), "font-size": node.size,
                      "font-weight": weight, "font-style": slant, "fill": node.color, "xml:space": "preserve"}
        if node.angle:
            attributes["transform"] = f"rotate({-node.angle} {node.x} {node.y})"
        return tag("text", attributes, escape_text(node.text))
    if isinstance(node, Circle):
        return tag("circle", {"cx": node.cx, "cy": node.cy, "r": node.r, "fill": node.fill or "none",
                              **_outline(node), **_dash(node.dash)})
    if isinstance(node, Polygon):
        points = " ".join(f"{x},{y}" for x, y in node.points)
        return tag("polygon" if node.closed else "polyline",
                   {"points": points, "fill": (node.fill or "none") if node.closed else "none",
                    **_outline(node), **_dash(node.dash)})
    if isinstance(node, Group):
        transform = f"translate({node.x:.3f} {node.y:.3f})"
        if node.angle:
            transform += f" rotate({-node.angle:g})"  # SVG turns clockwise on a y-down page
        if node.scale != 1.0:
            transform += f" scale({node.scale:g})"
        return tag("g", {"transform": transform}, "".join(_element(child, defs) for child in node.nodes))
    if isinstance(node, Image):
        image = tag("image", {"xlink:href": _data_url(node.path, _stamp(node.path)), "x": node.x, "y": node.y,
                              "width": node.w, "height": node.h, "preserveAspectRatio": "none"})
        if not node.clip:
            return image
        # Same every run and wherever the game folder is: the picture counts by its bytes.
        clip_id = "clip-" + scene_key(replace(node, x=0.0, y=0.0, w=0.0, h=0.0))[:12]
        clip = tag("clipPath", {"id": clip_id}, tag("rect", dict(zip(("x", "y", "width", "height"), node.clip))))
        if clip not in defs:  # the same picture twice shares one clip path (ids must be unique)
            defs.append(clip)
        return tag("g", {"clip-path": f"url(#{clip_id})"}, image)
    if isinstance(node, Icon):
        return tag("use", {"xlink:href": f"#icon-{node.icon}", "x": node.x, "y": node.y, "width": node.w,
                           "height": node.h})
    raise TypeError(f"no SVG drawing for {type(node).__name__}")


@lru_cache(maxsize=4)  # a frame or back picture on every face of a deck is read and encoded once
def _data_url(path: str, _stamp: tuple[int, int, int]) -> str:
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    kind = "png" if path.lower().endswith(".png") else "jpeg"
    return f"data:image/{kind};base64,{data}"


def _stamp(path: str) -> tuple[int, int, int]:
    """What keys an edited picture apart: its file's size, time of change and inode."""
    stat = os.stat(path)
    return stat.st_size, stat.st_mtime_ns, stat.st_ino


def _dash(dash) -> dict:
    return {"stroke-dasharray": " ".join(f"{v:g}" for v in dash)} if dash else {}
