"""`cards` and `referee` command lines started warm: the tests' one fork server.

A fresh Python that imports a console script's modules costs ~0.3 s of CPU (pydantic models,
reportlab, jinja2, Typer), most of which a test that only builds a fixture game or plays a
session move does not mean to measure. A server Python imports the console script's entry (and
what its commands import, measured with `-X importtime`) once, freezes what it holds
(gc.freeze(): a child's collections neither walk nor copy the server's objects) and forks a
child per command line, which takes the environment, folder, arguments and standard files it is
given and calls the entry's main() as the console script does: a child starts for ~0.035 s of CPU.

`cards(*args, env=, cwd=, input=, timeout=)` and `referee(...)` answer like
`subprocess.run([script, *args], capture_output=True, text=True, ...)`: a CompletedProcess whose
code comes from SystemExit, an uncaught exception printing its traceback and exiting 1, stdin
empty unless `input` is given (not the test process's own), subprocess.TimeoutExpired once the
child, killed, outlives `timeout`; `imports=` names modules the server imports first and keeps
for every line after (RULEBOOK, for tests that start several rulebook builds). One server for
both console scripts per test process (each xdist worker), started on first use and closed at
exit: a job names its script and entry.
What is not the same as a fresh process: the interpreter's own start (flags, sys.path, hash
seed) is the server's, modules are imported already, and what a process keeps from its first
game load (the model's validators, the built-in layouts) is made already. Tests about
start-up, imports or PATH start the real script.

`start_cards(*args, env=, cwd=)` leaves the command line running and hands back a WarmProcess,
whose standard error is read as it is written (as `subprocess.Popen(..., stderr=PIPE, text=True)`
gives it): a test that kills a command at a moment of its choosing sends a real SIGKILL to a real
process (the forked child), and waits for its end.

TyperApp runs a Typer app (referee.cli, generator.cli) in the same server, a job naming the
app's entry instead of the script's: the reference each fast path is held to
(tests/test_launch.py, tests/test_dice_cli.py).
"""
from __future__ import annotations

import atexit
import json
import locale
import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import tomllib
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

# What the commands import as they run (measured with -X importtime and a child's new sys.modules),
# imported by the server instead of by every child. Typer reads a command line with
# importlib.metadata (with email, zipfile, csv) and its adapters; pydantic loads its plugins on the
# first validation; PIL its formats on the first image. WeasyPrint (0.6 s) is left to the few
# lines that build a rulebook.
TYPER_READS = ("typer._adapters", "typer._coercion", "importlib.metadata", "pydantic.plugin._loader")
CONSOLE_WARM = {
    "referee": (*TYPER_READS, "referee.cli", "referee.table.commands", "referee.table.cli", "referee.dice.commands",
                "referee.dice.evaluate", "referee.dice.format", "referee.ask.run", "referee.ask.command",
                "referee.ask.engine", "referee.ask.cache", "referee.ask.games", "referee.ask.index",
                "referee.ask.render", "referee.ask.slang", "referee.games.generic", "referee.games.ribbon_of_bone",
                "referee.games.runes_and_bones", "referee.games.rattlebones", "referee.games.bone_strike",
                "referee.games.runeblade", "generator.model.loader", "generator.model.icons",
                "generator.scene.templates", "pickle", "xml.etree.ElementTree", "sqlite3"),
    "cards": (*TYPER_READS, "generator.cli", "generator.build_command", "generator.validate_command",
              "generator.kit.build", "generator.render.pdf", "generator.render.svg", "generator.preview.raster",
              "generator.preview.sheet", "generator.preview.guides", "generator.model.spreadsheet",
              "PIL.PngImagePlugin", "PIL.JpegImagePlugin", "PIL.GifImagePlugin", "PIL.BmpImagePlugin",
              "PIL.PpmImagePlugin", "PIL.ImageChops", "PIL.ImageSequence"),
}
# What a line that builds a rulebook imports besides (WeasyPrint): 0.65 s of CPU a child (a starter
# kit's build 2.1 -> 1.45 s). A test that starts several such lines asks the server to import it
# once (``imports=RULEBOOK``, 0.6 s), not every child.
RULEBOOK = ("generator.rulebook", "generator.rulebook.pdf", "generator.rulebook.quickref",
            "generator.rulebook.html_copy", "generator.paper.booklet", "pypdf")

