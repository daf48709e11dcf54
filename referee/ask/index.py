"""Build a game's rules index: one SQLite file with everything `referee ask` needs.

Built from the one loader's Game (``generator.model.loader.load_game``); the loader, pydantic and yaml
are imported here only, so a query against a warm index never loads them.

What goes in:

- ``docs``: an FTS5 table (porter stemming) of rule sections, the questions each answers
  (``asks``), glossary entries, FAQ entries, cards, tables and their rows, fixed values, components, dice, decks and pieces. Every doc
  names the rule it belongs to (its own ``rule`` field, else its deck's or table's).
- ``bm25`` and ``doc_sizes``: each term's instances per doc and column, each doc's size, to
  rank docs as FTS5's bm25() does without asking FTS5 (bm25.py).
- ``postings``: for each stemmed term, the docs that hold it, their rule and how strongly
  (for the coverage measure).
- ``phrases``: stemmed names players say: rule titles and aliases, glossary terms and aliases,
  names the rules first set in bold, card, die, face, table-row and component names, cycle
  items, chart columns, value labels.
  Read by first stem, only those a question holds (store.GameIndex.phrases_at); ``phrase_words``
  names, for each stem, the names of two words or more holding it (GameIndex.names_with).
- ``data``: the numbers and tables the answers compute with, as JSON.
- ``rules`` and ``meta``: section numbers, titles, texts; game title; the fingerprint.
"""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from .bm25 import write_counts
from .cache import checksum_of, sum_path
from .index_data import BOX_WORDS, DataDocs
from .intent import intent, rewrite
from .players import player_noun
from .roles import end_rule, setup_rule, turn_rule
from .stem import TOKENIZE, stemmer
from .store import NAME_KINDS
from .text import STOPWORDS, bold_names, canonical, humanize, plain, searchable, words

