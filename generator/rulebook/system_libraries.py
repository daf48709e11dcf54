"""Finding the system libraries WeasyPrint loads (GObject, Pango, HarfBuzz, fontconfig) without
running a compiler.

WeasyPrint asks for each library under six names, Windows' and macOS' first, and cffi hands each
name it cannot open directly to ``ctypes.util.find_library``. On Linux, for a name missing from
the loader's cache (``ldconfig -p``), that runs gcc and then ld to search once more: sixteen
compiler runs, about 0.3 s of every command that lays out a rulebook, all to miss. Answered from
the loader's cache alone, those names miss at once, and WeasyPrint goes on to the Linux names it
also lists (``libpango-1.0.so.0``), which the loader opens directly, through its cache and
LD_LIBRARY_PATH alike: the same libraries load.

Run as a script (``python3 generator/rulebook/system_libraries.py [--all]``, standard library only),
it prints the Debian packages of the README's apt line whose libraries the loader lacks (or all of
them): .ci/run installs those, and the test suite refuses to start without them.
"""
from __future__ import annotations

import ctypes.util
import functools
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# The libraries WeasyPrint needs beyond what a Debian with Python has, each with its Debian package
# (the README's apt line). Without HarfBuzz-Subset WeasyPrint still works, subsetting fonts with
# fontTools, slower and with a warning in every rulebook.
REQUIRED = {"libpango-1.0.so.0": "libpango-1.0-0", "libpangoft2-1.0.so.0": "libpangoft2-1.0-0",
            "libharfbuzz-subset.so.0": "libharfbuzz-subset0"}


@functools.cache
def _loader_cache() -> str:
    try:
        ldconfig = shutil.which("ldconfig") or "/sbin/ldconfig"  # /sbin is often off a user's PATH
        return subprocess.run([ldconfig, "-p"], capture_output=True, text=True, env={"LC_ALL": "C"},
                              timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def _in_loader_cache(name: str) -> str | None:
    match = re.search(rf"^\s*(lib{re.escape(name)}\.so\S*)\s", _loader_cache(), re.MULTILINE)
    return match.group(1) if match else None


@contextmanager
def found_in_the_loader_cache() -> Iterator[None]:
    """Within the block, on Linux, ``ctypes.util.find_library`` answers from the loader's cache
    only (read once), never running gcc or ld. Elsewhere nothing changes."""
    if not sys.platform.startswith("linux"):
        yield
        return
    original = ctypes.util.find_library
    ctypes.util.find_library = _in_loader_cache
    try:
        yield
    finally:
        ctypes.util.find_library = original


def missing_packages() -> list[str]:
    """The Debian packages of REQUIRED whose library the loader's cache lacks (Linux only)."""
    if not sys.platform.startswith("linux"):
        return []
    cache = _loader_cache()
    return [package for library, package in REQUIRED.items() if library not in cache]


if __name__ == "__main__":
    print(" ".join(REQUIRED.values() if sys.argv[1:] == ["--all"] else missing_packages()))
