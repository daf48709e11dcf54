"""Problems found only while drawing a piece (a track too short to go round a board, a token's
text that does not fit, a ring of an odd count) are placed at their key in the game's YAML."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.designer import cards

BOARDGAME = Path(__file__).parent / "fixtures" / "boardgame"


def build_problems(tmp_path: Path, boards: str = "", tokens: str = "") -> str:
    game = tmp_path / "boardgame"
    shutil.copytree(BOARDGAME, game)
    if boards:
        with (game / "boards.yaml").open("a", encoding="utf-8") as out:
            out.write(boards)
    if tokens:
        text = (game / "pieces.yaml").read_text(encoding="utf-8")
        (game / "pieces.yaml").write_text(text.replace("tokens:\n", "tokens:\n" + tokens, 1), encoding="utf-8")
    done = cards("build", game, "--out", tmp_path / "out", "--no-rulebook", "--format", "pdf")
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr
    return done.stderr


def line_of(file: Path, needle: str) -> int:
    return next(n for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


@pytest.mark.parametrize("track, needle, words", [
    ("score_track: {spaces: [{index: 0}, {index: 1}, {index: 2}]}", "score_track", "at least 8 spaces"),
    ("loop: {spaces: [{index: 0}, {index: 1}, {index: 2}, {index: 3}, {index: 4}]}", "loop", "cannot be laid out"),
])
def test_a_board_track_that_cannot_be_drawn_is_placed_at_its_spaces(tmp_path, track, needle, words):
    board = f"  - id: short-track\n    name: Short track\n    size_mm: [200, 200]\n    {track}\n"
    stderr = build_problems(tmp_path, boards=board)
    line = line_of(tmp_path / "boardgame" / "boards.yaml", needle + ":")
    assert re.search(rf"boards\.yaml:{line}:\d+: boards\[\d+\]\.{needle}\.spaces: .*{words}", stderr), stderr


def test_token_text_that_cannot_fit_is_placed_at_its_text(tmp_path):
    long = " ".join(["overlong"] * 400)
    token = f"  - id: wordy\n    name: Wordy\n    count: 1\n    shape: square\n    size_mm: 12\n    text: \"{long}\"\n"
    stderr = build_problems(tmp_path, tokens=token)
    line = line_of(tmp_path / "boardgame" / "pieces.yaml", "overlong")
    assert re.search(rf"pieces\.yaml:{line}:\d+: tokens\[0\]\.text: .*does not fit", stderr), stderr
