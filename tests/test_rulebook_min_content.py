"""generator/rulebook/min_content.py answers WeasyPrint's min-content splits from one layout per
text: every answer must be WeasyPrint's own, resume index and width, on real games' tables."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import generator.rulebook.pdf  # imports WeasyPrint and installs the fast path
from generator.model.loader import list_game_ids, load
from generator.rulebook import min_content, render_rulebook

GAMES = [game for game in ("ribbon-of-bone", "rattlebones") if game in list_game_ids()]  # the most table text


def test_installed_once():
    from weasyprint.layout import preferred

    assert generator.rulebook.pdf._faster_min_content() and generator.rulebook.pdf._faster_min_content()  # twice: no change
    assert preferred.split_first_line is min_content.split_at_zero
    assert min_content._original.__module__ == "weasyprint.text.line_break"


@pytest.mark.parametrize("game", GAMES)
def test_same_answers_as_weasyprint(game, tmp_path, monkeypatch):
    from weasyprint.layout import preferred

    weasyprint_own = min_content._original
    compared, differ = [0], []

    def both(text, style, context, max_width, spacing, is_line_start=True, minimum=False):
        ours = min_content.split_at_zero(text, style, context, max_width, spacing, is_line_start, minimum)
        theirs = weasyprint_own(text, style, context, max_width, spacing, is_line_start, minimum)
        if min_content._applies(text, style, max_width, is_line_start, minimum):
            compared[0] += 1
            if (ours[2], ours[3]) != (theirs[2], theirs[3]):
                differ.append((text[:40], ours[2:4], theirs[2:4]))
        return theirs

    monkeypatch.setattr(preferred, "split_first_line", both)
    # the quick reference laid out as the build lays it out; its PDF, which no min-content width
    # goes into, is left empty (a third of a second of painting each)
    monkeypatch.setattr(generator.rulebook.pdf, "write_document", lambda document, target, *args: target.touch() or [])
    render_rulebook(load(game), tmp_path, "a5", parts=("quickref",))
    assert compared[0] > 200  # the quick reference's tables were measured through the fast path
    assert differ == []



def test_kept_font_configurations_are_let_go_before_the_interpreter_tears_weasyprint_down(starter_game, tmp_path):
    """Freed only at teardown, after WeasyPrint's modules, a kept font configuration's cleanup fails
    and leaves its weasyprint-* folder of font copies in the temp folder: the exit functions (run
    before teardown) must let them go, so the folders are gone once those have run."""
    temp = tmp_path / "temp"
    temp.mkdir()
    script = ("import atexit, sys\nfrom pathlib import Path\nfrom generator.model.loader import load\n"
              "from generator.rulebook import min_content, render_rulebook\n"
              "render_rulebook(load(Path(sys.argv[1])), Path(sys.argv[2]), parts=('book',))\n"  # its tables: kept answers
              "print(len(min_content._answers), len(list(Path(sys.argv[3]).iterdir())))\n"
              "atexit._run_exitfuncs()\n"
              "print(len(min_content._answers), len(list(Path(sys.argv[3]).iterdir())))\n")
    result = subprocess.run([sys.executable, "-c", script, str(starter_game), str(tmp_path / "out"), str(temp)],
                            capture_output=True, text=True, timeout=300, env={**os.environ, "TMPDIR": str(temp)})
    assert result.returncode == 0, result.stderr
    before, after = (tuple(map(int, line.split())) for line in result.stdout.splitlines())
    assert before[0] > 0 and before[1] > 0, "nothing kept: the test proves nothing"
    assert after == (0, 0), result.stdout
    assert "Exception ignored" not in result.stderr, result.stderr
