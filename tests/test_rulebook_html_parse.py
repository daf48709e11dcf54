"""generator/rulebook/html_parse.py: tinyhtml5 finds each regular expression it made under the
characters it reads up to, and parses exactly as it did."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import generator.rulebook.pdf  # imports WeasyPrint and installs the wrapper
from generator.model.loader import load
from generator.rulebook import html_parse, render_html


def test_installed_once():
    from tinyhtml5 import inputstream

    assert generator.rulebook.pdf._parser_keeps_its_expressions() and html_parse.install(inputstream)
    wrapped = inputstream.HTMLUnicodeInputStream.chars_until
    assert wrapped._files_by_characters and not getattr(wrapped.__wrapped__, "_files_by_characters", False)


def test_same_tree_and_expressions_found_by_their_characters(monkeypatch):
    import tinyhtml5
    from tinyhtml5 import inputstream

    html, _hazards = render_html(load("runes-and-bones"), "a5")
    ours = ET.tostring(tinyhtml5.parse(html))
    keys = [key for key in inputstream.characters_until_regex if not isinstance(key[0], re.Pattern)]
    assert len(keys) >= 5  # filed under the characters read up to, where the parser looks
    calls = [0]
    original = inputstream.HTMLUnicodeInputStream.chars_until.__wrapped__

    def counted(self, characters, opposite=False):
        calls[0] += 1
        return original(self, characters, opposite)

    monkeypatch.setattr(inputstream.HTMLUnicodeInputStream, "chars_until", counted)
    assert ET.tostring(tinyhtml5.parse(html)) == ours  # the parser's own way: the same tree
    assert calls[0] > 1000
