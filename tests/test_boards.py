"""Boards of any kind (generator/model/boards.py, generator/pieces/grid.py, hexmap.py, regions.py)
and token art from images (generator/pieces/punch.py), read back from what `cards build` writes
for the designer game tests/fixtures/boardgame: pages after tiling, grid lines and hex outlines
counted in the PDF's drawing, colours sampled at cell centres, coordinates found in the text,
images embedded at their printed size; and every mistake named at its file and line."""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from designer import cards
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.model.board_geometry import column_letters, grid_cell, hex_cell, hex_label
from generator.pieces.grid import GRID_LINE
from generator.pieces.hexmap import HEX_LINE

FIXTURE = Path(__file__).parent / "fixtures" / "boardgame"
PT = 25.4 / 72  # mm per point
BLEED_MM = 3.0


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("boards")
    result = cards("build", FIXTURE, "--out", out, "--format", "pdf", "--no-rulebook", "-q")
    assert result.returncode == 0, result.stdout + result.stderr
    return out / "boardgame"


# --- reading the PDF back ------------------------------------------------------------------------


@dataclass
class Drawing:
    """A board as a page draws it: its operators (board frame, points, y up from the trim's bottom
    left; from its form, or inline between its marked-content tags), the XObjects they name, where
    the page puts the board's origin, and its trim size in points."""

    ops: list
    xobjects: dict
    origin: tuple[float, float]
    width: float
    height: float
    bleed: float


def board_drawing(path: Path, page: int = 0) -> Drawing:
    reader = PdfReader(path)
    page_obj = reader.pages[page]
    resources = page_obj["/Resources"].get_object()
    xobjects = {name: ref.get_object() for name, ref in (resources.get("/XObject") or {}).items()}
    ctm, stack, inside, found = (0.0, 0.0), [], None, []
    for operands, op in ContentStream(page_obj.get_contents(), reader).operations:
        if inside is not None and op != b"EMC":
            inside.append((operands, op))
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = (ctm[0] + float(operands[4]), ctm[1] + float(operands[5]))
        elif op == b"BDC" and "/Trim" in operands[1] and "/Map" not in operands[1]:
            props, inside = operands[1], []
        elif op == b"EMC" and inside is not None:
            found.append((props, ctm, inside))
            inside = None
    assert len(found) == 1, f"expected one board on page {page + 1}, found {len(found)}"
    props, origin, ops = found[0]
    width, height = (float(v) for v in props["/Trim"])
    forms = [operands[0] for operands, op in ops if op == b"Do" and "face-" in operands[0]]
    if forms:  # a board shared by tiled pages is one form
        form = xobjects[forms[0]]
        ops = ContentStream(form, reader).operations
        xobjects = {name: ref.get_object() for name, ref in (form["/Resources"].get_object().get("/XObject") or {}).items()}
    return Drawing(ops, xobjects, origin, width, height, float(props["/Bleed"]))


def stroked_paths(drawing: Drawing, stroke_hex: str) -> list[list[tuple[float, float]]]:
    """Every path the board strokes in this colour, as its points (board frame, points, y up),
    counted from the drawing operators themselves."""
    want = tuple(int(stroke_hex[i:i + 2], 16) / 255 for i in (1, 3, 5))
    colour, points, found, scale, stack = None, [], [], 1.0, []
    for operands, op in drawing.ops:
        if op == b"RG":
            colour = tuple(float(v) for v in operands)
        elif op == b"q":
            stack.append((scale, colour))
        elif op == b"Q":
            scale, colour = stack.pop()
        elif op == b"cm":
            scale *= float(operands[0])
        elif op == b"m":
            points = [tuple(float(v) * scale for v in operands)]
        elif op == b"l":
            points.append(tuple(float(v) * scale for v in operands))
        elif op in (b"S", b"s", b"B", b"b", b"B*", b"b*"):
            if colour and all(abs(a - b) < 0.003 for a, b in zip(colour, want)) and points:
                found.append(points)
            points = []
        elif op in (b"f", b"f*", b"n"):
            points = []
    return found


def page_words(path: Path, page: int = 0) -> list[str]:
    pdf = pdfium.PdfDocument(str(path))
    text = pdf[page].get_textpage().get_text_range()
    return text.split()


def rendered(path: Path, dpi: int = 100, page: int = 0):
    pdf = pdfium.PdfDocument(str(path))
    return pdf[page].render(scale=dpi / 72).to_pil().convert("RGB")


def close(pixel, hex_colour: str, tolerance: int = 12) -> bool:
    want = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, want))


