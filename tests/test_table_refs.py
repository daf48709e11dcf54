"""``[[table:id]]``: game text points at a table by id and every reader prints the table's title."""
from __future__ import annotations

import shutil

import pypdf
from markupsafe import Markup
from pdfcheck import text_pages

from generator.model.loader import load
from generator.model.refs import parse_ref, replace_refs
from generator.new_game import TEMPLATE
from generator.paths import CONTENT_DIR
from generator.rulebook.markup import TextRenderer
from generator.scene.compose import cite_rules
from tests import warm

RUNES = CONTENT_DIR / "runes-and-bones"
PURCHASE_TITLE = "Buying runes before the turns (base price)"


def test_a_reference_is_a_rule_unless_it_names_a_table():
    assert parse_ref(" round.buy ") == ("rule", "round.buy")
    assert parse_ref("table: rune-purchase") == ("table", "rune-purchase")
    words = replace_refs("Pay ([[round.buy]], [[table:rune-purchase]]); [[nowhere]].",
                         numbers={"round.buy": "4.2"}, rule_titles={"round.buy": "Buy runes"},
                         tables={"rune-purchase": "Buying runes"})
    assert words == "Pay (§4.2 Buy runes, Buying runes); nowhere."


def test_the_book_links_a_table_by_its_title_and_the_quick_reference_only_names_it():
    game = load(RUNES).game
    book = TextRenderer(game, lambda icon: Markup(""))
    assert book.inline("(see [[table:rune-purchase]])", "t") == (
        f'(see <a class="xref-table" href="#_table-rune-purchase"><em>{PURCHASE_TITLE}</em></a>)')
    quick = TextRenderer(game, lambda icon: Markup(""), page_refs=False)
    assert quick.inline("[[table:rune-purchase]]", "t") == f"<em>{PURCHASE_TITLE}</em>"
    assert cite_rules("Cost: [[table:rune-purchase]], [[round.buy]].", game) == (
        f"Cost: {PURCHASE_TITLE}, §{game.rule_numbers['round.buy']}.")


def test_an_unknown_table_is_refused_with_its_place_and_the_closest_id(tmp_path):
    game = tmp_path / "runes"
    shutil.copytree(RUNES, game)
    rules = game / "rules.yaml"
    text = rules.read_text()
    assert "[[table:rune-purchase]]" in text
    rules.write_text(text.replace("[[table:rune-purchase]]", "[[table:rune-purchse]]"))
    rows = rules.read_text().splitlines()
    at = next(n for n, row in enumerate(rows) if "rune-purchse" in row)
    text_line = max(n for n in range(at + 1) if "text:" in rows[n]) + 1  # where the text's value starts
    result = warm.cards("validate", game)
    assert result.returncode == 2, result.stdout + result.stderr
    said = result.stdout + result.stderr
    assert "table 'rune-purchse' does not exist" in said and "rune-purchase" in said.split("does not exist")[1]
    assert f"rules.yaml:{text_line}:" in said and "sections[2].text" in said
    assert "Traceback" not in said


def test_the_printed_book_says_the_title_where_the_rules_point_at_the_table(real_rulebook):
    pdf = pypdf.PdfReader(real_rulebook("runes-and-bones") / "rulebook.pdf")
    text = " ".join(" ".join(page.split()) for page in text_pages(real_rulebook("runes-and-bones") / "rulebook.pdf"))
    assert f"from the bag (see {PURCHASE_TITLE})" in text
    assert "[[table" not in text and "rune-purchase table" not in text
    assert "_table-rune-purchase" in pdf.named_destinations


def test_printing_md_names_the_rule_a_gathered_component_cites(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(TEMPLATE, game)
    spec = game / "game.yaml"
    old = "count: 1, ref: d6, source: gather}"
    assert old in spec.read_text()
    spec.write_text(spec.read_text().replace(old, old[:-1] + ', note: "rolled each turn ([[turn]])"}'))
    out = tmp_path / "out"
    result = warm.cards("build", game, "--no-rulebook", "--format", "pdf", "--out", out)
    assert result.returncode == 0, result.stdout + result.stderr
    printing = next(out.rglob("PRINTING.md")).read_text()
    number = load(game).game.rule_numbers["turn"]
    assert f"Six-sided die: rolled each turn (§{number})" in printing and "[[" not in printing
