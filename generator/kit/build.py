"""`cards build`: a game's whole kit: decks (composed, imposed, written as PDF and SVG), boards,
tokens, dice and sheets (generator.pieces), the rulebook, PRINTING.md and kit.json.
What the kit holds is planned in kit/plan.py and written by kit/write.py.

A game whose data cannot build (text that does not fit, a bad sheet, a bad option) fails
before its first file is written; the rulebook comes after its decks and pieces. Every file is
written to a temporary name, and all of a kit's files are moved into place only once every one
is written (generator.atomic.Staging): a failed or killed build leaves the previous kit exactly
as it was, and the next build removes the temporaries a killed one left.

Builds are incremental (kit/state.py): an output whose fingerprint and files are unchanged since
the last build is not written again, nor is the rulebook of a game whose files did not change;
PRINTING.md and kit.json are replaced only when their text changes. ``options.force`` builds all.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..atomic import Staging, clean_strays, staged
from ..errors import BuildError, GameDataError
from ..model.loader import LoadedGame
from ..options import BuildOptions
from ..paths import OUTPUT_DIR
from ..pieces.plan import Selection
from ..pieces.plan import plan as plan_pieces
from ..pieces.settings import PieceSettings
from .files import WrittenFile, write_kit_json
from .plan import RULEBOOK_PARTS, plan_kit
from .printing import write_printing_md
from .state import (
    RULEBOOK,
    Entry,
    KitState,
    drawing_key,
    face_keys,
    kit_key,
    output_key,
    read_state,
    rulebook_key,
    stats_of,
    write_state,
)
from .write import write_outputs


@dataclass
class BuildResult:
    game: str
    out_dir: Path
    files: list[WrittenFile] = field(default_factory=list)
    rebuilt: list[str] = field(default_factory=list)  # the files this build wrote (the others were up to date)
    entries: dict[str, Entry] = field(default_factory=dict)  # output name -> its fingerprint and files


def _keep_if_same(stage: Staging, *targets: Path) -> None:
    """A staged file whose bytes equal the file in place is dropped: the file in place stays untouched."""
    for target in targets:
        temp = stage.staged_temp(target)
        if temp is not None and _same_bytes(Path(target), temp):
            stage.unstage(target)


def _same_bytes(one: Path, other: Path) -> bool:
    """Compared a block at a time: kit.json lists every SVG face of a deck (3 MB for 10,000)."""
    try:
        with open(one, "rb") as first, open(other, "rb") as second:
            while True:
                block = first.read(1 << 16)
                if block != second.read(1 << 16):
                    return False
                if not block:
                    return True
    except OSError:
        return False


def build_kits(games: list[LoadedGame], options: BuildOptions,
               progress: Callable[[str], None] = lambda message: None) -> tuple[list[BuildResult], list[str]]:
    """The whole kit of several games: each game's decks and pieces, then the rulebooks of the
    games that built (in parallel, as they are the slow part), then PRINTING.md and kit.json.
    Returns the results and the problems of the games that could not be built (the others are
    built regardless; a game that fails on its data writes nothing)."""
    PieceSettings.from_options(options)  # bad --die-size, --board-size ...: refused before any write
    ids = [loaded.game.id for loaded in games]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise BuildError(f"two game folders have the id {', '.join(repr(i) for i in twice)}: their kits would "
                         "overwrite each other in the output folder; give one of them another id in its game.yaml")
    problems: list[str] = []
    results: list[BuildResult] = []
    built: list[LoadedGame] = []
    stages: dict[str, Staging] = {}  # each game's kit is staged whole, and committed last
    out_root = options.out_dir or OUTPUT_DIR
    states: dict[str, KitState] = {}
    kit_keys = {loaded.game.id: None if options.only else kit_key(loaded.game.root, options, out_root)
                for loaded in games}  # taken before anything is written: an edit during the build is seen next time
    wanted = options.rulebook and "pdf" in options.formats and (
        not options.only or any(name in RULEBOOK_PARTS for name in options.only))
    try:
        for loaded in games:
            out_dir = out_root / loaded.game.id
            clean_strays(out_dir)  # temporaries of builds killed earlier
            states[loaded.game.id] = KitState() if options.force else read_state(out_dir)
            stages[loaded.game.id] = Staging(out_dir)
        every_stage = dict(stages)
        early = None
        if wanted and len(games) > 1 and options.jobs != 1:
            # The rulebooks are the slow part: their worker processes start now, while this process
            # builds the decks and pieces; a game whose decks fail has its rulebook thrown away.
            from concurrent.futures import ThreadPoolExecutor

            with ThreadPoolExecutor(1) as helper:
                early = helper.submit(_rulebooks, list(games), options, progress, problems, every_stage, states)
                _build_decks(games, options, progress, stages, states, results, built, problems)
        else:
            _build_decks(games, options, progress, stages, states, results, built, problems)
        if early is not None:
            rulebooks, keys = early.result()
            for game_id, stage in every_stage.items():
                if game_id not in stages:  # its decks failed: its rulebook files go too
                    stage.abort()
        elif wanted and built:
            rulebooks, keys = _rulebooks(built, options, progress, problems, stages, states)
        if wanted and built:
            for result, loaded in zip(results, built):
                extra = rulebooks.get(result.game)
                if not extra:  # its rulebook failed: the game's previous kit stays as it was
                    stages.pop(result.game).abort()
                    continue
                if result.game in keys:  # built now, not kept
                    result.entries[RULEBOOK] = Entry(keys[result.game] or "", list(extra))
                    result.rebuilt += [f.path for f in extra]
                else:
                    result.entries[RULEBOOK] = states[result.game].entries[RULEBOOK]
                result.files = [f for f in result.files if f.path != "PRINTING.md"] + extra
                stage = stages[result.game]
                with stage.active():
                    if not options.only:  # PRINTING.md describes the whole kit: only a full build writes it
                        result.files.append(write_printing_md(loaded, result.files, result.out_dir))
                    write_kit_json(result.out_dir, result.game, result.files)
                _keep_if_same(stage, result.out_dir / "PRINTING.md", result.out_dir / "kit.json")
    except BaseException:
        for stage in stages.values():
            stage.abort()
        raise
    for stage in stages.values():  # every file of every kit is written: now they replace the old ones
        stage.commit()
    results = [r for r in results if r.game in stages]
    for result, loaded in zip(results, [g for g in games if g.game.id in stages]):
        _save_state(result, loaded, states[result.game], kit_keys[result.game], options)
    return results, problems


def _build_decks(games: list[LoadedGame], options: BuildOptions, progress, stages: dict[str, Staging],
                 states: dict[str, KitState], results: list[BuildResult], built: list[LoadedGame],
                 problems: list[str]) -> None:
    """Each game's decks and pieces into its staging; a game that fails is dropped from ``stages``."""
    for loaded in games:
        stage = stages[loaded.game.id]
        try:
            with stage.active():
                results.append(build_game(loaded, options, progress, states[loaded.game.id]))
            built.append(loaded)
        except (BuildError, GameDataError) as exc:
            stage.abort()
            del stages[loaded.game.id]
            problems.append(f"cannot build {loaded.game.id}:\n{exc}")


