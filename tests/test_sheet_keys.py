"""A sheet's own keys must be read by the layout that draws it (generator/model/sheet_keys.py):
a misspelt key is refused by `cards validate` at its file:line:column with a "did you mean", the
games as shipped raise no false alarm, and a designer's own layout reading a new key makes it valid."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pdfcheck import text_pages

from generator.model.loader import load
from generator.model.sheet_keys import EXPRESSION_FIELDS, READ_ELSEWHERE, TEMPLATE_FIELDS, layout_reads
from generator.model.sheet_layouts import Region, SheetLayout, choose_sheet_layout, load_sheet_layouts
from tests import warm

REPO = Path(__file__).resolve().parents[1]
GAMES = ("bone-strike", "rattlebones", "ribbon-of-bone", "runeblade", "runes-and-bones")


def cards(*args) -> subprocess.CompletedProcess:
    return warm.cards(*args, cwd=REPO, timeout=600)


def misspell(key: str) -> str:
    """Two neighbouring letters swapped near the middle (fields -> fiedls)."""
    i = max(1, len(key) // 2)
    while i < len(key) - 1 and key[i - 1] == key[i]:
        i += 1
    return key[:i - 1] + key[i] + key[i - 1] + key[i + 1:]


def key_line(game_dir: Path, sheet_id: str, key: str) -> tuple[Path, int, int]:
    """The file, line and column (from 1) of a sheet's key, read from the YAML text."""
    for path in sorted(game_dir.glob("*.yaml")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for start, line in enumerate(lines):
            if re.match(rf"\s*- id: {re.escape(sheet_id)}\s*$", line):
                for number in range(start + 1, len(lines)):
                    found = re.match(rf"(\s+){re.escape(key)}:", lines[number])
                    if found:
                        return path, number + 1, len(found.group(1)) + 1
    raise AssertionError(f"no '{key}' under sheet '{sheet_id}' in {game_dir}")


def key_to_misspell(game, sheet, layouts) -> tuple[str, bool]:
    """A key of the sheet its layout reads (and the layout is chosen without it); else, for a sheet
    chosen by that very key, the key (True: the message is the 'no layout applies' one)."""
    layout = choose_sheet_layout(sheet, "sheets", layouts, game.root)
    read = set(layout_reads(layout)[0] or ())
    if layout.back:
        read |= layout_reads(layouts[layout.back])[0] or set()
    choosing = set(layout.applies_to.has) if layout.applies_to and not sheet.layout else set()
    for key in sheet.model_extra:
        if key in read and key not in READ_ELSEWHERE and key not in choosing:
            return key, False
    return next(k for k in sheet.model_extra if k in choosing), True


@pytest.mark.parametrize("game_id", GAMES)
def test_a_misspelt_key_in_each_sheet_is_refused_at_its_place(game_id, tmp_path):
    copy = tmp_path / game_id
    shutil.copytree(REPO / "content" / game_id, copy)
    game = load(copy).game
    layouts, _ = load_sheet_layouts(copy)
    assert game.sheets, f"{game_id} has no sheets to test"
    expected = []
    for index, sheet in enumerate(game.sheets):
        key, unchosen = key_to_misspell(game, sheet, layouts)
        bad = misspell(key)
        assert bad != key and bad not in sheet.model_extra
        path, line, column = key_line(copy, sheet.id, key)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        lines[line - 1] = lines[line - 1].replace(f"{key}:", f"{bad}:", 1)
        path.write_text("".join(lines), encoding="utf-8")
        expected.append((f"{path.name}:{line}:{column}: sheets[{index}].{bad}: sheet '{sheet.id}'", key, unchosen))
    result = cards("validate", copy)
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stderr
    assert f"{len(expected)} problem" in result.stderr, result.stderr
    for place, key, unchosen in expected:
        assert place in result.stderr, result.stderr
        block = result.stderr[result.stderr.index(place):].split("\n  ")[0:2]
        assert f"did you mean '{key}'?" in block[1], block
        assert ("no sheet layout applies" if unchosen else "is read by nothing: its sheet layout") in block[0]


def test_the_games_the_starter_and_the_fixtures_validate(tmp_path):
    starter = tmp_path / "starter"
    assert cards("new", starter).returncode == 0
    fixtures = sorted(p.parent for p in (REPO / "tests" / "fixtures").glob("*/game.yaml"))
    result = cards("validate", *GAMES, starter, *fixtures)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": ok (") == len(GAMES) + 1 + len(fixtures)


