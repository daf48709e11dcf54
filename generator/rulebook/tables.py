"""How each kind of rules table reads best on the page (cycle, list, chart, records, or rows
that say what they do), and how a cell's value reads: the table half of the rulebook's content,
mixed into context.BookData, whose names, text renderer and rule references it uses."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from ..model.game import Game
from ..model.rules import Table
from .art import cycle_svg, data_uri
from .markup import ID_LIKE, TextRenderer, humanize
from .rows import capital, effects
from .views import TableView, _narrow, _number

LEADING_NUMBER = re.compile(r"^\s*\d+[.):]\s+")
SHORT_CELL = 10  # characters: a map whose every cell is this short reads across, like a chart
PROSE_KEYS = ("effect", "text", "summary", "description")  # read as sentences, without a "key:" label


class TableViews:
    """Table views for BookData (``self.game``, ``self.text``, ``self.names``, ``self.rule_ref``,
    ``self.icon_img``, ``self.rule_titles``, ``self.where_rule``, ``self.grid_columns``,
    ``self.font_base``)."""

    if TYPE_CHECKING:  # what BookData provides
        game: Game
        text: TextRenderer
        names: dict[str, str]
        rule_titles: dict[str, str]
        grid_columns: int
        font_base: str

        def rule_ref(self, rule_id: str | None) -> Markup: ...
        def icon_img(self, icon_id: str, css: str = "icon") -> Markup: ...
        def where_rule(self, full_id: str, what: str) -> str: ...

    def table(self, table: Table) -> TableView:
        where = f"table '{table.id}'"
        view = TableView(id=table.id, title=self.text.inline(table.title, where + " title"),
                         note=self.text.inline(table.note, where + " note"), ref=self.rule_ref(table.rule),
                         style="grid")
        if table.kind == "cycle":
            self._cycle(table, view)
        elif table.kind == "list":
            self._list(table, view, where)
        elif table.kind == "chart":
            self._chart(table, view, where)
        elif (aid := effects(self, table)) is not None:  # type: ignore[arg-type]  # self is a BookData  # rows that say what they do: sentences
            view.style, view.entries = "effects", aid["rows"]
            view.size = sum(len(str(text)) for _head, text in aid["rows"]) // 40 + len(aid["rows"])
        else:
            self._records(table, view, where)
        return view

    def _cycle(self, table: Table, view: TableView) -> None:
        labels = [self.names.get(item, humanize(item)) for item in table.items]
        icons = [self.game.icons[item].file if item in self.game.icons else None for item in table.items]
        pairs = [f"{labels[i]} beats {labels[(i + 1) % len(labels)].lower()}" for i in range(len(labels))]
        view.style = "cycle"
        view.diagram_alt = "; ".join(pairs) + "."
        view.diagram = data_uri(cycle_svg(labels, icons, self.font_base, view.diagram_alt))
        view.items = [escape(p) for p in pairs]
        view.size = len(labels) * 3
        if table.note and all(p.casefold() in table.note.casefold() for p in pairs):
            view.note = Markup("")  # a note saying only who beats whom: the pairs beside the diagram say it

    def _list(self, table: Table, view: TableView, where: str) -> None:
        view.style = "list"
        for index, item in enumerate(table.items):
            full = f"{table.rule}.{item}" if table.rule else item
            if full in self.rule_titles or item in self.rule_titles:
                target = full if full in self.rule_titles else item
                title = LEADING_NUMBER.sub("", self.rule_titles[target])  # the list numbers it
                view.items.append(Markup("{} {}").format(
                    self.text.inline(title, self.where_rule(target, "title")),
                    self.rule_ref(target)))
            else:
                view.items.append(capital(self.text.inline(humanize(item), f"{where} item {index + 1}")))
        view.size = len(view.items) * 2

    def _chart(self, table: Table, view: TableView, where: str) -> None:
        shown = [i for i, c in enumerate(table.columns) if c not in table.drawing_fields]
        header = [self.text.inline(humanize(table.columns[i]).capitalize(), where) for i in shown]
        rows = [[escape(_number(row[i])) for i in shown] for row in table.rows]
        if len(shown) <= 3 and len(rows) > 5:  # long and narrow: read it across instead
            view.rows = [[header[i]] + [row[i] for row in rows] for i in range(len(header))]
            view.row_heads = True
        else:
            view.header, view.rows = header, rows
        view.size = len(shown) * (len(rows) + 1)
        view.narrow = _narrow(view)

    def _records(self, table: Table, view: TableView, where: str) -> None:
        rows = [row for row in table.rows if isinstance(row, dict)]
        columns = list(table.columns)
        if not columns:
            for row in rows:
                columns.extend(k for k in row if k not in columns)
        hidden = table.drawing_fields | {"sample"}  # how to draw it is not for players
        columns = [c for c in columns if c not in hidden]
        if "name" in columns and "id" in columns:
            columns.remove("id")  # the name says it to a reader; the id is for the referee
        if "rule" in columns:  # a cited section reads best at the end of the row
            columns.remove("rule")
            columns.append("rule")
        head_column = "name" if "name" in columns else columns[0] if columns else None
        cells: list[list[Markup]] = []
        for r_index, row in enumerate(rows):
            line = []
            for column in columns:
                value = self.cell(row.get(column), column, f"{where} row {r_index + 1} ({column})")
                if column == head_column and "rule" not in columns and row.get("rule"):
                    value = Markup("{} {}").format(value, self.rule_ref(str(row["rule"])))
                line.append(value)
            cells.append(line)
        if head_column is not None and cells:  # a column saying what the name says ('centre' beside 'Centre')
            head_index = columns.index(head_column)
            same = {i for i in range(len(columns)) if i != head_index and all(
                str(line[i]).casefold() == str(line[head_index]).casefold() for line in cells)}
            columns = [c for i, c in enumerate(columns) if i not in same]
            cells = [[cell for i, cell in enumerate(line) if i not in same] for line in cells]
        header = [escape("§" if c == "rule" else humanize(c).capitalize()) for c in columns]
        view.size = len(columns) * (len(rows) + 1)
        if len(columns) > self.grid_columns and head_column is not None:
            view.style = "stacked"
            head_index = columns.index(head_column)
            icon_index = columns.index("icon") if "icon" in columns else None
            for line in cells:
                fields = [(header[i], line[i]) for i in range(len(columns))  # not the head again (an id shown by name)
                          if i not in (head_index, icon_index) and str(line[i]) not in ("", "–", str(line[head_index]))]
                head = line[head_index]
                if icon_index is not None and str(line[icon_index]) != "–":
                    head = Markup("{} {}").format(line[icon_index], head)
                view.entries.append((head, fields))
        elif table.kind == "map" and len(columns) <= 3 and len(cells) > 5 and all(
                len(str(cell)) <= SHORT_CELL for line in cells for cell in line):  # a die's few words: across
            view.rows = [[header[i]] + [line[i] for line in cells] for i in range(len(columns))]
            view.row_heads = True
            view.narrow = _narrow(view)
        else:
            view.header, view.rows = header, cells
            view.narrow = _narrow(view)

    def cell(self, value: Any, column: str, where: str) -> Markup:
        if value is None or value == "" or value == [] or value == {}:
            return Markup("–")
        if isinstance(value, bool):
            return Markup("yes" if value else "no")
        if isinstance(value, (int, float)):
            return escape(_number(value))
        if isinstance(value, (list, tuple)):
            return Markup(", ").join(self.cell(v, column, where) for v in value)
        if isinstance(value, dict):
            return self._mapping(value, column, where)
        text = str(value)
        if column == "rule" and text in self.game.rule_numbers:
            return self.rule_ref(text)
        if column == "icon" and text in self.game.icons:
            return self.icon_img(text, "icon cell-icon")
        if text in self.game.icons:
            return Markup("{} {}").format(self.icon_img(text), self.names[text])
        if text in self.names:
            return escape(self.names[text])
        if ID_LIKE.match(text) or ("_" in text and " " not in text):
            return escape(humanize(text))
        return self.text.inline(text, where)

    def _mapping(self, value: dict, column: str, where: str) -> Markup:
        """A mapping in a cell, read as words. A named thing with its sentence (a boon) reads
        "**Name**: what it does (§3.4)": its other fields are the referee's, and the sentence
        says them. A count per thing reads "4 white, 3 red"; other pairs "Vethis → Vethis's corner"."""
        prose = next((value[k] for k in PROSE_KEYS if isinstance(value.get(k), str)), None)
        if "name" in value or prose is not None:
            head = self.cell(value["name"], "name", where) if "name" in value else None
            text = self.text.inline(prose, where) if prose is not None else Markup("")
            if head is not None:
                text = Markup("<strong>{}</strong>{}{}").format(head, Markup(": ") if text else "", text)
            if "rule" in value:
                text = Markup("{} {}").format(text, self.cell(value["rule"], "rule", where))
            return text
        parts = []
        for key, inner in value.items():
            if key in ("id", "rule", "sample"):
                continue
            name = self.names.get(str(key), humanize(str(key)))
            name = escape(name if len(name.split()) <= 2 else humanize(str(key)))  # 'white', not 'White die (...)'
            if isinstance(inner, (int, float)) and not isinstance(inner, bool):  # '4 white'; 'Vethis 1'
                number = escape(_number(inner))
                parts.append(Markup("{} {}").format(*((number, name) if name[:1].islower() else (name, number))))
            else:
                parts.append(Markup("{} → {}").format(name, self.cell(inner, str(key), where)))
        return Markup(", ").join(parts)

