"""Build a game's rules index: one SQLite file with everything `referee ask` needs.

Built from the one loader's Game (``generator.loader.load_game``); the loader, pydantic and yaml
are imported here only, so a query against a warm index never loads them.

What goes in:

- ``docs``: an FTS5 table (porter stemming) of rule sections, glossary entries, FAQ entries,
  cards, tables and their rows, fixed values, components, dice, decks and pieces. Every doc
  names the rule it belongs to (its own ``rule`` field, else its deck's or table's).
- ``postings``: for each stemmed term, the docs that hold it, their rule and how strongly
  (for the coverage measure).
- ``phrases``: stemmed names players say: rule titles and aliases, glossary terms and aliases,
  card, die, face, table-row and component names, cycle items, chart columns, value labels.
- ``data``: the numbers and tables the answers compute with, as JSON.
- ``rules`` and ``meta``: section numbers, titles, texts; game title; the fingerprint.
"""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from .stem import TOKENIZE, stemmer
from .text import STOPWORDS, canonical, humanize, plain, searchable, words

# Card and piece fields that say how a thing looks, not what it does.
LOOKS = {"sample", "layout", "back", "icon", "art", "image", "file", "font", "data", "fill", "shape",
         "size_mm", "color", "colour", "at", "printed", "orientation", "size"}
# How strongly a term found in a doc ties the question to the doc's rule, by kind of doc and
# column: a section's own title or alias says most, a card's name less, a card's body nothing.
COVERAGE = {
    "rule": {"title": 1.0, "aliases": 1.0, "body": 0.75, "context": 0.35},
    "glossary": {"title": 0.9, "aliases": 0.9, "body": 0.5},
    "faq": {"title": 0.85, "body": 0.5},  # players ask what FAQs ask
}
OTHER_COVERAGE = {"title": 0.5, "aliases": 0.4}


def build_index(game: Any, target: Path, fingerprint: str) -> None:
    """Write the index of `game` to `target`, atomically (a temporary file moved into place)."""
    from generator.atomic import atomic_path

    with atomic_path(target) as temp:
        con = sqlite3.connect(temp)
        try:
            write_index(con, game, fingerprint)
            con.commit()
        finally:
            con.close()


def memory_index(game: Any, fingerprint: str) -> sqlite3.Connection:
    """The same index in memory, for when the cache folder cannot be written."""
    con = sqlite3.connect(":memory:", check_same_thread=False)
    write_index(con, game, fingerprint)
    con.commit()
    return con


def write_index(con: sqlite3.Connection, game: Any, fingerprint: str) -> None:
    con.executescript(f"""
        PRAGMA journal_mode = OFF;
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
        CREATE TABLE rules(id TEXT PRIMARY KEY, number TEXT, title TEXT, text TEXT, parent TEXT,
                           depth INTEGER, ord INTEGER, optional INTEGER, aliases TEXT);
        CREATE VIRTUAL TABLE docs USING fts5(kind UNINDEXED, key UNINDEXED, rule UNINDEXED,
                           title, aliases, body, context, answer UNINDEXED, tokenize='{TOKENIZE}');
        CREATE TABLE postings(term TEXT, doc INTEGER, rule TEXT, weight REAL, PRIMARY KEY(term, doc)) WITHOUT ROWID;
        CREATE TABLE terms(term TEXT PRIMARY KEY, df INTEGER) WITHOUT ROWID;
        CREATE TABLE phrases(stems TEXT, kind TEXT, ref TEXT, rule TEXT, label TEXT, canon TEXT,
                              reduced INTEGER);
        CREATE TABLE data(key TEXT PRIMARY KEY, json TEXT);
    """)
    builder = _Builder(game)
    builder.collect()
    con.executemany("INSERT INTO rules VALUES (?,?,?,?,?,?,?,?,?)", builder.rules)
    con.executemany("INSERT INTO docs(kind, key, rule, title, aliases, body, context, answer) "
                    "VALUES (?,?,?,?,?,?,?,?)", builder.docs)
    _postings(con)
    phrases = builder.phrase_rows()
    con.executemany("INSERT INTO phrases VALUES (?,?,?,?,?,?,?)", phrases)
    builder.data["name_words"] = _name_words(phrases)
    con.executemany("INSERT INTO data VALUES (?,?)",
                    [(k, json.dumps(v, ensure_ascii=False, default=str)) for k, v in builder.data.items()])
    meta = {
        "fingerprint": fingerprint, "id": game.id, "title": game.title,
        "subtitle": game.subtitle or "", "root": str(game.root), "docs": str(len(builder.docs)),
    }
    con.executemany("INSERT INTO meta VALUES (?,?)", list(meta.items()))


