"""The PDF backend: the only module that imports reportlab.

Scenes arrive fully laid out (y down, points); here we flip the y axis, embed the TrueType fonts
text is set in (Lato, or a game's own family; subset, so text stays searchable and sharp), and draw every card face that is
printed more than once, and every icon, once as a form XObject that pages then place: a deck of
100 identical backs stores its back once. Faces printed once are drawn straight into the page.
Every placed card is wrapped in a /Card marked-content sequence that states its trim size.
"""
from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Collection, Iterable
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFStream
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from ..errors import BuildError
from ..model.icons import IconArt, fit, read_icon
from ..paper.impose import Page
from ..scene.fonts import LATO, font_name, font_path
from ..scene.nodes import Circle, Group, Icon, Image, Line, Polygon, Rect, Scene, Text, walk_nodes

_registered: set[str] = set()  # face names registered with reportlab, which keeps them for the process


@lru_cache(maxsize=None)
def colour(value: str) -> HexColor:
    return HexColor(value)

rl_config.useA85 = 0  # binary streams: ASCII85 only makes every stream a quarter larger


def face(style: str, family: str) -> str:
    """The reportlab name of a family's style, registered on first use."""
    name = font_name(style, family)
    if name not in _registered:
        path = font_path(style, family)
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except Exception as exc:  # the loader checked the file; reportlab may still refuse a rare table
            raise BuildError(f"{path}: the font cannot be embedded in a PDF: "
                             f"{' '.join(str(exc).split()) or type(exc).__name__}; try another .ttf of the family") from None
        _registered.add(name)
    return name


