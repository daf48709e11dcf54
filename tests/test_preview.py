"""`cards preview`, as a designer runs it: single-card PNGs at the asked dpi, a contact sheet with
one cell per unique card, guides drawn over the regions, and clear errors. Every image is read
back from disk."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image as PilImage
from PIL import ImageChops

from generator.model.loader import load
from generator.preview.sheet import GROUND, MARGIN_MM
from tests import warm

MM_PER_INCH = 25.4


def preview(*args) -> subprocess.CompletedProcess:
    return warm.cards("preview", *args)


def folder_of(result: subprocess.CompletedProcess) -> Path:
    assert result.returncode == 0, result.stderr
    return Path(result.stdout.strip().splitlines()[-1])


def px(value_mm: float, dpi: float) -> int:
    return round(value_mm / MM_PER_INCH * dpi)


@pytest.fixture
def seven_card_game(starter_game: Path) -> Path:
    """The starter game with seven different cards (eleven printed) in its one deck."""
    cards = ["decks:", "  - id: actions", "    name: Action cards", "    back: plain",
             "    backs:", "      plain: {title: My Game, icon: star}", "    cards:"]
    for i in range(7):
        cards += [f"      - id: card-{i}", f"        name: Card {i}", "        icon: star",
                  f"        text: \"Card number {i}.\"", f"        count: {1 + i % 2}"]
    (starter_game / "cards.yaml").write_text("\n".join(cards) + "\n")
    return starter_game


def test_single_card_png_is_the_card_size_at_the_dpi(starter_game, tmp_path):
    folder = folder_of(preview(starter_game, "dash", "--dpi", 100, "--out", tmp_path))
    assert folder == tmp_path / "my-game" / "preview"
    w, h = load(starter_game).layouts["poker"].size_mm
    with PilImage.open(folder / "actions" / "dash.png") as image:
        assert image.size == (px(w, 100), px(h, 100))
        assert image.mode == "RGB"
    with PilImage.open(folder / "actions" / "backs" / "plain.png") as back:
        assert back.size == (px(w, 100), px(h, 100))
    assert not (folder / "actions" / "shine.png").exists(), "only the card asked for"
    assert not (folder / "actions-sheet.png").exists(), "a contact sheet only for a whole deck"

    folder = folder_of(preview(starter_game, "actions/shine", "--dpi", 200, "--bleed", "--out", tmp_path))
    with PilImage.open(folder / "actions" / "shine.png") as image:
        assert image.size == (px(w + 6, 200), px(h + 6, 200)), "--bleed keeps the 3 mm bleed on each side"


def cells(sheet: PilImage.Image, card_w: int, card_h: int) -> int:  # a sheet drawn at 60 dpi
    """Count the cards on a contact sheet from its pixels: find each row of cards down the first
    column, then count card-wide runs of non-ground pixels just inside each row's top edge."""
    ground = tuple(int(GROUND[i:i + 2], 16) for i in (1, 3, 5))
    rgb = sheet.convert("RGB")
    width, height = rgb.size

    def is_card(x: int, y: int) -> bool:
        return max(abs(a - b) for a, b in zip(rgb.getpixel((x, y)), ground)) > 12

    def runs(points) -> list[tuple[int, int]]:
        found, start = [], None
        for i, inside in points:
            if inside and start is None:
                start = i
            elif not inside and start is not None:
                found.append((start, i))
                start = None
        if start is not None:
            found.append((start, i + 1))
        return found

    column_x = px(MARGIN_MM, 60) + card_w // 2  # down the middle of the first column of cards
    rows = [r for r in runs((y, is_card(column_x, y)) for y in range(height)) if r[1] - r[0] >= 0.9 * card_h]
    total = 0
    for top, _bottom in rows:
        line = runs((x, is_card(x, top + 4)) for x in range(width))
        total += sum(1 for a, b in line if 0.9 * card_w <= b - a <= 1.1 * card_w)
    return total


def test_contact_sheet_has_one_cell_per_unique_card(seven_card_game, tmp_path):
    result = preview(seven_card_game, "--dpi", 60, "--out", tmp_path)
    folder = folder_of(result)
    w, h = load(seven_card_game).layouts["poker"].size_mm
    with PilImage.open(folder / "actions-sheet.png") as sheet:
        assert cells(sheet, px(w, 60), px(h, 60)) == 7
    assert sorted(p.name for p in (folder / "actions").glob("*.png")) == [f"card-{i}.png" for i in range(7)]
    assert "8 card images and 1 contact sheet" in result.stderr  # seven fronts and the back


