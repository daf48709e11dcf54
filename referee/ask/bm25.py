"""SQLite FTS5's bm25() ranking, worked out in Python from counts the index keeps.

`SELECT rowid, bm25(docs, ...) FROM docs WHERE docs MATCH '"a" OR "b"' ORDER BY 2 LIMIT n` was a
fifth of a warm ask: FTS5 reads each phrase's whole doclist for its IDF and each matched doc's
size at every query. The same figures, read once per term (table bm25) and per doc (doc_sizes),
give the same doubles by the same operations in the same order (fts5_aux.c, fts5Bm25Function):

    idf(p)   = log((rows - hits(p) + 0.5) / (hits(p) + 0.5)), 1e-6 if not above 0
    freq(p)  = the weights of the columns of p's instances in the doc, added in column order
    score    = -(sum over phrases, in query order, of
                 idf(p) * (freq(p) * (K1 + 1)) / (freq(p) + K1 * (1 - B + B * size / avgdl)))

avgdl is every doc's tokens over the rows. A phrase absent from a doc adds exactly 0.0, so each
doc's sum can skip them. Rows are ranked as SQLite's sorter does: by score, ties in rowid order.
A query is ranked so only when each term is one plain ASCII token (a phrase of one token, stemmed
as the stemmer stems it); else by FTS5 itself, as is an index's first query (store.GameIndex.
ranked_docs: a one-question process reads no counts). tests/test_ask_bm25.py holds both to the same
rows.
"""
from __future__ import annotations

import math
import sqlite3

K1 = 1.2  # FTS5's own constants
B = 0.75


def write_counts(con: sqlite3.Connection, vocab: str) -> None:
    """Fill bm25 (term, doc, column number, instances) and doc_sizes (each doc's tokens) from
    `vocab`, an fts5vocab instance table of docs; meta's fts_rows and fts_tokens are the rest."""
    columns = [name for _cid, name, *_ in con.execute("PRAGMA table_info(docs)")]
    number = " ".join(f"WHEN '{name}' THEN {i}" for i, name in enumerate(columns))
    for statement in (  # one by one: executescript would commit the build half-way
            "CREATE TABLE bm25(term TEXT, doc INTEGER, col INTEGER, n INTEGER, PRIMARY KEY(term, doc, col)) WITHOUT ROWID",
            "CREATE TABLE doc_sizes(doc INTEGER PRIMARY KEY, size INTEGER)",
            f"INSERT INTO bm25 SELECT term, doc, CASE col {number} END, count(*) FROM {vocab} GROUP BY term, doc, col",
            "INSERT INTO doc_sizes SELECT doc, sum(n) FROM bm25 GROUP BY doc",
            "INSERT INTO meta SELECT 'fts_rows', count(*) FROM docs",
            "INSERT INTO meta SELECT 'fts_tokens', coalesce(sum(size), 0) FROM doc_sizes"):
        con.execute(statement)


def plain(tokens: list[str]) -> bool:
    """Each token is one token to FTS5's unicode61 tokenizer whatever its options (ASCII letters
    and digits), so a quoted one is a phrase of one term: its stem."""
    return all(t.isascii() and t.isalnum() for t in tokens)


class Ranker:
    """One index's bm25 figures, read as needed and kept: the terms' contributions per doc."""

    def __init__(self, con: sqlite3.Connection, rows: int, tokens: int):
        self.con = con
        self.rows = rows
        self.tokens = tokens
        self._norm: dict[int, float] | None = None  # doc -> K1 * (1 - B + B * size / avgdl), read at first use
        self._weights: tuple[float, ...] | None = None
        self._terms: dict[str, list[tuple[int, float]]] = {}  # term -> (doc, its share of the score)

    def ranked(self, stems: list[str], weights: tuple[float, ...], limit: int) -> list[tuple[int, float]]:
        """(rowid, bm25 score) of the best `limit` docs holding any of the phrases (one stem
        each, in the query's order), best (lowest) first."""
        if weights != self._weights:
            self._weights, self._terms = weights, {}
        missing = [s for s in dict.fromkeys(stems) if s not in self._terms]
        if missing:
            self._read(missing, weights)
        terms = self._terms
        # the first phrase's shares as they are (0.0 + a share is the share: shares are > 0)
        score: dict[int, float] = dict(terms[stems[0]]) if stems else {}
        get = score.get
        for stem in stems[1:]:
            for doc, share in terms[stem]:
                score[doc] = get(doc, 0.0) + share
        docs = sorted(score)  # rowid order, as FTS5 yields them; then best first, ties kept in that order
        docs.sort(key=score.__getitem__, reverse=True)  # (reverse keeps equal keys in order)
        return [(doc, -1.0 * score[doc]) for doc in docs[:limit]]

    def _read(self, terms: list[str], weights: tuple[float, ...]) -> None:
        freqs: dict[str, dict[int, float]] = {t: {} for t in terms}
        marks = ",".join("?" * len(terms))
        for term, doc, col, n in self.con.execute(
                f"SELECT term, doc, col, n FROM bm25 WHERE term IN ({marks}) ORDER BY term, doc, col", terms):
            docs = freqs[term]
            freq = docs.get(doc, 0.0)
            w = weights[col] if col < len(weights) else 1.0
            for _ in range(n):  # one addition an instance, as FTS5 counts them
                freq += w
            docs[doc] = freq
        norm = self._norm
        if norm is None:
            avgdl = float(self.tokens) / float(self.rows) if self.rows else 1.0
            norm = self._norm = {doc: K1 * (1 - B + B * float(size) / avgdl)
                                 for doc, size in self.con.execute("SELECT doc, size FROM doc_sizes")}
        for term, docs in freqs.items():
            idf = math.log((self.rows - len(docs) + 0.5) / (len(docs) + 0.5))
            if idf <= 0.0:
                idf = 1e-6
            self._terms[term] = [(doc, idf * ((f * (K1 + 1.0)) / (f + norm[doc]))) for doc, f in docs.items()]