def test_a_designers_own_layout_reading_a_new_key_makes_it_valid(tmp_path):
    copy = tmp_path / "ribbon-of-bone"
    shutil.copytree(REPO / "content" / "ribbon-of-bone", copy)
    path, line, column = key_line(copy, "notebook-page", "fields")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(line - 1, " " * (column - 1) + 'motto: "Walk the ribbon, remember the bone"\n')
    path.write_text("".join(lines), encoding="utf-8")
    refused = cards("validate", copy)
    assert refused.returncode != 0
    assert (f"{path.name}:{line}:{column}: sheets[0].motto: sheet 'notebook-page': key 'motto' is read by nothing: "
            f"its sheet layout 'field-list' does not draw it") in refused.stderr, refused.stderr
    assert "its layout reads: fields" in refused.stderr  # nothing close: the keys it reads instead

    own = copy / "layouts" / "sheets"
    own.mkdir(parents=True, exist_ok=True)
    (own / "notebook-page.yaml").write_text(
        "extends: field-list\n"
        "regions:\n"
        "  - {id: motto, kind: text, box: [10, 202, 128, 6], value: \"{{ sheet['motto'] }}\",\n"
        "     font: {size: 8, style: italic}}\n", encoding="utf-8")
    accepted = cards("validate", copy)
    assert accepted.returncode == 0, accepted.stderr
    out = tmp_path / "out"
    built = cards("build", copy, "--only", "notebook-page", "--format", "pdf", "--out", out)
    assert built.returncode == 0, built.stderr
    pdfs = list((out / "ribbon-of-bone").glob("notebook-page*.pdf"))
    assert len(pdfs) == 1, list((out / "ribbon-of-bone").iterdir())
    text = " ".join(text_pages(pdfs[0]))
    assert "Walk the ribbon, remember the bone" in " ".join(text.split())


def _layout(regions: list, **keys) -> SheetLayout:
    return SheetLayout.model_validate({"id": "probe", "size": "a6", "regions": regions, **keys})


def test_every_way_a_layout_reads_a_key_is_found():
    layout = _layout([
        {"id": "a", "kind": "text", "box": [0, 0, 10, 10], "value": "{{ sheet.title }} {{ piece['subtitle'] }}"},
        {"id": "b", "kind": "text", "box": [0, 0, 10, 10], "when": "'motto' in sheet",
         "value": "{{ sheet.get('motto', '') }}", "fill": "{{ sheet.tint | colour }}"},
        {"id": "c", "kind": "boxes", "box": [0, 0, "sheet.width", 10], "labels": "sheet.track[:3]",
         "shade_labels": "[sheet.start]"},
        {"id": "d", "kind": "repeat", "box": [0, 0, 10, 10], "each": "sheet.rounds", "as": "round",
         "regions": [{"id": "e", "kind": "text", "box": [0, 0, 5, 5], "value": "{{ round.name }} {{ sheet.suffix }}"}]},
        {"id": "f", "kind": "table", "box": [0, 0, 10, 10], "columns": "sheet.columns", "rows": "game.tables.x.rows",
         "cell_value": "{{ game.pieces['other'].colour }}"},
    ], applies_to={"group": "sheets", "has": ["rounds", "kind"]})
    keys, pieces = layout_reads(layout)
    assert keys == {"title", "subtitle", "motto", "tint", "width", "track", "start", "rounds", "suffix",
                    "columns", "kind"}
    assert pieces == {"colour"}


def test_a_layout_reading_the_sheet_whole_checks_nothing_and_a_repeat_may_hide_the_sheet():
    whole = _layout([{"id": "all", "kind": "text", "box": [0, 0, 10, 10],
                      "value": "{% for k, v in sheet.items() %}{{ k }}{% endfor %}"}])
    assert layout_reads(whole)[0] is None
    computed = _layout([{"id": "one", "kind": "text", "box": [0, 0, 10, 10], "value": "{{ sheet[sheet.which] }}"}])
    assert layout_reads(computed)[0] is None
    hidden = _layout([{"id": "r", "kind": "repeat", "box": [0, 0, 10, 10], "each": "sheet.pages", "as": "sheet",
                       "regions": [{"id": "t", "kind": "text", "box": [0, 0, 5, 5], "value": "{{ sheet.heading }}"}]}])
    assert layout_reads(hidden)[0] == {"pages"}  # inside, 'sheet' is the page


def test_every_evaluated_region_field_is_scanned():
    """A new Region field that holds a template or expression must be added to sheet_keys' lists."""
    plain = {"id", "kind", "direction", "as_", "node_id", "node_at", "links", "box"}  # box: scanned apart
    may_hold_text = {name for name, field in Region.model_fields.items() if "str" in str(field.annotation)
                     or "Expr" in str(field.annotation)}
    assert may_hold_text - plain == set(TEMPLATE_FIELDS) | set(EXPRESSION_FIELDS)


def test_a_misspelt_key_of_a_sheets_back_data_is_refused_at_its_place(tmp_path):
    copy = tmp_path / "bone-strike"
    shutil.copytree(REPO / "content" / "bone-strike", copy)
    path, line, column = key_line(copy, "health-marker", "back")
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert "{title: " in text[line - 1], text[line - 1]  # the back's data: {title: ..., icon: ...}
    text[line - 1] = text[line - 1].replace("{title: ", "{titel: ")
    path.write_text("".join(text), encoding="utf-8")
    result = cards("validate", copy)
    assert result.returncode != 0
    at = text[line - 1].index("titel") + 1
    assert (f"{path.name}:{line}:{at}: sheets[0].back.titel: sheet 'health-marker': key 'titel' is read by "
            f"nothing: its back layout 'health-card-back' does not draw it") in result.stderr, result.stderr
    assert "did you mean 'title'?" in result.stderr
