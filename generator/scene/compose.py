"""Compose cards: a card's data and its layout become a Scene, once, for every backend."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import BuildError
from ..model.extends import locate_region
from ..model.game import Card, Deck, Game
from ..model.layouts import Layout, Region
from ..model.locate import card_place
from ..model.refs import replace_refs
from ..model.styles import Choice, resolve
from .draw import scene_key
from .fonts import LATO, game_family, metrics, refresh_families
from .images import ImageError, fitted, game_image, image_size
from .nodes import Icon, Image, Line, Rect, Scene, mm
from .templates import TemplateError, UndefinedError, environment
from .text import TextOverflow, parse, set_text

_env = environment()


@lru_cache(maxsize=1024)
def _template(source: str):
    return _env.from_string(source)


class MissingGlyphs(Exception):
    def __init__(self, chars: list[str], family: str = LATO):
        super().__init__(chars)
        self.chars, self.family = chars, family

    def shown(self) -> str:
        return ", ".join(f"'{c}' (U+{ord(c):04X})" for c in self.chars[:8]) + (" ..." if len(self.chars) > 8 else "")


@dataclass(frozen=True, slots=True)  # slotted: a deck of 10,000 distinct cards holds 10,000
class CardFaces:
    """One card of a deck, composed: front and back scenes, and how many copies to print."""

    deck: str
    card: str
    name: str
    count: int
    front: Scene
    back: Scene
    back_id: str = "default"


def cite_rules(text: str, game: Game) -> str:
    """Replace [[rule.id]] with the section number players see (§4.3), [[table:id]] with the
    table's title."""
    return replace_refs(text, numbers=game.rule_numbers, tables={t.id: t.title for t in game.tables})


def card_context(card: Card) -> dict:
    return {"id": card.id, "name": card.name, "count": card.count, "sample": card.sample, **card.extra}


def compose_face(layout: Layout, context: dict, game: Game, subject: str, card: tuple[str, str] | None = None) -> Scene:
    """Draw one face. ``subject`` names the card in errors ("deck 'runes', card 'water-axe'");
    ``card`` (deck id, card id) lets an error point at the field in the game's YAML."""
    width, height = (mm(v) for v in layout.size_mm)
    bleed_pt = mm(layout.bleed)
    nodes: list = []
    data = context.get("card") or context.get("back") or {}
    background = resolve(layout.background, data)
    if background and background != "none":
        nodes.append(Rect(-bleed_pt, -bleed_pt, width + 2 * bleed_pt, height + 2 * bleed_pt, fill=background))
    overflow: list[str] = []
    for region in layout.regions:
        if region.when and not data.get(region.when):
            continue
        try:
            region = styled_for(region, data)
            nodes.extend(_region_nodes(region, context, game, layout.font.family))
        except MissingGlyphs as exc:
            overflow.append(f"{_card_place(game, card, region)}{subject}: region '{region.id}' uses characters the font "
                            f"'{exc.family}' has no glyph for: {exc.shown()}; they would print as empty boxes (use other "
                            f"characters, an icon, or a font that has them)")
        except TextOverflow as exc:
            overflow.append(
                f"{_card_place(game, card, region)}{subject}: text in region '{region.id}' does not fit its {region.box[2]:g} x {region.box[3]:g} mm box "
                f"even at {exc.size:g} pt ({exc.needed:.0f} pt of height needed, {exc.available:.0f} pt available); "
                f"shorten the text, or lower font.min / enlarge the box in layout '{layout.id}'"
            )
        except TemplateError as exc:
            overflow.append(f"{region_place(layout.source, region.id, game.root)}"
                            f"{subject}: region '{region.id}' of layout '{layout.id}': {exc}")
    if overflow:
        raise BuildError("\n".join(overflow))
    return Scene(width=width, height=height, nodes=tuple(nodes), bleed=bleed_pt,
                 key=scene_key(layout.size_mm, layout.bleed, nodes))


