"""What the designer-game tests share: the `cards` command run as a designer runs it, and a copy of
a fixture game edited by one string and loaded to see the problems it reports."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from generator.errors import GameDataError
from generator.model.loader import load
from tests import warm


def cards(*args) -> subprocess.CompletedProcess:
    """`cards ARGS` as a designer runs it, started warm (tests/warm.py)."""
    return warm.cards(*args, timeout=300)


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
