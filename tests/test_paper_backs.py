"""Card backs against duplex error, read back from the PDFs of real kits on A4 and Letter.

A home duplex printer lands a back up to 1.5 mm off its front. Past every cut of every back, read
from each back's clip and its neighbours': colour, never white paper, for 1.5 mm (its own bleed, a
neighbour's bleed it touches, or its own bleed running off the printable area at the paper's
edge); its own colour for 1.5 mm wherever the paper allows, which is everywhere on A4 and, on
Letter, everywhere but between rows of backs of different colours: there three rows of poker cards
leave 279.4 - 2 x 5 - 3 x 88.9 = 2.7 mm between printable trims, where 1.5 mm a side needs 3 mm a
gutter, so the two row gutters take all 2.7 mm and such a back keeps 0.675 mm of its own colour.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdfcheck import Placed, form_fill, placements
from pypdf import PdfReader

TOL = 0.05
ERROR = 1.5  # mm: how far off a home duplex printer lands a back
PRINTABLE = 5.0
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
POKER_H = 88.9
LETTER_ROW_GUTTER = (PAPERS["letter"][1] - 2 * PRINTABLE - 3 * POKER_H) / 2  # 1.35 mm: the most Letter allows
GAMES = ["bone-strike", "ribbon-of-bone", "runes-and-bones"]


@pytest.fixture(scope="module")
def kits(real_kit) -> dict[tuple[str, str], Path]:
    """Three games' kits on both papers, duplex: the run's shared builds (conftest's real_kit)."""
    return {(game, paper): real_kit(game, paper) for paper in PAPERS for game in GAMES}


def card_sheets(out_dir: Path) -> list[Path]:
    entries = json.loads((out_dir / "kit.json").read_text())["files"]
    return [out_dir / e["path"] for e in entries if e["kind"] in ("card-stock", "deck") and e["layout"] == "duplex"]


SIDES = ("left", "right", "top", "bottom")


def _own(back: Placed, side: str) -> float:
    """The bleed a back shows past its cut on one side (its clip beyond its trim), in mm."""
    x, y, w, h = back.clip
    return {"left": back.x - x, "right": x + w - back.x - back.w,
            "top": back.y - y, "bottom": y + h - back.y - back.h}[side]


def _neighbour(back: Placed, side: str, backs: list[Placed]) -> Placed | None:
    """The back next to ``back`` on ``side`` in its row or column, if any."""
    if side in ("left", "right"):
        row = [b for b in backs if abs(b.y - back.y) < TOL and abs(b.h - back.h) < TOL and b is not back]
        beyond = [b for b in row if (b.x > back.x if side == "right" else b.x < back.x)]
        return min(beyond, key=lambda b: abs(b.x - back.x), default=None)
    column = [b for b in backs if abs(b.x - back.x) < TOL and abs(b.w - back.w) < TOL and b is not back]
    beyond = [b for b in column if (b.y > back.y if side == "bottom" else b.y < back.y)]
    return min(beyond, key=lambda b: abs(b.y - back.y), default=None)


def _gap(back: Placed, side: str, other: Placed) -> float:
    """The distance between the two trims facing each other."""
    return {"left": back.x - other.x - other.w, "right": other.x - back.x - back.w,
            "top": back.y - other.y - other.h, "bottom": other.y - back.y - back.h}[side]


def _touches(back: Placed, side: str, other: Placed) -> bool:
    """The two backs' shown bleeds meet: no paper between them."""
    opposite = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}[side]
    return _own(back, side) + _own(other, opposite) >= _gap(back, side, other) - TOL


def past_every_cut(path: Path):
    """(sheet, side, colour past the cut, own colour past the cut, gap to a differently coloured
    neighbour or None) for every side of every back of a file."""
    reader = PdfReader(path)
    for number, page in enumerate(reader.pages[1::2], start=1):
        backs = placements(page, reader, origin="top")
        colours = {id(b): form_fill(page, b.form) for b in backs}
        for back in backs:
            for side in SIDES:
                own = _own(back, side)
                other = _neighbour(back, side, backs)
                if other is None or not _touches(back, side, other):
                    yield number, side, own, own, None
                    continue
                through = _gap(back, side, other) + (other.w if side in ("left", "right") else other.h)
                same = colours[id(back)] is not None and colours[id(back)] == colours[id(other)]
                yield number, side, through, through if same else own, None if same else _gap(back, side, other)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_back_shows_white_paper_within_a_duplex_error(kits, game, paper):
    checked = 0
    for path in card_sheets(kits[(game, paper)]):
        for sheet, side, coloured, _own_colour, _gap_mm in past_every_cut(path):
            checked += 1
            assert coloured >= ERROR - TOL, (
                f"{game} {path.name} sheet {sheet}: a back shows white paper {coloured:.2f} mm past its {side} cut")
    assert checked


