"""Hostile game folders (issue 15): each refused with a located message and exit 2, never a
traceback, a hang or a leak."""
from __future__ import annotations

import time
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
        started = time.perf_counter()
        result = run("validate", starter_game)
        elapsed = time.perf_counter() - started
        assert result.exit_code == 2, (name, result.output)
        assert "Traceback" not in result.output, name
        assert expected in result.output, (name, result.output)
        assert "layouts/poker.yaml:" in result.output and "regions[0].value" in result.output, (name, result.output)
        assert "region 'bomb'" in result.output, name
        assert elapsed < 5, (name, elapsed)  # generous for slow machines: a hang would be minutes


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
