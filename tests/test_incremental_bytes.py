"""An incremental build is the kit a cold build of the same data makes, byte for byte (issue 13).

Bone Strike gangs three decks and its health markers into one card-stock file: one card's text
changed rewrites that file and that card's SVG face, keeps the rest, and the kit that results is
the very kit a build from nothing writes. Its fingerprints stand for each scene by its content
key (kit/state.py), so an edit the key misses would show here as a kept file that differs."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.kit.build import build_kits
from generator.kit.state import STATE
from generator.model.loader import load
from generator.options import BuildOptions

REPO = Path(__file__).resolve().parents[1]
GANGED = "card-stock-double-sided-a4.pdf"


def build(game: Path, out: Path, formats: tuple[str, ...]):
    results, problems = build_kits([load(game)], BuildOptions(out_dir=out, formats=formats, rulebook=False, jobs=1))
    assert not problems
    return results[0]


def kit_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != STATE}


def pdf_shows(path: Path, text: str) -> bool:
    """Whether a page of the PDF shows ``text`` (runs of white space read as one space). Pages are
    read until one does: pypdf reads each page's fonts again, seconds for the whole ganged file."""
    return any(text in " ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages)


# PDF alone: a deck's fronts are planned, not kept, and composed again as their sheet is drawn.
@pytest.mark.parametrize("formats", [("pdf", "svg"), ("pdf",)], ids=["pdf+svg", "pdf"])
def test_one_card_changed_gives_the_kit_a_cold_build_gives(tmp_path, formats):
    game = tmp_path / "bone-strike"
    shutil.copytree(REPO / "content" / "bone-strike", game)
    first = build(game, tmp_path / "incremental", formats)
    assert GANGED in {f.path for f in first.files}, "Bone Strike's decks should share one card-stock file"
    before = kit_bytes(first.out_dir)
    cards = game / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    # The first card's text (a faction's), with a character outside ASCII: the PDF's font subsets number
    # those in the order they are first drawn, so every page after it depends on this edit too.
    edited = text.replace('text: "', 'text: "Edited \u2013 ', 1)
    assert edited != text
    cards.write_text(edited, encoding="utf-8")

    second = build(game, tmp_path / "incremental", formats)
    after = kit_bytes(second.out_dir)
    changed = {path for path in after if before.get(path) != after[path]}
    assert GANGED in second.rebuilt and GANGED in changed
    svgs = {path for path in second.rebuilt if path.startswith("svg/")}
    if "svg" in formats:
        assert len(svgs) == 1 and "Edited" in after[svgs.pop()].decode()  # only the changed card's face is drawn
    else:
        assert not svgs
    assert not {"dice-nets-a4.pdf", "die-faces-a4.pdf"} & set(second.rebuilt)  # untouched outputs kept
    assert pdf_shows(second.out_dir / GANGED, "Edited \u2013")

    cold = build(game, tmp_path / "cold", formats)
    assert set(cold.rebuilt) >= set(second.rebuilt)
    cold_bytes = kit_bytes(cold.out_dir)
    assert sorted(after) == sorted(cold_bytes)
    assert [path for path in after if after[path] != cold_bytes[path]] == []
    # And built again unchanged, nothing is drawn: every output, the ganged one too, has a fingerprint
    # (a plan that cannot be pickled has none and is rebuilt every time).
    assert build(game, tmp_path / "cold", formats).rebuilt == []
