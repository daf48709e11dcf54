"""referee.ask.bm25: the docs a search ranks, and their scores, are FTS5's own bm25() to the bit.

Each query is run both ways on a real index: the index's ranked_docs (the counts it keeps,
worked out in Python) and FTS5's bm25() in SQLite, as the search asked before.
"""
from __future__ import annotations

import random

import pytest

from referee.ask.cache import resolve_game
from referee.ask.search import BM25_WEIGHTS, FTS_LIMIT
from referee.ask.store import open_index
from referee.ask.text import words


@pytest.fixture(scope="module", autouse=True)
def ask_cache(module_ask_cache):
    return module_ask_cache


def by_fts5(index, terms: list[str], limit: int = FTS_LIMIT) -> list[tuple]:
    match = " OR ".join(f'"{t}"' for t in terms)
    weights = ", ".join(str(w) for w in BM25_WEIGHTS)
    return index.con.execute(
        f"SELECT kind, key, rule, title, answer, bm25(docs, {weights}) AS score FROM docs "
        f"WHERE docs MATCH ? ORDER BY score LIMIT {limit}", (match,)).fetchall()


def vocabulary(index) -> list[str]:
    said = [w for rule in index.rules.values() for w in words(f"{rule.title} {rule.text or ''}")]
    said += [w for (title,) in index.con.execute("SELECT title FROM docs") for w in words(title or "")]
    return sorted(set(said))


@pytest.mark.parametrize("game", ["bone-strike", "ribbon-of-bone"])
def test_ranked_docs_are_fts5s_bm25(game):
    index = open_index(resolve_game(game))
    said = vocabulary(index)
    rng = random.Random(7)
    queries = [[w] for w in said]  # every word alone
    queries += [rng.sample(said, rng.randint(2, 7)) for _ in range(200)]  # and together
    queries += [[w, w + "s", "zzyzx"] for w in said[:50]]  # one stem twice; a word no doc has
    for terms in queries:
        terms = list(dict.fromkeys(terms))
        assert index.ranked_docs(terms, BM25_WEIGHTS, FTS_LIMIT) == by_fts5(index, terms), terms
    assert index.ranked_docs(["the", "a"], BM25_WEIGHTS, 3) == by_fts5(index, ["the", "a"], 3)  # cut at the limit


def test_a_word_not_plain_ascii_is_ranked_by_fts5():
    index = open_index(resolve_game("bone-strike"))
    terms = ["épée", "attack", "naïve"]
    assert index.ranked_docs(terms, BM25_WEIGHTS, FTS_LIMIT) == by_fts5(index, terms)
