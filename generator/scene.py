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


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.5


@dataclass(frozen=True)
class Text:
    """One run of text in one style; ``y`` is the baseline. ``angle`` turns it counter-clockwise."""

    x: float
    y: float
    text: str
    style: str
    size: float
    color: str = "#000000"
    angle: float = 0.0


@dataclass(frozen=True)
class Icon:
    """One of the game's icons fitted into a box (aspect kept, centred)."""

    icon: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
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
