"""referee/dice/record.py: the dice package's frozen records behave as the frozen dataclasses they
replace, and `referee roll` / `referee odds` start without dataclasses, typing or icepool."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.dice.limits import Limits
from referee.dice.nodes import Compare, Modifiers, NamedDie
from referee.dice.record import FrozenError, field, fields, record, replace

REPO = Path(__file__).resolve().parents[1]


@record
class Point:
    x: int
    y: int = 0
    tag: str = field(default="", compare=False)
    seen: tuple = field(default_factory=tuple)


def test_construction_defaults_and_repr():
    assert Point(1) == Point(x=1, y=0) and Point(1, 2).y == 2
    assert repr(Point(1, 2, "a")) == "Point(x=1, y=2, tag='a', seen=())"
    with pytest.raises(TypeError):
        Point()  # x has no default


def test_frozen_equality_hash_and_replace():
    p = Point(1, 2, "a")
    with pytest.raises(FrozenError):
        p.x = 3  # type: ignore[misc]
    assert p == Point(1, 2, "b") and hash(p) == hash(Point(1, 2, "b"))  # tag is not compared
    assert p != Point(1, 3) and p != (1, 2)
    moved = replace(p, y=5)
    assert (moved.x, moved.y, moved.tag) == (1, 5, "a") and p.y == 2
    assert [f.name for f in fields(Point)] == ["x", "y", "tag", "seen"]


def test_the_dice_records():
    assert Modifiers() == Modifiers() and not Modifiers().any and Modifiers(reroll=Compare("=", 1)).any
    assert NamedDie("white", col=3) == NamedDie("white", col=9)  # where it is written is not compared
    assert {Compare(">=", 4), Compare(">=", 4)} == {Compare(">=", 4)}
    assert [f.name for f in fields(Limits)][:2] == ["max_length", "max_dice"]
    assert Limits().max_dice == 1000 and replace(Limits(), max_dice=5).max_dice == 5


@pytest.mark.parametrize("args", [("roll", "3d6"), ("odds", "4d6kh3")])
def test_dice_commands_start_without_dataclasses_typing_or_icepool(args):
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", *args], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "referee.dice.evaluate" in imported or "referee.odds" in imported  # the measurement works
    assert not imported & {"dataclasses", "typing", "inspect", "icepool", "typer"}, sorted(imported)
