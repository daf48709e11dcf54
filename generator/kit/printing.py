"""PRINTING.md: what to print, on what, single or double sided, what to cut, what to gather.

Written from the files a build produced (decks and pieces alike) and from ``game.components``,
so it always describes the kit that is actually in the folder.
"""
from __future__ import annotations

from pathlib import Path

from ..model.game import SAMPLE_NOTE, Game
from ..model.loader import LoadedGame
from ..paper.impose import DUPLEX_ERROR_MM, backs_kept_mm
from ..paper.sizes import PAPER_NAMES
from ..scene.compose import cite_rules
from .files import WrittenFile

# kind -> (what to print on, how to finish it)
ADVICE = {
    "deck": ("card stock (200-300 g/m²), or paper sleeved with a playing card",
             "cut along the crop marks"),
    "card-stock": ("card stock (200-300 g/m²)",
                   "cut the cards along the crop marks and the pieces along their solid lines"),
    "board": ("card stock, or paper glued onto cardboard",
              "cut along the corner marks; a tiled board has an assembly map on its first page"),
    "tokens": ("heavy card stock, or paper glued onto thin cardboard before cutting",
               "cut along the solid lines; fold standees along the dashed lines"),
    "stickers": ("sticker paper (for blank or spare dice), or card stock to use the faces as tokens",
                 "cut along the lines and stick one face on each side of a die"),
    "dice-nets": ("thin card (160-200 g/m²)",
                  "cut along the solid lines, fold along the dashed ones, glue the grey tabs inside"),
    "sheet": ("plain paper; print or photocopy one per game", "cut along the outline if the sheet is smaller than the paper"),
    "mat": ("card stock (200-300 g/m²): it is used again every game", "cut along the outline"),
    "rulebook": ("paper", "keep the pages in order, or print the booklet file instead"),
    "quickref": ("paper or card", "keep it on the table"),
    "booklet": ("paper", "fold the stack in the middle and staple along the fold"),
}
WHAT = {"rulebook": "The rulebook", "quickref": "One-page quick reference",
        "booklet": "The rulebook as a booklet (two pages per side)"}


def _sides(entry) -> str:
    if entry.layout == "gutterfold":
        if entry.kind == "deck":
            return "single-sided; fold each strip in the middle"
        return "single-sided; fold along the middle line and glue, then cut"
    if entry.layout == "single":
        return "one card per page, for a print service" if entry.kind == "deck" else \
            "one face per page, for a print service"
    if entry.kind == "deck":
        return "double-sided, flip on the long edge"
    if entry.layout in ("duplex",):
        return "double-sided, flip on the long edge"
    if entry.kind == "rulebook":
        return "double-sided"
    if entry.kind == "booklet":
        return "double-sided, flip on the short edge"
    return "single-sided"


def _names(game: Game, ids: list[str], kind: str = "") -> str:
    names = []
    by_id = {c.id: c for c in game.components}
    pieces = {p.id: p for group in (game.boards, game.tokens, game.tiles, game.sheets) for p in group}
    decks = {d.id: d for d in game.decks}
    dice = {d.id: d for d in game.dice}
    shown: set[str] = set()
    for component in game.components:
        if component.id in ids or (component.ref and component.ref in ids):
            if component.source == "print" and component.id not in shown:
                names.append(f"{component.count} × {component.name}")
                shown.add(component.id)
                if component.ref:
                    shown.add(component.ref)
    for piece_id in ids:
        if piece_id in shown or piece_id in by_id:
            continue
        thing = pieces.get(piece_id) or decks.get(piece_id) or dice.get(piece_id)
        if thing is not None:
            count = getattr(thing, "total", None) or getattr(thing, "count", 1)
            if kind == "dice-nets" and piece_id in dice:
                from ..pieces.plan import net_count

                count = net_count(game, thing)
            names.append(f"{count} × {thing.name}")
            shown.add(piece_id)
    return "; ".join(names)


