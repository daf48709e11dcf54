"""Backend-neutral drawing nodes, in points, origin top-left, y down.

Layout decides everything here (text is already broken into positioned spans); backends only
draw. A card scene's origin is the card's trim corner; its art may reach ``bleed`` beyond it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MM = 72 / 25.4  # points per millimetre


def mm(value: float) -> float:
    return value * MM


def to_mm(points: float) -> float:
    return points / MM


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.5


@dataclass(frozen=True, slots=True)
class Text:
    """One run of text in one style of one family; ``y`` is the baseline. ``angle`` turns it
    counter-clockwise."""

    x: float
    y: float
    text: str
    style: str
    size: float
    color: str = "#000000"
    angle: float = 0.0
    family: str = "Lato"  # a key of generator.scene.fonts: Lato or a game's own family


@dataclass(frozen=True, slots=True)
class Icon:
    """One of the game's icons fitted into a box (aspect kept, centred)."""

    icon: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle centred at (cx, cy). ``dash`` is an on/off pattern in points (empty: solid)."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Polygon:
    """Straight segments through ``points``; ``closed`` joins the last point to the first.
    An open polygon with a dash pattern is how cut and fold lines are drawn."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    closed: bool = True
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Group:
    """Child nodes drawn in their own frame. The frame's origin sits at (x, y); children are
    scaled by ``scale``, then turned ``angle`` degrees counter-clockwise as seen on the page (as
    ``Text.angle``): a child point (u, v) lands at x + s(u cos a + v sin a), y + s(v cos a - u sin a).
    Layout decides the transform; backends only apply it."""

    nodes: tuple
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    scale: float = 1.0


def walk_nodes(nodes):
    """Every node, children of groups included (a group itself is yielded before its children)."""
    for node in nodes:
        yield node
        if isinstance(node, Group):
            yield from walk_nodes(node.nodes)


@dataclass(frozen=True, slots=True)
class Image:
    """A PNG or JPEG drawn at (x, y, w, h), clipped to ``clip`` (x, y, w, h) when given."""

    path: str
    x: float
    y: float
    w: float
    h: float
    clip: tuple[float, float, float, float] | None = None


@dataclass(frozen=True, slots=True)
class Scene:
    """One card face (or any drawing): its nodes, trim size and bleed, in points."""

    width: float
    height: float
    nodes: tuple = ()
    bleed: float = 0.0
    key: str = ""  # identical art shares a key, so backends can draw it once

    def texts(self) -> list[str]:
        return [n.text for n in self.nodes if isinstance(n, Text)]


@dataclass
class SceneBuilder:
    nodes: list = field(default_factory=list)

    def add(self, node) -> None:
        self.nodes.append(node)
