"""Hostile game folders (issue 15): each refused with a located message and exit 2, never a
traceback, a hang or a leak. Atomic kits are in test_hostile_kits.py, the fuzzers in
test_hostile_fuzz.py."""
from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()
SECRET = "TOP-SECRET-OUTSIDE-TEXT"


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def _outside_layouts(tmp_path: Path) -> Path:
    """A folder outside the game holding a card layout whose text is a secret."""
    outside = tmp_path / "elsewhere"
    (outside / "sheets").mkdir(parents=True)
    (outside / "poker.yaml").write_text(
        "extends: poker\nregions:\n  - {id: leak, kind: text, value: '" + SECRET + "', box: [5, 5, 40, 10]}\n")
    return outside


def test_a_symlinked_layouts_folder_leading_outside_the_game_is_refused(tmp_path, starter_game):
    outside = _outside_layouts(tmp_path)
    (starter_game / "layouts").symlink_to(outside, target_is_directory=True)
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "layouts: the layout folder links outside the game folder" in result.output
    assert "Traceback" not in result.output
    out = tmp_path / "out"
    result = run("build", starter_game, "--out", out)
    assert result.exit_code == 2, result.output
    leaked = [f for f in out.rglob("*") if f.is_file() and SECRET.encode() in f.read_bytes()]
    assert not leaked


def test_a_symlinked_sheets_folder_inside_layouts_is_refused_too(tmp_path, starter_game):
    outside = _outside_layouts(tmp_path)
    (starter_game / "layouts").mkdir(exist_ok=True)
    (starter_game / "layouts" / "sheets").symlink_to(outside / "sheets", target_is_directory=True)
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "sheets: the sheet layout folder links outside the game folder" in result.output


def test_a_symlinked_icons_folder_or_data_folder_is_refused(tmp_path, starter_game):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "more.yaml").write_text("subtitle: from outside\n")
    (starter_game / "extra").symlink_to(outside, target_is_directory=True)
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "extra: folder links outside the game folder" in result.output
    (starter_game / "extra").unlink()
    icons = starter_game / "icons"
    icons.rename(outside / "icons")
    icons.symlink_to(outside / "icons", target_is_directory=True)
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "icons: the icons folder links outside the game folder" in result.output


# --- unbounded template work -------------------------------------------------------------

BOMBS = {
    "multiply": ("{{ 'A' * 1000000000 }}", "1,000,000,000"),
    "nested ranges": ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
                      "range(100000) has 100,000 items"),
    "nested loops within the range limit": (
        "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}", "loop steps"),
    "percent width": ("{{ '%999999999d' % 1 }}", "width or precision of 999,999,999"),
    "format width": ("{{ '{:>999999999}'.format(1) }}", "width or precision of 999,999,999"),
    "format filter": ("{{ '%999999999d' | format(1) }}", "width or precision of 999,999,999"),
    "doubling": ("{% set ns = namespace(s='AB') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
                 "a template may make at most"),
    "center": ("{{ 'x' | center(999999999) }}", "'center' filter"),
    "recursive macro": ("{% macro m(n) %}{{ m(n) }}{% endmacro %}{{ m(1) }}", "calls itself too deeply"),
    "include": ("{% include 'game.yaml' %}", "'{% include %}' is not allowed"),
    "nested doubling shown": ("{% set s = 'A' * 100000 %}{% set a = [s] %}" + "{% set a = [a, a] %}" * 30 + "{{ a }}",
                              "a value shown by the template holds more than 100,000"),
    "nested doubling filtered": ("{% set a = ['A' * 100000] %}" + "{% set a = [a, a] %}" * 30 + "{{ a | upper }}",
                                 "the value given to the 'upper' filter holds more than"),
    "lists are not changed in place": ("{% set l = [] %}{{ l.append(1) }}", "'append' of 'list' object is unsafe"),
    "range of an undefined name": ("{% for i in range(card.nope) %}x{% endfor %}", "is not defined here"),
}


