"""Cards and records: a card's field or text, a table row's description."""
from __future__ import annotations

from .. import intent as kinds
from ..lazy_re import lazy
from ..phrases import PhraseHit
from ..query import stems_of
from ..text import CARD_WORDS, KIND_FIELDS, STOPWORDS, card_heading, humanize, kind_of, words
from .amounts import HOW_MANY, numbers_the_thing, thing_counted
from .base import (
    CONFIDENCE,
    DESCRIBE,
    DOES,
    REST_OF_QUESTION,
    SCENE_OF_QUESTION,
    SKIP_FIELDS,
    Computed,
    Context,
    content_stems,
    describe_row,
    fmt,
    pair,
)

# -- cards and records -------------------------------------------------------------------------


def card_field(ctx: Context) -> list[Computed]:
    cards = ctx.index.cards()
    out = []
    for hit in ctx.hits("card"):
        card = cards.get(hit.phrase.ref)
        if card is None or not _little_words_said(ctx, card["name"]):
            continue
        rule = ctx.rule_ok(card.get("rule"))
        fields = card["fields"]
        asked = ctx.asked_fields(fields, hit)
        if asked:
            parts = "; ".join(f"{humanize(k)} {fmt(fields[k]) if not isinstance(fields[k], dict) else describe_row(fields[k])}"
                              for k in asked)
            out.append(Computed(f"{card['name']}: {parts}.", rule, CONFIDENCE["card.field"], "card",
                                card=hit.phrase.ref))
        elif ((DOES.search(ctx.text) or ASKS_TEXT.search(ctx.text)) and not ctx.asks(kinds.NUMBER)
              and _covers_most(ctx, hit, _card_context(ctx, hit.phrase.ref.split("/")[0]), rule)):
            out.append(Computed(_describe_card(card), rule, CONFIDENCE["card.text"], "card", card=hit.phrase.ref))
        elif said := _card_numbering_it(ctx, fields):  # "double espresso, how many dice do i roll": "roll three dice"
            out.append(Computed(f"{card['name']}: {said}", rule, CONFIDENCE["card.text"], "card", card=hit.phrase.ref))
    if not out and (ref := _card_called(ctx)) is not None:
        card = cards[ref]
        out.append(Computed(_describe_card(card), ctx.rule_ok(card.get("rule")), CONFIDENCE["card.text"], "card", card=ref))
    return out[:1]


# "what does the salt card do": the one card whose name holds the words said before "card"
# (the Salt Line), when the question names no card in full.
CALLED = lazy(r"\bwhat(?: does| do|'?s| is) (?:the |a |an |my |this |that |your )?(?P<name>[\w'-]+(?: [\w'-]+)?) card"
              r"(?: (?:do|does|say|says|mean|means))?\W*$", triggers=("card",))


# ... or "what does the rasp do", "card" unsaid: the one card whose name holds the words (the
# Farrier's Rasp, not the Hunter's Shoes whose text mentions it), when no section's title or other
# name of the game says them.
CALLED_BARE = lazy(r"^\W*what (?:does|do) (?:the|a|an|my|this|that|your) (?P<name>[\w'-]+(?: [\w'-]+)?) do\W*$",
                   triggers=("what",))


def _card_called(ctx: Context) -> str | None:
    said = CALLED.search(ctx.text)
    bare = None if said else CALLED_BARE.search(ctx.text)
    found = said or bare
    wanted = set(content_stems(found.group("name"))) if found else set()
    if not wanted:
        return None
    if bare and (any(hit.phrase.kind != "card" for hit in ctx.result.phrases)
                 or any(wanted & set(content_stems(r.title)) for r in ctx.index.rules.values())):
        return None  # "what does the heat die do": the die's, or a section's
    called = [ref for ref, card in ctx.index.cards().items() if wanted <= set(content_stems(card["name"]))]
    return called[0] if len(called) == 1 else None


def _little_words_said(ctx: Context, name: str) -> bool:
    """A card's name that ends in little words is said with them: "Watering Can" is not named by
    "how much water" (its "can" is a little word the phrase leaves out); "The Mayor" needs no "the"."""
    said = words(name.lower())
    while said and said[-1] in STOPWORDS:
        if said.pop() not in ctx.query.tokens:
            return False
    return True


A_LIMIT = lazy(r"\b(max|maximum|limit|most|at once)\b")  # "how much health can i have max": the rules' limit


