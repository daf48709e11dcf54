"""The 50 mm calibration ruler on a kit's first sheet: below a card grid, turned up its side
margin, or (when no margin can hold it) in an empty card cell."""
from __future__ import annotations

from ..scene.nodes import Line, Text, mm

RULER_MM = 50
RULER_BAND_MM = 5.0  # a horizontal ruler: bar, ticks and its 6 pt label
RULER_SIDE_MM = 6.0  # a ruler turned up the side: 1 mm from the bleed, 0.5 mm of descenders, 4.5 mm to the bar


def _ruler_bar(x: float, y: float, vertical: bool = False) -> list:
    nodes = [Line(x, y, x, y - mm(RULER_MM), "#000000", 0.5) if vertical
             else Line(x, y, x + mm(RULER_MM), y, "#000000", 0.5)]
    for i in range(0, RULER_MM + 1):
        tick = mm(2 if i % 10 == 0 else 1.2 if i % 5 == 0 else 0.7)
        nodes.append(Line(x, y - mm(i), x + tick, y - mm(i), "#000000", 0.3) if vertical
                     else Line(x + mm(i), y, x + mm(i), y + tick, "#000000", 0.3))
    return nodes


def ruler_below(x: float, top: float) -> list:
    """The 50 mm calibration bar and 'print at 100 %' under the grid, its bar at ``top``."""
    return _ruler_bar(x, top) + [
        Text(x, top + mm(4.3), f"Print at 100 % (actual size): this bar is {RULER_MM} mm", "regular", 6)]


def ruler_beside(right: float, bottom: float) -> list:
    """The bar turned up the left margin, its label's glyphs ending at ``right`` (they reach ~2 mm
    left of the turned baseline), the bar and its ticks left of the label."""
    label_x = right - mm(0.5)
    bar_x = label_x - mm(4.5)
    return _ruler_bar(bar_x, bottom, vertical=True) + [
        Text(label_x, bottom, f"Print at 100 %: {RULER_MM} mm", "regular", 5.5, angle=90.0)]


def ruler_in_cell(x: float, y: float, w: float, h: float) -> list:
    """The ruler drawn in an empty card cell, when no margin can hold it."""
    left = x + (w - mm(RULER_MM)) / 2
    middle = y + h / 2
    return _ruler_bar(left, middle) + [
        Text(left, middle - mm(3), "Print at 100 % (actual size):", "bold", 7),
        Text(left, middle + mm(6), f"this bar must measure {RULER_MM} mm.", "regular", 7),
        Text(left, middle + mm(10), "If not, turn off 'fit to page'.", "regular", 7),
    ]
