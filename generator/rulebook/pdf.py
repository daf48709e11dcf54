"""The rulebook PDF step: the only module that imports weasyprint (with min_content.py, which it
installs: a cheaper path to a table cell's narrowest width, same widths).

WeasyPrint fetches every URL a document names (images, fonts, stylesheets, attachments). Ours
goes through ``GuardedFetcher``, which serves ``data:`` URLs and files inside the allowed folders
(the game's folder and the repository's layouts/) and refuses everything else: other files,
http(s), ftp, anything. Each refusal is recorded so the build can name it; nothing refused is
ever read, so nothing refused can end up embedded in the PDF.
"""
from __future__ import annotations

import base64
import gc
import logging
import mimetypes
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, unquote_to_bytes, urlsplit

from ..limits import limit
from . import html_parse, min_content, repeated_text, svg_letters
from .system_libraries import found_in_the_loader_cache

with found_in_the_loader_cache():
    import weasyprint
    from weasyprint.text.fonts import FontConfiguration
    from weasyprint.urls import URLFetcher, URLFetcherResponse

# Tagged, with the document title and language: text extracts in reading order, screen readers
# follow it. Our choice, kept: it adds about a quarter to writing a laid-out book (Bone Strike,
# three runs: 1.3-1.8 s untagged, 1.55-2.3 s tagged) and 65 % to the file (122 -> 201 KB), a fair
# price for a rulebook a screen reader can read.
PDF_VARIANT = "pdf/ua-1"
MAX_FETCH_BYTES = limit("rulebook_fetch_bytes")
PAGE_SLOT = "00"  # layouts/rulebook/pagerefs.css prints this where a page number goes
# Allocations between young collections while a rulebook is made (Python's default is 700). Every
# full collection walks the whole laid-out book (~0.2 s for Ribbon of Bone's), and a book makes
# few reference cycles: collected this rarely, the peak memory is the same (143 MB) and the
# collector's time falls from 0.63 s to 0.06 s of a 6 s build.
FEWER_COLLECTIONS = 100_000


def _faster_min_content() -> bool:
    """Table cells' narrowest widths from a layout per text, not one per letter (min_content.py)."""
    try:
        from weasyprint.layout import preferred
        from weasyprint.text import line_break
        from weasyprint.text.constants import PANGO_WRAP_MODE
        from weasyprint.text.ffi import ffi, pango

        return min_content.install(preferred, line_break, ffi, pango, PANGO_WRAP_MODE["WRAP_CHAR"])
    except (ImportError, KeyError):  # another WeasyPrint: its own way, slower, same widths
        return False


_faster_min_content()


def _dots_set_up_once() -> bool:
    """A row of boxes drawn from one layout (a leader's dots) repeats what WeasyPrint asked of the
    stream for its first boxes, without Pango (repeated_text.py)."""
    try:
        from weasyprint import draw
        from weasyprint.text import line_break

        return repeated_text.install(draw, line_break)
    except ImportError:  # another WeasyPrint: each box drawn by it, same drawing
        return False


_dots_set_up_once()


def _svg_letters_once() -> bool:
    """An SVG text's letter is laid out once a document and style, not once drawn, and drawn by
    repeating what two drawings of it asked (svg_letters.py)."""
    try:
        from importlib import import_module

        from weasyprint.css.properties import INITIAL_VALUES
        from weasyprint.draw import text as draw_text
        from weasyprint.text import line_break

        return svg_letters.install(line_break, draw_text, import_module("weasyprint.svg.text"), INITIAL_VALUES)
    except ImportError:  # another WeasyPrint: each letter laid out by it, same drawing
        return False


_svg_letters_once()


def _parser_keeps_its_expressions() -> bool:
    """The HTML parser makes each regular expression it reads with once, not once a call (html_parse.py)."""
    try:
        from tinyhtml5 import inputstream

        return html_parse.install(inputstream)
    except ImportError:  # another parser: as it is, same parse
        return False


_parser_keeps_its_expressions()