# How strongly a term found in a doc ties the question to the doc's rule, by kind of doc and
# column: a section's own title or alias says most, a card's name less, a card's body nothing.
COVERAGE = {
    "rule": {"title": 1.0, "aliases": 1.0, "body": 0.75, "context": 0.35},
    "glossary": {"title": 0.9, "aliases": 0.9, "body": 0.5},
    "faq": {"title": 0.85, "body": 0.5},  # players ask what FAQs ask
    "ask": {"title": 0.9},  # a question the section answers, in players' words (Rule.asks)
    "card": {"title": 0.5, "aliases": 0.4, "body": 0.5},  # its own words, as a glossary entry's ("the Cellar costs 1 nerve")
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
        written = checksum_of(Path(temp).read_bytes())
    with atomic_path(sum_path(target)) as temp:  # a kill before this line leaves the old sum: rebuilt
        Path(temp).write_text(written + "\n", encoding="ascii")


def memory_index(game: Any, fingerprint: str) -> sqlite3.Connection:
    """The same index in memory, for when the cache folder cannot be written."""
    con = sqlite3.connect(":memory:", check_same_thread=False)
    write_index(con, game, fingerprint)
    con.commit()
    return con


def write_index(con: sqlite3.Connection, game: Any, fingerprint: str) -> None:
    # No journal and no fsync (each CREATE was one, ~50 ms of waiting): the file is a temporary
    # moved into place whole, and one a crash left short fails its checksum (store._as_written).
    con.executescript(f"""
        PRAGMA journal_mode = OFF;
        PRAGMA synchronous = OFF;
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
        CREATE TABLE rules(id TEXT PRIMARY KEY, number TEXT, title TEXT, text TEXT, parent TEXT,
                           depth INTEGER, ord INTEGER, optional INTEGER, aliases TEXT);
        CREATE VIRTUAL TABLE docs USING fts5(kind UNINDEXED, key UNINDEXED, rule UNINDEXED,
                           title, aliases, body, context, answer UNINDEXED, tokenize='{TOKENIZE}');
        CREATE TABLE postings(term TEXT, doc INTEGER, rule TEXT, weight REAL, PRIMARY KEY(term, doc)) WITHOUT ROWID;
        CREATE TABLE terms(term TEXT PRIMARY KEY, df INTEGER) WITHOUT ROWID;
        CREATE TABLE phrases(first TEXT, stems TEXT, kind TEXT, ref TEXT, rule TEXT, label TEXT, canon TEXT,
                              reduced INTEGER);
        CREATE INDEX phrases_first ON phrases(first);
        CREATE TABLE phrase_words(stem TEXT, phrase INTEGER, PRIMARY KEY(stem, phrase)) WITHOUT ROWID;
        CREATE TABLE data(key TEXT PRIMARY KEY, json TEXT);
    """)
    builder = _Builder(game)
    builder.collect()
    con.executemany("INSERT INTO rules VALUES (?,?,?,?,?,?,?,?,?)", builder.rules)
    con.executemany("INSERT INTO docs(kind, key, rule, title, aliases, body, context, answer) "
                    "VALUES (?,?,?,?,?,?,?,?)", builder.docs)
    _postings(con)
    phrases = builder.phrase_rows()
    _phrases(con, phrases)
    builder.data["name_words"] = _name_words(phrases)
    con.executemany("INSERT INTO data VALUES (?,?)",
                    [(k, json.dumps(v, ensure_ascii=False, default=str)) for k, v in builder.data.items()])
    meta = {
        "fingerprint": fingerprint, "id": game.id, "title": game.title,
        "subtitle": game.subtitle or "", "root": str(game.root), "docs": str(sum(d[0] != "ask" for d in builder.docs)),  # as terms counts them
    }
    con.executemany("INSERT INTO meta VALUES (?,?)", list(meta.items()))


def _postings(con: sqlite3.Connection) -> None:
    """Fill postings (every doc) and terms: how many docs hold each term, not counting the
    written questions (Rule.asks). A player's word only they use ("best", "end") is no sign that
    a question is about this game, and must not stop slang or a typo being read the game's way.
    Both are made in SQL from bm25's (term, doc, column) counts, which the search ranks docs by
    (bm25.py): one row per word and column of a doc, where fts5vocab has one per instance (read
    into Python here, they were most of indexing a game's docs)."""
    con.execute("CREATE VIRTUAL TABLE temp.doc_terms USING fts5vocab(main, docs, instance)")
    write_counts(con, "temp.doc_terms")
    con.execute("DROP TABLE temp.doc_terms")
    columns = [name for _cid, name, *_ in con.execute("PRAGMA table_info(docs)")]  # bm25's column numbers
    con.execute("CREATE TEMP TABLE doc_info(doc INTEGER PRIMARY KEY, kind TEXT, rule TEXT)")
    con.execute("INSERT INTO temp.doc_info SELECT rowid, kind, rule FROM docs")
    con.execute("CREATE TEMP TABLE coverage(kind TEXT, col INTEGER, weight REAL, PRIMARY KEY(kind, col))")
    kinds = [kind for (kind,) in con.execute("SELECT DISTINCT kind FROM temp.doc_info")]
    con.executemany("INSERT INTO temp.coverage VALUES (?,?,?)", [
        (kind, col, weight) for kind in kinds for col, name in enumerate(columns)
        if (weight := COVERAGE.get(kind, OTHER_COVERAGE).get(name, 0.0)) > 0])
    # A doc's weight for a term: its best column's; docs of no rule ('' or none) hold none.
    con.execute("INSERT INTO postings SELECT b.term, b.doc, d.rule, max(c.weight) FROM bm25 b "
                "JOIN temp.doc_info d ON d.doc = b.doc JOIN temp.coverage c ON c.kind = d.kind AND c.col = b.col "
                "WHERE d.rule != '' GROUP BY b.term, b.doc")
    con.execute("INSERT INTO terms SELECT b.term, count(DISTINCT b.doc) FROM bm25 b "
                "JOIN temp.doc_info d ON d.doc = b.doc WHERE d.kind != 'ask' GROUP BY b.term")
    con.execute("DROP TABLE temp.doc_info")
    con.execute("DROP TABLE temp.coverage")


def _phrases(con: sqlite3.Connection, rows: list[tuple]) -> None:
    """Fill phrases, grouped by first stem in the order each first stem is first met, so that
    the rowid order is the order the phrases were kept in when each open read them all: by first
    stem, then as made. And phrase_words: each stem of a name of two words or more (NAME_KINDS),
    with the name's rowid."""
    groups: dict[str, list[tuple]] = {}
    for row in rows:
        groups.setdefault(row[0].split()[0], []).append(row)
    ordered = [(first, *row) for first, group in groups.items() for row in group]
    con.executemany("INSERT INTO phrases(rowid, first, stems, kind, ref, rule, label, canon, reduced) "
                    "VALUES (?,?,?,?,?,?,?,?,?)", [(n, *row) for n, row in enumerate(ordered, start=1)])
    con.executemany("INSERT INTO phrase_words VALUES (?,?)", [
        (stem, n) for n, (_first, stems, kind, *_rest) in enumerate(ordered, start=1)
        if kind in NAME_KINDS and len(set(stems.split())) >= 2 for stem in set(stems.split())])


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


class _Builder(DataDocs):
    def __init__(self, game: Any):
        self.game = game
        self.numbers = dict(game.rule_numbers)
        # "§4.1 Rouse": a reference names its section; step numbers ("1. Refill the bag") dropped
        self.titles = {full: _strip_number(rule.title) for full, _, _, rule in game.walk_rules()}
        self.icons = {k: (v.label or humanize(k)) for k, v in game.icons.items()}
        self.tables = {table.id: table.title for table in game.tables}
        self.rules: list[tuple] = []
        self.docs: list[tuple] = []
        self.phrases: list[tuple[str, str, str, str | None, str, str]] = []  # text, kind, ref, rule, label, canon
        self.data: dict[str, Any] = {}
        self.rule_ids: set[str] = set()
        self.asks: list[list] = []  # [rule, content stems, intent] per question a section answers
        self._stems: dict[str, list[str]] = {}  # text -> content_stems(text)

    def text(self, value: str | None) -> str:
        return plain(value or "", self.numbers, self.icons, self.titles, self.tables)

    def words_of(self, value: str | None) -> str:
        """Text as indexed: references as bare numbers, so a section that points to "§4.1 Rouse"
        does not take Rouse's words for its own."""
        return plain(value or "", self.numbers, self.icons, tables=self.tables)

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
        boxed = self._components_rule(walked)
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
            aliases = list(rule.aliases)
            if full == boxed and not {a.lower() for a in aliases} & BOX_WORDS:
                aliases += sorted(BOX_WORDS)  # what a player calls it, whatever its title ("whats in the box")
            self.doc("rule", full, full, _strip_number(rule.title), "; ".join(aliases), body,
                     "; ".join(a for a in ancestors if a), text)
            self.phrase(_strip_number(rule.title), "rule-title", full, full)
            for alias in rule.aliases:
                # An alias names the section; it is not a synonym of the section's title (the
                # alias "opponent" of "Starting a fight" means neither "start" nor "fight").
                self.phrase(alias, "rule-alias", full, full)
            for asked in rule.asks:
                self.doc("ask", full, full, self.words_of(asked))
                said = rewrite(asked)  # read as a question is ("run out of health": zero health)
                self.asks.append([full, list(dict.fromkeys(self.content_stems(said))), intent(said)])
        self.components_rule: str | None = boxed
        self.setup_rule = setup_rule(walked)
        self.end_rule = end_rule(walked)
        self.turn_rule = turn_rule(walked)

        self._bold_terms(walked, {entry.term.lower() for entry in game.glossary})
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
        self.data["asks"] = self.asks
        self.data["components_rule"] = self.components_rule
        self.data["setup_rule"] = self.setup_rule
        self.data["end_rule"] = self.end_rule
        self.data["turn_rule"] = self.turn_rule
        self.data["player_noun"] = player_noun(" ".join(f"{rule.title}. {rule.text or ''}" for *_, rule in walked))

    def _bold_terms(self, walked, glossary: set[str]) -> None:
        """A game without a glossary sets its terms in bold where it first uses them ("(that's
        **Buzz**)"): each names the first section doing so, as a glossary term would."""
        seen = set(glossary) | {rule.title.lower() for *_, rule in walked}
        for full, _, _, rule in walked:
            for name in bold_names(rule.text or ""):
                if name.lower() not in seen:
                    seen.add(name.lower())
                    self.phrase(name, "bold-term", name, full)

    def content_stems(self, text: str) -> list[str]:
        """The text's stems, kept by text for the build: each card without a rule of its own
        looks at every section's title and text (DataDocs._card_rule). Read-only for callers."""
        found = self._stems.get(text)
        if found is None:
            tokens = [t for t in words(text) if t not in STOPWORDS]
            found = self._stems[text] = [canonical(t, s) for t, s in zip(tokens, stemmer().stems(tokens))]
        return found

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
    from generator.model.loader import load_game  # the only import of the loader in `referee ask`

    game = load_game(root)
    if target is not None:
        try:
            build_index(game, target, fingerprint)
            return None
        except OSError:
            pass
    return memory_index(game, fingerprint)
