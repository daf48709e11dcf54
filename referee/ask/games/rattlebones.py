"""Rattlebones: selling more stars than the star chart lists.

The chart (table ``star-sale``) stops at four stars; the game sells larger lots in batches of at
most four, each read off the chart (the table's note, and the value ``star-sale-batch-max``). The
numbers all come from the data; only the batching is code.
"""
from __future__ import annotations

from ..answers.base import Computed, Context, fmt


def answers(ctx: Context) -> list[Computed]:
    table = ctx.tables.get("star-sale")
    if table is None or not ({"star", "sell", "sale", "sold"} & ctx.qset):
        return []
    if not ({"point", "score"} & ctx.qset or "worth" in ctx.query.tokens):
        return []
    chart = {row[0]: row[1] for row in table["rows"]}
    batch = (ctx.index.data("values") or {}).get("star-sale-batch-max", {}).get("value") or max(chart)
    stars = [n for i, n in ctx.free_numbers() if n > max(chart)]
    if not stars:
        return []
    n = stars[0]
    lots = [batch] * (n // batch) + ([n % batch] if n % batch else [])
    points = sum(chart[lot] for lot in lots)
    text = (f"{n} stars: {fmt(points)} points, sold in lots of at most {batch} "
            f"({' + '.join(str(chart[lot]) for lot in lots)}; {table['title']}).")
    return [Computed(text, ctx.rule_ok(table.get("rule")), 0.9, "game")]
