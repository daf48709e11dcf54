"""The rulebook PDF step: the only module that imports weasyprint.

WeasyPrint fetches every URL a document names (images, fonts, stylesheets, attachments). Ours
goes through ``GuardedFetcher``, which serves ``data:`` URLs and files inside the allowed folders
(the game's folder and the repository's layouts/) and refuses everything else: other files,
http(s), ftp, anything. Each refusal is recorded so the build can name it; nothing refused is
ever read, so nothing refused can end up embedded in the PDF.
"""
from __future__ import annotations

import base64
import logging
import mimetypes
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, unquote_to_bytes, urlsplit

import weasyprint
from weasyprint.urls import URLFetcher, URLFetcherResponse

from ..limits import limit

PDF_VARIANT = "pdf/ua-1"  # tagged, with the document title and language: text extracts in reading order
MAX_FETCH_BYTES = limit("rulebook_fetch_bytes")


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


class Rendered:
    """The outcome of one PDF: page count, refused URLs (url, why) and WeasyPrint's warnings."""

    def __init__(self, pages: int, refused: list[tuple[str, str]], warnings: list[str]):
        self.pages, self.refused, self.warnings = pages, refused, warnings


def write_pdf(html: str, target: Path, roots: Sequence[Path], base: Path, variant: str = PDF_VARIANT) -> Rendered:
    """Lay out one HTML document and write it as a PDF to target."""
    fetcher = GuardedFetcher(roots)
    with _captured_warnings() as warnings:
        document = weasyprint.HTML(string=html, base_url=base.resolve().as_uri() + "/", url_fetcher=fetcher).render()
        document.write_pdf(target, pdf_variant=variant)
    return Rendered(len(document.pages), fetcher.refused, list(warnings))


def anchor_positions(html: str, roots: Sequence[Path], base: Path) -> tuple[dict[str, float], Rendered]:
    """Lay out a document (no PDF written) and return where each id'd element starts: its y on
    the first page, in points from the top of the page."""
    fetcher = GuardedFetcher(roots)
    with _captured_warnings() as warnings:
        document = weasyprint.HTML(string=html, base_url=base.resolve().as_uri() + "/", url_fetcher=fetcher).render()
    positions = {name: box[1] * 0.75 for name, box in document.pages[0].anchors.items()}  # CSS px -> pt
    return positions, Rendered(len(document.pages), fetcher.refused, list(warnings))
