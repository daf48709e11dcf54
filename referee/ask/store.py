"""Open a game's index, building or rebuilding it when the game folder has changed.

An opened index is kept for the life of the process (keyed by folder); every open re-checks the
fingerprint (stat only), so a long-running session still notices edits: first by asking inotify
whether anything the last walk saw has changed, or stat'ing it again (cache.Stamp, watch.py), and
only when that differs, or could not vouch, by walking.
"""
from __future__ import annotations

import json
import sqlite3
from collections import namedtuple
from pathlib import Path

from .bm25 import Ranker, plain
from .cache import GameFolder, Stamp, checksum_of, fingerprint_and_stamp, index_path, sum_path
from .stem import stemmer


class GameDataProblem(Exception):
    """The game's data does not load; str() is the loader's full report (exit 2)."""


RuleInfo = namedtuple("RuleInfo", "id number title text parent depth order optional aliases")

# A name players may say: its stems (little words dropped), what it names (kind, ref), the rule it
# points to, how it is written, the glossary term it is an alias of (canon), and whether dropping
# little words left a single word of several (reduced).
Phrase = namedtuple("Phrase", "stems kind ref rule label canon reduced", defaults=(False,))
PHRASE_COLUMNS = "rowid, first, stems, kind, ref, rule, label, canon, reduced"
# Names of sections and glossary terms: those of two words or more are also found by any of their
# words, in any order (phrases.match_phrases; the index's phrase_words).
NAME_KINDS = ("rule-title", "rule-alias", "term", "term-alias")
# Phrases are looked up by stem (a query each time a question holds stems not met before) until
# this many look-ups of an index; then all are read at once: a process asking one question reads
# a few, one asking many (a session, the test suite) queries no more.
PHRASE_LOOKUPS = 12
# The share of its sections a game's `asks:` lists must cover before they, not its titles and
# text, lead the ranking (GameIndex.lists_questions): the seed games' cover all.
LISTED_SHARE = 0.8


