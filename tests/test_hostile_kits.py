"""Atomic, reproducible kits (issue 15): two builds are byte-identical, and a build killed or
failing at any moment leaves the previous kit exactly as it was. Apart from tests/test_hostile.py
because these build whole kits, rulebooks included, again and again: with `--dist loadfile` each
file runs on one worker, and the two halves balance the workers."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


# --- atomic kits -------------------------------------------------------------------------

def _kit(folder: Path) -> dict[str, str]:
    """Every file of a kit (temporaries left aside) by its path, with the hash of its bytes."""
    import hashlib

    return {str(f.relative_to(folder)): hashlib.sha256(f.read_bytes()).hexdigest()
            for f in sorted(folder.rglob("*")) if f.is_file() and not f.name.endswith(".tmp")}


def _strays(folder: Path) -> list[Path]:
    return [f for f in folder.rglob("*") if f.name.endswith(".tmp") or f.name == ".kit-commit.json"]


# " SVG file": "-> 1 SVG file" as the second build redraws only the faces the edit changed
KILL_AT = ("-> actions-a4.pdf", " SVG file", "rulebook (a5) -> rulebook.pdf", "quick reference",
           "rulebook booklet")


@pytest.fixture(scope="module")
def first_kit(starter_pair) -> tuple[Path, Path]:
    """(the starter game's folder, the output folder of its whole kit, rulebooks included, built
    with --jobs 2: the rulebooks in worker processes): the first build each test below starts
    from, the run's shared one (conftest's starter_pair, which built a game that fails beside it).
    Read it, never change it: the tests that build again copy both first (``kit_copy``)."""
    assert starter_pair.built == ["my-game"]
    return starter_pair.game, starter_pair.out


def kit_copy(first_kit: tuple[Path, Path], where: Path) -> tuple[Path, Path]:
    """A copy of the first kit's game and output folders (bytes and times kept) to build on."""
    game, out = first_kit
    shutil.copytree(game, where / "designer" / "my-game")
    shutil.copytree(out, where / "out")
    return where / "designer" / "my-game", where / "out"


def test_two_builds_of_a_kit_are_byte_identical_rulebooks_included(tmp_path, first_kit):
    """Reproducible output (no dates or random ids in the PDFs), so a kit can be checked by hash;
    the same bytes whether the rulebooks were built in worker processes (the first kit, --jobs 2)
    or in the build's own process (--jobs 1)."""
    import hashlib

    def hashes(out: Path) -> dict[str, str]:
        return {str(f.relative_to(out)): hashlib.sha256(f.read_bytes()).hexdigest()
                for f in sorted(out.rglob("*")) if f.is_file() and f.name != ".kit-state.json"}

    game, first_out = first_kit
    assert run("build", game, "--out", tmp_path / "two", "--jobs", "1").exit_code == 0
    first, second = hashes(first_out), hashes(tmp_path / "two")
    assert any(name.endswith("rulebook.pdf") for name in first) and any("booklet" in name for name in first)
    assert first == second


