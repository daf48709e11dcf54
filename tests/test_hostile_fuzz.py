"""Seeded mutation fuzzers (issue 15): damaged copies of the five games validate or give a
located message, and the starter game with values of the right kind but odd content builds or
gives a message, never a traceback. Apart from tests/test_hostile.py because they are the longest
tests of it: with `--dist loadfile` each file runs on one worker.

Each fuzzer draws its cases from a fixed seed, and runs the few of them (22 of 200 damaged
games, 12 of 40 starter games) that between them reach every line of generator/ that all the
draws reach: each case costs a whole validation or build, and the others only repeat paths these
take. The cases not run are drawn all the same, so each kept case is the damage it always was.
A change to the games, the starter or the code they run changes what the draws reach: measure
the kept cases again with `python tests/test_hostile_fuzz.py` (a line tracer over every draw)."""
from __future__ import annotations

import functools
from collections.abc import Iterator
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
# Of seed 15's 200 damaged games, those that reach every line the 200 reach (3,266; round 8)
FUZZ_KEPT = (0, 6, 7, 11, 16, 17, 23, 27, 36, 38, 43, 48, 61, 78, 81, 83, 95, 149, 153, 172, 183, 192)


def _damaged_games() -> Iterator[tuple[Path, Path, str]]:
    """Seed 15's damaged games in order: (the game's folder in content/, the YAML file damaged,
    relative to it, and that file's damaged text)."""
    import random

    from generator.paths import CONTENT_DIR

    games = sorted(p for p in CONTENT_DIR.iterdir() if (p / "game.yaml").is_file())
    assert len(games) == 5
    rng = random.Random(15)
    for _case in range(FUZZ_CASES):
        game = rng.choice(games)
        name = rng.choice(sorted(p.relative_to(game) for p in game.rglob("*.yaml")))
        text = (game / name).read_text(encoding="utf-8")
        for _ in range(rng.randrange(1, 4)):
            text = _mutate(text, rng)
        yield game, name, text


def _validate_damaged(case: int, game: Path, name: Path, text: str, tmp_path: Path):
    import shutil

    folder = tmp_path / str(case) / game.name
    shutil.copytree(game, folder)
    (folder / name).write_text(text, encoding="utf-8")
    return run("validate", folder)


def test_mutated_games_validate_or_give_a_message_never_a_traceback(tmp_path):
    import re
    import shutil

    failures = []
    for case, (game, name, text) in enumerate(_damaged_games()):
        if case not in FUZZ_KEPT:
            continue
        result = _validate_damaged(case, game, name, text, tmp_path)
        where = f"case {case}: {game.name}/{name}"
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            failures.append(f"{where}: {type(result.exception).__name__}: {result.exception}")
        elif result.exit_code not in (0, 2) or "Traceback" in result.output:
            failures.append(f"{where}: exit {result.exit_code}")
        elif result.exit_code == 2 and not re.search(r"\.(yaml|svg)(:\d+)?|cannot be built:\n\S", result.output):
            failures.append(f"{where}: a message with no place: {result.output[-200:]}")
        shutil.rmtree(tmp_path / str(case))
    assert not failures, "\n".join(failures)


BUILD_FUZZ_CASES = 40
# Of seed 1517's 40 starter games, those that reach every line the 40 reach (2,658; round 8)
BUILD_FUZZ_KEPT = (0, 2, 5, 6, 8, 15, 17, 20, 21, 23, 24, 28)
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


def _starter_files() -> dict[Path, Path]:
    """The starter game's YAML files with the built-in poker layout as its own: name -> source."""
    from generator.new_game import TEMPLATE
    from generator.paths import LAYOUTS_DIR

    files = {p.relative_to(TEMPLATE): p for p in TEMPLATE.rglob("*.yaml")}
    assert not any(name.parts[0] == "layouts" for name in files)
    return {**files, Path("layouts", "poker.yaml"): LAYOUTS_DIR / "cards" / "poker.yaml"}


