"""`referee ask`: rule questions answered from a game's own rules, with citations.

    from referee.ask import ask
    answer = ask("does water-axe beat fire-shield?", game="runes-and-bones")
    answer.answer, answer.confidence, answer.citations[0].number   # "Yes. Water Axe ...", 0.95, "5.1"

Modules: text (words, markup), stem (FTS5's own stemmer), cache (where indexes live, when they
are stale), index and index_data (building one from the loader's Game), store (opening one),
intent (what a question asks for, everyday paraphrases), query (a question as words; slang.py
read in the game's words; typos), phrases (names found in a question), search (coverage, BM25,
phrases), answers (answers worked out from cycles, tables, records, counts and values, with one
table of confidences), games (per-game logic), calibrate (how sure to be), engine (ask),
which_game (which of several games a question is asked of), render (text output), run and
command (the command line: register(app)).

Importing this package is free: nothing below is imported until it is used.
"""
from __future__ import annotations


def ask(question: str, game: str | None = None, k: int = 3):
    """See referee.ask.engine.ask."""
    from .engine import ask as _ask

    return _ask(question, game=game, k=k)
