"""Atomic file writes: a temporary file beside the target, moved into place only on success.

A failed or interrupted write never leaves a truncated file and never destroys the previous
good one. Light on purpose (stdlib only), so the referee can use it too.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_UMASK = os.umask(0)
os.umask(_UMASK)


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside target; move it into place only if the block succeeds."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    temp_path = Path(temp)
    try:
        yield temp_path
        os.chmod(temp_path, 0o666 & ~_UMASK)  # mkstemp makes 0600; give the file normal permissions
        os.replace(temp_path, target)
    finally:
        if temp_path.exists():
            temp_path.unlink()


def write_text_atomic(target: Path, text: str) -> None:
    with atomic_path(target) as temp:
        temp.write_text(text, encoding="utf-8")
