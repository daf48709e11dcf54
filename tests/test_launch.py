"""The one start-up strategy of `cards` and `referee` (generator/launch.py): plain command lines
go straight to each command's function and answer exactly as the Typer app does; help comes
from a memo of the Typer app's own output, rewritten when a module it came from changes; and
the referee never writes a raw control character. What a line answers is compared with the line
started warm (tests/warm.py, through the same entry point); what start-up does (imports, the help
memo, `python -m`) is tested on the scripts started for real."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.launch import INTERNAL_ERROR, Command, launch, whole
from tests import warm
from tests.warm import TyperApp

REPO = Path(__file__).resolve().parents[1]
FIXTURE = str(REPO / "tests" / "fixtures" / "dicegame")


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, BONEYARD_CACHE=str(tmp_path / "cache"), BONEYARD_DATA=str(tmp_path / "data"), **extra)
    env.pop("COLUMNS", None)
    return env


def _script(name: str, module: str) -> list[str]:
    """Run `module:main` as the console script `name` would (the same program name in help)."""
    return [sys.executable, "-c", f"import sys; sys.argv[0] = {name!r}; from {module} import main; main()"]


def _run(cmd: list[str], env: dict[str, str], *args: str) -> tuple[int, str, str]:
    done = subprocess.run([*cmd, *args], cwd=REPO, env=env, capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def _warm(name: str, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """The console script `name` run through its entry point (the fast path, or Typer where the
    line is not plain), started warm (tests/warm.py): for the tests of what a line answers. The
    tests of start-up itself (imports, the help memo) start the script for real."""
    done = getattr(warm, name)(*args, env=env, cwd=REPO)
    return done.returncode, done.stdout, done.stderr


REFEREE = _script("referee", "referee.entry")
CARDS = _script("cards", "generator.entry")

@pytest.fixture(scope="module")
def typer_apps() -> dict[str, TyperApp]:
    """The Typer apps, warm (tests/warm.py): this worker's, shared with the other files that use them."""
    return {name: warm.typer_app(name) for name in ("referee", "cards")}


# -- the parser: only plain command lines, everything else to Typer ------------------------------

SPEC = Command(lambda **kw: kw, "*", {"--game": "game", "-g": "game", "--seed": ("seed", whole()),
                                      "-n": ("n", whole(0, 20)), "--option": "option"},
               {"--json": "as_json"}, repeat={"option"})


@pytest.mark.parametrize("argv, expected", [
    (["3d6"], {"words": ["3d6"], "game": None, "seed": None, "n": None, "option": [], "as_json": False}),
    (["4", "white", "-g", "rb", "--seed=7", "--json", "-n", "20", "--option", "a", "--option", "b"],
     {"words": ["4", "white"], "game": "rb", "seed": 7, "n": 20, "option": ["a", "b"], "as_json": True}),
    (["--game=x", "-"], {"words": ["-"], "game": "x", "seed": None, "n": None, "option": [], "as_json": False}),
])
def test_plain_command_lines_are_read(argv, expected):
    assert SPEC.parse(argv) == expected


@pytest.mark.parametrize("argv", [
    ["3d6", "--help"], ["--", "3d6"], ["-gx", "3d6"], ["-g=x"], ["--colour", "red"], ["--seed", "+3"],
    ["--seed", "abc"], ["--seed", " 3"], ["--seed", "٣"], ["-n", "21"], ["-n", "-1"], ["--game"], ["--game", "--json"],
    ["--json", "--json"], ["--game", "a", "--game", "b"], ["-1d4"],
])
def test_anything_unusual_is_left_to_typer(argv):
    assert SPEC.parse(argv) is None


def test_word_counts_and_required_options():
    one = Command(print, "1", {"--players": "players"}, required={"players"})
    assert one.parse(["game", "--players", "a,b"]) == {"players": "a,b", "words": "game"}
    assert one.parse(["game"]) is None and one.parse(["--players", "a"]) is None
    assert one.parse(["a", "b", "--players", "x"]) is None
    maybe = Command(print, "?", word=whole())
    assert maybe.parse([]) == {"words": None} and maybe.parse(["3"]) == {"words": 3}
    assert maybe.parse(["x"]) is None
    assert Command(print, "").parse(["word"]) is None and Command(print, "+").parse([]) is None


