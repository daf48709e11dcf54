"""What the rulebook templates show, gathered from the game model: sections, tables, components.

Everything a template prints is either a plain value (escaped by jinja) or Markup made here by
``TextRenderer`` (escaped first, then marked up). Templates decide how things look; this module
decides what there is and how each kind of table reads best on the page.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup, escape

from ..model.game import Deck, Game
from ..model.loader import LoadedGame
from ..model.rules import Table
from .art import data_uri, icon_svg
from .markup import TextRenderer, humanize
from .tables import TableViews
from .views import (  # noqa: F401  (BOOKS and BookFormat: imported from here too)
    BOOKS,
    BookFormat,
    CardPicture,
    ComponentView,
    DeckGallery,
    DieView,
    SectionView,
    TableView,
    _narrow,
    _number,
    plain,
)

PT_MM = 25.4 / 72
TOC_HEADING_MM = 12  # the "Contents" heading and the space under it
TOC_LINE_EM = (1.62, 1.32)  # a chapter's entry (with the space above it), a section's: measured
TOC_SQUEEZE = 0.93  # compact lines are tighter too (line height 1.32 against 1.42)
TOC_MIN_SCALE = 0.78  # smaller than this is hard to read: let it fill two pages
DIE_FACE_MM = 9  # die faces pictured on the components page
ID_LIKE_WORD = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")  # 'quell', 'near-vethis'


def _row_key(table: Table, row: Any) -> str | None:
    """The id a named row is known by in other rows: its ``id``, else its first column's value
    (an attunement space's ``space``)."""
    if not isinstance(row, dict) or not isinstance(row.get("name"), str):
        return None
    for key in ("id", *table.columns[:1]):
        value = row.get(key)
        if isinstance(value, str) and ID_LIKE_WORD.match(value) and value != row["name"]:
            return value
    return None


class BookData(TableViews):
    """One game's rulebook content, built once and rendered by both documents.

    ``font_base`` is where SVG pictures find Lato: a file: URL under layouts/ for the PDF, a
    relative folder for the HTML file.
    """

    def __init__(self, loaded: LoadedGame, book: BookFormat, font_base: str, page_refs: bool = True,
                 grid_columns: int | None = None):
        self.loaded = loaded
        self.game: Game = loaded.game
        self.book = book
        self.grid_columns = grid_columns or book.grid_columns
        self.font_base = font_base
        self._icon_uris: dict[str, str] = {}
        self.text = TextRenderer(self.game, self.icon_img, page_refs=page_refs)
        game = self.game
        self.rule_titles = {full: rule.title for full, _n, _d, rule in game.walk_rules()}
        self.names: dict[str, str] = {}  # ids that name something, shown by name in tables
        for icon_id, info in game.icons.items():
            if info.label:
                self.names[icon_id] = info.label
        for group in (game.boards, game.tokens, game.tiles, game.sheets):
            for piece in group:
                self.names[piece.id] = piece.name
                for kinds in piece.extra.values():  # a tile set's faces, a token set's kinds
                    for kind in kinds if isinstance(kinds, list) else ():
                        if isinstance(kind, dict) and isinstance(kind.get("id"), str) and isinstance(kind.get("name"), str):
                            self.names.setdefault(kind["id"], kind["name"])
        for die in game.dice:
            self.names[die.id] = die.name
        for deck in game.decks:
            self.names[deck.id] = deck.name
            for card in deck.cards:
                self.names.setdefault(card.id, card.name)
        for table in game.tables:  # a row with an id and a name: a lord, a character, a space
            for row in table.rows:
                key = _row_key(table, row)
                if key is not None:
                    self.names.setdefault(key, row["name"])
        for icon_id in game.icons:  # an icon without a label is called what its id says
            self.names.setdefault(icon_id, humanize(icon_id).capitalize())

    # --- small pieces ------------------------------------------------------------------------

    def icon_uri(self, icon_id: str) -> str:
        if icon_id not in self._icon_uris:
            self._icon_uris[icon_id] = data_uri(icon_svg(self.game.icons[icon_id].file))
        return self._icon_uris[icon_id]

    def icon_img(self, icon_id: str, css: str = "icon") -> Markup:
        if icon_id not in self.game.icons or self.game.icons[icon_id].file is None:
            return escape(f":{icon_id}:")
        label = self.names.get(icon_id) or humanize(icon_id)
        return Markup('<img class="{}" src="{}" alt="{}">').format(css, self.icon_uri(icon_id), label)

    def rule_ref(self, rule_id: str | None) -> Markup:
        if not rule_id or rule_id not in self.game.rule_numbers:
            return Markup("")
        if not self.text.page_refs:
            return Markup('<span class="xref-short">§{}</span>').format(self.game.rule_numbers[rule_id])
        return Markup('<a class="xref-short" href="#{}">§{}</a>').format(rule_id, self.game.rule_numbers[rule_id])

    def where_rule(self, full_id: str, what: str) -> str:
        return f"rule '{full_id}' (§{self.game.rule_numbers.get(full_id, '?')}) {what}"

    # --- front matter ------------------------------------------------------------------------

    def facts(self) -> list[str]:
        game = self.game
        players = game.players
        facts = [f"{players.min} player" + ("" if players.min == 1 else "s") if players.min == players.max
                 else f"{players.min}–{players.max} players"]
        if game.play_time:
            facts.append(game.play_time)
        if game.age:
            facts.append(f"ages {game.age}")
        return facts

    def credits(self) -> list[tuple[str, Markup]]:
        c = self.game.credits
        rows = [("Design", c.designer), ("Publisher", c.publisher), ("Art", c.artist),
                ("Rules source", c.source), ("Year", str(c.year) if c.year else None), ("Thanks", c.thanks)]
        return [(label, self.text.inline(value, f"credits ({label.lower()})")) for label, value in rows if value]

    def licence(self) -> dict[str, Any] | None:
        licence = self.game.licence
        if licence is None:
            return None
        return {"name": self.text.inline(licence.name, "licence name"),
                "url": licence.url if licence.url and licence.url.startswith(("https://", "http://")) else None,
                "attribution": self.text.inline(licence.attribution, "licence attribution")}

    def cover_art(self) -> list[CardPicture]:
        """The first deck's first card and its back; without cards, the game's own icon."""
        if self.game.decks:
            gallery = self.gallery(limit=1, decks=self.game.decks[:1])  # the other decks' cards are not shown
            if gallery:
                return gallery[0].cards
        if self.game.id in self.game.icons:
            return [CardPicture(self.icon_uri(self.game.id), self.names[self.game.id], 40, 40)]
        return [CardPicture(self.icon_uri(icon_id), self.names[icon_id], 16, 16)
                for icon_id, info in list(self.game.icons.items())[:4] if info.file]

    # --- components --------------------------------------------------------------------------

    def components(self) -> list[ComponentView]:
        views = []
        pieces = {p.id: p for group in (self.game.boards, self.game.tokens, self.game.tiles, self.game.sheets)
                  for p in group}
        rule_of = {d.id: d.rule for d in self.game.decks} | {d.id: d.rule for d in self.game.dice} | {
            p.id: p.rule for p in pieces.values()}
        for comp in self.game.components:
            where = f"component '{comp.id}'"
            icon = Markup("")
            piece = pieces.get(comp.ref or "")
            if piece is not None and isinstance(piece.extra.get("icon"), str):
                icon = self.icon_img(piece.extra["icon"])
            elif comp.id in self.game.icons:
                icon = self.icon_img(comp.id)
            views.append(ComponentView(
                name=self.text.inline(comp.name, where), count=comp.count,
                source="print" if comp.source == "print" else "gather",
                note=self.text.inline(comp.note, where + " note"),
                ref=self.rule_ref(rule_of.get(comp.ref or "")), icon=icon))
        return views

    def gallery(self, limit: int | None = None, decks: Sequence[Deck] | None = None) -> list[DeckGallery]:
        """The first cards of every deck (or of ``decks``), drawn by the SVG backend from the
        composed scenes. Three fronts and a back per deck; two fronts when there are more than two
        decks."""
        if limit is None:
            limit = 3 if len(self.game.decks) <= 2 else 2
        from ..render.svg import scene_svg  # only when pictures are drawn
        from ..scene.compose import compose_deck

        icons = {icon_id: info.file for icon_id, info in self.game.icons.items() if info.file}
        galleries = []
        for deck in self.game.decks if decks is None else decks:
            sample = deck.model_copy(update={"cards": deck.cards[:limit]})
            faces = compose_deck(self.game, sample, self.loaded.layouts)
            pictures = []
            for face in faces:
                pictures.append(self._card(scene_svg(face.front, icons, font_dir=self.font_base, bleed=False),
                                           face.front, f"Card: {face.name}"))
            if faces:
                pictures.append(self._card(scene_svg(faces[0].back, icons, font_dir=self.font_base, bleed=False),
                                           faces[0].back, f"Back of a {deck.name} card"))
            galleries.append(DeckGallery(deck.name, deck.total, self.rule_ref(deck.rule), pictures))
        return galleries

    def _card(self, svg: str, scene, alt: str) -> CardPicture:
        height = self.book.card_height
        width = height * scene.width / scene.height if scene.height else height
        if width > height * 1.2:  # landscape cards: keep them from running off the column
            width, height = height * 1.2, height * 1.2 * scene.height / scene.width
        return CardPicture(data_uri(svg), alt, round(width, 2), round(height, 2))

    def dice(self) -> list[DieView]:
        """Each die's faces as the kit's stickers draw them: spots, the symbols each face
        carries (two damage icons, a bone), icons, and nothing on a blank face."""
        from ..pieces.dice import face_art, face_scene
        from ..render.svg import scene_svg  # only when pictures are drawn
        from ..scene.draw import Ink

        icons = {icon_id: info.file for icon_id, info in self.game.icons.items() if info.file}
        views = []
        for die in self.game.dice:
            faces = []
            for face in die.faces:
                scene = face_scene(face_art(face, die, self.game), DIE_FACE_MM, die.color, self.game, Ink(), 0)
                svg = scene_svg(scene, icons, font_dir=self.font_base, bleed=False)
                faces.append(Markup('<img class="die-face" src="{}" alt="{}">').format(data_uri(svg), face.label))
            views.append(DieView(die.name, die.count, faces, self.rule_ref(die.rule)))
        return views

    # --- rules -------------------------------------------------------------------------------

    def sections(self) -> list[SectionView]:
        game = self.game
        tables_by_rule: dict[str, list[Table]] = {}
        for table in game.tables:
            if table.rule in game.rule_numbers:
                tables_by_rule.setdefault(table.rule, []).append(table)
        views = []
        optional_prefixes: list[str] = []
        for full, number, depth, rule in game.walk_rules():
            optional = rule.optional or any(full.startswith(p + ".") for p in optional_prefixes)
            if rule.optional:
                optional_prefixes.append(full)
            views.append(SectionView(
                anchor=full, number=number, depth=depth,
                title=self.text.inline(rule.heading, self.where_rule(full, "title")),
                plain_title=plain(rule.heading),
                body=self.text.block(rule.text, self.where_rule(full, "text")),
                examples=[self.text.block(example, self.where_rule(full, f"example {i + 1}"))
                          for i, example in enumerate(rule.examples)],
                optional=optional,
                tables=[self.table(t) for t in tables_by_rule.get(full, [])]))
        for view, after in zip(views, views[1:]):
            view.leads_in = after.depth > view.depth
        return views

    def components_section(self, sections: list[SectionView]) -> str | None:
        """The anchor of a top-level rule section called Components, where the kit's list of
        components goes (one "Components" in the contents, not two); None without one."""
        for section in sections:
            if section.depth == 0 and section.plain_title.casefold() == "components":
                return section.anchor
        return None

    def contents_scale(self, toc: list[dict[str, Any]]) -> float:
        """Type size for the contents (1 = body type): a little smaller when that keeps it on
        one page, rather than spill two lines onto a page of their own."""
        book = self.book
        room = (book.height - book.margin_top - book.margin_bottom - TOC_HEADING_MM) / (book.font_size * PT_MM)
        needed = sum(TOC_LINE_EM[min(entry["depth"], 1)] for entry in toc)
        scale = room / needed * TOC_SQUEEZE
        return 1.0 if needed <= room or scale < TOC_MIN_SCALE else round(scale, 3)  # two pages: full size

    def loose_tables(self) -> list[TableView]:
        return [self.table(t) for t in self.game.tables if t.rule not in self.game.rule_numbers]

    # --- back matter -------------------------------------------------------------------------

    def values(self) -> list[tuple[Markup, str, Markup]]:
        return [(self.text.inline(v.label, f"value '{key}' label"),
                 self.names.get(v.value, _number(v.value)) if isinstance(v.value, str) else _number(v.value),
                 self.rule_ref(v.rule)) for key, v in self.game.values.items()]

    def glossary(self) -> list[dict[str, Any]]:
        entries = sorted(self.game.glossary, key=lambda e: e.term.casefold())
        return [{"term": self.text.inline(e.term, f"glossary '{e.term}' term"),
                 "icon": self.icon_img(e.icon, "icon gloss-icon") if e.icon else Markup(""),
                 "text": self.text.inline(e.text, f"glossary '{e.term}' text"),
                 "ref": self.rule_ref(e.rule)} for e in entries]

    def faq(self) -> list[dict[str, Markup]]:
        return [{"question": self.text.inline(f.question, f"faq {i + 1} question"),
                 "answer": self.text.block(f.answer, f"faq {i + 1} answer"),
                 "ref": self.rule_ref(f.rule)} for i, f in enumerate(self.game.faq)]

    def notes(self) -> list[dict[str, Markup]]:
        return [{"topic": self.text.inline(n.topic, f"note '{n.topic}' topic"),
                 "text": self.text.block(n.text, f"note '{n.topic}' text")} for n in self.game.notes]

    def icon_legend(self) -> list[tuple[Markup, str]]:
        """The symbols a player must decode. A card's own picture (an icon called what the card
        is called) is left out: the card names it."""
        card_names = {card.name.casefold() for deck in self.game.decks for card in deck.cards}
        return [(self.icon_img(icon_id), self.names[icon_id])
                for icon_id, info in self.game.icons.items()
                if info.file and self.names[icon_id].casefold() not in card_names]
