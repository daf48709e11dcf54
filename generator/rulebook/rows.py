"""What a table's rows say to a player, in sentences: "**Gold**: Take 1 gold from the supply."

A table of things that do something (action sides, board spaces, abilities, die results) is read
as one sentence per row, from the data's own text: the row's effect column, else the text of the
short rule section the row cites. The other fields of such a row (counts, flags, ids) are there
for the referee, and a player reads them in the sentence. Both documents use this: the rulebook
for the table in its section, the quick reference for its "what it does" blocks.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from .markup import humanize

if TYPE_CHECKING:
    from ..model.rules import Table
    from .context import BookData

# Columns whose text says what a row does, in a sentence: the first there is wins.
EFFECT_COLUMNS = ("effect", "offer", "result", "does", "summary", "ability")
SHORT_RULE_WORDS = 45  # a row's own rule section this short says what the row does (an ability's text)
SENTENCE_WORDS = 3  # fewer words is a value ("failure"), not a sentence
HIDDEN = ("id", "icon", "rule", "sample")
GROUP_AT_LEAST = 3  # rows that differ only in their number, from this many on, are said once


def effect_text(row: dict, rules: dict, shared: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """(text, where it comes from) saying what a row does: its effect column, else the text of
    the short rule section it cites, if no other row of the table cites it (``shared``): a
    section several rows share says what they have in common, not what each one does."""
    for column in EFFECT_COLUMNS:
        value = row.get(column)
        if isinstance(value, str) and len(value.split()) >= SENTENCE_WORDS:
            return value, column
    rule = rules.get(str(row.get("rule") or ""))
    if rule is None or str(row["rule"]) in shared:
        return None
    if rule.text and not rule.sections and len(rule.text.split()) <= SHORT_RULE_WORDS:
        return rule.text, f"rule {row['rule']}"
    return None


def _head_column(table: Table, rows: list[dict], sources: set[str]) -> str | None:
    """The column that names a row: its name (declared or not), else the first shown column
    that is not the sentence itself."""
    if any(isinstance(row.get("name"), str) for row in rows):
        return "name"
    columns = list(table.columns) or list(rows[0])
    for column in columns:
        if column not in HIDDEN and column not in sources and column not in table.drawing_fields:
            return column
    return None


def _sentence(text: Markup) -> Markup:
    """A capital at the start and a full stop at the end, where the data's text has none."""
    text = capital(text)
    return Markup(f"{text}.") if str(text)[-1:].isalnum() else text


def capital(text: Markup) -> Markup:
    """'card goes to the destroyed pile' starts a sentence: 'Card goes ...'. Only plain text."""
    plain = str(text)
    if plain[:1].islower() and "<" not in plain[:2]:
        return Markup(plain[0].upper() + plain[1:])
    return text


def _head(data: BookData, row: dict, column: str | None, rules: dict, where: str) -> Markup:
    if column == "name" and row.get("name"):  # a name is spelt as its owner spells it ("x2")
        return data.cell(row["name"], "name", f"{where} (name)")
    if column is not None and row.get(column) not in (None, ""):
        head = data.cell(row[column], column, f"{where} ({column})")
    elif isinstance(row.get("id"), str):  # no name: what the id says ("gain control")
        head = Markup.escape(humanize(row["id"]))
    elif row.get("rule") and str(row["rule"]) in rules:  # nor an id: the title of the row's section
        head = data.text.inline(rules[str(row["rule"])].title, f"{where} (rule title)")
    else:
        return Markup("")
    return capital(head)


def effects(data: BookData, table: Table) -> dict[str, Any] | None:
    """A table of things that do something, as sentences: each row's icon and name, then what it
    does. None when the rows do not say what they do (then the table is a grid of values)."""
    if table.kind not in ("records", "map"):
        return None
    rows = [row for row in table.rows if isinstance(row, dict)]
    rules = {full: rule for full, _n, _d, rule in data.game.walk_rules()}
    cited = [str(row.get("rule")) for row in rows if row.get("rule")]
    shared = frozenset(rule for rule in cited if cited.count(rule) > 1)
    texts = [effect_text(row, rules, shared) for row in rows]
    if not rows or sum(t is not None for t in texts) < max(2, (len(rows) + 1) // 2):
        return None
    column = _head_column(table, rows, {source for _text, source in filter(None, texts)})
    where = f"table '{table.id}'"
    entries = []
    for index, (row, found) in enumerate(zip(rows, texts)):
        if found is None:
            continue
        text, source = found
        spot = f"{where} row {index + 1}"
        head = _head(data, row, column, rules, spot)
        icon = str(row.get("icon") or row.get("id") or "")  # a row whose id is an icon's shows it
        if icon in data.game.icons and column != "icon" and "<img" not in str(head):
            head = Markup("{} {}").format(data.icon_img(icon, "icon cell-icon"), head)
        sentence = _sentence(data.text.inline(text, f"{spot} ({source})"))
        if data.text.page_refs and row.get("rule") and not source.startswith("rule"):
            sentence = Markup("{} {}").format(sentence, data.rule_ref(str(row["rule"])))
        entries.append((head, sentence))
    return {"kind": "effects", "title": data.text.inline(table.title, where + " title"),
            "ref": data.rule_ref(table.rule), "rows": _same_but_the_number(entries)}


def _same_but_the_number(entries: list[tuple[Markup, Markup]]) -> list[tuple[Markup, Markup]]:
    """Rows that say the same but for their own number ("2: Move ... exactly 2 spaces", "3: ...
    exactly 3 spaces") become one: "2–6: Move ... exactly that many spaces"."""
    templates = []
    for head, sentence in entries:
        number = str(head).strip()
        found = list(re.finditer(rf"(?<![\w.§-]){re.escape(number)}(?![\w.]\w)", str(sentence))) if number.isdigit() else []
        templates.append(str(sentence)[:found[0].start()] + "\0" + str(sentence)[found[0].end():] if len(found) == 1 else None)
    out: list[tuple[Markup, Markup]] = []
    done: set[int] = set()
    for index, (head, sentence) in enumerate(entries):
        if index in done:
            continue
        same = [i for i, t in enumerate(templates) if t is not None and t == templates[index]]
        if templates[index] is None or len(same) < GROUP_AT_LEAST:
            out.append((head, sentence))
            continue
        done.update(same)
        numbers = [int(str(entries[i][0]).strip()) for i in same]
        consecutive = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        heads = f"{numbers[0]}–{numbers[-1]}" if consecutive else ", ".join(map(str, numbers))
        out.append((Markup.escape(heads), Markup(str(templates[index]).replace("\0", "that many"))))
    return out
