"""The one line `referee ask` prints first, read as a player reads it (issue 12). The scores judge
the section cited and the numbers said, not this line; these are the faults only reading found: a
sentence cut at a reference's full stop ("wins (§7."), a bracket left open, a raw [[reference]],
a line starting in lower case.

Every section of the seed games, the starter and a fixed sample of the designer's games in
tests/fixtures is asked about in a player's words, twice; every index is built into a temporary
cache.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.ask.cache import resolve_game
from referee.ask.engine import answer_in
from referee.ask.render import render_text
from referee.ask.store import open_index

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted(p for p in (ROOT / "tests" / "fixtures").iterdir() if (p / "rules.yaml").is_file())
GAMES = ["ribbon-of-bone", "runes-and-bones", "bone-strike", "rattlebones", "runeblade",
         str(ROOT / "generator" / "templates" / "new-game"), *(str(p) for p in FIXTURES[::6])]
UNSURE = "Not sure; the closest rule: "
NUMBERED_STEP = re.compile(r"(?:^|[\s(;:])\d\)")  # "1) draw a card; 2) walk": a list's own brackets


@pytest.fixture(scope="module", autouse=True)
def ask_cache(module_ask_cache):
    return module_ask_cache


def faults(line: str) -> list[str]:
    said = line.removeprefix(UNSURE)
    found = []
    if "[[" in said:
        found.append("a raw reference")
    if said.count("(") != said.count(")") and not NUMBERED_STEP.search(said):
        found.append("a bracket left open")
    if re.search(r"\(§\d+\.$", said):
        found.append("cut at a reference's full stop")
    if said[:1].islower() and not re.match(r"[a-z]\d", said):  # the game's own "x2" may open it
        found.append("lower case first")
    if not said.rstrip().endswith((".", "!", "?", ")", '"', "'", "...")):
        found.append("no sentence's end")
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: Path(g).name)
def test_every_sections_first_line_reads_as_a_sentence(game):
    index = open_index(resolve_game(game))
    bad = []
    for info in index.rules.values():
        for question in (f"how does {info.title} work", f"what happens in {info.title}"):
            answer = answer_in(index, question, 3)
            if not answer.matched:
                continue
            line = render_text(answer).splitlines()[0]
            bad += [f"{question!r}: {fault}: {line}" for fault in faults(line)]
    assert not bad, "\n".join(bad)


def test_the_faults_are_seen():
    """The checks above find what they look for (each line here was printed by an earlier `ask`)."""
    assert faults("Whoever has the most points when the day ends wins (§7.") == [
        "a bracket left open", "cut at a reference's full stop"]
    assert faults("gold (Supply limits): when empty: nothing is taken.") == ["lower case first"]
    assert faults("Scored off the store's star chart ([[spaces.store]]).") == ["a raw reference"]
    assert faults("32 Puller tokens. 8 per team, in four team colours") == ["no sentence's end"]
    assert not faults("x2: Doubles what one other die earned this turn.")
    assert not faults("Do these in order: 1) draw a trail card; 2) walk ...")


def test_a_shortened_line_ends_before_a_bracket_it_would_leave_open():
    """Crease & Fold's kit list was cut inside "(12 plain, 6 patterned, 4 foil - ...": the bracket
    opened before half the line, where the cut did not look."""
    from referee.ask.text import shorten

    kit = ("12 pattern cards, 31 fold cards, one ordinary die (the crease die), paper squares (12 plain, "
           "6 patterned, 4 foil - real origami paper is nicest, but coloured card chits are fine), a score pad.")
    line = shorten(kit, 176)
    assert line == "12 pattern cards, 31 fold cards, one ordinary die (the crease die), paper squares ...", line
    assert faults(line) == []