def _card_place(game: Game, card: tuple[str, str] | None, region: Region) -> str:
    if card is None:
        return ""
    return card_place(game.root, card[0], card[1], region.value if isinstance(region.value, str) else None)


def region_place(source: Path | None, region_id: str, root: Path | None) -> str:
    """'layouts/x.yaml:12:12: regions[2].value: ', the place a region's value is written, or ''."""
    if source is None:
        return ""
    line, column, field = locate_region(source, region_id)
    name = str(source)
    if root is not None and source.is_relative_to(root.parent):
        name = str(source.relative_to(root.parent))
    if line is not None:
        name += f":{line}:{column}"
    return f"{name}: {field + ': ' if field else ''}"


def styled_for(region: Region, data: dict) -> Region:
    """The region with every value chosen by a card field (model/styles.py) picked for this card;
    the loader has checked that each card finds an entry, so a miss only leaves the default."""
    updates = {name: resolve(getattr(region, name), data) for name in ("fill", "stroke", "value")
               if isinstance(getattr(region, name), Choice)}
    font = {}
    for name, fallback in (("size", 9.0), ("color", "#1a1a1a")):
        value = getattr(region.font, name)
        if isinstance(value, Choice):
            picked = value.pick(data)
            font[name] = fallback if picked is None else picked
    if font:
        updates["font"] = region.font.model_copy(update=font)
    return region.model_copy(update=updates) if updates else region


def _region_nodes(region: Region, context: dict, game: Game, layout_family: str | None = None) -> list:
    x, y, w, h = (mm(v) for v in region.box)
    nodes: list = []
    if region.kind in ("rect", "text") and (region.fill or region.stroke):
        nodes.append(Rect(x, y, w, h, fill=_colour(region.fill), stroke=_colour(region.stroke),
                          stroke_width=mm(region.stroke_width) if region.stroke else 0.0, radius=mm(region.radius)))
    if region.kind == "line":
        nodes.append(Line(x, y, x + w, y + h, stroke=region.stroke or "#000000", width=mm(region.stroke_width)))
    elif region.kind == "text":
        text = _render(region, context)
        if text:
            pad = mm(region.padding)
            font = region.font
            family = game_family(game.root, font.family or layout_family, game.fonts)
            _check_glyphs(text, font.style, family, game)
            spans, _size = set_text(
                cite_rules(text, game), (x + pad, y + pad, w - 2 * pad, h - 2 * pad),
                size=font.size, min_size=font.min_size, style=font.style, align=font.align,
                valign=font.valign, color=font.color, leading=font.leading, icons=set(game.icons), family=family,
            )
            nodes.extend(spans)
    elif region.kind == "image":
        relative = _render(region, context)
        if relative:
            path = _image_path(relative, game)
            box = (x, y, w, h)
            ix, iy, iw, ih = fitted(image_size(path), box, region.fit)
            nodes.append(Image(str(path), ix, iy, iw, ih, clip=box if region.fit == "cover" else None))
    elif region.kind == "icon":
        icon = _render(region, context)
        if icon:
            if icon not in game.icons:
                raise TemplateError(f"icon '{icon}' does not exist in this game")
            nodes.append(Icon(icon, x, y, w, h))
    return nodes


def _check_glyphs(text: str, style: str, family: str, game: Game) -> None:
    """Every character has a glyph in the face it is set in (**bold** and *italic* runs in theirs)."""
    missing = metrics(style, family).missing(text)
    if family != LATO or missing or "*" in text:  # a game's family may lack a bold or italic of its own
        missing = set()
        for word in parse(text, style, set(game.icons)):
            if word.kind == "text":
                missing |= metrics(word.style, family).missing(word.value)
    if missing:
        raise MissingGlyphs(sorted(missing), family)


_PLAIN_FIELD = re.compile(r"^\{\{\s*(card|back|deck|game)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$")


def _image_path(relative: str, game: Game) -> Path:
    """An image named by a card field (scene.images checks it), refused as the region's problem."""
    try:
        return game_image(relative, game.root)
    except ImageError as exc:
        raise TemplateError(str(exc)) from None


