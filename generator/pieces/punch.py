"""Tokens and tiles as punch-out pieces: round, square, rectangular and folding standees.

A token set (a record under ``tokens:`` or ``tiles:``, typed and checked in generator/model/pieces.py)
is read for:
- ``shape``: circle (or round), square, rectangle, standee; default square;
- ``size_mm``: one number (a circle's diameter, a square's side) or [width, height];
- the art: ``icon`` (any icon of the game), ``image`` (a PNG or JPEG: it covers the face out to
  its bleed, so a round token is cut round from it, and fills a standee's figure panels), ``fill``,
  ``colour``, ``label``, ``text``, or ``front: {...}`` and ``back: {...}`` for double-sided
  tokens (a token with a ``back`` is printed double-sided); an icon, label or text is drawn over
  the image;
- how many of what: ``count``, or ``colours`` with ``per_colour`` (one token set in player
  colours), or ``faces`` (a different face per piece, e.g. board tiles, each ``count`` 1 unless
  said), or ``kinds`` (token kinds with their own ``count``, ``icon``, ``pips``, ``values``).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import BuildError
from ..model.game import Game, Piece
from ..model.locate import piece_place
from ..paper.items import Item, Part
from ..scene.compose import cite_rules
from ..scene.draw import (
    CUT,
    CUT_WIDTH,
    FOLD,
    FOLD_DASH,
    INK,
    PAPER,
    Ink,
    colour,
    contrast,
    label,
    make_scene,
    pips,
    tint,
)
from ..scene.images import fitted, image_size
from ..scene.nodes import Circle, Group, Icon, Image, Polygon, Rect, Scene, mm
from ..scene.text import TextOverflow, set_text
from .regions import art_path

SHAPES = {"circle": "circle", "round": "circle", "square": "square", "rectangle": "rectangle",
          "rect": "rectangle", "standee": "standee"}
TOKEN_BLEED_MM = 1.5


@dataclass(frozen=True)
class TokenArt:
    name: str
    icon: str | None = None
    fill: str | None = None  # background
    ring: str | None = None  # border colour (a player colour)
    label: str = ""  # a short caption
    text: str = ""  # rules text (tiles)
    pips: int = 0
    image: Path | None = None  # resolved inside the game folder


@dataclass(frozen=True)
class TokenSpec:
    piece: str
    shape: str
    w_mm: float
    h_mm: float
    front: TokenArt
    back: TokenArt | None
    count: int


def _at(game: Game, piece: Piece, *tail) -> str:  # noqa: ANN002
    """Where a token or tile set's key is written ('pieces.yaml:9:5: tokens[1].count: '), else its id."""
    for section in ("tokens", "tiles"):
        place = piece_place(game.root, section, piece.id, tail)
        if place:
            return place
    return f"{piece.id}: "


def _size(piece: Piece, shape: str, game: Game) -> tuple[float, float]:
    value = piece.extra.get("size_mm")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
        return float(value), float(value)
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in value)):
        return float(value[0]), float(value[1])
    if value is None:
        raise BuildError(f"{_at(game, piece)}no size_mm: add size_mm (a number, or [width, height] in mm) so "
                         f"it can be printed at its real size")
    raise BuildError(f"{_at(game, piece, 'size_mm')}size_mm must be a number or [width, height] in mm "
                     f"(found {value!r})")


def _art(game: Game, name: str, data: dict, defaults: dict) -> TokenArt:
    merged = {**defaults, **{k: v for k, v in data.items() if v is not None}}
    icon = merged.get("icon")
    if icon is not None and icon not in game.icons:
        raise BuildError(f"{name}: icon '{icon}' does not exist in this game")
    fill = colour(merged.get("fill"))
    ring = colour(merged.get("colour") or merged.get("color"))
    if ring and not fill:
        fill = tint(ring, 0.7)
    label_text = merged.get("label")
    image = art_path(str(merged["image"]), game, name) if merged.get("image") else None
    return TokenArt(name=name, icon=icon, fill=fill, ring=ring, image=image,
                    label=str(label_text) if label_text is not None else "",
                    text=cite_rules(str(merged.get("text", "")), game) if merged.get("text") else "",
                    pips=int(merged.get("pips", 0) or 0))


