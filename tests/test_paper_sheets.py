"""Card-stock sheets per kit, duplex and gutterfold, on A4 and Letter.

As a test: a gutterfold kit's cards take the fewest sheets their grid allows (every card sheet but
the last is full), with card-sized pieces counted as cards. Run as a script, it prints the table of
sheets per game that issue 14 asks for (`.venv/bin/python tests/test_paper_sheets.py`).
"""
from __future__ import annotations

import json
import math
import sys
import tempfile
from pathlib import Path

import pytest

from generator.kit.build import build_game
from generator.model.loader import load
from generator.options import BuildOptions

GAMES = ["bone-strike", "rattlebones", "ribbon-of-bone", "runeblade", "runes-and-bones"]
CARD_STOCK = {"card-stock", "deck", "tokens", "mat"}


def sheets(out_dir: Path) -> int:
    """Card-stock sheets of a built kit, from kit.json (a duplex file has two pages a sheet)."""
    entries = json.loads((out_dir / "kit.json").read_text())["files"]
    return sum(e["pages"] // 2 if e["layout"] == "duplex" else e["pages"]
               for e in entries if e["kind"] in CARD_STOCK and e["path"].endswith(".pdf"))


def build(game: str, paper: str, layout: str, out: Path) -> Path:
    return build_game(load(game), BuildOptions(paper=paper, layout=layout, formats=("pdf",), rulebook=False,
                                               out_dir=out)).out_dir


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["bone-strike", "runes-and-bones"])
def test_gutterfold_cards_fill_every_sheet_but_the_last(real_kit, game, paper):
    from pdfcheck import placements
    from pypdf import PdfReader

    out = real_kit(game, paper, "gutterfold")
    entry = next(e for e in json.loads((out / "kit.json").read_text())["files"] if e["kind"] == "card-stock")
    reader = PdfReader(out / entry["path"])
    per_page = [len(placements(page, reader)) // 2 for page in reader.pages]  # fronts and backs both tagged
    holding = [n for n in per_page if n]
    assert holding and all(n == holding[0] for n in holding[:-1])
    assert len(holding) == math.ceil(sum(holding) / holding[0])


if __name__ == "__main__":
    base = Path(tempfile.mkdtemp(prefix="sheets-"))
    columns = [(layout, paper) for layout in ("duplex", "gutterfold") for paper in ("a4", "letter")]
    print(f"{'card-stock sheets':18}" + "".join(f"{layout + ' ' + paper:>18}" for layout, paper in columns))
    for game in sys.argv[1:] or GAMES:
        counts = [sheets(build(game, paper, layout, base / f"{layout}-{paper}")) for layout, paper in columns]
        print(f"{game:18}" + "".join(f"{n:>18}" for n in counts))
