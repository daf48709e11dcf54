"""Where the rulebook's pages break: a section that announces subsections never ends a page alone."""
from __future__ import annotations

import re

import pytest
from pdfcheck import destination_pages, text_pages

from generator.model.loader import load
from generator.model.refs import REF_PATTERN
from generator.paths import CONTENT_DIR

GAMES = ["bone-strike", "rattlebones", "ribbon-of-bone", "runeblade", "runes-and-bones"]
SHORT_TEXT = 400  # characters: an introduction of a few lines, no table, no example


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{3,}", REF_PATTERN.sub(" ", text))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_short_section_ends_on_the_page_where_its_first_subsection_starts(real_rulebook, game_id):
    """The page a subsection starts on also holds the end of its parent's text: "3 Setup" and its
    line of introduction never end a page with the steps they announce on the next."""
    page_of = destination_pages(real_rulebook(game_id) / "rulebook.pdf")
    pages = text_pages(real_rulebook(game_id) / "rulebook.pdf")
    game = load(CONTENT_DIR / game_id).game
    walked = list(game.walk_rules())
    with_tables = {table.rule for table in game.tables}
    checked = 0
    for (full, number, depth, rule), (child, _, child_depth, _) in zip(walked, walked[1:]):
        short = (len(rule.text or "") <= SHORT_TEXT and not rule.examples and full not in with_tables
                 and rule.heading.casefold() != "components")  # the kit's list of components goes there
        if child_depth <= depth or not short or not _words(rule.text or ""):
            continue
        checked += 1
        page = page_of[child]
        last = _words(rule.text)[-2:]
        assert set(last) <= set(_words(pages[page])), (
            f"§{number} {rule.heading} ends on an earlier page than §{child}'s start (page {page + 1}): "
            f"its last words {last} are not there")
    assert checked, "no short section with subsections: the check checked nothing"
