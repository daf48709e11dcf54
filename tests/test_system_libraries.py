"""WeasyPrint's libraries are found from the loader's cache, without a compiler
(generator/rulebook/system_libraries.py)."""
from __future__ import annotations

import ctypes.util
import subprocess
import sys

import pytest

from generator.rulebook.system_libraries import found_in_the_loader_cache

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
