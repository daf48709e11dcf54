"""Runs situation files: a position reached by moves (and an optional patch), one move, and the
verdict the rulebook gives (legal, illegal, unreadable, ambiguous) with the rule it turns on.

Shared by every game's referee tests; the data files sit beside this module as <game>.yaml.
"""
from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any

import yaml

from referee.table.engine import Ambiguous, Engine, Illegal, Unreadable
from referee.table.play import attempt, move_rng, setup_rng

HERE = Path(__file__).resolve().parent
VERDICTS = {"legal", "illegal", "unreadable", "ambiguous"}


# libyaml's loader when PyYAML has it: the situation files are read at collection, by every worker
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_situations(game_id: str) -> list[dict[str, Any]]:
    return copy.deepcopy(_situations(game_id))  # each test file may change its own copy


@functools.cache
def _situations(game_id: str) -> list[dict[str, Any]]:
    situations = yaml.load((HERE / f"{game_id}.yaml").read_text(encoding="utf-8"), Loader=_LOADER)
    if isinstance(situations, dict):
        situations = situations["situations"]
    for s in situations:
        assert s["verdict"] in VERDICTS, f"{s['name']}: verdict must be one of {sorted(VERDICTS)}"
    return situations


def deep_merge(base: Any, patch: Any) -> Any:
    if isinstance(base, dict) and isinstance(patch, dict):
        merged = dict(base)
        for key, value in patch.items():
            merged[key] = deep_merge(base.get(key), value) if key in base else copy.deepcopy(value)
        return merged
    return copy.deepcopy(patch)


def position(engine: Engine, situation: dict[str, Any]) -> dict[str, Any]:
    seed = situation.get("seed", 1)
    state = engine.setup(list(situation["players"]), dict(situation.get("options") or {}),
                         bool(situation.get("digital", False)), setup_rng(seed))
    for ply, said in enumerate(situation.get("before") or []):
        state = attempt(engine, state, said, move_rng(seed, ply)).state
    if situation.get("patch"):
        state = deep_merge(state, situation["patch"])
    return state


def judge(engine: Engine, situation: dict[str, Any]) -> tuple[str, str | None, str]:
    """(verdict, rule id or None, every message and event text joined) for the situation's move."""
    state = position(engine, situation)
    seed = situation.get("seed", 1)
    try:
        accepted = attempt(engine, state, situation["move"], move_rng(seed, len(situation.get("before") or [])))
    except Illegal as exc:
        return "illegal", exc.rule, str(exc)
    except Ambiguous as exc:
        return "ambiguous", None, f"{exc} {' | '.join(exc.readings)}"
    except Unreadable as exc:
        return "unreadable", None, f"{exc} {exc.hint}"
    rules = {e.rule for e in accepted.events if e.rule}
    text = " ".join(e.text for e in accepted.events)
    return "legal", (situation.get("rule") if situation.get("rule") in rules else None), text


def check_situation(engine: Engine, situation: dict[str, Any]) -> None:
    verdict, rule, text = judge(engine, situation)
    name = situation["name"]
    assert verdict == situation["verdict"], f"{name}: expected {situation['verdict']}, got {verdict}: {text}"
    if verdict == "illegal":
        assert rule == situation["rule"], f"{name}: decided by {rule}, expected {situation['rule']}: {text}"
    if situation.get("says"):
        assert situation["says"].lower() in text.lower(), f"{name}: '{situation['says']}' not in: {text}"