# -- both paths answer alike ---------------------------------------------------------------------

SAME = [
    ("roll", "4d6kh3", "--seed", "7"), ("roll", "--faces", "1,2,gold", "2", "--seed=3", "--json"),
    ("odds", "3d6"), ("odds", "-g", FIXTURE, "gamble", "--json"), ("roll", "3d6+"), ("roll", "--json"),
    ("status",), ("moves", "--session", "4"), ("history",), ("sessions",), ("sessions", "--json"), ("end",),
    ("undo", "2"), ("move", "ana", "passes"), ("check", "ana passes", "-s", "1"), ("help", "no-such-game"),
    ("new", "runes-and-bones", "--players", "ana"), ("ask", "hello", "--game", "no-such-game"),
    ("roll", "--seed", "x1", "3d6"), ("status", "--colour"), ("undo", "two"), ("ask", "hi", "-n", "99"),
]


@pytest.mark.parametrize("args", SAME, ids=" ".join)
def test_fast_path_answers_as_the_typer_app(tmp_path, typer_apps, args):
    env = _env(tmp_path)
    assert _warm("referee", env, *args) == typer_apps["referee"].run(env, *args)


def test_a_session_played_on_both_paths(tmp_path, typer_apps):
    env = _env(tmp_path)
    typer_app = typer_apps["referee"]
    new = ("new", "runes-and-bones", "--players", "ana,ben", "--seed", "3", "-o", "six-rounds")
    for code, _out, err in (_warm("referee", env, *new), typer_app.run(env, *new)):  # two sessions, one per path
        assert code == 0, err
    lines = [("status", "-s", "{}"), ("check", "ana plays fire axe", "-s", "{}"), ("move", "ana", "plays", "fire", "axe", "-s", "{}"),
             ("moves", "--session={}"), ("undo", "-s", "{}"), ("history", "-s", "{}", "--json"), ("move", "ben passes", "-s", "{}")]
    for line in lines:
        fast = _warm("referee", env, *(a.format(1) for a in line))
        slow = typer_app.run(env, *(a.format(2) for a in line))
        assert _any_session(fast) == _any_session(slow), line


def _any_session(result: tuple[int, str, str]) -> tuple:
    return tuple(re.sub(r'(session\W{0,3})[12]\b', r"\1N", part) if isinstance(part, str) else part for part in result)


# -- help from the memo ----------------------------------------------------------------------------

@pytest.mark.parametrize("name, args, other_width", [
    ("cards", ["--help"], False), ("cards", [], False), ("cards", ["build", "--help"], True),
    ("cards", ["nosuch", "--help"], False), ("referee", ["roll", "--help"], True), ("referee", ["ask"], False),
    ("referee", ["--help"], False), ("referee", ["status", "--help"], False),
])
def test_help_is_typers_own_first_and_from_the_memo_after(tmp_path, typer_apps, name, args, other_width):
    env = _env(tmp_path)
    script, typer_app = {"cards": CARDS, "referee": REFEREE}[name], typer_apps[name]
    typer_says = typer_app.run(env, *args)
    assert _run(script, env, *args) == typer_says  # written to the memo
    assert list((tmp_path / "cache" / "help").glob("*.memo"))
    assert _run(script, env, *args) == typer_says  # read from it
    if other_width:  # the width is one key of every memo (launch.py): once per app, not per line (0.25 s each)
        narrow = _run(script, dict(env, COLUMNS="60"), *args)  # another width: Typer again
        assert narrow == typer_app.run(dict(env, COLUMNS="60"), *args)


APP = '''
import sys
TEXT = "help, version 1"

def main():
    with open(__file__ + ".runs", "a") as f:
        f.write("ran\\n")
    print(TEXT)
    raise SystemExit(0)
'''


