"""Seeded mutation fuzzers (issue 15): damaged copies of the five games validate or give a
located message, and the starter game with values of the right kind but odd content builds or
gives a message, never a traceback. Apart from tests/test_hostile.py because they are the longest
tests of it: with `--dist loadfile` each file runs on one worker."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
import typer.main
import typer.testing
import yaml
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(autouse=True)
def one_command(monkeypatch):
    """Typer's CliRunner makes the Click command from the app again on every invoke (20 ms, a
    tenth of a case): the 240 cases share one, as the installed `cards` builds it once a run."""
    monkeypatch.setattr(typer.testing, "_get_command", functools.cache(typer.main.get_command), raising=False)


# --- a seeded mutation fuzzer over the five games' YAML -------------------------------------

_SCALARS = ["[poker]", "3", "-1", "1e308", "null", "{a: 1}", "''", "true", "'{{ x }}'", "[[1]]", "0",
            "99999999999999999999"]
_INSERTS = ["\x00", "\uffff", "\x1b", "&a", "*a", "!!python/object", "\t", ": ", "- ", "{", "["]


def _mutate(text: str, rng) -> str:
    """One small damage: a line deleted, doubled, swapped or re-indented, a value of another
    type, a hostile character, or the file cut short."""
    import re

    lines = text.split("\n")
    i = rng.randrange(len(lines))
    op = rng.randrange(7)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif op == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        match = re.match(r"^(\s*-?\s*[A-Za-z_][\w-]*:\s*)(\S.*)$", lines[i])
        if match:
            lines[i] = match.group(1) + rng.choice(_SCALARS)
    elif op == 4:
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(_INSERTS) + lines[i][at:]
    elif op == 5:
        return text[: rng.randrange(len(text) + 1)]
    else:
        lines[i] = " " * rng.randrange(8) + lines[i].lstrip()
    return "\n".join(lines)


FUZZ_CASES = 200


def test_mutated_games_validate_or_give_a_message_never_a_traceback(tmp_path):
    import random
    import re
    import shutil

    from generator.paths import CONTENT_DIR

    games = sorted(p for p in CONTENT_DIR.iterdir() if (p / "game.yaml").is_file())
    assert len(games) == 5
    rng = random.Random(15)
    failures = []
    for case in range(FUZZ_CASES):
        game = rng.choice(games)
        folder = tmp_path / str(case) / game.name
        shutil.copytree(game, folder)
        file = rng.choice(sorted(folder.rglob("*.yaml")))
        for _ in range(rng.randrange(1, 4)):
            file.write_text(_mutate(file.read_text(encoding="utf-8"), rng), encoding="utf-8")
        result = run("validate", folder)
        where = f"case {case}: {file.relative_to(tmp_path)}"
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            failures.append(f"{where}: {type(result.exception).__name__}: {result.exception}")
        elif result.exit_code not in (0, 2) or "Traceback" in result.output:
            failures.append(f"{where}: exit {result.exit_code}")
        elif result.exit_code == 2 and not re.search(r"\.(yaml|svg)(:\d+)?|cannot be built:\n\S", result.output):
            failures.append(f"{where}: a message with no place: {result.output[-200:]}")
        shutil.rmtree(tmp_path / str(case))
    assert not failures, "\n".join(failures)


BUILD_FUZZ_CASES = 40
_TEXTS = ["", " ", "**", ":star:", ":nosuch:", "[[nowhere]]", "x" * 400, "é—ß漢字🂡", "{{ card.name }}",
          "#zzz", "-1", "a\nb", "<b>x</b>"]
_NUMBERS = [0, -1, 0.001, 1e6, 3, 10_000, 0.5]


def _mutate_value(node, rng) -> None:
    """Replace one scalar deep in parsed YAML by another of its kind: data the schema may well
    accept, so the build's own checks (fit, art, imposition, templates) get exercised."""
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.85:
            node = child
            continue
        if isinstance(child, bool) or child is None:
            node[key] = rng.choice([True, False, None])
        elif isinstance(child, (int, float)):
            node[key] = rng.choice(_NUMBERS)
        elif isinstance(child, str):
            node[key] = rng.choice(_TEXTS) if rng.random() < 0.7 else child * rng.randrange(2, 20)
        elif isinstance(child, list) and child:
            node[key] = child * rng.randrange(2, 6)
        return


def test_mutated_starter_games_build_or_give_a_message_never_a_traceback(tmp_path):
    """The build's own checks (text that must fit, art, imposition) under fuzzing: values of the
    starter game replaced by others of their kind, the built-in poker layout copied in as the
    game's own so that layouts are mutated too."""
    import random
    import shutil

    from generator.paths import LAYOUTS_DIR

    rng = random.Random(1517)
    failures = []
    for case in range(BUILD_FUZZ_CASES):
        folder = tmp_path / str(case) / "my-game"
        shutil.copytree(Path(__file__).resolve().parents[1] / "generator" / "templates" / "new-game", folder)
        (folder / "layouts").mkdir()
        shutil.copy(LAYOUTS_DIR / "cards" / "poker.yaml", folder / "layouts" / "poker.yaml")
        file = rng.choice(sorted(folder.rglob("*.yaml")))
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        for _ in range(rng.randrange(1, 4)):
            _mutate_value(data, rng)
        file.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        result = run("build", folder, "--no-rulebook", "--format", "pdf", "--out", tmp_path / str(case) / "out")
        where = f"case {case}: {file.relative_to(tmp_path)}"
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            failures.append(f"{where}: {type(result.exception).__name__}: {result.exception}")
        elif result.exit_code not in (0, 2) or "Traceback" in result.output:
            failures.append(f"{where}: exit {result.exit_code}: {result.output[-300:]}")
        shutil.rmtree(tmp_path / str(case))
    assert not failures, "\n".join(failures)
