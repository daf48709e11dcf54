"""The game data a rules engine reads, as plain JSON values.

`referee new` loads and validates the game through the loader (pydantic), then keeps this
snapshot in the session: later commands read it back from SQLite without importing pydantic or
YAML, which keeps `referee move` close to bare Python's start-up, and a session keeps the data it
started with even if the folder is edited mid-game (the CLI says when it was).
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

SNAPSHOT_VERSION = 1


def snapshot(game: Any) -> dict[str, Any]:
    """Everything engines may read, from a loaded ``generator.model.Game``."""
    dump = game.model_dump(mode="json", exclude={"root", "icons", "notes", "credits", "licence",
                                                  "faq", "glossary"})
    rules = {full: {"number": number, "title": rule.heading} for full, number, _, rule in game.walk_rules()}
    dump.pop("rule_numbers", None)
    dump["rules"] = rules
    dump["snapshot_version"] = SNAPSHOT_VERSION
    return dump


def fingerprint(root: Path) -> str:
    """A hash of the game folder's files (paths and contents, hidden folders skipped), so a
    session can tell whether the data changed since it began; contents, not times, so a fresh
    checkout of the same data does not count as a change."""
    from generator.filestats import file_stats  # stdlib only

    digest = hashlib.sha256()
    for rel, _size, _mtime in file_stats(root):
        try:
            content = (root / rel).read_bytes()
        except OSError:
            continue
        digest.update(rel.encode() + b"\0" + hashlib.sha256(content).digest())
    return digest.hexdigest()


class GameData:
    """Read access to a snapshot. Lookups raise KeyError naming what is missing, so a game whose
    data lacks what its engine needs is refused at `referee new`, when the engine sets up."""

    def __init__(self, raw: dict[str, Any]):
        self.raw = raw
        self.id: str = raw["id"]
        self.title: str = raw["title"]
        self.players: dict[str, int] = raw["players"]
        self._tables = {t["id"]: t for t in raw.get("tables", ())}
        self._decks = {d["id"]: d for d in raw.get("decks", ())}
        self._dice = {d["id"]: d for d in raw.get("dice", ())}

    # -- numbers and tables ---------------------------------------------------------------------
    def value(self, value_id: str) -> Any:
        try:
            return self.raw["values"][value_id]["value"]
        except KeyError:
            raise KeyError(f"game '{self.id}' has no value '{value_id}' in its data") from None

    def table(self, table_id: str) -> dict[str, Any]:
        try:
            return self._tables[table_id]
        except KeyError:
            raise KeyError(f"game '{self.id}' has no table '{table_id}' in its data") from None

    def chart(self, table_id: str) -> dict[Any, Any]:
        """A two-column chart as {first column: second column}."""
        return {row[0]: row[1] for row in self.table(table_id)["rows"]}

    def records(self, table_id: str, key: str = "id") -> dict[Any, dict[str, Any]]:
        """A records table as {row[key]: row}."""
        return {row[key]: row for row in self.table(table_id)["rows"]}

    def deck(self, deck_id: str) -> dict[str, Any]:
        try:
            return self._decks[deck_id]
        except KeyError:
            raise KeyError(f"game '{self.id}' has no deck '{deck_id}' in its data") from None

    def die(self, die_id: str) -> dict[str, Any]:
        try:
            return self._dice[die_id]
        except KeyError:
            raise KeyError(f"game '{self.id}' has no die '{die_id}' in its data") from None

    def pieces(self, kind: str) -> dict[str, dict[str, Any]]:
        """Boards, tokens, tiles or sheets by id (their own fields included)."""
        return {p["id"]: p for p in self.raw.get(kind, ())}

    # -- rules ------------------------------------------------------------------------------------
    def cite(self, rule_id: str | None) -> str:
        """How the rulebook prints a rule: '§4.5.2 Pass (round.turns.pass)'."""
        if not rule_id:
            return ""
        rule = self.raw["rules"].get(rule_id)
        if rule is None:
            return f"({rule_id})"
        return f"§{rule['number']} {rule['title']} ({rule_id})"

    def rule_number(self, rule_id: str) -> str | None:
        rule = self.raw["rules"].get(rule_id)
        return rule["number"] if rule else None

    def has_rule(self, rule_id: str) -> bool:
        return rule_id in self.raw["rules"]
