"""Die faces: square stickers at a chosen die size, and papercraft cube nets with glue tabs.

A face is drawn from the data the same way everywhere (sticker, net, die-side token):
- a face with ``pips`` (a die side token) or ``symbols: {pips: n}`` shows n spots;
- a face with an icon shows it, with its short label (a number) under it when there is one;
- a face with symbols shows each symbol's icon as many times as it counts;
- a bare number 1-9 on a six-sided die shows spots; any other label is printed as text;
- a blank face (labelled "blank", or showing an icon whose label says blank, with no symbols)
  shows nothing: an outline there would read as one more symbol.

Stickers for a printed die come as one block per die, its six (or n) faces in two rows under a
label naming the die and which copy it is, so nobody has to work out which faces make a die.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..model.game import Die, Face, Game
from ..paper.items import Item, Part
from ..scene.draw import CUT, CUT_WIDTH, FOLD, FOLD_DASH, INK, Ink, colour, contrast, label, make_scene, pips, tint
from ..scene.nodes import Icon, Line, Polygon, Rect, Scene, Text, mm

NET_SLOTS = [(1, 1), (1, 0), (2, 1), (0, 1), (1, 2), (3, 1)]  # face 1..6: opposite faces sum to 7
DEFAULT_DIE_COLOUR = "#f4f1ea"


@dataclass(frozen=True)
class FaceArt:
    """What one die face shows, independent of its size."""

    name: str
    pips: int = 0
    icon: str | None = None
    text: str = ""  # a short label under an icon, or the whole face when there is nothing else
    symbols: tuple[tuple[str, int], ...] = ()  # (icon, how many)
    blank: bool = False  # nothing on the face


def is_blank(face: Face, game: Game) -> bool:
    """A face that shows nothing: no symbols, and its label (or its icon's label) says blank."""
    if any(n > 0 for n in face.symbols.values()):
        return False
    icon_label = (game.icons[face.icon].label or "") if face.icon and face.icon in game.icons else ""
    return face.label.strip().lower() == "blank" or "blank" in icon_label.lower().split()


def _short(label: str) -> bool:
    return len(label) <= 3


def face_art(face: Face, die: Die, game: Game) -> FaceArt:
    symbols = dict(face.symbols)
    if is_blank(face, game):
        return FaceArt(face.label, blank=True)
    if symbols.get("pips"):
        return FaceArt(face.label, pips=symbols["pips"])
    if face.icon:
        icon_label = (game.icons[face.icon].label or "") if face.icon in game.icons else ""
        text = face.label if _short(face.label) and face.label.lower() != icon_label.lower() else ""
        return FaceArt(face.label, icon=face.icon, text=text)
    drawable = [(s, n) for s, n in symbols.items() if n > 0]
    if drawable and all(s in game.icons for s, _ in drawable):
        return FaceArt(face.label, symbols=tuple(drawable))
    if face.label.isdigit() and 1 <= int(face.label) <= 9 and len(die.faces) == 6:
        return FaceArt(face.label, pips=int(face.label))
    return FaceArt(face.label, text=face.label)


def kind_arts(kind: dict, game: Game) -> list[tuple[FaceArt, int]]:
    """Die-side tokens of one kind (a record of a token set's ``kinds``): (art, copies) pairs."""
    name = str(kind.get("name", kind.get("id", "")))
    icon = kind.get("icon")
    if icon is not None and icon not in game.icons:
        icon = None
    if kind.get("values"):
        return [(FaceArt(f"{name} {v.get('value')}", icon=icon, text=str(v.get("value", ""))), int(v.get("count", 1)))
                for v in kind["values"]]
    count = int(kind.get("count", 1))
    if kind.get("pips"):
        return [(FaceArt(name, pips=int(kind["pips"])), count)]
    if icon:
        return [(FaceArt(name, icon=icon), count)]
    return [(FaceArt(name, text=str(kind.get("value", name))), count)]


def face_nodes(art: FaceArt, size: float, background: str, game: Game) -> list:
    """The face's content in a size x size square at the origin."""
    ink = contrast(background)
    centre = size / 2
    if art.blank:
        return []
    if art.pips:
        return pips(art.pips, centre, centre, size * 0.86, ink)
    if art.icon:
        if art.text:
            return [Icon(art.icon, size * 0.2, size * 0.1, size * 0.6, size * 0.5),
                    label(art.text, centre, size * 0.78, size * 0.3, "bold", ink, max_width=size * 0.8)]
        return [Icon(art.icon, size * 0.14, size * 0.14, size * 0.72, size * 0.72)]
    if art.symbols:
        icons = [icon for icon, n in art.symbols for _ in range(n)]
        per_row = math.ceil(math.sqrt(len(icons)))
        rows = math.ceil(len(icons) / per_row)
        cell = size * 0.76 / max(per_row, rows)
        nodes = []
        top = (size - rows * cell) / 2
        for index, icon in enumerate(icons):
            row, col = divmod(index, per_row)
            in_row = min(per_row, len(icons) - row * per_row)
            left = (size - in_row * cell) / 2
            nodes.append(Icon(icon, left + col * cell + cell * 0.04, top + row * cell + cell * 0.04, cell * 0.92, cell * 0.92))
        return nodes
    return [label(art.text, centre, centre, size * 0.4, "bold", ink, max_width=size * 0.84)]


def face_scene(art: FaceArt, size_mm: float, die_colour: str | None, game: Game, ink: Ink, bleed_mm: float) -> Scene:
    """One square face with its bleed: a pale wash of the die's colour and a border in it."""
    size, bleed = mm(size_mm), mm(bleed_mm)
    base = colour(die_colour, DEFAULT_DIE_COLOUR)
    wash = tint(base, 0.55) if base != DEFAULT_DIE_COLOUR else base
    nodes: list = []
    background = ink.background(wash)
    if background:
        nodes.append(Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=background))
    border = ink.line(base if base != DEFAULT_DIE_COLOUR else "#b9a99a")
    nodes.append(Rect(size * 0.05, size * 0.05, size * 0.9, size * 0.9, stroke=border,
                      stroke_width=ink.width(max(0.5, size * 0.025)), radius=size * 0.08))
    nodes += face_nodes(art, size, background or "#ffffff", game)
    return make_scene(size, size, nodes, bleed)


