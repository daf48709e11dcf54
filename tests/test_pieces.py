"""Read back the pieces a build writes: tiled boards, die-face stickers, cube nets, token backs,
sheets, and that every printable component of every game lands in some file.

Geometry comes from the PDF content stream: every piece face is wrapped in a /Piece marked-content
sequence stating its trim size (and, for boards, the region of the board the page carries),
drawn at the translation in force, inside the clip rectangle set just before it.
"""
from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from pdfcheck import fonts, page_operations, text_pages
from pypdf import PdfReader

from generator.errors import BuildError, GameDataError
from generator.kit.build import build_game, build_pieces
from generator.kit.files import WrittenFile
from generator.model.loader import load
from generator.new_game import TEMPLATE
from generator.options import BuildOptions
from generator.paper.sizes import PAPER_MM

PT = 25.4 / 72
TOL = 0.05  # mm
GAMES = ["rattlebones", "bone-strike", "runeblade", "ribbon-of-bone", "runes-and-bones"]


@dataclass(frozen=True)
class Piece:
    x: float  # trim corner, mm, PDF coordinates (y up)
    y: float
    w: float
    h: float
    bleed: float
    props: dict
    clip: tuple[float, float, float, float] | None


def pieces_on(page, reader) -> list[Piece]:
    found, stack, ctm, clip, pending_rect, open_piece = [], [], (0.0, 0.0), None, None, None
    for operands, op in page_operations(page, reader):
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"re":
            pending_rect = tuple(float(v) for v in operands)
        elif op in (b"W", b"W*") and pending_rect is not None:
            x, y, w, h = pending_rect
            clip = (ctm[0] + x, ctm[1] + y, w, h)
        elif op == b"cm":
            ctm = (ctm[0] + float(operands[4]), ctm[1] + float(operands[5]))
        elif op == b"BDC" and operands[0] == "/Piece":
            props = {str(k)[1:]: v for k, v in operands[1].items()}
            w, h = (float(v) * PT for v in props["Trim"])
            open_piece = Piece(ctm[0] * PT, ctm[1] * PT, w, h, float(props["Bleed"]) * PT, props,
                               tuple(v * PT for v in clip) if clip else None)
        elif op == b"EMC" and open_piece is not None:
            found.append(open_piece)
            open_piece = None
    return found


def pdf_of(files, out: Path, start: str) -> tuple[PdfReader, object]:
    entry = next(f for f in files if f.path.startswith(start) and f.path.endswith(".pdf"))
    return PdfReader(out / entry.path), entry


def text_of(files, out: Path, start: str) -> list[str]:
    """Each page's text of the PDF whose name starts with ``start`` (pdfcheck.text_pages)."""
    entry = next(f for f in files if f.path.startswith(start) and f.path.endswith(".pdf"))
    return text_pages(out / entry.path)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("pieces")
    results = {}
    for game in GAMES:
        loaded = load(game)
        results[game] = (build_pieces(loaded, BuildOptions(formats=("pdf",), out_dir=base / "a4")), base / "a4" / game)
    loaded = load("rattlebones")
    results["letter"] = (build_pieces(loaded, BuildOptions(paper="letter", formats=("pdf",), out_dir=base / "letter")),
                         base / "letter" / "rattlebones")
    results["offset"] = (build_pieces(load("runes-and-bones"), BuildOptions(formats=("pdf",), back_offset=(1.5, -0.5),
                                                                      out_dir=base / "offset")),
                         base / "offset" / "runes-and-bones")
    return results


# --- boards ---------------------------------------------------------------------------------


def board_tiles(reader) -> list[Piece]:
    return [p for page in reader.pages for p in pieces_on(page, reader) if "Tile" in p.props]