def _rulebooks(built: list[LoadedGame], options: BuildOptions, progress, problems: list[str],
               stages: dict[str, Staging], states: dict[str, KitState]):
    """Each game's rulebook files: kept when the game's files did not change since they were
    built, else built (in parallel) and imposed as a booklet. Returns the files per game and the
    keys of the rulebooks built now."""
    out_root = options.out_dir or OUTPUT_DIR
    kept: dict[str, list[WrittenFile]] = {}
    keys: dict[str, str | None] = {}
    todo = []
    for loaded in built:
        key = None if options.force else rulebook_key(loaded.game.root, options, out_root)
        entry = states[loaded.game.id].fresh(RULEBOOK, key, out_root / loaded.game.id)
        if entry is not None:
            kept[loaded.game.id] = entry.written()
            progress(f"{loaded.game.id}: rulebook up to date")
        else:
            todo.append(loaded)
            keys[loaded.game.id] = key
    rulebooks: dict[str, list[WrittenFile]] = {}
    if todo:
        from ..rulebook import build_rulebooks

        # An A5 rulebook is also imposed as a booklet on the build's paper, in its rulebook's worker.
        rulebooks = build_rulebooks(todo, out_root, options.book, options.jobs, progress, errors_out=problems,
                                    stages=stages, booklet=options.paper)
    return rulebooks | kept, {game_id: key for game_id, key in keys.items() if game_id in rulebooks}