def token_specs(piece: Piece, game: Game, show_names: bool = False) -> list[TokenSpec]:
    """Every distinct token of a set, with how many to print."""
    data = piece.extra
    shape = SHAPES[str(data.get("shape", "square"))]  # the loader checked it (generator/model/pieces.py)
    w, h = _size(piece, shape, game)
    base = {k: data.get(k) for k in ("icon", "image", "fill", "colour", "color", "label", "text")}
    front_data = data.get("front") if isinstance(data.get("front"), dict) else {}
    back_data = data.get("back") if isinstance(data.get("back"), dict) else None
    specs: list[TokenSpec] = []

    def add(name, extra, count, caption=None):
        extra = dict(extra)
        if caption is not None and "label" not in extra:
            extra["label"] = caption
        front = _art(game, name, {**front_data, **extra}, base)
        back = _art(game, name, {**back_data, **{k: v for k, v in extra.items() if k in ("colour", "color")}},
                    {}) if back_data is not None else None
        specs.append(TokenSpec(piece.id, shape, w, h, front, back, count))

    caption = piece.name if show_names else None
    if isinstance(data.get("faces"), list):
        for face in data["faces"]:
            if not isinstance(face, dict):
                raise BuildError(f"{piece.id}: each of faces must be a mapping (id, name, icon ...)")
            name = str(face.get("name", face.get("id", piece.name)))
            add(name, {k: face.get(k) for k in ("icon", "image", "fill", "colour", "text")}, int(face.get("count", 1)),
                name)
    elif isinstance(data.get("kinds"), list):
        for kind in data["kinds"]:
            name = str(kind.get("name", kind.get("id", piece.name)))
            if kind.get("values"):
                for value in kind["values"]:
                    add(f"{name} {value.get('value')}", {"icon": kind.get("icon"), "label": str(value.get("value"))},
                        int(value.get("count", 1)))
            else:
                add(name, {k: kind.get(k) for k in ("icon", "image", "fill", "colour", "pips")},
                    int(kind.get("count", 1)))
    elif isinstance(data.get("colours"), list):
        per = int(data.get("per_colour", max(1, piece.count // max(1, len(data["colours"])))))
        for value in data["colours"]:
            add(f"{piece.name} ({value})", {"colour": value}, per, caption)
    else:
        add(piece.name, {}, piece.count, caption)
    total = sum(s.count for s in specs)
    if total != piece.count:
        raise BuildError(f"{_at(game, piece, 'count')}its faces/kinds/colours add up to {total} pieces but count "
                         f"says {piece.count}; "
                         f"make the counts agree")
    return specs


# --- drawing ---------------------------------------------------------------------------------


def _content(art: TokenArt, x: float, y: float, w: float, h: float, ink_colour: str, game: Game,
             subject: str) -> list:
    """Icon, caption and text inside a box."""
    nodes: list = []
    if art.pips:
        return pips(art.pips, x + w / 2, y + h / 2, min(w, h) * 0.8, ink_colour)
    text_h = 0.0
    if art.text:
        text_h = h * 0.36
        try:
            spans, _ = set_text(art.text, (x + w * 0.08, y + h - text_h, w * 0.84, text_h - h * 0.04),
                                size=min(9.0, h * 0.09), min_size=5.0, align="center", valign="middle",
                                color=ink_colour, icons=set(game.icons))
        except TextOverflow as exc:
            raise BuildError(f"{subject}: its text does not fit even at {exc.size:.1f} pt; shorten it",
                             field=("text",)) from None
        nodes += spans
    caption_h = 0.0
    if art.label:
        caption_h = h * (0.2 if art.text else 0.26)
        size = min(h * 0.16, 16.0) if art.text else h * 0.2
        cy = y + h - text_h - caption_h / 2 - (h * 0.02 if art.text else h * 0.04)
        nodes.append(label(art.label, x + w / 2, cy, size, "bold", ink_colour, max_width=w * 0.86))
    if art.icon:
        room_h = h - text_h - caption_h
        side = min(w * 0.9, room_h * 0.9) if not (art.text or art.label) else min(w * 0.72, room_h * 0.82)
        top = y + (room_h - side) / 2 + (h * 0.03 if (art.text or art.label) else 0)
        nodes.insert(0, Icon(art.icon, x + (w - side) / 2, top, side, side))
    return nodes


def token_face(spec: TokenSpec, art: TokenArt, game: Game, ink: Ink, bleed_mm: float) -> Scene:
    w, h, b = mm(spec.w_mm), mm(spec.h_mm), mm(bleed_mm)
    fill = art.fill or PAPER
    nodes: list = []
    background = ink.background(fill)
    ring = ink.line(art.ring) if art.ring else None
    if art.image is not None:  # the picture covers the face out to its bleed; the cut gives its shape
        box = (-b, -b, w + 2 * b, h + 2 * b)
        nodes.append(Image(str(art.image), *fitted(image_size(art.image), box, "cover"), clip=box))
        background = None
    if spec.shape == "circle":
        r = w / 2
        if background:
            nodes.append(Circle(r, r, r + b, fill=background))
        if ring:
            nodes.append(Circle(r, r, r - max(mm(1.0), r * 0.1), stroke=ring, stroke_width=ink.width(max(1.2, r * 0.1))))
        inner = r * 1.45
        nodes += _content(art, r - inner / 2, r - inner / 2, inner, inner, contrast(background or "#ffffff"), game,
                          f"{spec.piece} '{art.name}'")
    else:
        if background:
            nodes.append(Rect(-b, -b, w + 2 * b, h + 2 * b, fill=background))
        inset = min(w, h) * 0.05
        if ring:
            nodes.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=ring,
                              stroke_width=ink.width(max(1.2, min(w, h) * 0.05)), radius=inset))
        elif art.image is None:
            nodes.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=ink.line("#b9a99a"),
                              stroke_width=ink.width(0.6), radius=inset))
        pad = min(w, h) * 0.1
        if spec.shape == "rectangle" and w > 1.4 * h and art.icon:
            nodes.append(Icon(art.icon, pad, pad, h - 2 * pad, h - 2 * pad))
            caption = art.label or (game.icons[art.icon].label or "") or art.name
            nodes.append(label(caption, (h + w) / 2 - pad / 2, h / 2, h * 0.22, "bold",
                               contrast(background or "#ffffff"), max_width=w - h - pad))
        else:
            nodes += _content(art, pad, pad, w - 2 * pad, h - 2 * pad, contrast(background or "#ffffff"), game,
                              f"{spec.piece} '{art.name}'")
    return make_scene(w, h, nodes, b)