@pytest.mark.parametrize("key", ["rattlebones", "letter"])
def test_tiled_board_pages_overlap_by_the_margin_and_cover_the_board_exactly(built, key):
    files, out = built[key]
    reader, entry = pdf_of(files, out, "board-")
    tiles = board_tiles(reader)
    assert entry.layout == "tiled" and len(tiles) > 1
    assert len(reader.pages) == len(tiles) + 1  # the assembly map comes first
    board_w, board_h = tiles[0].w, tiles[0].h
    assert (board_w, board_h) == pytest.approx((420.0, 297.0), abs=TOL)
    regions = {}
    for tile in tiles:
        x, y, w, h = (float(v) * PT for v in tile.props["Region"])
        regions[str(tile.props["Tile"])] = (x, y, w, h)
    xs = sorted({r[0] for r in regions.values()})
    ys = sorted({r[1] for r in regions.values()})
    cols, rows = len(xs), len(ys)
    assert cols * rows == len(tiles)
    by_grid = {(round(r[0], 3), round(r[1], 3)): r for r in regions.values()}
    for c in range(cols):
        for r in range(rows):
            x, y, w, h = by_grid[(round(xs[c], 3), round(ys[r], 3))]
            if c + 1 < cols:  # the next column starts 10 mm before this one ends
                assert x + w - xs[c + 1] == pytest.approx(10.0, abs=TOL)
            if r + 1 < rows:
                assert y + h - ys[r + 1] == pytest.approx(10.0, abs=TOL)
    # The union is the board: from 0 to its full width and height, nothing beyond.
    assert min(xs) == pytest.approx(0.0, abs=TOL) and min(ys) == pytest.approx(0.0, abs=TOL)
    assert max(r[0] + r[2] for r in regions.values()) == pytest.approx(board_w, abs=TOL)
    assert max(r[1] + r[3] for r in regions.values()) == pytest.approx(board_h, abs=TOL)


@pytest.mark.parametrize("key", ["rattlebones", "letter"])
def test_each_sheet_shows_exactly_its_region_plus_bleed_on_the_board_edges_and_fits_the_paper(built, key):
    files, out = built[key]
    reader, entry = pdf_of(files, out, "board-")
    paper_w, paper_h = PAPER_MM[entry.paper]
    for page in reader.pages[1:]:
        (tile,) = [p for p in pieces_on(page, reader) if "Tile" in p.props]
        x, y, w, h = (float(v) * PT for v in tile.props["Region"])
        # The clip, taken back to board coordinates (y down), is the region widened by the bleed
        # only where the region touches the board's outer edge.
        cx, cy, cw, ch = tile.clip
        left = x - (cx - tile.x)
        right = (cx + cw - tile.x) - (x + w)
        top_pdf = cy + ch - (tile.y + tile.h)  # above the board's top edge in PDF space
        board_top = -top_pdf  # region top in board coordinates, minus any bleed shown
        bottom = (tile.y + tile.h - cy) - (y + h)
        assert left == pytest.approx(tile.bleed if x < TOL else 0.0, abs=TOL)
        assert right == pytest.approx(tile.bleed if x + w > tile.w - TOL else 0.0, abs=TOL)
        assert board_top == pytest.approx(y - (tile.bleed if y < TOL else 0.0), abs=TOL)
        assert bottom == pytest.approx(tile.bleed if y + h > tile.h - TOL else 0.0, abs=TOL)
        page_w, page_h = float(page.mediabox.width) * PT, float(page.mediabox.height) * PT
        assert sorted((page_w, page_h)) == pytest.approx(sorted((paper_w, paper_h)), abs=TOL)
        assert cx >= 5 and cy >= 5 and cx + cw <= page_w - 5 and cy + ch <= page_h - 5  # clear of the unprintable edge


def test_board_size_fit_puts_the_board_on_one_page_and_a_size_scales_it(tmp_path):
    loaded = load("rattlebones")
    fit = build_pieces(loaded, BuildOptions(formats=("pdf",), board_size="fit", only=("board",), out_dir=tmp_path / "fit"))
    reader, entry = pdf_of(fit, tmp_path / "fit" / "rattlebones", "board-")
    assert len(reader.pages) == 1 and entry.layout == "single page"
    (board,) = pieces_on(reader.pages[0], reader)
    assert board.w / board.h == pytest.approx(420 / 297, abs=1e-3)
    page_w = float(reader.pages[0].mediabox.width) * PT
    assert board.w + 2 * board.bleed <= page_w - 16 + TOL
    big = build_pieces(loaded, BuildOptions(formats=("pdf",), board_size="600", only=("board",), out_dir=tmp_path / "big"))
    reader, _ = pdf_of(big, tmp_path / "big" / "rattlebones", "board-")
    tiles = board_tiles(reader)
    assert tiles[0].w == pytest.approx(600.0, abs=TOL) and tiles[0].h == pytest.approx(600 * 297 / 420, abs=TOL)
    assert len(tiles) > 4


