"""Card layouts as data: a size, a bleed, and regions placed in millimetres.

A layout file (``layouts/cards/<id>.yaml`` in the repository, or ``<game>/layouts/<id>.yaml``)
describes one layout. ``extends: other`` starts from another layout: keys given here replace
its keys, regions with the same id are merged key by key, new regions are added on top, and
``remove: [region ids]`` drops inherited ones; ``rescale: true`` with a new ``size`` stretches the
inherited regions' boxes to it (font sizes stay). A game's own layout of the same id as a
built-in one replaces it for that game.

Regions are drawn in order. Their ``box`` is ``[x, y, width, height]`` in mm from the card's
top-left trim corner (negative or oversize boxes reach into the bleed). An ``image`` region shows
a PNG or JPEG from the game folder (``fit: cover`` fills the box, ``contain`` shows it whole).
``value`` is a jinja2
expression over ``card`` (the card's fields), ``deck`` and ``game``; ``when: field`` draws the
region only where the card has that field.

Text is set in Lato unless the layout (``font: {family: Name}``) or a region (``font: {family:
Name, size: 9}``) chooses one of the families the game ships (generator/model/fonts.py).

Colours are ``#rrggbb``, ``#rgb`` or ``none``. A region's ``fill``, ``stroke``, ``value``,
``font.size`` and ``font.color``, and the layout's ``background``, may be chosen by a card field
instead (``fill: {by: element, fire: "#c33", water: "#36c", else: "#888"}``): see
generator/model/styles.py.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

from pydantic import BeforeValidator, Field, field_validator

from ..paper.sizes import CARD_SIZES_MM
from .game import Id, Strict
from .styles import Choice, styled


def _long_colour(value: Any) -> Any:
    """'#c33' is '#cc3333': every colour reaches the renderers in six digits."""
    if isinstance(value, str) and len(value) == 4 and value.startswith("#"):
        return "#" + "".join(c * 2 for c in value[1:])
    return value


Colour = Annotated[str, BeforeValidator(_long_colour), Field(pattern=r"^(#[0-9a-fA-F]{6}|none)$")]
Size = Annotated[float, Field(gt=2, le=200)]  # points
Mm = Annotated[float, Field(ge=-50, le=2000)]
if TYPE_CHECKING:
    # A value, or a Choice of values picked by a card field. Any, as the drawing code (scene/compose.py)
    # reads these only after styled_for() has picked each Choice, which no annotation here can say.
    StyledSize: TypeAlias = Any
    StyledColour: TypeAlias = Any
    StyledText: TypeAlias = Any
else:  # pydantic's tagged union of the value and a Choice of it (model/styles.py)
    StyledSize, StyledColour, StyledText = styled(Size), styled(Colour), styled(str)


class Font(Strict):
    size: Annotated[float, Field(gt=2, le=200)] = 9.0  # points
    min: Annotated[float, Field(gt=2, le=200)] | None = None  # shrink-to-fit floor; default 70 %
    style: Literal["regular", "bold", "italic", "bolditalic"] = "regular"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    color: Colour = "#1a1a1a"
    leading: Annotated[float, Field(ge=0.8, le=3)] = 1.2

    @property
    def min_size(self) -> float:
        return self.min if self.min is not None else round(self.size * 0.7, 2)


class CardFont(Font):
    """A card region's font: its size and colour may be chosen by a card field (styles.py), and its
    ``family`` is Lato or one the game ships (generator/model/fonts.py); default: the layout's."""

    size: StyledSize = 9.0
    color: StyledColour = "#1a1a1a"
    family: Annotated[str, Field(min_length=1, max_length=60)] | None = None

    @property
    def min_size(self) -> float:
        size = self.size if not isinstance(self.size, Choice) else (self.size.default or 9.0)
        return self.min if self.min is not None else round(size * 0.7, 2)


class LayoutFont(Strict):
    """The layout's own ``font:``: the family every region without its own is set in."""

    family: Annotated[str, Field(min_length=1, max_length=60)] | None = None


