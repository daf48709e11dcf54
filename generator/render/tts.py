"""`cards build --format tts`: each deck as a Tabletop Simulator saved object, to playtest online.

Per deck, in ``<out>/<game>/tts/`` (names use a dot, which no id may hold, so two decks' files
never clash):
- ``<deck>.faces.png`` (``.faces-2.png`` ...): the face sheet, at most 10 x 7 cards and under
  4096 px a side, RGB; its last slot holds the hidden card (the back), shown for cards in
  another player's hand;
- ``<deck>.back.png`` (``.back-<id>.png`` when the deck has several backs): the back;
- ``<deck>.json``: the saved object (a ``DeckCustom``, or a ``Card`` for a one-card deck) and
  ``<deck>.png`` its thumbnail: copy both into TTS's ``Saves/Saved Objects`` folder.

Image URLs are ``file://`` paths to these files, so they work on this computer; for other
players, upload the images and build with ``--tts-url BASE`` (``BASE/<file name>``). Cards with
different backs go on different sheets (one ``CustomDeck`` entry each, ``UniqueBack`` false);
a card's ``CardID`` is its sheet's id times 100 plus its slot, as TTS numbers them. The images
are rasterized from the PDF the kit prints (generator.preview.raster).
"""
from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image as PilImage

from ..atomic import staged, write_text_atomic
from ..errors import BuildError
from ..limits import limit
from ..model.game import Deck
from ..model.loader import LoadedGame
from ..preview.raster import face_page, render_pages, save_png
from ..scene.compose import CardFaces, compose_deck
from ..scene.nodes import Scene, to_mm
from ..suggest import closest_hint

MAX_COLUMNS, MAX_ROWS = 10, 7
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card
MAX_CARD_DPI = 300  # small decks: sharp, not huge
TTS_CARD_MM = (63.5, 88.9)  # a TTS card at scale 1 is poker-shaped
THUMBNAIL_PX = 256
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's own diffuse colour for cards


@dataclass
class Sheet:
    """One face sheet: a CustomDeck entry of TTS."""

    number: int  # its CustomDeck id, unique in the game
    back_id: str
    cards: list[CardFaces]
    columns: int
    rows: int
    face_file: str = ""
    back_file: str = ""

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1


@dataclass
class DeckExport:
    deck: Deck
    sheets: list[Sheet]
    card_px: tuple[int, int]
    cards: int  # copies in the saved object


@dataclass
class TtsResult:
    game: str
    folder: Path
    files: list[str] = field(default_factory=list)
    decks: list[DeckExport] = field(default_factory=list)


