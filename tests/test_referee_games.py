"""What every game's rules engine owes the table, checked alike for all of them.

- Situations (tests/situations/<game>.yaml): at least 40 positions written from the rulebook in
  our own words, at least 20 legal and 20 refused, each with its verdict and the rule it turns on;
  every one is judged here, and every rule it names exists.
- Every rule an engine cites (in Illegal, Event or Outcome) exists in the game's rules, so a
  renamed section fails here by name instead of printing a citation to nowhere.
- Every example of the notation (`referee help GAME`) names a real verb of the engine.

Each game's own test file holds the rest: its transcripts, round trips, playouts and rulings.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from generator.model.loader import load_game
from referee.games import ENGINES, engine_for
from referee.table.gamedata import GameData, snapshot
from tests.situations.runner import check_situation, judge, load_situations

GAMES = sorted(ENGINES)
ROOT = Path(__file__).resolve().parents[1]
CITING = {"Illegal": 1, "Event": 1, "Outcome": 3}  # call name -> position of its rule argument


@pytest.fixture(scope="module")
def engines() -> dict:
    return {game: engine_for(game)(GameData(snapshot(load_game(game)))) for game in GAMES}


SITUATIONS = [(game, s) for game in GAMES for s in load_situations(game)]


@pytest.mark.parametrize("game", GAMES)
def test_situations_are_many_and_balanced(game):
    verdicts = [s["verdict"] for g, s in SITUATIONS if g == game]
    assert len(verdicts) >= 40
    assert verdicts.count("legal") >= 20 and len(verdicts) - verdicts.count("legal") >= 20


@pytest.mark.parametrize("game,situation", SITUATIONS, ids=[f"{g}: {s['name']}" for g, s in SITUATIONS])
def test_situation(engines, game, situation):
    assert not situation.get("rule") or engines[game].data.has_rule(situation["rule"]), \
        f"{situation['name']}: no rule '{situation['rule']}' in {game}"
    check_situation(engines[game], situation)
    if situation["verdict"] == "legal" and situation.get("rule"):  # the rule it turns on is cited
        verdict, rule, text = judge(engines[game], situation)
        assert rule == situation["rule"], f"{situation['name']}: no event cites {situation['rule']}: {text}"


def cited_rules(package: Path, sections: set[str]) -> set[str]:
    """Rule ids an engine's source names: string constants where it raises Illegal or reports an
    Event or an Outcome (positional or rule=...), and every dotted constant that starts with one
    of the rulebook's top-level sections (ids kept in tables and constants)."""
    cited: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    re.fullmatch(r"[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+", node.value) and \
                    node.value.split(".")[0] in sections:
                cited.add(node.value)
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in CITING:
                continue
            args = [a for a in node.args[CITING[name]:CITING[name] + 1]]
            args += [k.value for k in node.keywords if k.arg == "rule"]
            cited |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value}
    return cited


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_rule_exists(engines, game):
    module = ENGINES[game].partition(":")[0]
    package = ROOT.joinpath(*module.split("."))
    package = package if package.is_dir() else package.with_suffix(".py").parent
    sections = {rule.split(".")[0] for rule in engines[game].data.raw["rules"]}
    cited = cited_rules(package, sections)
    assert cited, "the measurement works: an engine cites rules"
    missing = sorted(rule for rule in cited if not engines[game].data.has_rule(rule))
    assert not missing, f"{game} cites rules its rulebook does not have: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_notation_is_taught(engines, game):
    engine = engines[game]
    assert len(engine.examples) >= 5
    assert all(example.strip() and meaning.strip() for example, meaning in engine.examples)