def test_bad_board_size_is_a_clear_error(tmp_path):
    with pytest.raises(BuildError, match="board size 'huge'.*fit"):
        build_pieces(load("rattlebones"), BuildOptions(board_size="huge", out_dir=tmp_path))


# --- die faces and nets -------------------------------------------------------------------------


@pytest.mark.parametrize("size", [BuildOptions().die_size, 19.0])
def test_every_die_face_sticker_measures_the_die_size(tmp_path, built, size):
    for game in ("rattlebones", "bone-strike"):
        if size == BuildOptions().die_size:  # the default: the module's builds (``built``) are at it
            files, out = built[game]
        else:
            files, out = build_pieces(load(game), BuildOptions(formats=("pdf",), die_size=size, out_dir=tmp_path)), tmp_path / game
        reader, _ = pdf_of(files, out, "die-faces-")
        stickers = [p for page in reader.pages for p in pieces_on(page, reader)]
        assert stickers
        for sticker in stickers:
            assert sticker.w == pytest.approx(size, abs=TOL) and sticker.h == pytest.approx(size, abs=TOL)
        if game == "rattlebones":  # 72 pip sides + 180 action sides + the gamble die's 6 faces
            assert len(stickers) == 72 + 180 + 6
        else:  # 16 dice (6 red, 4 white, 3 black, 3 time) of six faces
            assert len(stickers) == 16 * 6


def test_cube_net_faces_are_squares_of_the_die_size_laid_out_as_a_cross(built):
    files, out = built["bone-strike"]
    reader, _ = pdf_of(files, out, "dice-nets-")
    faces = [p for page in reader.pages for p in pieces_on(page, reader)]
    assert len(faces) == 16 * 6
    for start in range(0, len(faces), 6):
        net = faces[start:start + 6]
        for face in net:
            assert face.w == pytest.approx(16.0, abs=TOL) and face.h == pytest.approx(16.0, abs=TOL)
        # Face 1 in the middle of the strip; 2 above it, 5 below, 4 left, 3 and 6 to the right.
        one = net[0]
        offsets = [((f.x - one.x) / 16.0, (f.y - one.y) / 16.0) for f in net]
        expected = [(0, 0), (0, 1), (1, 0), (-1, 0), (0, -1), (2, 0)]  # PDF y is up
        assert offsets == [pytest.approx(e, abs=TOL / 16) for e in expected]


# --- tokens ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("key,offset", [("runes-and-bones", (0.0, 0.0)), ("offset", (1.5, -0.5))])
def test_token_backs_align_with_their_fronts_after_a_long_edge_flip(built, key, offset):
    files, out = built[key]
    reader, entry = pdf_of(files, out, "tokens-double-sided-")
    assert entry.layout == "duplex" and len(reader.pages) % 2 == 0
    checked = 0
    for front_page, back_page in zip(reader.pages[0::2], reader.pages[1::2]):
        page_w = float(front_page.mediabox.width) * PT
        fronts, backs = pieces_on(front_page, reader), pieces_on(back_page, reader)
        assert len(fronts) == len(backs) > 0
        for front, back in zip(fronts, backs):
            assert str(front.props["Side"]) == "front" and str(back.props["Side"]) == "back"
            assert (back.w, back.h) == pytest.approx((front.w, front.h), abs=TOL)
            # Turned over about the vertical axis, the back's right edge lands on the front's left.
            flipped_x = page_w - (back.x + back.w)
            assert flipped_x == pytest.approx(front.x - offset[0], abs=TOL)
            assert back.y == pytest.approx(front.y - offset[1], abs=TOL)  # the offset is y down; PDF is y up
            checked += 1
    assert checked == 80 + 24  # bones and bundles of five


def test_standees_and_tiles_are_single_sided_and_counted(built):
    files, out = built["rattlebones"]
    reader, entry = pdf_of(files, out, "tokens-")
    assert entry.layout == "punch-out"
    placed = [p for page in reader.pages for p in pieces_on(page, reader)]
    count = {}
    for p in placed:
        count[str(p.props["Id"])] = count.get(str(p.props["Id"]), 0) + 1
    # Standees print two panels each (front and turned back); the rest one face each.
    assert count == {"board-tiles": 12, "monkey-pawns": 24, "mouse-markers": 8, "rattlebones-pawn": 2, "train": 2,
                     "gold": 20, "stars": 20, "stock-tickets": 5}
    tiles = [p for p in placed if str(p.props["Id"]) == "board-tiles"]
    assert all(t.w == pytest.approx(58.0, abs=TOL) for t in tiles)


