"""Cards from a spreadsheet (generator/model/spreadsheet.py, sheet_read.py): the designer game
tests/fixtures/csvgame builds from cards.csv, what its rows say is printed, and every mistake is
named at its file, row and column, as `cards` reports it."""
from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from designer import cards, edit, problems_of
from pdfcheck import text_pages

from generator.errors import GameDataError
from generator.model.loader import load

FIXTURE = Path(__file__).parent / "fixtures" / "csvgame"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "designer" / "csvgame"
    shutil.copytree(FIXTURE, folder)
    return folder


def test_the_fixture_builds_and_prints_what_its_rows_say(tmp_path):
    out = tmp_path / "out"
    result = cards("build", FIXTURE, "--out", out, "--format", "pdf", "--no-rulebook")
    assert result.returncode == 0, result.stderr
    text = " ".join(" ".join(text_pages(out / "csvgame" / "elements-a4.pdf")).split())  # lines joined
    assert "one card in play: its owner discards" in text  # Wildfire's row, its **Burn** in bold beside it
    assert "Swap a card of your hand with the top card of the deck." in text  # the last row, Gale
    assert text.count("Ember") == 3  # the count column
    assert "See §2." in text  # [[turn]] in a cell cites the rule as in YAML
    assert "cheap opener" not in text  # Notes: null, a column for the designer only


def test_cells_become_cards_like_yaml_ones():
    deck = load(FIXTURE).game.deck("elements")
    by_id = {card.id: card for card in deck.cards}
    assert list(by_id) == ["ember", "wildfire", "spring", "tide", "pebble", "gale"]  # ids made from the names
    assert by_id["ember"].count == 3 and by_id["ember"].extra["cost"] == 1  # numbers, not text
    assert "cost" not in by_id["pebble"].extra  # an empty cell leaves the field out
    assert "Notes" not in by_id["ember"].extra
    assert deck.total == 11


def test_a_misspelt_header_is_named_at_its_cell_with_a_suggestion(game):
    edit(game / "cards.csv", "Card,count,element,", "Card,count,elemnt,")
    result = cards("validate", game)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "csvgame/cards.csv:1:3: row 1, column C: header 'elemnt'" in result.stderr
    assert "did you mean 'element'?" in result.stderr


def test_a_bad_value_is_named_by_row_and_column(game):
    edit(game / "cards.csv", "Spring,3,water", "Spring,three,water")
    report = problems_of(game)
    assert "cards.csv:4:2: row 4, column B (count):" in report
    assert "'three'" in report and "integer" in report


def test_a_missing_file_is_named_with_a_suggestion(game):
    edit(game / "cards.yaml", "from: cards.csv", "from: card.csv")
    report = problems_of(game)
    assert "cards.yaml:" in report and "file 'card.csv' does not exist" in report
    assert "did you mean 'cards.csv'?" in report


def test_a_path_outside_the_game_folder_is_refused(game, tmp_path):
    (tmp_path / "designer" / "secret.csv").write_text("name\nLeak\n", encoding="utf-8")
    edit(game / "cards.yaml", "from: cards.csv", "from: ../secret.csv")
    report = problems_of(game)
    assert "path '../secret.csv' leads outside the game folder" in report
    assert "Leak" not in report


def test_a_column_mapping_naming_no_header_gets_a_suggestion(game):
    edit(game / "cards.yaml", "Card: name", "Crad: name")
    report = problems_of(game)
    assert "'Crad' is not a header of cards.csv" in report and "did you mean 'Card'?" in report


def test_a_missing_name_cell_says_which_row_and_how_to_fix_it(game):
    edit(game / "cards.csv", "Tide,1,water", ",1,water")
    report = problems_of(game)
    assert "cards.csv:5:1: row 5: missing required key 'id'" in report
    assert "add a 'id' column" in report or "fill this row's cell" in report


def test_semicolons_and_a_byte_order_mark_are_read_as_excel_writes_them(game):
    text = (game / "cards.csv").read_text(encoding="utf-8").replace(",", ";")
    (game / "cards.csv").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    deck = load(game).game.deck("elements")
    assert [c.name for c in deck.cards][:2] == ["Ember", "Wildfire"]


def test_a_file_that_is_not_utf8_says_how_to_save_it(game):
    (game / "cards.csv").write_bytes("Card,count,element\nCafé,1,fire\n".encode("latin-1"))
    report = problems_of(game)
    assert "not UTF-8" in report and "CSV UTF-8" in report