class GameIndex:
    """One game's opened index: rules in memory, the rest read when needed. A question holds a
    few of a game's hundreds of names: the phrases are read by the stems asked for (reading
    every one at each open was a fifth of a one-question process's first ask)."""

    def __init__(self, folder: GameFolder, con: sqlite3.Connection, fingerprint: str, id: str, title: str,
                 docs: int, rules: dict[str, RuleInfo], fts_rows: int = 0, fts_tokens: int = 0):
        self.folder = folder
        self.con = con
        self.fingerprint = fingerprint
        self.id = id
        self.title = title
        self.docs = docs
        self.rules = rules
        self.built = False  # True when this process (re)built the index
        self.stamp: Stamp | None = None  # the walk that gave `fingerprint`, to re-check cheaply
        self._data: dict[str, object] = {}
        self._json: dict[str, str] | None = None  # the data's JSON by key, until decoded
        self._df: dict[str, int] = {}
        self._postings: dict[str, dict[int, tuple[str, float]]] = {}
        self._doc_rows: dict[int, tuple] = {}  # rowid -> (kind, key, rule, title, answer), once read
        self.fts_rows, self.fts_tokens = fts_rows, fts_tokens  # the docs, and their tokens (bm25.py)
        self._ranker: Ranker | None = None
        self._parents: frozenset[str] | None = None
        self._opening: str | None = None
        self._lists_questions: bool | None = None
        self._rule_stems: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        self._phrases: dict[str, list[Phrase]] = {}  # first stem -> its phrases, once read
        self._names: dict[str, list[Phrase]] = {}  # stem -> the names of 2+ words holding it
        self._phrase_rows: dict[int, Phrase] = {}  # rowid -> its one Phrase (hits compare them by identity)
        self._phrase_lookups = 0  # look-ups by stem so far; past PHRASE_LOOKUPS, every phrase is read

    def data(self, key: str):
        """The data the index keeps under `key` (decks, tables, values ...), None if none. The
        first call reads every key's JSON in one query (a question looks up some ten keys of
        each game, a query each), each decoded when first asked for."""
        if key not in self._data:
            if self._json is None:
                self._json = dict(self.con.execute("SELECT key, json FROM data"))
            self._data[key] = json.loads(self._json.pop(key)) if key in self._json else None
        return self._data[key]

    def cards(self) -> dict[str, dict]:
        """Every card of the index's data by "deck/card", each with its deck's name ("deck")."""
        if "cards" not in self._data:
            self._data["cards"] = {f"{d['id']}/{c['id']}": {**c, "deck": d["name"]}
                                   for d in self.data("decks") or [] for c in d["cards"]}
        return self._data["cards"]  # type: ignore[return-value]

    def df(self, terms: list[str]) -> dict[str, int]:
        """How many docs hold each term (0 for terms the game never uses)."""
        kept = self._df
        try:  # a process asking many questions has most terms' counts already
            return {t: kept[t] for t in terms}
        except KeyError:
            pass
        missing = [t for t in set(terms) if t not in kept]
        if missing:
            marks = ",".join("?" * len(missing))
            found = dict(self.con.execute(f"SELECT term, df FROM terms WHERE term IN ({marks})", missing))
            for term in missing:
                self._df[term] = found.get(term, 0)
        return {t: self._df[t] for t in terms}

    def phrases_at(self, stems) -> dict[str, list[Phrase]]:
        """The phrases whose first stem is each of `stems`, in the index's order (by first stem,
        then as made). Kept once read; read-only for callers."""
        missing = [s for s in dict.fromkeys(stems) if s not in self._phrases]
        if missing and self._every_phrase_read():
            for s in missing:
                self._phrases.setdefault(s, [])
        elif missing:
            found: dict[str, list[Phrase]] = {s: [] for s in missing}
            marks = ",".join("?" * len(missing))
            for row in self.con.execute(
                    f"SELECT {PHRASE_COLUMNS} FROM phrases WHERE first IN ({marks}) ORDER BY rowid", missing):
                found[row[1]].append(self._phrase(row))
            self._phrases.update(found)
        return {s: self._phrases[s] for s in stems}

    def starts_phrase(self, stem: str) -> bool:
        """Some name of the game begins with this stem."""
        return bool(self.phrases_at((stem,))[stem])

    def names_with(self, stems) -> dict[str, list[Phrase]]:
        """For each of `stems`, the names (NAME_KINDS) of two words or more holding it, in the
        index's order. Kept once read; read-only for callers."""
        missing = [s for s in dict.fromkeys(stems) if s not in self._names]
        if missing and self._every_phrase_read():
            for s in missing:
                self._names.setdefault(s, [])
        elif missing:
            marks = ",".join("?" * len(missing))
            pairs = self.con.execute(f"SELECT stem, phrase FROM phrase_words WHERE stem IN ({marks}) "
                                     "ORDER BY stem, phrase", missing).fetchall()
            unread = sorted({n for _, n in pairs if n not in self._phrase_rows})
            if unread:
                marks = ",".join("?" * len(unread))
                for row in self.con.execute(f"SELECT {PHRASE_COLUMNS} FROM phrases WHERE rowid IN ({marks})", unread):
                    self._phrase(row)
            found: dict[str, list[Phrase]] = {s: [] for s in missing}
            for stem, n in pairs:
                found[stem].append(self._phrase_rows[n])
            self._names.update(found)
        return {s: self._names[s] for s in stems}

    def _every_phrase_read(self) -> bool:
        """Whether every phrase is in memory, reading them all (two queries) at the look-up after
        PHRASE_LOOKUPS; in the same order as read by stem, and as the same Phrase objects."""
        self._phrase_lookups += 1
        if self._phrase_lookups <= PHRASE_LOOKUPS:
            return False
        if self._phrase_lookups == PHRASE_LOOKUPS + 1:
            firsts: dict[str, list[Phrase]] = {}
            for row in self.con.execute(f"SELECT {PHRASE_COLUMNS} FROM phrases ORDER BY rowid"):
                firsts.setdefault(row[1], []).append(self._phrase(row))
            names: dict[str, list[Phrase]] = {}
            for stem, n in self.con.execute("SELECT stem, phrase FROM phrase_words ORDER BY stem, phrase"):
                names.setdefault(stem, []).append(self._phrase_rows[n])
            self._phrases.update(firsts)
            self._names.update(names)
        return True

    def _phrase(self, row: tuple) -> Phrase:
        """The one Phrase of a row of phrases (PHRASE_COLUMNS), made the first time it is read."""
        phrase = self._phrase_rows.get(row[0])
        if phrase is None:
            _rowid, _first, stems, kind, ref, rule, label, canon, reduced = row
            phrase = self._phrase_rows[row[0]] = Phrase(tuple(stems.split()), kind, ref, rule, label, canon,
                                                        bool(reduced))
        return phrase

    def postings(self, terms: list[str]) -> dict[str, dict[int, tuple[str, float]]]:
        """For each term, the docs that hold it: doc -> (its rule, how strongly). Kept once read,
        like df: a process asking many questions reads each term once. Read-only for callers."""
        kept = self._postings
        try:  # as df
            return {t: kept[t] for t in terms}
        except KeyError:
            pass
        missing = sorted({t for t in terms if t not in kept})  # not set - keys(): that walks every key kept
        if missing:
            found: dict[str, dict[int, tuple[str, float]]] = {t: {} for t in missing}
            marks = ",".join("?" * len(missing))
            for term, doc, rule, weight in self.con.execute(
                    f"SELECT term, doc, rule, weight FROM postings WHERE term IN ({marks})", missing):
                found[term][doc] = (rule, weight)
            self._postings.update(found)
        return {t: self._postings[t] for t in terms}

    def ranked_docs(self, terms: list[str], weights: tuple[float, ...], limit: int) -> list[tuple]:
        """The docs matching any of `terms` (each a phrase of FTS5), best first by bm25 with these
        column weights: (kind, key, rule, title, answer, score) of each. An index's first query is
        FTS5's, reading the docs' columns with it (a one-question process reads no counts); later
        ones are ranked in Python from the index's counts (bm25.py) when each term is one token,
        the columns of a doc not met yet read by rowid: the same rows in the same order."""
        rows = self._doc_rows
        if self._ranker is not None and plain(terms):
            found = self._ranker.ranked(stemmer().stems(terms), weights, limit)
        else:
            match = " OR ".join(f'"{t}"' for t in terms)
            ranked = f"bm25(docs, {', '.join(map(str, weights))}) AS score FROM docs WHERE docs MATCH ? ORDER BY score"
            if self._ranker is None:
                self._ranker = Ranker(self.con, self.fts_rows, self.fts_tokens)  # reads nothing yet
                found = self.con.execute(f"SELECT rowid, kind, key, rule, title, answer, {ranked} LIMIT {limit}",
                                         (match,)).fetchall()
                for row in found:
                    rows[row[0]] = row[1:6]
                return [row[1:] for row in found]
            found = self.con.execute(f"SELECT rowid, {ranked} LIMIT {limit}", (match,)).fetchall()
        unread = [rowid for rowid, _score in found if rowid not in rows]
        if unread:
            marks = ",".join("?" * len(unread))
            for rowid, *row in self.con.execute(
                    f"SELECT rowid, kind, key, rule, title, answer FROM docs WHERE rowid IN ({marks})", unread):
                rows[rowid] = tuple(row)
        return [rows[rowid] + (score,) for rowid, score in found]

    def lists_questions(self) -> bool:
        """Nearly every section lists the questions it answers (Rule.asks), as the seed games' do:
        then those find a question's section, and the steps made for games without them stand
        aside. A game listing them for a few sections is read as one without: its listed sections
        would otherwise draw every question near their lists (half a designer's game's own blind
        questions written into `asks:` lost 271 of the other half's 7,830 answers)."""
        if self._lists_questions is None:
            listed = {asked[0] for asked in self.data("asks") or []}
            self._lists_questions = bool(self.rules) and len(listed) >= LISTED_SHARE * len(self.rules)
        return self._lists_questions

    def has_children(self, rule_id: str) -> bool:
        """The section has sub-sections (it lists steps, kinds ...)."""
        if self._parents is None:
            self._parents = frozenset(r.parent for r in self.rules.values() if r.parent)
        return rule_id in self._parents

    def opening(self) -> str:
        """The first top section, which tells the whole game ("The idea", "What's going on"); ""
        for a game without rules."""
        if self._opening is None:
            tops = [r for r in self.rules.values() if not r.parent]
            self._opening = min(tops, key=lambda r: r.order).id if tops else ""
        return self._opening

    def rule_stems(self, rule_ids: list[str], stems_of) -> list[tuple[frozenset[str], frozenset[str]]]:
        """For each section, the stems of its title (little words left out) and of its title and
        own text (`stems_of` makes them), kept once made. Those not made yet are stemmed in one
        call: each call of the stemmer costs ~0.1 ms however few its words, and a token's stem is
        its own whatever is stemmed with it."""
        new = [r for r in dict.fromkeys(rule_ids) if r not in self._rule_stems]
        if new:
            from .text import STOPWORDS, words

            said = {r: words(f"{self.rules[r].title} {self.rules[r].text or ''}") for r in new}
            stems_of([t for tokens in said.values() for t in tokens])
            for r in new:
                title = [t for t in words(self.rules[r].title) if t not in STOPWORDS]
                self._rule_stems[r] = (frozenset(stems_of(title)), frozenset(stems_of(said[r])))
        return [self._rule_stems[r] for r in rule_ids]

    def under(self, rule_id: str, names: frozenset[str]) -> bool:
        """The section, or one of its parents, is a top section called one of `names`."""
        info = self.rules.get(rule_id)
        while info is not None and info.parent:
            info = self.rules.get(info.parent)
        return info is not None and (info.id in names or info.title.lower() in names)

    def in_setup(self, rule_id: str) -> bool:
        """The section is, or is under, the game's set-up section (titled so, or the first top
        section of numbered steps: roles.setup_rule)."""
        info = self.rules.get(rule_id)
        while info is not None and info.parent:
            info = self.rules.get(info.parent)
        return info is not None and info.id == self.data("setup_rule")

    def rule_title(self, rule_id: str) -> str:
        info = self.rules.get(rule_id)
        return info.title if info else rule_id


