"""Built-in layouts are read and validated once per process, and again when one of their files changes."""
from __future__ import annotations

import os

from generator.model import extends
from generator.model.loader import load
from generator.new_game import TEMPLATE
from generator.paths import LAYOUTS_DIR


def _builtin_reads(monkeypatch) -> list:
    reads: list = []
    real = extends.read_yaml

    def counting(path, *args, **kwargs):
        if LAYOUTS_DIR in path.parents:
            reads.append(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(extends, "read_yaml", counting)
    return reads


def test_a_second_load_reads_no_builtin_layout_until_one_changes(monkeypatch):
    first = load(TEMPLATE)
    reads = _builtin_reads(monkeypatch)
    second = load(TEMPLATE)
    assert reads == []
    assert second.layouts.keys() == first.layouts.keys() and second.layouts == first.layouts

    poker = LAYOUTS_DIR / "cards" / "poker.yaml"
    stat = poker.stat()
    try:
        os.utime(poker, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # same bytes, a new stamp
        third = load(TEMPLATE)
    finally:
        os.utime(poker, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert poker in reads and third.layouts == first.layouts
