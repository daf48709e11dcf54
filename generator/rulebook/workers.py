"""Where rulebook worker processes come from."""
from __future__ import annotations

from multiprocessing import get_all_start_methods, get_context
from multiprocessing.context import BaseContext


def fresh_processes() -> BaseContext:
    """Workers forked from a server process that has imported WeasyPrint and the rulebook package
    but never laid anything out (multiprocessing's forkserver): no worker imports them again (~1 s
    of CPU each), and none inherits Pango's or GLib's state from a parent mid-use, which a plain
    fork would copy. The server lives as long as the process that started it, so a second build
    there (`cards watch`, the tests) forks from it again. Spawn where there is no forkserver."""
    if "forkserver" not in get_all_start_methods():
        return get_context("spawn")
    context = get_context("forkserver")
    context.set_forkserver_preload(["generator.rulebook", "generator.rulebook.pdf", "generator.model.loader"])
    return context
