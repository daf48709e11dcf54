"""`cards`: build print-and-play kits from a game folder.

Heavy modules are imported inside the commands, so `cards --help` stays instant.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

# The checks every command that builds shares, and `cards build` itself, live where the console
# script's fast path (generator/entry.py) calls them without Typer.
from .build_command import EXIT_BAD_INPUT, file_error
from .build_command import fail as _fail
from .build_command import game_refs as _games
from .build_command import load_game as _load
from .build_command import paper_and_formats as _paper_and_formats
from .options import DEFAULT_OPTIONS, WATCH_OPTIONS

app = typer.Typer(
    name="cards",
    help="Build print-and-play kits (PDF and SVG) from a folder of YAML game data.\n\n"
         "GAME is a game id under content/ (see `cards list`) or the path to a game folder.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

@app.command()
def build(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to build (ids or folders); default: every game under content/.")] = None,
    only: Annotated[Optional[list[str]], typer.Option("--only", help="Build just this deck, piece, die or component, or 'rulebook' (repeatable).")] = None,
    paper: Annotated[str, typer.Option(help="Paper size: a4 or letter.")] = DEFAULT_OPTIONS["paper"],
    format: Annotated[str, typer.Option("--format", help="Comma-separated formats: pdf, svg; or tts alone: each deck "
                                                         "as a Tabletop Simulator saved object.")] = ",".join(DEFAULT_OPTIONS["formats"]),
    tts_url: Annotated[Optional[str], typer.Option("--tts-url", help="With --format tts: the web address the images "
                                                                     "will be uploaded to (default: file:// paths).")] = None,
    layout: Annotated[str, typer.Option(help="Cards and double-sided pieces: duplex (backs on the next page, mirrored "
                                              "for a long-edge flip), gutterfold (front and back side by side, fold in "
                                              "the middle), or single (one face per page with bleed, for print services).")] = DEFAULT_OPTIONS["layout"],
    bleed: Annotated[bool, typer.Option("--bleed/--no-bleed", help="Print the 3 mm bleed around each card.")] = DEFAULT_OPTIONS["bleed"],
    back_offset: Annotated[str, typer.Option(help="Shift backs by X,Y mm to correct a printer whose sides do not line up, e.g. 1.5,-0.5.")] = "{:g},{:g}".format(*DEFAULT_OPTIONS["back_offset"]),
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="No full-bleed backgrounds on boards, tokens and sheets; light outlines.")] = DEFAULT_OPTIONS["ink_saver"],
    board_size: Annotated[Optional[str], typer.Option(help="Finished board size: the long side in mm (e.g. 600), or 'fit' for one page. Default: the size in the game data.")] = DEFAULT_OPTIONS["board_size"],
    die_size: Annotated[float, typer.Option(help="Die face size in mm for stickers and cube nets.")] = DEFAULT_OPTIONS["die_size"],
    board_overlap: Annotated[float, typer.Option(help="How much tiled board sheets overlap, in mm.")] = DEFAULT_OPTIONS["board_overlap"],
    rulebook: Annotated[bool, typer.Option("--rulebook/--no-rulebook", help="Also build the rulebook (PDF and HTML) and the one-page quick reference.")] = DEFAULT_OPTIONS["rulebook"],
    book: Annotated[str, typer.Option(help="Rulebook format: a5 (booklet), a4 or letter.")] = DEFAULT_OPTIONS["book"],
    jobs: Annotated[Optional[int], typer.Option(help="Rulebooks built at once (default: one per core; one game is built in this process).")] = DEFAULT_OPTIONS["jobs"],
    out: Annotated[Optional[Path], typer.Option(help="Output folder (default: output/ in the repository).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the summary.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Rebuild every file, even those already up to date.")] = DEFAULT_OPTIONS["force"],
) -> None:
    """Build a game's whole kit: decks (crop marks, bleed, duplex backs), boards, tokens, die stickers,
    sheets, PRINTING.md and kit.json; PDF, and SVG per face.

    Example: cards build runes-and-bones --paper letter --back-offset 1,0
    """
    from .build_command import build as build_kit

    build_kit(games, only, paper, format, tts_url, layout, bleed, back_offset, ink_saver, board_size, die_size,
              board_overlap, rulebook, book, jobs, out, quiet, force)


@app.command()
def validate(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to check; default: every game under content/.")] = None,
) -> None:
    """Check game data without writing anything: every problem at once, with file:line:column,
    and every card and sheet composed, so text that does not fit is found too."""
    from .validate_command import validate as check

    code = check(games)
    if code:
        raise typer.Exit(code)


@app.command("list")
def list_(
    game: Annotated[Optional[str], typer.Argument(help="A game id or folder; default: list the games.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    out: Annotated[Optional[Path], typer.Option(help="Output folder the kit was built into (default: output/).")] = None,
) -> None:
    """List the games, or one game's components with kind, count and the files that print them."""
    from .kit.files import pdfs_by_component
    from .paths import OUTPUT_DIR

    if game is None:
        rows = []
        for ref in _games(None):
            loaded = _load(ref)
            g = loaded.game
            players = str(g.players.min) if g.players.min == g.players.max else f"{g.players.min}-{g.players.max}"
            rows.append({"game": g.id, "title": g.title, "players": players,
                         "decks": len(g.decks), "cards": sum(d.total for d in g.decks)})
        if as_json:
            typer.echo(json.dumps({"games": rows}, indent=2))
        else:
            for row in rows:
                noun = "player" if row["players"] == "1" else "players"
                typer.echo(f"{row['game']:<18} {row['title']:<22} {row['players']:>5} {noun:<8} {row['cards']:>4} cards")
        return
    loaded = _load(game)
    g = loaded.game
    built = pdfs_by_component(out or OUTPUT_DIR, g.id)
    components = []
    for c in g.components:
        entry = c.model_dump(mode="json", exclude_defaults=False)
        entry["files"] = sorted(built.get(c.id, set()) | built.get(c.ref or "", set()))
        components.append(entry)
    decks = [{"id": d.id, "name": d.name, "cards": d.total, "unique": len(d.cards)} for d in g.decks]
    if as_json:
        typer.echo(json.dumps({"game": g.id, "title": g.title, "components": components, "decks": decks}, indent=2))
        return
    count = str(g.players.min) if g.players.min == g.players.max else f"{g.players.min}-{g.players.max}"
    typer.echo(f"{g.title} ({g.id}), {count} player{'' if count == '1' else 's'}")
    for c, entry in zip(g.components, components):
        if c.source == "gather":
            where = "players bring it"
        else:
            where = ", ".join(entry["files"]) or f"print (not built yet: cards build {g.id})"
        typer.echo(f"  {c.count:>4} x {c.name:<28} {c.kind:<8} {where}")
    for d in decks:
        typer.echo(f"  deck {d['id']}: {d['cards']} card{'' if d['cards'] == 1 else 's'} ({d['unique']} different)")