def _render(region: Region, context: dict) -> str:
    if not region.value:
        return ""
    plain = _PLAIN_FIELD.match(region.value)
    if plain:  # most regions show one field: skip jinja, keep its strictness
        scope, name = plain.groups()
        values = context.get(scope) or {}
        if name not in values:
            raise UndefinedError(f"'{scope}' has no field '{name}'")
        value = values[name]
        if isinstance(value, (list, dict)):  # would print as Python's ['a', 'b']
            kind = "a list" if isinstance(value, list) else "a mapping"
            raise TemplateError(f"'{scope}.{name}' is {kind}, but this region shows text: write it as one "
                                f"string (or loop over it in the layout)")
        text = "" if value is None else str(value)
    else:
        text = _template(region.value).render(**context)
    return re.sub(r"[ \t]+\n", "\n", text).strip()


def _colour(value: str | None) -> str | None:
    return None if value in (None, "none") else value


@dataclass(frozen=True, slots=True)
class PlannedFront(Scene):
    """A card front composed (so its problems are found) and measured, but not kept: no nodes, its
    key, and the card to compose again when it is drawn (kit/plan.py), so a long deck of distinct
    cards never holds every card's scene."""

    deck: str = ""
    card: str = ""


def compose_deck(game: Game, deck: Deck, layouts: dict[str, Layout], keep_fronts: bool = True) -> list[CardFaces]:
    """Compose every card of a deck; report every card that fails at once. Equal faces (one key)
    share one Scene, so a deck of many like cards holds each distinct face once. Without
    ``keep_fronts`` each front is a ``PlannedFront`` (backs are few and kept)."""
    problems: list[str] = []
    faces: list[CardFaces] = []
    scenes: dict[str, Scene] = {}
    game_ctx = {"id": game.id, "title": game.title}
    deck_ctx = deck_context(deck)
    back_cache: dict[str, Scene] = {}
    sizes: dict[tuple[float, float, float], tuple[float, float, float]] = {}
    if game.fonts:
        refresh_families(game.root)
    for card in deck.cards:
        try:
            front = compose_front(game, deck, card, layouts, deck_ctx)
            if not keep_fronts and front.key not in scenes:
                size = (front.width, front.height, front.bleed)
                width, height, bleed = sizes.setdefault(size, size)  # one set of floats a layout, not a card
                front = PlannedFront(width, height, (), bleed, front.key, deck.id, card.id)
            front = scenes.setdefault(front.key, front)
            back_id = card.back or deck.back or ""
            if back_id not in back_cache:
                back = deck.backs.get(back_id)
                fields = {"title": game.title, **(back.extra if back else {})}
                back_layout = layouts[(back.layout if back and back.layout else None) or deck.back_layout]
                back_cache[back_id] = compose_face(back_layout, {"back": fields, "deck": deck_ctx, "game": game_ctx},
                                                   game, f"deck '{deck.id}', back '{back_id or 'default'}'")
            faces.append(CardFaces(deck.id, card.id, card.name, card.count, front, back_cache[back_id],
                                   back_id or "default"))
        except BuildError as exc:
            problems.append(str(exc))
    if problems:
        raise BuildError("\n".join(problems))
    return faces


def deck_context(deck: Deck) -> dict:
    return {"id": deck.id, "name": deck.name, "sample": deck.sample or any(c.sample for c in deck.cards)}


def compose_front(game: Game, deck: Deck, card: Card, layouts: dict[str, Layout], deck_ctx: dict | None = None) -> Scene:
    """One card's front, as compose_deck composes it."""
    layout = layouts[card.layout or deck.layout]
    context = {"card": card_context(card), "deck": deck_ctx or deck_context(deck),
               "game": {"id": game.id, "title": game.title}}
    return compose_face(layout, context, game, f"deck '{deck.id}', card '{card.id}'", (deck.id, card.id))
