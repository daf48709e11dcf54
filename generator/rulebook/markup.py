"""Game text to HTML for the rulebook: escape first, then turn our own small markup into tags.

Text in the data is plain text with four marks: ``**bold**``, ``*italic*``, ``:icon-id:`` and
references, ``[[rule.id]]`` or ``[[table:id]]`` (model/refs.py). Every character of the source is
HTML-escaped *before* those marks become tags, so a rule that contains ``<img src=...>`` prints those characters and never becomes an element.
Such text is also recorded as a hazard (HTML or a file: URL where only plain text belongs), and
the build refuses the game with a message naming the rule (see ``build_rulebook``).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ..model.game import Game
from ..model.refs import ICON_TOKEN, parse_ref

TOKEN = re.compile(r"(\*\*|\*|" + ICON_TOKEN + r"|\[\[[^\]\n]*\]\])")  # a reference as refs.REF_PATTERN
HTML_TAG = re.compile(r"</?[A-Za-z!?][^<>]*>")  # as a browser reads a tag: no space after "<"
FILE_URL = re.compile(r"\bfile:[^\s\"'<>)\]]*", re.IGNORECASE)
ORDERED = re.compile(r"^\s*(\d+)[.)]\s+(.*)$")
BULLET = re.compile(r"^\s*[-•]\s+(.*)$")
ID_LIKE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")


def numbered_list(items, start: int = 1) -> Markup:
    """An ordered list whose numbers are text, not list markers: WeasyPrint draws markers after
    the item's text, so a PDF's text would read "Decide who plays ... 1." out of order."""
    return Markup('<ol class="numbered">{}</ol>').format(Markup("").join(
        Markup('<li><span class="n">{}.</span> {}</li>').format(start + i, item) for i, item in enumerate(items)))


def bullet_list(items) -> Markup:
    return Markup('<ul class="bulleted">{}</ul>').format(Markup("").join(
        Markup('<li><span class="n">•</span> {}</li>').format(item) for item in items))


@dataclass(frozen=True)
class Hazard:
    """Markup that does not belong in game text: where it is and what was found."""

    where: str
    found: str
    kind: str  # "html" | "file-url" | "refused-url"

    def message(self) -> str:
        if self.kind == "html":
            return (f"{self.where}: holds HTML ({self.found}); game text is plain text with **bold**, "
                    f"*italic*, :icon: and [[rule.id]] only, so remove the tag")
        if self.kind == "file-url":
            return f"{self.where}: holds a file URL ({self.found}); game text may not point at files, so remove it"
        return f"{self.where}: the rulebook refused to fetch {self.found}"


def humanize(value: str) -> str:
    """A data id or key as words: ``cost_bones`` -> ``cost bones``, ``take-bones`` -> ``take bones``."""
    return value.replace("_", " ").replace("-", " ") if ID_LIKE.match(value) or "_" in value else value


@dataclass
class TextRenderer:
    """Turns one game's text into HTML and remembers every hazard it saw, with where it was.

    ``icon_img`` returns the ``<img>`` for an icon id; ``page_refs`` says whether a reference also
    prints the page it leads to (the book does, the one-page quick reference does not).
    """

    game: Game
    icon_img: Callable[[str], Markup]
    page_refs: bool = True
    hazards: list[Hazard] = field(default_factory=list)

    def scan(self, text: str, where: str) -> None:
        for match in HTML_TAG.finditer(text):
            self._add(Hazard(where, match.group(0), "html"))
        for match in FILE_URL.finditer(text):
            self._add(Hazard(where, match.group(0), "file-url"))

    def _add(self, hazard: Hazard) -> None:
        if hazard not in self.hazards:
            self.hazards.append(hazard)

    def ref(self, rule_id: str, before: str = "") -> Markup:
        """A link to a rule section. After '(' it reads "see §4.3, p. 7"; after "see" it reads
        "§4.3, p. 7"; elsewhere "§4.3 (p. 7)". The page comes from CSS target-counter()."""
        number = self.game.rule_numbers.get(rule_id)
        if number is None:  # the loader refuses unknown ids; keep the text if one slips through
            return escape(f"[[{rule_id}]]")
        tail = before.rstrip(" ").lower()
        if not self.page_refs:  # a document without the sections: print the number only
            return Markup('<span class="xref-short">§{}</span>').format(number)
        if tail.endswith("("):
            style, prefix = "xref", "see "
        elif tail.endswith("see"):
            style, prefix = "xref", ""
        else:
            style, prefix = "xref-bare", ""
        return Markup('{}<a class="{}" href="#{}">§{}</a>').format(prefix, style, rule_id, number)

    def table_ref(self, table_id: str) -> Markup:
        """A table by the title printed above it, in italics (a table stands beside its rule or
        under "More tables", so its title finds it), linked in the book."""
        table = next((t for t in self.game.tables if t.id == table_id), None)
        if table is None:  # the loader refuses unknown ids; keep the text if one slips through
            return escape(f"[[table:{table_id}]]")
        title = Markup("<em>{}</em>").format(self.inline(table.title, "table"))
        if not self.page_refs:  # the quick reference may have left the table off: no link
            return title
        return Markup('<a class="xref-table" href="#_table-{}">{}</a>').format(table.id, title)

    def inline(self, text: str | None, where: str) -> Markup:
        """One run of text (a title, a table cell, a list item) as inline HTML."""
        if not text:
            return Markup("")
        text = str(text)
        self.scan(text, where)
        out: list[str] = []
        bold = italic = False
        consumed = ""
        for part in TOKEN.split(text):
            if not part:
                continue
            if part == "**":
                out.append("</strong>" if bold else "<strong>")
                bold = not bold
            elif part == "*":
                out.append("</em>" if italic else "<em>")
                italic = not italic
            elif part.startswith("[[") and part.endswith("]]"):
                kind, target = parse_ref(part[2:-2])
                out.append(self.table_ref(target) if kind == "table" else self.ref(target, consumed))
            elif part.startswith(":") and part.endswith(":") and part[1:-1] in self.game.icons:
                out.append(self.icon_img(part[1:-1]))
            else:
                out.append(str(escape(part)))
            consumed += part
        # Close what the text left open, innermost first, so the HTML stays well formed.
        closing = []
        if bold and italic:
            closing = ["</em>", "</strong>"] if out.index("<strong>") < out.index("<em>") else ["</strong>", "</em>"]
        elif bold:
            closing = ["</strong>"]
        elif italic:
            closing = ["</em>"]
        return Markup("".join(out + closing))

    def block(self, text: str | None, where: str) -> Markup:
        """Text with paragraphs: every line is a paragraph; runs of "1. " or "- " lines are lists."""
        if not text:
            return Markup("")
        html: list[str] = []
        lines = [line for line in str(text).replace("\r\n", "\n").split("\n") if line.strip()]
        index = 0
        while index < len(lines):
            line = lines[index]
            if ordered := ORDERED.match(line):
                start = int(ordered.group(1))
                items = []
                while index < len(lines) and (numbered := ORDERED.match(lines[index])):
                    items.append(self.inline(numbered.group(2), where))
                    index += 1
                html.append(numbered_list(items, start))
            elif BULLET.match(line):
                items = []
                while index < len(lines) and (bulleted := BULLET.match(lines[index])):
                    items.append(self.inline(bulleted.group(1), where))
                    index += 1
                html.append(bullet_list(items))
            else:
                html.append(f"<p>{self.inline(line.strip(), where)}</p>")
                index += 1
        return Markup("".join(html))