def test_the_memo_is_rewritten_when_a_module_changes_or_is_damaged(tmp_path):
    (tmp_path / "fakeapp.py").write_text(textwrap.dedent(APP))
    launcher = [sys.executable, "-c", "import sys; from generator.launch import launch; "
                                      "raise SystemExit(launch({}, 'fakeapp:main'))"]
    env = _env(tmp_path, PYTHONPATH=f"{tmp_path}{os.pathsep}{REPO}", PYTHONDONTWRITEBYTECODE="1")
    runs = tmp_path / "fakeapp.py.runs"
    assert _run(launcher, env, "--help") == (0, "help, version 1\n", "")
    assert _run(launcher, env, "--help") == (0, "help, version 1\n", "")
    assert runs.read_text().count("ran") == 1  # the second answer came from the memo
    (tmp_path / "fakeapp.py").write_text(textwrap.dedent(APP).replace("version 1", "version 22"))
    assert _run(launcher, env, "--help") == (0, "help, version 22\n", "")
    assert runs.read_text().count("ran") == 2
    for memo in (tmp_path / "cache" / "help").glob("*.memo"):
        memo.write_bytes(memo.read_bytes()[:17] + b"\xff\x00garbage")
    assert _run(launcher, env, "--help") == (0, "help, version 22\n", "")
    assert runs.read_text().count("ran") == 3
    assert _run(launcher, env, "--help") == (0, "help, version 22\n", "")
    assert runs.read_text().count("ran") == 3


def test_an_unwritable_cache_still_gives_help(tmp_path, typer_apps):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder should be")
    env = _env(tmp_path)
    assert _run(CARDS, env, "--help") == typer_apps["cards"].run(env, "--help")


# -- no raw control characters ---------------------------------------------------------------------

CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e", "\r")


@pytest.fixture(scope="module")
def ask_cache(module_ask_cache) -> str:
    """The run's shared rules index cache (conftest's module_ask_cache) for the questions below:
    they are about what is written, and each would otherwise build Runes and Bones' index (0.5 s)
    in a cache of its own."""
    return str(module_ask_cache)


@pytest.mark.parametrize("args", [
    ("roll", "1d6 # red\x1b[31m bell\x07", "--seed", "1"), ("roll", "3d6\x1b[2J"), ("odds", "1d4 # \u202eflipped"),
    ("ask", "what\x1b]0;pwned\x07 does\r a\x9b skull do?", "--game", "runes-and-bones"),
    ("ask", "hi", "--game", "no-such\x1b[31m-game"), ("move", "ana\x07 plays"), ("roll", "1d6 # \x1b", "--json"),
])
def test_control_characters_are_never_written_raw(tmp_path, ask_cache, args):
    """What is written, through the warm entry point (`python -m referee` runs the same main();
    test_dice_cli starts it for real)."""
    code, out, err = _warm("referee", dict(_env(tmp_path), BONEYARD_CACHE=ask_cache), *args)
    assert "Traceback" not in err
    for char in CONTROLS:
        assert char not in out and char not in err, (char, out, err)
    if "--json" in args:
        import json

        assert json.loads(out)["label"] == "\x1b"  # escaped the JSON way: the same text comes back


@pytest.mark.parametrize("question", ["what\x1b[2J does a\x07 skull do?", "xyzzy\x1b[31m plugh\x07 frobozz"])
def test_ask_started_on_its_own_writes_no_control_character(tmp_path, ask_cache, question):
    code, out, err = _run([sys.executable, "-m", "referee.ask"], dict(_env(tmp_path), BONEYARD_CACHE=ask_cache), question,
                          "--game", "runes-and-bones")
    assert "Traceback" not in err and code in (0, 1)
    assert not any(char in out + err for char in CONTROLS)
    if code == 1:  # no match: the question is echoed, escaped
        assert question.replace("\x1b", "\\u001b").replace("\x07", "\\u0007") in out


def _broken(**_kw):
    raise RuntimeError("a fault in our code")


def test_a_bug_of_ours_is_one_line_not_a_traceback(capsys, monkeypatch):
    """An exception no command turned into a message reaches the user as one line naming it, exit
    70; BONEYARD_DEBUG=1 lets it through for whoever fixes it."""
    commands = {"break": Command(_broken, "")}
    monkeypatch.delenv("BONEYARD_DEBUG", raising=False)
    assert launch(commands, "generator.cli:main", ["break"]) == INTERNAL_ERROR
    err = capsys.readouterr().err
    assert "internal error (RuntimeError: a fault in our code)" in err and "Traceback" not in err
    monkeypatch.setenv("BONEYARD_DEBUG", "1")
    with pytest.raises(RuntimeError):
        launch(commands, "generator.cli:main", ["break"])
