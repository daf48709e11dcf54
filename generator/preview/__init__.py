"""`cards preview`: PNGs of single cards and a contact sheet of each deck's unique cards, drawn
from the PDF the kit prints (generator.preview.raster), optionally with the layout's guides.

Files, in ``<out>/<game>/preview/``:
- ``<deck>/<card>.png``: one card, trimmed (``--bleed``: with its bleed);
- ``<deck>/backs/<back>.png``: each back the chosen cards use;
- ``<deck>-sheet.png``: every unique card of the deck, named under it (``-sheet-2.png`` ... past
  100 cards); written when a whole deck is previewed.
With ``--guides`` every face shows its regions (named), the trim line, the bleed's outer edge
and the safe zone; single cards then keep their bleed so its edge shows.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..atomic import staged
from ..errors import BuildError
from ..limits import limit
from ..model.game import Deck
from ..model.layouts import Layout
from ..model.loader import LoadedGame
from ..scene.compose import CardFaces, card_context, compose_deck
from ..scene.nodes import Scene
from ..suggest import closest_hint
from .guides import with_guides
from .raster import face_page, pixel_size, render_pages, save_png
from .sheet import Cell, chunks, contact_page

MIN_DPI = 30  # below this a card is a smudge; the upper bound is LIMITS["preview_dpi"]


class PreviewError(BuildError):
    """A preview that cannot be made: an unknown card, a dpi out of bounds, an image too large."""


@dataclass
class Face:
    """One face to draw, with what its guides need."""

    scene: Scene
    layout: Layout
    data: dict

    def drawn(self, guides: bool) -> Scene:
        return with_guides(self.scene, self.layout, self.data) if guides else self.scene


@dataclass
class DeckFaces:
    """A deck's chosen cards, composed once, each back once."""

    deck: Deck
    cards: list[tuple[CardFaces, Face]]
    backs: dict[str, Face]
    whole: bool  # every card of the deck: it gets a contact sheet


@dataclass
class PreviewResult:
    folder: Path
    cards: list[Path] = field(default_factory=list)
    sheets: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def check_dpi(dpi: float) -> None:
    top = limit("preview_dpi")
    if not (MIN_DPI <= dpi <= top):
        raise PreviewError(f"--dpi {dpi:g}: expected {MIN_DPI} to {top} (150 shows a card clearly on screen, "
                           f"300 is print quality)")


def choose(loaded: LoadedGame, names: list[str]) -> dict[str, tuple[Deck, list | None]]:
    """What the names ask for: deck id -> (deck, the cards chosen, or None for the whole deck).
    A name is a deck id, a card id (in every deck that has it), 'deck/card', or a card's name."""
    game = loaded.game
    if not names:
        return {deck.id: (deck, None) for deck in game.decks}
    wanted: dict[str, tuple[Deck, list | None]] = {}

    def add(deck: Deck, card=None) -> None:
        current = wanted.get(deck.id)
        chosen = current[1] if current is not None else []
        if card is None or chosen is None:  # the whole deck is wanted (or already was)
            wanted[deck.id] = (deck, None)
            return
        if card not in chosen:
            chosen.append(card)
        wanted[deck.id] = (deck, chosen)

    for name in names:
        deck_id, _, card_id = name.partition("/")
        found = False
        for deck in game.decks:
            if not card_id and deck.id == name:
                add(deck)
                found = True
                continue
            for card in deck.cards:
                if card_id and deck.id == deck_id and card.id == card_id:
                    add(deck, card)
                    found = True
                elif not card_id and (card.id == name or card.name.casefold() == name.casefold()):
                    add(deck, card)
                    found = True
        if not found:
            known = [d.id for d in game.decks] + [c.id for d in game.decks for c in d.cards]
            if card_id:
                known = [f"{d.id}/{c.id}" for d in game.decks for c in d.cards]
            kind = "card" if game.decks else "deck"
            raise PreviewError(f"no deck or card '{name}' in {game.id}: {closest_hint(name, known, kind)}\n"
                               f"  `cards list {game.id}` lists its decks; a card is named by its id, its name "
                               f"or deck/card")
    return wanted


def compose(loaded: LoadedGame, deck: Deck, cards: list | None) -> DeckFaces:
    """The chosen cards of a deck composed (only those: another card's problem does not stop a preview)."""
    chosen = deck if cards is None else deck.model_copy(update={"cards": tuple(cards)})
    composed = compose_deck(loaded.game, chosen, loaded.layouts)
    layouts = loaded.layouts
    entries, backs = [], {}
    for card, faces in zip(chosen.cards, composed):
        entries.append((faces, Face(faces.front, layouts[card.layout or deck.layout], card_context(card))))
        if faces.back_id not in backs:
            back = deck.backs.get(card.back or deck.back or "")
            back_layout = layouts[(back.layout if back and back.layout else None) or deck.back_layout]
            data = {"title": loaded.game.title, **(back.extra if back else {})}
            backs[faces.back_id] = Face(faces.back, back_layout, data)
    return DeckFaces(deck, entries, backs, cards is None)