# --- coordinates -------------------------------------------------------------------------------


def test_coordinates_are_read_as_printed():
    assert grid_cell("A1", 8, 8) == (0, 7)  # chess: A1 is the bottom-left cell
    assert grid_cell("h8", 8, 8) == (7, 0)
    assert grid_cell(1, 8, 8) == (0, 0) and grid_cell(64, 8, 8) == (7, 7)  # numbered from the top-left
    assert hex_cell("0304", 8, 6) == (2, 3)
    assert hex_label(2, 3, 8, 6) == "0304" and hex_label(0, 0, 120, 5) == "001001"
    assert [column_letters(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]
    for bad in ("I1", "A9", 65, "1A"):
        with pytest.raises(ValueError):
            grid_cell(bad, 8, 8)
    for bad in ("0907", "0107", "304", 304):
        with pytest.raises(ValueError):
            hex_cell(bad, 8, 6)


# --- square grids ----------------------------------------------------------------------------------


def test_a_grid_larger_than_the_paper_is_tiled_with_an_assembly_map(built):
    # 12 x 9 cells of 30 mm with a 10 mm coordinate margin: 380 x 290 mm, two sheets by two on A4.
    assert len(PdfReader(built / "battlefield-a4.pdf").pages) == 1 + 4
    for page in range(1, 5):  # each sheet carries the whole board, clipped to its tile
        drawing = board_drawing(built / "battlefield-a4.pdf", page)
        assert (round(drawing.width * PT, 1), round(drawing.height * PT, 1)) == (380.0, 290.0)
        assert round(drawing.bleed * PT, 1) == BLEED_MM
    assert "assembly map" in " ".join(page_words(built / "battlefield-a4.pdf", 0))


def test_grid_lines_are_one_per_row_and_column_edge(built):
    drawing = board_drawing(built / "battlefield-a4.pdf", page=1)
    lines = [p for p in stroked_paths(drawing, GRID_LINE) if len(p) == 2]
    upright = sorted({round(p[0][0] * PT, 2) for p in lines if abs(p[0][0] - p[1][0]) < 1e-6})
    level = sorted({round(p[0][1] * PT, 2) for p in lines if abs(p[0][1] - p[1][1]) < 1e-6})
    assert (len(upright), len(level)) == (12 + 1, 9 + 1)
    assert {round(b - a, 2) for a, b in zip(upright, upright[1:])} == {30.0}
    assert {round(b - a, 2) for a, b in zip(level, level[1:])} == {30.0}


def test_chess_labels_and_cell_labels_are_printed(tmp_path):
    out = tmp_path / "fit"
    result = cards("build", FIXTURE, "--out", out, "--format", "pdf", "--no-rulebook", "-q",
                   "--only", "battlefield", "--board-size", "fit")
    assert result.returncode == 0, result.stderr
    pdf = out / "boardgame" / "battlefield-a4.pdf"
    assert len(PdfReader(pdf).pages) == 1  # fitted to one page: not tiled
    words = page_words(pdf)
    for column in "ABCDEFGHIJKL":
        assert words.count(column) == 2, column  # above and below the grid
    for rank in range(1, 10):
        assert words.count(str(rank)) == 2, rank  # left and right of it
    assert {"Start", "Ridge", "Goal"} <= set(words)


def test_cell_fills_are_where_the_data_puts_them(tmp_path):
    """A numbered 4 x 3 grid: cell 12 and B3 filled, read back at their centres in pixels."""
    game = tmp_path / "grid"
    shutil.copytree(FIXTURE, game)
    (game / "boards.yaml").write_text(
        "boards:\n  - id: small\n    name: Small\n    fill: \"#ffffff\"\n"
        "    grid: {columns: 4, rows: 3, cell_mm: 40, labels: numbers}\n"
        "    cells:\n      - {at: 12, fill: \"#2e6db4\"}\n      - {at: B3, fill: \"#c0392b\"}\n")
    (game / "game.yaml").write_text((game / "game.yaml").read_text().split("components:")[0]
                                    + "rules:" + (game / "game.yaml").read_text().split("rules:")[1])
    result = cards("build", game, "--out", tmp_path / "out", "--format", "pdf", "--no-rulebook", "-q")
    assert result.returncode == 0, result.stdout + result.stderr
    pdf = tmp_path / "out" / "boardgame" / "small-a4.pdf"
    words = page_words(pdf)
    assert all(words.count(str(n)) == 1 for n in range(1, 13))
    drawing = board_drawing(pdf)
    (ox, oy), board_h = drawing.origin, drawing.height
    image, dpi = rendered(pdf), 100
    height_pt = image.height * 72 / dpi
    margin = 6.0  # mm round a grid without chess labels

    def pixel(column: int, row: int):  # a cell's centre, row 0 at the top
        x_mm, y_mm = margin + (column + 0.5) * 40, margin + (row + 0.5) * 40
        x_pt, y_pt = ox + x_mm / PT, oy + board_h - y_mm / PT
        return image.getpixel((round(x_pt * dpi / 72), round((height_pt - y_pt) * dpi / 72)))

    assert close(pixel(3, 2), "#2e6db4")  # 12: the last cell, bottom right
    assert close(pixel(1, 0), "#c0392b")  # B3: second column, top row of three
    assert close(pixel(0, 0), "#ffffff") and close(pixel(2, 1), "#ffffff")


# --- hex maps --------------------------------------------------------------------------------------


@pytest.mark.parametrize("piece,columns,rows,pointy", [("wilds", 8, 6, False), ("skirmish", 5, 4, True)])
def test_every_hex_is_one_outline_of_the_asked_orientation(built, piece, columns, rows, pointy):
    hexes = [p for p in stroked_paths(board_drawing(built / f"{piece}-a4.pdf"), HEX_LINE) if len(p) == 6]
    assert len(hexes) == columns * rows
    for points in hexes:
        ys = sorted(round(y, 2) for _x, y in points)
        xs = sorted(round(x, 2) for x, _y in points)
        if pointy:  # two upright edges: the corners pair up on x
            assert xs[0] == xs[1] and xs[-1] == xs[-2] and ys[0] != ys[1]
        else:  # flat top and bottom: the corners pair up on y
            assert ys[0] == ys[1] and ys[-1] == ys[-2] and xs[0] != xs[1]


def test_hex_coordinates_and_cells(built):
    pdf = built / "wilds-a4.pdf"
    words = page_words(pdf)
    for column in range(8):
        for row in range(6):
            assert words.count(hex_label(column, row, 8, 6)) == 1
    assert {"West", "East", "keep", "Lake"} <= set(words)
    drawing = board_drawing(pdf)
    (ox, oy), board_h = drawing.origin, drawing.height
    image, dpi = rendered(pdf), 100
    height_pt = image.height * 72 / dpi
    flat = 24 / PT

    def pixel(at: str):  # right of the hex's centre, clear of its icon and label
        column, row = hex_cell(at, 8, 6)
        # Flat-topped hexes: columns 1.5 sides apart, every second column half a hex lower.
        side = flat / 3 ** 0.5
        cx, cy = side + 1.5 * side * column, flat / 2 + flat * row + (flat / 2 if column % 2 else 0.0)
        x_pt, y_pt = ox + 6 / PT + cx + flat * 0.35, oy + board_h - (6 / PT + cy)
        return image.getpixel((round(x_pt * dpi / 72), round((height_pt - y_pt) * dpi / 72)))

    assert close(pixel("0404"), "#8ab4d8")  # the lake's own fill
    assert close(pixel("0403"), "#b9d3a8") and close(pixel("0503"), "#b9d3a8")  # forest, from cell_kinds
    assert close(pixel("0101"), "#c9a86a") and close(pixel("0806"), "#c9a86a")  # castles
    assert close(pixel("0202"), "#efe3c8")  # a plain hex shows the board


# --- image boards, regions and token art -------------------------------------------------------------


def drawn_images(ops, xobjects) -> list[tuple[tuple[int, int], float, float]]:
    """(pixel size, drawn width, drawn height in mm) of each image these operators draw."""
    found, matrix, stack = [], (1.0, 1.0), []
    for operands, op in ops:
        if op == b"q":
            stack.append(matrix)
        elif op == b"Q":
            matrix = stack.pop()
        elif op == b"cm":
            matrix = (matrix[0] * float(operands[0]), matrix[1] * float(operands[3]))
        elif op == b"Do":
            target = xobjects[operands[0]]
            if target.get("/Subtype") == "/Image":
                found.append(((int(target["/Width"]), int(target["/Height"])), matrix[0] * PT, matrix[1] * PT))
    return found


def test_an_image_board_is_its_picture_at_the_board_size(built):
    drawing = board_drawing(built / "island-a4.pdf")
    images = drawn_images(drawing.ops, drawing.xobjects)
    island = [i for i in images if i[0] == (600, 400)]
    assert len(island) == 1
    _pixels, width, height = island[0]
    assert (round(width, 2), round(height, 2)) == (240.0, 160.0)
    # The captain's portrait (2:3) sits inside its 32 x 44 mm region, aspect kept.
    (_px, w, h), = [i for i in images if i[0] == (200, 300)]
    assert w <= 32 and h <= 44 and abs(w / h - 2 / 3) < 0.01
    words = " ".join(page_words(built / "island-a4.pdf"))
    assert "Harbour" in words and "start here" in words and "Roll to sail." in words


def test_tokens_and_pawns_take_their_art_from_an_image(built):
    reader = PdfReader(built / "tokens-a4.pdf")
    page = reader.pages[0]

    def xobjects(holder):
        found = holder["/Resources"].get_object().get("/XObject") or {}
        return {name: ref.get_object() for name, ref in found.items()}

    sizes = drawn_images(ContentStream(page.get_contents(), reader).operations, xobjects(page))
    for form in xobjects(page).values():
        if form.get("/Subtype") == "/Form":
            sizes += drawn_images(ContentStream(form, reader).operations, xobjects(form))
    coin = [(round(w, 2), round(h, 2)) for px, w, h in sizes if px == (200, 200)]
    assert coin == [(23.0, 23.0)]  # a 20 mm coin and its 1.5 mm bleed, drawn once and placed six times
    # The standee's two panels (the back one turned upside down) are each the 20 x 30 mm picture.
    captain = [(abs(round(w, 2)), abs(round(h, 2))) for px, w, h in sizes if px == (200, 300)]
    assert captain == [(20.0, 30.0), (20.0, 30.0)]


# --- mistakes ----------------------------------------------------------------------------------


BAD_BOARDS = """boards:
  - id: a
    name: A
    grid: {columns: 8, rows: 8, cell_mm: 30, labels: chesss}
  - id: b
    name: B
    grid: {columns: 8, rows: 8, cell_mm: 30}
    cell_kinds: {forest: {fill: green}}
    cells:
      - {at: A1, kind: forrest}
  - id: c
    name: C
    hex: {columns: 8, rows: 6, size_mm: 24}
    cells:
      - {at: "0907"}
  - id: d
    name: D
    size_mm: [100, 100]
    regions:
      - {box: [50, 50, 60, 20], text: hi}
  - id: e
    name: E
    image: art/island.png
  - id: f
    name: F
    grid: {columns: 200, rows: 200, cell_mm: 5}
  - id: g
    name: G
    grid: {columns: 8, rows: 8, cell_mm: 30}
    cells:
      - {at: 1}
      - {at: A8}
  - id: h
    name: H
    grid: {columns: 4, rows: 4, cell_mm: 10}
    regions:
      - {box: [40, 40, 20, 20], text: off the edge}
"""


def _game_with(tmp_path: Path, boards: str) -> Path:
    game = tmp_path / "designer" / "boardgame"
    shutil.copytree(FIXTURE, game)
    (game / "boards.yaml").write_text(boards)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.split("components:")[0] + "rules:" + text.split("rules:")[1])
    return game


