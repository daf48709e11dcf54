"""`referee odds` as text and as JSON, from an OddsReport (referee/odds.py).

Fractions are printed over the distribution's own denominator ("4/1296"), while it has at most
MAX_FRACTION_DIGITS digits; longer ones are left to --json, where each probability is reduced.
Numbers too long for Python to print (4,300 digits: sys.get_int_max_str_digits) are refused
with a message, not a traceback.
"""
from __future__ import annotations

import sys
from fractions import Fraction

from .errors import DiceLimitError

# Show fractions in the text table only while they stay readable.
MAX_FRACTION_DIGITS = 12
# Long tables fold their far tails (each under this probability) into one line.
FOLD_ROWS_OVER = 60
FOLD_BELOW = Fraction(1, 20_000)  # 0.005 %
BAR_WIDTH = 40
LOG10_2 = 0.30102999566398120


def digits(n: int) -> int:
    """How many decimal digits n has, without converting it to text (which Python refuses for
    very long numbers)."""
    n = abs(n)
    if n < 10 ** 18:
        return len(str(n))
    guess = int((n.bit_length() - 1) * LOG10_2) + 1
    return guess + 1 if n >= 10 ** guess else guess


def exact(p: Fraction) -> str:
    """'numerator/denominator', or a clear refusal when Python cannot print numbers that long."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    if limit and max(digits(p.numerator), digits(p.denominator)) > limit:
        raise DiceLimitError(f"the exact odds are fractions of over {limit:,} digits, too long to print; "
                             f"leave out --json for percentages, or try fewer dice or rerolls")
    return f"{p.numerator}/{p.denominator}"



def _percent(p: Fraction) -> str:
    if p == 0:
        return "0"
    value = float(p) * 100
    if value < 0.01:
        return "<0.01"
    return f"{value:.2f}"


def format_text(report) -> str:
    cmd = report.command
    lines = []
    head = f"{cmd.label}: " if cmd.label else ""
    lines.append(f"{head}{cmd.expression}")
    for note in report.notes:
        lines.append(f"  ({note})")
    if report.explosion_depth is not None:
        lines.append(f"  (explosions followed to depth {report.explosion_depth}: each die adds at most "
                     f"{report.explosion_depth} extra dice, as when rolling, so this is exact)")
    blocks = ([_table(report.main)] if report.main is not None else []) + [_table(d) for d in report.tallies]
    for i, block in enumerate(blocks):
        if i:
            lines.append("")  # a blank line between tables
        lines.extend(block)
    for b in report.blanks:
        if blocks:
            lines.append("")
        text = f"all {b.tag} dice blank: {b.probability} ({_percent(b.probability)}%)"
        if b.citation or b.rule:
            text += f"; see {b.citation or 'rule ' + b.rule}"  # type: ignore[operator]
        lines.append(text)
    return "\n".join(lines)


def _table(dist) -> list[str]:
    mean, sd = dist.mean, dist.sd
    header = dist.title
    if mean is not None and sd is not None:
        header += f": mean {float(mean):.2f}, sd {sd:.2f}"
    show_fraction = digits(dist.denominator) <= MAX_FRACTION_DIGITS
    at_least = dist.at_least() if dist.numeric else None
    rows: list[tuple[str, ...]] = []
    peak = max(w for _, w in dist.outcomes)
    for i, (value, weight) in enumerate(dist.outcomes):
        p = dist.probability(weight)
        row = [str(value)]
        if show_fraction:
            row.append(f"{weight}/{dist.denominator}")
        row.append(_percent(p))
        if at_least is not None:
            row.append(_percent(at_least[i]))
        row.append("#" * max(1 if weight else 0, round(BAR_WIDTH * weight / peak)))
        rows.append(tuple(row))
    titles = ["value" if dist.numeric else "face"] + (["probability"] if show_fraction else []) + ["%"]
    titles += ["at least %"] if at_least is not None else []
    widths = [max(len(t), *(len(r[i]) for r in rows)) for i, t in enumerate(titles)]

    def fmt(cells) -> str:
        left = "  ".join(c.rjust(w) if dist.numeric or i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))
        return "  " + left

    out = [header, fmt(titles)]
    keep = _unfolded(dist)
    i = 0
    while i < len(rows):
        if i in keep:
            out.append(fmt(rows[i][:-1]) + "  " + rows[i][-1])
            i += 1
            continue
        j = i
        while j < len(rows) and j not in keep:
            j += 1
        folded = sum(w for _, w in dist.outcomes[i:j])
        out.append(f"  ... {j - i} values from {dist.outcomes[i][0]} to {dist.outcomes[j - 1][0]}: "
                   f"{_percent(dist.probability(folded))}% together")
        i = j
    if not show_fraction:
        out.append(f"  (exact fractions have a {digits(dist.denominator):,}-digit denominator: see --json)")
    return out


def _unfolded(dist) -> set[int]:
    """Rows to show: all, unless the table is long; then fold the far tails."""
    n = len(dist.outcomes)
    if n <= FOLD_ROWS_OVER or not dist.numeric:
        return set(range(n))
    cut = FOLD_BELOW * dist.denominator
    first = next(i for i, (_, w) in enumerate(dist.outcomes) if w >= cut)
    last = n - 1 - next(i for i, (_, w) in enumerate(reversed(dist.outcomes)) if w >= cut)
    return set(range(first, last + 1))


def _outcomes_json(dist) -> list[dict[str, object]]:
    at_least = dist.at_least() if dist.numeric else None
    out = []
    for i, (value, weight) in enumerate(dist.outcomes):
        p = dist.probability(weight)
        item: dict[str, object] = {"value": value, "probability": exact(p),
                                "percent": round(float(p) * 100, 6)}
        if at_least is not None:
            q = at_least[i]
            item["at_least"] = exact(q)
            item["at_least_percent"] = round(float(q) * 100, 6)
        out.append(item)
    return out


def _stats_json(dist) -> dict[str, object]:
    if dist is None:
        return {"outcomes": [], "mean": None, "sd": None}
    mean = dist.mean
    return {"outcomes": _outcomes_json(dist), "mean": None if mean is None else float(mean),
            "mean_exact": None if mean is None else exact(mean), "sd": dist.sd}


def to_json(report) -> dict[str, object]:
    cmd = report.command
    out: dict[str, object] = {"expression": cmd.expression}
    if cmd.label:
        out["label"] = cmd.label
    out["kind"] = report.kind if report.main is None or report.main.numeric else "faces"
    out.update(_stats_json(report.main))
    if report.explosion_depth is not None:
        out["explosion_depth"] = report.explosion_depth
    if report.tallies:
        out["tallies"] = {d.title: _stats_json(d) for d in report.tallies}
    if report.blanks:
        out["all_blank"] = [{"tag": b.tag, "probability": exact(b.probability),
                             "percent": round(float(b.probability) * 100, 6), "rule": b.rule}
                            for b in report.blanks]
    if report.notes:
        out["notes"] = list(report.notes)
    return out
