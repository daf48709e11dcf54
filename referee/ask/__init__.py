"""`referee ask`: rule questions answered from a game's own rules, with citations.

    from referee.ask import ask
    answer = ask("does water-axe beat fire-shield?", game="runes-and-bones")
    answer.answer, answer.confidence, answer.citations[0].number   # "Yes. Water Axe ...", 0.95, "5.1"

Modules: text (words, markup), stem (FTS5's own stemmer), cache (where indexes live, when they
are stale), index (building one from the loader's Game), store (opening one), search (phrases,
coverage, BM25), compute (answers from tables, counts and values), games (per-game logic),
engine (ask), render (text output), command (the Typer command: register(app)).

Importing this package is free: nothing below is imported until it is used.
"""
from __future__ import annotations


def ask(question: str, game: str | None = None, k: int = 3):
    """See referee.ask.engine.ask."""
    from .engine import ask as _ask

    return _ask(question, game=game, k=k)
