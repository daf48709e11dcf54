"""Pages to pixels: the one module that imports pypdfium2.

Previews and Tabletop Simulator images are not drawn by a second renderer: the pages go through
the PDF backend that prints the kit, and PDFium turns that PDF into pixels. What a designer
previews is what prints.
"""
from __future__ import annotations

import tempfile
from collections.abc import Generator
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image as PilImage

from ..atomic import atomic_path
from ..model.game import Game
from ..paper.impose import Page, Placement
from ..scene.nodes import Scene

POINTS_PER_INCH = 72.0


def face_page(scene: Scene, bleed: bool, side: str = "front", card: str = "") -> Page:
    """One face alone on a page: the trimmed card, or the card with its bleed (as a print
    service receives it with --layout single)."""
    margin = scene.bleed if bleed else 0.0
    width, height = scene.width + 2 * margin, scene.height + 2 * margin
    page = Page(width, height, side)
    page.placements.append(Placement(scene, margin, margin, (0.0, 0.0, width, height), side, card))
    return page


def pixel_size(width_pt: float, height_pt: float, dpi: float) -> tuple[int, int]:
    """A page's size in whole pixels at ``dpi`` (at least one each way)."""
    scale = dpi / POINTS_PER_INCH
    return max(1, round(width_pt * scale)), max(1, round(height_pt * scale))


def render_pages(game: Game, pages: list[Page], sizes: list[tuple[int, int]], title: str = "preview") -> Generator[PilImage.Image, None, None]:
    """Each page drawn by the PDF backend, then rasterized by PDFium to exactly ``sizes[i]``
    pixels (width, height), RGB. Images are made one at a time, so a long deck never holds
    more than one in memory."""
    from ..render.pdf import write_pdf

    icons = {icon_id: info.file for icon_id, info in game.icons.items() if info.file}
    with tempfile.TemporaryDirectory(prefix="boneyard-raster-") as folder:
        path = Path(folder) / "pages.pdf"
        write_pdf(path, pages, icons, title)
        document = pdfium.PdfDocument(str(path))
        try:
            for index, (width, height) in enumerate(sizes):
                page = document[index]
                try:
                    page_w, _page_h = page.get_size()
                    bitmap = page.render(scale=width / page_w, may_draw_forms=True)
                    image = bitmap.to_pil().convert("RGB")
                finally:
                    page.close()
                if image.size != (width, height):
                    image = _exact(image, width, height)
                yield image
        finally:
            document.close()


def _exact(image: PilImage.Image, width: int, height: int) -> PilImage.Image:
    """PDFium rounds a page's pixel size up: drop the partial last row or column (no resampling,
    which would blur the whole card); anything else is scaled."""
    extra_w, extra_h = image.width - width, image.height - height
    if 0 <= extra_w <= 2 and 0 <= extra_h <= 2:
        return image.crop((0, 0, width, height))
    return image.resize((width, height), PilImage.Resampling.LANCZOS)


def save_png(image: PilImage.Image, path: Path, dpi: float | None = None) -> None:
    """Write an image as an RGB PNG, atomically (previews and TTS sheets alike)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    with atomic_path(path) as temp:
        rgb.save(temp, format="PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