SERVER = textwrap.dedent("""
    import atexit, gc, importlib, json, os, socket, sys, tempfile

    channel, script, entry, *warm = sys.argv[1:]
    channel = socket.socket(fileno=int(channel))
    sys.path[0] = os.path.dirname(script)  # as the console script's Python: its folder first, not ''
    sys.argv = [script]
    mains = {}


    def entry_point(name):
        # "module:function" (a bare module: its main()), imported by the server and kept
        if name not in mains:
            module, _, function = name.partition(":")
            mains[name] = getattr(importlib.import_module(module), function or "main")
        return mains[name]


    entry_point(entry)
    for other in warm:  # what the commands import as they run: once, not per child
        try:
            importlib.import_module(other)
        except Exception:  # a module that cannot be imported fails in the child that needs it
            pass
    if "generator.model.loader" in sys.modules:
        # What the first load of any game makes and a process keeps: the game model's validators
        # (deferred to their first use) and the built-in layouts, read and validated (each checked
        # against its file's stamp at every load): once, not per child.
        try:
            from generator.model.loader import load
            from generator.new_game import TEMPLATE
            load(TEMPLATE)
        except Exception:
            pass
    gc.freeze()  # the children's collections leave the server's objects alone (and unwritten)


    def exit_code(stop):
        # Python's own reading of SystemExit: None is 0, a number itself, anything else printed, 1
        if stop.code is None:
            return 0
        if isinstance(stop.code, int):
            return stop.code
        print(stop.code, file=sys.stderr)
        return 1


    def child(job, fds, main):
        channel.close()
        atexit._clear()  # the server's exit handlers are not the command's
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.environ.clear()
        os.environ.update(job["env"])
        os.chdir(job["cwd"])
        tempfile.tempdir = None  # read TMPDIR again
        if "random" in sys.modules:
            sys.modules["random"].seed()  # a process of its own draws its own numbers
        sys.argv = [job["script"] or script, *job["args"]]
        try:
            (main or entry_point(job["entry"] or entry))()
            code = 0
        except SystemExit as stop:
            code = exit_code(stop)
        except BaseException:
            sys.excepthook(*sys.exc_info())
            code = 1
        try:  # as the interpreter ends: threads the command left, then its exit handlers, then flush
            import threading
            threading._shutdown()
        except BaseException:
            pass
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except BaseException:
                pass
        os._exit(code & 0xFF)  # never back into the server's loop or its exit


    while True:
        try:
            message, fds, _flags, _address = socket.recv_fds(channel, 1 << 20, 3)
        except OSError:
            break
        if not message:
            break
        job = json.loads(message)
        for name in job["imports"]:  # what a line asks the server to import first, kept for the next ones
            if name not in sys.modules:
                try:
                    importlib.import_module(name)
                except Exception:
                    pass
                gc.freeze()
        try:  # another script's entry, or a Typer app's: imported once, kept
            main = entry_point(job["entry"] or entry)
        except Exception:  # the child imports it again and prints why it cannot, exit 1
            main = None
        pid = os.fork()
        if pid == 0:
            child(job, fds, main)
        for fd in fds:
            os.close(fd)
        channel.send(json.dumps({"pid": pid}).encode())
        code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        channel.send(json.dumps({"code": code}).encode())
""")


