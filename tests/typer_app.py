"""The Typer apps (referee.cli, generator.cli), the reference each fast path is held to
(tests/test_launch.py, tests/test_dice_cli.py), imported once per test file.

A Python that imported the app forks a child for each command line, which sets its environment,
arguments and output files and calls the app's main() as the console script would, exiting as it
exits (a traceback, an exit code, finalisers). A fresh Python importing Typer costs 0.3 s of CPU
a line; the fast paths themselves still start a Python of their own every time. Typer reads a
command line with modules it imports then (pydantic among them), as do the commands: the server
imports them first and freezes what it holds before the first fork (gc.freeze), so a child's
collections neither walk nor copy the server's objects: a child costs 0.035 s of CPU (0.09 s
without).
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# importlib.metadata (with email, zipfile, csv): something Typer does as it runs a command.
TYPER_READS = ("typer._adapters", "typer._coercion", "importlib.metadata")
WARM = {"referee": (*TYPER_READS, "referee.table.commands", "referee.dice.commands", "referee.ask.run"),
        "cards": TYPER_READS}
TYPER_SERVER = textwrap.dedent("""
    import gc, importlib, json, os, sys
    name, module, *warm = sys.argv[1:]
    sys.argv = [name]
    main = importlib.import_module(module).main
    for other in warm:  # what the app imports as it reads a command line: once, not per child
        try:
            importlib.import_module(other)
        except ImportError:
            pass
    gc.freeze()  # the children's collections leave the server's objects alone (and unwritten)
    for line in sys.stdin:
        job = json.loads(line)
        sys.stdout.flush()
        child = os.fork()
        if child == 0:
            os.environ.clear()
            os.environ.update(job["env"])
            os.chdir(job["cwd"])
            for fd, path in ((0, os.devnull), (1, job["out"]), (2, job["err"])):
                os.dup2(os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC if fd else os.O_RDONLY), fd)
            sys.argv = [name, *job["args"]]
            main()
            sys.exit(0)
        code = os.waitstatus_to_exitcode(os.waitpid(child, 0)[1])
        print(json.dumps(code), flush=True)
""")


class TyperApp:
    """A Typer app (referee.cli, generator.cli) run as its console script would be, per command line."""

    def __init__(self, name: str, module: str, folder: Path):
        self.folder = folder
        self.server = subprocess.Popen([sys.executable, "-c", TYPER_SERVER, name, module, *WARM[name]], cwd=REPO,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, env: dict[str, str], *args: str) -> tuple[int, str, str]:
        out, err = self.folder / "out", self.folder / "err"
        job = {"env": env, "cwd": str(REPO), "args": list(args), "out": str(out), "err": str(err)}
        self.server.stdin.write(json.dumps(job) + "\n")
        self.server.stdin.flush()
        code = json.loads(self.server.stdout.readline())
        return code, out.read_text(), err.read_text()

    def close(self) -> None:
        self.server.stdin.close()
        self.server.wait(timeout=60)