class PdfWriter:
    """Draw pages of placed scenes into one PDF file."""

    def __init__(self, file: BinaryIO, icons: dict[str, Path], title: str = "", author: str = "Boneyard"):
        # The initial font would otherwise be an unembedded Helvetica in every page's resources. The
        # other styles are registered as text first uses them: reading a font takes ~8 ms of CPU.
        face("regular", LATO)
        self.file = file
        self.canvas = Canvas(file, invariant=1, pageCompression=1, initialFontName=font_name("regular"),
                             initialFontSize=9)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setCreator("Boneyard")
        self.icons = icons
        self.forms: set[str] = set()
        self.xobjects: dict[tuple[str, ...], PDFDictionary] = {}  # each set of forms' one dictionary
        self.pages = 0

    # --- forms ------------------------------------------------------------------------------

    def _icon_form(self, icon_id: str) -> tuple[str, IconArt]:
        art = read_icon(self.icons[icon_id])
        name = f"icon-{icon_id}"
        if name not in self.forms:
            vx, vy, vw, vh = art.view_box
            c = self.canvas
            c.beginForm(name, vx, -(vy + vh), vx + vw, -vy)
            for shape in art.shapes:
                path = c.beginPath()
                for op in shape.ops:
                    if op[0] == "M":
                        path.moveTo(op[1], -op[2])
                    elif op[0] == "L":
                        path.lineTo(op[1], -op[2])
                    elif op[0] == "C":
                        path.curveTo(op[1], -op[2], op[3], -op[4], op[5], -op[6])
                    else:
                        path.close()
                if shape.fill:
                    c.setFillColor(colour(shape.fill))
                if shape.stroke:
                    c.setStrokeColor(colour(shape.stroke))
                    c.setLineWidth(shape.stroke_width)
                c.drawPath(path, stroke=1 if shape.stroke else 0, fill=1 if shape.fill else 0, fillMode=FILL_NON_ZERO)
            c.endForm()
            self.forms.add(name)
        return name, art

    def _scene_form(self, scene: Scene) -> str:
        name = f"face-{scene.key}"
        if name not in self.forms:
            for node in walk_nodes(scene.nodes):  # icon forms first: forms cannot be defined inside forms
                if isinstance(node, Icon):
                    self._icon_form(node.icon)
            c = self.canvas
            b = scene.bleed
            # Form space: origin at the trim's bottom-left, y up.
            c.beginForm(name, -b, -b, scene.width + b, scene.height + b)
            self.draw_nodes(scene.nodes, scene.height)
            c.endForm()
            self.forms.add(name)
        return name

    # --- drawing ----------------------------------------------------------------------------

    def draw_nodes(self, nodes, height: float) -> None:
        c = self.canvas
        pending: list[Text] = []  # consecutive text runs share one text object
        for node in nodes:
            if isinstance(node, Text) and not node.angle:
                pending.append(node)
                continue
            if pending:
                self._draw_texts(pending, height)
                pending = []
            if isinstance(node, Rect):
                stroke = bool(node.stroke and node.stroke_width > 0)
                if node.fill:
                    c.setFillColor(colour(node.fill))
                if stroke:
                    c.setStrokeColor(colour(node.stroke))
                    c.setLineWidth(node.stroke_width)
                y = height - node.y - node.h
                if node.radius:
                    c.roundRect(node.x, y, node.w, node.h, node.radius, stroke=int(stroke), fill=int(bool(node.fill)))
                else:
                    c.rect(node.x, y, node.w, node.h, stroke=int(stroke), fill=int(bool(node.fill)))
            elif isinstance(node, Line):
                c.setStrokeColor(colour(node.stroke))
                c.setLineWidth(node.width)
                c.line(node.x1, height - node.y1, node.x2, height - node.y2)
            elif isinstance(node, Text):
                if node.angle:
                    c.setFillColor(colour(node.color))
                    c.setFont(face(node.style, node.family), node.size)
                    c.saveState()
                    c.translate(node.x, height - node.y)
                    c.rotate(node.angle)
                    c.drawString(0, 0, node.text)
                    c.restoreState()

            elif isinstance(node, (Circle, Polygon)):
                self._draw_shape(node, height)
            elif isinstance(node, Group):
                c.saveState()
                c.translate(node.x, height - node.y)
                if node.angle:
                    c.rotate(node.angle)
                if node.scale != 1.0:
                    c.scale(node.scale, node.scale)
                self.draw_nodes(node.nodes, 0.0)  # children are y down from the frame's origin
                c.restoreState()
            elif isinstance(node, Image):
                c.saveState()
                if node.clip:
                    cx, cy, cw, ch = node.clip
                    clip = c.beginPath()
                    clip.rect(cx, height - cy - ch, cw, ch)
                    c.clipPath(clip, stroke=0, fill=0)
                # reportlab stores each distinct image once, however often it is drawn
                try:
                    c.drawImage(node.path, node.x, height - node.y - node.h, node.w, node.h, mask="auto")
                except Exception as exc:  # Pillow's DecompressionBombError, broken pixel data ...
                    raise BuildError(f"{node.path}: the image cannot be embedded: "
                                     f"{' '.join(str(exc).split()) or type(exc).__name__}") from None
                c.restoreState()
            elif isinstance(node, Icon):
                name, art = self._icon_form(node.icon)
                scale, ox, oy = fit(art, (node.x, node.y, node.w, node.h))
                c.saveState()
                # Icon space is y down from the viewBox; form space negated y, so map back.
                c.transform(scale, 0, 0, scale, ox, height - oy)
                c.doForm(name)
                c.restoreState()
        if pending:
            self._draw_texts(pending, height)

    def _draw_shape(self, node, height: float) -> None:
        c = self.canvas
        stroke = bool(node.stroke and node.stroke_width > 0)
        fill = bool(node.fill) and (isinstance(node, Circle) or node.closed)
        if not (stroke or fill):
            return
        if node.dash:
            c.saveState()
            c.setDash(list(node.dash))
        if fill:
            c.setFillColor(colour(node.fill))
        if stroke:
            c.setStrokeColor(colour(node.stroke))
            c.setLineWidth(node.stroke_width)
        if isinstance(node, Circle):
            c.circle(node.cx, height - node.cy, node.r, stroke=int(stroke), fill=int(fill))
        else:
            path = c.beginPath()
            (x, y), rest = node.points[0], node.points[1:]
            path.moveTo(x, height - y)
            for x, y in rest:
                path.lineTo(x, height - y)
            if node.closed:
                path.close()
            c.drawPath(path, stroke=int(stroke), fill=int(fill), fillMode=FILL_NON_ZERO)
        if node.dash:
            c.restoreState()

    def _draw_texts(self, nodes: list[Text], height: float) -> None:
        """Draw text runs in one BT..ET block, setting font and colour only when they change."""
        text = self.canvas.beginText()
        font = fill = None
        for node in nodes:
            if (node.family, node.style, node.size) != font:
                font = (node.family, node.style, node.size)
                text.setFont(face(node.style, node.family), node.size)
            if node.color != fill:
                fill = node.color
                text.setFillColor(colour(node.color))
            text.setTextOrigin(node.x, height - node.y)
            text.textOut(node.text)
        self.canvas.drawText(text)

    def add_page(self, page: Page, shared: Collection[str] = frozenset()) -> None:
        """Draw a page. Scenes whose key is in ``shared`` are placed as forms, the rest inline."""
        c = self.canvas
        # Forms (and the icon forms inline art uses) must be defined before the page's own content.
        forms = [self._scene_form(p.scene) if p.scene.key in shared else None for p in page.placements]
        for placement, form in zip(page.placements, forms):
            if form is None:
                for node in walk_nodes(placement.scene.nodes):
                    if isinstance(node, Icon):
                        self._icon_form(node.icon)
        c.setPageSize((page.width, page.height))
        if page.trim_box:
            x, y, w, h = page.trim_box
            c.setTrimBox((x, page.height - y - h, x + w, page.height - y))
        if page.bleed_box:
            x, y, w, h = page.bleed_box
            c.setBleedBox((x, page.height - y - h, x + w, page.height - y))
        for placement, form in zip(page.placements, forms):
            c.saveState()
            cx, cy, cw, ch = placement.clip
            clip = c.beginPath()
            clip.rect(cx, page.height - cy - ch, cw, ch)
            c.clipPath(clip, stroke=0, fill=0)
            scene = placement.scene
            c.translate(placement.x, page.height - placement.y - scene.height)
            # Tag each card with its trim size, so a reader can find every card on the sheet. A placement
            # may name its own tag and extra properties (pieces: /Piece with the id and board region).
            tag = getattr(placement, "tag", "Card")
            extra = _pdf_properties(getattr(placement, "properties", {}))
            c.addLiteral(f"/{tag} <</Trim [{scene.width:.4f} {scene.height:.4f}] /Bleed {scene.bleed:.4f}{extra}>> BDC")
            if form is not None:
                c.doForm(form)
            else:
                self.draw_nodes(scene.nodes, scene.height)
            c.addLiteral("EMC")
            c.restoreState()
        self.draw_nodes(page.marks, page.height)
        c.showPage()
        _deflate_last_page(c, self.file)
        self._share_xobjects(c)
        self.pages += 1

    def _share_xobjects(self, canvas: Canvas) -> None:
        """Pages that place the same forms share one /XObject dictionary: reportlab makes one for
        each page (~700 bytes), kept until the file is saved. The file is the same: each page's
        resources still write the dictionary out in full."""
        page = canvas._doc.Pages.pages[-1]
        if page.XObjects is not None:
            names = tuple(sorted(page.XObjects.dict))  # written in sorted order, each a reference by name
            page.XObjects = self.xobjects.setdefault(names, page.XObjects)

    def save(self) -> None:
        self.canvas.save()