class ForkServer:
    """One console script run per command line by forking a warm Python. ``entry`` is its function
    as pyproject.toml names it ("module:function"; a bare module means its main()), ``warm`` what
    the server imports first, ``folder`` where the children's output is captured (the temporary
    folder by default), ``env`` the server's own environment (the test process's by default),
    which sets its sys.path."""

    def __init__(self, name: str, entry: str, warm: tuple[str, ...] = (), folder: Path | None = None,
                 env: dict[str, str] | None = None):
        self.script = str(BIN / name)
        self.folder = folder
        self.lock = threading.Lock()
        self.owner = os.getpid()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.server = subprocess.Popen([sys.executable, "-c", SERVER, str(theirs.fileno()), self.script, entry, *warm],
                                       cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       pass_fds=(theirs.fileno(),), env=env)
        theirs.close()
        self.channel = ours

    def run(self, *args: object, env: dict[str, str] | None = None, cwd: str | Path | None = None,
            input: str | None = None, timeout: float | None = None,  # noqa: A002
            imports: tuple[str, ...] = (), script: str | None = None,
            entry: str | None = None) -> subprocess.CompletedProcess:
        """What `subprocess.run([script, *args], capture_output=True, text=True, ...)` returns;
        ``imports``, modules the server imports first (and keeps) instead of the child; ``script``
        and ``entry``, another console script (its name) and function to call than the server's
        own (the other script's, a Typer app's)."""
        job = _job(args, env, cwd, imports, script, entry)
        with self.lock, self._stdin(input) as stdin, self._file() as out, self._file() as err:
            socket.send_fds(self.channel, [json.dumps(job).encode()], [stdin.fileno(), out.fileno(), err.fileno()])
            pid = self._receive()["pid"]
            try:
                self.channel.settimeout(timeout)
                code = self._receive()["code"]
            except (TimeoutError, KeyboardInterrupt) as stop:  # past the timeout, or the test stopped: the child goes
                os.kill(pid, signal.SIGKILL)  # the server has not reaped it yet: the pid is still its
                self.channel.settimeout(None)
                self._receive()  # its exit, so that the next line's answer is the next line's
                if isinstance(stop, TimeoutError):
                    raise subprocess.TimeoutExpired([job["script"] or self.script, *job["args"]], timeout,
                                                    _text(out), _text(err)) from None
                raise
            finally:
                self.channel.settimeout(None)
            return subprocess.CompletedProcess([job["script"] or self.script, *job["args"]], code, _text(out),
                                               _text(err))

    def popen(self, *args: object, env: dict[str, str] | None = None, cwd: str | Path | None = None,
              imports: tuple[str, ...] = (), script: str | None = None, entry: str | None = None) -> WarmProcess:
        """The command line started and left running, its standard error a pipe (WarmProcess).
        The server runs one line at a time: until the process is waited for, the next waits."""
        job = _job(args, env, cwd, imports, script, entry)
        self.lock.acquire()  # released by WarmProcess.wait
        read, write = os.pipe()
        try:
            with open(os.devnull, "rb") as stdin, open(os.devnull, "wb") as stdout:
                socket.send_fds(self.channel, [json.dumps(job).encode()], [stdin.fileno(), stdout.fileno(), write])
            os.close(write)  # the child holds the only writing end: the pipe ends when it does
            pid = self._receive()["pid"]
        except BaseException:
            os.close(read)
            self.lock.release()
            raise
        return WarmProcess(self, pid, os.fdopen(read, encoding=locale.getpreferredencoding(False)))

    def _receive(self) -> dict:
        try:
            message = self.channel.recv(1 << 16)
        except ConnectionError:
            message = b""
        if not message:
            raise RuntimeError(f"the warm server for {self.script} has stopped (exit {self.server.poll()})")
        return json.loads(message)

    def _file(self) -> IO[bytes]:
        return tempfile.TemporaryFile(dir=self.folder)

    def _stdin(self, text: str | None) -> IO[bytes]:
        if text is None:
            return open(os.devnull, "rb")
        file = self._file()
        file.write(text.encode(locale.getpreferredencoding(False)))
        file.seek(0)
        return file

    def close(self) -> None:
        if os.getpid() != self.owner:  # a forked test process does not own the server
            return
        self.channel.close()  # the server's loop ends at the end of its channel
        self.server.wait(timeout=60)


class WarmProcess:
    """A command line running in a child of a warm server (ForkServer.popen): ``pid``, ``stderr``
    (text, read as it is written) and ``wait()``, as subprocess.Popen has them."""

    def __init__(self, server: ForkServer, pid: int, stderr: IO[str]):
        self.server, self.pid, self.stderr = server, pid, stderr
        self.returncode: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        """The exit code (minus the signal that ended it); past ``timeout`` the child is killed
        and subprocess.TimeoutExpired raised."""
        if self.returncode is not None:
            return self.returncode
        channel = self.server.channel
        try:
            channel.settimeout(timeout)
            self.returncode = self.server._receive()["code"]
        except TimeoutError:
            os.kill(self.pid, signal.SIGKILL)  # not reaped yet: the pid is still the child's
            channel.settimeout(None)
            self.returncode = self.server._receive()["code"]
            raise subprocess.TimeoutExpired([self.server.script], timeout) from None
        finally:
            channel.settimeout(None)
            if self.returncode is not None:
                self.server.lock.release()
        return self.returncode