_OPEN: dict[Path, GameIndex] = {}


def open_index(folder: GameFolder) -> GameIndex:
    cached = _OPEN.get(folder.root)
    if cached is not None and cached.stamp is not None and cached.stamp.holds():
        return cached  # nothing the last walk saw has changed (stat only, no listing)
    fp, stamp = fingerprint_and_stamp(folder.root, stamp=cached is not None)  # none for a one-question process
    if cached is not None and cached.fingerprint == fp:
        cached.stamp = stamp
        return cached
    path = index_path(folder)
    con = _connect_if_current(path, fp)
    built = False
    if con is None:
        con = _build(folder, path, fp)
        built = True
    index = _read(folder, con, fp)
    index.built = built
    index.stamp = stamp
    if cached is not None:
        cached.con.close()
    _OPEN[folder.root] = index
    return index


def _connect_if_current(path: Path, fp: str) -> sqlite3.Connection | None:
    """The index at `path`, opened read-only, if it is the file that was written (its checksum)
    and of this fingerprint."""
    if not path.is_file() or not _as_written(path):
        return None
    con = None
    try:
        con = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=False)
        row = con.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
    except sqlite3.Error:  # unreadable or not an index: build it again
        row = None
    if row and row[0] == fp:
        return con
    if con is not None:
        con.close()
    return None


