"""Answers worked out from the game's data, each citing the rule its data belongs to.

Generic over what the data model offers, never over a particular game:

- **cycles** (table kind ``cycle``): "does water-axe beat fire-shield?". Things are cycle items
  or cards whose fields hold cycle items; cycles are compared in the order a records table
  gives (rows with ``use_table``), else in data order, the first that differs deciding.
- **charts** (kind ``chart``): "how many points for three stars?": a number next to a column.
- **maps** (kind ``map``): "what happens when I roll a 2?": a key of the first column (a roll,
  a face, a code), the table picked by the words around it (its title, die, rule).
- **records** (kinds ``records`` and ``map`` rows with a name): "what does Time do?".
- **counts**: "how many marquis cards are there?": components, decks, cards, dice, pieces.
- **values**: "how much health do I start with?": the game's fixed numbers, by their labels.
- **card fields**: "how much does the cutlass cost?".

Logic that data cannot express lives in one module per game (referee/ask/games/).
"""
from __future__ import annotations

import re
from functools import lru_cache

from . import intent as kinds
from .search import PhraseHit, Query, SearchResult, stems_of
from .store import GameIndex
from .text import STOPWORDS, humanize, words

# How sure each computed answer is, in one table (issue 16): the share of such answers found
# right on the tuning questions, rounded down. engine.py compares them with the search's own
# confidence and its threshold.
CONFIDENCE = {
    "cycle.verdict": 0.95,  # both things named, next on a cycle: the data decides
    "cycle.tie": 0.9,  # both the same on one cycle: the next cycle decides ("both played earth")
    "cycle.identical": 0.85,  # the same on every cycle: the identical-runes rule
    "cycle.not-adjacent": 0.8,  # neither beats the other
    "cycle.not-on-cycle": 0.55,  # one of them has no place on the cycle
    "chart.named": 0.9,  # a number beside a column named, or the chart's title
    "chart.bare": 0.75,  # a number and one column
    "chart.off-chart": 0.5,  # the chart has no such row
    "map.one": 0.85,  # one table reads the roll
    "map.tied": 0.7,  # several tables read it as well
    "card.field": 0.9,  # "how much does the cutlass cost?"
    "card.text": 0.85,  # "what does Flood do?": the card's own text
    "record.field": 0.85,  # a record's field named
    "record.own-section": 0.85,  # a record with its own section
    "record.shared-section": 0.6,  # a record that only shares its table's section
    "count": 0.85,  # components, decks, cards, dice, pieces
    "players": 0.9,  # the game's player count
    "list": 0.9,  # a list table the question names ("what are the phases of a turn?")
    "list.least": 0.5,  # the share of the question the list's title must cover
    "value.most": 0.9,  # a fixed value: at most this, from how well its label fits
    "value.count-bonus": 0.05,  # ... and this more when the question asks "how many/much"
    "value.least": 0.55,  # below this fit, the value is not what the question asks
    "value.recall-only": 0.8,  # every question word in a long label, at most this sure
}

BEAT = re.compile(
    r"\b(beats?|beating|beaten|win(s|ning)?|won|stronger|weaker|los(e|es|ing)|trumps?|defeats?|"
    r"vs\.?|versus|better|worse|wins? against|goes over|over)\b")
LOSE = re.compile(r"\b(los(e|es|ing) (to|against)|weaker|worse|beaten by)\b")
COUNT = re.compile(r"\bhow (many|much)\b|(?<!same )\bnumber of\b|\bhow high\b|\bhow low\b")
DOES = re.compile(r"\b(what|how)\b.*\b(do|does|did|is|are|mean|means|work|works|happen|happens)\b|"
                  r"\bexplain\b|\btell me about\b|\bwhat'?s\b")
YES_NO = re.compile(r"^\s*(does|do|can|will|would|is|are|should|could)\b")
ROLL_WORDS = {"roll", "rolled", "rolling", "rolls", "throw", "throws", "threw", "come", "comes", "shows",
              "show", "showing", "land", "lands", "get", "got", "die", "dice", "face"}
# Fields that describe what a record does, in the order they make the best sentence.
DESCRIBE = ("effect", "text", "result", "outcome", "offer", "summary", "event", "ability", "name")
SKIP_FIELDS = {"id", "rule", "sample", "icon", "fixed", "at"}
REST_OF_QUESTION = 0.3  # "what does X do?": at most this share of the question is not X
SCENE_OF_QUESTION = 0.5  # ... or this much, when the search agrees that X's section answers


