"""`referee roll` / `referee odds` on the command line: exit codes, messages, --seed, --json,
and the cold start (no heavy library imported by `referee roll 3d6`)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.dice import Limits
from tests import warm
from tests.warm import TyperApp

FIXTURE = str(Path(__file__).parent / "fixtures" / "dicegame")
REPO = Path(__file__).resolve().parents[1]
HEAVY = ("reportlab", "weasyprint", "icepool", "pydantic", "yaml", "jinja2")


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def referee(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args], cwd=REPO, capture_output=True, text=True)


def test_roll_prints_dice_and_total():
    result = run("roll", "4d6kh3", "--seed", "7")
    assert result.exit_code == 0
    assert result.stdout == "4d6kh3 (3, 2 dropped, 4, 6) = 13\n"


def test_without_seed_one_is_drawn_and_printed_and_replays():
    first = run("roll", "10d6")
    assert first.exit_code == 0
    seed = first.stdout.splitlines()[-1].removeprefix("seed ")
    assert seed.isdigit() and int(seed) < 2**63
    again = run("roll", "10d6", "--seed", seed)
    assert again.stdout.splitlines()[0] == first.stdout.splitlines()[0]


def test_seed_reproduces_across_processes():
    a = referee("roll", "6x 4d6kh3", "--seed", "99", "--json")
    b = referee("roll", "6x 4d6kh3", "--seed", "99", "--json")
    assert a.returncode == b.returncode == 0 and a.stdout == b.stdout
    assert json.loads(a.stdout)["seed"] == 99
    c = referee("roll", "6x 4d6kh3", "--seed", "100", "--json")
    assert c.stdout != a.stdout


def test_expression_words_are_joined():
    result = run("roll", "--game", FIXTURE, "4", "white", "1", "d4", "--seed", "1")
    assert result.exit_code == 2 and "can't combine" in result.stderr
    result = run("roll", "--game", FIXTURE, "4", "white", "--seed", "1")
    assert result.exit_code == 0 and result.stdout.startswith("4 white (")


def test_json_roll():
    data = json.loads(run("roll", "2d20kh1 + 3", "--seed", "5", "--json").stdout)
    assert set(data) == {"expression", "dice", "total", "seed"}
    assert data["expression"] == "2d20kh1 + 3" and data["seed"] == 5
    assert sum(d["value"] for d in data["dice"] if d["kept"]) + 3 == data["total"]
    data = json.loads(run("roll", "--game", FIXTURE, "3 time 2 white", "--seed", "5", "--json").stdout)
    assert {"successes", "successes_by_color", "symbols", "checks"} <= set(data)


def test_custom_faces_with_just_a_count():
    result = run("roll", "--faces", "1,2,3,gold,star,thief", "2", "--seed", "4")
    assert result.exit_code == 0 and result.stdout.startswith("2 custom (")
    assert run("roll", "--faces", "gold,star", "--seed", "4").stdout.startswith("1 custom (")


@pytest.mark.parametrize("args, message", [
    (["roll", "3d6+"], "referee: column 4: expected a number or a die after '+'\n  3d6+\n     ^\n"),
    (["roll", "--game", FIXTURE, "2 whte"], "did you mean 'white'?"),
    (["roll", "--game", "no-such-game", "3d6"], "no game 'no-such-game'"),
    (["roll", "--faces", "1,,2", "2"], "face 2 is empty"),
    (["odds", "1d6/(1d6-1)"], "division by zero is possible"),
    (["roll", "--seed", "abc", "3d6"], "Invalid value for '--seed'"),
])
def test_bad_input_exits_2_with_a_message_and_no_traceback(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_limits_fail_instantly_with_one_line():
    result = run("roll", "1000000000d6")
    assert result.exit_code == 2
    assert result.stderr == "referee: column 1: too many dice: 1,000,000,000 dice here, the limit is 1,000 per roll\n"
    process = referee("roll", "1000000000d6")
    assert process.returncode == 2 and len(process.stderr.splitlines()) == 1 and not process.stdout


def test_odds_text_and_json():
    result = run("odds", "2d6")
    assert result.exit_code == 0
    assert "total: mean 7.00, sd 2.42" in result.stdout and "6/36" in result.stdout
    data = json.loads(run("odds", "2d6", "--json").stdout)
    assert {"expression", "outcomes", "mean", "sd"} <= set(data)
    assert data["outcomes"][5] == {"value": 7, "probability": "1/6", "percent": pytest.approx(16.666667),
                                   "at_least": "7/12", "at_least_percent": pytest.approx(58.333333)}
    assert "explosion_depth" in json.loads(run("odds", "2d6!", "--json").stdout)
    faces = json.loads(run("odds", "--game", FIXTURE, "gamble", "--json").stdout)
    assert [o["value"] for o in faces["outcomes"]] == ["+5", "+10", "x2", "lose"]


def test_help_has_examples_and_the_real_limits():
    for command in ("roll", "odds"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Examples:" in result.stdout and f"referee {command} " in result.stdout
    limits = Limits()
    assert (f"Limits: {limits.max_dice:,} dice per roll, {limits.max_sides:,} sides, {limits.max_explosions} "
            f"explosions per die, {limits.max_repeat} repeats.") in " ".join(run("roll", "--help").stdout.split())


def test_python_dash_m_referee():
    process = referee("roll", "3d6", "--seed", "1")
    assert process.returncode == 0 and process.stdout.startswith("3d6 (")


@pytest.fixture(scope="module")
def roll_imports() -> set[str]:
    """The modules `referee roll 3d6` imports, as `python -X importtime` lists them: one process
    for the two tests below."""
    process = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", "roll", "3d6"],
                             cwd=REPO, capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    return {line.split("|")[-1].strip() for line in process.stderr.splitlines() if line.startswith("import time:")}


def test_cold_start_imports_nothing_heavy(roll_imports):
    imported = roll_imports
    assert "referee.dice.evaluate" in imported  # the measurement works
    heavy = sorted(m for m in imported if m.split(".")[0] in HEAVY)
    assert not heavy, f"`referee roll 3d6` imported {heavy}"


@pytest.fixture(scope="module")
def typer_app() -> TyperApp:
    """The Typer app as the console script runs it, imported once for the worker (tests/warm.py)."""
    return warm.typer_app("referee")


@pytest.mark.parametrize("args", [
    ("roll", "4d6kh3", "--seed", "7"), ("roll", "--game", "runeblade", "4", "white", "2", "red", "--seed", "4"),
    ("roll", "--faces", "1,2,gold", "2", "--seed=3", "--json"), ("odds", "3d6"), ("roll", "3d6+"),
    ("odds", "-g", "rattlebones", "gamble", "--json"), ("roll", "d7", "--game", "nope"),
])
def test_fast_path_answers_as_the_typer_app(typer_app, args):
    """Plain roll and odds skip Typer (start-up); both paths must print and exit alike. The fast
    path through the console script's entry started warm (tests/warm.py: `python -m referee` runs
    the same main(), test_python_dash_m_referee starts it for real; start-up is roll_imports')."""
    fast = warm.referee(*args, cwd=REPO)
    assert (fast.returncode, fast.stdout, fast.stderr) == typer_app.run(dict(os.environ), *args)


def test_roll_starts_without_typer(roll_imports):
    assert "referee.dice.evaluate" in roll_imports and "typer" not in roll_imports