def test_a_build_killed_at_any_moment_leaves_the_previous_kit_exactly_as_it_was(tmp_path, first_kit):
    """Each build is a real process killed with SIGKILL as it says it reached a moment: a child of
    the tests' warm `cards` (tests/warm.py), which spares each the interpreter's start and imports
    (the rulebook's too); what the kill leaves on disk is the same however the process began."""
    import os
    import signal

    from tests import warm

    starter_game, out = kit_copy(first_kit, tmp_path)
    kit_dir = out / "my-game"
    before = _kit(kit_dir)
    assert {"PRINTING.md", "kit.json", "rulebook.pdf", "actions-a4.pdf"} <= set(before)
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Gain", "Earn"))  # the next build differs everywhere
    for marker in KILL_AT:
        # the server imports the rulebook's modules once, not each of the three builds killed in a rulebook
        process = warm.start_cards("build", starter_game, "--out", out, "--jobs", "1", imports=warm.RULEBOOK)
        seen = []
        for line in process.stderr:
            seen.append(line)
            if marker in line:
                os.kill(process.pid, signal.SIGKILL)
                break
        process.wait(timeout=60)
        process.stderr.close()
        assert process.returncode == -signal.SIGKILL, (marker, "".join(seen))
        assert _kit(kit_dir) == before, f"killed at '{marker}': the previous kit changed"
    (kit_dir / ".actions-a4.pdf.12345678.tmp").write_bytes(b"half a pdf")  # a stray of the old naming
    result = run("build", starter_game, "--out", out, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert _strays(kit_dir) == []
    after = _kit(kit_dir)
    assert set(after) == set(before) and after["actions-a4.pdf"] != before["actions-a4.pdf"]
    assert "rulebook.pdf" in (kit_dir / "PRINTING.md").read_text()
    assert "rulebook.pdf" in (kit_dir / "kit.json").read_text()


def _descendants(pid: int) -> set[int]:
    """The processes below ``pid``, read from /proc: its children, theirs, and so on."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_bytes().rsplit(b")", 1)[1].split()
        except OSError:  # ended while we read
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def test_a_killed_build_leaves_no_rulebook_worker_running(tmp_path, first_kit):
    """The rulebooks' worker processes, and the forkserver they come from, end when a build is
    killed with SIGKILL. Before, the workers waited for a next task for ever (round 19)."""
    import os
    import signal
    import time

    from generator.rulebook.workers import alive
    from tests import warm

    if not Path("/proc/self/stat").exists():
        pytest.skip("no /proc here to find the workers")
    game, _out = kit_copy(first_kit, tmp_path)
    shutil.copytree(game, game.parent / "other-game")
    process = warm.start_cards("build", game, game.parent / "other-game", "--out", tmp_path / "out2", "--jobs", "2",
                               "--only", "rulebook", imports=warm.RULEBOOK)
    below: set[int] = set()
    for line in process.stderr:
        if "rulebooks: 2 games in 2 processes" in line:  # its two workers are running
            below = _descendants(process.pid)
            os.kill(process.pid, signal.SIGKILL)
            break
    process.wait(timeout=60)
    process.stderr.close()
    assert process.returncode == -signal.SIGKILL
    assert len(below) >= 3, below  # the forkserver and two workers at least
    for _ in range(600):  # each worker looks for its build twice a second; a minute at most
        if not any(alive(pid) for pid in below):
            break
        time.sleep(0.1)
    assert not [pid for pid in below if alive(pid)]


def test_a_build_that_finds_the_kit_up_to_date_still_removes_a_killed_builds_temporaries(tmp_path, first_kit):
    """A build killed with SIGKILL leaves its temporaries; the next build removes them, also when
    it finds the kit up to date and rewrites nothing (round 18: they stayed)."""
    starter_game, out = kit_copy(first_kit, tmp_path)
    kit_dir = out / "my-game"
    before = _kit(kit_dir)
    (kit_dir / ".actions-a4.pdf.2725-185a35.tmp").write_bytes(b"half a pdf")
    (kit_dir / "svg").mkdir(exist_ok=True)
    (kit_dir / "svg" / ".face.svg.2725-185a35.tmp").write_bytes(b"<svg")
    result = run("build", starter_game, "--out", out, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output, result.output
    assert _strays(kit_dir) == []
    assert _kit(kit_dir) == before


def test_a_build_failing_after_its_decks_are_written_leaves_the_previous_kit_exactly_as_it_was(
        tmp_path, first_kit, monkeypatch):
    import generator.rulebook
    from generator.errors import BuildError
    from generator.kit.build import build_kits
    from generator.model.loader import load
    from generator.options import BuildOptions

    starter_game, out = kit_copy(first_kit, tmp_path)
    options = BuildOptions(out_dir=out, jobs=1)
    kit_dir = out / "my-game"
    before = _kit(kit_dir)
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Gain", "Earn"))

    def broken_quickref(*args, **kwargs):  # decks, SVGs and rulebook.pdf are written by now
        raise BuildError("my-game: the quick reference failed")

    monkeypatch.setattr(generator.rulebook, "build_quickref", broken_quickref)
    results, problems = build_kits([load(starter_game)], options)
    assert results == [] and "the quick reference failed" in "\n".join(problems)
    assert _kit(kit_dir) == before
    assert _strays(kit_dir) == []
