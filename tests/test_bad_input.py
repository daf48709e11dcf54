"""Bad game data: one clear, located message per problem, never a traceback, never a slow parse."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.errors import GameDataError
from generator.model.loader import load
from generator.model.safeyaml import MAX_DEPTH, YamlRefused, read_yaml

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.yaml"))


def expectation(file: Path):
    first = file.read_text().splitlines()[0]
    match = re.fullmatch(r"# expect: (\d+):(\d+): (.*?) \| ?(.*)", first)
    assert match, f"{file.name}: first line must be '# expect: LINE:COL: message | hint'"
    line, column, message, hint = match.groups()
    return int(line), int(column), message, hint


def load_broken(tmp_path: Path, text: str) -> GameDataError:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "game.yaml").write_text(text)
    with pytest.raises(GameDataError) as caught:
        load(folder)
    return caught.value


@pytest.mark.parametrize("file", CORPUS, ids=[f.stem for f in CORPUS])
def test_corpus_file_gives_its_message_at_its_line(tmp_path, file):
    line, column, message, hint = expectation(file)
    error = load_broken(tmp_path, file.read_text())
    located = [p for p in error.problems if p.line == line and p.column == column and message in p.message]
    assert located, f"expected {line}:{column} '{message}', got:\n{error}"
    assert hint in (located[0].hint or "")
    report = str(error)
    assert f"game.yaml:{line}:{column}:" in report  # file:line:column, as a user reads it


def test_all_problems_are_reported_at_once(tmp_path):
    text = "title: T\nplayers: {min: 1, max: 2}\ndecks:\n  - id: d\n    name: D\n    layout: pokr\n" \
           "    cards: [{id: a, name: A, back: nope}, {id: b, name: B, text: ':nope:'}]\n"
    error = load_broken(tmp_path, text)
    assert len(error.problems) == 3


def test_files_over_five_megabytes_are_refused_before_parsing(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("x: " + "a" * (5 * 1024 * 1024 + 10))
    with pytest.raises(YamlRefused, match="limited to 5 MB"):
        read_yaml(big)


def test_deep_nesting_is_refused_without_recursion(tmp_path):
    deep = tmp_path / "deep.yaml"
    deep.write_text("x: " + "[" * 5000 + "]" * 5000)
    with pytest.raises(YamlRefused, match=f"deeper than {MAX_DEPTH}"):
        read_yaml(deep)


def test_alias_bomb_is_refused_quickly(tmp_path):
    file = next(f for f in CORPUS if f.stem == "alias-bomb")
    load_broken(tmp_path, file.read_text())


def test_icon_linked_from_outside_the_game_folder_is_refused(tmp_path, starter_game):
    outside = tmp_path / "secret.svg"
    outside.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>')
    (starter_game / "icons" / "leak.svg").symlink_to(outside)
    with pytest.raises(GameDataError, match="icon links outside the game folder"):
        load(starter_game)


def test_unknown_game_suggests_a_close_name():
    with pytest.raises(GameDataError) as caught:
        load("runes-and-bone")
    assert "did you mean 'runes-and-bones'?" in str(caught.value)


def test_a_folder_without_game_yaml_says_how_to_start(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(GameDataError, match="no game.yaml"):
        load(tmp_path / "empty")


def test_problems_across_split_files_point_at_the_right_file(tmp_path, starter_game):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 2", "cots: 2"))
    with pytest.raises(GameDataError) as caught:
        load(starter_game)
    problem = caught.value.problems[0]
    assert problem.file.name == "cards.yaml"
    assert cards.read_text().splitlines()[problem.line - 1].strip().startswith("cots:")


def test_an_icon_outside_the_supported_svg_subset_is_a_data_error_naming_the_file(starter_game):
    (starter_game / "icons" / "arc.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 A5 5 0 0 1 10 10"/></svg>')
    (starter_game / "icons" / "script.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>')
    with pytest.raises(GameDataError) as caught:
        load(starter_game)
    report = str(caught.value)
    assert "arc.svg" in report and "arcs (A) are not supported" in report
    assert "script.svg" in report and "<script> is not supported" in report
    assert "path (no arcs), circle" in report and "icons.py" not in report  # the subset itself, not our source


def test_prose_with_comparisons_and_colons_is_not_mistaken_for_html(tmp_path):
    folder = tmp_path / "prose"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        "title: Prose\nplayers: {min: 1, max: 2}\nrules:\n  - id: scoring\n    title: Scoring\n"
        "    text: 'Keep the score data: one line per round. A roll < your speed and > the wall misses.'\n")
    assert load(folder).game.rules[0].text.startswith("Keep the score data")


def test_a_large_flat_file_is_refused_while_scanning_not_after_building_it(tmp_path):
    big = tmp_path / "flat.yaml"
    big.write_text("x: [" + ",".join("1" for _ in range(250_000)) + "]\n")
    with pytest.raises(YamlRefused, match="more than 200,000 values"):
        read_yaml(big)


def test_a_game_can_restyle_poker_by_extending_the_built_in_poker(starter_game):
    (starter_game / "layouts").mkdir()
    (starter_game / "layouts" / "poker.yaml").write_text('extends: poker\nbackground: "#ddeeff"\n')
    loaded = load(starter_game)
    assert loaded.layouts["poker"].background == "#ddeeff"
    assert any(r.id == "title" for r in loaded.layouts["poker"].regions)  # inherited from the built-in


def test_a_mistake_in_a_game_layout_is_reported_once_at_its_own_file(starter_game):
    (starter_game / "layouts").mkdir()
    (starter_game / "layouts" / "poker.yaml").write_text('extends: poker\nbackgrund: "#ddeeff"\n')
    with pytest.raises(GameDataError) as caught:
        load(starter_game)
    assert len(caught.value.problems) == 1
    problem = caught.value.problems[0]
    assert (problem.file.name, problem.line) == ("poker.yaml", 2) and "did you mean 'background'?" in problem.hint


def test_an_empty_game_yaml_is_named_as_the_place_to_fix(starter_game):
    (starter_game / "game.yaml").write_text("")
    with pytest.raises(GameDataError) as caught:
        load(starter_game)
    assert all(p.file.name == "game.yaml" for p in caught.value.problems)


def test_a_hint_repeats_a_long_line_cut_short(tmp_path):
    """A hint shows the value quoted, as it should be written; a line of 9,000 characters is
    shown by its start, not echoed whole into the terminal."""
    bad = tmp_path / "long.yaml"
    bad.write_text("x: [" + "a, " * 3000 + "\n")
    with pytest.raises(YamlRefused) as refused:
        read_yaml(bad)
    hint = refused.value.problem.hint
    assert hint is not None and 'x: "[a, a, a,' in hint and len(hint) < 250


def test_a_clock_time_in_card_text_is_no_icon(tmp_path, starter_game):
    """"Before 06:30: check the nets" read ":30:" as an icon that does not exist, and a blind-set
    writer had to write "06.30". A name of digits straight after a digit is a time; "2:star:" is
    still the star, and the card prints the time as written."""
    from designer import cards as run_cards
    from pypdf import PdfReader

    from generator.model.refs import ICON_PATTERN

    assert ICON_PATTERN.findall("Before 06:30: gain 2:star:, at 10:15: **1** :star:") == ["star", "star"]
    deck = starter_game / "cards.yaml"
    deck.write_text(deck.read_text().replace('text: "Gain **2** :star:. Then draw a card. See [[turn]]."',
                                             'text: "Before 06:30: gain 2:star:. Then draw a card."'))
    load(starter_game)  # no "icon ':30:' does not exist"
    built = run_cards("build", starter_game, "--out", tmp_path / "out", "--format", "pdf", "--no-rulebook", "-q")
    assert built.returncode == 0, built.stdout + built.stderr
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "my-game" / "actions-a4.pdf").pages)
    assert "Before 06:30: gain 2" in text and ":star:" not in text