# --- every component ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_printable_component_is_in_a_file(real_kit, game):
    """Read from the run's shared A4 duplex PDF kits (conftest's real_kit: build_game's decks, then
    every piece, as a default `cards build --format pdf` writes them), listed by their kit.json."""
    loaded = load(game)
    out = real_kit(game)
    files = [WrittenFile(**entry) for entry in json.loads((out / "kit.json").read_text(encoding="utf-8"))["files"]]
    covered = {c for f in files for c in f.components}
    for component in loaded.game.components:
        if component.source == "print":
            assert component.id in covered or component.ref in covered, component.id
    for entry in files:
        assert (out / entry.path).is_file()
        if not entry.path.endswith(".pdf"):
            continue
        reader = PdfReader(out / entry.path)
        assert len(reader.pages) == entry.pages
        assert all(embedded for _name, embedded in fonts(reader))  # text stays text, in the shipped font


def test_printing_md_lists_every_file_and_what_to_gather(tmp_path):
    loaded = load("ribbon-of-bone")
    options = BuildOptions(out_dir=tmp_path)
    files = build_game(loaded, options).files  # the build writes PRINTING.md last
    entry = next(f for f in files if f.path == "PRINTING.md")
    text = (tmp_path / "ribbon-of-bone" / entry.path).read_text()
    for f in files:
        if f.path.endswith(".pdf"):
            assert f"`{f.path}`" in text
    for component in loaded.game.components:
        if component.source == "gather":
            assert component.name in text.split("## What to gather")[1]
    assert "double-sided, flip on the long edge" in text and "100 %" in text
    assert "svg/" in text


# --- sheets --------------------------------------------------------------------------------------


def test_sheets_carry_their_data_as_text(built):
    files, out = built["runeblade"]
    text = text_of(files, out, "wielder-sheet-")[0]
    for words in ("Determination", "Blade-Bound", "Endgame", "White: 4", "Scene opened this session"):
        assert words in text
    files, out = built["runes-and-bones"]
    text = text_of(files, out, "six-round-score-sheet-")[0]
    assert all(f"Player {n}" in text for n in range(1, 7)) and "6 x players" in text


def test_a_card_sized_sheet_with_a_back_is_double_sided_and_card_sized(built):
    files, out = built["bone-strike"]
    reader, entry = pdf_of(files, out, "health-marker-")
    assert entry.layout == "duplex" and len(reader.pages) == 2
    fronts, backs = pieces_on(reader.pages[0], reader), pieces_on(reader.pages[1], reader)
    assert len(fronts) == len(backs) == 4
    for card in fronts + backs:
        assert (card.w, card.h) == pytest.approx((63.5, 88.9), abs=TOL)
    texts = text_of(files, out, "health-marker-")
    assert "20" in texts[0] and "Bone Strike" in texts[1]


@pytest.fixture
def designer_game(tmp_path) -> Path:
    """The starter game with a sheet and the designer's own sheet layout: no code involved."""
    folder = tmp_path / "designer" / "my-game"
    shutil.copytree(TEMPLATE, folder)
    (folder / "sheets.yaml").write_text(
        "sheets:\n"
        "  - id: tally\n    name: Tally sheet\n    count: 2\n    layout: tally\n"
        "    rounds: [First, Second, Third]\n")
    (folder / "layouts" / "sheets").mkdir(parents=True)
    (folder / "layouts" / "sheets" / "tally.yaml").write_text(
        "size: A6\n"
        "regions:\n"
        "  - {id: title, kind: text, box: [8, 8, 89, 10], value: '{{ sheet.name }} ({{ copy }} of {{ copies }})'}\n"
        "  - id: rounds\n    kind: repeat\n    each: sheet.rounds\n    direction: down\n    box: [8, 20, 89, 60]\n"
        "    regions:\n"
        "      - {id: name, kind: text, box: [0, 0, 30, 8], value: '{{ item }} round'}\n"
        "      - {id: marks, kind: boxes, box: [30, 0, 59, 8], count: 6, square: true}\n")
    return folder


