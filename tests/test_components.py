"""Components as a player sees them: layouts draw what they declare, different cards look different,
die stickers say which die they make, and cut lines show on the pieces they cut (issue 14)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pdfcheck import text_pages
from PIL import Image as PilImage

from generator.kit.build import build_game
from generator.model.loader import load
from generator.options import BuildOptions
from generator.paths import LAYOUTS_DIR, REPO_ROOT
from generator.scene.compose import compose_deck
from generator.scene.nodes import Group, Icon, Image, Scene, mm

TEMPLATE_ICON = REPO_ROOT / "generator" / "templates" / "new-game" / "icons" / "star.svg"
BUILT_IN = sorted(p.stem for p in (LAYOUTS_DIR / "cards").glob("*.yaml") if not p.stem.endswith("-back"))


def _nodes(nodes):
    for node in nodes:
        yield node
        if isinstance(node, Group):
            yield from _nodes(node.nodes)
        elif isinstance(node, Scene):
            yield from _nodes(node.nodes)


SHORT = {"cost": "87", "value": "93"}  # fields shown in a small badge: numbers found nowhere else on the card


def _distinctive(field: str) -> str:
    return SHORT.get(field) or f"Zq{field.replace('_', '').capitalize()}Qz"


@pytest.fixture(scope="module")
def every_layout_game(tmp_path_factory) -> Path:
    """A game with one deck per built-in front layout; its one card and its back fill every field
    their layouts declare with a value found nowhere else."""
    folder = tmp_path_factory.mktemp("layouts") / "every-layout"
    (folder / "icons").mkdir(parents=True)
    (folder / "art").mkdir()
    shutil.copy(TEMPLATE_ICON, folder / "icons" / "mark.svg")
    PilImage.new("RGB", (120, 80), (40, 90, 160)).save(folder / "art" / "picture.png")
    (folder / "game.yaml").write_text("title: Every Layout\nplayers: {min: 1, max: 2}\n")
    layouts = load_layouts_only()
    decks = []
    for name in BUILT_IN:
        card = {"id": "probe", "name": "Probe"}
        for field in layouts[name].fields:
            card[field] = {"icon": "mark", "image": "art/picture.png"}.get(field, _distinctive(field))
        back = {field: "mark" if field == "icon" else _distinctive(f"back{field}")
                for field in layouts[f"{name}-back"].fields}
        decks.append({"id": f"deck-{name}", "name": f"Deck {name}", "layout": name, "back_layout": f"{name}-back",
                      "back": "b", "backs": {"b": back}, "cards": [card]})
    import yaml

    (folder / "cards.yaml").write_text(yaml.safe_dump({"decks": decks}, sort_keys=False))
    return folder


def load_layouts_only():
    from generator.model.extends import load_layouts

    problems: list = []
    layouts = load_layouts(None, problems)
    assert not problems, problems
    return layouts


def test_every_built_in_layout_declares_its_fields():
    layouts = load_layouts_only()
    for name in BUILT_IN:
        assert layouts[name].fields, f"layout '{name}' declares no fields"
        assert layouts[f"{name}-back"].fields, f"layout '{name}-back' declares no fields"


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_field_a_built_in_layout_declares_is_drawn(every_layout_game, tmp_path, name):
    loaded = load(every_layout_game)
    deck = next(d for d in loaded.game.decks if d.layout == name)
    build_game(loaded, BuildOptions(out_dir=tmp_path, formats=("pdf",), rulebook=False, only=(deck.id,)))
    pages = text_pages(tmp_path / "every-layout" / f"{deck.id}-a4.pdf")
    front_text, back_text = (page.replace("\n", " ") for page in pages[:2])
    (faces,) = compose_deck(loaded.game, deck, loaded.layouts)
    for side, layout, text, scene in (("front", name, front_text, faces.front),
                                      ("back", f"{name}-back", back_text, faces.back)):
        drawn = list(_nodes(scene.nodes))
        for field in loaded.layouts[layout].fields:
            if field == "icon":
                assert any(isinstance(n, Icon) and n.icon == "mark" for n in drawn), f"{layout}: icon not drawn"
            elif field == "image":
                assert any(isinstance(n, Image) for n in drawn), f"{layout}: image not drawn"
            else:
                value = _distinctive(field if side == "front" else f"back{field}")
                assert value in text.replace(" ", ""), f"{layout} declares '{field}' but the {side} does not show it"


def _texts(scene) -> str:
    return " ".join(n.text for n in _nodes(scene.nodes) if isinstance(getattr(n, "text", None), str))


def test_no_card_face_says_sample_the_back_of_a_sample_deck_does(starter_game):
    """The sample notice lives in PRINTING.md and on the backs' small print, not on every face."""
    backs_saying_it = 0
    for game in ("bone-strike", "runes-and-bones", "ribbon-of-bone"):
        loaded = load(game)
        for deck in loaded.game.decks:
            for faces in compose_deck(loaded.game, deck, loaded.layouts):
                assert "SAMPLE" not in _texts(faces.front).upper(), (game, deck.id, faces.card)
                if deck.layout not in ("scenario", "alignment") and any(c.sample for c in deck.cards):
                    assert "Sample card designs" in _texts(faces.back), (game, deck.id, faces.back_id)
                    backs_saying_it += 1
    assert backs_saying_it >= 70  # the distinct cards of the three games' sample decks
    loaded = load(starter_game)  # nothing in the starter game is marked sample: its backs say nothing of it
    for faces in compose_deck(loaded.game, loaded.game.decks[0], loaded.layouts):
        assert "Sample" not in _texts(faces.back)


