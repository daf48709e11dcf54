from __future__ import annotations

import fcntl
import gc
import importlib.util
import json
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from generator.new_game import TEMPLATE

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


# --- the order the files run in -------------------------------------------------------------------

# `make test` hands whole files to its workers (--dist loadfile) in the order they were collected, and
# the run ends when the last file does: the longest files go first, so the many short ones fill in at
# the end. (The Makefile's --no-loadscope-reorder keeps this order: xdist would otherwise sort the
# files by how many tests they hold, which put the longest, of two or three tests each, last.)
# Ordered by the time each took in a two-worker run (round 8, near its end), from 18 s
# (test_player_aids, with the five real rulebooks) down to 3 s; test_rulebook_breaks, which reads
# the same five books, right after it, so that the first two workers build them between them
# (real_rulebook). mypy (test_typecheck, ~9 s cold in a fresh clone) goes out before them all, so
# that it runs beside tests instead of before them. The two longest playout files (played in their
# worker's own process: tests/playouts.py) go out early too. Files not named keep their places after these.
LONGEST_FIRST = (
    "test_typecheck.py", "test_player_aids.py", "test_rulebook_breaks.py", "test_ask_questions.py",
    "test_rulebook.py", "test_hostile_kits.py", "test_referee_bone_strike.py", "test_launch_cards.py", "test_ganging.py",
    "test_referee_rattlebones.py", "test_incremental.py",
    "test_launch.py", "test_quickref_boxes.py", "test_gutterfold_ganging.py", "test_readme.py", "test_warm.py",
    "test_yaml_marks.py", "test_referee_ribbon_of_bone.py", "test_dice_cli.py", "test_pdf_memory.py",
    "test_referee_sessions.py", "test_rulebook_min_content.py", "test_cards_cli.py", "test_sheet_keys.py",
    "test_pieces.py",
)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to start, naming the apt line, on a machine without WeasyPrint's system libraries:
    the rulebook tests would otherwise fail one by one on a warning about fonts."""
    if not hasattr(session.config, "workerinput"):
        libraries = _system_libraries()
        if missing := libraries.missing_packages():
            pytest.exit(f"this machine lacks the system packages {', '.join(missing)}, which WeasyPrint "
                        f"needs for the rulebooks: run apt-get install {' '.join(libraries.REQUIRED.values())} "
                        f"(README, first lines) and then make test again", returncode=4)
    # In a process that runs tests, before the test modules bind `load`: each process reads each
    # content game once. `make test`'s controlling process (xdist's dsession) runs none, and so
    # imports no game model: this file imports the generator only in its fixtures.
    if not session.config.pluginmanager.hasplugin("dsession"):
        from tests.content_loads import share_content_loads

        share_content_loads()


def _system_libraries() -> ModuleType:
    """generator/rulebook/system_libraries.py (standard library only) read from its file, not
    imported through its package, whose __init__ imports the game model: `make test`'s
    controlling process, which runs no test, 1.20 -> 0.75 s of CPU."""
    spec = importlib.util.spec_from_file_location("_boneyard_system_libraries",
                                                  REPO / "generator" / "rulebook" / "system_libraries.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    place = {name: number for number, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: place.get(item.path.name, len(place)))  # stable: a file's tests keep their order


def pytest_configure(config: pytest.Config) -> None:
    """No garbage collection while a process that runs tests collects them: the imports and the
    ~2,000 items it makes live to the end of the run, and the collector walked them again and
    again as they grew (collection 4.1 -> 3.8 s of CPU). pytest_collection_finish collects once and
    turns it back on. Not in `make test`'s controlling process, which collects nothing."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        gc.disable()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what the process holds once every test module is imported (the libraries, the models,
    ~2,000 collected tests) out of the garbage collector's sight (gc.freeze, as tests/warm.py's
    server does before it forks): it lives to the end of the run anyway, and each full collection
    the tests set off would walk all of it again. Garbage left by the imports is collected first;
    what the tests make is collected as ever."""
    gc.collect()
    gc.freeze()
    gc.enable()


@pytest.fixture(scope="module")
def module_ask_cache(tmp_path_factory) -> Iterator[Path]:
    """`referee ask`'s indexes in a temporary cache, never the user's: one for the whole run,
    shared by every module and xdist worker (an index is written atomically, and a game folder's
    index is the same whoever builds it; tests that damage an index use a cache of their own), so
    the games are indexed once a run, not once a module. Indexes held open are forgotten before
    and after each module. Yields the cache folder."""
    from referee.ask import store

    cache = _run_root(tmp_path_factory) / "ask-cache"
    cache.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BONEYARD_CACHE", str(cache))
        store.forget()
        yield cache
        store.forget()


@pytest.fixture
def starter_game(tmp_path: Path) -> Path:
    """The `cards new` starter game, in a folder outside the repository."""
    folder = tmp_path / "designer" / "my-game"
    shutil.copytree(TEMPLATE, folder)
    return folder


@pytest.fixture(scope="session")
def built_starter(tmp_path_factory) -> dict:
    """The starter game built once per layout and paper, for read-back tests."""
    from generator.kit.build import build_game
    from generator.model.loader import load
    from generator.options import BuildOptions

    base = tmp_path_factory.mktemp("built")
    folder = base / "starter"
    shutil.copytree(TEMPLATE, folder)
    loaded = load(folder)
    results = {}
    for paper in ("a4", "letter"):
        for layout in ("duplex", "gutterfold", "single"):
            out = base / f"out-{paper}-{layout}"
            formats = ("pdf", "svg") if (paper, layout) == ("a4", "duplex") else ("pdf",)  # the SVGs read back
            results[(paper, layout)] = build_game(loaded, BuildOptions(paper=paper, layout=layout, formats=formats,
                                                                       out_dir=out))
    results["offset"] = build_game(loaded, BuildOptions(back_offset=(1.5, -0.5), formats=("pdf",), out_dir=base / "offset"))
    return results


PROVING_DECKS = ["runes-and-bones", "ribbon-of-bone"]  # the real decks the foundation is proven on


@pytest.fixture(scope="session")
def built_real(real_kit) -> dict:
    """game id -> its A4 duplex PDF kit (``out_dir``, ``files`` as its kit.json lists them): the
    run's shared builds (real_kit), which test_ganging and test_paper_backs read too."""
    from generator.kit.files import WrittenFile

    found = {}
    for game in PROVING_DECKS:
        out = real_kit(game)
        entries = json.loads((out / "kit.json").read_text(encoding="utf-8"))["files"]
        found[game] = SimpleNamespace(out_dir=out, files=[WrittenFile(**entry) for entry in entries])
    return found