class GuardedFetcher(URLFetcher):
    def __init__(self, roots: Sequence[Path]):
        super().__init__(timeout=1, allow_redirects=False)
        self.roots = [Path(r).resolve() for r in roots]
        self.refused: list[tuple[str, str]] = []  # (url, why)

    def _refuse(self, url: str, why: str):
        if (url, why) not in self.refused:
            self.refused.append((url, why))
        raise ValueError(f"refused {url}: {why}")

    def fetch(self, url, headers=None):
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return self._data(url)
        if scheme == "file":
            parts = urlsplit(url)
            if parts.netloc not in ("", "localhost"):
                self._refuse(url, "a file on another host")
            try:
                path = Path(unquote(parts.path)).resolve()
            except (OSError, ValueError):
                self._refuse(url, "not a readable path")
            if not any(path.is_relative_to(root) for root in self.roots):
                self._refuse(url, "outside the game folder and layouts/")
            if not path.is_file():
                self._refuse(url, "no such file")
            if path.stat().st_size > MAX_FETCH_BYTES:
                self._refuse(url, f"larger than {MAX_FETCH_BYTES // (1024 * 1024)} MB")
            mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(path.as_uri(), body=path.read_bytes(), headers={"Content-Type": mime})
        self._refuse(url, f"{scheme or 'relative'} URLs are never fetched" if scheme else "not an absolute URL")

    def _data(self, url: str):
        header, _, payload = url[5:].partition(",")
        params = header.split(";")
        mime = params[0] or "text/plain"
        body = base64.b64decode(payload) if "base64" in params[1:] else unquote_to_bytes(payload)
        return URLFetcherResponse(url, body=body, headers={"Content-Type": mime})


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@contextmanager
def _captured_warnings():
    """WeasyPrint logs what it skips; keep that off the user's terminal and hand it to the caller."""
    logger = logging.getLogger("weasyprint")
    handler = _Collect()
    old_propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)
        logger.propagate = old_propagate