def test_limits_rows_and_cell_length(game):
    rows = "".join(f"Card {i},1,fire,1,Text\n" for i in range(10_001))
    (game / "cards.csv").write_text("Card,count,element,cost,text\n" + rows, encoding="utf-8")
    assert "more than 10,000 rows of cards" in problems_of(game)
    (game / "cards.csv").write_text("Card,count,element,text\nBig,1,fire," + "x" * 20_001 + "\n", encoding="utf-8")
    report = problems_of(game)
    assert "cards.csv:2:4" in report and "a cell may hold at most 20,000" in report


def _xlsx(path: Path, rows: list[list], sheet: str = "Cards") -> None:
    book = openpyxl.Workbook()
    book.active.title = "Read me"
    book.active.append(["The cards are on the next sheet"])
    cards_sheet = book.create_sheet(sheet)
    for row in rows:
        cards_sheet.append(row)
    book.save(path)


def test_an_xlsx_sheet_named_in_the_deck_builds(game, tmp_path):
    _xlsx(game / "cards.xlsx", [["Card", "count", "element", "cost", "text"],
                                ["Cinder", 2, "fire", 2.0, "Deal **2** to a player."],
                                ["Mist", 1, "water", 1, "Look at the top card."]])
    edit(game / "cards.yaml", "from: cards.csv", "from: cards.xlsx\n      sheet: Cards")
    edit(game / "cards.yaml", "Card: name, Notes: null", "Card: name")
    edit(game / "game.yaml", "count: 11", "count: 3")
    deck = load(game).game.deck("elements")
    assert [(c.name, c.count, c.extra["cost"]) for c in deck.cards] == [("Cinder", 2, 2), ("Mist", 1, 1)]
    out = tmp_path / "out"
    result = cards("build", game, "--out", out, "--format", "pdf", "--no-rulebook")
    assert result.returncode == 0, result.stderr
    text = text_pages(out / "csvgame" / "elements-a4.pdf")[0]
    assert "Look at the top card." in text and text.count("Cinder") == 2


def test_an_xlsx_sheet_that_does_not_exist_gets_a_suggestion(game):
    _xlsx(game / "cards.xlsx", [["Card", "element"], ["Cinder", "fire"]])
    edit(game / "cards.yaml", "from: cards.csv", "from: cards.xlsx\n      sheet: Crads")
    report = problems_of(game)
    # named at the YAML's sheet: key, where the fix is, not at the workbook
    assert "cards.yaml:10:14: decks[0].cards.sheet: cards.xlsx has no sheet 'Crads'" in report
    assert "did you mean 'Cards'?" in report


def test_a_formula_is_never_evaluated_and_one_without_a_saved_result_is_refused(game):
    # openpyxl writes formulas without their results, as no spreadsheet program would.
    _xlsx(game / "cards.xlsx", [["Card", "element", "cost"], ["Cinder", "fire", "=1+1"]])
    edit(game / "cards.yaml", "from: cards.csv", "from: cards.xlsx\n      sheet: Cards")
    report = problems_of(game)
    assert "cards.xlsx:2:3" in report and "cell C2 holds a formula (=1+1)" in report
    assert "save it again" in report


def test_a_damaged_xlsx_is_one_message(game):
    (game / "cards.xlsx").write_bytes(b"PK\x03\x04 not really a zip")
    edit(game / "cards.yaml", "from: cards.csv", "from: cards.xlsx")
    assert "not a readable XLSX file" in problems_of(game)


def test_cards_new_csv_starts_a_game_from_a_spreadsheet_that_builds(tmp_path):
    folder = tmp_path / "moon-raiders"
    result = cards("new", "--csv", folder)
    assert result.returncode == 0, result.stderr
    assert "cards.csv" in result.stdout
    assert "from: cards.csv" in (folder / "cards.yaml").read_text()
    out = tmp_path / "out"
    result = cards("build", folder, "--out", out, "--format", "pdf", "--no-rulebook")
    assert result.returncode == 0, result.stderr
    text = text_pages(out / "moon-raiders" / "actions-a4.pdf")[0]
    assert "Then draw a card." in text and text.count("Shine") == 4


def test_an_unclosed_quote_is_named_at_its_row_not_swallowed(game):
    (game / "cards.csv").write_text('Card,count,element,text,Notes\nBig,1,fire,"never closed\nSmall,1,fire,ok,\n',
                                    encoding="utf-8")
    report = problems_of(game)
    assert "cards.csv:2: row 2: cannot read the CSV" in report and "double quotes" in report


def test_a_cell_past_the_csv_reader_s_own_limit_is_one_message(game):
    (game / "cards.csv").write_text('Card,count,element,text,Notes\nBig,1,fire,"' + "x" * 200_000 + '",\n',
                                    encoding="utf-8")
    assert "a cell may hold at most 20,000" in problems_of(game)


