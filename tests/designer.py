"""What the designer-game tests share: the `cards` command run as a designer runs it, and a copy of
a fixture game edited by one string and loaded to see the problems it reports."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import GameDataError
from generator.model.loader import load

CARDS = Path(sys.executable).parent / "cards"


def cards(*args) -> subprocess.CompletedProcess:
    return subprocess.run([str(CARDS), *map(str, args)], capture_output=True, text=True, timeout=300)


def problems_of(folder: Path) -> str:
    """The problems a game folder's load reports (it must report some)."""
    with pytest.raises(GameDataError) as caught:
        load(folder)
    return str(caught.value)


def edit(file: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in a copied game's file (which must hold it) by ``new``."""
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file.name}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
