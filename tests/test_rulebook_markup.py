"""Game text to rulebook HTML: escaping first, then our four marks; tables read as tables."""
from __future__ import annotations

import re
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from generator.model.loader import load
from generator.new_game import TEMPLATE
from generator.rulebook.context import BookData
from generator.rulebook.markup import TextRenderer, humanize
from generator.rulebook.quickref import balance, pack, plan
from generator.rulebook.views import BOOKS


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("markup") / "game"
    shutil.copytree(TEMPLATE, folder)
    return load(folder)


@pytest.fixture
def text(loaded):
    return TextRenderer(loaded.game, lambda icon: Markup('<img class="icon" alt="{}">').format(icon))


def test_bold_italic_icons_and_escaping(text):
    html = text.inline("Pay **2** :star: *now* & <then>", "t")
    assert html == 'Pay <strong>2</strong> <img class="icon" alt="star"> <em>now</em> &amp; &lt;then&gt;'


def test_unknown_icons_stay_text_and_unclosed_marks_are_closed(text):
    assert text.inline("at 12:nope: **bold *both", "t") == "at 12:nope: <strong>bold <em>both</em></strong>"


@pytest.mark.parametrize("source,expected", [
    ("Play ([[turn.cards]]).", 'Play (see <a class="xref" href="#turn.cards">§3.1</a>).'),
    ("Play (see [[turn]]).", 'Play (see <a class="xref" href="#turn">§3</a>).'),
    ("As in [[turn]] and [[goal]].",
     'As in <a class="xref-bare" href="#turn">§3</a> and <a class="xref-bare" href="#goal">§1</a>.'),
])
def test_references_read_naturally_where_they_stand(text, source, expected):
    assert text.inline(source, "t") == expected


def test_without_pages_a_reference_is_only_its_number(loaded):
    quick = TextRenderer(loaded.game, lambda icon: Markup(""), page_refs=False)
    assert quick.inline("([[turn.cards]])", "t") == '(<span class="xref-short">§3.1</span>)'


def test_lines_become_paragraphs_and_lists_with_their_numbers_as_text(text):
    html = text.block("Do this:\n1. first\n2. second\n- a\n- b\nDone.", "t")
    assert html == ('<p>Do this:</p><ol class="numbered"><li><span class="n">1.</span> first</li>'
                    '<li><span class="n">2.</span> second</li></ol><ul class="bulleted"><li><span class="n">•</span> a</li>'
                    '<li><span class="n">•</span> b</li></ul><p>Done.</p>')
    assert text.block("3. third\n4. fourth", "t").startswith('<ol class="numbered"><li><span class="n">3.</span>')


def test_hazards_are_recorded_with_where_they_are(text):
    text.inline('a <b>x</b> and file:///etc/passwd and a < b > c', "rule 'goal' (§1) text")
    assert [(h.kind, h.found) for h in text.hazards] == [
        ("html", "<b>"), ("html", "</b>"), ("file-url", "file:///etc/passwd")]
    assert all(h.where == "rule 'goal' (§1) text" for h in text.hazards)


@given(source=st.text(alphabet=st.sampled_from(list("ab *:<>&\"'[]\n")) | st.characters(), max_size=60))
def test_any_text_yields_no_tag_but_ours(loaded, source):
    text = TextRenderer(loaded.game, lambda icon: Markup('<img class="icon" alt="{}">').format(icon))
    html = str(text.block(source, "t"))
    stripped = html
    for tag in ("<p>", "</p>", "<strong>", "</strong>", "<em>", "</em>", '<ol class="numbered">', "</ol>",
                '<ul class="bulleted">', "</ul>", "<li>", "</li>", '<span class="n">', "</span>"):
        stripped = stripped.replace(tag, "")
    stripped = stripped.replace('<img class="icon" alt="star">', "").replace("</a>", "")
    stripped = re.sub(r'<a class="xref[a-z-]*" href="#[a-z0-9.-]+">', "", stripped)
    assert "<" not in stripped and ">" not in stripped


def test_humanize():
    assert humanize("cost_bones") == "cost bones"
    assert humanize("take-bones") == "take bones"
    assert humanize("Blade-Bound") == "Blade-Bound"  # a name, not an id


def test_tables_pick_a_reading_per_kind(loaded):
    from generator.model.rules import Table

    data = BookData(loaded, BOOKS["a5"], "fonts")
    chart = data.table(Table(id="c", title="C", kind="chart", columns=("round", "bonus"),
                             rows=tuple([i, i * 2] for i in range(1, 8))))
    assert chart.row_heads and [str(c) for c in chart.rows[0][:3]] == ["Round", "1", "2"]  # read across
    wide = data.table(Table(id="w", title="W", kind="records", columns=("id", "name", "a", "b", "c", "d", "rule"),
                            rows=({"id": "x", "name": "Ex", "a": 1, "b": True, "c": ["p", "q"], "d": None,
                                   "rule": "turn"},)))
    assert wide.style == "stacked"  # six columns do not fit an A5 column side by side
    head, fields = wide.entries[0]
    assert str(head) == "Ex" and ("B", "yes") in [(str(k), str(v)) for k, v in fields]
    assert ("§", '<a class="xref-short" href="#turn">§3</a>') in [(str(k), str(v)) for k, v in fields]
    narrow = data.table(Table(id="n", title="N", kind="records", columns=("id", "name", "a"),
                              rows=({"id": "x", "name": "Ex", "a": {"name": "Boon", "effect": "gain"}},)))
    assert narrow.style == "grid" and narrow.header == ["Name", "A"]  # the id gives way to the name
    assert str(narrow.rows[0][1]) == "<strong>Boon</strong>: gain"
    listed = data.table(Table(id="l", title="L", kind="list", rule="turn", items=("cards", "shout")))
    assert str(listed.items[0]).startswith("Playing cards") and str(listed.items[1]) == "Shout"  # an id in words starts with a capital


def test_quickref_packing_keeps_the_most_wanted_blocks():
    # First fit in order of want would leave the 45 out; tallest first fits everything.
    placed, left_out = pack([50, 60, 30, 45, 10], room=100, columns=2)
    assert placed == [[0, 3], [1, 2, 4]] and left_out == []
    assert pack([50, 50, 50], room=100, columns=1) == ([[0, 1]], [2])  # the least wanted goes
    # Both orders leave one out: keep the arrangement that keeps the more wanted (0 and 1 here).
    assert pack([60, 45, 45, 50], room=100, columns=2)[1] == [3]
    assert plan([40, 40, 40], None, (10, 10), room=100, columns=2) == (8.5, [[0, 1], [2]])
    # Everything fits with a column to spare: the columns are evened out, blocks kept in order.
    assert plan([30, 30, 30, 30], None, (10, 10), room=100, columns=3) == (8.5, [[0, 1], [2], [3]])
    assert balance([10, 50, 10], room=100, columns=2) == [[0, 1], [2]]
    assert balance([60, 50, 40, 10], room=95, columns=2) == [[0, 3], [1, 2]]  # in order they would not fit
    # 50 high at 8.5 pt, 30 at 6.5 pt: interpolated, 8 pt gives 45 (two of them overfill a column
    # of 100 - 9.5 for the header, at 97 %), 7.5 pt gives 40, and two of those fit.
    size, columns = plan([50, 50, 50, 50], [30, 30, 30, 30], (10, 8), room=100, columns=2)
    assert size == 7.5 and columns == [[0, 1], [2, 3]]
    size, columns = plan([300, 20], [250, 15], (10, 8), room=100, columns=2)
    assert size == 6.5 and columns == [[1], []]  # the first block never fits: left out