def test_a_designer_adds_a_sheet_with_a_layout_file_and_no_code(tmp_path, designer_game):
    files = build_pieces(load(designer_game), BuildOptions(formats=("pdf", "svg"), out_dir=tmp_path / "out"))
    out = tmp_path / "out" / "my-game"
    reader, entry = pdf_of(files, out, "tally-")
    assert entry.components == ["tally"]
    text = text_of(files, out, "tally-")[0]
    assert "Tally sheet (1 of 2)" in text and "Tally sheet (2 of 2)" in text and "Third round" in text
    sheets = pieces_on(reader.pages[0], reader)
    assert [(s.w, s.h) for s in sheets] == [pytest.approx((105.0, 148.0), abs=TOL)] * 2
    svgs = [f for f in files if f.path.startswith("svg/tally/")]
    assert len(svgs) == 2  # the two copies differ ("1 of 2", "2 of 2")
    root = ET.parse(out / svgs[0].path).getroot()
    assert root.get("width") == "105.000mm"


def test_a_bad_sheet_layout_is_reported_with_its_file_and_line(tmp_path, designer_game):
    layout = designer_game / "layouts" / "sheets" / "tally.yaml"
    layout.write_text(layout.read_text().replace("kind: boxes", "kind: boxen"))
    with pytest.raises(GameDataError) as caught:
        build_pieces(load(designer_game), BuildOptions(formats=("pdf",), out_dir=tmp_path / "out"))
    report = str(caught.value)
    assert "tally.yaml:" in report and "boxen" in report


def test_sheet_text_that_cannot_fit_names_the_sheet_and_region(tmp_path, designer_game):
    sheets = designer_game / "sheets.yaml"
    sheets.write_text(sheets.read_text().replace("name: Tally sheet", "name: " + "Very long title " * 30))
    with pytest.raises(BuildError, match="sheet 'tally', layout 'tally'.*region 'title'.*does not fit"):
        build_pieces(load(designer_game), BuildOptions(formats=("pdf",), out_dir=tmp_path / "out"))
    assert not (tmp_path / "out" / "my-game").exists()  # nothing written when composing fails


# --- options ---------------------------------------------------------------------------------------


def test_only_builds_the_named_pieces_under_a_name_of_their_own(tmp_path):
    loaded = load("rattlebones")
    files = build_pieces(loaded, BuildOptions(formats=("pdf",), only=("gold", "stars"), out_dir=tmp_path))
    assert [f.path for f in files] == ["tokens-gold-stars-a4.pdf"]
    reader = PdfReader(tmp_path / "rattlebones" / files[0].path)
    ids = {str(p.props["Id"]) for page in reader.pages for p in pieces_on(page, reader)}
    assert ids == {"gold", "stars"}
    # A component id selects what it is made from; a deck id selects no piece.
    assert [f.path for f in build_pieces(loaded, BuildOptions(formats=("pdf",), only=("player-dice",),
                                                           out_dir=tmp_path))] == ["die-mat-a4.pdf"]
    with pytest.raises(BuildError, match="--only glod.*gold"):
        build_pieces(loaded, BuildOptions(only=("glod",), out_dir=tmp_path))


def test_ink_saver_drops_full_backgrounds(tmp_path):
    from generator.pieces.board import drawn_board
    from generator.scene.draw import Ink
    from generator.scene.nodes import Rect, walk_nodes

    loaded = load("rattlebones")
    board = next(p for p in loaded.game.boards if p.id == "board")

    def covering(scene):
        area = scene.width * scene.height
        return [n for n in walk_nodes(scene.nodes) if isinstance(n, Rect) and n.fill and n.w * n.h >= 0.5 * area]

    assert covering(drawn_board(board, loaded.game, Ink(False), 1.0, 3.0))
    assert not covering(drawn_board(board, loaded.game, Ink(True), 1.0, 3.0))
    files = build_pieces(loaded, BuildOptions(formats=("pdf",), ink_saver=True, only=("gold",), out_dir=tmp_path))
    assert files and files[0].pages == 1


def test_svg_board_is_the_whole_board_at_its_finished_size(tmp_path):
    files = build_pieces(load("rattlebones"), BuildOptions(formats=("svg",), only=("board",), out_dir=tmp_path))
    (entry,) = [f for f in files if f.path.endswith(".svg")]
    root = ET.parse(tmp_path / "rattlebones" / entry.path).getroot()
    assert root.get("width") == "426.000mm" and root.get("height") == "303.000mm"  # 420 x 297 + 3 mm bleed
    text = "".join(root.itertext())
    assert "Start / Store" in text and "65" in text
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f".//{ns}circle")) >= 8  # the train track's spaces
    assert any("stroke-dasharray" in e.attrib for e in root.iter(f"{ns}polygon"))  # the tile slots
    assert any(e.get("transform", "").startswith("translate") for e in root.iter(f"{ns}g"))


