"""The SVG backend writes its XML as text: whatever a card says must come back from a parser
unchanged, and the backend must stay free of heavy imports."""
from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.model.loader import load
from generator.render.svg import scene_svg
from generator.scene.nodes import Circle, Group, Icon, Image, Polygon, Rect, Scene, Text, to_mm
from tests import warm

REPO = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
TRICKY = "Tom & \"Jerry\" say 'a < b' -> ]]> &amp; \u00e9\u2014\u2605"


def test_text_and_attribute_values_come_back_from_a_parser_unchanged(starter_game):
    icons = {icon_id: info.file for icon_id, info in load(starter_game).game.icons.items() if info.file}
    picture = REPO / "tests" / "fixtures" / "boardgame" / "art" / "coin.png"
    scene = Scene(100.0, 140.0, (
        Rect(0, 0, 100, 140, fill="#ffffff"),
        Text(10, 20, TRICKY, "bold", 9.0, color='#1&"2<>'),
        Text(10, 30, "  two  spaces\tand a tab ", "italic", 9.0, angle=90),
        Group((Icon("star", 1, 2, 3, 4), Circle(5, 5, 2, dash=(1, 0.5))), x=4, y=5, scale=0.5),
        Polygon(((0, 0), (10, 5), (0, 10)), closed=False, stroke="#000", stroke_width=1),
        Image(str(picture), 0, 0, 20, 20, clip=(1, 1, 18, 18)),
        Image(str(picture), 30, 0, 20, 20, clip=(1, 1, 18, 18)),  # the same clip: one clipPath
    ), bleed=8.5)
    root = ET.fromstring(scene_svg(scene, icons))
    texts = list(root.iter(f"{SVG}text"))
    assert [t.text for t in texts] == [TRICKY, "  two  spaces\tand a tab "]
    assert texts[0].get("fill") == '#1&"2<>'
    assert texts[0].get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
    assert texts[1].get("transform") == "rotate(-90 10 30)"
    assert (root.get("width"), root.get("height")) == (f"{to_mm(117):.3f}mm", f"{to_mm(157):.3f}mm")
    assert root.get("viewBox") == "-8.5,-8.5,117.0,157.0"
    assert [u.get(f"{XLINK}href") for u in root.iter(f"{SVG}use")] == ["#icon-star"]
    assert [s.get("id") for s in root.iter(f"{SVG}symbol")] == ["icon-star"]
    assert len(list(root.iter(f"{SVG}clipPath"))) == 1
    assert [g.get("clip-path") for g in root.iter(f"{SVG}g") if g.get("clip-path")] == \
        [f"url(#{root.find(f'.//{SVG}clipPath').get('id')})"] * 2
    assert all(i.get(f"{XLINK}href").startswith("data:image/png;base64,") for i in root.iter(f"{SVG}image"))
    assert root.find(f".//{SVG}circle").get("stroke-dasharray") == "1 0.5"
    assert "@font-face" in root.find(f".//{SVG}style").text


def test_a_clipped_picture_writes_the_same_svg_wherever_its_file_is(tmp_path):
    """A game folder moved or renamed draws byte-identical SVG files: the clip path's id comes
    from the picture's bytes and clip, not its absolute path. A picture with other bytes gets
    another id."""
    picture = REPO / "tests" / "fixtures" / "boardgame" / "art" / "coin.png"
    here, there = tmp_path / "here" / "coin.png", tmp_path / "moved" / "art" / "coin.png"
    for copy in (here, there):
        copy.parent.mkdir(parents=True)
        copy.write_bytes(picture.read_bytes())

    def svg(path: Path) -> str:
        return scene_svg(Scene(50.0, 50.0, (Image(str(path), 0, 0, 20, 20, clip=(1, 1, 18, 18)),)), {})

    assert svg(here) == svg(there)
    there.write_bytes(picture.read_bytes() + b"\0")  # other bytes, same size class: another picture
    clip_ids = {ET.fromstring(svg(p)).find(f".//{SVG}clipPath").get("id") for p in (here, there)}
    assert len(clip_ids) == 2


def test_a_character_xml_cannot_hold_is_refused_not_written(starter_game):
    scene = Scene(100.0, 140.0, (Text(10, 20, "bell\x07", "regular", 9.0),))
    with pytest.raises(ValueError, match="U\\+0007"):
        scene_svg(scene, {})


def test_a_card_with_markup_characters_builds_an_svg_that_parses_back(starter_game, tmp_path):
    cards = starter_game / "cards.yaml"
    text = "Roll 2 < 3 & keep the \"best\" one; 'a > b' is prose."
    original = cards.read_text()
    edited = original.replace('"Gain **2** :star:. Then draw a card. See [[turn]]."', "'" + text.replace("'", "''") + "'")
    assert edited != original
    cards.write_text(edited)
    out = tmp_path / "out"
    run = warm.cards("build", starter_game, "--format", "svg", "--no-rulebook", "--out", out, "-q")
    assert run.returncode == 0, run.stderr
    svg = next(out.rglob("dash.svg"))
    runs = [t.text for t in ET.parse(svg).getroot().iter(f"{SVG}text")]
    assert " ".join(text.split()) in " ".join(" ".join(runs).split()), runs


def test_the_svg_backend_imports_no_xml_or_network_library():
    code = ("import sys, generator.render.svg; "
            "print(sorted(m for m in ('svgwrite', 'pyparsing', 'xml.sax', 'urllib.request', 'ssl') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert run.stdout.strip() == "[]"
