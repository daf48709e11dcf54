"""Formatters for roll results: compact text for the table, and a JSON-ready dict.

Text, one line per roll, the expression written back with every die in brackets:

    4d6kh3 (6, 5, 1 dropped, 3) = 14
    attack: 1d20 (17) + 5 = 22
    10d10>=8f1 (9*, 1 failure, 3, 8*, ...) = 1 (2 successes, 1 failure)

'*' marks a success; words say what else happened to a die: "dropped", "rerolled from 1",
"exploded", "extra" (added by an explosion), "counts 2" (changed by mi/ma), "failure".
A term of more than MANY_DICE dice lists alike dice once, counted: "1000d6 (1 x160, 2 x171, ...)".
"""

from __future__ import annotations

from .results import (
    BinaryResult,
    CommandResult,
    DiceResult,
    DieRoll,
    GroupResult,
    NumberResult,
    ResultNode,
    RollResult,
    UnaryResult,
    dice_results,
)

MANY_DICE = 30  # more dice than this in one term are shown counted, not one by one


def format_text(result: CommandResult, show_seed: bool = True) -> str:
    cmd = result.command
    lines: list[str] = []
    head = f"{cmd.label}: " if cmd.label else ""
    if cmd.repeat == 1:
        roll = result.rolls[0]
        lines.append(head + roll_line(roll))
        lines.extend("  " + line for line in detail_lines(roll))
    else:
        lines.append(f"{head}{cmd.repeat}x {cmd.expression}")
        width = len(str(cmd.repeat))
        for i, roll in enumerate(result.rolls, 1):
            lines.append(f"  {i:>{width}}. {roll_line(roll)}")
            lines.extend(" " * (width + 4) + line for line in detail_lines(roll))
        if result.rolls[0].kind != "faces":
            lines.append("  results: " + ", ".join(str(r.value) for r in result.rolls))
    if show_seed and result.seed is not None:
        lines.append(f"seed {result.seed}")
    return "\n".join(lines)


def roll_line(roll: RollResult) -> str:
    return annotate(roll.tree) + summary(roll)


def annotate(node: ResultNode) -> str:
    if isinstance(node, NumberResult):
        return str(node.value)
    if isinstance(node, DiceResult):
        return f"{node.node.text} ({', '.join(_die_items(node.rolls))})"
    if isinstance(node, UnaryResult):
        return "-" + annotate(node.operand)
    if isinstance(node, GroupResult):
        return f"({annotate(node.inner)})"
    assert isinstance(node, BinaryResult)
    sep = " " if node.node.op == " " else f" {node.node.op} "
    return annotate(node.left) + sep + annotate(node.right)


def _die_items(rolls: tuple[DieRoll, ...]) -> list[str]:
    """Each die in order; past MANY_DICE, alike dice are counted instead ("6 x171")."""
    texts = [die_text(r) for r in rolls]
    if len(texts) <= MANY_DICE:
        return texts
    counts: dict[str, int] = {}
    order: dict[str, tuple] = {}
    for roll, text in zip(rolls, texts):
        counts[text] = counts.get(text, 0) + 1
        order.setdefault(text, (roll.value is None, roll.value or 0, text))
    return [f"{t} x{counts[t]}" if counts[t] > 1 else t for t in sorted(counts, key=order.__getitem__)]


def die_text(roll: DieRoll) -> str:
    parts = [roll.label + ("*" if roll.success else "")]
    if roll.extra:
        parts.append("extra")
    if roll.rerolled:
        parts.append("rerolled from " + _rerolled(roll.rerolled))
    if roll.value is not None and roll.value != roll.face_value:
        parts.append(f"counts {roll.value}")
    if roll.exploded:
        parts.append("exploded")
    if roll.failure:
        parts.append("failure")
    if not roll.kept:
        parts.append("dropped")
    return " ".join(parts)


def _rerolled(labels: tuple[str, ...]) -> str:
    if len(labels) > 1 and len(set(labels)) == 1:
        return f"{labels[0]} ({len(labels)} times)"
    return " then ".join(labels)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else ("es" if word.endswith("s") else "s"))


def _tally(pairs: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{name} {n}" for name, n in pairs)


def summary(roll: RollResult) -> str:
    if roll.kind == "successes":
        if roll.counts_failures:
            return (f" = {roll.value} ({_plural(roll.successes, 'success')}, "
                    f"{_plural(roll.failures, 'failure')})")
        return f" = {_plural(roll.value, 'success')}"
    if roll.kind == "faces":
        shown = _tally(roll.symbols + roll.words)
        return f" = {shown}" if shown else ""
    return f" = {roll.value}"


def detail_lines(roll: RollResult) -> list[str]:
    lines = []
    if len(roll.by_group) > 1:
        lines.append("successes: " + _tally(roll.by_group))
    if roll.kind != "faces":
        if roll.symbols:
            lines.append("symbols: " + _tally(roll.symbols))
        if roll.words:
            lines.append("faces: " + _tally(roll.words))
    lines.extend(check.message for check in roll.checks if check.all_blank)
    return lines


# -- JSON ------------------------------------------------------------------------------------


def to_json(result: CommandResult) -> dict[str, object]:
    cmd = result.command
    out: dict[str, object] = {"expression": cmd.expression}
    if cmd.label:
        out["label"] = cmd.label
    if cmd.repeat == 1:
        out.update(roll_json(result.rolls[0]))
    else:
        out["repeat"] = cmd.repeat
        out["rolls"] = [roll_json(r) for r in result.rolls]
    out["seed"] = result.seed
    return out


def roll_json(roll: RollResult) -> dict[str, object]:
    out: dict[str, object] = {"dice": [die_json(term, r) for term in dice_results(roll.tree) for r in term.rolls]}
    if roll.kind == "successes":
        out["successes"] = roll.value
        if roll.counts_failures:
            out["success_dice"] = roll.successes
            out["failure_dice"] = roll.failures
        if roll.by_group:
            out["successes_by_color"] = dict(roll.by_group)
    elif roll.kind != "faces":
        out["total"] = roll.value
    if roll.symbols:
        out["symbols"] = dict(roll.symbols)
    if roll.words:
        out["faces"] = dict(roll.words)
    if roll.checks:
        out["checks"] = [
            {"tag": c.tag, "dice": c.dice, "all_blank": c.all_blank, "rule": c.rule, "message": c.message}
            for c in roll.checks
        ]
    return out


def die_json(term: DiceResult, roll: DieRoll) -> dict[str, object]:
    out: dict[str, object] = {
        "term": term.node.text,
        "die": term.die.key,
        "face": roll.label,
        "value": roll.value,
        "kept": roll.kept,
        "rerolled_from": list(roll.rerolled),
        "exploded": roll.exploded,
        "extra": roll.extra,
    }
    if roll.value != roll.face_value:
        out["face_value"] = roll.face_value
    if term.kind == "successes":
        out["success"] = roll.success
        out["failure"] = roll.failure
    if roll.symbols or term.die.symbol_names():
        out["symbols"] = dict(roll.symbols)
    if term.die.color:
        out["color"] = term.die.color
    return out