def printing_text(loaded: LoadedGame, files: list) -> str:
    game = loaded.game
    pdfs = sorted((f for f in files if f.path.endswith(".pdf")), key=lambda f: (_order(f.kind), f.path))
    svgs = [f for f in files if f.path.endswith(".svg")]
    lines = [f"# {game.title}: printing guide", ""]
    if game.licence and game.licence.attribution:
        lines += [f"*{game.licence.attribution.strip()}*", ""]
    if game.has_samples:
        lines += [f"**Sample designs:** {SAMPLE_NOTE}", ""]
    lines += [
        "Print every PDF at **100 % (actual size)**, never \"fit to page\". The first sheet of each file "
        "you cut carries a 50 mm ruler: measure it before printing the rest.",
        "",
        "## What to print",
        "",
        "| File | Holds | Pages | Print on | Sides | Then |",
        "|---|---|---:|---|---|---|",
    ]
    for entry in pdfs:
        stock, finish = ADVICE.get(entry.kind, ("paper", "cut as marked"))
        if entry.layout == "layout guide":
            stock, finish = "plain paper", "nothing to cut: it shows how to lay out the cards"
        paper = PAPER_NAMES.get(entry.paper or "", "card size (print service)")
        holds = WHAT.get(entry.kind) or _names(game, entry.components, entry.kind) or ", ".join(entry.components)
        lines.append(f"| `{entry.path}` | {holds} | {entry.pages} | {paper} {stock} | {_sides(entry)} | {finish} |")
    if not pdfs:
        lines.append("| (nothing: run `cards build` with PDF output) | | | | | |")
    lines.append("")
    double = [e.path for e in pdfs if "long edge" in _sides(e)]
    if double:
        lines += [
            "Double-sided files put each back page right after its front page, mirrored for a printer that flips "
            "on the long edge. If fronts and backs do not line up, print one test sheet and rebuild with "
            "`--back-offset X,Y` (in mm).",
            "",
        ]
        lines += _tight_backs(pdfs)
    lines += _sheet_maps(pdfs)
    notes = _piece_notes(game, files)
    if notes:
        lines += ["## Notes on the pieces", ""] + [f"- {n}" for n in notes] + [""]
    gather = [c for c in game.components if c.source == "gather"]
    lines += ["## What to gather", ""]
    if gather:
        for c in gather:
            note = f": {cite_rules(c.note.strip(), game)}" if c.note else ""
            lines.append(f"- {c.count} × {c.name}{note}")
    else:
        lines.append("- Nothing beyond what you print.")
    lines.append("")
    missing = _not_printed(game, files)
    if missing:
        lines += ["## Not in these files", ""] + [f"- {m}" for m in missing] + [""]
    if svgs:
        lines += ["## Vector files", "",
                  f"`svg/` holds {len(svgs)} SVG files, one per distinct face, sheet and board, for print services "
                  "and editing. They link the fonts in `svg/fonts/`.", ""]
    return "\n".join(lines)


def _tight_backs(pdfs: list) -> list[str]:
    """What a paper too tight for gutters that outlast a duplex error does to card backs."""
    papers = sorted({e.paper for e in pdfs if e.kind in ("deck", "card-stock") and e.layout == "duplex" and e.paper})
    lines = []
    for paper in papers:
        across, down = backs_kept_mm(paper)
        if min(across, down) >= DUPLEX_ERROR_MM - 1e-6:
            continue
        way, together = (("above and below", "one above another") if down < across
                         else ("left and right of", "side by side"))
        lines += [f"On {PAPER_NAMES.get(paper, paper)}, poker cards fill the sheet so tightly that each back keeps "
                  f"only {min(across, down):.1f} mm of its own colour {way} it. The gutters between cards are all "
                  "colour and the outer cards' colour runs off the printable area, so a back printed a little off "
                  f"shows colour, not white paper, and backs of one colour are put {together}; but where backs of "
                  "different colours meet, one printed further off than that shows a sliver of its neighbour's "
                  "colour: line the backs up with `--back-offset` first.", ""]
    return lines


def _order(kind: str) -> int:
    order = ["rulebook", "booklet", "quickref", "card-stock", "deck", "board", "mat", "sheet", "tokens", "stickers", "dice-nets"]
    return order.index(kind) if kind in order else 9


def _sheet_maps(pdfs: list) -> list[str]:
    """Which sheet of a ganged file holds what (decks and pieces that share sheets)."""
    lines = []
    for entry in pdfs:
        sheets = getattr(entry, "sheets", None)
        if sheets:
            lines += [f"### Which sheet of `{entry.path}` holds what", ""]
            lines += [f"- Sheet {n}: {what}" for n, what in enumerate(sheets, start=1)] + [""]
    return lines


def _piece_notes(game: Game, files: list) -> list[str]:
    notes = []
    built = {c for f in files for c in f.components}
    for board in game.boards:
        if board.extra.get("printed_on"):
            where = board.extra["printed_on"]
            extra = " It is also printed on its own card in this kit." if board.id in built else ""
            notes.append(f"{board.name}: printed on the {where} cards.{extra}")
        if board.extra.get("printed") is False and board.id in built:
            notes.append(f"{board.name}: not a printed board; its page shows how to lay the cards out.")
    for sheet in game.sheets:
        if sheet.extra.get("for_die") and sheet.id in built:
            notes.append(f"{sheet.name}: stands in for the {sheet.extra['for_die']} dice; lay the die-face tokens "
                         f"on its sockets and roll a plain d6 to pick the socket that comes up.")
    if any(f.kind == "dice-nets" for f in files):
        if any(f.kind == "stickers" for f in files):
            notes.append("The dice nets are an alternative to the stickers: fold them into cubes if you have no "
                         "blank dice to stick the faces on.")
        else:
            notes.append("The dice nets are for players without dice of their own: fold them into cubes.")
    return notes


def _not_printed(game: Game, files: list) -> list[str]:
    built = {c for f in files for c in f.components}
    missing = []
    for component in game.components:
        if component.source != "print":
            continue
        if component.id in built or (component.ref and component.ref in built):
            continue
        missing.append(f"{component.count} × {component.name} (`{component.ref or component.id}`): "
                       f"not built this time (see `cards build --only`)")
    return missing


def write_printing_md(loaded: LoadedGame, files: list, out_dir: Path):
    """Write PRINTING.md into ``out_dir`` (the game's output folder) and return its WrittenFile."""
    from ..atomic import write_text_atomic

    target = Path(out_dir) / "PRINTING.md"
    write_text_atomic(target, printing_text(loaded, files) + "\n")
    return WrittenFile("PRINTING.md", [], "guide", 1, None, "text")