@app.command()
def watch(
    game: Annotated[str, typer.Argument(help="The game to watch (an id or a folder).")],
    only: Annotated[Optional[list[str]], typer.Option("--only", help="Rebuild just this deck or component (repeatable).")] = None,
    paper: Annotated[str, typer.Option(help="Paper size: a4 or letter.")] = WATCH_OPTIONS["paper"],
    format: Annotated[str, typer.Option("--format", help="Comma-separated formats: pdf, svg.")] = ",".join(WATCH_OPTIONS["formats"]),
    rulebook: Annotated[bool, typer.Option("--rulebook/--no-rulebook", help="Rebuild the rulebook too (slower).")] = WATCH_OPTIONS["rulebook"],
    preview: Annotated[bool, typer.Option("--preview", help="After each good build, draw the card PNGs and contact "
                                                           "sheets again (of the --only decks, or every deck).")] = False,
    guides: Annotated[bool, typer.Option("--guides", help="With --preview: draw regions, trim, bleed and safe zone.")] = False,
    out: Annotated[Optional[Path], typer.Option(help="Output folder (default: output/ in the repository).")] = None,
) -> None:
    """Rebuild a game every time one of its files changes, for designing with the PDF (or, with
    --preview, the card PNGs) open beside.

    Example: cards watch ./my-game --only actions --preview
    """
    from .errors import GameDataError
    from .model.loader import find_game_dir
    from .options import BuildOptions
    from .watch import watch as watch_loop

    paper, formats = _paper_and_formats(paper, format)
    try:
        find_game_dir(game)
    except GameDataError as exc:
        _fail(str(exc))
    options = BuildOptions(paper=paper, formats=formats, only=tuple(only or ()), out_dir=out, rulebook=rulebook)
    say = lambda m: typer.echo(m, err=True)  # noqa: E731
    then = None
    if preview:
        from .paths import OUTPUT_DIR
        from .preview import redrawer

        then = redrawer(list(only or ()), out or OUTPUT_DIR, guides, say)
    try:
        watch_loop(game, options, say=say, then=then)
    except KeyboardInterrupt:
        typer.echo("stopped", err=True)