@contextmanager
def fewer_collections():
    """Collect garbage rarely while WeasyPrint works (``FEWER_COLLECTIONS``), then as before."""
    before = gc.get_threshold()
    gc.set_threshold(max(FEWER_COLLECTIONS, before[0]), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def shared_fonts():
    """One font configuration for the documents of one rulebook (the book, the quick reference's
    measuring strip and its page), as WeasyPrint allows: their @font-face fonts are read and
    registered with Fontconfig once, not once a document, and Pango's font caches stay warm.
    A URL refused for one document is still asked for, and refused, by the next."""
    return FontConfiguration()


class Rendered:
    """The outcome of one PDF: page count, refused URLs (url, why) and WeasyPrint's warnings."""

    def __init__(self, pages: int, refused: list[tuple[str, str]], warnings: list[str]):
        self.pages, self.refused, self.warnings = pages, refused, warnings


def write_pdf(html: str, target: Path, roots: Sequence[Path], base: Path, variant: str = PDF_VARIANT,
              page_refs: str | None = None, fonts=None) -> Rendered:
    """Lay out one HTML document and write it as a PDF to target.

    ``page_refs`` is a stylesheet that prints each page reference as a placeholder
    (layouts/rulebook/pagerefs.css): the document is laid out once and the placeholders are
    filled in (``number_pages``). Should that not work out, it is laid out again with its own
    target-counter()s, WeasyPrint's slower way to the same numbers. ``fonts``: ``shared_fonts()``."""
    fetcher = GuardedFetcher(roots)
    fonts = fonts or shared_fonts()
    with _captured_warnings() as warnings:
        page = weasyprint.HTML(string=html, base_url=base.resolve().as_uri() + "/", url_fetcher=fetcher)
        document = (page.render(stylesheets=[weasyprint.CSS(string=page_refs, font_config=fonts)], font_config=fonts)
                    if page_refs else None)
        if document is None or not number_pages(document):
            document = page.render(font_config=fonts)
        document.write_pdf(target, pdf_variant=variant)
    return Rendered(len(document.pages), fetcher.refused, list(dict.fromkeys(warnings)))


def lay_out(html: str, roots: Sequence[Path], base: Path, fonts=None):
    """Lay out a document, writing nothing: WeasyPrint's Document and what it refused and said."""
    fetcher = GuardedFetcher(roots)
    with _captured_warnings() as warnings:
        document = weasyprint.HTML(string=html, base_url=base.resolve().as_uri() + "/", url_fetcher=fetcher).render(
            font_config=fonts or shared_fonts())
    return document, Rendered(len(document.pages), fetcher.refused, list(warnings))


def write_document(document, target: Path, variant: str = PDF_VARIANT) -> list[str]:
    """Write a laid-out document as a PDF; returns WeasyPrint's warnings."""
    with _captured_warnings() as warnings:
        document.write_pdf(target, pdf_variant=variant)
    return list(dict.fromkeys(warnings))


def _no_images(*args, **kwargs):
    raise ValueError("a background image: not placed again")


def place_backgrounds(page_box, box) -> None:
    """Lay out again the backgrounds of a laid-out box and its descendants, which WeasyPrint
    placed where they were (a moved box's would stay behind). Raises ValueError for a background
    image (none of our moved boxes has one: the caller then lays the page out the ordinary way)."""
    from weasyprint.layout.background import layout_box_backgrounds

    layout_box_backgrounds(page_box, box, _no_images)


def anchor_positions(html: str, roots: Sequence[Path], base: Path, fonts=None):
    """Lay out a document (no PDF written) and return where each id'd element starts (its y on
    the first page, in points from the top of the page), what it refused and said, and the
    laid-out document itself."""
    document, rendered = lay_out(html, roots, base, fonts)
    positions = {name: box[1] * 0.75 for name, box in document.pages[0].anchors.items()}  # CSS px -> pt
    return positions, rendered, document


# --- page references without a second layout --------------------------------------------------


def number_pages(document) -> bool:
    """Fill in the page-number placeholders of a laid-out document: each ``PAGE_SLOT`` in the
    generated text after a link (``<a href="#id">``) becomes the page its target starts on.

    A number narrower than the placeholder is moved right by the difference when a leader
    precedes it (the contents: numbers stay flush right), else what follows it on its line moves
    left (a cross-reference in running text: no gap). Returns False, changing nothing, when the
    document is not as expected (a target missing or past page 99, a box unlike WeasyPrint's
    own): the caller then lays it out the ordinary way.
    """
    from weasyprint.formatting_structure import boxes
    from weasyprint.text.line_break import Layout, line_size

    starts: dict[str, int] = {}
    for number, page in enumerate(document.pages, start=1):
        for name in page.anchors:
            starts.setdefault(name, number)
    found: dict[int, tuple] = {}  # by box: the innermost line holding it (an inline-block has lines of its own)
    try:
        for page in document.pages:
            for line in page._page_box.descendants():
                if not isinstance(line, boxes.LineBox):
                    continue
                for box in line.descendants():
                    if (isinstance(box, boxes.TextBox) and (box.element_tag or "").endswith("::after")
                            and PAGE_SLOT in box.text):
                        href = box.element.get("href") or ""
                        target = starts.get(href[1:]) if href.startswith("#") else None
                        if target is None or len(str(target)) > len(PAGE_SLOT) or box.text.count(PAGE_SLOT) != 1:
                            return False
                        found[id(box)] = (line, box, box.text.replace(PAGE_SLOT, str(target)))
        for line, box, text in found.values():
            layout = Layout(box.style, box.pango_layout.justification_spacing)
            layout.set_text(text)
            width, _ = line_size(layout.get_first_line()[0], box.style)
            layout.deactivate()  # drawing sets it up again, as WeasyPrint's own layouts
            narrower = box.width - width
            box.text, box.pango_layout, box.width = text, layout, width
            if _after_leader(line, box):
                box.translate(dx=narrower)
            else:
                _close_up(line, box, narrower, boxes.ParentBox)
    except (AttributeError, TypeError, ValueError, IndexError):  # another WeasyPrint's boxes
        return False
    return True


def _after_leader(line, box) -> bool:
    """Whether a leader (dots to the page number) comes before ``box`` in its line."""
    for child in line.descendants():
        if child is box:
            return False
        if getattr(child, "is_leader", False):
            return True
    return False


def _close_up(parent, box, narrower: float, parent_type) -> bool:
    """Move what follows ``box`` inside ``parent`` left by ``narrower``, and shrink the boxes that
    hold it by as much (a link's clickable area). Returns whether ``box`` is inside ``parent``."""
    found = False
    for child in parent.children:
        if found:
            child.translate(dx=-narrower)
        elif child is box:
            found = True
        elif isinstance(child, parent_type) and _close_up(child, box, narrower, parent_type):
            child.width -= narrower
            found = True
    return found