def _card_numbering_it(ctx: Context, fields: dict) -> str | None:
    """Asked how many or how much of a thing, the named card's own text when it puts a number
    right before that thing: the card says it, whatever the rules say of the thing in general."""
    said = HOW_MANY.search(ctx.text) if ctx.asks(kinds.NUMBER) and not A_LIMIT.search(ctx.text) else None
    thing = thing_counted(ctx.text[said.end():]) if said else None
    return next((fields[key] for key in ("text", "effect", "ability")
                 if thing is not None and isinstance(fields.get(key), str) and numbers_the_thing(fields[key], thing)), None)


def _card_context(ctx: Context, deck_id: str) -> str:
    """Words that only say where a named card is: its deck's id and name, and "card" itself
    ("what does the Peons card do?" asks about the Peons, nothing more); and the words that ask
    for its text ("what's the letterer's power", "what is written on the saboteur")."""
    deck: dict = next((d for d in ctx.index.data("decks") or [] if d["id"] == deck_id), {})
    return f"{deck_id} {deck.get('name') or ''} card {CARD_TEXT_WORDS}"


CARD_TEXT_WORDS = "power powers ability abilities effect effects special text say says written"
CARD_TEXT_STEMS = frozenset(stems_of(CARD_TEXT_WORDS.split()))  # none counts against the game asked
ASKS_TEXT = lazy(r"\b(abilit(y|ies)|powers?|effects?)\b", triggers=("abilit", "power", "effect"))  # "which abilities does shax have"


def _describe_card(card: dict) -> str:
    fields = card["fields"]
    lead = next((fields[key].strip() for key in ("text", "effect", "ability") if isinstance(fields.get(key), str)), "")
    kind = kind_of(fields)
    rest = []
    for key, val in fields.items():
        if key in CARD_WORDS or key in SKIP_FIELDS or (isinstance(val, (int, float)) and not isinstance(val, bool)):
            continue  # numbers are in the heading, with the kind
        if kind and key in KIND_FIELDS and val == kind:  # said with the name: "Peons (Warrior, x8)"
            continue
        if isinstance(val, dict):
            rest.append(f"{humanize(key)}: {describe_row(val)}")
        else:
            rest.append(f"{humanize(key)} {fmt(val)}")
    text = card_heading(card["name"], fields, card.get("count", 1))
    text += ": " + (lead.rstrip(".") + ". " if lead else "") + ("; ".join(rest) + "." if rest else "")
    return text.strip()


def _covers_most(ctx: Context, hit: PhraseHit, context: str = "", rule: str | None = None) -> bool:
    """The named thing is what the question is about: the other words weigh little, apart from
    words of its `context` (the title of its table or deck: "side" in "the x2 side"). They may
    weigh more ("what does Time do in combat?") when the search, which weighs every word, ranks
    the thing's own `rule` first: then they only set the scene."""
    named = {ctx.query.stems[i] for i in hit.positions} | set(content_stems(context))
    total = sum(ctx.idf(s) for s in ctx.qset) or 1.0
    rest = sum(ctx.idf(s) for s in ctx.qset - named) / total
    if rest <= REST_OF_QUESTION:
        return True
    asked = _before_the_scene(ctx, hit)
    if asked is not None and sum(ctx.idf(s) for s in asked - named) <= REST_OF_QUESTION * (
            sum(ctx.idf(s) for s in asked) or 1.0):
        return True
    top = ctx.result.top
    return rule is not None and top is not None and top.rule == rule and rest <= SCENE_OF_QUESTION


SCENE = frozenset(("when", "if", "once", "after", "while"))


def _before_the_scene(ctx: Context, hit: PhraseHit) -> set[str] | None:
    """"What's balance do when I roll it for one of my demons": the words before the "when" that
    follows the named thing, when the rest of the question only sets a scene; else None."""
    tokens = ctx.query.tokens
    after = max(hit.positions) + 1
    cut = next((i for i in range(after, len(tokens)) if tokens[i] in SCENE), None)
    if cut is None or cut > after + 1:  # "what does X do when ...", "what's X do if ...": the clause right after
        return None
    return {ctx.query.stems[i] for i in ctx.query.content if i < cut}


def _says_something(row: dict, table: dict) -> bool:
    """The row holds some words beyond its name: a field of text or a nested row, not only
    numbers beside the name."""
    first = table["columns"][:1]
    return any(isinstance(val, (str, dict)) for key, val in row.items()
               if key not in first and key != "name" and key not in SKIP_FIELDS)