@pytest.mark.parametrize("yaml_text,expected", [
    ("tokens:\n  - {id: coin, name: Coin, count: 3, shape: circle}\n", r"pieces.yaml:2:\d+: tokens\[0\]: no size_mm: add size_mm"),
    ("tokens:\n  - {id: coin, name: Coin, count: 5, size_mm: 20, colours: [red, blue], per_colour: 2}\n",
     r"pieces.yaml:2:\d+: tokens\[0\].count: its faces/kinds/colours add up to 4 pieces but count says 5"),
    ("boards:\n  - {id: map, name: Map}\n", r"pieces.yaml:2:\d+: boards\[0\]: board 'map': nothing says how to draw it"),
    ("sheets:\n  - {id: log, name: Log, size: A4, layout: field-list, fields: [{label: Notes, lines: 3}]}\n",
     r"pieces.yaml:2:\d+: sheets\[0\].size: sheet 'log' is 210 x 297 mm \(size: A4\) but its layout 'field-list' is 148 x 210 mm"),
    ("sheets:\n  - {id: log, name: Log, layout: feild-list}\n", r"sheet layout 'feild-list' does not exist.*field-list"),
])
def test_pieces_that_cannot_be_drawn_are_refused_with_a_way_to_fix_them(tmp_path, starter_game, yaml_text, expected):
    (starter_game / "pieces.yaml").write_text(yaml_text)
    with pytest.raises(BuildError, match=expected):
        build_pieces(load(starter_game), BuildOptions(formats=("pdf",), out_dir=tmp_path))


@pytest.mark.parametrize("yaml_text,expected", [
    ("tokens:\n  - {id: coin, name: Coin, count: 3, shpae: circle, size_mm: 20}\n",
     r"pieces.yaml:2:\d+: tokens\[0\].shpae: unknown key 'shpae'\n    hint: did you mean 'shape'\?"),
    ("tokens:\n  - {id: coin, name: Coin, count: 3, shape: standie, size_mm: 20}\n",
     r"pieces.yaml:2:\d+: tokens\[0\].shape: expected 'circle', .* \(found 'standie'\)\n    hint: did you mean 'standee'\?"),
    ("tiles:\n  - {id: tile, name: Tile, count: 1, size_mm: 20, faces: [{name: A, backgroud: red}]}\n",
     r"tiles\[0\].faces\[0\].backgroud: unknown key 'backgroud'"),
    ("tokens:\n  - {id: coin, name: Coin, count: 3, size_mm: 20, colour: rde}\n",
     r"tokens\[0\].colour: expected a colour word .* found 'rde'; did you mean 'red'\?"),
    ("boards:\n  - {id: map, name: Map, size_mm: [400, 300], picture: map.png}\n",
     r"boards\[0\].picture: unknown key 'picture'\n    hint: allowed keys here: .*score_track"),
    ("boards:\n  - id: map\n    name: Map\n    size_mm: [400, 300]\n    loop:\n      direction: clokwise\n"
     "      spaces: [{index: 0, kind: milstone}]\n",
     r"pieces.yaml:6:18: boards\[0\].loop.direction: .*\n    hint: did you mean 'clockwise'\?\n"
     r".*pieces.yaml:7:\d+: boards\[0\].loop.spaces\[0\].kind: .*\(found 'milstone'\)\n    hint: did you mean 'milestone'\?"),
    ("boards:\n  - {id: guide, name: Guide, grid: {columns: 3, rows: 2, card: pokr}, slots: []}\n",
     r"boards\[0\].grid.card: .*\n    hint: did you mean 'poker'\?"),
    ("sheets:\n  - {id: log, name: Log, size: A7, orientation: landscpe, for_die: d7}\n",
     r"sheets\[0\].size: expected a paper size .* found 'A7'\n"
     r".*sheets\[0\].orientation: .*\n    hint: did you mean 'landscape'\?"),
    ("sheets:\n  - {id: log, name: Log, layout: field-list, for_die: d7}\n",
     r"sheets\[0\].for_die: die 'd7' does not exist"),
])
def test_piece_keys_and_values_are_checked_when_the_game_loads(starter_game, yaml_text, expected):
    """Boards, tokens and tiles are typed: a misspelt key or a bad value is a load error with its
    place, never silently ignored by the build."""
    (starter_game / "pieces.yaml").write_text(yaml_text)
    with pytest.raises(GameDataError, match=expected):
        load(starter_game)