def _save_state(result: BuildResult, loaded: LoadedGame, previous: KitState, key: str | None,
                options: BuildOptions) -> None:
    """After the kit is in place: each output's key and its files' sizes and times, for the next build."""
    from ..scene.fonts import STYLE_FILES

    out_dir = result.out_dir
    entries = dict(previous.entries)
    if not options.only:  # a full build: outputs no longer planned are forgotten
        entries = {name: e for name, e in entries.items() if name == RULEBOOK}
    entries.update(result.entries)
    fonts = tuple(f"fonts/{name}" for name in [*STYLE_FILES.values(), "LICENSE-Lato-OFL.txt"])
    for name, entry in entries.items():
        entry.stats = stats_of(out_dir, entry.written(), fonts if name == RULEBOOK else ())
    complete = not options.only and (RULEBOOK in result.entries or not (options.rulebook and "pdf" in options.formats))
    state = KitState(str(loaded.game.root), key if complete else None, entries,
                     stats_of(out_dir, [WrittenFile(p, [], "", 0, None, "") for p in ("PRINTING.md", "kit.json")]))
    write_state(out_dir, state)


def build_game(loaded: LoadedGame, options: BuildOptions,
               progress: Callable[[str], None] = lambda message: None, state: KitState | None = None) -> BuildResult:
    """Decks and pieces of one game, PRINTING.md and kit.json. Everything is composed (and every
    problem found) before the first file is written; outputs ``state`` says are up to date are kept."""
    game = loaded.game
    out_root = options.out_dir or OUTPUT_DIR
    out_dir = out_root / game.id
    result = BuildResult(game.id, out_dir)
    if state is None:
        state = KitState() if options.force else read_state(out_dir)
    only = tuple(name for name in options.only if name not in RULEBOOK_PARTS)
    if options.only and not only:  # just the rulebook: no decks or pieces
        return result
    if only:
        Selection(game, only)  # an unknown --only name fails before anything is written
        options = replace(options, only=only)
    outputs = plan_kit(loaded, options)
    drawing = drawing_key(game, options, out_root)
    with staged(out_dir) as stage:  # nothing replaces the previous kit until every file is written
        for output in outputs:
            key = None if options.force else output_key(output, drawing)
            entry = state.fresh(output.name, key, out_dir)
            if entry is None:
                # The PDF first: the SVG faces' keys (one a card) are not held while it is drawn.
                svg = ("svg",) if "svg" in options.formats else ()
                files = write_outputs(game, [output], out_dir, tuple(f for f in options.formats if f not in svg),
                                      options.bleed, progress)
                faces = face_keys(output, drawing) if svg else {}
                kept = set() if options.force else state.kept_faces(output.name, faces, out_dir)
                files += write_outputs(game, [output], out_dir, svg, options.bleed, progress, kept)
                entry = Entry(key or "", files, faces=faces)
                result.rebuilt += [f.path for f in files if f.path not in kept]
            result.entries[output.name] = entry
            result.files += entry.written()
        if not options.only:  # PRINTING.md describes the whole kit: a partial build leaves it alone
            result.files.append(write_printing_md(loaded, result.files, out_dir))
        write_kit_json(out_dir, game.id, result.files)
        _keep_if_same(stage, out_dir / "PRINTING.md", out_dir / "kit.json")
    return result


def build_pieces(loaded: LoadedGame, options: BuildOptions,
                 progress: Callable[[str], None] = lambda message: None) -> list[WrittenFile]:
    """Compose and write every printable piece of a game that is not a card; return the files written."""
    settings = PieceSettings.from_options(options)
    out_dir = (options.out_dir or OUTPUT_DIR) / loaded.game.id
    planned = plan_pieces(loaded, settings)
    with staged(out_dir):
        return write_outputs(loaded.game, planned, out_dir, settings.formats, settings.bleed, progress)
