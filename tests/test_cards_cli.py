"""The `cards` command as a user runs it: exit codes, messages, atomic output, fast help."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.model.loader import load
from tests import warm

runner = CliRunner()
HEAVY = ("reportlab", "weasyprint", "icepool")


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_help_does_not_import_drawing_libraries():
    code = "import sys\nfrom generator.cli import app\ntry:\n    app(['--help'])\nexcept SystemExit:\n    pass\n" \
           f"print('HEAVY:' + ','.join(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "Usage" in out
    assert out.strip().splitlines()[-1] == "HEAVY:"


def test_new_then_validate_then_build_a_game_outside_the_repository(tmp_path):
    folder = tmp_path / "Moon Raiders"
    result = run("new", folder)
    assert result.exit_code == 0, result.output
    assert "cards build" in result.output
    assert run("validate", folder).exit_code == 0
    out = tmp_path / "out"
    result = run("build", folder, "--out", out, "--paper", "letter")
    assert result.exit_code == 0, result.output
    kit = json.loads((out / "moon-raiders" / "kit.json").read_text())
    assert kit["game"] == "moon-raiders"
    paths = {f["path"] for f in kit["files"]}
    assert "actions-letter.pdf" in paths
    for entry in kit["files"]:
        assert set(entry) == {"path", "components", "kind", "pages", "paper", "layout"}
        assert (out / "moon-raiders" / entry["path"]).exists()


def test_new_refuses_an_existing_folder(tmp_path):
    (tmp_path / "taken").mkdir()
    result = run("new", tmp_path / "taken")
    assert result.exit_code == 2
    assert "already exists" in result.output


def test_invalid_game_exits_2_with_located_problems_and_no_traceback(tmp_path, starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 1", "cots: 1"))
    result = run("validate", starter_game)
    assert result.exit_code == 2
    assert "cards.yaml:" in result.output and "did you mean 'cost'?" in result.output
    assert "Traceback" not in result.output


def test_text_that_cannot_fit_is_an_error_naming_the_card(tmp_path, starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Gain **2** :star:.", "Move. " * 200))
    result = run("build", starter_game, "--out", tmp_path)
    assert result.exit_code == 2
    assert "card 'dash'" in result.output and "does not fit" in result.output
    assert "my-game/cards.yaml:16:15: decks[0].cards[0].text: deck 'actions', card 'dash'" in result.output


def test_characters_the_font_lacks_are_an_error_at_the_card_field(starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Gain **2** :star:.", "Move up to \u2615 spaces."))
    result = run("validate", starter_game)
    assert result.exit_code == 2, result.output
    assert "my-game/cards.yaml:16:15: decks[0].cards[0].text: deck 'actions', card 'dash'" in result.output
    assert "no glyph for" in result.output


def test_failed_build_keeps_the_previous_good_file(tmp_path, starter_game):
    # The deck's file is the point: the rulebook's own keeping is test_hostile_kits.py's.
    assert run("build", starter_game, "--out", tmp_path, "--format", "pdf", "--no-rulebook").exit_code == 0
    pdf = tmp_path / "my-game" / "actions-a4.pdf"
    before = pdf.read_bytes()
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Gain **2** :star:.", "Move. " * 200))
    assert run("build", starter_game, "--out", tmp_path, "--format", "pdf", "--no-rulebook").exit_code == 2
    assert pdf.read_bytes() == before
    assert not [p for p in pdf.parent.iterdir() if p.name.endswith(".tmp")]


def test_bad_options_say_what_was_expected(starter_game):
    assert "expected a4 or letter" in run("build", starter_game, "--paper", "a3").output
    assert "expected two numbers" in run("build", starter_game, "--back-offset", "1").output
    assert "expected pdf, svg" in run("build", starter_game, "--format", "png").output
    result = run("build", starter_game, "--only", "actoins")
    assert result.exit_code == 2 and "did you mean 'actions'?" in result.output


def test_list_json_gives_components_with_kind_and_count(starter_game):
    result = run("list", starter_game, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert {(c["id"], c["kind"], c["count"]) for c in data["components"]} == {("deck", "deck", 6), ("d6", "dice", 1)}
    assert data["decks"] == [{"id": "actions", "name": "Action cards", "cards": 6, "unique": 2}]
    assert all(c["files"] == [] for c in data["components"])  # nothing built yet


def test_list_names_the_file_each_component_prints_in(tmp_path, starter_game):
    assert run("build", starter_game, "--out", tmp_path, "--format", "pdf", "--no-rulebook").exit_code == 0
    data = json.loads(run("list", starter_game, "--json", "--out", tmp_path).output)
    files = {c["id"]: c["files"] for c in data["components"]}
    assert files["deck"] == ["actions-a4.pdf"]
    text = run("list", starter_game, "--out", tmp_path).output
    assert "actions-a4.pdf" in text and "players bring it" in text


def test_console_script_runs_as_installed():
    cards = Path(sys.executable).parent / "cards"
    out = subprocess.run([str(cards), "--help"], capture_output=True, text=True, env={**os.environ, "COLUMNS": "100"})
    assert out.returncode == 0 and "build" in out.stdout and "validate" in out.stdout


def test_validate_checks_the_game_s_sheet_layouts(starter_game):
    sheets = starter_game / "layouts" / "sheets"
    sheets.mkdir(parents=True)
    (sheets / "score.yaml").write_text("size: a4\nregionz: []\n")
    result = run("validate", starter_game)
    assert result.exit_code == 2
    assert "score.yaml:2:1" in result.output and "did you mean 'regions'?" in result.output


def test_watch_preview_draws_the_cards_again_after_each_good_build(tmp_path, starter_game):
    from generator.options import BuildOptions
    from generator.preview import redrawer
    from generator.watch import watch

    messages: list[str] = []
    cards = starter_game / "cards.yaml"
    png = tmp_path / "my-game" / "preview" / "actions" / "dash.png"
    drawn: list[bytes] = []

    def keep_going(builds: int) -> bool:
        drawn.append(png.read_bytes())
        if builds == 1:
            cards.write_text(cards.read_text().replace("Gain **2** :star:.", "Run far, very far."))
            return True
        return False

    options = BuildOptions(formats=("pdf",), out_dir=tmp_path, rulebook=False)
    watch(str(starter_game), options, messages.append, interval=0.05, keep_going=keep_going,
          then=redrawer(["actions"], tmp_path, False, messages.append))
    assert sum("preview:" in m for m in messages) == 2, messages
    assert len(drawn) == 2 and drawn[0] != drawn[1]  # the edited card was drawn again


def test_watch_rebuilds_when_a_file_changes_and_survives_a_broken_edit(tmp_path, starter_game):
    from generator.options import BuildOptions
    from generator.watch import watch

    messages: list[str] = []
    cards = starter_game / "cards.yaml"
    pdf = tmp_path / "my-game" / "actions-a4.pdf"
    edits = iter([
        lambda: cards.write_text(cards.read_text().replace("cost: 1", "cots: 1")),  # broken
        lambda: cards.write_text(cards.read_text().replace("cots: 1", "cost: 3")),  # fixed
    ])

    def keep_going(builds: int) -> bool:
        if builds <= 2:
            next(edits)()
            return True
        return False

    options = BuildOptions(formats=("pdf",), out_dir=tmp_path, rulebook=False)
    builds = watch(str(starter_game), options, messages.append, interval=0.05, keep_going=keep_going)
    assert builds == 3
    assert sum("built my-game" in m for m in messages) == 2  # first build, then the fixed one
    assert any("did you mean 'cost'?" in m for m in messages)  # the broken edit was reported
    assert pdf.exists()


def test_a_non_finite_back_offset_is_refused(starter_game):
    result = run("build", starter_game, "--back-offset", "nan,0")
    assert result.exit_code == 2 and "expected two numbers" in result.output


def test_an_unwritable_output_folder_is_one_line_not_a_traceback(tmp_path, starter_game):
    blocker = tmp_path / "file"
    blocker.write_text("")
    # the console script's entry started warm (tests/warm.py); test_console_script_runs_as_installed starts it cold
    out = warm.cards("build", starter_game, "--out", blocker, "--format", "pdf", "--no-rulebook")
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and "cannot write or read a file" in out.stderr


def test_new_game_names_that_look_like_yaml_values_stay_strings(tmp_path):
    for name in ("yes", "null", "a: b"):
        folder = tmp_path / name
        assert run("new", folder).exit_code == 0
        assert run("validate", folder).exit_code == 0, name


@pytest.mark.parametrize("csv", [False, True])
def test_a_new_games_card_back_shows_its_own_name(tmp_path, csv):
    """`cards new harbour-run` names the game "Harbour Run" on its card backs too, not "My Game"."""
    folder = tmp_path / "harbour-run"
    assert run("new", folder, *(["--csv"] if csv else [])).exit_code == 0
    backs = load(folder).game.decks[0].backs
    assert [back.title for back in backs.values()] == ["Harbour Run"]


def test_a_bad_piece_option_is_refused_before_anything_is_written(tmp_path, starter_game):
    result = run("build", starter_game, "--out", tmp_path, "--die-size", "0")
    assert result.exit_code == 2
    assert not any(tmp_path.rglob("*.pdf"))


def test_characters_the_font_lacks_stop_the_build_naming_the_card(tmp_path, starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Gain **2** :star:.", "Move 三 spaces 🎲."))
    result = run("build", starter_game, "--out", tmp_path, "--format", "pdf", "--no-rulebook")
    assert result.exit_code == 2
    assert "card 'dash'" in result.output and "U+4E09" in result.output and "U+1F3B2" in result.output


def test_two_folders_with_one_game_id_are_refused_before_they_overwrite_each_other(tmp_path, starter_game):
    import shutil

    twin = tmp_path / "elsewhere" / "my-game"
    shutil.copytree(starter_game, twin)
    result = run("build", starter_game, twin, "--out", tmp_path / "out", "--no-rulebook")
    assert result.exit_code == 2 and "two game folders have the id 'my-game'" in result.output
    assert not (tmp_path / "out").exists()


def test_validate_finds_text_that_does_not_fit_without_writing_anything(tmp_path, starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Gain **2** :star:.", "Move. " * 300))
    result = run("validate", starter_game)
    assert result.exit_code == 2
    assert "card 'dash'" in result.output and "does not fit" in result.output


def test_a_partial_build_keeps_the_whole_kit_s_printing_guide(tmp_path, starter_game):
    assert run("build", starter_game, "--out", tmp_path, "--format", "pdf", "--no-rulebook").exit_code == 0
    guide = tmp_path / "my-game" / "PRINTING.md"
    before = guide.read_text()
    assert "dice-nets-a4.pdf" in before
    assert run("build", starter_game, "--out", tmp_path, "--format", "pdf", "--only", "actions").exit_code == 0
    assert guide.read_text() == before
    kit = json.loads((tmp_path / "my-game" / "kit.json").read_text())
    assert {"actions-a4.pdf", "dice-nets-a4.pdf"} <= {f["path"] for f in kit["files"]}
