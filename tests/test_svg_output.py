"""Per-card SVGs: well-formed, and carrying the same text on the same lines as the PDF."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from pdfcheck import text_pages

from generator.model.loader import load
from generator.scene.compose import compose_deck
from generator.scene.nodes import Text

SVG = "{http://www.w3.org/2000/svg}"


def test_every_card_face_has_a_well_formed_svg_in_millimetres(built_starter):
    result = built_starter[("a4", "duplex")]
    svgs = [f for f in result.files if f.kind in ("card-front", "card-back")]
    assert {f.kind for f in svgs} == {"card-front", "card-back"}
    assert len([f for f in svgs if f.kind == "card-front"]) == 2  # one per distinct card
    for entry in svgs:
        root = ET.parse(result.out_dir / entry.path).getroot()
        assert root.tag == f"{SVG}svg"
        assert root.get("width") == "69.500mm" and root.get("height") == "94.900mm"  # trim + 2 x 3 mm bleed
    assert (result.out_dir / "svg" / "fonts" / "Lato-Regular.ttf").exists()


def test_svg_text_lines_match_the_pdf_text_lines(built_starter, starter_game):
    loaded = load(starter_game)
    faces = compose_deck(loaded.game, loaded.game.decks[0], loaded.layouts)
    result = built_starter[("a4", "duplex")]
    pdf_text = text_pages(result.out_dir / "actions-a4.pdf")[0]
    for face in faces:
        root = ET.parse(result.out_dir / "svg" / "actions" / f"{face.card}.svg").getroot()
        svg_runs = [(round(float(t.get("x")), 3), round(float(t.get("y")), 3), t.text) for t in root.iter(f"{SVG}text")]
        scene_runs = [(round(n.x, 3), round(n.y, 3), n.text) for n in face.front.nodes if isinstance(n, Text)]
        assert svg_runs == scene_runs  # same words at the same positions: identical line breaks
        for _, _, text in scene_runs:
            assert text.strip() in pdf_text


def test_svg_icons_are_symbols_reused_by_use(built_starter):
    result = built_starter[("a4", "duplex")]
    root = ET.parse(result.out_dir / "svg" / "actions" / "shine.svg").getroot()
    assert len(list(root.iter(f"{SVG}symbol"))) == 1
    assert len(list(root.iter(f"{SVG}use"))) == 2  # the art and the inline icon in the text
