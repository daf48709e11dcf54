"""Charts (a number beside a column) and maps (a roll, a face, a code)."""
from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from .. import intent as kinds
from ..lazy_re import lazy
from ..phrases import PhraseHit
from ..query import stems_of
from ..store import GameIndex
from ..text import humanize, words
from .base import CONFIDENCE, ROLL_WORDS, Computed, Context, content_stems, describe_row, fmt, pair
from .counts import per_player_total

# -- charts ------------------------------------------------------------------------------------


def chart(ctx: Context) -> list[Computed]:
    if ctx.asks(kinds.YES_NO, kinds.HAPPENS, kinds.WHO_WINS, kinds.LIST):
        return []  # a number read off a chart answers none of these
    tokens = ctx.query.tokens
    # "two of us tied for most stock": players, not a row of a chart
    numbers = [(i, n) for i, n in ctx.free_numbers() if tokens[i + 1:i + 3] != ["of", "us"]]
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
        if len(asked) == 1 and (total := per_player_total(ctx, humanize(columns[asked[0]]), row[asked[0]])):
            text = f"{total} ({pair(columns[key_col], key)}: {parts}; {table['title']})."
        named = len({c for c, _ in found}) >= 2 or title_words
        confidence = CONFIDENCE["chart.named" if named else "chart.bare"]
        out.append((score, Computed(text, rule, confidence, "chart")))
    out.sort(key=lambda sc: -sc[0])
    return [c for _, c in out[:1]]


# -- maps: a roll, a face, a code --------------------------------------------------------------


FOR_EXAMPLE = lazy(r"\b(like|say|e\.?g\.?|such as)\s+(a |an )?\d", triggers=("like", "say", "eg", "e.g", "such as"))


def roll_map(ctx: Context) -> list[Computed]:
    maps = [t for t in ctx.tables.values() if t["kind"] == "map" and t["columns"]]
    if not maps or ctx.asks(kinds.YES_NO):
        return []  # "rolled a 4, can I just move 3?" asks for a rule, not the row of a roll
    if ASKS_WHO.search(ctx.text):
        return []  # "a red die came up 6, who gets it?" asks whose it is: a rule on players says
    if FOR_EXAMPLE.search(ctx.text):
        return []  # "what does a code like 3-2 mean": how to read any code, 3-2 only an example
    # "two 5s": a face said in the plural is a roll of it too
    numbers = ctx.free_numbers() + [(i, int(t[:-1])) for i, t in enumerate(ctx.query.tokens) if PLURAL_FACE.fullmatch(t)]
    qstems = ctx.query.stems
    candidates = []
    rolling_words = bool(set(ctx.query.tokens) & ROLL_WORDS)
    for order, table in enumerate(maps):
        key_col = table["columns"][0]
        rolling = rolling_words or key_col in ctx.query.tokens
        keys = _map_keys(ctx.index, table)
        if not numbers and not rolling:
            continue  # no number said and no word of rolling: no row's key can be asked
        affinity = None
        for row, key, number, ks in keys:
            if ks is None:
                # "roll a 2", "a 4": a number word alone ("in one turn", "for one of my demons")
                # is not a roll, unless right after a word of rolling ("rolled a one")
                matched = any(n == number and (ctx.query.tokens[i].isdigit() or PLURAL_FACE.fullmatch(ctx.query.tokens[i]) or _after_roll(ctx, i))
                              and not _counts_something(ctx, i) for i, n in numbers)
            else:
                # A word key (a face name) counts only in a question about rolling it, not where
                # its namesake does something ("what if Rattlebones, the pawn, lands on my mouse").
                matched = rolling and any(qstems[i:i + len(ks)] == ks and not _acts(ctx, i + len(ks))
                                          for i in range(len(qstems)))
            if not matched:
                continue
            if affinity is None:
                affinity = _map_affinity(ctx, table)  # the table's, whichever row
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


# Per index and map table, its rows that have a key: (row, key, the key as a number, None) for a
# number or a face said in digits ("2"), (row, key, None, its stems) for a word; made at the first
# question, as roll_map read them at each.
_MAP_KEYS: WeakKeyDictionary[GameIndex, dict[str, list[tuple]]] = WeakKeyDictionary()


def _map_keys(index: GameIndex, table: dict) -> list[tuple]:
    kept = _MAP_KEYS.get(index)
    if kept is None:
        kept = _MAP_KEYS[index] = {}
    if table["id"] not in kept:
        key_col = table["columns"][0]
        keys: list[tuple] = []
        for row in table["rows"]:
            if not isinstance(row, dict) or key_col not in row:
                continue
            key = row[key_col]
            number = int(key) if isinstance(key, str) and key.strip().isdigit() else key  # a face "2" is a 2
            if isinstance(number, (int, float)) and not isinstance(number, bool):
                keys.append((row, key, number, None))
            elif isinstance(key, str) and key.strip():
                ks = stems_of(words(key))
                if ks:
                    keys.append((row, key, None, ks))
        kept[table["id"]] = keys
    return kept[table["id"]]


PLURAL_FACE = lazy(r"\d{1,2}s")
ASKS_WHO = lazy(r"\b(who|whom|whose)\b", re.IGNORECASE)


# A number right after these is a price ("the ability costs 2"), not a face rolled.
PRICED = frozenset({"cost", "costs", "costing", "pay", "pays", "paid", "paying", "price", "worth"})


def _counts_something(ctx: Context, i: int) -> bool:
    """The number counts the word after it ("2 dice", "6 stars", "3 cards") or is a price ("costs
    2"), so it is no roll."""
    tokens = ctx.query.tokens
    if i > 0 and tokens[i - 1] in PRICED:
        return True
    return i + 1 < len(tokens) and (i + 1) in ctx.query.content and tokens[i + 1] not in ROLL_WORDS - {"die", "dice"}


# A verb right after a face's name says the name is doing something, not a face rolled ("a rolled
# Rattlebones lands" is no way players put it).
ACTING = {"land", "lands", "landed", "move", "moves", "moved", "walk", "walks", "reach", "reaches", "reached",
          "pass", "passes", "passed", "catch", "catches", "caught", "hit", "hits", "meet", "meets", "goes", "steps"}


def _acts(ctx: Context, after: int) -> bool:
    tokens = ctx.query.tokens
    return after < len(tokens) and tokens[after] in ACTING


def _after_roll(ctx: Context, i: int) -> bool:
    before = [t for t in ctx.query.tokens[max(0, i - 3):i] if t not in ("a", "an", "the", "it", "my")]
    return bool(before) and before[-1] in ROLL_WORDS


def _map_affinity(ctx: Context, table: dict) -> float:
    named = {hit.phrase.ref for hit in ctx.hits("die")}
    if table.get("die") and named and table["die"] not in named:
        return 0.0  # "gamble die came up rattlebones": another die's roll, not this table's
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
    score: float = len(stems & ctx.qset)  # a die's table asked about a roll gains half a word
    if table.get("die") and set(ctx.query.tokens) & ROLL_WORDS:
        score += 0.5
    return score