@pytest.fixture(scope="module")
def bone_strike_pieces(real_kit) -> Path:
    """Bone Strike's A4 PDF kit without rulebooks: the run's shared build (conftest's real_kit,
    built with the same options this file built its own with), which test_ganging reads too."""
    return real_kit("bone-strike")


def test_die_stickers_say_which_faces_make_each_die(bone_strike_pieces):
    game = load("bone-strike").game
    text = " ".join(text_pages(bone_strike_pieces / "die-faces-a4.pdf"))
    text = " ".join(text.split())
    for die in game.dice:
        for copy in range(1, die.count + 1):
            assert f"{die.name} {copy} of {die.count}" in text
    assert text.count("these six faces make one die") == sum(d.count for d in game.dice)


def test_a_blank_die_face_draws_nothing_that_could_read_as_a_symbol():
    from generator.pieces.dice import die_arts, face_scene
    from generator.scene.draw import Ink

    game = load("bone-strike").game
    blanks = 0
    for die in game.dice:
        for face, art in zip(die.faces, die_arts(die, game)):
            scene = face_scene(art, 16, die.color, game, Ink(), 1.0)
            icons = [n for n in _nodes(scene.nodes) if isinstance(n, Icon)]
            if face.label == "blank":
                blanks += 1
                assert art.blank and not icons, (die.id, face.label)
            else:
                assert icons, (die.id, face.label)  # every other face shows its symbols
    assert blanks == 9


GAMES_WITH_DECKS = ("bone-strike", "runes-and-bones", "ribbon-of-bone")


@pytest.mark.parametrize("game_id", GAMES_WITH_DECKS)
def test_cards_with_different_names_get_different_icons(game_id):
    """Within a deck, two card names never share their art: the `icon` the data names, and the set
    of icons drawn on the composed front (runes draw an element and a weapon, marquises their attacks)."""
    loaded = load(game_id)
    for deck in loaded.game.decks:
        named = {}
        for card in deck.cards:
            if card.extra.get("icon"):
                named.setdefault(card.extra["icon"], set()).add(card.name)
        assert all(len(names) == 1 for names in named.values()), (deck.id, named)
        drawn = {}
        for faces in compose_deck(loaded.game, deck, loaded.layouts):
            art = tuple(sorted(n.icon for n in _nodes(faces.front.nodes) if isinstance(n, Icon)))
            drawn.setdefault(art, set()).add(faces.name)
        assert all(len(names) == 1 for names in drawn.values()), (deck.id, drawn)


def test_bone_strike_svg_faces_draw_distinct_art(tmp_path):
    """The SVG a print service gets: each card's art symbol holds its own geometry (not one sword
    under many names)."""
    import xml.etree.ElementTree as ET

    loaded = load("bone-strike")
    build_game(loaded, BuildOptions(out_dir=tmp_path, formats=("svg",), rulebook=False))
    ns = "{http://www.w3.org/2000/svg}"
    for deck in loaded.game.decks:
        art: dict[str, str] = {}
        for card in deck.cards:
            root = ET.parse(tmp_path / "bone-strike" / "svg" / deck.id / f"{card.id}.svg").getroot()
            symbol = next(s for s in root.iter(f"{ns}symbol") if s.get("id") == f"icon-{card.extra['icon']}")
            geometry = "".join(ET.tostring(child, encoding="unicode") for child in symbol)
            assert geometry, card.id
            art[card.name] = geometry
        assert len(set(art.values())) == len(art), f"deck '{deck.id}': two card names share one drawing"


