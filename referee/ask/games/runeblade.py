"""Runeblade: ten dice of one colour, yours or another character's.

"I'm the Blade and I have ten red dice" asks about someone else's colour, though it names
neither rule: red is the Nemesis's (the characters table's colours). The count that triggers
each rule and the section saying what happens are the values ``endgame-dice`` (your own
colour) and ``foreign-dice-limit`` (another's); only the reading of whose colour it is is code.
"""
from __future__ import annotations

import re

from ..answers.base import Computed, Context

NOT_ME = re.compile(r"\b(i'?m|i am|im) not (the )?(\w+)")
ME = re.compile(r"\b(i'?m|i am|im|as|playing|play) (the )?(\w+)")
NTH = re.compile(r"\b(\d+)(st|nd|rd|th)\b")  # "my 10th red die"


def answers(ctx: Context) -> list[Computed]:
    values = ctx.index.data("values") or {}
    own, other = values.get("endgame-dice"), values.get("foreign-dice-limit")
    table = ctx.tables.get("characters")
    if not own or not other or not table or not {"dice", "die"} & set(ctx.query.tokens):
        return []
    characters = [row for row in table["rows"] if isinstance(row, dict) and row.get("colour") and row.get("id")]
    colours = {str(c["colour"]).lower(): c for c in characters}
    said = [colour for colour in colours if re.search(rf"\b{colour}\b", ctx.text)]
    counts = [n for _, n in ctx.query.numbers()] + [int(m.group(1)) for m in NTH.finditer(ctx.text)]
    if len(said) != 1 or not any(n >= min(own["value"], other["value"]) for n in counts):
        return []
    owner = colours[said[0]]
    names = {str(c["id"]).lower(): c for c in characters}
    not_me = [m.group(3) for m in NOT_ME.finditer(ctx.text) if m.group(3) in names]
    me = [m.group(3) for m in ME.finditer(ctx.text) if m.group(3) in names and m.group(3) not in not_me]
    if not me and not not_me:  # "blade ended up with ten red dice": the one character named holds them
        me = [name for name in names if re.search(rf"\b{name}\b", ctx.text)]
    if not_me == [str(owner["id"]).lower()] and not me:
        mine = False
    elif len(set(me)) == 1:
        mine = me[0] == str(owner["id"]).lower()
    else:
        return []
    value = own if mine else other
    rule = ctx.rule_ok(value.get("rule"))
    info = ctx.index.rules.get(rule or "")
    if info is None:
        return []
    whose = "your own colour" if mine else "another character's colour"
    name = re.sub(r"^The ", "the ", str(owner["name"]))
    text = f"{said[0].capitalize()} dice are {name}'s, so these are {whose}: {info.text}"
    return [Computed(text, rule, 0.9, "game")]
