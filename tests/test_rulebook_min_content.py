"""generator/rulebook/min_content.py answers WeasyPrint's min-content splits from one layout per
text: every answer must be WeasyPrint's own, resume index and width, on real games' tables."""
from __future__ import annotations

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
    render_rulebook(load(game), tmp_path, "a5", parts=("quickref",))
    assert compared[0] > 200  # the quick reference's tables were measured through the fast path
    assert differ == []