def _check_pixels(size: tuple[int, int], what: str, dpi: float) -> None:
    if size[0] * size[1] > limit("preview_pixels"):
        raise PreviewError(f"{what} would be {size[0]} x {size[1]} pixels at {dpi:g} dpi, over the "
                           f"{limit('preview_pixels'):,} pixel limit; use a lower --dpi")


def sheet_dpi(page_w: float, page_h: float, dpi: float) -> float:
    """The dpi a contact sheet is drawn at: the card dpi, lowered until the sheet fits the limit."""
    w, h = pixel_size(page_w, page_h, dpi)
    top = limit("preview_pixels")
    return dpi if w * h <= top else dpi * (top / (w * h)) ** 0.5 * 0.999


def preview_game(loaded: LoadedGame, names: list[str], out_root: Path, dpi: float = 150, guides: bool = False,
                 bleed: bool = False, progress: Callable[[str], None] = lambda message: None) -> PreviewResult:
    """Write the previews ``names`` ask for (everything when empty); every file atomically, and
    the whole folder staged, so a failure leaves the previous previews as they were."""
    check_dpi(dpi)
    game = loaded.game
    if not game.decks:
        raise PreviewError(f"{game.id} has no decks: nothing to preview (boards, tokens and sheets are in "
                           f"the kit: cards build {game.id})")
    chosen = choose(loaded, names)
    decks, problems = [], []
    for deck, cards in chosen.values():
        try:
            decks.append(compose(loaded, deck, cards))
        except BuildError as exc:
            problems.append(str(exc))
    if problems:
        raise BuildError("\n".join(problems))
    folder = out_root / game.id / "preview"
    result = PreviewResult(folder)
    keep_bleed = bleed or guides
    with staged(folder):
        for faces in decks:
            _write_cards(loaded, faces, folder, dpi, guides, keep_bleed, result, progress)
            if faces.whole:
                _write_sheets(loaded, faces, folder, dpi, guides, result, progress)
    return result


def _write_cards(loaded, faces: DeckFaces, folder: Path, dpi, guides, keep_bleed, result, progress) -> None:
    deck = faces.deck
    jobs = [(folder / deck.id / f"{card.card}.png", face) for card, face in faces.cards]
    jobs += [(folder / deck.id / "backs" / f"{back_id}.png", face) for back_id, face in faces.backs.items()]
    pages = [face_page(face.drawn(guides), keep_bleed) for _, face in jobs]
    sizes = [pixel_size(page.width, page.height, dpi) for page in pages]
    for (path, _), size in zip(jobs, sizes):
        _check_pixels(size, f"{deck.id}/{path.stem}", dpi)
    progress(f"{loaded.game.id}: {deck.name}: {len(jobs)} face{'' if len(jobs) == 1 else 's'} at {dpi:g} dpi")
    for (path, _), image in zip(jobs, render_pages(loaded.game, pages, sizes, f"{deck.name} preview")):
        save_png(image, path, dpi)
        result.cards.append(path)


def _write_sheets(loaded, faces: DeckFaces, folder: Path, dpi, guides, result, progress) -> None:
    deck = faces.deck
    cells = [Cell(face.drawn(guides), card.name, f"{card.card} · x{card.count}") for card, face in faces.cards]
    parts = chunks(cells)
    for number, part in enumerate(parts, 1):
        title = f"{loaded.game.title}: {deck.name} ({deck.total} cards, {len(faces.cards)} different)"
        if len(parts) > 1:
            title += f", sheet {number} of {len(parts)}"
        page, _boxes = contact_page(title, part)
        at = sheet_dpi(page.width, page.height, dpi)
        if at < dpi:
            result.notes.append(f"{deck.id}: contact sheet drawn at {at:.0f} dpi to stay under "
                                f"{limit('preview_pixels'):,} pixels")
        size = pixel_size(page.width, page.height, at)
        path = folder / (f"{deck.id}-sheet.png" if number == 1 else f"{deck.id}-sheet-{number}.png")
        progress(f"{loaded.game.id}: {deck.name}: contact sheet -> {path.name}")
        [image] = list(render_pages(loaded.game, [page], [size], f"{deck.name} contact sheet"))
        save_png(image, path, at)
        result.sheets.append(path)


def redrawer(names: list[str], out_root: Path, guides: bool, say: Callable[[str], None]) -> Callable[[LoadedGame], None]:
    """What `cards watch --preview` does after each good build: the previews again, or why not."""
    def redraw(loaded: LoadedGame) -> None:
        known = {deck.id for deck in loaded.game.decks}
        try:
            result = preview_game(loaded, [n for n in names if n in known], out_root, guides=guides)
        except BuildError as exc:
            say(str(exc))
            return
        say(f"  preview: {len(result.cards)} card images, {len(result.sheets)} contact sheets in {result.folder.resolve()}")
    return redraw
