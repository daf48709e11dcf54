"""`cards build`: a game's whole kit: decks (composed, imposed, written as PDF and SVG), boards,
tokens, dice and sheets (generator.pieces), the rulebook, PRINTING.md and kit.json.
What the kit holds is planned in kit/plan.py and written by kit/write.py.

A game whose data cannot build (text that does not fit, a bad sheet, a bad option) fails
before its first file is written; the rulebook comes after its decks and pieces. Every file is
written to a temporary name, and all of a kit's files are moved into place only once every one
is written (generator.atomic.Staging): a failed or killed build leaves the previous kit exactly
as it was, and the next build removes the temporaries a killed one left.
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
from .write import write_outputs


@dataclass
class BuildResult:
    game: str
    out_dir: Path
    files: list[WrittenFile] = field(default_factory=list)


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
    try:
        for loaded in games:
            out_dir = (options.out_dir or OUTPUT_DIR) / loaded.game.id
            clean_strays(out_dir)  # temporaries of builds killed earlier
            stage = stages[loaded.game.id] = Staging(out_dir)
            try:
                with stage.active():
                    results.append(build_game(loaded, options, progress))
                built.append(loaded)
            except (BuildError, GameDataError) as exc:
                stage.abort()
                del stages[loaded.game.id]
                problems.append(f"cannot build {loaded.game.id}:\n{exc}")
        wanted = options.rulebook and "pdf" in options.formats and (
            not options.only or any(name in RULEBOOK_PARTS for name in options.only))
        if wanted and built:
            from ..rulebook import build_rulebooks

            rulebooks = build_rulebooks(built, options.out_dir or OUTPUT_DIR, options.book, options.jobs,
                                        progress, errors_out=problems, stages=stages)
            if options.book == "a5":
                _add_booklets(rulebooks, options, progress, stages)
            for result, loaded in zip(results, built):
                extra = rulebooks.get(result.game)
                if not extra:  # its rulebook failed: the game's previous kit stays as it was
                    stages.pop(result.game).abort()
                    continue
                result.files = [f for f in result.files if f.path != "PRINTING.md"] + extra
                with stages[result.game].active():
                    if not options.only:  # PRINTING.md describes the whole kit: only a full build writes it
                        result.files.append(write_printing_md(loaded, result.files, result.out_dir))
                    write_kit_json(result.out_dir, result.game, result.files)
    except BaseException:
        for stage in stages.values():
            stage.abort()
        raise
    for stage in stages.values():  # every file of every kit is written: now they replace the old ones
        stage.commit()
    results = [r for r in results if r.game in stages]
    return results, problems


def _add_booklets(rulebooks: dict[str, list[WrittenFile]], options: BuildOptions, progress,
                  stages: dict[str, Staging]) -> None:
    """An A5 rulebook also comes imposed as a fold-and-staple booklet on the build's paper."""
    from ..paper.booklet import impose_booklet

    for game_id, files in rulebooks.items():
        if not any(f.path == "rulebook.pdf" for f in files) or game_id not in stages:
            continue
        out_dir = (options.out_dir or OUTPUT_DIR) / game_id
        name = f"rulebook-booklet-{options.paper}.pdf"
        progress(f"{game_id}: rulebook booklet -> {name}")
        stage = stages[game_id]
        with stage.active():  # the rulebook is staged, not yet in place: read it where it is
            sides = impose_booklet(stage.current(out_dir / "rulebook.pdf"), out_dir / name, options.paper)
        files.append(WrittenFile(name, ["rulebook"], "booklet", sides, options.paper, "booklet"))


def build_game(loaded: LoadedGame, options: BuildOptions,
               progress: Callable[[str], None] = lambda message: None) -> BuildResult:
    """Decks and pieces of one game, PRINTING.md and kit.json. Everything is composed (and every
    problem found) before the first file is written."""
    game = loaded.game
    out_dir = (options.out_dir or OUTPUT_DIR) / game.id
    result = BuildResult(game.id, out_dir)
    only = tuple(name for name in options.only if name not in RULEBOOK_PARTS)
    if options.only and not only:  # just the rulebook: no decks or pieces
        return result
    if only:
        Selection(game, only)  # an unknown --only name fails before anything is written
        options = replace(options, only=only)
    outputs = plan_kit(loaded, options)
    with staged(out_dir):  # nothing replaces the previous kit until every file is written
        result.files += write_outputs(game, outputs, out_dir, options.formats, options.bleed, progress)
        if not options.only:  # PRINTING.md describes the whole kit: a partial build leaves it alone
            result.files.append(write_printing_md(loaded, result.files, out_dir))
        write_kit_json(out_dir, game.id, result.files)
    return result


def build_pieces(loaded: LoadedGame, options: BuildOptions,
                 progress: Callable[[str], None] = lambda message: None) -> list[WrittenFile]:
    """Compose and write every printable piece of a game that is not a card; return the files written."""
    settings = PieceSettings.from_options(options)
    out_dir = (options.out_dir or OUTPUT_DIR) / loaded.game.id
    planned = plan_pieces(loaded, settings)
    with staged(out_dir):
        return write_outputs(loaded.game, planned, out_dir, settings.formats, settings.bleed, progress)
