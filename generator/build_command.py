"""`cards build` itself, without Typer: the Typer command (generator/cli.py) and the console
script's fast path (generator/entry.py) both call `build()`, so the two answer alike by
construction, and a rebuild of one card does not pay for Typer's start-up.

Also the checks other `cards` commands share (`fail`, `load_game`, `game_refs`,
`paper_and_formats`). A failure prints its message and exits with SystemExit, which passes
through Typer unchanged. Cheap to import: the heavy modules are imported where they are used.
"""
from __future__ import annotations

import math
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .options import BOOKS, FORMATS, PAPERS, print_layout

if TYPE_CHECKING:
    from .kit.build import BuildResult
    from .kit.state import FreshKit

EXIT_BAD_INPUT = 2


def echo(message: str = "", err: bool = False) -> None:
    """One line to standard output or error, flushed, as typer.echo writes it: a stream that is
    not a terminal gets no ANSI colour codes (a game's text could carry one)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # no standard stream attached (pythonw, a detached process)
        return
    if "\x1b" in message and not _is_terminal(stream):
        import re

        message = re.sub(r"\x1b\[[;?0-9]*[a-zA-Z]", "", message)
    stream.write(message + "\n")
    stream.flush()


def _is_terminal(stream) -> bool:  # noqa: ANN001
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    echo(message, err=True)
    raise SystemExit(code)


def file_error(exc: OSError) -> str:
    """The one line an unwritable --out, a full disk ... prints instead of a traceback."""
    where = f" ({exc.filename})" if exc.filename else ""
    return f"cannot write or read a file{where}: {exc.strerror or exc}"


def load_game(ref: str):  # noqa: ANN201 -- a LoadedGame; naming it here would import the model
    from .errors import GameDataError
    from .model.loader import load

    try:
        return load(ref)
    except GameDataError as exc:
        fail(str(exc))


def game_refs(games: list[str] | None) -> list[str]:
    from .model.resolve import list_game_ids  # stdlib only: an up-to-date kit loads nothing heavy

    chosen = games or list_game_ids()
    if not chosen:
        fail("no games found under content/; give the path to a game folder, or start one with `cards new NAME`")
    return chosen


def paper_and_formats(paper: str, format: str, tts: bool = False) -> tuple[str, tuple[str, ...]]:
    """--paper and --format, checked the same way for every command that builds (``tts``: the
    command may export to Tabletop Simulator, alone)."""
    paper = paper.lower()
    if paper not in PAPERS:
        fail(f"--paper {paper}: expected {' or '.join(PAPERS)}")
    formats = tuple(f.strip().lower() for f in format.split(",") if f.strip())
    if not formats or any(f not in FORMATS for f in formats):
        fail(f"--format {format}: expected pdf, svg or pdf,svg (or tts, for Tabletop Simulator)")
    if "tts" in formats and (not tts or len(formats) > 1):
        fail(f"--format {format}: tts is exported on its own, by `cards build GAME --format tts`")
    return paper, formats


def _progress(quiet: bool):  # noqa: ANN202
    return (lambda m: None) if quiet else (lambda m: echo(f"  {m}", err=True))


def build(games: list[str] | None, only: list[str] | None, paper: str, format: str, tts_url: str | None,
          layout: str, bleed: bool, back_offset: str, ink_saver: bool, board_size: str | None, die_size: float,
          board_overlap: float, rulebook: bool, book: str, jobs: int | None, out: Path | None, quiet: bool,
          force: bool) -> None:
    """`cards build`, every option as Typer hands it over (generator/cli.py says what each means)."""
    from .errors import BuildError
    from .kit.state import fresh_kits
    from .options import BuildOptions

    paper, formats = paper_and_formats(paper, format, tts=True)
    if formats == ("tts",) or tts_url is not None:
        return _build_tts(games, formats, tuple(only or ()), out, tts_url, quiet)
    chosen_layout = print_layout(layout)
    if chosen_layout is None:
        fail(f"--layout {layout}: expected duplex, gutterfold or single")
    try:
        dx, dy = (float(v) for v in back_offset.split(","))
    except ValueError:
        fail(f"--back-offset {back_offset}: expected two numbers in mm, X,Y (for example 1.5,-0.5)")
    if not (math.isfinite(dx) and math.isfinite(dy)):
        fail(f"--back-offset {back_offset}: expected two numbers in mm, X,Y (for example 1.5,-0.5)")
    if max(abs(dx), abs(dy)) > 20:
        fail(f"--back-offset {back_offset}: offsets over 20 mm are surely a typo; home printers are 1-4 mm off")
    options = BuildOptions(paper=paper, layout=chosen_layout, formats=formats, bleed=bleed, back_offset=(dx, dy),
                           only=tuple(only or ()), out_dir=out, ink_saver=ink_saver, board_size=board_size,
                           die_size=die_size, board_overlap=board_overlap, rulebook=rulebook, book=book.lower(),
                           jobs=jobs, force=force)
    if book.lower() not in BOOKS:
        fail(f"--book {book}: expected a5, a4 or letter")
    say = _progress(quiet)
    started = time.perf_counter()
    fresh, stale = fresh_kits(game_refs(games), options)  # kits up to date are not even loaded
    loaded_games = [load_game(ref) for ref in stale]
    results: list[FreshKit | BuildResult] = list(fresh)
    problems: list[str] = []
    try:
        if loaded_games:
            from .kit.build import build_kits

            built, problems = build_kits(loaded_games, options, progress=say)
            results += built
    except BuildError as exc:  # options every game shares (--die-size 0 ...)
        fail(str(exc))
    for problem in problems:
        echo(problem, err=True)
    for result in results:
        _summary(result)
    echo(f"done in {time.perf_counter() - started:.1f} s")
    if problems:
        raise SystemExit(EXIT_BAD_INPUT)


def _summary(result: FreshKit | BuildResult) -> None:
    pdfs = [f for f in result.files if f.path.endswith(".pdf")]
    svgs = [f for f in result.files if f.path.endswith(".svg")]
    echo(f"{result.game}: {len(result.files)} files in {result.out_dir}")
    if len(result.rebuilt) < len(result.files) - 1:  # PRINTING.md is not counted: it follows the others
        echo("  up to date: no file rewritten" if not result.rebuilt else
             f"  {len(result.rebuilt)} file{'' if len(result.rebuilt) == 1 else 's'} rebuilt, "
             f"the others up to date (--force rebuilds all)")
    for f in pdfs:
        pages = f"{f.pages:>3} page{' ' if f.pages == 1 else 's'}"
        echo(f"  {f.path:<34} {pages}  {f.paper or 'card-size'}  {f.layout}")
    for f in result.files:
        if f.path.endswith(".html"):
            echo(f"  {f.path:<34} the rulebook as a web page")
    if any(f.path == "PRINTING.md" for f in result.files):
        echo("  PRINTING.md                        what to print, cut and gather")
    if svgs:
        echo(f"  svg/  {len(svgs)} SVG file{'' if len(svgs) == 1 else 's'} (one per face, sheet and board)")


def _build_tts(games: list[str] | None, formats: tuple[str, ...], only: tuple[str, ...], out: Path | None,
               tts_url: str | None, quiet: bool) -> None:
    """`cards build --format tts`: each deck as a Tabletop Simulator saved object (generator.render.tts)."""
    from .errors import BuildError
    from .paths import OUTPUT_DIR
    from .render.tts import check_base_url, export_tts

    if formats != ("tts",):
        fail("--tts-url: only with --format tts")
    try:
        check_base_url(tts_url)
    except BuildError as exc:
        fail(str(exc))
    say = _progress(quiet)
    started = time.perf_counter()
    failed = False
    for ref in game_refs(games):
        loaded = load_game(ref)
        try:
            result = export_tts(loaded, out or OUTPUT_DIR, only, tts_url, progress=say)
        except BuildError as exc:
            echo(f"cannot export {loaded.game.id}:\n{exc}", err=True)
            failed = True
            continue
        echo(f"{result.game}: {len(result.files)} files in {result.folder}")
        for export in result.decks:
            grids = ", ".join(f"{s.columns}x{s.rows}" for s in export.sheets)
            echo(f"  {export.deck.id + '.json':<34} {export.cards:>3} card{'s' if export.cards != 1 else ' '}  "
                 f"sheet{'s' if len(export.sheets) > 1 else ''} "
                 f"{grids}  {export.card_px[0]}x{export.card_px[1]} px a card")
    echo(f"done in {time.perf_counter() - started:.1f} s")
    if failed:
        raise SystemExit(EXIT_BAD_INPUT)


def run_outside_typer(**options) -> int:  # noqa: ANN003
    """`build(**options)` as the Typer app would run it, for the fast path: the same exit codes and
    last words for Ctrl-C, a closed pipe and an unwritable file (typer.core's main, generator.cli's
    main)."""
    try:
        build(**options)
    except KeyboardInterrupt:
        return 130
    except EOFError:
        echo(err=True)
        echo("Aborted!", err=True)
        return 1
    except OSError as exc:
        import errno
        import os

        if exc.errno != errno.EPIPE:
            echo(file_error(exc), err=True)
            return EXIT_BAD_INPUT
        for stream in (sys.stdout, sys.stderr):  # the reader has gone: the final flush must not fail
            if stream is not None:
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        return 1
    return 0