def square_cut(w: float, h: float) -> tuple:
    return (Rect(0, 0, w, h, stroke=CUT, stroke_width=CUT_WIDTH),)


def sticker_item(piece: str, art: FaceArt, size_mm: float, die_colour: str | None, game: Game, ink: Ink,
                 bleed_mm: float, group: str) -> Item:
    scene = face_scene(art, size_mm, die_colour, game, ink, bleed_mm)
    return Item(piece, scene.width, scene.height, (Part(scene, name=art.name),), None,
                square_cut(scene.width, scene.height), scene.bleed, group)


def die_arts(die: Die, game: Game) -> list[FaceArt]:
    return [face_art(face, die, game) for face in die.faces]


STRIP_LABEL_MM = 3.5  # the label line above a die's strip of stickers
STRIP_GAP_MM = 0.8  # between two stickers of one block, beyond their bleed
STRIP_SPACE_MM = 4.0  # room to the right of a block, so two dice's blocks do not read as one
STRIP_MAX_WIDTH_MM = 180.0  # wider strips fold into two rows (large --die-size)


def die_sticker_items(die: Die, game: Game, size_mm: float, ink: Ink, bleed_mm: float) -> list[Item]:
    """One item per physical die: its faces in two rows (more if still too wide), each with its own
    cut square, under a label such as "Red attack die 2 of 6: these six faces make one die"."""
    arts = die_arts(die, game)
    step = size_mm + 2 * bleed_mm + STRIP_GAP_MM
    per_row = math.ceil(len(arts) / 2) if len(arts) >= 4 else len(arts)  # a d6 as 3 x 2: three strips to a row
    while per_row > 1 and per_row * step - STRIP_GAP_MM > STRIP_MAX_WIDTH_MM:
        per_row = math.ceil(per_row / 2)
    rows = math.ceil(len(arts) / per_row)
    top = mm(STRIP_LABEL_MM + bleed_mm)
    scenes = [face_scene(art, size_mm, die.color, game, ink, bleed_mm) for art in arts]
    w = mm(per_row * step - STRIP_GAP_MM - 2 * bleed_mm)
    h = top + mm(rows * step - STRIP_GAP_MM - 2 * bleed_mm)
    face_word = {6: "six"}.get(len(arts), str(len(arts)))
    items = []
    for copy in range(1, die.count + 1):
        parts: list[Part] = []
        lines: list[Rect | Text] = []
        for index, (art, scene) in enumerate(zip(arts, scenes)):
            row, col = divmod(index, per_row)
            x, y = mm(col * step), top + mm(row * step)
            parts.append(Part(scene, x, y, f"{art.name} ({index + 1})"))
            lines.append(Rect(x, y, scene.width, scene.height, stroke=CUT, stroke_width=CUT_WIDTH))
        what = f"{die.name} {copy} of {die.count}" if die.count > 1 else die.name
        lines.append(label(f"{what}: these {face_word} faces make one die", 0, mm(STRIP_LABEL_MM / 2 - 0.6), 6.5,
                           "bold", INK, max_width=w, align="left"))
        items.append(Item(die.id, w + mm(STRIP_SPACE_MM), h, tuple(parts), None, tuple(lines), mm(bleed_mm), f"die-{die.id}",
                          f"{die.id}-{copy}"))
    return items


