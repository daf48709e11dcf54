"""Every `$ cards ...` and `$ referee ...` example in the README runs and prints what it shows.

`cards` examples are compared line by line (paths and timings differ per machine); `referee`
examples use fixed seeds and are compared exactly. An example whose output starts with
"referee:" is an error and must exit 2; "No good match" is a negative verdict and exits 1.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from tests import warm

README = Path(__file__).resolve().parents[1] / "README.md"


def examples(command: str) -> list[tuple[str, list[str]]]:
    """(command line, expected output lines) for each `$ <command>` in the README's console blocks."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        current = None
        for line in block.splitlines():
            if line.startswith("$ "):
                current = (line[2:], [])
                if line[2:].split()[0] == command:
                    found.append(current)
            elif current is not None:
                current[1].append(line)
    return found


def command(args: list[str], **how) -> subprocess.CompletedProcess:  # noqa: ANN003
    """A README command line as its console script answers it, started warm (tests/warm.py: what
    the line prints and its exit code are the point here; start-up is tests/test_launch*.py's)."""
    assert args[0] in ("cards", "referee"), args
    return getattr(warm, args[0])(*args[1:], **how)


def comparable(line: str) -> bool:
    # Paths differ per machine and timings per run; everything else must match.
    return bool(line.strip()) and "/" not in line and "done in" not in line


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("readme")
    # The validate example shows a copy of the starter game with one misspelt field.
    assert warm.cards("new", "moon-raiders-typo", cwd=work).returncode == 0
    cards = work / "moon-raiders-typo" / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 2", "cots: 2"))
    return work


CARDS_EXAMPLES = examples("cards")


def test_readme_has_cards_examples():
    assert len(CARDS_EXAMPLES) >= 5


@pytest.mark.parametrize("line,expected", CARDS_EXAMPLES, ids=[c for c, _ in CARDS_EXAMPLES])
def test_cards_example(workdir, line, expected):
    args = shlex.split(line)
    result = command(args, cwd=workdir)
    output = result.stdout + result.stderr
    assert result.returncode == (2 if args[1] == "validate" and "typo" in line else 0), output
    for want in filter(comparable, expected):
        assert want.rstrip() in output, f"README shows {want!r}; the command printed:\n{output}"


def session_blocks() -> list[list[tuple[str, list[str]]]]:
    """Console blocks that follow a game (their first command is `referee new`): run in order,
    in one data folder, as a table would."""
    blocks = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
        if steps and steps[0][0].startswith("referee new"):
            blocks.append(steps)
    return blocks


SESSION_BLOCKS = session_blocks()
SESSION_LINES = {line for block in SESSION_BLOCKS for line, _ in block}
REFEREE_EXAMPLES = [(line, out) for line, out in examples("referee") if line not in SESSION_LINES]


def test_readme_has_referee_examples():
    assert len(REFEREE_EXAMPLES) >= 5


@pytest.mark.parametrize("line,expected", REFEREE_EXAMPLES, ids=[c for c, _ in REFEREE_EXAMPLES])
def test_referee_example(tmp_path, module_ask_cache, line, expected):
    """In the run's shared rules index cache (conftest's module_ask_cache): an index is the same
    whoever builds it, and `referee ask` across every game would index all five anew (~1 s)."""
    args = shlex.split(line)
    env = {**os.environ, "BONEYARD_CACHE": str(module_ask_cache)}
    result = command(args, cwd=tmp_path, env=env)
    first = expected[0] if expected else ""
    code = 2 if first.startswith("referee:") else 1 if first.startswith("No good match") else 0
    assert result.returncode == code, result.stdout + result.stderr
    shown = "\n".join(expected) + "\n"
    assert (result.stdout + result.stderr) == shown


def expected_exit(first: str) -> int:
    if first.startswith(("referee:", "unreadable:", "ambiguous:")):
        return 2
    return 1 if first.startswith(("No good match", "illegal:")) else 0


def test_readme_follows_games():
    assert len(SESSION_BLOCKS) >= 2


@pytest.mark.parametrize("block", SESSION_BLOCKS, ids=[b[0][0] for b in SESSION_BLOCKS])
def test_session_example(tmp_path, block):
    """A game followed in the README: every command's output exactly as shown, in order."""
    env = {**os.environ, "BONEYARD_CACHE": str(tmp_path / "cache"), "BONEYARD_DATA": str(tmp_path / "data")}
    for line, expected in block:
        args = shlex.split(line)
        result = command(args, cwd=tmp_path, env=env)
        output = result.stdout + result.stderr
        assert output == "\n".join(expected) + "\n", f"$ {line}\n{output}"
        assert result.returncode == expected_exit(expected[0] if expected else ""), f"$ {line}\n{output}"
