"""Raster card art (PNG, JPEG): checked and measured from the file header, without Pillow.

Layout needs an image's pixel size to fit it into its box; reading the header keeps imaging
libraries out of the layout step (the PDF backend's reportlab embeds the pixels).
"""
from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

from ..limits import limit

MAX_IMAGE_BYTES = limit("image_bytes")


class ImageError(ValueError):
    pass


MAX_IMAGE_PIXELS = limit("image_pixels")


@lru_cache(maxsize=512)
def image_size(path: Path) -> tuple[int, int]:
    """(width, height) in pixels of a PNG or JPEG file: neither may be 0, and their product is
    limited before anything decodes the pixels (a small file can hold a decompression bomb)."""
    width, height = _header_size(path)
    if width <= 0 or height <= 0:
        raise ImageError(f"{path.name} is {width} x {height} pixels: an image needs at least one pixel")
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageError(f"{path.name} is {width:,} x {height:,} pixels; images are limited to "
                         f"{MAX_IMAGE_PIXELS:,} pixels (a decompression bomb?)")
    return width, height


def game_image(relative: str, root: Path) -> Path:
    """The image a card field or a piece names: inside the game folder ``root``, existing, a real
    PNG or JPEG (measured, so a damaged or oversized one is refused here). The loader checked it
    too; a build from a game changed since is refused the same way."""
    root = root.resolve()
    path = (root / relative).resolve()
    if not path.is_relative_to(root):
        raise ImageError(f"image '{relative}' leads outside the game folder")
    if not path.is_file():
        raise ImageError(f"image '{relative}' does not exist in the game folder")
    image_size(path)
    return path


def _header_size(path: Path) -> tuple[int, int]:
    try:
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            raise ImageError(f"{path.name} is {size // 1_048_576} MB; images are limited to {MAX_IMAGE_BYTES // 1_048_576} MB")
        with path.open("rb") as handle:
            head = handle.read(32)
            handle.seek(max(0, size - 4096))
            tail = handle.read()
            if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
                width, height = struct.unpack(">II", head[16:24])
                if len(head) < 24 or b"IEND\xaeB`\x82" not in tail:  # truncated: the pixels end early
                    raise ImageError(f"{path.name} is a damaged PNG: it ends before its last chunk (IEND)")
                return width, height
            if head.startswith(b"\xff\xd8"):
                width, height = _jpeg_size(handle, path)
                if b"\xff\xd9" not in tail:
                    raise ImageError(f"{path.name} is a damaged JPEG: it ends before its end marker")
                return width, height
    except OSError as exc:
        raise ImageError(f"cannot read {path.name}: {exc.strerror}") from None
    raise ImageError(f"{path.name} is not a PNG or JPEG image")


def _jpeg_size(handle, path: Path) -> tuple[int, int]:
    """The frame header's size, once the scan (the pixel data) is seen to follow it."""
    handle.seek(2)
    size = None
    while True:
        marker = handle.read(2)
        if len(marker) < 2 or marker[0] != 0xFF:
            break
        code = marker[1]
        if code in (0xD8, 0x01) or 0xD0 <= code <= 0xD7:
            continue
        length_bytes = handle.read(2)
        if len(length_bytes) < 2:
            break
        length = struct.unpack(">H", length_bytes)[0]
        if code in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            frame = handle.read(5)
            if len(frame) < 5:
                break
            _precision, height, width = struct.unpack(">BHH", frame)
            size = (width, height)
            handle.seek(length - 7, 1)
            continue
        if code == 0xDA:  # start of scan: the pixels follow
            if size is None:
                break
            return size
        handle.seek(length - 2, 1)
    if size is None:
        raise ImageError(f"{path.name} is a damaged JPEG: it has no frame header")
    raise ImageError(f"{path.name} is a damaged JPEG: it has no image data")


def fitted(size: tuple[int, int], box: tuple[float, float, float, float], fit: str) -> tuple[float, float, float, float]:
    """Where an image of this pixel size lands in a box: 'contain' shows all of it, 'cover'
    fills the box (the part outside is clipped), both centred and with the aspect kept."""
    x, y, w, h = box
    iw, ih = size
    scale = (min if fit == "contain" else max)(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    return x + (w - dw) / 2, y + (h - dh) / 2, dw, dh
