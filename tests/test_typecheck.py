"""mypy over generator and referee ([tool.mypy] in pyproject.toml), as `make typecheck` runs it.

It runs inside the suite rather than before it: in a fresh clone (no .mypy_cache) mypy takes ~9 s
of one core, which as a step before pytest left the second core idle. Here it is the first file
given out (conftest's LONGEST_FIRST), so the other worker runs tests meanwhile."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_generator_and_referee_pass_the_type_checker():
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"
    assert "Success" in result.stdout, result.stdout  # it checked files, and said so