def record(ctx: Context) -> list[Computed]:
    out = []
    for hit in ctx.hits("row"):
        table_id, index = hit.phrase.ref.rsplit("/", 1)
        table = ctx.tables.get(table_id)
        if not table or table["kind"] not in ("records", "map"):
            continue
        row = table["rows"][int(index)]
        if not isinstance(row, dict):
            continue
        name = row.get("name") or hit.phrase.label
        if _rows_named(ctx, table_id) > 1:
            continue  # "i rolled time and balance, how does the damage work out": both, not Time's row
        if ctx.asks(kinds.YES_NO) and not _covers_most(ctx, hit, table["title"]):
            continue  # "does x2 double my gamble points?" asks for a rule, not the row of x2
        asked = ctx.asked_fields([k for k in row if k not in table["columns"][:1]], hit)
        if asked and _names_another(ctx, hit, asked):
            continue  # "x2 with a gold and a star, do both double": the x2's rule, not gold's "doubled by x2"
        if asked:
            # the section ruling the fields asked, where the data names one for each, else the row's
            ruled = {ctx.rule_ok((table.get("field_rules") or {}).get(k)) for k in asked}
            parts, rule = [], ruled.pop() if len(ruled) == 1 and None not in ruled else ctx.rule_ok(hit.phrase.rule)
            for key in asked:
                val = row[key]
                if isinstance(val, dict):
                    rule = ctx.rule_ok(val.get("rule")) or rule
                    label = val.get("name")
                    if label or any(isinstance(val.get(k), str) for k in DESCRIBE[:-1]):
                        parts.append(f"{humanize(key)}: " + (f"{label}. " if label else "") +
                                     describe_row(val, skip={"name"}))
                    else:  # a formula ({roll: d4, divide: 2}): "heal: roll d4; divide 2", not "roll: d4"
                        parts.append(f"{humanize(key)}: {fmt(val)}")
                elif isinstance(val, str) and " " in val.strip():  # a sentence: "offer: Sell any number of ..."
                    parts.append(f"{humanize(key)}: {val.strip()}")
                else:
                    parts.append(pair(key, val))
            text = f"{_as_named(name)} ({table['title']}): " + "; ".join(p.rstrip(".") for p in parts) + "."
            if rule and rule in ctx.index.rules and rule != table.get("rule"):
                text += "\n\n" + ctx.index.rules[rule].text
            also = [r for r in [ctx.rule_ok(table.get("rule"))] if r and r != rule]
            out.append(Computed(text.strip(), rule, CONFIDENCE["record.field"], "record", also))
            continue
        rule = ctx.rule_ok(hit.phrase.rule)
        if not DOES.search(ctx.text) or not _covers_most(ctx, hit, table["title"], rule):
            continue
        if not _says_something(row, table) and not (rule and rule != table.get("rule")):
            continue  # "peons: count 2" (a starting deck's list) tells no one what the Peons do; a row with a section of its own has it say
        text = f"{_as_named(name)} ({table['title']}): {describe_row(row, skip={'name'})}"
        if rule and rule != table.get("rule"):
            text = ctx.index.rules[rule].text + f"\n\nFrom the data, {text}"
        also = [r for r in [ctx.rule_ok(table.get("rule"))] if r and r != rule]
        # A row with its own section ("x2" of the action sides, "Time" of the abilities) answers
        # "what does it do?" as surely as a title; a row that only shares its table's, less so.
        own = rule != table.get("rule") and any(isinstance(row.get(k), str) for k in DESCRIBE[:-1])
        out.append(Computed(text.strip(), rule, CONFIDENCE["record.own-section" if own else "record.shared-section"],
                            "record", also))
    return out[:1]


def _as_named(name: object) -> str:
    """A row's name opening an answer, capital first as a sentence starts ("Gold (Supply limits):
    ..."); a name of a letter and a number keeps the game's spelling ("x2")."""
    said = fmt(name)
    first = said.split(" ", 1)[0]
    return said[:1].upper() + said[1:] if first.isalpha() else said


def _rows_named(ctx: Context, table_id: str) -> int:
    """How many different rows of the table the question names."""
    return len({h.phrase.ref for h in ctx.hits("row") if h.phrase.ref.rsplit("/", 1)[0] == table_id})


def _names_another(ctx: Context, hit: PhraseHit, fields: list[str]) -> bool:
    """A field asked about is named for another row the question names ("doubled by x2" of the
    gold, with the x2 named too): the question is about what that row does to several."""
    field_stems = {s for key in fields for s in content_stems(humanize(key))}
    others = [h for h in ctx.hits("row") if h is not hit and h.phrase.ref.rsplit("/", 1)[0] == hit.phrase.ref.rsplit("/", 1)[0]]
    return any({ctx.query.stems[i] for i in other.positions} <= field_stems for other in others)
