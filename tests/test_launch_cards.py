"""`cards build`'s fast path (generator/entry.py): plain command lines skip Typer and answer exactly
as the Typer command does (every option and its default, errors, exit codes, the files written);
anything unusual is left to Typer. Helpers from tests/test_launch.py, which holds the referee's."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_launch import CARDS, REPO, TyperApp, _env, _run, _warm

from generator.entry import COMMANDS
from generator.new_game import TEMPLATE
from tests import warm

BUILD = COMMANDS["build"]


@pytest.fixture(scope="module")
def typer_cards() -> TyperApp:
    """`cards`' Typer app, warm (tests/warm.py): this worker's, shared with test_launch.py."""
    return warm.typer_app("cards")


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """The `cards new` starter game, outside the repository."""
    folder = tmp_path_factory.mktemp("designer") / "my-game"
    shutil.copytree(TEMPLATE, folder)
    return folder


def _same_words(result: tuple[int, str, str], out: Path) -> tuple[int, str, str]:
    """A build's answer without what differs between two runs: its output folder and its time."""
    code, stdout, stderr = result
    clean = [re.sub(r"done in \d+\.\d s", "done in N s", text.replace(str(out), "OUT")) for text in (stdout, stderr)]
    return code, clean[0], clean[1]


def _bytes(path: Path, out: Path) -> bytes:
    return path.read_bytes().replace(str(out).encode(), b"OUT")


# -- which command lines the fast path reads ----------------------------------------------------

def test_a_plain_build_line_is_read_with_every_default_left_to_the_command():
    values = BUILD.parse(["a", "b", "--only", "x", "--only=y", "-q", "--no-bleed", "--die-size", "12.5", "--jobs=2"])
    assert values["words"] == ["a", "b"] and values["only"] == ["x", "y"] and values["quiet"] is True
    assert values["bleed"] is False and values["die_size"] == 12.5 and values["jobs"] == 2
    assert values["rulebook"] is None and values["paper"] is None and values["force"] is False
    assert BUILD.parse(["--rulebook"])["rulebook"] is True and BUILD.parse([])["bleed"] is None


@pytest.mark.parametrize("argv", [
    ["--bleed", "--no-bleed"], ["--no-bleed", "--no-bleed"], ["--die-size", "1e1"], ["--die-size", "inf"],
    ["--board-overlap", ".5"], ["--jobs", "two"], ["--force=1"], ["--colour", "red"], ["--out"], ["-qx"],
    ["--back-offset", "-1,0"], ["--paper", "a4", "--paper", "letter"],
])
def test_anything_unusual_is_left_to_typer(argv):
    assert BUILD.parse(argv) is None


# -- both paths answer alike ---------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("--paper", "a3"), ("--format", "png"), ("--format", "pdf,tts"), ("--layout", "sideways"),
    ("--back-offset", "30,0"), ("--back-offset=1;2"), ("--back-offset", "nan,0"), ("--book", "b6"),
    ("--tts-url", "http://example.org/"), ("--die-size", "0"), ("--board-size", "tiny"),
    ("--die-size", "1e1", "--book", "b6"), ("--colour", "red"), ("--jobs", "-1", "--paper", "A3"),
])
def test_bad_options_answer_as_the_typer_command(tmp_path, typer_cards, game, args):
    env = _env(tmp_path)
    line = ("build", str(game), "--out", str(tmp_path / "out"), "--no-rulebook", "--format", "pdf", *args)
    fast = _warm("cards", env, *line)
    assert "Traceback" not in fast[2]
    assert fast == typer_cards.run(env, *line)