def check_base_url(base: str | None) -> None:
    if base is None:
        return
    if not base.startswith(("http://", "https://", "file://")) or any(c.isspace() or c in "\"'<>" for c in base):
        raise BuildError(f"--tts-url {base}: expected the web address the images will be uploaded to, "
                         f"starting with https:// (for example https://example.org/my-game/tts)")


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of ``count`` cards plus the hidden card: up to ten across."""
    slots = count + 1
    columns = min(MAX_COLUMNS, slots)
    return columns, math.ceil(slots / columns)


def card_pixels(width_pt: float, height_pt: float, columns: int, rows: int) -> tuple[int, int]:
    """Pixels of one card so that ``columns`` x ``rows`` of them stay under the TTS limit."""
    side = limit("tts_sheet_px") - 1
    px_w = min(side // columns, round(to_mm(width_pt) / 25.4 * MAX_CARD_DPI))
    while px_w > 1 and rows * round(px_w * height_pt / width_pt) > side:
        px_w -= 1
    return px_w, max(1, round(px_w * height_pt / width_pt))


def plan_sheets(faces: list[CardFaces], first_number: int) -> list[Sheet]:
    """Printed cards (count above 0) grouped by back, 69 to a sheet."""
    by_back: dict[str, list[CardFaces]] = {}
    for card in faces:
        if card.count > 0:
            by_back.setdefault(card.back_id, []).append(card)
    sheets: list[Sheet] = []
    for back_id, cards in by_back.items():
        for start in range(0, len(cards), CARDS_PER_SHEET):
            part = cards[start:start + CARDS_PER_SHEET]
            sheets.append(Sheet(first_number + len(sheets), back_id, part, *grid(len(part))))
    return sheets


def _guid(*parts: object) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(scale_x: float, scale_z: float) -> dict:
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": round(scale_x, 4), "scaleY": 1.0, "scaleZ": round(scale_z, 4)}


def saved_object(game_id: str, title: str, export: DeckExport, url: Callable[[str], str], size_mm: tuple[float, float]) -> dict:
    """The saved-object file TTS reads: one DeckCustom (or Card) holding every copy of every card."""
    deck = export.deck
    sideways = size_mm[0] > size_mm[1]
    across, down = (size_mm[1], size_mm[0]) if sideways else size_mm
    transform = _transform(across / TTS_CARD_MM[0], down / TTS_CARD_MM[1])
    entries = {str(s.number): {"FaceURL": url(s.face_file), "BackURL": url(s.back_file), "NumWidth": s.columns,
                               "NumHeight": s.rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
               for s in export.sheets}
    cards, ids = [], []
    for sheet in export.sheets:
        for slot, card in enumerate(sheet.cards):
            for copy in range(card.count):
                card_id = sheet.number * 100 + slot
                ids.append(card_id)
                cards.append({"GUID": _guid(game_id, deck.id, card.card, copy), "Name": "Card", "Transform": transform,
                              "Nickname": card.name, "Description": "", "GMNotes": "", "ColorDiffuse": GREY,
                              "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
                              "Tooltip": True, "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": sideways,
                              "CardID": card_id, "CustomDeck": {str(sheet.number): entries[str(sheet.number)]},
                              "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ContainedObjects": []})
    if len(cards) == 1:
        state = cards[0]
    else:
        state = {"GUID": _guid(game_id, deck.id), "Name": "DeckCustom", "Transform": transform, "Nickname": deck.name,
                 "Description": f"{title}: {deck.name}, {len(cards)} cards", "GMNotes": "", "ColorDiffuse": GREY,
                 "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
                 "HideWhenFaceDown": True, "Hands": False, "SidewaysCard": sideways, "DeckIDs": ids,
                 "CustomDeck": entries, "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ContainedObjects": cards}
    return {"SaveName": f"{title}: {deck.name}", "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "",
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "TabStates": {}, "VersionNumber": "", "ObjectStates": [state]}


def selected_decks(loaded: LoadedGame, only: tuple[str, ...]) -> list[Deck]:
    game = loaded.game
    if not only:
        return list(game.decks)
    by_component = {c.id: c.ref for c in game.components if c.ref}
    known = [d.id for d in game.decks]
    decks = []
    for name in only:
        deck_id = by_component.get(name, name)
        if deck_id not in known:
            raise BuildError(f"--only {name}: no deck of that name in '{game.id}' ({closest_hint(name, known, 'deck')}); "
                             f"--format tts exports decks only")
        decks.append(next(d for d in game.decks if d.id == deck_id))
    return decks


def export_tts(loaded: LoadedGame, out_root: Path, only: tuple[str, ...] = (), base_url: str | None = None,
               progress: Callable[[str], None] = lambda message: None) -> TtsResult:
    """Write every selected deck's sheets, backs, saved object and thumbnail; all of them are
    composed first (every problem at once), and the folder is staged, so a failure leaves the
    previous export as it was."""
    check_base_url(base_url)
    game = loaded.game
    decks = selected_decks(loaded, only)
    if not decks:
        raise BuildError(f"{game.id} has no decks: nothing to export to Tabletop Simulator")
    composed, problems = {}, []
    for deck in decks:
        try:
            composed[deck.id] = compose_deck(game, deck, loaded.layouts)
        except BuildError as exc:
            problems.append(str(exc))
    if problems:
        raise BuildError("\n".join(problems))
    folder = out_root / game.id / "tts"
    result = TtsResult(game.id, folder)

    def url(name: str) -> str:
        return f"{base_url.rstrip('/')}/{name}" if base_url else (folder / name).resolve().as_uri()

    number = 1
    with staged(folder):
        for deck in decks:
            sheets = plan_sheets(composed[deck.id], number)
            if not sheets:
                progress(f"{game.id}: {deck.name}: no card is printed (every count is 0): skipped")
                continue
            number += len(sheets)
            export = _write_deck(loaded, deck, sheets, folder, result, progress)
            first = sheets[0].cards[0].front
            size_mm = (to_mm(first.width), to_mm(first.height))
            name = f"{deck.id}.json"
            data = saved_object(game.id, game.title, export, url, size_mm)
            write_text_atomic(folder / name, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
            result.files.append(name)
            result.decks.append(export)
    return result


def _write_deck(loaded: LoadedGame, deck: Deck, sheets: list[Sheet], folder: Path, result: TtsResult,
                progress) -> DeckExport:
    first = sheets[0].cards[0].front
    px = card_pixels(first.width, first.height, max(s.columns for s in sheets), max(s.rows for s in sheets))
    backs: dict[str, Scene] = {}
    for sheet in sheets:
        backs.setdefault(sheet.back_id, sheet.cards[0].back)
    # Backs first (a few), then the fronts sheet by sheet: one sheet is in memory at a time.
    scenes = list(backs.values()) + [card.front for sheet in sheets for card in sheet.cards]
    progress(f"{loaded.game.id}: {deck.name}: {len(sheets)} TTS sheet{'' if len(sheets) == 1 else 's'}, "
             f"{px[0]} x {px[1]} px a card")
    images = render_pages(loaded.game, [face_page(s, bleed=False) for s in scenes], [px] * len(scenes),
                          f"{deck.name} for Tabletop Simulator")
    try:
        back_images = {back_id: next(images) for back_id in backs}
        back_names = {}
        for back_id, image in back_images.items():
            name = f"{deck.id}.back.png" if len(backs) == 1 else f"{deck.id}.back-{back_id}.png"
            save_png(image, folder / name)
            result.files.append(name)
            back_names[back_id] = name
        for index, sheet in enumerate(sheets, 1):
            canvas = PilImage.new("RGB", (sheet.columns * px[0], sheet.rows * px[1]), "white")
            for slot in range(len(sheet.cards)):
                image = next(images)
                canvas.paste(image, ((slot % sheet.columns) * px[0], (slot // sheet.columns) * px[1]))
                if index == 1 and slot == 0:
                    image.thumbnail((THUMBNAIL_PX, THUMBNAIL_PX))
                    save_png(image, folder / f"{deck.id}.png")  # shown by TTS's saved-objects browser
                    result.files.append(f"{deck.id}.png")
            hidden = sheet.hidden_slot
            canvas.paste(back_images[sheet.back_id], ((hidden % sheet.columns) * px[0], (hidden // sheet.columns) * px[1]))
            sheet.face_file = f"{deck.id}.faces.png" if len(sheets) == 1 else f"{deck.id}.faces-{index}.png"
            sheet.back_file = back_names[sheet.back_id]
            save_png(canvas, folder / sheet.face_file)
            result.files.append(sheet.face_file)
    finally:
        images.close()
    return DeckExport(deck, sheets, px, sum(c.count for s in sheets for c in s.cards))
