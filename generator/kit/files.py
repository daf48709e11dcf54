"""What a build wrote: one ``WrittenFile`` per file, and kit.json listing them (written and read here)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..atomic import atomic_path
from .jsonstream import write_json


@dataclass(slots=True)  # one per file of the kit: 10,000 for a deck of as many cards' SVG faces
class WrittenFile:
    path: str  # relative to output/<game>/
    components: list[str]
    kind: str
    pages: int
    paper: str | None
    layout: str
    sheets: list[str] = field(default_factory=list)  # what each sheet of a ganged file holds

    def as_json(self) -> dict:
        entry = {"path": self.path, "components": self.components, "kind": self.kind,
                 "pages": self.pages, "paper": self.paper, "layout": self.layout}
        return {**entry, "sheets": self.sheets} if self.sheets else entry


def write_kit_json(out_dir: Path, game_id: str, files: list[WrittenFile]) -> None:
    """kit.json lists this build's files and keeps earlier entries whose files still exist. Each
    entry is made as it is written (kit/jsonstream.py): the list is never held whole as dicts."""
    path = out_dir / "kit.json"
    entries: dict[str, dict | WrittenFile] = {written.path: written for written in files}
    earlier: dict[str, dict] = {}

    def keep_earlier(entry: dict) -> dict | None:
        """Each entry as it is read: one this build lists again is let go of at once."""
        name = entry.get("path")
        if not isinstance(name, str):
            return entry  # the file's own object, not an entry
        if name not in entries and (out_dir / name).exists():
            earlier[name] = entry
        return None

    if path.exists():
        try:
            with open(path, encoding="utf-8") as handle:
                json.load(handle, object_hook=keep_earlier)
        except (ValueError, OSError):
            earlier = {}
    entries.update(earlier)
    listed = (entries[name] for name in sorted(entries))
    data = {"game": game_id, "files": (e.as_json() if isinstance(e, WrittenFile) else e for e in listed)}
    with atomic_path(path) as temp, open(temp, "w", encoding="utf-8") as handle:
        write_json(handle, data, indent=2)
        handle.write("\n")


def pdfs_by_component(out_root: Path, game_id: str) -> dict[str, set[str]]:
    """Component or piece id -> the PDF files of the last build that hold it, from kit.json
    (empty when there is no readable one: nothing built yet)."""
    files: dict[str, set[str]] = {}
    try:
        entries = json.loads((out_root / game_id / "kit.json").read_text(encoding="utf-8")).get("files", [])
    except (OSError, ValueError, AttributeError):
        return files
    for entry in entries:
        if isinstance(entry, dict) and str(entry.get("path", "")).endswith(".pdf"):
            for component in entry.get("components") or []:
                files.setdefault(str(component), set()).add(entry["path"])
    return files