class Region(Strict):
    id: Id
    kind: Literal["text", "icon", "image", "rect", "line"]
    box: tuple[Mm, Mm, Mm, Mm]
    value: StyledText | None = None
    when: str | None = None
    font: CardFont = CardFont()
    fill: StyledColour | None = None
    stroke: StyledColour | None = None
    stroke_width: Annotated[float, Field(ge=0, le=10)] = 0.3  # mm
    radius: Annotated[float, Field(ge=0, le=50)] = 0.0  # mm, rounded corners of a rect
    padding: Annotated[float, Field(ge=0, le=20)] = 0.0  # mm, inside a text box
    fit: Literal["contain", "cover"] = "cover"  # an image: show all of it, or fill the box (clipped)


class Layout(Strict):
    id: Id
    extends: Id | None = None
    kind: Literal["card", "back"] = "card"
    size: str | tuple[Mm, Mm] = "poker"
    bleed: Annotated[float, Field(ge=0, le=10)] = 3.0
    safe: Annotated[float, Field(ge=0, le=20)] = 3.0
    background: StyledColour | None = None  # fills the bleed too
    font: LayoutFont = LayoutFont()  # {family: ...}: the regions' family, unless a region names its own
    fields: tuple[str, ...] | None = None  # the card fields this layout shows, beyond id/name/count
    rescale: bool = False  # with extends and a new size: scale inherited regions to the new size
    remove: tuple[Id, ...] = ()
    regions: tuple[Region, ...] = ()
    source: Path | None = None

    @field_validator("size")
    @classmethod
    def _known_size(cls, value: Any) -> Any:
        if isinstance(value, str) and value not in CARD_SIZES_MM:
            names = ", ".join(CARD_SIZES_MM)
            raise ValueError(f"unknown card size '{value}'; use one of {names} or [width, height] in mm")
        return value

    @property
    def size_mm(self) -> tuple[float, float]:
        if isinstance(self.size, str):
            return CARD_SIZES_MM[self.size]
        return (float(self.size[0]), float(self.size[1]))


def size_of(value: Any) -> tuple[float, float] | None:
    if isinstance(value, str):
        return CARD_SIZES_MM.get(value)
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return (float(value[0]), float(value[1]))
    return None


def _rescaled(regions: list, old: tuple[float, float], new: tuple[float, float]) -> list:
    sx, sy = new[0] / old[0], new[1] / old[1]
    out = []
    for region in regions:
        box = region.get("box")
        if isinstance(box, list) and len(box) == 4 and all(isinstance(v, (int, float)) for v in box):
            region = {**region, "box": [round(box[0] * sx, 3), round(box[1] * sy, 3),
                                        round(box[2] * sx, 3), round(box[3] * sy, 3)]}
        out.append(region)
    return out


def merge_layout(base: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """Merge raw layout data: the child's keys win, regions merge by id."""
    if child.get("rescale"):
        old, new = size_of(base.get("size", "poker")), size_of(child.get("size", base.get("size", "poker")))
        if old and new and old != new:
            base = {**base, "regions": _rescaled(list(base.get("regions", [])), old, new)}
    merged = {k: v for k, v in base.items() if k not in ("id", "remove", "source", "rescale")}
    for key, value in child.items():
        if key != "regions":
            merged[key] = value
    regions = {r.get("id"): dict(r) for r in base.get("regions", []) if isinstance(r, dict)}
    for region in child.get("regions", []) or []:
        if not isinstance(region, dict):
            continue
        rid = region.get("id")
        if rid in regions:
            combined = {**regions[rid], **region}
            if isinstance(regions[rid].get("font"), dict) and isinstance(region.get("font"), dict):
                combined["font"] = {**regions[rid]["font"], **region["font"]}
            regions[rid] = combined
        else:
            regions[rid] = dict(region)
    for rid in child.get("remove", []) or []:
        regions.pop(rid, None)
    merged["regions"] = list(regions.values())
    merged.pop("extends", None)
    merged["extends"] = child.get("extends")
    return merged