def _job(args: tuple[object, ...], env: dict[str, str] | None, cwd: str | Path | None,
         imports: tuple[str, ...], script: str | None, entry: str | None) -> dict:
    """A command line as the server reads it (``script`` a console script's name)."""
    argv = [os.fspath(a) if isinstance(a, os.PathLike) else str(a) for a in args]
    return {"env": dict(os.environ if env is None else env), "cwd": os.fspath(cwd or os.getcwd()), "args": argv,
            "imports": list(imports), "script": str(BIN / script) if script else None, "entry": entry}


def _text(file: IO[bytes]) -> str:
    """The file's bytes as subprocess's text mode reads them: the locale's encoding, universal newlines."""
    file.seek(0)
    return file.read().decode(locale.getpreferredencoding(False)).replace("\r\n", "\n").replace("\r", "\n")


_servers: list[ForkServer] = []  # this process's, once started
_entries: dict[str, str] = {}


def _entry(name: str) -> str:
    """The console script ``name``'s function as pyproject.toml names it ("generator.entry:main")."""
    if not _entries:
        with open(REPO / "pyproject.toml", "rb") as file:
            _entries.update(tomllib.load(file)["project"]["scripts"])
    return _entries[name]


def _server() -> ForkServer:
    """This process's warm server, started on first use: one for both console scripts (a job names
    its script and entry), which share most of what they import (typer, pydantic, the game
    model): a server for each imported that twice (0.80 + 0.69 s of CPU against 0.91 s)."""
    if not _servers or _servers[0].owner != os.getpid():
        warm = tuple(dict.fromkeys((*CONSOLE_WARM["cards"], *CONSOLE_WARM["referee"])))
        _servers[:] = [ForkServer("cards", _entry("cards"), warm)]
        atexit.register(_servers[0].close)
    return _servers[0]


def cards(*args: object, **how) -> subprocess.CompletedProcess:  # noqa: ANN003
    """`cards ARGS` as the console script answers it (keywords: env, cwd, input, timeout, imports)."""
    return _server().run(*args, script="cards", entry=_entry("cards"), **how)


def start_cards(*args: object, env: dict[str, str] | None = None, cwd: str | Path | None = None,
                imports: tuple[str, ...] = ()) -> WarmProcess:
    """`cards ARGS` started and left running (ForkServer.popen): wait() for it, or kill its pid first."""
    return _server().popen(*args, env=env, cwd=cwd, imports=imports, script="cards", entry=_entry("cards"))


def referee(*args: object, **how) -> subprocess.CompletedProcess:  # noqa: ANN003
    """`referee ARGS` as the console script answers it (keywords: env, cwd, input, timeout)."""
    return _server().run(*args, script="referee", entry=_entry("referee"), **how)


class TyperApp:
    """A Typer app (referee.cli, generator.cli) run as its console script would run it, per
    command line, in the repository: a child of the console scripts' warm server (this
    process's), which calls the app's main() instead of the script's entry. One server, not one
    more, imports what the script's commands import (~1 s of CPU each)."""

    def __init__(self, name: str, module: str):
        self.server, self.name, self.entry = _server(), name, module

    def run(self, env: dict[str, str], *args: str) -> tuple[int, str, str]:
        done = self.server.run(*args, env=env, cwd=REPO, script=self.name, entry=self.entry)
        return done.returncode, done.stdout, done.stderr


TYPER_APPS = {"referee": "referee.cli", "cards": "generator.cli"}
_typer_apps: dict[str, TyperApp] = {}


def typer_app(name: str) -> TyperApp:
    """The Typer app of the console script ``name`` for this process: one for every test file of a
    worker that holds a fast path to it (test_launch.py, test_launch_cards.py, test_dice_cli.py)."""
    app = _typer_apps.get(name)
    if app is None or app.server.owner != os.getpid():
        app = _typer_apps[name] = TyperApp(name, TYPER_APPS[name])
    return app
