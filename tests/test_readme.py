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
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BIN = Path(sys.executable).parent


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


def comparable(line: str) -> bool:
    # Paths differ per machine and timings per run; everything else must match.
    return bool(line.strip()) and "/" not in line and "done in" not in line


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("readme")
    # The validate example shows a copy of the starter game with one misspelt field.
    subprocess.run([BIN / "cards", "new", "moon-raiders-typo"], cwd=work, check=True, capture_output=True)
    cards = work / "moon-raiders-typo" / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 2", "cots: 2"))
    return work


CARDS_EXAMPLES = examples("cards")


def test_readme_has_cards_examples():
    assert len(CARDS_EXAMPLES) >= 5


@pytest.mark.parametrize("line,expected", CARDS_EXAMPLES, ids=[c for c, _ in CARDS_EXAMPLES])
def test_cards_example(workdir, line, expected):
    args = shlex.split(line)
    result = subprocess.run([BIN / args[0], *args[1:]], cwd=workdir, capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == (2 if args[1] == "validate" and "typo" in line else 0), output
    for want in filter(comparable, expected):
        assert want.rstrip() in output, f"README shows {want!r}; the command printed:\n{output}"


REFEREE_EXAMPLES = examples("referee")


def test_readme_has_referee_examples():
    assert len(REFEREE_EXAMPLES) >= 5


@pytest.mark.parametrize("line,expected", REFEREE_EXAMPLES, ids=[c for c, _ in REFEREE_EXAMPLES])
def test_referee_example(tmp_path, line, expected):
    args = shlex.split(line)
    env = {**os.environ, "BONEYARD_CACHE": str(tmp_path / "cache")}
    result = subprocess.run([BIN / args[0], *args[1:]], cwd=tmp_path, capture_output=True, text=True, env=env)
    first = expected[0] if expected else ""
    code = 2 if first.startswith("referee:") else 1 if first.startswith("No good match") else 0
    assert result.returncode == code, result.stdout + result.stderr
    shown = "\n".join(expected) + "\n"
    assert (result.stdout + result.stderr) == shown