@pytest.mark.parametrize("game", GAMES)
def test_on_a4_every_back_keeps_its_own_colour_past_every_cut(kits, game):
    for path in card_sheets(kits[(game, "a4")]):
        for sheet, side, _coloured, own, _gap_mm in past_every_cut(path):
            assert own >= ERROR - TOL, f"{game} {path.name} sheet {sheet}: {own:.2f} mm of own colour past the {side} cut"


@pytest.mark.parametrize("game", GAMES)
def test_on_letter_only_backs_of_different_colours_across_a_row_gutter_keep_less(kits, game):
    """Everywhere else 1.5 mm of a back's own colour; there the most the paper allows: the row
    gutters take all the 2.7 mm three poker rows leave, half each side."""
    short = 0
    for path in card_sheets(kits[(game, "letter")]):
        for sheet, side, _coloured, own, gap in past_every_cut(path):
            if own >= ERROR - TOL:
                continue
            short += 1
            where = f"{game} {path.name} sheet {sheet}: {own:.2f} mm of own colour past the {side} cut"
            assert side in ("top", "bottom") and gap is not None, where
            assert gap == pytest.approx(LETTER_ROW_GUTTER, abs=TOL), where
            assert own >= LETTER_ROW_GUTTER / 2 - TOL, where
    if game == "ribbon-of-bone":
        assert short  # its lords' backs differ in colour: the case is exercised


@pytest.mark.parametrize("paper", PAPERS)
def test_every_trim_is_printable_and_bleed_runs_off_only_at_the_paper_edge(kits, paper):
    """Cuts stay 5 mm inside the paper; a back's bleed may reach nearer only on the grid's outside."""
    width, height = PAPERS[paper]
    for game in GAMES:
        for path in card_sheets(kits[(game, paper)]):
            reader = PdfReader(path)
            for number, page in enumerate(reader.pages, start=1):
                for face in placements(page, reader, origin="top"):
                    assert PRINTABLE - TOL <= face.x and face.x + face.w <= width - PRINTABLE + TOL, (path.name, number)
                    assert PRINTABLE - TOL <= face.y and face.y + face.h <= height - PRINTABLE + TOL, (path.name, number)
                    x, y, w, h = face.clip
                    assert x >= -TOL and y >= -TOL and x + w <= width + TOL and y + h <= height + TOL


def _mixed_columns(colours: list[str], rows: int) -> int:
    """How many times the colour changes inside a column, cards filling columns ``rows`` deep."""
    return sum(1 for i in range(1, len(colours)) if i % rows and colours[i] != colours[i - 1])


def test_backs_of_one_colour_fill_whole_columns_where_rows_are_tight():
    """Where rows keep too little bleed (Letter), a sheet's cards are put in runs of one back colour
    ordered so runs start columns: never more colour changes inside a column than the runs in the
    order their colours first appear, each run whole and in its own order."""
    import random

    from generator.paper.impose import colour_columns
    from generator.scene.compose import CardFaces
    from generator.scene.nodes import Rect, Scene

    rng = random.Random(14)
    backs = {c: Scene(180, 252, (Rect(-9, -9, 198, 270, fill=c),), 9, c) for c in ("#aa0000", "#00aa00", "#0000aa", "#777777")}
    for _ in range(200):
        deck = [rng.choice(list(backs)) for _ in range(rng.randint(1, 30))]
        copies = [CardFaces("d", f"c{i}", f"c{i}", 1, backs[c], backs[c]) for i, c in enumerate(deck)]
        arranged = colour_columns(copies, 3)
        assert sorted(c.card for c in arranged) == sorted(c.card for c in copies)
        colours = [c.back.key for c in arranged]
        first_seen = sorted(copies, key=lambda c: list(dict.fromkeys(deck)).index(c.back.key))
        assert _mixed_columns(colours, 3) <= _mixed_columns([c.back.key for c in first_seen], 3)
        for colour in backs:
            run = [i for i, c in enumerate(colours) if c == colour]
            assert run == list(range(run[0], run[0] + len(run))) if run else True  # one run
            assert [c.card for c in arranged if c.back.key == colour] == [c.card for c in copies if c.back.key == colour]
