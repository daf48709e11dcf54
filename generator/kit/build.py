"""`cards build`: a game's whole kit: decks (composed, imposed, written as PDF and SVG), boards,
tokens, dice and sheets (generator.pieces), the rulebook, PRINTING.md and kit.json.

A game whose data cannot build (text that does not fit, a bad sheet, a bad option) fails
before its first file is written; the rulebook comes after its decks and pieces. Every file is
written to a temporary name and moved into place, so a failed build never leaves a truncated
file or destroys the previous good one.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from .atomic import atomic_path, write_text_atomic
from .compose import CardFaces, compose_deck
from .errors import BuildError, GameDataError
from .fonts import copy_fonts
from .impose import SheetSpec, impose
from .kit.files import WrittenFile, write_kit_json
from .loader import LoadedGame
from .options import BuildOptions
from .paths import OUTPUT_DIR


@dataclass
class BuildResult:
    game: str
    out_dir: Path
    files: list[WrittenFile] = field(default_factory=list)


def selected_decks(loaded: LoadedGame, only: tuple[str, ...]):
    """The decks --only names (directly or through a component); other names are pieces'."""
    game = loaded.game
    if not only:
        return list(game.decks)
    by_component = {c.id: c.ref for c in game.components if c.ref}
    wanted = {by_component.get(name, name) for name in only}
    return [d for d in game.decks if d.id in wanted]


def deck_file_name(deck_id: str, options: BuildOptions) -> str:
    if options.layout == "single":
        return f"{deck_id}-single.pdf"
    suffix = "" if options.layout == "duplex" else f"-{options.layout}"
    return f"{deck_id}-{options.paper}{suffix}.pdf"


RULEBOOK_PARTS = ("rulebook", "quickref")  # --only names that select the rulebook step


def build_kits(games: list[LoadedGame], options: BuildOptions,
               progress: Callable[[str], None] = lambda message: None) -> tuple[list[BuildResult], list[str]]:
    """The whole kit of several games: each game's decks and pieces, then the rulebooks of the
    games that built (in parallel, as they are the slow part), then PRINTING.md and kit.json.
    Returns the results and the problems of the games that could not be built (the others are
    built regardless; a game that fails on its data writes nothing)."""
    from .pieces.kit import PieceSettings

    PieceSettings.from_options(options)  # bad --die-size, --board-size ...: refused before any write
    ids = [loaded.game.id for loaded in games]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise BuildError(f"two game folders have the id {', '.join(repr(i) for i in twice)}: their kits would "
                         "overwrite each other in the output folder; give one of them another id in its game.yaml")
    problems: list[str] = []
    results: list[BuildResult] = []
    built: list[LoadedGame] = []
    for loaded in games:
        try:
            results.append(build_game(loaded, options, progress))
            built.append(loaded)
        except (BuildError, GameDataError) as exc:
            problems.append(f"cannot build {loaded.game.id}:\n{exc}")
    wanted = options.rulebook and "pdf" in options.formats and (
        not options.only or any(name in RULEBOOK_PARTS for name in options.only))
    if wanted and built:
        from .pieces import write_printing_md
        from .rulebook import build_rulebooks

        rulebooks = build_rulebooks(built, options.out_dir or OUTPUT_DIR, options.book, options.jobs,
                                    progress, errors_out=problems)
        if options.book == "a5":
            _add_booklets(rulebooks, options, progress)
        for result, loaded in zip(results, built):
            extra = rulebooks.get(result.game, [])
            if extra:
                result.files = [f for f in result.files if f.path != "PRINTING.md"] + extra
                if not options.only:  # PRINTING.md describes the whole kit: only a full build writes it
                    result.files.append(write_printing_md(loaded, result.files, result.out_dir))
                write_kit_json(result.out_dir, result.game, result.files)
    return results, problems


