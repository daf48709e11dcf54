"""Beats: cycles ("does water-axe beat fire-shield?"), ties and identical things."""
from __future__ import annotations

from .. import intent as kinds
from ..lazy_re import lazy
from ..query import stems_of
from ..text import words
from .base import BEAT, CONFIDENCE, LOSE, YES_NO, Computed, Context

# -- cycles ------------------------------------------------------------------------------------


def beats(ctx: Context) -> list[Computed]:
    cycles = [t for t in ctx.tables.values() if t["kind"] == "cycle"]
    if not cycles or not (BEAT.search(ctx.text) or ctx.asks(kinds.WHO_WINS)):
        return []
    item_table: dict[str, str] = {}  # an item -> the first cycle it is on
    for t in cycles:
        for item in t["items"]:
            item_table.setdefault(item, t["id"])
    cards = ctx.index.cards()
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
    resolution_rule = ctx.rule_ok(resolution.get("rule")) if resolution else None
    also = [resolution_rule] if resolution_rule else []
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
        if steps or (winner.lower(), loser.lower()) != (wi.lower(), li.lower()):
            verdict = f"{winner} beats {loser}: {why}."
        else:  # "water beats fire (Elements ...)", not "water beats fire: water beats fire (...)"
            verdict = f"{why}."
        verdict = verdict[0].upper() + verdict[1:]
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
    identical = _subsection(ctx, resolution_rule, {"identical", "ident", "tie", "same"})
    return [Computed(text, identical or resolution_rule, CONFIDENCE["cycle.identical"], "cycle", also)]


TIE = lazy(r"\b(both|same|tie|tied|ties|tying|two|each|identical|equal)\b")


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