class Computed:
    """An answer worked out from data: its text, the rule it cites, how sure, which answerer
    (kind), and further rules worth citing."""

    __slots__ = ("answer", "rule", "confidence", "kind", "also")

    def __init__(self, answer: str, rule: str | None, confidence: float, kind: str, also: list[str] | None = None):
        self.answer = answer
        self.rule = rule
        self.confidence = confidence
        self.kind = kind
        self.also = also or []

    def __repr__(self) -> str:
        return f"Computed({self.kind}, {self.rule}, {self.confidence}, {self.answer[:60]!r})"


class Context:
    def __init__(self, index: GameIndex, query: Query, result: SearchResult):
        self.index = index
        self.query = query
        self.result = result
        self.text = query.text.lower()
        self.qset = set(query.content_stems)
        self.tables = {t["id"]: t for t in (index.data("tables") or [])}
        self.intent = kinds.intent(query.text)

    def asks(self, *intents: str) -> bool:
        return self.intent in intents

    def hits(self, *kinds: str) -> list[PhraseHit]:
        return [h for h in self.result.phrases if h.phrase.kind in kinds]

    def idf(self, stem: str) -> float:
        return self.result.idf.get(stem, 0.0)

    def asked_fields(self, keys, name_hit: PhraseHit) -> list[str]:
        """The keys of a record or card the question names, itself or by an alias
        ("price" for cost), other than words of the thing's own name."""
        name = {self.query.stems[i] for i in name_hit.positions}
        said = set(self.qset)
        for hit in self.result.phrases:
            if (hit.phrase.kind == "term-alias" and hit.phrase.canon
                    and not set(hit.positions) & set(name_hit.positions)):
                said |= set(content_stems(hit.phrase.canon))
        asked = []
        for key in keys:
            if key in SKIP_FIELDS or key == "name":
                continue
            key_stems = set(content_stems(humanize(key)))
            if key_stems and key_stems <= said and not key_stems & name:
                asked.append(key)
        return asked

    def rule_ok(self, rule: str | None) -> str | None:
        return rule if rule in self.index.rules else None

    def free_numbers(self, allow: tuple[str, ...] = ("column",)) -> list[tuple[int, int]]:
        """Numbers in the question that are not part of a name ("9 pip", "x2", "1234")."""
        taken = {i for h in self.result.phrases if h.phrase.kind not in allow for i in h.positions}
        return [(i, n) for i, n in self.query.numbers() if i not in taken]


def compute(index: GameIndex, query: Query, result: SearchResult) -> list[Computed]:
    ctx = Context(index, query, result)
    found: list[Computed] = []
    for answerer in (beats, chart, roll_map, card_field, count, players, value, record, listing):
        try:
            found.extend(answerer(ctx))
        except (KeyError, TypeError, ValueError, IndexError):
            continue  # data shaped in a way this answerer does not know: leave it to the search
    from .games import game_answers

    found.extend(game_answers(index.id, ctx))
    order = {k: i for i, k in enumerate(("game", "cycle", "chart", "map", "card", "count", "players", "value",
                                          "record", "list"))}
    found.sort(key=lambda c: (-c.confidence, order.get(c.kind, 99)))
    return found


# -- helpers -----------------------------------------------------------------------------------


