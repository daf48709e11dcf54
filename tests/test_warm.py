"""The warm launcher (tests/warm.py) answers as the real process would: the same exit code, stdout
and stderr as subprocess.run of the console script (byte for byte), exit codes from SystemExit, a
traceback and 1 for an uncaught exception, stdin, environment and folder as given, and a child
killed once it outlives its timeout."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.new_game import TEMPLATE
from tests.warm import BIN, ForkServer, cards, referee

# A module whose main() does what its first argument says, as a console script's main() might.
PROBE = textwrap.dedent("""
    import atexit, os, sys, time

    def main():
        what = sys.argv[1]
        if what == "echo":  # stdin, environment and folder as the process sees them
            print(sys.stdin.read().upper(), os.environ.get("PROBE_WORD"), os.getcwd(), sys.argv[2:])
        elif what == "partial":  # written, never flushed by the command
            sys.stdout.write("no newline")
            sys.stderr.write("half a line")
        elif what == "exit":
            raise SystemExit(int(sys.argv[2]) if sys.argv[2].lstrip("-").isdigit() else sys.argv[2])
        elif what == "crash":
            print("before the crash", flush=True)
            {}["missing key"]
        elif what == "at-exit":
            atexit.register(print, "the command's own exit handler")
        elif what == "sleep":
            print(os.getpid(), flush=True)
            time.sleep(60)
""")
# Imported with no command line only in the server, which then holds an exit handler of its own.
SERVER_EXIT = "import atexit, sys\nif sys.argv[1:] == []: atexit.register(print, 'the server exit handler')\n"


@pytest.fixture(scope="module")
def probe(tmp_path_factory) -> Iterator[tuple[ForkServer, dict[str, str]]]:
    """The probe module's warm server, and the environment that finds the module."""
    folder = tmp_path_factory.mktemp("probe")
    (folder / "warm_probe.py").write_text(SERVER_EXIT + PROBE)
    env = {**os.environ, "PYTHONPATH": str(folder)}
    server = ForkServer("warm-probe", "warm_probe", folder=folder, env=env)
    yield server, env
    server.close()


def _real_probe(env: dict[str, str], *args: str, **how) -> subprocess.CompletedProcess:  # noqa: ANN003
    """The probe's main() in a fresh Python, as a console script would call it."""
    script = "import sys; sys.argv[0] = 'warm-probe'; from warm_probe import main; main()"
    return subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True, **how)


def _answer(done: subprocess.CompletedProcess) -> tuple[int, str, str]:
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("args", [("partial",), ("exit", "0"), ("exit", "3"), ("exit", "-1"), ("exit", "300"),
                                  ("exit", "a message, not a number")])
def test_exit_codes_and_unflushed_output_as_a_fresh_python(probe, args):
    server, env = probe
    assert _answer(server.run(*args, env=env)) == _answer(_real_probe(env, *args))


def test_stdin_environment_and_folder_are_the_callers(probe, tmp_path):
    server, env = probe
    env = {**env, "PROBE_WORD": "given"}
    warm = server.run("echo", "a b", "c", env=env, cwd=tmp_path, input="line one\nline two\r\n")
    assert _answer(warm) == _answer(_real_probe(env, "echo", "a b", "c", cwd=tmp_path,
                                                input="line one\nline two\r\n"))
    assert warm.stdout.startswith("LINE ONE\nLINE TWO") and warm.stdout.endswith(f" given {tmp_path} ['a b', 'c']\n")
    unset = server.run("echo", env={k: v for k, v in env.items() if k != "PROBE_WORD"})
    assert unset.stdout == f" None {os.getcwd()} []\n"  # no stdin given reads nothing; cwd the caller's


def test_an_uncaught_exception_prints_its_traceback_and_exits_1(probe):
    server, env = probe
    warm, real = server.run("crash", env=env), _real_probe(env, "crash")
    assert warm.returncode == real.returncode == 1
    assert warm.stdout == real.stdout == "before the crash\n"
    assert warm.stderr.startswith("Traceback (most recent call last):\n")
    assert warm.stderr.splitlines()[-1] == real.stderr.splitlines()[-1] == "KeyError: 'missing key'"


def test_the_commands_exit_handlers_run_and_the_servers_do_not(probe):
    server, env = probe
    done = server.run("at-exit", env=env)
    assert (done.returncode, done.stdout) == (0, "the command's own exit handler\n")


def test_a_child_past_its_timeout_is_killed(probe):
    server, env = probe
    with pytest.raises(subprocess.TimeoutExpired) as caught:
        server.run("sleep", env=env, timeout=0.5)
    pid = int(caught.value.output)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # killed and reaped
    assert server.run("exit", "4", env=env).returncode == 4  # the server answers the next line as before


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "designer" / "my-game"
    shutil.copytree(TEMPLATE, folder)
    return folder


def _real(name: str, *args: object, **how) -> subprocess.CompletedProcess:  # noqa: ANN003
    return subprocess.run([str(BIN / name), *map(str, args)], capture_output=True, text=True, timeout=120, **how)


def test_cards_answers_as_the_console_script(game, tmp_path):
    """A validate and a bad command line, byte for byte; a relative game folder from cwd."""
    for args in (("validate", game), ("build", tmp_path / "no-such-game", "--no-rulebook"), ("build", "--paper", "b9")):
        warm = cards(*args)
        assert _answer(warm) == _answer(_real("cards", *args))
        assert warm.args == [str(BIN / "cards"), *map(str, args)]
    assert cards("build", "--paper", "b9").returncode == 2
    assert _answer(cards("validate", "my-game", cwd=game.parent)) == _answer(_real("cards", "validate", "my-game",
                                                                                    cwd=game.parent))


def test_referee_answers_as_the_console_script_in_the_environment_given(game, tmp_path):
    """A session started warm is there for the real script, and the other way round."""
    env = {**os.environ, "BONEYARD_DATA": str(tmp_path / "data"), "BONEYARD_CACHE": str(tmp_path / "cache")}
    started = referee("new", game, "--players", "ana,ben", "--seed", "5", env=env)
    assert started.returncode == 0 and "session 1" in started.stdout
    for args in (("status",), ("roll", "3d6+"), ("history",)):
        assert _answer(referee(*args, env=env)) == _answer(_real("referee", *args, env=env))
    assert referee("roll", "3d6+", env=env).returncode == 2
    assert referee("status", env={**env, "BONEYARD_DATA": str(tmp_path / "none")}).returncode != 0