def _bomb_layout(game: Path, value: str) -> Path:
    """The starter's card layout with one more region whose value is ``value``."""
    (game / "layouts").mkdir(exist_ok=True)
    file = game / "layouts" / "poker.yaml"
    file.write_text(yaml.safe_dump({"extends": "poker", "regions": [
        {"id": "bomb", "kind": "text", "box": [5, 5, 40, 10], "value": value}]}))
    return file


def test_template_work_bombs_are_refused_at_once_with_their_place(starter_game):
    for name, (value, expected) in BOMBS.items():
        _bomb_layout(starter_game, value)
        result = run("validate", starter_game)
        assert result.exit_code == 2, (name, result.output)
        assert "Traceback" not in result.output, name
        assert expected in result.output, (name, result.output)
        assert "layouts/poker.yaml:" in result.output and "regions[0].value" in result.output, (name, result.output)
        assert "region 'bomb'" in result.output, name


def test_the_limits_live_in_one_table():
    from generator.limits import LIMITS
    from generator.model import safeyaml
    from generator.scene import templates

    assert safeyaml.MAX_BYTES == LIMITS["yaml_file_bytes"].value
    assert templates.MAX_RANGE == LIMITS["template_range"].value
    assert all(limit.value > 0 and limit.what for limit in LIMITS.values())


def test_ordinary_template_work_still_renders():
    from generator.scene.templates import environment

    env = environment()
    text = env.from_string("{{ [1] * 3 }} {{ 'ab' ~ 'c' }} {{ '%3d' % 7 }} {{ '{:>3}'.format(1) }} "
                           "{% for i in range(3) %}{{ i }}{% endfor %} {{ 'a-b' | replace('-', ' ') | title }}").render()
    assert text == "[1, 1, 1] abc   7   1 012 A B"


# --- no traceback: bad bytes, wrong types, bad images ------------------------------------

def _validate_and_build(game: Path, tmp_path: Path) -> list[str]:
    outputs = []
    for args in (("validate", game), ("build", game, "--out", tmp_path / "out")):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in result.output
        outputs.append(result.output)
    return outputs


def test_a_nul_byte_or_u_ffff_in_any_yaml_file_is_a_located_problem(tmp_path, starter_game):
    cards = starter_game / "cards.yaml"
    text = cards.read_text()
    cards.write_text(text.replace("Gain", "Ga\x00in", 1))
    line = text[:text.index("Gain")].count("\n") + 1
    for output in _validate_and_build(starter_game, tmp_path):
        assert f"cards.yaml:{line}:" in output and "control character (U+0000)" in output
    cards.write_text(text)
    (starter_game / "layouts").mkdir()
    (starter_game / "layouts" / "poker.yaml").write_text("extends: poker\n# \uffff\n")
    for output in _validate_and_build(starter_game, tmp_path):
        assert "layouts/poker.yaml:2:3: the file holds a control character (U+FFFF)" in output


def test_layout_keys_of_the_wrong_type_are_located_problems(tmp_path, starter_game):
    (starter_game / "layouts").mkdir()
    layout = starter_game / "layouts" / "poker.yaml"
    for text, expected in [("extends: [poker]\n", "poker.yaml:1:10: extends: expected the name of a layout, found a list"),
                           ("extends: poker\nremove: 3\n", "poker.yaml:2:9: remove: expected a list of region ids"),
                           ("extends: poker\nremove: [[x]]\n", "poker.yaml:2:10: remove[0]: expected a region id"),
                           ("extends: poker\nregions: 3\n", "regions: expected a list of regions"),
                           ("extends: poker\nregions: [{id: [1]}]\n", "regions[0].id: expected a word"),
                           ("id: [x]\n", "poker.yaml:1:5: id: expected a word")]:
        layout.write_text(text)
        for output in _validate_and_build(starter_game, tmp_path):
            assert expected in output, (text, output)


def _with_art(game: Path, write) -> None:
    (game / "art").mkdir(exist_ok=True)
    write(game / "art" / "dash.png")
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("        icon: star\n        type: Action\n",
                                               "        image: art/dash.png\n        type: Action\n", 1))


