"""A table's `field_rules` (generator/model/rules.py): the section that rules a field, which
`referee ask` cites when a field is asked ("which colour is the nemesis": Traits and dice pools,
not the Nemesis's own section). A field that is none, or a section that does not exist, is named
at its line by `cards validate`."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.ask.engine import ask

REPO = Path(__file__).resolve().parent.parent


def _validate(folder: Path) -> str:
    done = subprocess.run([str(Path(sys.executable).with_name("cards")), "validate", str(folder)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    return done.stdout + done.stderr


@pytest.fixture
def runeblade(tmp_path) -> Path:
    folder = tmp_path / "runeblade"
    shutil.copytree(REPO / "content" / "runeblade", folder)
    return folder


@pytest.mark.parametrize(("written", "said"), [
    ("{colur: characters.traits}", [r"characters\.yaml:\d+:\d+: tables\[0\]: field_rules: 'colur' is not a column or a "
                                    r"row field", r"its fields: bane, boon, colour, id, name, traits"]),
    ("{colour: characters.trates}", [r"characters\.yaml:\d+:\d+: tables\[0\]\.field_rules\.colour: rule "
                                     r"'characters\.trates' does not exist", r"did you mean 'characters\.traits'\?"]),
])
def test_a_field_rule_for_no_field_or_no_section_is_named_at_its_line(runeblade, written, said):
    sheet = runeblade / "characters.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("{colour: characters.traits}", written), encoding="utf-8")
    out = _validate(runeblade)
    for pattern in said:
        assert re.search(pattern, out), out


@pytest.mark.usefixtures("module_ask_cache")
def test_a_field_asked_cites_the_section_that_rules_it():
    """Whose colour is whose is set out in Traits and dice pools; the Nemesis's section was cited
    (31 such questions in the tuning set)."""
    answer = ask("which colour dice belong to the nemesis", game="runeblade")
    assert answer.citations[0].id == "characters.traits" and "red" in answer.answer, answer.answer


def test_a_count_of_our_colour_asks_no_colour():
    """"me and the nemesis both have 6 of our colour, who does the denouement" counts dice of a
    colour; it was answered "The Nemesis: colour red" at 0.85 (asked in eight blind sets). "what
    colour is the nemesis" still gets the colour."""
    tie = ask("me and the nemesis both have 6 of our colour at the end, who does the denouement", game="runeblade")
    assert tie.source != "data:record" and tie.citations[0].id == "sessions.denouement"
    assert ask("what colour is the nemesis", game="runeblade").answer.startswith("The Nemesis (The three characters): colour red")


def test_two_rows_named_together_ask_about_both_not_one():
    """"i rolled time and balance together, how do the damage changes stack" was answered with
    Time's row ("damage ..."), the first ability named; two abilities named together ask how they
    combine (thirty questions of the blind sets ask it)."""
    both = ask("time and balance together, how does the incoming damage work out", game="ribbon-of-bone")
    assert both.source != "data:record" and both.citations[0].id == "abilities.combining"
    one = ask("what does time do", game="ribbon-of-bone")
    assert one.citations[0].id == "abilities.time"