def test_die_mat_edge_numbers_stand_apart():
    """Each socket's edge numbers sit inside its own border: no two of them crowd one gap."""
    from generator.model.sheet_layouts import load_sheet_layouts
    from generator.pieces.sheets import SheetComposer
    from generator.scene.draw import Ink, text_width
    from generator.scene.nodes import Text

    game = load("rattlebones").game
    mat = next(s for s in game.sheets if s.id == "die-mat")
    layouts, problems = load_sheet_layouts(game.root)
    assert not problems
    scene = SheetComposer(game, Ink()).compose(mat, layouts["die-mat"])
    edges = [(n.x + text_width(n.text, n.size, n.style) / 2, n.y - n.size * 0.35) for n in _nodes(scene.nodes)
             if isinstance(n, Text) and n.text.isdigit() and len(n.text) == 1 and n.size < 8]
    assert len(edges) == 6 * 4  # four edges of six sockets
    closest = min(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 for i, (ax, ay) in enumerate(edges) for bx, by in edges[i + 1:])
    assert closest / mm(1) > 3.0, f"two edge numbers {closest / mm(1):.1f} mm apart"


@pytest.mark.parametrize("game_id", ["runes-and-bones", "rattlebones", "ribbon-of-bone"])
def test_every_token_cut_line_shows_on_its_own_background(game_id):
    """The cut line lies on the token's bleed: it must stand out from that colour (the bone
    tokens' grey circle on dark brown was 1.3 : 1)."""
    from generator.pieces.punch import contrast_ratio, token_items, token_specs
    from generator.scene.draw import PAPER, Ink
    from generator.scene.nodes import Circle, Rect

    game = load(game_id).game
    checked = 0
    for piece in game.tokens:
        if piece.extra.get("die_sides") or piece.extra.get("shape") == "standee" or not piece.extra.get("size_mm"):
            continue
        specs = token_specs(piece, game)
        items = list(dict.fromkeys(token_items(piece, game, Ink(), True)))
        for spec, item in zip(specs, items):
            (outline,) = [n for n in item.lines if isinstance(n, (Circle, Rect))]
            background = spec.front.fill or PAPER
            assert contrast_ratio(outline.stroke, background) >= 3.0, (piece.id, outline.stroke, background)
            checked += 1
    assert checked


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_assembly_map_names_sheets_outside_the_board(paper):
    """The sheet names (A1, B1 ...) sit beside the miniature board, not on its spaces or the
    store chart."""
    from generator.pieces.outputs import board_output
    from generator.pieces.settings import PieceSettings
    from generator.scene.nodes import Text

    game = load("rattlebones").game
    output = board_output(game.boards[0], game, PieceSettings.from_options(BuildOptions(paper=paper)))
    page = output.pages[0]
    (miniature,) = [p for p in page.placements if getattr(p, "properties", {}).get("Map")]
    x, y, w, h = miniature.x, miniature.y, miniature.scene.width, miniature.scene.height
    names = [n for n in _nodes(page.marks) if isinstance(n, Text) and len(n.text) == 2 and n.text[0].isupper()
             and n.text[1].isdigit()]
    assert len(names) == len(output.pages) - 1 >= 4
    for name in names:
        assert not (x < name.x < x + w and y < name.y < y + h), f"sheet name {name.text} is drawn on the board"


def test_runeblade_prints_coloured_dice_chits_instead_of_thirty_dice(tmp_path):
    """Runeblade's pools need about 30 coloured d6; the kit prints a chit per die in each colour
    (from the data: a token set) and PRINTING.md lists it."""
    loaded = load("runeblade")
    chits = next(t for t in loaded.game.tokens if t.id == "dice-chits")
    faces = {f["name"]: f["count"] for f in chits.extra["faces"]}
    assert sum(d.count for d in loaded.game.dice) <= sum(faces.values())
    build_game(loaded, BuildOptions(out_dir=tmp_path, formats=("pdf",), rulebook=False))
    kit = tmp_path / "runeblade"
    text = " ".join(text_pages(kit / "tokens-a4.pdf"))
    for word, count in faces.items():
        assert text.split().count(word) == count, word
    printing = (kit / "PRINTING.md").read_text()
    assert "`tokens-a4.pdf` | 45 × Coloured dice chits" in printing