def _add_booklets(rulebooks: dict[str, list[WrittenFile]], options: BuildOptions, progress) -> None:
    """An A5 rulebook also comes imposed as a fold-and-staple booklet on the build's paper."""
    from .rulebook.booklet import impose_booklet

    for game_id, files in rulebooks.items():
        if not any(f.path == "rulebook.pdf" for f in files):
            continue
        out_dir = (options.out_dir or OUTPUT_DIR) / game_id
        name = f"rulebook-booklet-{options.paper}.pdf"
        progress(f"{game_id}: rulebook booklet -> {name}")
        sides = impose_booklet(out_dir / "rulebook.pdf", out_dir / name, options.paper)
        files.append(WrittenFile(name, ["rulebook"], "booklet", sides, options.paper, "booklet"))


def build_game(loaded: LoadedGame, options: BuildOptions,
               progress: Callable[[str], None] = lambda message: None) -> BuildResult:
    """Decks and pieces of one game, PRINTING.md and kit.json. Decks are composed first and
    pieces are composed before their files are written, so bad data fails before any write."""
    game = loaded.game
    out_dir = (options.out_dir or OUTPUT_DIR) / game.id
    result = BuildResult(game.id, out_dir)
    only = tuple(name for name in options.only if name not in RULEBOOK_PARTS)
    if options.only and not only:  # just the rulebook: no decks or pieces
        return result
    if only:
        from .pieces.kit import Selection

        Selection(game, only)  # an unknown --only name fails before anything is written
        options = replace(options, only=only)
    decks = selected_decks(loaded, options.only)
    icons = {icon_id: info.file for icon_id, info in game.icons.items() if info.file}

    # Compose everything first: every card that fails is reported before anything is written.
    composed: dict[str, list[CardFaces]] = {}
    problems = []
    for deck in decks:
        try:
            composed[deck.id] = compose_deck(game, deck, loaded.layouts)
        except BuildError as exc:
            problems.append(str(exc))
    if problems:
        raise BuildError("\n".join(problems))

    from .pieces import build_pieces, write_printing_md

    piece_files = build_pieces(loaded, options, progress)  # composes all pieces, then writes them
    spec = SheetSpec(paper=options.paper, layout=options.layout, bleed=options.bleed,
                     back_offset_mm=options.back_offset)
    if "pdf" in options.formats:
        from .backends.pdf import write_pdf  # reportlab only when a PDF is written

        for deck in decks:
            pages = impose(composed[deck.id], spec)
            name = deck_file_name(deck.id, options)
            progress(f"{game.id}: {deck.name} ({deck.total} cards) -> {name}")
            with atomic_path(out_dir / name) as temp:
                count = write_pdf(temp, pages, icons, f"{game.title}: {deck.name}")
            result.files.append(WrittenFile(name, [deck.id], "deck", count,
                                            None if options.layout == "single" else options.paper, options.layout))
    if "svg" in options.formats:
        from .backends.svg import scene_svg  # svgwrite only when an SVG is written

        copy_fonts(out_dir / "svg" / "fonts")
        for deck in decks:
            unique = len(composed[deck.id])
            progress(f"{game.id}: {deck.name} -> svg/{deck.id}/ ({unique} card{'' if unique == 1 else 's'})")
            backs_written: set[str] = set()
            for faces in composed[deck.id]:
                entries = [(f"svg/{deck.id}/{faces.card}.svg", faces.front, "card-front")]
                back_name = f"svg/{deck.id}/back-{faces.back_id}.svg"
                if faces.back_id not in backs_written:
                    backs_written.add(faces.back_id)
                    entries.append((back_name, faces.back, "card-back"))
                for rel, scene, kind in entries:
                    write_text_atomic(out_dir / rel, scene_svg(scene, icons, font_dir="../fonts", bleed=options.bleed))
                    result.files.append(WrittenFile(rel, [deck.id], kind, 1, None, "single"))
    result.files += piece_files
    if not options.only:  # PRINTING.md describes the whole kit: a partial build leaves it alone
        result.files.append(write_printing_md(loaded, result.files, out_dir))
    write_kit_json(out_dir, game.id, result.files)
    return result
