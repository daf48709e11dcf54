"""Style from data (generator/model/styles.py): the fixture game's layout colours each card's
frame by its element, as the rendered pixels show, and every mistake in a mapping is refused when
the game loads, named by layout, deck, card and field."""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from designer import edit, problems_of

from generator.model.loader import load
from tests import warm

FIXTURE = Path(__file__).parent / "fixtures" / "csvgame"
SCALE = 100 / 72  # 100 dpi
MM = 72 / 25.4

# layouts/element.yaml: frame fill by element (matched without regard to case; 'else' for air).
FRAME = {"fire": (0xF4, 0xD3, 0xC4), "water": (0xCF, 0xE0, 0xF3), "earth": (0xDF, 0xE8, 0xC9), "else": (0xEC, 0xEC, 0xEC)}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "designer" / "csvgame"
    shutil.copytree(FIXTURE, folder)
    return folder


def frame_colour(pdf_path: Path, name: str) -> tuple[int, int, int]:
    """The colour inside the frame of the first card titled ``name``: 12 mm below its title, at the
    title's left edge (left of the art, above the rules text)."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    for page in pdf:
        text = page.get_textpage()
        search = text.search(name, match_case=True, match_whole_word=True)
        found = search.get_next()
        if not found:
            continue
        left, _bottom, _right, top = text.get_charbox(found[0])
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        height = page.get_size()[1]
        x, y = (left + 1 * MM) * SCALE, (height - top + 12 * MM) * SCALE
        return image.getpixel((int(x), int(y)))
    raise AssertionError(f"no card titled {name!r} in {pdf_path}")


def near(colour, expected, tolerance: int = 6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("styles")
    result = warm.cards("build", FIXTURE, "--out", out, "--format", "pdf", "--no-rulebook", timeout=300)
    assert result.returncode == 0, result.stderr
    return out / "csvgame" / "elements-a4.pdf"


@pytest.mark.parametrize("name, element", [("Ember", "fire"), ("Wildfire", "fire"), ("Spring", "water"),
                                           ("Tide", "water"), ("Pebble", "earth"), ("Gale", "else")])
def test_each_card_s_frame_has_the_colour_its_element_chooses(built, name, element):
    colour = frame_colour(built, name)
    assert near(colour, FRAME[element]), f"{name} ({element}): {colour}"
    others = [c for e, c in FRAME.items() if e != element]
    assert not any(near(colour, c) for c in others)


def test_changing_the_data_changes_the_colour(game, tmp_path):
    edit(game / "cards.csv", "Gale,1,air,", "Gale,1,water,")
    out = tmp_path / "out"
    result = warm.cards("build", game, "--out", out, "--format", "pdf", "--no-rulebook", timeout=300)
    assert result.returncode == 0, result.stderr
    assert near(frame_colour(out / "csvgame" / "elements-a4.pdf", "Gale"), FRAME["water"])


def test_an_unknown_by_field_gets_a_suggestion_at_the_layout(game):
    edit(game / "layouts" / "element.yaml", "fill: {by: element,", "fill: {by: elemnt,")
    report = problems_of(game)
    assert "layouts/element.yaml:" in report
    assert "region 'frame' fill: 'by: elemnt' is not a field" in report and "did you mean 'element'?" in report


def test_a_value_that_is_not_a_colour_is_refused_where_it_is_written(game):
    edit(game / "layouts" / "element.yaml", 'water: "#cfe0f3"', "water: blue")
    report = problems_of(game)
    assert "layouts/element.yaml:6:49: regions[0].fill.water: expected a colour" in report
    assert "'blue'" in report


def test_a_font_size_out_of_range_is_refused(game):
    edit(game / "layouts" / "element.yaml", "font: {size: 11,", "font: {size: {by: element, fire: 500, else: 11},")
    report = problems_of(game)
    assert "regions[1].font.size.fire" in report and "200" in report


def test_an_icon_choice_naming_no_icon_gets_a_suggestion(game):
    edit(game / "layouts" / "element.yaml", "fire: flame,", "fire: flames,")
    report = problems_of(game)
    assert "icon 'flames' does not exist" in report and "did you mean 'flame'?" in report


def test_a_card_whose_value_has_no_entry_and_no_else_is_named(game):
    edit(game / "cards.csv", "Tide,1,water,", "Tide,1,steam,")
    report = problems_of(game)
    assert "cards.csv:5:3: row 5, column C (element): deck 'elements', card 'tide': element 'steam'" in report
    assert "no 'else'" in report and "region 'cost' fill" in report


def test_a_yaml_card_without_the_field_is_named_too(game):
    (game / "more.yaml").write_text(
        "decks:\n  - id: extra\n    name: Extra\n    layout: element\n    cards:\n"
        "      - {id: plain, name: Plain, cost: 1, text: No element at all.}\n", encoding="utf-8")
    report = problems_of(game)
    assert "more.yaml:6:9: decks[1].cards[0]: deck 'extra', card 'plain' has no 'element'" in report
    assert "region 'cost' fill" in report


def test_short_colours_are_read_as_long_ones():
    layout = load(FIXTURE).layouts["element"]
    stroke = next(r for r in layout.regions if r.id == "frame").stroke
    assert stroke.pick({"element": "fire"}) == "#cc3333" and stroke.pick({"element": "air"}) == "#888888"


def test_background_and_font_size_follow_the_data_too(game, tmp_path):
    layout = game / "layouts" / "element.yaml"
    edit(layout, "fields: [element, cost, text, sample]",
         'fields: [element, cost, text, sample]\nbackground: {by: element, fire: "#400000", else: "#ffffff"}')
    edit(layout, "font: {size: 11, min: 7,", "font: {size: {by: element, fire: 14, else: 9}, min: 7,")
    out = tmp_path / "out"
    result = warm.cards("build", game, "--out", out, "--format", "pdf", "--no-rulebook", timeout=300)
    assert result.returncode == 0, result.stderr
    pdf = pdfium.PdfDocument(str(out / "csvgame" / "elements-a4.pdf"))
    page = pdf[0]
    text = page.get_textpage()
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    height = page.get_size()[1]

    def title(name: str) -> tuple[float, float, float, float]:
        found = text.search(name, match_case=True, match_whole_word=True).get_next()
        return text.get_charbox(found[0])

    def margin_colour(name: str):  # 1.2 mm inside the card's left trim edge, between trim and frame
        left, _bottom, _right, top = title(name)
        return image.getpixel((int((left - 3.3 * MM) * SCALE), int((height - top + 20 * MM) * SCALE)))

    assert near(margin_colour("Ember"), (0x40, 0, 0))
    assert near(margin_colour("Spring"), (0xFF, 0xFF, 0xFF))
    ember, spring = title("Ember"), title("Spring")
    ratio = (ember[3] - ember[1]) / (spring[3] - spring[1])  # cap heights of 'E' at 14 pt and 'S' at 9 pt
    assert 1.35 < ratio < 1.75, ratio
