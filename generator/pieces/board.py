"""Boards drawn from their data: track boards, square grids, hex maps, image boards, free regions,
and card-layout guides.

A *track board* (``size_mm`` plus any of ``score_track``, ``loop``, ``train_track``, ``store``,
``tile_slots``) is drawn as nested rings: the score track runs around the board's edge, the
loop of large spaces sits inside it, and a small closed track (the train track) in the middle.
Every ring starts at the top-left and runs clockwise unless its ``direction`` says
counterclockwise. A space shows its ``label``, its ``icon`` and a small ``mark``; its ``kind``
picks the style (start, milestone, slot, store, printed, plain). A space with ``chart: table-id``
prints that chart table on the space.

A square grid (generator/pieces/grid.py), a hex map (generator/pieces/hexmap.py), an image board
and free regions (generator/pieces/regions.py) are drawn on the same ground, in this order: the
board's fill, its image, the tracks, the grid or hex map, the regions on top. Any of them makes a
*drawn board*, tiled over pages when it is larger than the paper.

A *card-layout guide* (``grid: {columns, rows, card, gap_mm}`` and ``slots``) shows where cards go
on the table; it is not to scale and always fits one page.

Boards are composed at their natural size in millimetres and scaled as a whole (one Group) to
the finished size the user asks for.
"""
from __future__ import annotations

import math

from ..errors import BuildError
from ..model.boards import Board
from ..model.game import Game, Piece
from ..paper.sizes import CARD_SIZES_MM
from ..scene.compose import cite_rules
from ..scene.draw import INK, Ink, colour, label, make_scene, tint
from ..scene.nodes import Circle, Group, Icon, Line, Polygon, Rect, Scene, Text, mm
from .grid import square_grid
from .hexmap import hex_map
from .regions import board_image, board_regions

BOARD = "#efe3c8"
BAND = "#e2cfa6"
SPACE = "#fbf6ea"
ACCENT = "#c9a86a"
START = "#7a2e2e"
TRACK_KEYS = ("score_track", "loop", "train_track")


def is_track_board(piece: Piece) -> bool:
    return any(isinstance(piece.extra.get(k), dict) for k in TRACK_KEYS)


def is_drawn_board(piece: Piece) -> bool:
    """Drawn at its size and tiled when large: tracks, a square grid, a hex map, an image or regions."""
    if is_track_board(piece):
        return True
    return (getattr(piece, "square_grid", None) is not None
            or any(getattr(piece, key, None) is not None for key in ("hex", "image", "regions")))


def is_card_guide(piece: Piece) -> bool:
    return isinstance(piece.extra.get("grid"), dict) and isinstance(piece.extra.get("slots"), list)


def natural_size(piece: Piece) -> tuple[float, float]:
    drawn = piece.drawn_size_mm() if hasattr(piece, "drawn_size_mm") else None
    if drawn is not None:  # size_mm, else a grid's or hex map's own size with its margin
        return drawn
    value = piece.extra.get("size_mm")
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in value)):
        return float(value[0]), float(value[1])
    raise BuildError(f"board '{piece.id}': size_mm must be [width, height] in mm (found {value!r}); "
                     f"the finished size can then be changed with --board-size", field=("size_mm",))


def scaled(nodes: list, width_mm: float, height_mm: float, scale: float, bleed_pt: float, key: str) -> Scene:
    """The board's natural-size drawing scaled to its finished size (bleed stays a printer's bleed)."""
    w, h = mm(width_mm) * scale, mm(height_mm) * scale
    return make_scene(w, h, [Group(tuple(nodes), 0.0, 0.0, scale=scale)], bleed_pt)


# --- rings -------------------------------------------------------------------------------------


MIN_PERIMETER = 8  # spaces of a track round the board: 4 corners and one along each side


def _split_sides(count: int, long_side: float, short_side: float) -> tuple[int, int]:
    """Cells along the long and short sides of a ring of ``count`` cells (4 corners included),
    at least one on each (``count`` of 8 or more): a long thin board would leave a side empty."""
    pairs = (count - 4) / 2
    along = round(pairs * long_side / (long_side + short_side))
    along = min(max(along, 1), math.ceil(pairs) - 1)
    return int(along), int(math.ceil(pairs) - along)


