"""The game's data as docs, phrases and JSON for the rules index: decks and cards, tables and
their rows, fixed values, components, dice and pieces (a part of index._Builder)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .text import card_heading, humanize, kind_of

BOX_WORDS = frozenset({"components", "contents"})  # what a player calls the components section
COUNTED_COMPONENTS = 3  # components counted out that make an untitled top section the components'
NAME_WITHIN = 4  # ... each its count followed within this many words by a word of its name
_BOLD = re.compile(r"\*\*(.+?)\*\*")

# Card and piece fields that say how a thing looks, not what it does.
LOOKS = {"sample", "layout", "back", "icon", "art", "image", "file", "font", "data", "fill", "shape",
         "size_mm", "color", "colour", "at", "printed", "orientation", "size",
         "grid"}  # how a sheet is laid out in print ("card: poker"), not what the rules say

def _flatten(value: Any, key: str = "") -> list[str]:
    """Words from a data value: strings as they are, numbers with their key, nested data too."""
    out: list[str] = []
    if isinstance(value, bool):
        if value and key:
            out.append(humanize(key))
    elif isinstance(value, (int, float)):
        out.append(f"{humanize(key)} {value}" if key else str(value))
    elif isinstance(value, str):
        out.append(f"{humanize(key)}: {value}" if key and len(value) < 40 else value)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k in LOOKS:
                continue
            out.extend(_flatten(v, f"{key} {k}".strip() if key else str(k)))
    elif isinstance(value, (list, tuple)):
        scalars = [v for v in value if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
        if scalars and len(scalars) == len(value):
            out.append(f"{humanize(key)}: {', '.join(str(v) for v in value)}" if key else
                       ", ".join(str(v) for v in value))
        else:
            for v in value:
                out.extend(_flatten(v, key))
    return out


class DataDocs:
    """Mixed into index._Builder, whose text(), doc(), phrase() and content_stems() it uses."""

    if TYPE_CHECKING:  # what index._Builder sets and defines, declared so mypy checks both sides
        game: Any  # the loader's Game
        titles: dict[str, str]  # a section's full id -> its title, step number dropped
        data: dict[str, Any]
        rule_ids: set[str]
        components_rule: str | None
        setup_rule: str | None

        def text(self, value: str | None) -> str: ...

        def phrase(self, text: str, kind: str, ref: str, rule: str | None, label: str | None = None,
                   canon: str = "") -> None: ...

        def doc(self, kind: str, key: str, rule: str | None, title: str, aliases: str = "", body: str = "",
                context: str = "", answer: str = "") -> None: ...

        def content_stems(self, text: str) -> list[str]: ...

    def _kind_rule(self, kind: str) -> str | None:
        """The section that governs a kind of card ("type: Fuel"): the one titled by the kind
        ("Tricks"), else the first whose own text names it as a card ("discard a Fuel card"). A
        kind no section speaks of that way (a flavour, a colour) governs nothing."""
        kind_stems = self.content_stems(kind)
        if not kind_stems:
            return None
        for full, title in self.titles.items():
            if set(kind_stems) <= set(self.content_stems(title)):
                return full
        said = " ".join(kind_stems + ["card"])
        for full, _, _, rule in self.game.walk_rules():
            if said in " ".join(self.content_stems(rule.text or "")):
                return full
        return None

    def _keyword_rule(self, text: str, keywords: dict[tuple[str, ...], str]) -> str | None:
        """The section behind the one keyword a card's text sets in bold ("**Unblockable.**"), when
        the glossary ties that term to a section (``keywords``: a term's stems -> its section):
        what the card does is read there, not where its deck is bought. None when the text bolds
        no such term, or several."""
        found = {keywords[key] for bold in _BOLD.findall(text)
                 if (key := tuple(self.content_stems(bold))) and key in keywords}
        return found.pop() if len(found) == 1 else None

    def _card_rule(self, deck: Any, text: str, kind: str = "") -> tuple[str | None, bool]:
        """The section a card without a rule of its own (nor its deck's) answers for, and whether
        that section governs the card: the one governing its kind (_kind_rule), else the one about
        playing or using cards ("Playing cards"), else the first its text points to; else, not
        governing it, the one whose text says most about playing cards."""
        by_kind = self._kind_rule(kind) if kind else None
        if by_kind is not None:
            return by_kind, True
        wanted = {"card", "plai", "us", "action"} | set(self.content_stems(deck.name))
        best = None
        for full, title in self.titles.items():
            stems = set(self.content_stems(title))
            if "card" not in stems:
                continue
            score = len(stems & wanted)
            if best is None or score > best[0]:
                best = (score, full)
        if best is not None:
            return best[1], True
        for match in re.finditer(r"\[\[([^\]]*)\]\]", text or ""):
            if match.group(1).strip() in self.rule_ids:
                return match.group(1).strip(), True
        return self._loose_card_rule(wanted), False

    def _loose_card_rule(self, wanted: set[str]) -> str | None:
        """No title names cards (a designer's "Your turn: draw a card, then play one"): the section
        whose own text says most about playing cards, else (rules that call their cards tickets or
        songs, never cards) most about the deck, else the first. It governs no card: a card found
        through it is the answer itself, and the section only somewhere to read on. (A card with
        no section at all was never found: every card of such a game was lost.)"""
        best = None
        for full, _, _, rule in self.game.walk_rules():
            stems = set(self.content_stems(rule.text))
            score = ("card" in stems, len(stems & wanted))
            if best is None or score > best[0]:
                best = (score, full)
        return best[1] if best is not None else None

    def _decks(self) -> None:
        decks = []
        keywords = {tuple(self.content_stems(e.term)): e.rule for e in self.game.glossary if e.rule in self.rule_ids}
        for deck in self.game.decks:
            cards = []
            for card in deck.cards:
                rule, governs = card.rule or self._keyword_rule(str(card.extra.get("text", "")), keywords) or deck.rule, True
                if rule is None:
                    rule, governs = self._card_rule(deck, str(card.extra.get("text", "")), kind_of(card.extra))
                fields = {k: v for k, v in card.extra.items() if k not in LOOKS}
                body = "\n".join(self.text(s) for s in _flatten(fields))
                answer = f"{card_heading(card.name, fields)}: {self.text(str(fields.get('text', ''))) or body}"
                self.doc("card", f"{deck.id}/{card.id}", rule, card.name, card.id.replace("-", " "),
                         body, deck.name, answer)
                self.phrase(card.name, "card", f"{deck.id}/{card.id}", rule)
                if card.id.replace("-", " ") != card.name.lower():
                    self.phrase(card.id.replace("-", " "), "card", f"{deck.id}/{card.id}", rule,
                                label=card.name)
                cards.append({"id": card.id, "name": card.name, "count": card.count, "rule": rule,
                              "governed": governs,  # else the card is its own answer (cards.card_of)
                              "fields": self.plain_data(fields)})
            self.doc("deck", deck.id, deck.rule, deck.name, "", self.text(deck.note or "") +
                     f"\n{deck.total} cards")
            self.phrase(deck.name, "deck", deck.id, deck.rule)
            decks.append({"id": deck.id, "name": deck.name, "rule": deck.rule, "total": deck.total,
                          "note": deck.note, "cards": cards})
        self.data["decks"] = decks

    def _tables(self) -> None:
        tables = []
        for table in self.game.tables:
            rows = [r if not hasattr(r, "model_dump") else r.model_dump() for r in table.rows]
            body = [self.text(table.note or ""), "columns: " + ", ".join(humanize(c) for c in table.columns)]
            body += [self.text(str(i)) for i in table.items]
            for row in rows:
                body.append("; ".join(self.text(s) for s in _flatten(row)))
            self.doc("table", table.id, table.rule, table.title, table.id.replace("-", " "), "\n".join(body),
                     "", self.text(table.note or ""))
            self.phrase(table.title, "table", table.id, table.rule)
            if table.kind == "cycle":
                for item in table.items:
                    self.phrase(humanize(item), "cycle-item", f"{table.id}/{item}", table.rule, label=item)
            if table.kind == "chart":
                for i, column in enumerate(table.columns):
                    self.phrase(humanize(column), "column", f"{table.id}/{i}", table.rule, label=column)
            if table.kind in ("records", "map"):
                for i, row in enumerate(rows):
                    if not isinstance(row, dict):
                        continue
                    names = [row[k] for k in ("name", "id") if isinstance(row.get(k), str)]
                    if table.columns and self.names_rows(table, rows):
                        names.append(row[table.columns[0]])
                    rule = self.row_rule(table, row)
                    seen = set()
                    for name in names:
                        text = humanize(name) if name == row.get("id") else name
                        if text.lower() in seen:
                            continue
                        seen.add(text.lower())
                        self.phrase(text, "row", f"{table.id}/{i}", rule, label=str(names[0]))
                    if names:
                        self.doc("row", f"{table.id}/{i}", rule, str(names[0]), table.title,
                                 "; ".join(self.text(s) for s in _flatten(row)), table.title)
            tables.append({"id": table.id, "title": table.title, "kind": table.kind, "rule": table.rule,
                           "die": table.die, "columns": list(table.columns), "rows": self.plain_data(rows),
                           "items": list(table.items), "note": table.note, "field_rules": dict(table.field_rules)})
        self.data["tables"] = tables

    @staticmethod
    def names_rows(table: Any, rows: list) -> bool:
        """Whether a table's first column names its rows: words, one per row ("store", "gold"),
        not numbers or repeated outcomes."""
        first = table.columns[0]
        keys = [r.get(first) if isinstance(r, dict) else None for r in rows]
        return (all(isinstance(k, str) and not re.fullmatch(r"[\d\s.+-]*", k) for k in keys)
                and len(set(keys)) == len(keys))

    def row_rule(self, table: Any, row: dict) -> str | None:
        """A row's own rule; else the table's sub-section named like the row (the row
        'plus-one' of a table on 'spaces' belongs to 'spaces.plus-one'); else the table's."""
        if isinstance(row.get("rule"), str) and row["rule"] in self.rule_ids:
            return row["rule"]
        if table.rule:
            keys = [row.get("id")] + ([row.get(table.columns[0])] if table.columns else [])
            for key in keys:
                if isinstance(key, str) and f"{table.rule}.{key}" in self.rule_ids:
                    return f"{table.rule}.{key}"
        return table.rule

    def _values(self) -> None:
        values = {}
        for key, value in self.game.values.items():
            self.doc("value", key, value.rule, value.label, humanize(key), f"{value.label}: {value.value}")
            self.phrase(value.label, "value", key, value.rule)
            values[key] = {"value": value.value, "label": value.label, "rule": value.rule,
                           "label_stems": self.content_stems(value.label),
                           "key_stems": self.content_stems(humanize(key))}
        self.data["values"] = values

    def _components_rule(self, walked) -> str | None:
        """The section that says what the game comes with: titled so, else the one top section
        that counts out most of game.yaml's components ("32 garment cards, 16 chore cards, 1 gust
        die ..." under a designer's own title, "Bits and bobs")."""
        for full, _, _, rule in walked:
            if full == "components":
                return full
        for full, _, depth, rule in walked:
            names = {rule.title.lower(), *(a.lower() for a in rule.aliases)}
            if depth == 0 and names & {*BOX_WORDS, "what's in the box"}:
                return full
        counted = {full: self._components_counted(rule.text or "") for full, _, depth, rule in walked if depth == 0}
        most = max(counted.values(), default=0)
        listing = [full for full, n in counted.items() if n == most]
        if len(listing) == 1 and most >= COUNTED_COMPONENTS and 2 * most >= len(self.game.components):
            return listing[0]
        return None

    def _components_counted(self, text: str) -> int:
        """How many of the game's components the text counts: its number just before a word of its
        name ("18 Job cards"; a die roll's "4 or 5: the cradle sways" counts no Bucket boards)."""
        tokens = re.findall(r"[a-z0-9']+", text.lower())
        counted = 0
        for comp in self.game.components:
            name = set(self.content_stems(comp.name))
            said = (" ".join(tokens[i + 1:i + 1 + NAME_WITHIN]) for i, t in enumerate(tokens) if t == str(comp.count))
            counted += any(name & set(self.content_stems(after)) for after in said)
        return counted

    def _components(self) -> None:
        rules_by_ref: dict[str, str | None] = {}
        for deck in self.game.decks:
            rules_by_ref[deck.id] = deck.rule
        for die in self.game.dice:
            rules_by_ref.setdefault(die.id, die.rule)
        for group in (self.game.tokens, self.game.boards, self.game.tiles, self.game.sheets):
            for piece in group:
                rules_by_ref.setdefault(piece.id, piece.rule)
        components = []
        for comp in self.game.components:
            rule = self.components_rule or rules_by_ref.get(comp.ref or "") or self.setup_rule
            note = self.text(comp.note or "")
            self.doc("component", comp.id, rule, comp.name, comp.kind,
                     f"{comp.count} {comp.name}. {note}".strip())
            self.phrase(comp.name, "component", comp.id, rule)
            components.append({"id": comp.id, "name": comp.name, "kind": comp.kind, "count": comp.count,
                               "source": comp.source, "ref": comp.ref, "note": comp.note, "rule": rule})
        self.data["components"] = components

    def _dice(self) -> None:
        dice = []
        for die in self.game.dice:
            faces = [{"label": f.label, "value": f.value, "symbols": dict(f.symbols)} for f in die.faces]
            self.doc("die", die.id, die.rule, die.name, " ".join(die.tags),
                     "faces: " + ", ".join(f.label for f in die.faces) + ". " + self.text(die.note or ""))
            self.phrase(die.name, "die", die.id, die.rule)
            for face in die.faces:
                if not face.label.isdigit():
                    self.phrase(face.label, "face", f"{die.id}/{face.label}", die.rule)
            dice.append({"id": die.id, "name": die.name, "count": die.count, "rule": die.rule,
                         "faces": faces, "success": list(die.success or []), "tags": list(die.tags)})
        self.data["dice"] = dice

    def _pieces(self) -> None:
        pieces = []
        for kind, group in (("token", self.game.tokens), ("board", self.game.boards),
                            ("tile", self.game.tiles), ("sheet", self.game.sheets)):
            for piece in group:
                fields = {k: v for k, v in piece.extra.items() if k not in LOOKS}
                body = "\n".join(self.text(s) for s in _flatten(fields))
                self.doc("piece", piece.id, piece.rule, piece.name, kind,
                         f"{self.text(piece.note or '')}\n{body}")
                self.phrase(piece.name, "piece", piece.id, piece.rule)
                pieces.append({"id": piece.id, "name": piece.name, "kind": kind, "count": piece.count,
                               "rule": piece.rule, "note": piece.note})
        self.data["pieces"] = pieces

    def plain_data(self, value: Any) -> Any:
        """Data with its text fields as players read them (§4.3 for [[rule]], icon labels)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {k: self.plain_data(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.plain_data(v) for v in value]
        return value
