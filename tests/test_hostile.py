"""Hostile game folders (issue 15): each refused with a located message and exit 2, never a
traceback, a hang or a leak."""
from __future__ import annotations

from pathlib import Path

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