def perimeter_cells(count: int, x: float, y: float, w: float, h: float, band: float,
                    where: str = "a track round the board") -> list[tuple]:
    """``count`` cells round a rectangle's edge, a band deep, clockwise from the top-left corner.

    Each cell is (x, y, w, h, side) with side top/right/bottom/left/corner.
    """
    if count < MIN_PERIMETER:
        raise BuildError(f"{where}: a track round the board needs at least {MIN_PERIMETER} spaces, its 4 corners and "
                         f"one along each side (found {count}); add spaces, or give a short track as a loop",
                         field=("score_track", "spaces"))
    across, down = _split_sides(count, w - 2 * band, h - 2 * band)
    extra = count - 4 - 2 * across - 2 * down  # an odd count: the top side takes one more
    top_n, bottom_n = across + extra, across
    cells = [(x, y, band, band, "corner")]
    cw = (w - 2 * band) / top_n
    cells += [(x + band + i * cw, y, cw, band, "top") for i in range(top_n)]
    cells.append((x + w - band, y, band, band, "corner"))
    ch = (h - 2 * band) / down
    cells += [(x + w - band, y + band + i * ch, band, ch, "right") for i in range(down)]
    cells.append((x + w - band, y + h - band, band, band, "corner"))
    cw = (w - 2 * band) / bottom_n
    cells += [(x + w - band - (i + 1) * cw, y + h - band, cw, band, "bottom") for i in range(bottom_n)]
    cells.append((x, y + h - band, band, band, "corner"))
    cells += [(x, y + h - band - (i + 1) * ch, band, ch, "left") for i in range(down)]
    return cells


def ring_shape(count: int, room_w: float, room_h: float, cell: float,
               where: str = "a loop") -> tuple[int, int, float]:
    """Columns and rows of a ring of ``count`` square cells that best fills the room, and the cell size."""
    best = None
    for cols in range(2, count):
        rows = (count + 4 - 2 * cols) / 2
        if rows < 2 or rows != int(rows):
            continue
        rows = int(rows)
        size = min(cell, room_w / cols, room_h / rows)
        score = (size, -abs(math.log((cols / rows) / (room_w / room_h))))
        if best is None or score > best[0]:
            best = (score, cols, rows, size)
    if best is None:
        raise BuildError(f"{where}: {count} spaces cannot be laid out as a ring (it needs an even count of 4 or "
                         f"more); add or remove a space", field=("loop", "spaces"))
    return best[1], best[2], best[3]


def ring_cells(cols: int, rows: int, x: float, y: float, size: float) -> list[tuple[float, float]]:
    cells = [(x + c * size, y) for c in range(cols)]
    cells += [(x + (cols - 1) * size, y + r * size) for r in range(1, rows)]
    cells += [(x + c * size, y + (rows - 1) * size) for c in range(cols - 2, -1, -1)]
    cells += [(x, y + r * size) for r in range(rows - 2, 0, -1)]
    return cells


def _ordered(spaces: object, direction: object, where: str) -> list:
    if not isinstance(spaces, list) or not spaces:
        raise BuildError(f"{where}: spaces must be a list of spaces in order")
    if any(not isinstance(s, dict) for s in spaces):
        raise BuildError(f"{where}: each space must be a mapping (index, kind, label ...)")
    if str(direction or "clockwise").lower() in ("counterclockwise", "anticlockwise", "counter-clockwise"):
        return [spaces[0]] + spaces[:0:-1]
    return spaces


def _arrow(x: float, y: float, dx: float, dy: float, size: float, fill: str) -> Polygon:
    """A small triangle at (x, y) pointing along (dx, dy)."""
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    tip = (x + ux * size * 0.6, y + uy * size * 0.6)
    return Polygon((tip, (x - ux * size * 0.4 + px * size * 0.45, y - uy * size * 0.4 + py * size * 0.45),
                    (x - ux * size * 0.4 - px * size * 0.45, y - uy * size * 0.4 - py * size * 0.45)), fill=fill)


# --- the track board -----------------------------------------------------------------------------