def test_a_missing_game_and_an_unwritable_folder_answer_as_the_typer_command(tmp_path, typer_cards, game):
    env = _env(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for line in (("build", "no-such-game"), ("build", str(game), "--no-rulebook", "--out", str(blocker / "out"))):
        fast = _warm("cards", env, *line)
        assert fast[0] == 2 and "Traceback" not in fast[2], fast
        assert fast == typer_cards.run(env, *line)


@pytest.mark.parametrize("args", [
    ("--no-rulebook", "--format", "pdf", "--layout", "gutterfold", "--paper", "letter", "--no-bleed"),
    ("--no-rulebook", "-q", "--back-offset", "1.5,0", "--die-size", "18", "--board-overlap=12", "--ink-saver"),
    ("--no-rulebook", "--format", "tts", "--only", "actions"),
])
def test_a_build_writes_and_says_the_same_on_both_paths(tmp_path, typer_cards, game, args):
    env = _env(tmp_path)
    answers, files = [], []
    # the fast path through the warm entry point: what starting the script itself does is
    # test_the_fast_path_does_not_import_typer's, which builds with the real script
    for name, run in (("fast", lambda *a: _warm("cards", env, *a)), ("typer", lambda *a: typer_cards.run(env, *a))):
        out = tmp_path / name
        line = ("build", str(game), "--out", str(out), *args)
        answers.append(_same_words(run(*line), out))
        answers.append(_same_words(run(*line), out))  # again, with nothing changed: up to date
        files.append({str(p.relative_to(out)): _bytes(p, out) for p in out.rglob("*") if p.is_file()})
        pages = {p.name: len(PdfReader(p).pages) for p in out.rglob("*.pdf")}
        for pdf, count in pages.items():
            assert re.search(rf"{re.escape(pdf)}\s+{count} pages?", answers[-2][1]) or "-q" in args, (pdf, answers)
    assert answers[0][0] == 0, answers[0]
    assert answers[0] == answers[2] and answers[1] == answers[3]
    assert files[0].keys() == files[1].keys() and files[0]
    # the same options drew the same files (the state file records when each was written)
    assert [name for name in files[0] if files[0][name] != files[1][name] and ".kit-state" not in name] == []
    if "--format" in args and "tts" not in args:
        assert "up to date: no file rewritten" in answers[1][1]


def test_the_fast_path_does_not_import_typer(tmp_path, game):
    """The point of it: a plain `cards build` line never imports Typer (nor click inside it)."""
    probe = tmp_path / "modules"
    script = (f"import atexit, sys; atexit.register(lambda: open({str(probe)!r}, 'w').write("
              "' '.join(m for m in sys.modules if m.split('.')[0] in ('typer', 'click'))))\n"
              "sys.argv[0] = 'cards'; from generator.entry import main; main()")
    done = subprocess.run([sys.executable, "-c", script, "build", str(game), "--no-rulebook", "--format", "pdf",
                           "--out", str(tmp_path / "out"), "-q"], cwd=REPO, env=_env(tmp_path),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert probe.read_text() == ""
    assert list((tmp_path / "out").rglob("*.pdf"))


def test_every_option_of_the_typer_command_has_its_place_in_the_fast_path():
    """An option added to the Typer command without a line in generator/entry.py would be left to
    Typer on every command line that gives it, and break the fast path's call on every other one."""
    import inspect

    from generator import build_command, cli, entry

    typer_side = set(inspect.signature(cli.build).parameters) - {"games"}
    fast_side = {spec if isinstance(spec, str) else spec[0] for spec in (*entry.BUILD_OPTIONS.values(),
                                                                           *entry.BUILD_FLAGS.values())}
    assert typer_side == fast_side == set(inspect.signature(build_command.build).parameters) - {"games"}
    assert set(inspect.signature(entry.build).parameters) == fast_side | {"words"}


def test_validate_answers_alike_on_both_paths(tmp_path, typer_cards, game):
    """`cards validate` reads its plain lines without Typer too: a good game, a missing one, a
    broken one and several at once say the same words with the same exit code either way."""
    env = _env(tmp_path)
    broken = tmp_path / "broken"
    shutil.copytree(game, broken)
    (broken / "game.yaml").write_text((broken / "game.yaml").read_text() + "\nshpae: circle\n")
    assert COMMANDS["validate"].parse([str(game), "runeblade"]) == {"words": [str(game), "runeblade"]}
    assert COMMANDS["validate"].parse([str(game), "--jobs", "2"]) is None  # no such option: Typer says so
    lines = [("validate", str(game)), ("validate", "no-such-game"), ("validate", str(broken)),
             ("validate", str(game), str(broken))]
    for line in lines:
        fast = _warm("cards", env, *line)
        assert "Traceback" not in fast[2], fast
        assert fast == typer_cards.run(env, *line), line
    assert _run(CARDS, env, *lines[0])[0] == 0 and _run(CARDS, env, *lines[2])[0] == 2  # the real script too