def test_board_mistakes_are_named_at_their_line(tmp_path):
    result = cards("build", _game_with(tmp_path, BAD_BOARDS), "--out", tmp_path / "out", "--no-rulebook")
    assert result.returncode == 2
    report = result.stdout + result.stderr
    assert "Traceback" not in report
    for expected in (
        "boards.yaml:4:54: boards[0].grid.labels: expected 'chess', 'numbers' or 'none'",
        "did you mean 'chess'?",
        "boards.yaml:10:24: boards[1].cells[0].kind: 'forrest' is not one of the board's cell_kinds; "
        "did you mean 'forest'?",
        "boards.yaml:15:14: boards[2].cells[0].at: '0907' is outside the 8 x 6 hex map",
        "boards.yaml:20:15: boards[3].regions[0].box: [50, 50, 60, 20] reaches past the 100 x 100 mm board",
        "boards.yaml:21:5: boards[4]: an image board needs size_mm",
        "boards[5].grid: 200 x 200 = 40,000 cells; a grid may have at most 10,000",
        "boards[6].cells: cells[1].at: 'A8' is already filled by cells[0]",
        "boards[7]: regions[0].box [40, 40, 20, 20] reaches past the 52 x 52 mm board",  # 4 x 10 mm + margins
    ):
        assert expected in report, expected


