"""Raster card art: PNG and JPEG images fitted into their box, in the PDF and the SVG."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from PIL import Image as PilImage
from pypdf import PdfReader

from generator.errors import GameDataError
from generator.kit.build import build_game
from generator.model.loader import load
from generator.options import BuildOptions
from generator.scene.images import fitted, image_size


def add_art(game_dir, name: str, size=(300, 200), fmt="PNG"):
    (game_dir / "art").mkdir(exist_ok=True)
    PilImage.new("RGB", size, (180, 40, 40)).save(game_dir / "art" / name, fmt)
    cards = game_dir / "cards.yaml"
    cards.write_text(cards.read_text().replace("        icon: star\n        type: Action\n        text: \"Gain",
                                               f"        image: art/{name}\n        type: Action\n        text: \"Gain", 1))


@pytest.mark.parametrize("name,fmt", [("dash.png", "PNG"), ("dash.jpg", "JPEG")])
def test_image_size_is_read_from_the_header(tmp_path, name, fmt):
    PilImage.new("RGB", (123, 45)).save(tmp_path / name, fmt)
    assert image_size(tmp_path / name) == (123, 45)


def test_cover_fills_the_box_and_contain_shows_it_whole():
    assert fitted((200, 100), (0, 0, 100, 100), "cover") == (-50, 0, 200, 100)
    assert fitted((200, 100), (0, 0, 100, 100), "contain") == (0, 25, 100, 50)


def test_a_card_image_is_embedded_once_in_the_pdf_and_in_the_svg(tmp_path, starter_game):
    from pdfcheck import images, placements

    add_art(starter_game, "dash.png")
    build_game(load(starter_game), BuildOptions(out_dir=tmp_path))
    reader = PdfReader(tmp_path / "my-game" / "actions-a4.pdf")
    assert list(images(reader).values()) == [(300, 200)]  # stored once ...
    uses = Counter(c.form for c in placements(reader.pages[0], reader))
    assert sorted(uses.values()) == [2, 4]  # ... drawn on both copies of Dash through its shared face
    svg = ET.parse(tmp_path / "my-game" / "svg" / "actions" / "dash.svg").getroot()
    images = list(svg.iter("{http://www.w3.org/2000/svg}image"))
    assert len(images) == 1
    href = images[0].get("{http://www.w3.org/1999/xlink}href") or images[0].get("href")
    assert href.startswith("data:image/png;base64,")


def test_an_image_path_that_does_not_exist_is_a_located_data_error(starter_game):
    add_art(starter_game, "dash.png")
    (starter_game / "art" / "dash.png").unlink()
    with pytest.raises(GameDataError, match="file 'art/dash.png' does not exist"):
        load(starter_game)


def test_a_file_that_is_not_an_image_is_refused_at_the_card_naming_it(tmp_path, starter_game):
    add_art(starter_game, "dash.png")
    (starter_game / "art" / "dash.png").write_text("not an image")
    with pytest.raises(GameDataError, match=r"cards\.yaml:\d+:\d+: decks\[0\]\.cards\[0\]\.image: dash.png is not a PNG or JPEG"):
        load(starter_game)
