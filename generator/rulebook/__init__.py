"""Rulebooks from the game data: jinja2 templates (layouts/rulebook/) -> HTML -> WeasyPrint -> PDF.

``build_rulebook`` writes three files into a game's output folder: ``rulebook.pdf`` (the book:
cover, contents with page numbers, components with pictures of the real cards, numbered
sections anchored by rule id, tables, glossary, credits and licence), ``rulebook.html`` (the same
book for a browser, fonts copied beside it) and ``quickref.pdf`` (one page: turn summary, key
tables, icons). ``build_rulebooks`` builds several games in parallel processes.

Safety. Templates autoescape and refuse undefined names. Game text is escaped before our own
markup becomes tags (``markup.py``). WeasyPrint may fetch only ``data:`` URLs and files inside the
game's folder and layouts/ (``pdf.GuardedFetcher``). Either defence finding something refuses
the build with a ``BuildError`` that names what was found and where (the rule, glossary entry or
table), and nothing is written: HTML tags or file: URLs in game text, and any URL the fetcher
refused.

Speed. WeasyPrint is imported only inside the PDF step (``pdf.py``), never by importing this
package, so ``cards --help`` and ``referee`` stay quick.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..errors import BuildError, GameDataError
from ..kit.files import WrittenFile
from ..model.game import SAMPLE_CREDIT
from ..model.icons import IconError
from ..model.loader import LoadedGame
from ..paths import LAYOUTS_DIR
from ..scene.fonts import FONT_DIR, STYLE_FILES, copy_fonts, game_families, rulebook_font_css
from ..scene.templates import Environment, environment
from ..suggest import did_you_mean
from .context import BookData
from .html_copy import html_copy
from .markup import Hazard
from .quickref import build_quickref
from .views import BOOKS, BookFormat
from .workers import end_with, fresh_processes

__all__ = ["BOOK_FORMATS", "RulebookResult", "build_rulebook", "build_rulebooks", "render_html", "render_rulebook"]

BOOK_FORMATS = tuple(BOOKS)
PARTS = ("book", "quickref")  # what render_rulebook writes: rulebook.pdf and .html; quickref.pdf
TEMPLATE_DIR = LAYOUTS_DIR / "rulebook"
HTML_FONT_DIR = "fonts"  # beside rulebook.html
QUICK_GRID_COLUMNS = 3  # a quick-reference column is narrow: wider record tables are stacked
_STYLES = {"regular": ("normal", "normal"), "bold": ("bold", "normal"),
           "italic": ("normal", "italic"), "bolditalic": ("bold", "italic")}


@dataclass
class RulebookResult:
    files: list[WrittenFile]
    warnings: list[str] = field(default_factory=list)  # what WeasyPrint skipped, if anything


def _environment() -> Environment:
    return _templates_in(TEMPLATE_DIR)


@cache
def _templates_in(folder: Path) -> Environment:
    """One environment a template folder and process: it keeps the templates it compiled (jinja2
    compiles a template to Python the first time it is asked for, some 0.1 s for the book's and
    the quick reference's), and reloads one whose file changed. Rendering never changes it."""
    return environment(folder=folder, html=True)


def _css(name: str) -> Markup:
    # Our own stylesheet, shipped in layouts/rulebook: trusted, inserted as is into <style>.
    text = (TEMPLATE_DIR / name).read_text(encoding="utf-8")
    if "</" in text:
        raise BuildError(f"{TEMPLATE_DIR / name}: a stylesheet may not contain '</'")
    return Markup(text)


def _fonts() -> list[tuple[dict[str, str], str]]:
    return [({"weight": _STYLES[style][0], "slant": _STYLES[style][1]}, file) for style, file in STYLE_FILES.items()]


def book_format(book: str) -> BookFormat:
    if book not in BOOKS:
        hint = did_you_mean(book, BOOKS) or f"choose one of: {', '.join(BOOKS)}"
        raise BuildError(f"unknown rulebook format '{book}' ({hint})")
    return BOOKS[book]


def _common(data: BookData, font_base: str) -> dict[str, Any]:
    game = data.game
    return {
        "lang": "en",
        "title": game.title,
        "subtitle": game.subtitle,
        "author": game.credits.designer or game.credits.publisher,
        "facts": data.facts(),
        "licence": data.licence(),
        "fonts": _fonts(),
        "font_base": font_base,
        "book": data.book,
    }


def render_html(loaded: LoadedGame, book: str = "a5", font_base: str | None = None) -> tuple[str, list[Hazard]]:
    """The rulebook as one HTML document, and the hazards found in the game's text.

    ``font_base`` is where the fonts are: by default a file: URL of layouts/fonts (for the PDF).
    """
    fmt = book_format(book)
    own_fonts = Markup(rulebook_font_css(loaded.game.root, loaded.game.fonts, font_base))  # the game's, if it names any
    font_base = font_base or FONT_DIR.resolve().as_uri()
    data = BookData(loaded, fmt, font_base)
    sections = data.sections()
    loose = data.loose_tables()
    values, glossary, faq, notes = data.values(), data.glossary(), data.faq(), data.notes()
    toc = []
    components, galleries, dice = data.components(), data.gallery(), data.dice()
    components_in = data.components_section(sections)  # a rule section called Components holds them
    if (components or galleries or dice) and not components_in:
        toc.append({"anchor": "_components", "number": "", "title": "Components", "depth": 0})
    for s in sections:
        if s.depth <= 1:
            toc.append({"anchor": s.anchor, "number": s.number, "title": s.title, "depth": s.depth})
    for anchor, title, present in (("_tables", "More tables", loose), ("_values", "Key numbers", values),
                                   ("_glossary", "Glossary", glossary), ("_faq", "Questions and answers", faq),
                                   ("_notes", "Notes on this edition", notes), ("_credits", "Credits and licence", True)):
        if present:
            toc.append({"anchor": anchor, "number": "", "title": title, "depth": 0})
    context = _common(data, font_base) | {
        "css": _css("rulebook.css") + own_fonts,
        "credits": data.credits(),
        "sample_credit": SAMPLE_CREDIT if loaded.game.has_samples else None,  # on the cover, where there is room
        "cover_art": data.cover_art(),
        "toc": toc,
        "toc_scale": data.contents_scale(toc),
        "components_in": components_in,
        "components": components,
        "galleries": galleries,
        "dice": dice,
        "sections": sections,
        "loose_tables": loose,
        "values": values,
        "glossary": glossary,
        "icon_legend": data.icon_legend() if not any(e["icon"] for e in glossary) else [],
        "faq": faq,
        "notes": notes,
    }
    html = _environment().get_template("rulebook.html.j2").render(**context)
    return html, data.text.hazards


def _locate(url: str, loaded: LoadedGame) -> str:
    """Which part of the game names a URL, for the error message."""
    game = loaded.game
    for full, number, _depth, rule in game.walk_rules():
        if any(url in text for text in (rule.title, rule.text, *rule.examples)):
            return f"rule '{full}' (§{number})"
    for entry in game.glossary:
        if url in entry.text or url in entry.term:
            return f"glossary entry '{entry.term}'"
    for index, faq in enumerate(game.faq):
        if url in faq.question or url in faq.answer:
            return f"faq {index + 1}"
    for table in game.tables:
        if url in json.dumps(table.model_dump(mode="json")):
            return f"table '{table.id}'"
    if url in json.dumps(game.model_dump(mode="json", exclude={"root", "rule_numbers"})):
        return "the game data"
    return f"the rulebook templates ({TEMPLATE_DIR})"


def _hazard_error(game_id: str, hazards: Sequence[Hazard]) -> BuildError:
    lines = [f"{game_id}: the rulebook was not written:"] + ["  " + h.message() for h in hazards]
    return BuildError("\n".join(lines))


def build_rulebook(loaded: LoadedGame, out_dir: Path, book: str = "a5",
                   progress: Callable[[str], None] = lambda message: None) -> list[WrittenFile]:
    """Write out_dir/rulebook.pdf, out_dir/rulebook.html (+ fonts/) and out_dir/quickref.pdf.

    out_dir is the game's output folder (output/<game>/). Raises BuildError, writing nothing, if
    the game's text holds HTML or file: URLs or if the layout asked for a URL we refuse.
    """
    result = render_rulebook(loaded, out_dir, book, progress)
    for warning in result.warnings:  # what WeasyPrint skipped: worth a look, not worth failing for
        progress(f"{loaded.game.id}: rulebook: warning: {warning}")
    return result.files


def render_rulebook(loaded: LoadedGame, out_dir: Path, book: str = "a5",
                    progress: Callable[[str], None] = lambda message: None,
                    parts: Sequence[str] = PARTS) -> RulebookResult:
    """``build_rulebook``, also returning WeasyPrint's warnings (the tests want none). ``parts``
    says which of the book (rulebook.pdf and .html) and the quick reference to write: the
    parallel build gives each a process of its own (``build_rulebooks``)."""
    from ..atomic import atomic_path, staged, write_text_atomic

    game = loaded.game
    book_format(book)
    out_dir = Path(out_dir)
    if "book" in parts:
        try:
            pdf_html, hazards = render_html(loaded, book)
        except IconError as exc:
            raise BuildError(f"{game.id}: the rulebook was not written: {exc}") from None
        if hazards:
            raise _hazard_error(game.id, hazards)
        file_html = html_copy(pdf_html, game.root, game.fonts, HTML_FONT_DIR)  # the same book, fonts beside it

    from .pdf import Rendered, fewer_collections, shared_fonts, write_pdf  # weasyprint only now

    roots = [game.root, LAYOUTS_DIR]
    files: list[WrittenFile] = []
    done: list[Rendered] = []
    fonts = shared_fonts()  # one font configuration for the book and the quick reference
    with staged(out_dir), fewer_collections():
        if "book" in parts:
            progress(f"{game.id}: rulebook ({book}) -> rulebook.pdf")
            with atomic_path(out_dir / "rulebook.pdf") as book_temp:
                rendered = write_pdf(pdf_html, book_temp, roots, game.root, page_refs=str(_css("pagerefs.css")),
                                     fonts=fonts)
            done.append(rendered)
            files += [WrittenFile("rulebook.pdf", ["rulebook"], "rulebook", rendered.pages, book, "book"),
                      WrittenFile("rulebook.html", ["rulebook"], "rulebook", rendered.pages, book, "book")]
        if "quickref" in parts:
            progress(f"{game.id}: quick reference -> quickref.pdf")
            font_base = FONT_DIR.resolve().as_uri()
            quick_data = BookData(loaded, book_format(book), font_base, page_refs=False,
                                  grid_columns=QUICK_GRID_COLUMNS)
            common = _common(quick_data, font_base) | {
                "css": _css("quickref.css") + Markup(rulebook_font_css(game.root, game.fonts))}
            with atomic_path(out_dir / "quickref.pdf") as quick_temp:
                quick_rendered = build_quickref(loaded, quick_data, _environment(), common, quick_temp, roots, fonts)
            if quick_data.text.hazards:
                raise _hazard_error(game.id, quick_data.text.hazards)
            done.append(quick_rendered)
            files.append(WrittenFile("quickref.pdf", ["quickref"], "quickref", quick_rendered.pages, book, "book"))
        refused = list(dict.fromkeys(pair for rendered in done for pair in rendered.refused))
        if refused:  # nothing is kept: the staging throws away what was written
            raise _hazard_error(game.id, [Hazard(_locate(url, loaded), f"{url} ({why})", "refused-url")
                                          for url, why in refused])
        if "book" in parts:
            copy_fonts(out_dir / HTML_FONT_DIR, game_families(game.root, game.fonts))
            write_text_atomic(out_dir / "rulebook.html", file_html)
    return RulebookResult(files, [warning for rendered in done for warning in rendered.warnings])


# --- several games at once ----------------------------------------------------------------------


def _weight(loaded: LoadedGame) -> int:
    """How long a game's rulebook will take, roughly: the bytes of its data."""
    return sum(p.stat().st_size for p in Path(loaded.game.root).rglob("*.y*ml") if p.is_file())


def _with_booklet(files: list[WrittenFile], out_dir: Path, book: str, booklet: str | None, stage,
                  progress: Callable[[str], None] = lambda message: None) -> list[WrittenFile]:
    """An A5 rulebook also imposed as a fold-and-staple booklet on ``booklet`` paper (A4 or Letter),
    in the same process that wrote it (a staged rulebook is read where it is)."""
    if not booklet or book != "a5":
        return files
    from ..paper.booklet import impose_booklet

    name = f"rulebook-booklet-{booklet}.pdf"
    progress(f"{out_dir.name}: rulebook booklet -> {name}")
    source = stage.current(out_dir / "rulebook.pdf") if stage else out_dir / "rulebook.pdf"
    sides = impose_booklet(source, out_dir / name, booklet)
    return files + [WrittenFile(name, ["rulebook"], "booklet", sides, booklet, "booklet")]


_LOADED: dict[str, LoadedGame] = {}  # in a worker: the games it loaded (a pool lives for one build)


def _build_one(ref: str, out_dir: str, book: str, token: str | None = None,
               booklet: str | None = None, parts: Sequence[str] = PARTS) -> tuple[str, Any, list]:
    """Worker: load the game itself (models stay in their process) and build ``parts`` of its
    rulebook (the booklet with the book). With ``token``, the files stay staged under temporary
    names the parent's staging adopts."""
    from ..atomic import Staging
    from ..model.loader import load

    stage = Staging(Path(out_dir), token) if token else None
    try:
        with stage.active() if stage else nullcontext():
            if ref not in _LOADED:  # a worker that wrote a game's book may get its quick reference too
                _LOADED[ref] = load(ref)
            files = render_rulebook(_LOADED[ref], Path(out_dir), book, parts=parts).files
            if "book" in parts:
                files = _with_booklet(files, Path(out_dir), book, booklet, stage)
    except (BuildError, GameDataError) as exc:
        if stage:
            stage.abort()
        return "error", str(exc), []
    return "ok", [f.as_json() for f in files], stage.pairs() if stage else []


def build_rulebooks(games: list[LoadedGame], out_root: Path, book: str = "a5", jobs: int | None = None,
                    progress: Callable[[str], None] = lambda message: None,
                    errors_out: list[str] | None = None, stages: dict | None = None,
                    booklet: str | None = None) -> dict[str, list[WrittenFile]]:
    """Build every game's rulebook into out_root/<game id>/, in parallel processes where there
    are cores to spare. Games that fail are reported together in one BuildError, after every
    other game has been written; with ``errors_out`` they are appended there instead, and the
    files of the games that succeeded are returned. With ``stages`` (game id -> Staging), each
    game's files are staged there, for the caller to commit. With ``booklet`` (a paper), an A5
    rulebook is also imposed as a booklet, in the process that built it (kit/build.py)."""
    stages = stages or {}

    book_format(book)
    out_root = Path(out_root)
    # One game unasked (no --jobs): its book and quick reference here, one after the other. Two
    # fresh processes would each import WeasyPrint and load the game again, which costs more than
    # the quick reference they would overlap (the starter kit: 4.2 s wall and CPU -> 2.4 s).
    workers = 1 if jobs is None and len(games) == 1 else max(1, min(jobs or os.cpu_count() or 1,
                                                                    len(games) * len(PARTS)))
    results: dict[str, list[WrittenFile]] = {}
    errors: list[str] = []
    if workers == 1:
        for loaded in games:
            stage = stages.get(loaded.game.id)
            try:
                with stage.active() if stage else nullcontext():
                    files = build_rulebook(loaded, out_root / loaded.game.id, book, progress)
                    results[loaded.game.id] = _with_booklet(files, out_root / loaded.game.id, book, booklet, stage,
                                                            progress)
            except BuildError as exc:
                errors.append(str(exc))
    else:
        _in_parallel(games, out_root, book, workers, progress, stages, booklet, results, errors)
    if errors and errors_out is not None:
        errors_out.extend(errors)
    elif errors:
        raise BuildError("\n".join(errors))
    return results


def _in_parallel(games: list[LoadedGame], out_root: Path, book: str, workers: int, progress, stages: dict,
                 booklet: str | None, results: dict[str, list[WrittenFile]], errors: list[str]) -> None:
    """Each game's book and quick reference as tasks of their own, the longest first: the books
    by the size of their game's data, then the quick references (a page each), which fill in
    while the last books finish. A game whose staging the caller did not give is staged here
    and moved into place once both its parts are written."""
    from ..atomic import Staging

    own = {g.game.id: Staging(out_root / g.game.id) for g in games if g.game.id not in stages}
    every = stages | own
    order = sorted(games, key=_weight, reverse=True)
    tasks = [(loaded, part) for part in PARTS for loaded in order]
    outcomes: dict[str, dict[str, tuple[str, Any]]] = {loaded.game.id: {} for loaded in games}
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=fresh_processes(), initializer=end_with,
                                 initargs=(os.getpid(),)) as pool:
            futures = [(loaded.game.id, part, pool.submit(
                _build_one, str(loaded.game.root), str(out_root / loaded.game.id), book,
                every[loaded.game.id].token, booklet, (part,))) for loaded, part in tasks]
            progress(f"rulebooks: {len(games)} games in {workers} processes")
            for game_id, part, future in futures:
                status, payload, staged_pairs = future.result()
                every[game_id].adopt(staged_pairs)
                outcomes[game_id][part] = (status, payload)
                if len(outcomes[game_id]) < len(PARTS):
                    continue
                failed = list(dict.fromkeys(p for s, p in outcomes[game_id].values() if s != "ok"))
                if failed:
                    errors.extend(failed)
                    if game_id in own:
                        own[game_id].abort()
                    continue
                book_files, quick_files = (outcomes[game_id][name][1] for name in PARTS)
                # rulebook.pdf, rulebook.html, quickref.pdf, then the booklet: as one process writes them
                results[game_id] = [WrittenFile(**entry) for entry in book_files[:2] + quick_files + book_files[2:]]
                if game_id in own:
                    own[game_id].commit()
                progress(f"{game_id}: rulebook.pdf, rulebook.html, quickref.pdf")
    except BaseException:  # a worker died: nothing of the games staged here is kept
        for stage in own.values():
            stage.abort()
        raise