def test_the_starter_sheet_has_its_two_cards(starter_game, tmp_path):
    folder = folder_of(preview(starter_game, "actions", "--dpi", 60, "--out", tmp_path))
    w, h = load(starter_game).layouts["poker"].size_mm
    with PilImage.open(folder / "actions-sheet.png") as sheet:
        assert cells(sheet, px(w, 60), px(h, 60)) == 2


def test_guides_change_pixels_at_the_region_edges(starter_game, tmp_path):
    dpi = 150
    plain = folder_of(preview(starter_game, "dash", "--dpi", dpi, "--bleed", "--out", tmp_path / "plain"))
    guided = folder_of(preview(starter_game, "dash", "--dpi", dpi, "--guides", "--out", tmp_path / "guided"))
    layout = load(starter_game).layouts["poker"]
    with PilImage.open(plain / "actions" / "dash.png") as a, PilImage.open(guided / "actions" / "dash.png") as b:
        a, b = a.convert("RGB"), b.convert("RGB")
        assert a.size == b.size, "--guides keeps the bleed, as --bleed does"

        def differs(x_mm: float, y_mm: float) -> bool:
            # the guide line is thin, and dashed where this card does not draw the region: look a
            # pixel either side of the edge, and along it past one gap of the dash
            x, y = px(x_mm + layout.bleed, dpi), px(y_mm + layout.bleed, dpi)
            return any(max(abs(p - q) for p, q in zip(a.getpixel((x + dx, y + dy)), b.getpixel((x + dx, y + dy)))) > 40
                       for dx in (-1, 0, 1) for dy in range(-4, 5))

        for region in layout.regions:
            if region.kind == "line" or region.box[3] < 6:
                continue
            x, y, w, h = region.box
            assert differs(x, y + h * 0.6), f"left edge of region '{region.id}'"
            assert differs(x + w, y + h * 0.6), f"right edge of region '{region.id}'"
        assert differs(0, layout.size_mm[1] / 2), "the trim line"
        assert differs(layout.safe, layout.size_mm[1] * 0.45), "the safe zone"
        same = ImageChops.difference(a, b).convert("L").histogram()[0]
        assert same > 0.6 * a.size[0] * a.size[1], "guides are drawn over the card, not instead of it"


def test_a_misspelt_card_exits_2_with_did_you_mean(starter_game, tmp_path):
    result = preview(starter_game, "dahs", "--out", tmp_path)
    assert result.returncode == 2
    assert "no deck or card 'dahs'" in result.stderr and "did you mean 'dash'?" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "my-game").exists(), "nothing is written"


def test_dpi_is_bounded(starter_game, tmp_path):
    for dpi in (5, 601, "nan"):
        result = preview(starter_game, "--dpi", dpi, "--out", tmp_path)
        assert result.returncode == 2, dpi
        assert "--dpi" in result.stderr and "Traceback" not in result.stderr


def test_a_preview_is_what_prints(starter_game, tmp_path):
    """The card PNG and the print service's PDF page of the same card, rasterized alike, agree."""
    import pypdfium2 as pdfium
    from PIL import ImageStat

    dpi = 100
    folder = folder_of(preview(starter_game, "dash", "--dpi", dpi, "--bleed", "--out", tmp_path / "preview"))
    built = warm.cards("build", starter_game, "--layout", "single", "--format", "pdf", "--no-rulebook", "--only",
                       "actions", "--out", tmp_path / "kit")
    assert built.returncode == 0, built.stderr
    document = pdfium.PdfDocument(str(tmp_path / "kit" / "my-game" / "actions-single.pdf"))
    page = document[0]  # the first copy of the first card, Dash, with its bleed
    printed = page.render(scale=dpi / 72).to_pil().convert("RGB")
    page.close()
    document.close()
    with PilImage.open(folder / "actions" / "dash.png") as shown:
        shown = shown.convert("RGB")
        assert abs(shown.width - printed.width) <= 1 and abs(shown.height - printed.height) <= 1
        printed = printed.resize(shown.size)
        difference = ImageStat.Stat(ImageChops.difference(shown, printed)).mean
        assert max(difference) < 2.0, difference
    with PilImage.open(folder / "actions" / "backs" / "plain.png") as back:
        assert max(ImageStat.Stat(ImageChops.difference(shown, back.convert("RGB"))).mean) > 10, "the check can fail"