def _postings(con: sqlite3.Connection) -> None:
    con.execute("CREATE VIRTUAL TABLE temp.doc_terms USING fts5vocab(main, docs, instance)")
    con.execute("CREATE VIRTUAL TABLE temp.doc_rows USING fts5vocab(main, docs, row)")
    info = {rowid: (kind, rule) for rowid, kind, rule in con.execute("SELECT rowid, kind, rule FROM docs")}
    weights: dict[tuple[str, int], float] = {}
    for term, doc, col in con.execute("SELECT term, doc, col FROM temp.doc_terms"):
        kind, rule = info[doc]
        weight = COVERAGE.get(kind, OTHER_COVERAGE).get(col, 0.0)
        if not rule or not weight:
            continue
        key = (term, doc)
        if weight > weights.get(key, 0.0):
            weights[key] = weight
    con.executemany("INSERT INTO postings VALUES (?,?,?,?)",
                    [(t, d, info[d][1], w) for (t, d), w in weights.items()])
    con.execute("INSERT INTO terms SELECT term, doc FROM temp.doc_rows")
    con.execute("DROP TABLE temp.doc_terms")
    con.execute("DROP TABLE temp.doc_rows")


def _name_words(phrases: list[tuple]) -> list[str]:
    """The words of every name and alias, for correcting typos (see search.correct_typos)."""
    found = set()
    for _stems, _kind, _ref, _rule, label, canon, _reduced in phrases:
        for w in words(label) + words(canon):
            if len(w) >= 5 and not w.isdigit() and w not in STOPWORDS:
                found.add(w)
    return sorted(found)


def _strip_number(title: str) -> str:
    """'1. Refill the bag' and '2: Thought' are named without their step number."""
    return re.sub(r"^\s*\d+\s*[.:)]\s*", "", title).strip()