def test_board_and_token_images_must_be_real_and_inside_the_game(tmp_path):
    game = _game_with(tmp_path, "boards:\n  - id: a\n    name: A\n    size_mm: [100, 100]\n"
                                "    image: ../../secret.png\n    regions:\n"
                                "      - {box: [5, 5, 20, 20], image: art/nothere.png}\n")
    (game / "art" / "fake.png").write_bytes(b"not a picture")
    (game / "pieces.yaml").write_text("tokens:\n  - id: fakes\n    name: Fakes\n    count: 1\n    size_mm: 20\n"
                                      "    front: {image: art/fake.png}\n  - id: gif\n    name: Gif\n    count: 1\n"
                                      "    size_mm: 20\n    image: art/x.gif\n")
    result = cards("build", game, "--out", tmp_path / "out", "--no-rulebook")
    assert result.returncode == 2
    assert "tokens[1].image: expected a PNG or JPEG file (art/board.png), found 'art/x.gif'" in result.stdout + result.stderr
    (game / "pieces.yaml").write_text("tokens:\n  - id: fakes\n    name: Fakes\n    count: 1\n    size_mm: 20\n"
                                      "    front: {image: art/fake.png}\n")
    result = cards("build", game, "--out", tmp_path / "out", "--no-rulebook")
    report = result.stdout + result.stderr
    assert result.returncode == 2 and "Traceback" not in report
    assert "boards.yaml:5:12: boards[0].image: path '../../secret.png' leads outside the game folder" in report
    assert "boards[0].regions[0].image: file 'art/nothere.png' does not exist" in report
    assert "pieces.yaml:6:20: tokens[0].front.image: fake.png is not a PNG or JPEG image" in report