@app.command()
def preview(
    game: Annotated[str, typer.Argument(help="The game (an id or a folder).")],
    cards: Annotated[Optional[list[str]], typer.Argument(help="Cards to draw: a card id or name, deck/card, or a deck id "
                                                              "(its cards and contact sheet); default: every deck.")] = None,
    dpi: Annotated[float, typer.Option(help="Pixels per inch (30 to 600).")] = 150.0,
    guides: Annotated[bool, typer.Option("--guides", help="Draw each layout region with its name, the trim line, "
                                                         "the bleed's edge and the safe zone.")] = False,
    bleed: Annotated[bool, typer.Option("--bleed", help="Keep the bleed around single cards (always with --guides).")] = False,
    out: Annotated[Optional[Path], typer.Option(help="Output folder (default: output/ in the repository).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the folder.")] = False,
) -> None:
    """PNGs of single cards and a contact sheet of each deck's unique cards, drawn from the PDF the
    kit prints; the folder they are in is printed on stdout.

    Example: cards preview runes-and-bones fire-axe --guides
    """
    from .errors import BuildError
    from .paths import OUTPUT_DIR
    from .preview import preview_game

    loaded = _load(game)
    say = (lambda m: None) if quiet else (lambda m: typer.echo(f"  {m}", err=True))
    try:
        result = preview_game(loaded, list(cards or ()), out or OUTPUT_DIR, dpi=dpi, guides=guides, bleed=bleed,
                              progress=say)
    except BuildError as exc:
        _fail(str(exc))
    for note in result.notes:
        say(note)
    if not quiet:
        sheets = f" and {len(result.sheets)} contact sheet{'' if len(result.sheets) == 1 else 's'}" if result.sheets else ""
        typer.echo(f"{len(result.cards)} card image{'' if len(result.cards) == 1 else 's'}{sheets} in:", err=True)
    typer.echo(str(result.folder.resolve()))


@app.command()
def new(
    name: Annotated[str, typer.Argument(help="Folder to create (a path); its last part becomes the game id.")],
    csv: Annotated[bool, typer.Option("--csv", help="Keep the cards in a spreadsheet (cards.csv) instead of YAML.")] = False,
) -> None:
    """Start a new game: a small working game folder to edit, build and extend."""
    from .new_game import create_game

    try:
        folder = create_game(Path(name), csv=csv)
    except FileExistsError as exc:
        _fail(f"{exc}: choose another name, or delete the folder first")
    except ValueError as exc:
        _fail(str(exc))
    typer.echo(f"created {folder}")
    typer.echo(f"next: edit {folder / ('cards.csv' if csv else 'cards.yaml')}, then run `cards build {folder}`")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except OSError as exc:  # an unwritable --out, a full disk ...: one line, not a traceback
        typer.echo(file_error(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)


if __name__ == "__main__":
    main()
