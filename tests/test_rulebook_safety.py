"""What a rulebook build refuses: HTML and file: URLs in game text, and any URL outside the game
folder and layouts/. Nothing refused is ever fetched, so nothing of it can be embedded."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from jinja2 import StrictUndefined
from pdfcheck import text_pages
from pypdf import PdfReader

import generator.rulebook as rulebook
from generator.errors import BuildError, GameDataError
from generator.model.loader import load
from generator.model.rules import GlossaryEntry
from generator.new_game import TEMPLATE
from generator.paths import LAYOUTS_DIR
from generator.rulebook import build_rulebook, render_html

BOLD = "<b>x</b>"
IMAGE = '<img src="file:///etc/passwd">'
ATTACHMENT = '<a rel="attachment" href="file:///etc/passwd">passwords</a>'
HAZARD_TEXT = f"Have the most stars. {BOLD} {IMAGE} {ATTACHMENT}"


def starter(folder: Path) -> Path:
    shutil.copytree(TEMPLATE, folder)
    return folder


def hazardous(tmp_path: Path):
    """The starter game whose first rule carries HTML and file URLs. If the loader already refuses
    them (as it should), the same text is put into a loaded game's model, to test the rulebook's
    own defences."""
    folder = starter(tmp_path / "hazard")
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    quoted = HAZARD_TEXT.replace("'", "''")
    goal = "text: Have the most stars when the deck runs out. Players who tie for the most share the win."
    rules.write_text(text.replace(goal, f"text: '{quoted}'"), encoding="utf-8")
    try:
        return load(folder)
    except GameDataError:
        clean = load(starter(tmp_path / "clean"))
        first = clean.game.rules[0].model_copy(update={"text": HAZARD_TEXT})
        game = clean.game.model_copy(update={"rules": (first, *clean.game.rules[1:])})
        return type(clean)(game=game, layouts=clean.layouts)


def embedded_things(path: Path) -> dict[str, int]:
    """Counts of what could carry a file into a PDF: embedded files, attachments, images."""
    reader = PdfReader(path)
    root = reader.trailer["/Root"]
    names = root.get("/Names")
    found = {"embedded-files": int(names is not None and "/EmbeddedFiles" in names.get_object()),
             "attachments": 0, "images": 0, "af": int("/AF" in root)}
    seen: set[int] = set()

    def visit(resources):
        if resources is None:
            return
        for xobject in (resources.get_object().get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if id(xobject) in seen:
                continue
            seen.add(id(xobject))
            if xobject.get("/Subtype") == "/Image":
                found["images"] += 1
            visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
        for annot in page.get("/Annots") or []:
            if annot.get_object().get("/Subtype") == "/FileAttachment":
                found["attachments"] += 1
    return found


def pdf_text(path: Path) -> str:
    return " ".join(text_pages(path))


def test_the_build_refuses_html_and_file_urls_in_rule_text_and_writes_nothing(tmp_path):
    loaded = hazardous(tmp_path)
    out = tmp_path / "out"
    with pytest.raises(BuildError) as caught:
        build_rulebook(loaded, out)
    message = str(caught.value)
    number = loaded.game.rule_numbers["goal"]
    assert f"rule 'goal' (§{number}) text: holds HTML ({BOLD[:3]})" in message
    assert IMAGE in message and "<a rel=\"attachment\"" in message
    assert "holds a file URL (file:///etc/passwd)" in message
    assert "Traceback" not in message
    assert not out.exists() or not any(out.iterdir())


def test_hazardous_text_is_escaped_so_the_pdf_embeds_nothing(tmp_path):
    """The second defence on its own: even written out, the hazard is only characters."""
    from generator.rulebook.pdf import write_pdf

    loaded = hazardous(tmp_path)
    html, hazards = render_html(loaded)
    assert {h.found for h in hazards} >= {BOLD[:3], BOLD[4:], IMAGE, "file:///etc/passwd"}
    assert "<img src=\"file:" not in html and 'rel="attachment"' not in html and "<b>x" not in html
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html
    target = tmp_path / "hazard.pdf"
    rendered = write_pdf(html, target, [loaded.game.root, LAYOUTS_DIR], loaded.game.root)
    assert rendered.refused == []  # no element asked for the file: there was no element
    assert embedded_things(target) == {"embedded-files": 0, "attachments": 0, "images": 0, "af": 0}
    text = pdf_text(target)
    assert IMAGE in text.replace("\n", " ")  # shown as the characters the rule holds
    assert "root:" not in text


def test_the_fetcher_refuses_files_outside_the_game_and_any_network_url(tmp_path):
    """The first defence on its own: real elements asking for forbidden URLs get nothing."""
    from generator.rulebook.pdf import write_pdf

    game = starter(tmp_path / "game")
    os.symlink("/etc/passwd", game / "icons" / "sneaky.svg")
    html = f"""<html lang="en"><head><title>t</title>
      <link rel="stylesheet" href="file:///etc/passwd"></head><body>
      <p>{IMAGE} {ATTACHMENT}</p>
      <img src="http://127.0.0.1:9/x.png" alt="n"> <img src="https://example.com/x.png" alt="n">
      <img src="../../../../../../../etc/passwd" alt="up"> <img src="icons/sneaky.svg" alt="link">
      <img src="icons/star.svg" alt="allowed"></body></html>"""
    target = tmp_path / "raw.pdf"
    rendered = write_pdf(html, target, [game, LAYOUTS_DIR], game)
    refused = {url for url, _why in rendered.refused}
    assert "file:///etc/passwd" in refused
    assert "http://127.0.0.1:9/x.png" in refused and "https://example.com/x.png" in refused
    assert any(url.endswith("icons/sneaky.svg") for url in refused)  # a link that leads outside
    assert not any(url.endswith("icons/star.svg") for url in refused)  # inside the game: served
    assert embedded_things(target) == {"embedded-files": 0, "attachments": 0, "images": 0, "af": 0}
    assert "root:" not in pdf_text(target)


def test_a_url_refused_during_layout_fails_the_build_and_names_the_url(tmp_path, monkeypatch):
    """If a template (ours, or one changed by hand) asks for a forbidden URL, the build says so."""
    templates = tmp_path / "templates"
    shutil.copytree(rulebook.TEMPLATE_DIR, templates)
    page = templates / "rulebook.html.j2"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "<main class=\"rules\">", "<main class=\"rules\"><img src=\"file:///etc/hostname\" alt=\"x\">"),
        encoding="utf-8")
    monkeypatch.setattr(rulebook, "TEMPLATE_DIR", templates)
    loaded = load(starter(tmp_path / "game"))
    out = tmp_path / "out"
    with pytest.raises(BuildError, match=r"refused to fetch file:///etc/hostname \(outside the game folder"):
        build_rulebook(loaded, out)
    assert not out.exists() or not list(out.glob("*.pdf"))


def test_hazards_outside_rules_are_located_too(tmp_path):
    clean = load(starter(tmp_path / "game"))
    entry = GlossaryEntry(term="Star", text="A point. <script>alert(1)</script>")
    game = clean.game.model_copy(update={"glossary": (entry,), "title": "My <i>Game</i>"})
    loaded = type(clean)(game=game, layouts=clean.layouts)
    html, hazards = render_html(loaded)
    assert [h.where for h in hazards] == ["glossary 'Star' text", "glossary 'Star' text"]
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<i>Game" not in html and "My &lt;i&gt;Game&lt;/i&gt;" in html  # plain fields: jinja escapes


def test_templates_autoescape_and_refuse_undefined_names():
    env = rulebook._environment()
    assert env.autoescape is True and env.undefined is StrictUndefined
    with pytest.raises(Exception, match="'nothing' is undefined"):
        env.from_string("{{ nothing }}").render()
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"


def test_html_file_links_its_fonts_beside_it_not_into_the_repository(real_rulebook):
    out = real_rulebook("runes-and-bones")  # the run's shared build: every game's HTML links its fonts alike
    html = (out / "rulebook.html").read_text(encoding="utf-8")
    assert 'url("fonts/Lato-Regular.ttf")' in html and (out / "fonts" / "Lato-Regular.ttf").is_file()
    assert str(LAYOUTS_DIR.parent) not in html and "file:" not in html  # no path into the repository at all
    assert re.search(r"<html lang=\"en\">", html)