def drawn_board(piece: Piece, game: Game, ink: Ink, scale: float, bleed_mm: float) -> Scene:
    """Any drawn board: its ground and image, tracks, grid or hex map, then its regions."""
    if not isinstance(piece, Board):  # the game's boards are all Boards (model/game.py)
        raise BuildError(f"'{piece.id}' is drawn as a board but is not one of the game's boards")
    data = piece.extra
    width, height = natural_size(piece)
    W, H = mm(width), mm(height)
    nodes: list = []
    bleed_natural = mm(bleed_mm) / scale
    background = ink.background(colour(data.get("fill")) or BOARD)
    if background:
        nodes.append(Rect(-bleed_natural, -bleed_natural, W + 2 * bleed_natural, H + 2 * bleed_natural, fill=background))
    if data.get("image"):
        nodes += board_image(piece, game, W, H)
    inner = (0.0, 0.0, W, H)
    score = data.get("score_track")
    if isinstance(score, dict):
        band = mm(float(score.get("band_mm", 17)))
        nodes += score_track(score, game, ink, W, H, band, f"board '{piece.id}' score_track")
        inner = (band, band, W - 2 * band, H - 2 * band)
    loop = data.get("loop")
    hole = inner
    if isinstance(loop, dict):
        loop_nodes, hole = loop_ring(loop, data, game, ink, inner, f"board '{piece.id}' loop")
        nodes += loop_nodes
    train = data.get("train_track")
    if isinstance(train, dict):
        nodes += small_ring(train, game, ink, hole, f"board '{piece.id}' train_track", piece, game.title)
    if piece.square_grid is not None:
        nodes += square_grid(piece, game, ink, W, H)
    elif piece.hex is not None:
        nodes += hex_map(piece, game, ink, W, H)
    if data.get("regions"):
        nodes += board_regions(piece, game, ink)
    nodes.append(Rect(0, 0, W, H, stroke=ink.line(INK), stroke_width=ink.width(1.2)))
    return scaled(nodes, width, height, scale, mm(bleed_mm), piece.id)


def _space_fill(kind: str, ink: Ink, base: str) -> str | None:
    if kind in ("start", "store"):
        return ink.fill(tint(START, 0.55))
    if kind == "milestone":
        return ink.fill(ACCENT)
    return ink.fill(base)


def score_track(track: dict, game: Game, ink: Ink, W: float, H: float, band: float, where: str) -> list:
    spaces = _ordered(track.get("spaces"), track.get("direction"), where)
    cells = perimeter_cells(len(spaces), 0, 0, W, H, band, where)
    nodes: list = []
    if not ink.saver:  # each cell is filled below; the band's ground is a background
        nodes.append(Rect(0, 0, W, H, fill=BAND))
        nodes.append(Rect(band, band, W - 2 * band, H - 2 * band, fill=BOARD))
    for space, (x, y, w, h, _side) in zip(spaces, cells):
        kind = str(space.get("kind", "plain"))
        fill = _space_fill(kind, ink, BAND)
        nodes.append(Rect(x, y, w, h, fill=fill, stroke=ink.line(INK), stroke_width=ink.width(0.6)))
        text = str(space.get("label", space.get("index", "")))
        style = "bold" if kind in ("milestone", "start") else "regular"
        icon = space.get("icon")
        if icon and icon in game.icons:
            nodes.append(Icon(icon, x + w * 0.2, y + h * 0.06, w * 0.6, h * 0.42))
            nodes.append(label(text, x + w / 2, y + h * 0.64, min(h * 0.3, 10), "bold", INK, max_width=w * 0.9))
            if space.get("mark"):
                nodes.append(label(str(space["mark"]), x + w / 2, y + h * 0.87, min(h * 0.2, 6.5), "italic", INK,
                                   max_width=w * 0.92))
        else:
            nodes.append(label(text, x + w / 2, y + h / 2, min(h * 0.42, 13), style,
                               "#ffffff" if kind == "start" and not ink.saver else INK, max_width=w * 0.86))
    # Name the track along the inside of its first side.
    name = track.get("name")
    if name:
        nodes.append(label(f"{name}  \u2192", band + mm(4), band + mm(4), 8, "italic", INK, align="left"))
    return nodes


