"""Stems exactly as the index makes them, by asking SQLite's own FTS5 porter tokenizer.

A tiny in-memory FTS5 table is fed the words and its ``instance`` vocabulary gives back, for
each word position, the term stored. So the question, the aliases and the index always agree,
with no second stemmer to drift out of step. The table keeps no content (``content=''``) and is
emptied with FTS5's 'delete-all': deleting a row of a table with content tokenizes that row
again, and each call cost 2.5x as much (a cold ask calls it some 40 times, 8 of its ms).
"""
from __future__ import annotations

import sqlite3
import threading

TOKENIZE = "porter unicode61 remove_diacritics 2"


class Stemmer:
    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(f"CREATE VIRTUAL TABLE words USING fts5(w, content='', tokenize='{TOKENIZE}')")
        self._db.execute("CREATE VIRTUAL TABLE terms USING fts5vocab(words, instance)")
        self._known: dict[str, str] = {}
        self._lock = threading.Lock()

    def stems(self, tokens: list[str]) -> list[str]:
        """One stem per token; tokens must come from text.words (one index token each)."""
        missing = sorted({t for t in tokens if t not in self._known})
        if missing:
            with self._lock:
                found = self._terms(" ".join(missing))
                if len(found) == len(missing):
                    self._known.update(zip(missing, found))
                else:  # a token that is several to the tokenizer ("there's") would shift every later stem:
                    for t in missing:  # each alone, its first term ("everyone's": "everyon")
                        one = self._terms(t)
                        self._known[t] = one[0] if one else t
        return [self._known.get(t, t) for t in tokens]

    def _terms(self, text: str) -> list[str]:
        """The terms the index's tokenizer makes of `text`, in order."""
        self._db.execute("INSERT INTO words(words) VALUES ('delete-all')")
        self._db.execute("INSERT INTO words(rowid, w) VALUES (1, ?)", (text,))
        return [term for term, _offset in sorted(self._db.execute("SELECT term, offset FROM terms"), key=lambda r: r[1])]

    def knows(self, token: str) -> bool:
        return token in self._known

    def stem(self, token: str) -> str:
        return self.stems([token])[0]


_STEMMER: Stemmer | None = None


def stemmer() -> Stemmer:
    global _STEMMER
    if _STEMMER is None:
        _STEMMER = Stemmer()
    return _STEMMER
