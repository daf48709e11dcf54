"""A font's cmap is held compactly (generator.model.fonts.CharMap: two sorted arrays, not a dict
of Python ints) and answers exactly as the cmap read from the file does (issue 13)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.model.fonts import CharMap, read_cmap, read_font, table_directory
from generator.paths import LAYOUTS_DIR
from generator.scene.fonts import FontMetrics

LATO = sorted((LAYOUTS_DIR / "fonts").glob("Lato-*.ttf"))


@pytest.mark.parametrize("path", LATO, ids=lambda p: p.stem)
def test_the_compact_cmap_answers_as_the_file_s_cmap_for_every_code_point(path: Path):
    data = path.read_bytes()
    mapping = read_cmap(data, table_directory(data)["cmap"][0])
    compact = read_font(path).cmap
    assert isinstance(compact, CharMap) and len(compact) == len(mapping) > 2000
    for code in range(0x3_0000):  # the planes any font here maps, and past them
        assert compact.get(code, -1) == mapping.get(code, -1)
        assert (code in compact) == (code in mapping)
    held = sys.getsizeof(compact.codes) + sys.getsizeof(compact.glyphs)
    assert held < 16 * len(mapping)  # a dict of ints: ~100 bytes an entry


def test_metrics_find_missing_characters_and_widths_through_the_compact_cmap():
    metrics = FontMetrics(LAYOUTS_DIR / "fonts" / "Lato-Regular.ttf")
    assert metrics.missing("Strike \u2603 twice \U0001F480 é") == {"\u2603", "\U0001F480"}
    assert metrics.missing("Strike \u2603") == {"\u2603"}  # answered again from what was asked
    assert 0 < metrics.char_width("i") < metrics.char_width("W") < 1.5