# --- cube nets -----------------------------------------------------------------------------


def net_item(die: Die, game: Game, size_mm: float, ink: Ink) -> Item:
    """A papercraft d6: six faces in a cross, seven glue tabs, fold lines dashed, cut lines solid.

    Faces follow the die's face order, placed so that faces 1-6, 2-5 and 3-4 end up opposite.
    """
    s = mm(size_mm)
    d = min(s * 0.3, mm(6))  # tab depth
    arts = die_arts(die, game)
    parts = []
    for index, art in enumerate(arts):
        col, row = NET_SLOTS[index]
        parts.append(Part(face_scene(art, size_mm, die.color, game, ink, 0.0), col * s, row * s, art.name))
    tab_fill = "#e6e6e6" if not ink.saver else None
    lines: list = []

    def cut(*points: tuple[float, float]) -> Polygon:
        return Polygon(points, stroke=CUT, stroke_width=CUT_WIDTH, closed=False)

    def fold(*points: tuple[float, float]) -> Polygon:
        return Polygon(points, stroke=FOLD, stroke_width=CUT_WIDTH, closed=False, dash=FOLD_DASH)

    def tab(a, b, outward):
        """A trapezoid tab on edge a-b, pushed ``outward`` (a unit vector)."""
        (ax, ay), (bx, by) = a, b
        ux, uy = (bx - ax) / s, (by - ay) / s
        ox, oy = outward
        p1 = (ax + ux * d + ox * d, ay + uy * d + oy * d)
        p2 = (bx - ux * d + ox * d, by - uy * d + oy * d)
        if tab_fill:
            lines.append(Polygon((a, p1, p2, b), fill=tab_fill))
        lines.append(cut(a, p1, p2, b))
        lines.append(fold(a, b))

    # Tabs on the long strip (faces 4, 1, 3, 6): top and bottom of 4, 3, 6 and the right of 6.
    for col in (0, 2, 3):
        tab((col * s, s), ((col + 1) * s, s), (0, -1))
        tab((col * s, 2 * s), ((col + 1) * s, 2 * s), (0, 1))
    tab((4 * s, s), (4 * s, 2 * s), (1, 0))
    # Folds between faces.
    for x in (s, 2 * s, 3 * s):
        lines.append(fold((x, s), (x, 2 * s)))
    lines.append(fold((s, s), (2 * s, s)))
    lines.append(fold((s, 2 * s), (2 * s, 2 * s)))
    # Cut edges without tabs: around faces 2 and 5, and the left of face 4.
    lines.append(cut((s, s), (s, 0), (2 * s, 0), (2 * s, s)))
    lines.append(cut((s, 2 * s), (s, 3 * s), (2 * s, 3 * s), (2 * s, 2 * s)))
    lines.append(Line(0, s, 0, 2 * s, CUT, CUT_WIDTH))
    lines.append(label(die.name, 3.2 * s, 0.5 * s, min(7.0, s * 0.22), "italic", INK, max_width=1.6 * s))
    return Item(die.id, 4 * s + d, 3 * s, tuple(parts), None, tuple(lines), 0.0, f"net-{die.id}", die.id)
