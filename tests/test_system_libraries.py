"""WeasyPrint's libraries are found from the loader's cache, without a compiler
(generator/rulebook/system_libraries.py)."""
from __future__ import annotations

import ctypes.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.rulebook import system_libraries
from generator.rulebook.system_libraries import REQUIRED, found_in_the_loader_cache

REPO = Path(__file__).resolve().parents[1]
SCRIPT = Path(system_libraries.__file__)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the gcc fallback is Linux's")


def test_names_the_loader_knows_resolve_as_ctypes_resolves_them_and_the_others_miss():
    original = ctypes.util.find_library
    with found_in_the_loader_cache():
        assert ctypes.util.find_library is not original
        for name in ("pango-1.0", "harfbuzz", "fontconfig"):
            assert ctypes.util.find_library(name) == original(name) is not None, name
        assert ctypes.util.find_library("libpango-1.0-0") is None  # a Windows name: no gcc run to miss it
    assert ctypes.util.find_library is original


def test_rulebook_pdf_loads_the_same_libraries_and_leaves_ctypes_as_it_was():
    script = ("import ctypes.util; before = ctypes.util.find_library\n"
              "import generator.rulebook.pdf\n"
              "from weasyprint.text import ffi\n"
              "assert ctypes.util.find_library is before\n"
              "assert ffi.pango is not None and ffi.harfbuzz_subset is not None\n"
              "print(ffi.pango.pango_version())")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 0
    assert "could not import" not in result.stdout + result.stderr


def test_the_readme_apt_line_names_every_required_package_and_the_script_lists_them():
    readme = (REPO / "README.md").read_text()
    listed = subprocess.run([sys.executable, str(SCRIPT), "--all"], capture_output=True, text=True, check=True)
    assert listed.stdout.split() == list(REQUIRED.values())
    assert f"apt-get install {' '.join(REQUIRED.values())}" in readme
    assert subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          check=True).stdout.strip() == ""  # this machine has them all


def test_without_harfbuzz_subset_the_suite_refuses_to_start_and_names_the_apt_line(tmp_path):
    # An ldconfig first on PATH that hides one library from the loader's cache, as on a fresh Debian.
    fake = tmp_path / "bin" / "ldconfig"
    fake.parent.mkdir()
    real = shutil.which("ldconfig") or "/sbin/ldconfig"
    fake.write_text(f"#!/bin/sh\n{real} \"$@\" | grep -v libharfbuzz-subset\n")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{fake.parent}:{os.environ['PATH']}"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                           "tests/test_system_libraries.py::test_names_the_loader_knows_resolve_as_ctypes_resolves_them_and_the_others_miss"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "lacks the system packages libharfbuzz-subset0" in done.stdout + done.stderr
    assert f"apt-get install {' '.join(REQUIRED.values())}" in done.stdout + done.stderr
    assert "passed" not in done.stdout
