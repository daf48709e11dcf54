"""Following a game at the table: sessions that live across `referee` commands.

- engine.py    the one interface every game's rules engine implements, and its verdicts
- gamedata.py  the plain snapshot of a game's data that engines read (no pydantic at the table)
- notation.py  shared helpers for reading moves as people say them
- store.py     the SQLite session store: set-up, append-only move log, snapshots
- play.py      parse -> check -> resolve -> apply, for `move`, `check` and playouts
- commands.py  what the session commands print (text or JSON)

Games live in referee/games/, one module (or package) per game, registered by game id.
"""