def test_an_xlsx_that_unzips_past_the_limit_is_refused_before_it_is_parsed(game, monkeypatch):
    import generator.model.sheet_read as sheet_read

    _xlsx(game / "cards.xlsx", [["Card", "element"], ["Cinder", "fire"]])
    monkeypatch.setattr(sheet_read, "MAX_UNZIPPED", 1024)  # a real XLSX unzips to a few kB
    edit(game / "cards.yaml", "from: cards.csv", "from: cards.xlsx")
    report = problems_of(game)
    assert "once unzipped; the limit is" in report


ODD_CELLS = ["", " ", "yes", "-1", "1e9", "99999999999999999999", "=SUM(A1:A3)", "\x01", "\x00", '"', "'", ":nope:",
             "[[nope]]", "<b>x</b>", "file:///etc/passwd", "../../x.png", "fire\nwater", "🔥", "x" * 30_000, "None",
             "{{ card.name }}", "#c33", "0", "3.5"]


def test_mutated_spreadsheets_load_and_compose_or_give_a_message_never_a_traceback(tmp_path):
    import random

    from generator.errors import BuildError
    from generator.scene.compose import compose_deck

    rng = random.Random(17)
    original = (FIXTURE / "cards.csv").read_text(encoding="utf-8").splitlines()
    outcomes = {"ok": 0, "refused": 0}
    for case in range(40):
        folder = tmp_path / f"case{case}" / "csvgame"
        shutil.copytree(FIXTURE, folder)
        rows = [line.split(",", 5) for line in original]
        for _ in range(rng.randint(1, 3)):
            row, column = rng.randrange(len(rows)), rng.randrange(6)
            while len(rows[row]) <= column:
                rows[row].append("")
            value = rng.choice(ODD_CELLS)
            rows[row][column] = '"' + value.replace('"', '""') + '"' if rng.random() < 0.5 else value
        (folder / "cards.csv").write_text("\n".join(",".join(r) for r in rows) + "\n", encoding="utf-8")
        try:
            loaded = load(folder)
            for deck in loaded.game.decks:
                compose_deck(loaded.game, deck, loaded.layouts)
            outcomes["ok"] += 1
        except (GameDataError, BuildError) as exc:
            assert str(exc).strip(), f"case {case}: an empty message"
            outcomes["refused"] += 1
    assert outcomes["ok"] and outcomes["refused"]  # both paths were exercised


def test_two_columns_filling_one_field_are_refused(game):
    edit(game / "cards.csv", "Card,count,element,cost,text,Notes", "Card,count,element,cost,text,name")
    report = problems_of(game)
    assert "cards.csv:1:6: row 1, column F: columns 'Card' and 'name' both fill the field 'name'" in report


def test_a_card_twice_names_both_rows_and_the_count_column(game):
    with (game / "cards.csv").open("a", encoding="utf-8") as out:
        out.write("Ember,1,fire,2,Another ember.,\n")
    report = problems_of(game)
    assert "cards.csv:8:1: row 8: card id 'ember' is used twice (first at row 2)" in report
    assert "set its count" in report


def test_a_name_no_id_can_be_made_from_asks_for_an_id_column(game):
    with (game / "cards.csv").open("a", encoding="utf-8") as out:
        out.write("🔥,1,fire,2,Emoji.,\n")
    report = problems_of(game)
    assert "cards.csv:8:1: row 8: no id can be made from the name '🔥'" in report and "'id' column" in report


def test_a_formula_s_saved_result_is_used_and_the_formula_never_evaluated(game):
    import zipfile

    made = game / "made.xlsx"
    _xlsx(made, [["Card", "count", "element", "cost", "text"], ["Cinder", 1, "fire", "=1+1", "Hot."]])
    # As a spreadsheet program saves it: the formula with its result, here one the formula
    # could not give (7), so a value computed by evaluating =1+1 would show.
    with zipfile.ZipFile(made) as source, zipfile.ZipFile(game / "cards.xlsx", "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename.startswith("xl/worksheets/") and b"<f>1+1</f><v />" in data:
                data = data.replace(b"<f>1+1</f><v />", b"<f>1+1</f><v>7</v>")
            target.writestr(item, data)
    edit(game / "cards.yaml", "from: cards.csv", "from: cards.xlsx\n      sheet: Cards")
    edit(game / "cards.yaml", "Card: name, Notes: null", "Card: name")
    edit(game / "game.yaml", "count: 11", "count: 1")
    card = load(game).game.deck("elements").cards[0]
    assert card.extra["cost"] == 7