def loop_ring(loop: dict, board: dict, game: Game, ink: Ink, area: tuple, where: str) -> tuple[list, tuple]:
    spaces = _ordered(loop.get("spaces"), loop.get("direction"), where)
    ax, ay, aw, ah = area
    pad = mm(6)
    cell = loop.get("space_size_mm", [60, 60])
    cell = mm(float(cell[0] if isinstance(cell, (list, tuple)) else cell))
    cols, rows, size = ring_shape(len(spaces), aw - 2 * pad, ah - 2 * pad, cell, where)
    x0 = ax + (aw - cols * size) / 2
    y0 = ay + (ah - rows * size) / 2
    cells = ring_cells(cols, rows, x0, y0, size)
    charts = {t.id: t for t in game.tables}
    nodes: list = []
    inset = mm(0.75)
    for index, (space, (x, y)) in enumerate(zip(spaces, cells)):
        kind = str(space.get("kind", "printed"))
        cx, cy = x + size / 2, y + size / 2
        if kind == "slot":
            nodes.append(Rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset,
                              fill=ink.fill("#f3ead6"), stroke=ink.line("#8a7a6e"), stroke_width=ink.width(0.6), radius=mm(2)))
            nodes.append(Polygon(((x + mm(4), y + mm(4)), (x + size - mm(4), y + mm(4)), (x + size - mm(4), y + size - mm(4)),
                                  (x + mm(4), y + size - mm(4))), stroke=ink.line("#b9a99a"), stroke_width=0.6, dash=(3, 2)))
            nodes.append(label(str(space.get("label", "")), cx, cy, 9, "italic", ink.line("#8a7a6e"), max_width=size * 0.8))
            continue
        fill = _space_fill(kind, ink, SPACE)
        nodes.append(Rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, fill=fill,
                          stroke=ink.line(INK), stroke_width=ink.width(1.0), radius=mm(2)))
        icon = space.get("icon")
        chart_id = space.get("chart")
        text = str(space.get("label", ""))
        if chart_id:
            if chart_id not in charts:
                raise BuildError(f"{where}: space {index} shows chart '{chart_id}', which is not a table of this game")
            if icon and icon in game.icons:
                nodes.append(Icon(icon, x + mm(4), y + mm(4), mm(14), mm(14)))
            nodes.append(label(text, x + mm(20), y + mm(11), 12, "bold", INK, max_width=size - mm(23), align="left"))
            nodes += chart_nodes(charts[chart_id], game, x + mm(6), y + mm(21), size - mm(12), size - mm(26), ink)
        else:
            if icon and icon in game.icons:
                nodes.append(Icon(icon, cx - size * 0.3, y + size * 0.1, size * 0.6, size * 0.56))
            nodes.append(label(text, cx, y + size * 0.82, 15, "bold", INK, max_width=size * 0.86))
        if space.get("mark"):
            nodes.append(label(str(space["mark"]), cx, y + size * 0.94, 7, "italic", INK, max_width=size * 0.9))
    # Arrows on the shared edges show the way round.
    for (x1, y1), (x2, y2) in zip(cells, cells[1:] + cells[:1]):
        mx, my = (x1 + x2) / 2 + size / 2, (y1 + y2) / 2 + size / 2
        nodes.append(_arrow(mx, my, x2 - x1, y2 - y1, mm(5), ink.line(START)))
    hole = (x0 + size, y0 + size, (cols - 2) * size, (rows - 2) * size)
    return nodes, hole


def chart_nodes(table, game: Game, x: float, y: float, w: float, h: float, ink: Ink) -> list:
    """A chart table as a small grid: a header row of column names, then the rows."""
    columns = [str(c).replace("_", " ") for c in table.columns]
    rows = list(table.rows)
    if not columns:
        return []
    line_h = min(h / (len(rows) + 1), mm(7))
    col_w = w / len(columns)
    nodes: list = [Rect(x, y, w, line_h * (len(rows) + 1), fill=ink.fill("#ffffff"), stroke=ink.line(INK),
                        stroke_width=ink.width(0.5))]
    for c, name in enumerate(columns):
        nodes.append(label(name, x + col_w * (c + 0.5), y + line_h / 2, 7.5, "bold", INK, max_width=col_w * 0.9))
    for r, row in enumerate(rows, start=1):
        values = row if isinstance(row, (list, tuple)) else [row.get(c, "") for c in table.columns]
        nodes.append(Line(x, y + r * line_h, x + w, y + r * line_h, ink.line(INK), 0.4))
        for c, value in enumerate(values):
            nodes.append(label(f"{value:g}" if isinstance(value, float) else str(value),
                               x + col_w * (c + 0.5), y + line_h * (r + 0.5), 9.5, "bold" if c else "regular", INK,
                               max_width=col_w * 0.9))
    for c in range(1, len(columns)):
        nodes.append(Line(x + c * col_w, y, x + c * col_w, y + line_h * (len(rows) + 1), ink.line(INK), 0.4))
    return nodes