def _as_written(path: Path) -> bool:
    """Whether the index file still has the length and CRC-32 recorded beside it when it was
    built (cache.sum_path). SQLite keeps no checksum of its pages: a byte flipped in a page, or
    a file cut short, can read as valid rows and give another answer without any error."""
    try:
        return sum_path(path).read_text(encoding="ascii").strip() == checksum_of(path.read_bytes())
    except (OSError, UnicodeDecodeError):
        return False


def _build(folder: GameFolder, path: Path, fp: str) -> sqlite3.Connection:
    from generator.errors import GameDataError

    from .index import load_and_build

    try:
        memory = load_and_build(folder.root, path, fp)
    except GameDataError as exc:
        raise GameDataProblem(str(exc)) from None
    if memory is not None:
        return memory
    con = _connect_if_current(path, fp)
    if con is None:  # written, but unreadable: fall back to an index in memory
        con = load_and_build(folder.root, None, fp)
        assert con is not None  # with no target to write, load_and_build returns the index in memory
    return con


def _read(folder: GameFolder, con: sqlite3.Connection, fp: str) -> GameIndex:
    meta = dict(con.execute("SELECT key, value FROM meta"))
    rules = {}
    for rid, number, title, text, parent, depth, order, optional, aliases in con.execute(
            "SELECT id, number, title, text, parent, depth, ord, optional, aliases FROM rules ORDER BY ord"):
        rules[rid] = RuleInfo(rid, number, title, text, parent, depth, order, bool(optional),
                              tuple(json.loads(aliases)))
    return GameIndex(folder=folder, con=con, fingerprint=fp, id=meta.get("id", folder.key),
                     title=meta.get("title", folder.key), docs=int(meta.get("docs", "1") or 1),
                     rules=rules, fts_rows=int(meta.get("fts_rows", 0)), fts_tokens=int(meta.get("fts_tokens", 0)))


def forget() -> None:
    """Close every open index (tests)."""
    for index in _OPEN.values():
        index.con.close()
    _OPEN.clear()
