"""Where rulebook worker processes come from, and how they end when their build is gone."""
from __future__ import annotations

import os
import threading
import time
from multiprocessing import get_all_start_methods, get_context
from multiprocessing.context import BaseContext

POLL_SECONDS = 0.5  # how often a worker looks for its build


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


def end_with(build: int) -> None:
    """Pool initializer: end this worker when the process ``build`` is gone. A build killed with
    kill -9 closes nothing, and its workers would wait for their next task for ever (with the
    forkserver, which lives while they do)."""
    threading.Thread(target=_watch, args=(build,), daemon=True, name="end-with-build").start()


def _watch(build: int) -> None:
    while alive(build):
        time.sleep(POLL_SECONDS)
    os._exit(1)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs: not gone and not a zombie (dead, its exit status not yet collected)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:  # no /proc here: os.kill's answer stands
        return True