def small_ring(track: dict, game: Game, ink: Ink, area: tuple, where: str, piece: Piece, title: str) -> list:
    """A closed track of round spaces on an ellipse in the middle, with the board's title inside."""
    spaces = _ordered(track.get("spaces"), track.get("direction"), where)
    ax, ay, aw, ah = area
    n = len(spaces)
    diameter = min(mm(20), aw * 0.2, ah * 0.28, 2 * math.pi * min(aw, ah) / 2 / (n * 1.6))
    rx, ry = aw / 2 - diameter * 0.75, ah / 2 - diameter * 0.75
    cx, cy = ax + aw / 2, ay + ah / 2
    points = []
    for i in range(n):
        angle = -math.pi / 2 + 2 * math.pi * i / n  # from the top, clockwise on a y-down page
        points.append((cx + rx * math.cos(angle), cy + ry * math.sin(angle)))
    nodes: list = [Polygon(tuple(points), stroke=ink.line("#8a7a6e"), stroke_width=ink.width(2.5), closed=True)]
    for i, ((px, py), (qx, qy)) in enumerate(zip(points, points[1:] + points[:1])):
        nodes.append(_arrow((px + qx) / 2, (py + qy) / 2, qx - px, qy - py, mm(4), ink.line(START)))
    for space, (px, py) in zip(spaces, points):
        kind = str(space.get("kind", "plain"))
        fill = _space_fill(kind, ink, SPACE)
        nodes.append(Circle(px, py, diameter / 2, fill=fill, stroke=ink.line(INK), stroke_width=ink.width(1.0)))
        text = str(space.get("label", space.get("points", "")))
        nodes.append(label(text, px, py, diameter * 0.45, "bold", INK, max_width=diameter * 0.8))
    name = str(track.get("name", ""))
    room = 2 * rx - diameter * 2.2  # between the spaces at the ends of the middle line
    nodes.append(label(title, cx, cy - mm(6), min(28, aw * 0.1), "bold", INK, max_width=room))
    if name:
        nodes.append(label(name, cx, cy + mm(6), 10, "italic", INK, max_width=room))
    return nodes


# --- card-layout guides ----------------------------------------------------------------------------


def card_guide(piece: Piece, game: Game, ink: Ink) -> Scene:
    """Where cards lie on the table: card outlines on a grid, slot numbers, the way round."""
    data = piece.extra
    grid = data["grid"]
    card = grid.get("card", "poker")
    size = CARD_SIZES_MM.get(card) if isinstance(card, str) else (
        tuple(card) if isinstance(card, (list, tuple)) and len(card) == 2 else None)
    if size is None:
        raise BuildError(f"board '{piece.id}': grid.card must be a card size name or [width, height] in mm")
    cw, ch = mm(size[0]), mm(size[1])
    gap = mm(float(grid.get("gap_mm", 5)))
    try:
        cols, rows = int(grid["columns"]), int(grid["rows"])
    except (KeyError, TypeError, ValueError):
        raise BuildError(f"board '{piece.id}': grid needs whole-number columns and rows") from None
    margin, head = mm(10), mm(14)
    width = 2 * margin + cols * cw + (cols - 1) * gap
    height = head + margin + rows * ch + (rows - 1) * gap + mm(16)
    nodes: list = []  # no background: a guide is looked at on plain paper, never cut out
    nodes.append(Text(margin, mm(9), f"{piece.name}", "bold", 14, INK))
    nodes.append(Text(margin + mm(0.2), mm(13), "How the cards lie on the table (not to scale)", "italic", 8, INK))
    centres: dict = {}
    for slot in data["slots"]:
        try:
            number, col, row = slot["slot"], int(slot["column"]) - 1, int(slot["row"]) - 1
        except (KeyError, TypeError, ValueError):
            raise BuildError(f"board '{piece.id}': each slot needs slot, column and row") from None
        x, y = margin + col * (cw + gap), head + row * (ch + gap)
        start = bool(slot.get("start"))
        nodes.append(Rect(x, y, cw, ch, fill=ink.fill("#ffffff"), stroke=ink.line(INK), stroke_width=ink.width(1.0),
                          radius=mm(3)))
        nodes.append(label(str(number), x + cw / 2, y + ch / 2, 40, "bold", ink.line("#b9a99a")))
        if start:
            nodes.append(label("start", x + cw / 2, y + ch * 0.75, 12, "bold", START))
        centres[number] = (x + cw / 2, y + ch / 2)
    for slot in data["slots"]:
        neighbours = slot.get("neighbours") or []
        if len(neighbours) >= 2 and neighbours[1] in centres:
            (x1, y1), (x2, y2) = centres[slot["slot"]], centres[neighbours[1]]
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            nodes.append(_arrow(mx, my, x2 - x1, y2 - y1, mm(7), ink.line(START)))
    note = cite_rules(piece.note or "", game)  # "[[setup]]" printed as §2, as on cards
    if note:
        from ..scene.text import TextOverflow, set_text

        try:
            spans, _ = set_text(note, (margin, height - mm(15), width - 2 * margin, mm(13)), size=8, min_size=5.5,
                                color=INK)
            nodes += spans
        except TextOverflow:
            pass  # a guide's note is a courtesy; the rules say the same
    return make_scene(width, height, nodes)
