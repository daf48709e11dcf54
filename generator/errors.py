"""Problems found in game data, reported all at once and never as a traceback."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input, located as precisely as the input allows."""

    message: str
    file: Path | None = None
    line: int | None = None  # 1-based
    column: int | None = None  # 1-based
    path: str = ""  # field path, e.g. decks[0].cards[3].cost
    hint: str | None = None  # how to fix it, or a "did you mean"

    def location(self, root: Path | None = None) -> str:
        if self.file is None:
            return "<game>"
        name = str(self.file)
        if root is not None:
            try:
                name = str(self.file.relative_to(root.parent))
            except ValueError:
                pass
        if self.line is not None:
            name += f":{self.line}"
            if self.column is not None:
                name += f":{self.column}"
        return name

    def format(self, root: Path | None = None) -> str:
        text = f"{self.location(root)}: "
        if self.path:
            text += f"{self.path}: "
        text += self.message
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text


@dataclass
class GameDataError(Exception):
    """Raised with every problem found; str() is the full report a user sees."""

    problems: list[Problem] = field(default_factory=list)
    root: Path | None = None

    def __str__(self) -> str:
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in game data"
        if self.root is not None:
            head += f" ({self.root})"
        return head + ":\n" + "\n".join("  " + p.format(self.root) for p in self.problems)


class BuildError(Exception):
    """A build could not finish (text that does not fit, an unwritable folder ...).

    ``field`` is the key path inside the piece being drawn ("text", "score_track", "spaces") when
    the error is about one: the build places it at that key's line in the game's YAML."""

    def __init__(self, message: str, field: tuple = ()):
        super().__init__(message)
        self.field = field