def _png_header(width: int, height: int) -> bytes:
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
            + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))


def test_a_0x0_png_is_refused_at_the_card_that_names_it(tmp_path, starter_game):
    iend = b"\0\0\0\0IEND\xaeB`\x82"  # a well-formed file, but with no pixel
    _with_art(starter_game, lambda p: p.write_bytes(_png_header(0, 0) + iend))
    for output in _validate_and_build(starter_game, tmp_path):
        assert "cards.yaml:" in output and ".image: dash.png is 0 x 0 pixels" in output


def _png_bomb(path: Path, side: int) -> None:
    """A whole PNG of ``side`` x ``side`` black pixels, one bit each (as Pillow saves mode "1"), its
    rows deflated: ~50 KB for 400 Mpx. Written here: Pillow's save compresses the same 50 MB of
    rows in 1.2 s of CPU, zlib fed them 400 rows at a time in 0.35 s."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\0" * (1 + (side + 7) // 8)  # filter type 0, then the row's bits
    deflate = zlib.compressobj(6)
    rows = b"".join(deflate.compress(row * min(400, side - top)) for top in range(0, side, 400)) + deflate.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)  # one bit a pixel, greyscale
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def test_a_png_decompression_bomb_is_refused_from_its_header_before_decoding(tmp_path, starter_game):
    _with_art(starter_game, lambda p: _png_bomb(p, 20000))  # ~50 KB, 400 Mpx
    assert (starter_game / "art" / "dash.png").stat().st_size < 200_000
    for output in _validate_and_build(starter_game, tmp_path):
        assert ".image: dash.png is 20,000 x 20,000 pixels; images are limited to" in output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_pillows_own_bomb_error_while_embedding_becomes_a_build_error(tmp_path, starter_game, monkeypatch):
    """The header check comes first; should Pillow still refuse a picture, it is a message."""
    import pytest
    from PIL import Image as PilImage

    from generator.errors import BuildError

    _with_art(starter_game, lambda p: PilImage.new("RGB", (300, 200)).save(p, "PNG"))
    from generator.kit.build import build_game
    from generator.model.loader import load
    from generator.options import BuildOptions

    loaded = load(starter_game)
    monkeypatch.setattr(PilImage, "MAX_IMAGE_PIXELS", 100)
    with pytest.raises(BuildError, match="dash.png: the image cannot be embedded"):
        build_game(loaded, BuildOptions(out_dir=tmp_path / "out", jobs=1, formats=("pdf",), rulebook=False))


# --- icons -------------------------------------------------------------------------------

def test_a_deeply_nested_or_huge_icon_is_a_problem_naming_the_file(tmp_path, starter_game):
    icon = starter_game / "icons" / "star.svg"
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'
    icon.write_text(svg.format("<g>" * 990 + '<circle cx="5" cy="5" r="4"/>' + "</g>" * 990))
    for output in _validate_and_build(starter_game, tmp_path):
        assert "icons/star.svg: elements nest deeper than 50 levels" in output
    icon.write_text(svg.format('<rect x="0" y="0" width="1e308" height="1e308"/>'))
    for output in _validate_and_build(starter_game, tmp_path):
        assert "icons/star.svg: the SVG holds a number larger than 1,000,000" in output


# --- limits per game ---------------------------------------------------------------------

def test_cards_across_decks_are_limited_per_game_and_refused_at_once(tmp_path, starter_game):
    decks = [{"id": f"pile-{n}", "name": f"Pile {n}", "back": "plain", "backs": {"plain": {"title": "x"}},
              "cards": [{"id": f"c{n}", "name": "C", "cost": 1, "type": "Action", "text": "x", "count": 9_000}]}
             for n in range(3)]
    (starter_game / "more-cards.yaml").write_text(yaml.safe_dump({"decks": decks}))
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "decks: the decks print 27,006 cards together; a game may print at most 20,000" in result.output


def test_thousands_of_problems_list_the_first_hundred_and_count_the_rest(starter_game):
    game = starter_game / "game.yaml"
    game.write_text(game.read_text() + "".join(f"junk_{n}: {n}\n" for n in range(5_000)))
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert result.output.count("unknown key 'junk_") == 100
    assert "and 4,900 more problems (unknown keys), from here on" in result.output


def test_yaml_bytes_are_limited_per_game_not_only_per_file(starter_game, monkeypatch):
    from generator.model import files

    monkeypatch.setattr(files, "MAX_GAME_BYTES", 4_000)  # the real limit is 20 MB: the same check, smaller
    (starter_game / "notes.yaml").write_text("notes: '" + "x" * 3_000 + "'\n")
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "my-game: the game's YAML files hold" in result.output and "a game may hold at most" in result.output


# --- damaged art -------------------------------------------------------------------------

def test_truncated_or_header_only_images_are_refused_at_the_card(tmp_path, starter_game):
    import io

    from PIL import Image as PilImage

    def saved(fmt: str) -> bytes:
        buffer = io.BytesIO()
        PilImage.effect_noise((300, 200), 60).convert("RGB").save(buffer, fmt)
        return buffer.getvalue()

    jpeg, png = saved("JPEG"), saved("PNG")
    for data, expected in [(jpeg[: len(jpeg) // 2], "damaged JPEG: it ends before its end marker"),
                           (jpeg[:12], "damaged JPEG: it has no frame header"),
                           (png[: len(png) // 2], "damaged PNG: it ends before its last chunk")]:
        _with_art(starter_game, lambda p, data=data: p.write_bytes(data))
        for output in _validate_and_build(starter_game, tmp_path):
            assert ".image: dash.png is a " + expected in output, output


def test_card_text_given_as_a_list_is_refused_not_printed_as_python(tmp_path, starter_game):
    cards = starter_game / "cards.yaml"
    text = cards.read_text()
    old = '        text: "Gain **2** :star:. Then draw a card. See [[turn]]."\n'
    assert old in text
    cards.write_text(text.replace(old, "        text: [Draw 2 runes from the bag., x]\n"))
    for output in _validate_and_build(starter_game, tmp_path):
        assert "card 'dash'" in output and "'card.text' is a list, but this region shows text" in output
    assert not any((tmp_path / "out").rglob("*.pdf")) if (tmp_path / "out").exists() else True


# --- errors with their place -------------------------------------------------------------

def test_a_broken_declared_icon_is_one_problem_not_also_a_missing_file(tmp_path, starter_game):
    (starter_game / "icons.yaml").write_text("icons:\n  star: {label: Star}\n")
    (starter_game / "icons" / "star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script/></svg>')
    result = run("validate", starter_game)
    assert result.exit_code == 2
    assert "icons/star.svg: <script> is not supported in icons" in result.output
    assert "does not exist" not in result.output


def test_an_extends_loop_is_located_with_its_column(starter_game):
    (starter_game / "layouts").mkdir()
    (starter_game / "layouts" / "a.yaml").write_text("size: poker\nextends: b\n")
    (starter_game / "layouts" / "b.yaml").write_text("size: poker\nextends: a\n")
    result = run("validate", starter_game)
    assert result.exit_code == 2
    assert "layouts/a.yaml:2:1: extends: layouts extend each other in a loop: a -> b -> a" in result.output


def test_a_board_value_of_the_wrong_shape_is_a_message_naming_the_board(tmp_path):
    import shutil

    from generator.paths import CONTENT_DIR

    game = tmp_path / "rattlebones"
    shutil.copytree(CONTENT_DIR / "rattlebones", game)
    board = game / "board.yaml"
    board.write_text(board.read_text().replace("space_size_mm: [60, 60]", "space_size_mm: null"))
    result = run("validate", game)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "its data cannot be drawn (TypeError" in result.output, result.output


def test_a_megabyte_of_card_text_is_refused_at_once_at_its_field(starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace('text: "Gain **2** :star:. Then draw a card. See [[turn]]."',
                                               'text: "' + "word " * 200_000 + '"'))
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "decks[0].cards[0].text: text of 1,000,000 characters; a text field may hold at most 20,000" in result.output