def _flatten(value: Any, key: str = "") -> list[str]:
    """Words from a data value: strings as they are, numbers with their key, nested data too."""
    out: list[str] = []
    if isinstance(value, bool):
        if value and key:
            out.append(humanize(key))
    elif isinstance(value, (int, float)):
        out.append(f"{humanize(key)} {value}" if key else str(value))
    elif isinstance(value, str):
        out.append(f"{humanize(key)}: {value}" if key and len(value) < 40 else value)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k in LOOKS:
                continue
            out.extend(_flatten(v, f"{key} {k}".strip() if key else str(k)))
    elif isinstance(value, (list, tuple)):
        scalars = [v for v in value if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
        if scalars and len(scalars) == len(value):
            out.append(f"{humanize(key)}: {', '.join(str(v) for v in value)}" if key else
                       ", ".join(str(v) for v in value))
        else:
            for v in value:
                out.extend(_flatten(v, key))
    return out


class _Builder:
    def __init__(self, game: Any):
        self.game = game
        self.numbers = dict(game.rule_numbers)
        # "§4.1 Rouse": a reference names its section; step numbers ("1. Refill the bag") dropped
        self.titles = {full: _strip_number(rule.title) for full, _, _, rule in game.walk_rules()}
        self.icons = {k: (v.label or humanize(k)) for k, v in game.icons.items()}
        self.rules: list[tuple] = []
        self.docs: list[tuple] = []
        self.phrases: list[tuple[str, str, str, str | None, str, str]] = []  # text, kind, ref, rule, label, canon
        self.data: dict[str, Any] = {}
        self.rule_ids: set[str] = set()

    def text(self, value: str | None) -> str:
        return plain(value or "", self.numbers, self.icons, self.titles)

    def words_of(self, value: str | None) -> str:
        """Text as indexed: references as bare numbers, so a section that points to "§4.1 Rouse"
        does not take Rouse's words for its own."""
        return plain(value or "", self.numbers, self.icons)

    def phrase(self, text: str, kind: str, ref: str, rule: str | None, label: str | None = None,
               canon: str = "") -> None:
        if text and str(text).strip():
            self.phrases.append((str(text), kind, ref, rule, label or str(text), canon))

    def doc(self, kind: str, key: str, rule: str | None, title: str, aliases: str = "", body: str = "",
            context: str = "", answer: str = "") -> None:
        if rule is not None and rule not in self.rule_ids:
            rule = None  # the loader checks references; this only guards odd data
        self.docs.append((kind, key, rule, searchable(title), searchable(aliases), searchable(body),
                          searchable(context), answer or body))

    # -- collecting ------------------------------------------------------------------------

    def collect(self) -> None:
        game = self.game
        walked = list(game.walk_rules())
        self.rule_ids = {full for full, _, _, _ in walked}
        titles = {full: rule.title for full, _, _, rule in walked}
        for order, (full, number, depth, rule) in enumerate(walked):
            parent = full.rsplit(".", 1)[0] if "." in full else ""
            text = self.text(rule.text)
            examples = [self.words_of(e) for e in rule.examples]
            self.rules.append((full, number, rule.title, text, parent, depth, order, int(rule.optional),
                               json.dumps(list(rule.aliases))))
            ancestors = []
            p = parent
            while p:
                ancestors.append(titles.get(p, ""))
                p = p.rsplit(".", 1)[0] if "." in p else ""
            body = "\n\n".join([self.words_of(rule.text)] + [f"Example: {e}" for e in examples])
            self.doc("rule", full, full, _strip_number(rule.title), "; ".join(rule.aliases), body,
                     "; ".join(a for a in ancestors if a), text)
            self.phrase(_strip_number(rule.title), "rule-title", full, full)
            for alias in rule.aliases:
                # An alias names the section; it is not a synonym of the section's title (the
                # alias "opponent" of "Starting a fight" means neither "start" nor "fight").
                self.phrase(alias, "rule-alias", full, full)
        self.components_rule = self._components_rule(walked)

        for entry in game.glossary:
            self.doc("glossary", entry.term, entry.rule, entry.term, "; ".join(entry.aliases),
                     self.words_of(entry.text), answer=f"{entry.term}: {self.text(entry.text)}")
            if entry.rule:
                self.phrase(entry.term, "term", entry.term, entry.rule)
                for alias in entry.aliases:
                    self.phrase(alias, "term-alias", entry.term, entry.rule, canon=entry.term)
        for faq in game.faq:
            self.doc("faq", faq.question, faq.rule, self.words_of(faq.question), "", self.words_of(faq.answer),
                     answer=f"{self.text(faq.question)} {self.text(faq.answer)}")

        self._decks()
        self._tables()
        self._values()
        self._components()
        self._dice()
        self._pieces()
        for icon_id, label in self.icons.items():
            self.phrase(label, "icon", icon_id, None)
        self.data["game"] = {"id": game.id, "title": game.title, "subtitle": game.subtitle,
                             "players": {"min": game.players.min, "max": game.players.max},
                             "play_time": game.play_time, "age": game.age}
        self.data["icons"] = self.icons
        self.data["components_rule"] = self.components_rule

    def _components_rule(self, walked) -> str | None:
        for full, _, _, rule in walked:
            if full == "components":
                return full
        for full, _, depth, rule in walked:
            names = {rule.title.lower(), *(a.lower() for a in rule.aliases)}
            if depth == 0 and names & {"components", "contents", "what's in the box"}:
                return full
        return None

    def _card_rule(self, deck: Any, text: str) -> str | None:
        """The section a card without a rule of its own (nor its deck's) answers for: the one
        about playing or using cards ("Playing cards"), else the first its text points to."""
        wanted = {"card", "plai", "us", "action"} | set(self.content_stems(deck.name))
        best = None
        for full, title in self.titles.items():
            stems = set(self.content_stems(title))
            if "card" not in stems:
                continue
            score = len(stems & wanted)
            if best is None or score > best[0]:
                best = (score, full)
        if best is not None:
            return best[1]
        for match in re.finditer(r"\[\[([^\]]*)\]\]", text or ""):
            if match.group(1).strip() in self.rule_ids:
                return match.group(1).strip()
        return None

    def _decks(self) -> None:
        decks = []
        for deck in self.game.decks:
            cards = []
            for card in deck.cards:
                rule = card.rule or deck.rule or self._card_rule(deck, str(card.extra.get("text", "")))
                fields = {k: v for k, v in card.extra.items() if k not in LOOKS}
                body = "\n".join(self.text(s) for s in _flatten(fields))
                answer = f"{card.name}: {self.text(str(fields.get('text', ''))) or body}"
                self.doc("card", f"{deck.id}/{card.id}", rule, card.name, card.id.replace("-", " "),
                         body, deck.name, answer)
                self.phrase(card.name, "card", f"{deck.id}/{card.id}", rule)
                if card.id.replace("-", " ") != card.name.lower():
                    self.phrase(card.id.replace("-", " "), "card", f"{deck.id}/{card.id}", rule,
                                label=card.name)
                cards.append({"id": card.id, "name": card.name, "count": card.count, "rule": rule,
                              "fields": self.plain_data(fields)})
            self.doc("deck", deck.id, deck.rule, deck.name, "", self.text(deck.note or "") +
                     f"\n{deck.total} cards")
            self.phrase(deck.name, "deck", deck.id, deck.rule)
            decks.append({"id": deck.id, "name": deck.name, "rule": deck.rule, "total": deck.total,
                          "note": deck.note, "cards": cards})
        self.data["decks"] = decks

    def _tables(self) -> None:
        tables = []
        for table in self.game.tables:
            rows = [r if not hasattr(r, "model_dump") else r.model_dump() for r in table.rows]
            body = [self.text(table.note or ""), "columns: " + ", ".join(humanize(c) for c in table.columns)]
            body += [self.text(str(i)) for i in table.items]
            for row in rows:
                body.append("; ".join(self.text(s) for s in _flatten(row)))
            self.doc("table", table.id, table.rule, table.title, table.id.replace("-", " "), "\n".join(body),
                     "", self.text(table.note or ""))
            self.phrase(table.title, "table", table.id, table.rule)
            if table.kind == "cycle":
                for item in table.items:
                    self.phrase(humanize(item), "cycle-item", f"{table.id}/{item}", table.rule, label=item)
            if table.kind == "chart":
                for i, column in enumerate(table.columns):
                    self.phrase(humanize(column), "column", f"{table.id}/{i}", table.rule, label=column)
            if table.kind in ("records", "map"):
                for i, row in enumerate(rows):
                    if not isinstance(row, dict):
                        continue
                    names = [row.get(k) for k in ("name", "id") if isinstance(row.get(k), str)]
                    if table.columns and self.names_rows(table, rows):
                        names.append(row[table.columns[0]])
                    rule = self.row_rule(table, row)
                    seen = set()
                    for name in names:
                        text = humanize(name) if name == row.get("id") else name
                        if text.lower() in seen:
                            continue
                        seen.add(text.lower())
                        self.phrase(text, "row", f"{table.id}/{i}", rule, label=str(names[0]))
                    if names:
                        self.doc("row", f"{table.id}/{i}", rule, str(names[0]), table.title,
                                 "; ".join(self.text(s) for s in _flatten(row)), table.title)
            tables.append({"id": table.id, "title": table.title, "kind": table.kind, "rule": table.rule,
                           "die": table.die, "columns": list(table.columns), "rows": rows,
                           "items": list(table.items), "note": table.note})
        self.data["tables"] = tables

    @staticmethod
    def names_rows(table: Any, rows: list) -> bool:
        """Whether a table's first column names its rows: words, one per row ("store", "gold"),
        not numbers or repeated outcomes."""
        first = table.columns[0]
        keys = [r.get(first) if isinstance(r, dict) else None for r in rows]
        return (all(isinstance(k, str) and not re.fullmatch(r"[\d\s.+-]*", k) for k in keys)
                and len(set(keys)) == len(keys))

    def row_rule(self, table: Any, row: dict) -> str | None:
        """A row's own rule; else the table's sub-section named like the row (the row
        'plus-one' of a table on 'spaces' belongs to 'spaces.plus-one'); else the table's."""
        if isinstance(row.get("rule"), str) and row["rule"] in self.rule_ids:
            return row["rule"]
        if table.rule:
            keys = [row.get("id")] + ([row.get(table.columns[0])] if table.columns else [])
            for key in keys:
                if isinstance(key, str) and f"{table.rule}.{key}" in self.rule_ids:
                    return f"{table.rule}.{key}"
        return table.rule

    def _values(self) -> None:
        values = {}
        for key, value in self.game.values.items():
            self.doc("value", key, value.rule, value.label, humanize(key), f"{value.label}: {value.value}")
            self.phrase(value.label, "value", key, value.rule)
            values[key] = {"value": value.value, "label": value.label, "rule": value.rule,
                           "label_stems": self.content_stems(value.label),
                           "key_stems": self.content_stems(humanize(key))}
        self.data["values"] = values

    def _components(self) -> None:
        rules_by_ref: dict[str, str | None] = {}
        for deck in self.game.decks:
            rules_by_ref[deck.id] = deck.rule
        for die in self.game.dice:
            rules_by_ref.setdefault(die.id, die.rule)
        for group in (self.game.tokens, self.game.boards, self.game.tiles, self.game.sheets):
            for piece in group:
                rules_by_ref.setdefault(piece.id, piece.rule)
        components = []
        for comp in self.game.components:
            rule = self.components_rule or rules_by_ref.get(comp.ref or "")
            note = self.text(comp.note or "")
            self.doc("component", comp.id, rule, comp.name, comp.kind,
                     f"{comp.count} {comp.name}. {note}".strip())
            self.phrase(comp.name, "component", comp.id, rule)
            components.append({"id": comp.id, "name": comp.name, "kind": comp.kind, "count": comp.count,
                               "source": comp.source, "ref": comp.ref, "note": comp.note, "rule": rule})
        self.data["components"] = components

    def _dice(self) -> None:
        dice = []
        for die in self.game.dice:
            faces = [{"label": f.label, "value": f.value, "symbols": dict(f.symbols)} for f in die.faces]
            self.doc("die", die.id, die.rule, die.name, " ".join(die.tags),
                     "faces: " + ", ".join(f.label for f in die.faces) + ". " + self.text(die.note or ""))
            self.phrase(die.name, "die", die.id, die.rule)
            for face in die.faces:
                if not face.label.isdigit():
                    self.phrase(face.label, "face", f"{die.id}/{face.label}", die.rule)
            dice.append({"id": die.id, "name": die.name, "count": die.count, "rule": die.rule,
                         "faces": faces, "success": list(die.success or []), "tags": list(die.tags)})
        self.data["dice"] = dice

    def _pieces(self) -> None:
        pieces = []
        for kind, group in (("token", self.game.tokens), ("board", self.game.boards),
                            ("tile", self.game.tiles), ("sheet", self.game.sheets)):
            for piece in group:
                fields = {k: v for k, v in piece.extra.items() if k not in LOOKS}
                body = "\n".join(self.text(s) for s in _flatten(fields))
                self.doc("piece", piece.id, piece.rule, piece.name, kind,
                         f"{self.text(piece.note or '')}\n{body}")
                self.phrase(piece.name, "piece", piece.id, piece.rule)
                pieces.append({"id": piece.id, "name": piece.name, "kind": kind, "count": piece.count,
                               "rule": piece.rule, "note": piece.note})
        self.data["pieces"] = pieces

    def plain_data(self, value: Any) -> Any:
        """Data with its text fields as players read them (§4.3 for [[rule]], icon labels)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {k: self.plain_data(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.plain_data(v) for v in value]
        return value

    @staticmethod
    def content_stems(text: str) -> list[str]:
        tokens = [t for t in words(text) if t not in STOPWORDS]
        return [canonical(t, s) for t, s in zip(tokens, stemmer().stems(tokens))]

    # -- phrases -----------------------------------------------------------------------------

    def phrase_rows(self) -> list[tuple]:
        stem = stemmer()
        rows = []
        seen = set()
        for text, kind, ref, rule, label, canon in self.phrases:
            every = words(text)
            tokens = [t for t in every if t not in STOPWORDS]
            if not tokens:
                continue
            stems = " ".join(canonical(t, s) for t, s in zip(tokens, stem.stems(tokens)))
            key = (stems, kind, ref, rule)
            if key in seen:
                continue
            seen.add(key)
            # "getting started" found as just "start" says less than the name "start" would
            reduced = int(len(tokens) == 1 and len(every) > 1)
            rows.append((stems, kind, ref, rule, label, canon, reduced))
        return rows


def load_and_build(root: Path, target: Path | None, fingerprint: str) -> sqlite3.Connection | None:
    """Load the game with the one loader and index it; returns an in-memory index if `target`
    is None or cannot be written."""
    from generator.loader import load_game  # the only import of the loader in `referee ask`

    game = load_game(root)
    if target is not None:
        try:
            build_index(game, target, fingerprint)
            return None
        except OSError:
            pass
    return memory_index(game, fingerprint)
