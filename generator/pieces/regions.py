"""The art of a drawn board that is placed rather than laid out: the image an image board is
printed from, and the free regions placed in mm over any board (keys typed in
generator/model/boards.py).

An image board's picture is scaled to the board's trim size (``fit: cover``, the default, fills
it and clips what overhangs; ``contain`` shows all of it on the board's fill); the bleed round
the trim is the board's fill. A region is drawn in its box: its fill and border, its image
fitted inside (aspect kept), then its icon and text (set to fit; an icon and text share the box,
the icon above).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import BuildError
from ..model.boards import Board
from ..model.game import Game
from ..model.locate import piece_place
from ..scene.compose import cite_rules
from ..scene.draw import INK, Ink, colour, contrast
from ..scene.images import ImageError, fitted, game_image, image_size
from ..scene.nodes import Icon, Image, Rect, mm
from ..scene.text import TextOverflow, set_text


def art_path(relative: str, game: Game, where: str) -> Path:
    """An image a piece names (scene/images.game_image), its problem a BuildError at ``where``."""
    try:
        return game_image(relative, game.root)
    except ImageError as exc:
        raise BuildError(f"{where}: {exc}") from None


def board_image(board: Board, game: Game, width: float, height: float) -> list:
    """The image board's picture over its trim (width x height points)."""
    if board.image is None:  # drawn_board asks only for a board with an image
        raise BuildError(f"board '{board.id}': no image to print; give it image: <file in the game's folder>")
    path = art_path(board.image, game, f"board '{board.id}'")
    box = (0.0, 0.0, width, height)
    fit = board.fit or "cover"
    x, y, w, h = fitted(image_size(path), box, fit)
    return [Image(str(path), x, y, w, h, clip=box if fit == "cover" else None)]


def board_regions(board: Board, game: Game, ink: Ink) -> list:
    nodes: list = []
    for index, region in enumerate(board.regions or ()):
        where = f"board '{board.id}' regions[{index}]"
        x, y, w, h = (mm(float(v)) for v in region.box)
        fill, edge = colour(region.fill), colour(region.colour)
        if fill or edge:
            nodes.append(Rect(x, y, w, h, fill=ink.fill(fill), stroke=ink.line(edge) if edge else None,
                              stroke_width=ink.width(1.2) if edge else 0.0, radius=mm(1.5)))
        pad = min(w, h) * 0.08
        if region.image:
            path = art_path(region.image, game, where)
            ix, iy, iw, ih = fitted(image_size(path), (x + pad, y + pad, w - 2 * pad, h - 2 * pad), "contain")
            nodes.append(Image(str(path), ix, iy, iw, ih))
        text_top = y + pad
        if region.icon and region.icon in game.icons:
            side = min(w - 2 * pad, (h - 2 * pad) * (0.55 if region.text else 1.0))
            nodes.append(Icon(region.icon, x + (w - side) / 2, y + pad, side, side))
            text_top = y + pad + side
        if region.text:
            on = contrast(fill) if fill and not ink.saver else INK
            box = (x + pad, text_top, w - 2 * pad, y + h - pad - text_top)
            try:
                spans, _ = set_text(cite_rules(region.text, game), box, size=min(12.0, max(6.0, box[3] * 0.5)),
                                    min_size=5.0, align="center", valign="middle", color=on, icons=set(game.icons))
            except TextOverflow as exc:
                place = piece_place(game.root, "boards", board.id, ("regions", index, "text"))
                raise BuildError(f"{place or where + ': '}its text does not fit the {region.box[2]:g} x "
                                 f"{region.box[3]:g} mm box even at {exc.size:.1f} pt; make the box larger or "
                                 f"the text shorter") from None
            nodes += spans
    return nodes