def fmt(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(fmt(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{humanize(k)} {fmt(v)}" for k, v in value.items())
    return humanize(value) if isinstance(value, str) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", value) else str(value)


def pair(column: str, value: object) -> str:
    """'3 stars', 'space 60': counts read number first, labels name first."""
    name = humanize(column)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and name.endswith("s") and " " not in name:
        return f"{fmt(value)} {name}"
    return f"{name} {fmt(value)}"


def describe_row(row: dict, skip: set[str] = frozenset()) -> str:
    """A table row as a sentence: what it does first, then its other fields in brackets."""
    lead = ""
    for key in DESCRIBE:
        if isinstance(row.get(key), str) and key not in skip:
            lead = row[key].strip()
            skip = set(skip) | {key}
            break
    same = lead.lower()
    rest = [f"{humanize(k)}: {fmt(v)}" for k, v in row.items()
            if k not in skip and k not in SKIP_FIELDS and v is not None and v != {} and v != []
            and not (isinstance(v, str) and humanize(v).lower() == same)]
    if not lead:
        return "; ".join(rest) + "." if rest else ""
    text = lead[0].upper() + lead[1:].rstrip(".") + "."
    return text + (f" ({'; '.join(rest)})" if rest else "")


@lru_cache(maxsize=4096)
def content_stems(text: str) -> tuple[str, ...]:
    tokens = [t for t in words(text) if t not in STOPWORDS]
    return tuple(stems_of(tokens))


# -- cycles ------------------------------------------------------------------------------------


def beats(ctx: Context) -> list[Computed]:
    cycles = [t for t in ctx.tables.values() if t["kind"] == "cycle"]
    if not cycles or not (BEAT.search(ctx.text) or ctx.asks(kinds.WHO_WINS)):
        return []
    item_table = {}
    for t in cycles:
        for item in t["items"]:
            item_table.setdefault(item, t["id"])
    cards = {f"{d['id']}/{c['id']}": c for d in (ctx.index.data("decks") or []) for c in d["cards"]}
    things = []
    seen_at = set()
    for hit in sorted(ctx.hits("card", "cycle-item"), key=lambda h: h.start):
        if hit.start in seen_at:
            continue
        if hit.phrase.kind == "cycle-item":
            table_id, item = hit.phrase.ref.split("/", 1)
            profile = {table_id: (item, None)}
            name = hit.phrase.label
        else:
            card = cards.get(hit.phrase.ref)
            if card is None:
                continue
            profile = {}
            for key, val in card["fields"].items():
                if isinstance(val, str) and val in item_table:
                    profile.setdefault(item_table[val], (val, key))
            name = card["name"]
        seen_at.add(hit.start)
        things.append((name, profile, hit))
    order, resolution = _cycle_order(ctx, cycles)
    also = [r for r in [resolution.get("rule") if resolution else None] if ctx.rule_ok(r)]
    if len(things) == 1 and TIE.search(ctx.text):
        return _tie(ctx, things[0], order, resolution, also)
    if len(things) < 2:
        return []
    (name_a, prof_a, _), (name_b, prof_b, _) = things[0], things[1]
    steps = []
    for table_id in order:
        table = ctx.tables[table_id]
        a, b = prof_a.get(table_id), prof_b.get(table_id)
        if a is None and b is None:
            continue
        if a is None or b is None:
            lacking = name_a if a is None else name_b
            return [Computed(f"{lacking} has no place on the {table['title'].split('(')[0].strip().lower()} "
                             f"cycle, so the cycles do not compare {name_a} and {name_b}.",
                             ctx.rule_ok(table["rule"]), CONFIDENCE["cycle.not-on-cycle"], "cycle", also)]
        if a[0] == b[0]:
            steps.append(f"both are {a[0]}")
            continue
        items = table["items"]
        ia, ib = items.index(a[0]), items.index(b[0])
        n = len(items)
        if (ia + 1) % n == ib:
            winner, loser, wi, li = name_a, name_b, a[0], b[0]
        elif (ib + 1) % n == ia:
            winner, loser, wi, li = name_b, name_a, b[0], a[0]
        else:
            return [Computed(f"Neither: {a[0]} and {b[0]} are not next to each other on the "
                             f"{table['title']} cycle ({' > '.join(items)} > {items[0]}).",
                             ctx.rule_ok(table["rule"]), CONFIDENCE["cycle.not-adjacent"], "cycle", also)]
        why = f"{wi} beats {li} ({table['title']}: {' > '.join(items)} > {items[0]})"
        if steps:
            why = "; ".join(steps) + ", so the next comparison decides: " + why
        verdict = f"{winner} beats {loser}: {why}."
        if YES_NO.search(ctx.text):
            asked_a_wins = not LOSE.search(ctx.text)
            yes = (winner == name_a) == asked_a_wins
            verdict = ("Yes. " if yes else "No. ") + verdict
        return [Computed(verdict, ctx.rule_ok(table["rule"]), CONFIDENCE["cycle.verdict"], "cycle", also)]
    # Equal on every cycle.
    text = f"{name_a} and {name_b} are the same on every count ({'; '.join(steps) or 'no cycle tells them apart'})."
    if resolution:
        for row in resolution["rows"]:
            if isinstance(row, dict) and row.get("compare") == "identical" and row.get("outcome"):
                text += f" {str(row['outcome'])[0].upper()}{str(row['outcome'])[1:]}."
    rule = ctx.rule_ok(resolution.get("rule")) if resolution else None
    identical = _subsection(ctx, rule, {"identical", "ident", "tie", "same"})
    return [Computed(text, identical or rule, CONFIDENCE["cycle.identical"], "cycle", also)]


TIE = re.compile(r"\b(both|same|tie|tied|ties|tying|two|each|identical|equal)\b")


def _tie(ctx: Context, thing, order: list[str], resolution: dict | None, also: list[str]) -> list[Computed]:
    """One thing named for both sides ("both of us played earth runes, who wins?"): equal on its
    cycle, so the next cycle in the order decides; equal on the last, the identical rule does."""
    name, profile, _hit = thing
    known = [t for t in order if t in profile]
    if not known:
        return []
    at = order.index(known[-1])
    same = ", ".join(f"both are {profile[t][0]}" for t in known)
    rest = [t for t in order[at + 1:] if t not in profile]
    if rest:
        table = ctx.tables[rest[0]]
        items = table["items"]
        text = (f"{same[0].upper()}{same[1:]}, so the {ctx.tables[known[-1]]['title'].split('(')[0].strip().lower()} "
                f"do not decide: the {table['title'].split('(')[0].strip().lower()} do "
                f"({' > '.join(items)} > {items[0]}).")
        return [Computed(text, ctx.rule_ok(table["rule"]), CONFIDENCE["cycle.tie"], "cycle", also)]
    text = f"{same[0].upper()}{same[1:]}: no cycle tells them apart."
    rule = ctx.rule_ok(resolution.get("rule")) if resolution else None
    if resolution:
        for row in resolution["rows"]:
            if isinstance(row, dict) and row.get("compare") == "identical" and row.get("outcome"):
                text += f" {str(row['outcome'])[0].upper()}{str(row['outcome'])[1:]}."
    identical = _subsection(ctx, rule, {"identical", "ident", "tie", "same"})
    return [Computed(text, identical or rule, CONFIDENCE["cycle.identical"], "cycle", also)]


def _cycle_order(ctx: Context, cycles: list[dict]) -> tuple[list[str], dict | None]:
    ids = [t["id"] for t in cycles]
    for table in ctx.tables.values():
        if table["kind"] != "records":
            continue
        steps = [r for r in table["rows"] if isinstance(r, dict) and r.get("use_table") in ids]
        if steps:
            steps.sort(key=lambda r: r.get("step", 0) if isinstance(r.get("step"), (int, float)) else 0)
            order = [r["use_table"] for r in steps]
            return order + [i for i in ids if i not in order], table
    return ids, None


def _subsection(ctx: Context, rule: str | None, keys: set[str]) -> str | None:
    """A child section of `rule` whose id, title or aliases hold one of `keys`."""
    if not rule:
        return None
    for rid, info in ctx.index.rules.items():
        if info.parent == rule:
            names = set(stems_of(words(" ".join((rid.rsplit(".", 1)[-1], info.title) + info.aliases))))
            if names & keys:
                return rid
    return None


# -- charts ------------------------------------------------------------------------------------


def chart(ctx: Context) -> list[Computed]:
    if ctx.asks(kinds.YES_NO, kinds.HAPPENS, kinds.WHO_WINS, kinds.LIST):
        return []  # a number read off a chart answers none of these
    numbers = ctx.free_numbers()
    if not numbers:
        return []
    column_hits: dict[str, list[tuple[int, PhraseHit]]] = {}
    for hit in ctx.hits("column"):
        table_id, col = hit.phrase.ref.rsplit("/", 1)
        column_hits.setdefault(table_id, []).append((int(col), hit))
    out = []
    for table_id, found in column_hits.items():
        table = ctx.tables.get(table_id)
        if not table or table["kind"] != "chart":
            continue
        columns = table["columns"]
        # The number belongs to the column named right beside it; failing that, the first.
        key_col, key = None, None
        for col, hit in found:
            for pos, n in numbers:
                if pos + 1 == hit.start or pos == hit.end or pos + 2 == hit.start:
                    key_col, key = col, n
        if key_col is None:
            key_col, key = 0, numbers[0][1]
        asked = [c for c, _ in found if c != key_col] or [c for c in range(len(columns)) if c != key_col]
        rows = table["rows"]
        row = next((r for r in rows if r[key_col] == key), None)
        title_words = set(content_stems(table["title"])) & ctx.qset
        score = len({c for c, _ in found}) + len(title_words) * 0.5
        rule = ctx.rule_ok(table["rule"])
        if row is None:
            keys = [r[key_col] for r in rows]
            text = (f"{table['title']}: the chart has no row for {pair(columns[key_col], key)}; "
                    f"it runs from {fmt(min(keys))} to {fmt(max(keys))}.")
            if table.get("note"):
                text += " " + table["note"].strip()
            out.append((score, Computed(text, rule, CONFIDENCE["chart.off-chart"], "chart")))
            continue
        parts = ", ".join(pair(columns[c], row[c]) for c in asked)
        text = f"{pair(columns[key_col], key)}: {parts} ({table['title']})."
        named = len({c for c, _ in found}) >= 2 or title_words
        confidence = CONFIDENCE["chart.named" if named else "chart.bare"]
        out.append((score, Computed(text, rule, confidence, "chart")))
    out.sort(key=lambda sc: -sc[0])
    return [c for _, c in out[:1]]


# -- maps: a roll, a face, a code --------------------------------------------------------------


def roll_map(ctx: Context) -> list[Computed]:
    maps = [t for t in ctx.tables.values() if t["kind"] == "map" and t["columns"]]
    if not maps:
        return []
    numbers = ctx.free_numbers()
    qstems = ctx.query.stems
    candidates = []
    rolling_words = bool(set(ctx.query.tokens) & ROLL_WORDS)
    for order, table in enumerate(maps):
        key_col = table["columns"][0]
        rolling = rolling_words or key_col in ctx.query.tokens
        for row in table["rows"]:
            if not isinstance(row, dict) or key_col not in row:
                continue
            key = row[key_col]
            matched = False
            if isinstance(key, (int, float)) and not isinstance(key, bool):
                # "roll a 2", "a 4": a number word alone ("in one turn", "for one of my demons")
                # is not a roll, unless right after a word of rolling ("rolled a one")
                matched = any(n == key and (ctx.query.tokens[i].isdigit() or _after_roll(ctx, i))
                              for i, n in numbers)
            elif isinstance(key, str) and key.strip():
                ks = stems_of(words(key))
                # A word key (a face name) counts only in a question about rolling it.
                if ks and rolling:
                    matched = any(qstems[i:i + len(ks)] == ks for i in range(len(qstems)))
            if not matched:
                continue
            affinity = _map_affinity(ctx, table)
            if affinity <= 0:
                continue
            candidates.append((affinity, -order, table, row, key_col, key))
    if not candidates:
        return []
    candidates.sort(key=lambda c: (-c[0], -c[1]))
    affinity, _, table, row, key_col, key = candidates[0]
    tied = [c for c in candidates[1:] if c[0] == affinity and c[2]["id"] != table["id"]]
    row_rule = ctx.rule_ok(row.get("rule")) if isinstance(row.get("rule"), str) else None
    table_rule = ctx.rule_ok(table["rule"])
    rule = row_rule or table_rule
    desc = describe_row(row, skip={key_col})
    text = f"{table['title']}, {pair(key_col, key)}: {desc}"
    if row_rule and row_rule in ctx.index.rules:
        text += "\n\n" + ctx.index.rules[row_rule].text
    # Several tables fit as well (a turn roll and a combat roll): take the first in the data,
    # less sure, and cite the others.
    confidence = CONFIDENCE["map.one" if not tied else "map.tied"]
    also = [table_rule] if row_rule and table_rule and table_rule != row_rule else []
    also += [r for r in (ctx.rule_ok(c[2].get("rule")) for c in tied) if r and r not in also]
    return [Computed(text.strip(), rule, confidence, "map", also)]


def _after_roll(ctx: Context, i: int) -> bool:
    before = [t for t in ctx.query.tokens[max(0, i - 3):i] if t not in ("a", "an", "the", "it", "my")]
    return bool(before) and before[-1] in ROLL_WORDS


def _map_affinity(ctx: Context, table: dict) -> float:
    context = [table["title"], table.get("die") or "", " ".join(table["columns"])]
    rule = table.get("rule")
    while rule:
        info = ctx.index.rules.get(rule)
        if info is None:
            break
        context.append(re.sub(r"^\s*\d+\s*[.:)]\s*", "", info.title))  # "1: Prediction" is not about a 1
        context.extend(info.aliases)
        rule = info.parent
    if table.get("die"):
        for die in ctx.index.data("dice") or []:
            if die["id"] == table["die"]:
                context.append(die["name"])
    stems = set(content_stems(" ".join(context)))
    score = len(stems & ctx.qset)
    if table.get("die") and set(ctx.query.tokens) & ROLL_WORDS:
        score += 0.5
    return score


# -- cards and records -------------------------------------------------------------------------


def _cards(ctx: Context) -> dict[str, dict]:
    return {f"{d['id']}/{c['id']}": c for d in (ctx.index.data("decks") or []) for c in d["cards"]}


def card_field(ctx: Context) -> list[Computed]:
    cards = _cards(ctx)
    out = []
    for hit in ctx.hits("card"):
        card = cards.get(hit.phrase.ref)
        if card is None:
            continue
        rule = ctx.rule_ok(card.get("rule"))
        fields = card["fields"]
        asked = ctx.asked_fields(fields, hit)
        if asked:
            parts = "; ".join(f"{humanize(k)} {fmt(fields[k]) if not isinstance(fields[k], dict) else describe_row(fields[k])}"
                              for k in asked)
            out.append(Computed(f"{card['name']}: {parts}.", rule, CONFIDENCE["card.field"], "card"))
        elif (DOES.search(ctx.text) and not ctx.asks(kinds.NUMBER)
              and _covers_most(ctx, hit, hit.phrase.ref.split("/")[0], rule)):
            out.append(Computed(_describe_card(card), rule, CONFIDENCE["card.text"], "card"))
    return out[:1]


def _describe_card(card: dict) -> str:
    fields = card["fields"]
    lead = ""
    for key in ("text", "effect", "ability"):
        if isinstance(fields.get(key), str):
            lead = fields[key].strip()
            break
    rest = []
    for key, val in fields.items():
        if key in ("text", "effect", "ability", "flavor", "flavour", "name") or key in SKIP_FIELDS:
            continue
        if isinstance(val, dict):
            rest.append(f"{humanize(key)}: {describe_row(val)}")
        else:
            rest.append(f"{humanize(key)} {fmt(val)}")
    text = f"{card['name']}"
    if card.get("count", 1) != 1:
        text += f" (x{card['count']})"
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
    top = ctx.result.top
    return rule is not None and top is not None and top.rule == rule and rest <= SCENE_OF_QUESTION


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
        asked = ctx.asked_fields([k for k in row if k not in table["columns"][:1]], hit)
        if asked:
            parts, rule = [], ctx.rule_ok(hit.phrase.rule)
            for key in asked:
                val = row[key]
                if isinstance(val, dict):
                    rule = ctx.rule_ok(val.get("rule")) or rule
                    label = val.get("name")
                    parts.append(f"{humanize(key)}: " + (f"{label}. " if label else "") +
                                 describe_row(val, skip={"name"}))
                else:
                    parts.append(pair(key, val))
            text = f"{fmt(name)} ({table['title']}): " + "; ".join(parts)
            if rule and rule in ctx.index.rules and rule != table.get("rule"):
                text += "\n\n" + ctx.index.rules[rule].text
            also = [r for r in [ctx.rule_ok(table.get("rule"))] if r and r != rule]
            out.append(Computed(text.strip(), rule, CONFIDENCE["record.field"], "record", also))
            continue
        rule = ctx.rule_ok(hit.phrase.rule)
        if not DOES.search(ctx.text) or not _covers_most(ctx, hit, table["title"], rule):
            continue
        text = f"{fmt(name)} ({table['title']}): {describe_row(row, skip={'name'})}"
        if rule and rule != table.get("rule"):
            text = ctx.index.rules[rule].text + f"\n\nFrom the data, {text}"
        also = [r for r in [ctx.rule_ok(table.get("rule"))] if r and r != rule]
        # A row with its own section ("x2" of the action sides, "Time" of the abilities) answers
        # "what does it do?" as surely as a title; a row that only shares its table's, less so.
        own = rule != table.get("rule") and any(isinstance(row.get(k), str) for k in DESCRIBE[:-1])
        out.append(Computed(text.strip(), rule, CONFIDENCE["record.own-section" if own else "record.shared-section"],
                            "record", also))
    return out[:1]


# -- counts and values -------------------------------------------------------------------------


def count(ctx: Context) -> list[Computed]:
    if not COUNT.search(ctx.text) or not ctx.asks(kinds.NUMBER):
        return []
    data = ctx.index.data
    components = {c["id"]: c for c in data("components") or []}
    decks = {d["id"]: d for d in data("decks") or []}
    cards = _cards(ctx)
    dice = {d["id"]: d for d in data("dice") or []}
    pieces = {p["id"]: p for p in data("pieces") or []}
    best = None
    for hit in ctx.hits("component", "deck", "card", "die", "piece"):
        kind, ref = hit.phrase.kind, hit.phrase.ref
        if kind == "component" and ref in components:
            c = components[ref]
            note = str(c.get("note") or "").strip().rstrip(".")
            text = f"{c['count']} {c['name']}" + (f" ({note})" if note else "") + "."
            if c.get("source") == "gather":
                text += " Players supply these themselves."
            rule = ctx.rule_ok(c.get("rule"))
        elif kind == "deck" and ref in decks:
            d = decks[ref]
            deck = d["name"] if d["name"].lower().endswith("deck") else f"{d['name']} deck"
            text = f"{d['total']} cards in the {deck} ({len(d['cards'])} different)."
            rule = ctx.rule_ok(d.get("rule"))
        elif kind == "card" and ref in cards:
            c = cards[ref]
            text = f"{c['count']} {c['name']} card{'s' if c['count'] != 1 else ''}."
            rule = ctx.rule_ok(c.get("rule"))
        elif kind == "die" and ref in dice:
            d = dice[ref]
            text = f"{d['count']} {d['name']}{'s' if d['count'] != 1 else ''}, {len(d['faces'])} faces each."
            rule = ctx.rule_ok(d.get("rule"))
        elif kind == "piece" and ref in pieces:
            p = pieces[ref]
            text = f"{p['count']} {p['name']}{'s' if p['count'] != 1 and not p['name'].endswith('s') else ''}."
            rule = ctx.rule_ok(p.get("rule"))
        else:
            continue
        length = len(hit.positions)
        rank = (length, {"component": 3, "deck": 2, "die": 2, "piece": 1, "card": 1}[kind])
        if not _covers_most(ctx, hit, "cards dice tokens pieces") and length < 2:
            continue
        if best is None or rank > best[0]:
            best = (rank, Computed(text, rule, CONFIDENCE["count"], "count"))
    return [best[1]] if best else []


BETA2 = 4.0  # F-beta with beta 2: recall may weigh four times precision, when that fits better


def _f_beta(precision: float, recall: float, beta2: float) -> float:
    return (1 + beta2) * precision * recall / (beta2 * precision + recall) if precision + recall else 0.0

WHAT_IS = re.compile(r"\bwhat('?s| is| are)\b|\bwhich\b")
IMPLIED = {"player", "each", "per", "everi", "game"}  # label words a question leaves unsaid ("each player")
HAPPENS = re.compile(r"\bhappen|\bif\b|\bwhen\b|\bcan\b")


def value(ctx: Context) -> list[Computed]:
    """A fixed number of the game, for questions after a number: "how many ...", "what's the
    hand limit?" (not "what happens if ...", whose answer is a rule, not a number)."""
    values = ctx.index.data("values") or {}
    asks_number = ctx.asks(kinds.NUMBER) or (
        ctx.asks(kinds.OTHER) and WHAT_IS.search(ctx.text) and not HAPPENS.search(ctx.text))
    if not values or not asks_number:
        return []
    # Question words, with what any alias in the question stands for ("hit points": health).
    q = dict.fromkeys(ctx.qset, None)
    stands_for: dict[str, set[str]] = {}
    for hit in ctx.result.phrases:
        if hit.phrase.kind == "term-alias" and hit.phrase.canon:
            for s in content_stems(hit.phrase.canon):
                stands_for.setdefault(s, set()).update(ctx.query.stems[i] for i in hit.positions)
    total = sum(ctx.idf(s) for s in q) or 1.0
    best = None
    for key, v in values.items():
        implied = IMPLIED - q.keys()
        label_stems = set(v.get("label_stems") or content_stems(v["label"])) - implied
        label = label_stems | (set(v.get("key_stems") or content_stems(humanize(key))) - implied)
        if not label:
            continue
        covered_q: set[str] = set()
        matched = 0
        for s in label:
            if s in q:
                covered_q.add(s)
                matched += 1
            elif s in stands_for:
                covered_q |= stands_for[s]
                matched += 1
        if not matched:
            continue
        precision = matched / len(label_stems or label)
        recall = sum(ctx.idf(s) for s in covered_q) / total
        # Recall counts more: a label says more than a player does ("Most runes a player may
        # hold when the turns of a round begin" for "how many runes can I hold?").
        f = _f_beta(precision, recall, 1.0)
        if f < CONFIDENCE["value.least"] and recall >= 0.9:
            # Every word of the question is in a long label ("Most runes a player may hold when
            # the turns of a round begin" for "how many runes can I hold?"): recall counts more,
            # and the answer is no surer than a computed answer that goes first.
            if _f_beta(precision, recall, BETA2) >= CONFIDENCE["value.least"]:
                f = CONFIDENCE["value.recall-only"]
        if best is None or f > best[0]:
            best = (f, key, v)
    if best is None or best[0] < CONFIDENCE["value.least"]:
        return []
    f, key, v = best
    confidence = min(CONFIDENCE["value.most"], f) + (CONFIDENCE["value.count-bonus"] if COUNT.search(ctx.text) else 0.0)
    text = f"{v['label']}: {fmt(v['value'])}."
    return [Computed(text, ctx.rule_ok(v.get("rule")), round(confidence, 3), "value")]


PLAY_COUNT = re.compile(r"\bhow many (players|people|persons|of us|folks)\b|\bplayer count\b|"
                        r"\bhow many (can|could|may) play\b|\bnumber of players\b")


def players(ctx: Context) -> list[Computed]:
    """"How many people can play this?": the game's player count, citing the section that
    names players (its title or an alias), else set-up."""
    if not PLAY_COUNT.search(ctx.text) or not ({"plai", "player"} & ctx.qset):
        return []
    if set(ctx.qset) - {"plai", "player", "game", "thi", "can", "us", "togeth", "most", "fewest"} - _title_stems(ctx):
        return []  # "how many players are on a soccer team", "how many players draw a card"
    game = ctx.index.data("game") or {}
    count = game.get("players") or {}
    low, high = count.get("min"), count.get("max")
    if not low:
        return []
    text = f"{low} players." if low == high or not high else f"{low} to {high} players."
    rule = None
    for hit in ctx.result.phrases:
        if hit.phrase.rule and "player" in hit.phrase.stems and hit.phrase.kind in ("rule-title", "rule-alias"):
            rule = ctx.rule_ok(hit.phrase.rule)
            break
    if rule is None:
        for rid, info in ctx.index.rules.items():
            names = " ".join((info.title,) + tuple(info.aliases)).lower()
            if "player count" in names or "how many players" in names or info.title.lower() == "players":
                rule = rid
                break
    if rule is None:
        values = ctx.index.data("values") or {}
        rule = next((v["rule"] for k, v in values.items() if k == "players" and ctx.rule_ok(v.get("rule"))), None)
    if rule is None:
        rule = next((r for r in ("setup", "overview", "components") if r in ctx.index.rules), None)
    return [Computed(text, rule, CONFIDENCE["players"], "players")]


def _title_stems(ctx: Context) -> set[str]:
    return set(content_stems(ctx.index.title))


def listing(ctx: Context) -> list[Computed]:
    """"What are the phases of my turn?": a list table whose title the question names, its items
    in order, with the sections they link to named ("Rouse (§4.1)")."""
    if not ctx.asks(kinds.LIST):
        return []
    best = None
    for table in ctx.tables.values():
        if table["kind"] != "list" or not table["items"]:
            continue
        title = set(content_stems(table["title"].split("(")[0]))
        shared = title & ctx.qset
        if len(shared) < min(2, len(title)):
            continue
        total = sum(ctx.idf(s) for s in ctx.qset) or 1.0
        share = sum(ctx.idf(s) for s in shared) / total
        if best is None or share > best[0]:
            best = (share, table)
    if best is None or best[0] < CONFIDENCE["list.least"]:
        return []
    share, table = best
    items = [_item_text(ctx, item, table.get("rule")) for item in table["items"]]
    text = f"{table['title']}: " + ", ".join(items) + "."
    return [Computed(text, ctx.rule_ok(table["rule"]), CONFIDENCE["list"], "list")]


def _item_text(ctx: Context, item, parent: str | None = None) -> str:
    """A list item as a player names it: its section's number and title when it has one
    ("§4.1 Rouse"), else its text."""
    if isinstance(item, str) and parent and f"{parent}.{item}" in ctx.index.rules:
        info = ctx.index.rules[f"{parent}.{item}"]
        return f"§{info.number} {info.title}"
    if isinstance(item, dict):
        name = item.get("name") or item.get("title") or item.get("id") or ""
        rule = item.get("rule")
        if isinstance(rule, str) and rule in ctx.index.rules:
            return f"{name} (§{ctx.index.rules[rule].number})"
        return str(name)
    return str(item).strip()