CUT_CHOICES = (CUT, "#2a2420", "#f2e8d0")  # the usual grey, then near-black or pale where grey would vanish
CUT_CONTRAST = 3.0  # WCAG's minimum for graphics: a line a player can follow with scissors


def _relative_luminance(value: str) -> float:
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
              for c in (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str) -> float:
    hi, lo = sorted((_relative_luminance(a), _relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def cut_colour(background: str | None) -> str:
    """The cut line runs over the token's own background (its bleed reaches past it): the usual
    grey where it shows, else whichever of near-black and pale stands out more (grey on the bone
    tokens' dark brown was 1.3 : 1)."""
    if not background or contrast_ratio(CUT, background) >= CUT_CONTRAST:
        return CUT
    return max(CUT_CHOICES[1:], key=lambda ink: contrast_ratio(ink, background))


def _outline(spec: TokenSpec, ink: Ink | None = None) -> tuple:
    w, h = mm(spec.w_mm), mm(spec.h_mm)
    stroke = cut_colour((ink or Ink()).background(spec.front.fill or PAPER))
    if spec.shape == "circle":
        return (Circle(w / 2, h / 2, w / 2, stroke=stroke, stroke_width=CUT_WIDTH),)
    return (Rect(0, 0, w, h, stroke=stroke, stroke_width=CUT_WIDTH),)


def token_items(piece: Piece, game: Game, ink: Ink, bleed: bool, group: str | None = None) -> list[Item]:
    items: list[Item] = []
    bleed_mm = TOKEN_BLEED_MM if bleed else 0.0
    for spec in token_specs(piece, game, show_names=False):
        if spec.shape == "standee":
            item = standee_item(spec, game, ink, bleed_mm, group or piece.id)
        else:
            front = token_face(spec, spec.front, game, ink, bleed_mm)
            item = Item(piece.id, front.width, front.height, (Part(front, name=spec.front.name),),
                        _back_parts(spec, game, ink, bleed_mm), _outline(spec, ink), front.bleed, group or piece.id)
        items += [item] * spec.count
    return items


def standee_item(spec: TokenSpec, game: Game, ink: Ink, bleed_mm: float, group: str) -> Item:
    """A folding standee: base tab, back panel (upside down), front panel, base tab, top to bottom.

    Fold at the middle line (the figure's head) so the panels sit back to back, then fold the
    two tabs outwards and glue them under each other: the figure stands on them.
    """
    w, h = mm(spec.w_mm), mm(spec.h_mm)
    tab = max(mm(8), min(w * 0.55, mm(14)))
    panel = standee_panel(spec, game, ink)
    turned = make_scene(w, h, [Group(panel.nodes, w, h, angle=180.0)])
    parts = (Part(turned, 0.0, tab, spec.front.name + " (back)"), Part(panel, 0.0, tab + h, spec.front.name))
    total = 2 * tab + 2 * h
    base_fill = None if ink.saver else tint(spec.front.ring or "#b9a99a", 0.6)
    lines: list = []
    if base_fill:
        lines += [Rect(0, 0, w, tab, fill=base_fill), Rect(0, total - tab, w, tab, fill=base_fill)]
    lines += [
        Rect(0, 0, w, total, stroke=CUT, stroke_width=CUT_WIDTH),
        Polygon(((0, tab), (w, tab)), stroke=FOLD, stroke_width=CUT_WIDTH, closed=False, dash=FOLD_DASH),
        Polygon(((0, tab + h), (w, tab + h)), stroke=FOLD, stroke_width=CUT_WIDTH, closed=False, dash=FOLD_DASH),
        Polygon(((0, total - tab), (w, total - tab)), stroke=FOLD, stroke_width=CUT_WIDTH, closed=False, dash=FOLD_DASH),
    ]
    return Item(spec.piece, w, total, parts, None, tuple(lines), 0.0, group, spec.front.name)


def standee_panel(spec: TokenSpec, game: Game, ink: Ink) -> Scene:
    w, h = mm(spec.w_mm), mm(spec.h_mm)
    art = spec.front
    fill = art.fill or PAPER
    background = ink.fill(fill) if ink.saver else fill
    nodes: list = [Rect(0, 0, w, h, fill=background)] if background else []
    if art.image is not None:  # the figure: the picture fills the panel
        nodes.append(Image(str(art.image), *fitted(image_size(art.image), (0.0, 0.0, w, h), "cover"),
                           clip=(0.0, 0.0, w, h)))
    if art.ring:
        nodes.append(Rect(w * 0.06, w * 0.06, w - w * 0.12, h - w * 0.12, stroke=ink.line(art.ring),
                          stroke_width=ink.width(1.5), radius=w * 0.05))
    nodes += _content(TokenArt(art.name, icon=art.icon), w * 0.08, w * 0.08, w * 0.84, h - w * 0.16,
                      INK, game, f"{spec.piece} '{art.name}'")
    return make_scene(w, h, nodes)


def tile_items(piece: Piece, game: Game, ink: Ink, bleed: bool) -> list[Item]:
    """Tiles are tokens whose faces show their name (and text) as well as their icon."""
    items: list[Item] = []
    bleed_mm = TOKEN_BLEED_MM if bleed else 0.0
    for spec in token_specs(piece, game, show_names=True):
        front = token_face(spec, spec.front, game, ink, bleed_mm)
        items += [Item(piece.id, front.width, front.height, (Part(front, name=spec.front.name),),
                       _back_parts(spec, game, ink, bleed_mm), _outline(spec, ink), front.bleed,
                       piece.id)] * spec.count
    return items


def _back_parts(spec: TokenSpec, game: Game, ink: Ink, bleed_mm: float) -> tuple[Part, ...] | None:
    """A two-sided token's back, as its item's back parts; None for a one-sided token."""
    if spec.back is None:
        return None
    return (Part(token_face(spec, spec.back, game, ink, bleed_mm), name=spec.back.name),)