def crosshairs(page, reader) -> list[tuple[float, float]]:
    """Centres of the alignment targets' horizontal bars (page-level lines 8.4 mm long), mm, PDF space."""
    found, start = [], None
    for operands, op in page_operations(page, reader):
        if op == b"m":
            start = tuple(float(v) * PT for v in operands)
        elif op == b"l" and start is not None:
            end = tuple(float(v) * PT for v in operands)
            if abs(end[1] - start[1]) < 1e-6 and abs(abs(end[0] - start[0]) - 8.4) < 0.01:
                found.append(((start[0] + end[0]) / 2, start[1]))
            start = None
    return found


def test_half_targets_on_each_seam_sit_at_the_same_board_point_on_both_sheets(built):
    files, out = built["rattlebones"]
    reader, _ = pdf_of(files, out, "board-")
    targets = {}
    for page in reader.pages[1:]:
        (tile,) = [p for p in pieces_on(page, reader) if "Tile" in p.props]
        # Back to board coordinates (mm, y down from the board's top edge).
        targets[str(tile.props["Tile"])] = {(round(x - tile.x, 2), round(tile.y + tile.h - y, 2))
                                            for x, y in crosshairs(page, reader)}
    assert set(targets) == {"A1", "B1", "A2", "B2"}
    for a, b in (("A1", "B1"), ("A2", "B2"), ("A1", "A2"), ("B1", "B2")):
        shared = targets[a] & targets[b]
        assert len(shared) == 2, (a, b)  # two targets per seam, printed on both sheets
    # The vertical seam lies on B's left edge; the horizontal one on row 2's top edge.
    regions = {}
    for page in reader.pages[1:]:
        (tile,) = [p for p in pieces_on(page, reader) if "Tile" in p.props]
        regions[str(tile.props["Tile"])] = [float(v) * PT for v in tile.props["Region"]]
    for x, _y in targets["A1"] & targets["B1"]:
        assert x == pytest.approx(regions["B1"][0], abs=TOL)
    for _x, y in targets["A1"] & targets["A2"]:
        assert y == pytest.approx(regions["A2"][1], abs=TOL)


# --- one imposition for cards and pieces: --layout for double-sided pieces -------------------------


def _double_sided_outputs(game: str, layout: str):
    from generator.pieces.plan import plan
    from generator.pieces.settings import PieceSettings

    return [o for o in plan(load(game), PieceSettings(formats=("pdf",), layout=layout)) if o.layout == layout]


@pytest.mark.parametrize("game", ["runes-and-bones", "bone-strike"])
def test_gutterfold_puts_each_back_behind_its_front_across_the_fold(game):
    outputs = _double_sided_outputs(game, "gutterfold")
    assert outputs and all(o.name.endswith("-gutterfold.pdf") for o in outputs)
    for output in outputs:
        for page in output.pages:
            assert page.side == "both"
            fold = page.width / 2
            fronts = sorted((p.card, round(2 * fold - p.x - p.scene.width, 2), round(p.y, 2))
                            for p in page.placements if p.side == "front")
            backs = sorted((p.card, round(p.x, 2), round(p.y, 2)) for p in page.placements if p.side == "back")
            assert fronts == backs  # folded along the middle, every back lies right behind its front
            assert all(p.x + p.scene.width <= fold + 1e-6 for p in page.placements if p.side == "front")


@pytest.mark.parametrize("game", ["runes-and-bones", "bone-strike"])
def test_single_layout_prints_each_face_of_a_double_sided_piece_on_its_own_page(game):
    outputs = _double_sided_outputs(game, "single")
    assert outputs and all(o.name.endswith("-single.pdf") and o.paper is None for o in outputs)
    for output in outputs:
        sides = [page.side for page in output.pages]
        assert sides == ["front", "back"] * (len(sides) // 2)
        for page in output.pages:
            (placed,) = page.placements
            bleed = placed.x
            assert page.trim_box == (bleed, bleed, placed.scene.width, placed.scene.height)
            assert (page.width, page.height) == pytest.approx((placed.scene.width + 2 * bleed,
                                                               placed.scene.height + 2 * bleed))