def test_a_wrong_map_is_the_one_problem_not_its_cells_too(tmp_path):
    """A misspelt hex orientation is reported; the board's cells are not also told they lack a map."""
    game = _game_with(tmp_path, "boards:\n  - id: a\n    name: A\n"
                                "    hex: {columns: 5, rows: 4, size_mm: 28, orientation: poinTy}\n"
                                "    cells:\n      - {at: \"0302\", label: Tor}\n")
    result = cards("validate", game)
    report = result.stdout + result.stderr
    assert result.returncode == 2 and "boards[0].hex.orientation: expected 'flat' or 'pointy'" in report
    assert "cells belong to" not in report and "1 problem" in report


def test_region_text_too_long_for_its_box_is_named_at_its_line(tmp_path):
    """Found only while drawing, yet named at the region's text in the YAML, as load-time problems are."""
    game = _game_with(tmp_path, "boards:\n  - id: a\n    name: A\n    size_mm: [100, 100]\n    regions:\n"
                                "      - {box: [5, 5, 10, 6], text: far too many words for a box this small to hold}\n")
    result = cards("validate", game)
    report = result.stdout + result.stderr
    assert result.returncode == 2 and "Traceback" not in report
    assert "boards.yaml:6:36: boards[0].regions[0].text: its text does not fit the 10 x 6 mm box" in report


def _track(spaces: int, size: str) -> str:
    cells = "\n".join(f'        - {{index: {i}, label: "{i}"}}' for i in range(spaces))
    return f"boards:\n  - id: thermo\n    name: Thermometer\n    size_mm: {size}\n    score_track:\n      spaces:\n{cells}\n"


def test_a_track_round_the_board_too_short_for_its_sides_is_named_and_a_thin_one_builds(tmp_path):
    """Six spaces round a board left a side with none, and `cards validate` said only "its data
    cannot be drawn (ZeroDivisionError ...)": now it says what a track round the board needs and
    what to do. Nine spaces round a long thin board (400 x 60 mm) give each side one, where the
    split by length gave the short sides none."""
    short = cards("validate", _game_with(tmp_path / "short", _track(6, "[200, 120]")))
    report = short.stdout + short.stderr
    assert short.returncode == 2 and "Traceback" not in report and "ZeroDivision" not in report
    assert "boards.yaml:7:9: boards[0].score_track.spaces: board 'thermo' score_track: a track round the board " \
           "needs at least 8 spaces, its 4 corners and one along each side (found 6); add spaces" in report
    thin = cards("build", _game_with(tmp_path / "thin", _track(9, "[400, 60]")), "--out", tmp_path / "out",
                 "--format", "pdf", "--no-rulebook", "-q")
    assert thin.returncode == 0, thin.stdout + thin.stderr
    assert len(PdfReader(tmp_path / "out" / "boardgame" / "thermo-a4.pdf").pages) >= 2  # tiled, with its map
