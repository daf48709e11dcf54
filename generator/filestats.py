"""Stat-only fingerprints of folders: has anything in them changed since we last looked?

Used by `cards watch` (rebuild on change) and by the referee's rules index (rebuild the cache
only when the game changed), so it is stdlib-only and imports nothing else of Boneyard.
"""
from __future__ import annotations

import os
from pathlib import Path


def file_stats(root: Path) -> list[tuple[str, int, int]]:
    """(path relative to root, size, mtime in ns) of every file below root, hidden folders
    skipped (as the loader skips them), in a stable order."""
    stats = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            try:
                st = os.stat(path)
            except OSError:
                continue  # removed while we walked: the next look sees it gone
            stats.append((os.path.relpath(path, root), st.st_size, st.st_mtime_ns))
    return stats