# --- the real games' rulebooks, built once per test run ----------------------------------------


def _run_root(tmp_path_factory) -> Path:
    """A folder every xdist worker of this run shares (each worker's basetemp is popen-gwN inside
    it); without xdist, the run's own basetemp. Either is fresh for each run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if base.name.startswith("popen-gw") else base


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if need be): one process builds, the others wait."""
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _built_once(root: Path, name: str, build: Callable[[Path], object]) -> Path:
    """``root / name``, made by ``build(root / name)`` once per test run: the first process to ask
    builds while the others wait on its lock; a build that failed or was cut short is done again."""
    out = root / name
    with _locked(root / f"{name}.lock"):
        if not (out / ".complete").exists():
            _build(out, build)
    return out


def _build(out: Path, build: Callable[[Path], object]) -> None:
    shutil.rmtree(out, ignore_errors=True)
    build(out)
    (out / ".complete").touch()


def _built_unless_busy(root: Path, name: str, build: Callable[[Path], object]) -> bool:
    """Build ``root / name`` now if nobody has: True when this process built it; False at once,
    without waiting, when it is built or another process holds its lock."""
    out = root / name
    if (out / ".complete").exists():
        return False
    with open(root / f"{name}.lock", "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        try:
            if (out / ".complete").exists():
                return False
            _build(out, build)
            return True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def real_kit(tmp_path_factory) -> Callable[..., Path]:
    """``real_kit(game_id, paper="a4", layout="duplex")`` -> the folder of that content game's kit
    as `cards build --format pdf --no-rulebook` writes it (kit.json, PRINTING.md, every PDF).

    Built once per test run and shared by every test file and xdist worker that asks for it
    (test_ganging, test_paper_backs, test_gutterfold_ganging and test_paper_sheets read the same
    kits). Read it, never change it: copy it first to change anything."""
    from generator.kit.build import build_game
    from generator.model.loader import load
    from generator.options import BuildOptions

    root = _run_root(tmp_path_factory) / "real-kits"
    root.mkdir(exist_ok=True)

    def built(game_id: str, paper: str = "a4", layout: str = "duplex") -> Path:
        def build(out: Path) -> None:
            build_game(load(game_id), BuildOptions(paper=paper, layout=layout, formats=("pdf",), rulebook=False,
                                                   out_dir=out))

        return _built_once(root, f"{game_id}-{paper}-{layout}", build) / game_id

    return built


@pytest.fixture(scope="session")
def starter_pair(tmp_path_factory) -> SimpleNamespace:
    """The `cards new` starter game built whole (PDF and SVG, rulebook, quick reference and booklet)
    in one build with --jobs 2 beside a copy of it whose Dash cannot fit: ``game`` and ``other``
    (their folders), ``out`` (the output folder), ``built`` (the ids of the games that built),
    ``problems`` and ``files`` (the starter's kit files, WrittenFile, as the build returned them).

    With two games and two jobs the rulebooks are built in worker processes started beside the
    decks: the kit test_hostile_kits starts every build from (and holds to a --jobs 1 build), and
    the build test_incremental reads for what a game whose decks fail leaves. Built once per test
    run, shared by every worker (its rulebook workers cost seconds of CPU). Read it, never
    change it: copy it first to build on it."""
    from generator.kit.build import build_kits
    from generator.kit.files import WrittenFile
    from generator.model.loader import load
    from generator.options import BuildOptions

    def build(base: Path) -> None:
        game, other = base / "designer" / "my-game", base / "designer" / "other-game"
        shutil.copytree(TEMPLATE, game)
        shutil.copytree(TEMPLATE, other)
        cards = other / "cards.yaml"
        cards.write_text(cards.read_text().replace("name: Dash", "name: " + "Dash " * 80))  # cannot fit
        results, problems = build_kits([load(game), load(other)], BuildOptions(out_dir=base / "out", jobs=2))
        outcome = {"built": [r.game for r in results], "problems": problems,
                   "files": [f.as_json() for r in results for f in r.files]}
        (base / "outcome.json").write_text(json.dumps(outcome), encoding="utf-8")

    base = _built_once(_run_root(tmp_path_factory), "starter-pair", build)
    outcome = json.loads((base / "outcome.json").read_text(encoding="utf-8"))
    return SimpleNamespace(game=base / "designer" / "my-game", other=base / "designer" / "other-game",
                           out=base / "out", built=outcome["built"], problems=outcome["problems"],
                           files=[WrittenFile(**entry) for entry in outcome["files"]])


@pytest.fixture(scope="session")
def real_rulebook(tmp_path_factory) -> RealRulebooks:
    """``real_rulebook(game_id, book="a5")`` -> the folder holding that content game's rulebook.pdf,
    rulebook.html (with fonts/) and quickref.pdf, as `cards build` writes them;
    ``real_rulebook.quick_build(game_id, book="a5")`` -> what that build did on the way to its
    quick reference (``RealRulebooks.quick_build``).

    Each (game, book) is built once per test run and shared by every test file and every xdist
    worker that asks for it (a rulebook is the slowest thing a kit holds: seconds of WeasyPrint
    each). The folder is shared: read it, never change it; copy it first to change anything.
    Games are read from content/, which no test edits (tests that change a game copy it)."""
    from generator.model.loader import list_game_ids, load
    from generator.rulebook import build_rulebooks

    root = _run_root(tmp_path_factory) / "real-rulebooks"
    root.mkdir(exist_ok=True)

    def maker(game_id: str, book: str) -> Callable[[Path], object]:
        def build(out: Path) -> None:
            with _quick_build_kept() as kept:
                build_rulebooks([load(game_id)], out, book, jobs=1)
            (out / QUICK_BUILD).write_text(json.dumps(kept), encoding="utf-8")

        return build

    def built(game_id: str, book: str = "a5") -> Path:
        name = f"{game_id}-{book}"
        if book == "a5" and int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
            # Another worker is building this book: build one of the others nobody has started
            # (test_player_aids and test_rulebook_breaks read all five) instead of waiting idle.
            for other in (game_id, *list_game_ids()):
                if (root / name / ".complete").exists():
                    break
                try:
                    _built_unless_busy(root, f"{other}-a5", maker(other, "a5"))
                except Exception:  # another game's book that fails fails the tests that read it, not this one
                    if other == game_id:
                        raise
        return _built_once(root, name, maker(game_id, book)) / game_id

    return RealRulebooks(built)


QUICK_BUILD = "quick-build.json"  # beside a real rulebook's game folder


class RealRulebooks:
    """What ``real_rulebook`` hands out: called, a book's folder (built if need be)."""

    def __init__(self, built: Callable[[str, str], Path]):
        self._built = built

    def __call__(self, game_id: str, book: str = "a5") -> Path:
        return self._built(game_id, book)

    def quick_build(self, game_id: str, book: str = "a5") -> dict:
        """What the build that wrote the book's quick reference did: ``heights``, its blocks' heights
        at its smallest type size as it measured them (test_player_aids's room check reads them
        instead of laying the blocks out again), and ``moved``, whether each page laid out with
        holds took the measured blocks (test_quickref_boxes)."""
        return json.loads((self(game_id, book).parent / QUICK_BUILD).read_text(encoding="utf-8"))


@contextmanager
def _quick_build_kept() -> Iterator[dict]:
    """Keep what quick references built inside do (``RealRulebooks.quick_build``): in an A5 book,
    the only one whose heights tests read, the first strip is at the smallest type size
    (quickref.build_quickref measures there first; A4 and Letter measure the largest first)."""
    from generator.rulebook import quickref, quickref_boxes

    kept: dict = {"heights": None, "moved": []}
    strip, move = quickref._strip, quickref_boxes.move_into_holds

    def measuring(*args, **kwargs):
        result = strip(*args, **kwargs)
        if kept["heights"] is None:
            kept["heights"] = list(result[0])
        return result

    def moving(*args, **kwargs):
        result = move(*args, **kwargs)
        kept["moved"].append(result is not None)
        return result

    quickref._strip, quickref_boxes.move_into_holds = measuring, moving
    try:
        yield kept
    finally:
        quickref._strip, quickref_boxes.move_into_holds = strip, move