def _mutated_starters() -> Iterator[tuple[Path, str]]:
    """Seed 1517's mutated starter games in order: (the YAML file changed, its new text)."""
    import random

    files = _starter_files()
    rng = random.Random(1517)
    for _case in range(BUILD_FUZZ_CASES):
        name = rng.choice(sorted(files))
        data = yaml.safe_load(files[name].read_text(encoding="utf-8"))
        for _ in range(rng.randrange(1, 4)):
            _mutate_value(data, rng)
        yield name, yaml.safe_dump(data, allow_unicode=True)


def _build_mutated(case: int, name: Path, text: str, tmp_path: Path):
    import shutil

    from generator.new_game import TEMPLATE

    folder = tmp_path / str(case) / "my-game"
    shutil.copytree(TEMPLATE, folder)
    (folder / "layouts").mkdir()
    (folder / name).write_text(text, encoding="utf-8")
    if name != Path("layouts", "poker.yaml"):
        shutil.copy(_starter_files()[Path("layouts", "poker.yaml")], folder / "layouts" / "poker.yaml")
    return run("build", folder, "--no-rulebook", "--format", "pdf", "--out", tmp_path / str(case) / "out")


def test_mutated_starter_games_build_or_give_a_message_never_a_traceback(tmp_path):
    """The build's own checks (text that must fit, art, imposition) under fuzzing: values of the
    starter game replaced by others of their kind, the built-in poker layout copied in as the
    game's own so that layouts are mutated too."""
    import shutil

    failures = []
    for case, (name, text) in enumerate(_mutated_starters()):
        if case not in BUILD_FUZZ_KEPT:
            continue
        result = _build_mutated(case, name, text, tmp_path)
        where = f"case {case}: my-game/{name}"
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            failures.append(f"{where}: {type(result.exception).__name__}: {result.exception}")
        elif result.exit_code not in (0, 2) or "Traceback" in result.output:
            failures.append(f"{where}: exit {result.exit_code}: {result.output[-300:]}")
        shutil.rmtree(tmp_path / str(case))
    assert not failures, "\n".join(failures)


# --- measuring the kept cases again ---------------------------------------------------------------

def _lines_reached(call) -> set[tuple[str, int]]:
    """The lines of generator/ that ``call()`` runs."""
    import sys

    package = str(Path(__file__).resolve().parents[1] / "generator")
    reached: set[tuple[str, int]] = set()

    def line(frame, event, _arg):
        if event == "line":
            reached.add((frame.f_code.co_filename, frame.f_lineno))
        return line

    def call_event(frame, _event, _arg):
        if frame.f_code.co_filename.startswith(package):
            reached.add((frame.f_code.co_filename, frame.f_lineno))
            return line
        return None

    sys.settrace(call_event)
    try:
        call()
    finally:
        sys.settrace(None)
    return reached


def _covering(reached: list[set]) -> list[int]:
    """Few cases that between them reach every line any case reaches (greedy: most new lines first)."""
    left, kept = set().union(*reached), []
    while left:
        best = max(range(len(reached)), key=lambda case: len(left & reached[case]))
        kept.append(best)
        left -= reached[best]
    return sorted(kept)


def main() -> None:
    import shutil
    import tempfile

    from generator.new_game import TEMPLATE
    from generator.paths import CONTENT_DIR

    typer.testing._get_command = functools.cache(typer.main.get_command)  # as the tests run: one Click command
    with tempfile.TemporaryDirectory() as temp:
        tmp = Path(temp)
        for game in sorted(p for p in CONTENT_DIR.iterdir() if (p / "game.yaml").is_file()):
            run("validate", game)  # imports and first use outside what is measured
        shutil.copytree(TEMPLATE, tmp / "first" / "my-game")
        run("build", tmp / "first" / "my-game", "--no-rulebook", "--format", "pdf", "--out", tmp / "first" / "out")
        damaged = [_lines_reached(lambda c=case, d=draw: _validate_damaged(c, *d, tmp))
                   for case, draw in enumerate(_damaged_games())]
        print(f"FUZZ_KEPT = {tuple(_covering(damaged))}  # of {len(set().union(*damaged))} lines")
        starters = [_lines_reached(lambda c=case, d=draw: _build_mutated(c, *d, tmp))
                    for case, draw in enumerate(_mutated_starters())]
        print(f"BUILD_FUZZ_KEPT = {tuple(_covering(starters))}  # of {len(set().union(*starters))} lines")


if __name__ == "__main__":
    main()