class _Deflated:
    """A stream filter that gives back bytes deflated earlier (reportlab's FlateDecode filter is
    zlib.compress at its default level, so the file's bytes are the same). It gives them once, and
    lets go of them: reportlab assembles the whole file in memory when it saves, and a page's bytes
    held here as well would be a second copy of every page at the build's peak."""

    pdfname = "FlateDecode"

    def __init__(self, data: bytes):
        self.data: bytes | None = data

    def encode(self, _content) -> bytes:
        data, self.data = self.data, None
        if data is None:  # a file is saved once; a second formatting would lose the page
            raise RuntimeError("a page's content stream was formatted twice")
        return data


class _PageStream(PDFStream):
    """A page's content stream, which also has reportlab write the file out as it makes it.

    reportlab saves a file by making each object's bytes in turn, gathering them all in a list, and
    writing them joined: the whole file twice in memory at the build's peak. Its collector (the
    document's ``__accum__``, there so that objects can know where they are in the file) adds each
    object through its ``write``; when the first page stream is made, what was gathered so far goes
    to the file and ``write`` becomes the file's own, so every later object goes straight out. The
    offsets of the cross-reference table are counted by the collector either way: the same bytes.
    """

    def __init__(self, data: bytes, file: BinaryIO):
        super().__init__(content=b"", filters=[_Deflated(data)])
        self.__Comment__ = "page stream"
        self.file = file

    def format(self, document) -> bytes:  # noqa: ANN001
        collector = getattr(document, "__accum__", None)
        gathered = getattr(collector, "strings", None)
        if isinstance(gathered, list) and getattr(collector, "write", None) == gathered.append:
            for part in gathered:
                self.file.write(part)
            gathered.clear()
            collector.write = self.file.write  # type: ignore[union-attr]
        return super().format(document)


def _deflate_last_page(canvas: Canvas, file: BinaryIO) -> None:
    """Deflate the page just ended now: reportlab would keep every page's content as text until the
    file is saved, several times the memory of the whole deck's compressed pages."""
    page = canvas._doc.Pages.pages[-1]
    if page.compression and page.stream and not page.Contents:
        page.Contents, page.stream = _PageStream(zlib.compress(page.stream.encode("utf8")), file), None


def _pdf_string(text: str) -> str:
    safe = "".join(ch if 32 <= ord(ch) < 127 else "?" for ch in text)
    return "(" + safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _pdf_properties(properties: dict) -> str:
    """Extra marked-content properties: numbers, number lists and strings (keys are PDF names)."""
    parts = []
    for key, value in properties.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (int, float)):
            text = f"{value:.4f}"
        elif isinstance(value, (list, tuple)):
            text = "[" + " ".join(f"{v:.4f}" for v in value) + "]"
        else:
            text = _pdf_string(str(value))
        parts.append(f" /{key} {text}")
    return "".join(parts)


def write_pdf(path: Path, pages: Iterable[Page], icons: dict[str, Path], title: str) -> int:
    """Draw ``pages`` in order, each page as it comes: a deck's pages (paper/deck_pages.py) are made
    while they are written, and say without being made which faces they place more than once."""
    if hasattr(pages, "scene_uses"):
        uses = pages.scene_uses()
    else:
        uses = Counter(p.scene.key for page in pages for p in page.placements)
    shared = {key for key, count in uses.items() if count > 1}  # art drawn more than once becomes a form
    with open(path, "wb") as file:
        writer = PdfWriter(file, icons, title)
        for page in pages:
            writer.add_page(page, shared)
        writer.save()
    return writer.pages
