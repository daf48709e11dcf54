"""How many of a thing the game comes with: a component, a deck, a card, a die or a piece counted
out of the box ("how many runes are in the bag altogether"), never how many one plays, draws or
scores, which a rule says."""
from __future__ import annotations

import re

from .. import intent as kinds
from ..lazy_re import lazy
from ..phrases import PhraseHit
from ..text import words
from .base import CONFIDENCE, COUNT, Computed, Context, content_stems
from .limits import ASKED as ASKS_LIMIT
from .records import _covers_most
from .setup_amounts import asks_start

# Asked how many of a thing are used or laid out ("do we actually use", "go on the board"), the
# set-up says so when the search finds it first, or a value not counting what is "in the box":
# the box's count is how many there are (Rattlebones' 12 board tiles, of which 7 are laid).
PUT_OUT = lazy(r"\b(use|uses|used|using|go on|goes on|go out|goes out|go in|put out|lay out|laid out|place|placed"
               r"|put on|in play)\b")
IN_THE_BOX = lazy(r"\bin the box\b", re.IGNORECASE)
# A count under a condition is a rule's, not the box's (none of 9 such tuning questions wanted it).
CONDITION = lazy(r"\b(before|until|till|whenever|if|once|while)\b")


def count(ctx: Context) -> list[Computed]:
    if not ctx.asks(kinds.NUMBER) or not COUNT.search(ctx.text):  # the intent first: no pattern to run
        return []
    if asks_start(ctx.text) or ASKS_LIMIT.search(ctx.text) or CONDITION.search(ctx.text):
        # "how many ink pots does everyone start with": what each is given, not what the box
        # holds; "how many food sacks can my sled carry": the most one may have (limits.py);
        # "how many memory tokens in the court before i'm forced to fight": a rule's threshold
        return []
    top = ctx.result.top
    if PUT_OUT.search(ctx.text) and top is not None and ctx.index.in_setup(top.rule):
        return []  # "how many board tiles do we use": 7 of the 12, as the set-up the search found says
    best: tuple | None = None
    counted = _counted(ctx)
    # "how much" asks an amount ("how much health does Hold the Line give?"), never how many
    # copies of a card there are
    kinds_counted = ("component", "deck", "die", "piece") if _HOW_MUCH_ONLY.search(ctx.text) else \
        ("component", "deck", "card", "die", "piece")
    spanning = False
    for hit in ctx.hits(*kinds_counted):
        described = _described(ctx, hit.phrase.kind, hit.phrase.ref)
        if described is None:
            continue
        if counted is not None and counted not in hit.positions:
            continue  # "how many points can the gamble die give me?" counts points, not the die
        if counted is not None and _words_between(hit):
            spanning = spanning or counted == hit.positions[0]
            continue  # "how many runes are in the bag?" counts the runes, not the Rune bag its words span
        length = len(hit.positions)
        rank = (length, {"component": 3, "deck": 2, "die": 2, "piece": 1, "card": 1}[hit.phrase.kind])
        if not _covers_most(ctx, hit, "cards dice tokens pieces") and length < 2:
            continue
        if best is None or rank > best[0]:
            best = (rank, described)
    if best is None and spanning and counted is not None:  # ... which the phrase of the bag hid
        best = (None, _named_by(ctx, ctx.query.stems[counted]))
    if best is None or not best[1] or not _asks_how_many_exist(ctx):
        return []
    return [best[1]]


# The box's count answers how many of a thing there are ("how many runes are in the bag
# altogether", "... does the game come with", "... of each kind"), and nothing more the question
# says: "how many fold cards can i lay in one go", "how many kit cards do i draw back up to",
# "how much is each rust token at the end" ask a rule's number (13 of 15 such designer's-game
# questions got the box's count, wrongly).
EXISTING = frozenset("how many much number there are is be exist exists total altogether overall whole all in inside "
                     "box game set come comes came with contain contains include includes included supposed meant "
                     "deck decks bag bags pile piles stack copy copies different kind kinds type types sort sorts each "
                     "every per of the a an there's theres r u do does did we you have has got get it actually really "
                     "again exactly card cards piece pieces token tokens die dice bits things".split())


def _asks_how_many_exist(ctx: Context) -> bool:
    """The question asks only how many of its thing exist: every other word it says is one of
    EXISTING's, or names one of the game's pieces ("in the Rune bag", "per lord")."""
    named = {i for hit in ctx.hits("component", "deck", "card", "die", "piece", "term", "term-alias") for i in hit.positions}
    return all(ctx.query.tokens[i] in EXISTING for i in ctx.query.content if i not in named)


def _described(ctx: Context, kind: str, ref: str) -> Computed | None:
    """How many of the component, deck, card, die or piece `ref` the game has, as an answer."""
    data = ctx.index.data
    also: list[str] = []  # a card counted where the box is: also the card's own section
    if kind == "component" and (c := {c["id"]: c for c in data("components") or []}.get(ref)):
        note = str(c.get("note") or "").strip().rstrip(".")
        text = f"{c['count']} {c['name']}" + (f" ({note})" if note else "") + "."
        if c.get("source") == "gather":
            text += " Players supply these themselves."
        rule = ctx.rule_ok(c.get("rule"))
    elif kind == "deck" and (d := {d["id"]: d for d in data("decks") or []}.get(ref)):
        deck = d["name"] if d["name"].lower().endswith("deck") else f"{d['name']} deck"
        text = f"{d['total']} cards in the {deck} ({len(d['cards'])} different)."
        own = ctx.rule_ok(d.get("rule"))
        rule = _listed_in_components(ctx, d["name"]) or own
        also = [own] if own and own != rule else []
    elif kind == "card" and (c := ctx.index.cards().get(ref)):
        text = f"{c['count']} {c['name']} card{'s' if c['count'] != 1 else ''}."
        own = ctx.rule_ok(c.get("rule"))
        rule = _listed_in_components(ctx, c["name"]) or own
        also = [own] if own and own != rule else []
    elif kind == "die" and (d := {d["id"]: d for d in data("dice") or []}.get(ref)):
        text = f"{d['count']} {d['name']}{'s' if d['count'] != 1 else ''}, {len(d['faces'])} faces each."
        rule = ctx.rule_ok(d.get("rule"))
    elif kind == "piece" and (p := {p["id"]: p for p in data("pieces") or []}.get(ref)):
        text = f"{p['count']} {p['name']}{'s' if p['count'] != 1 and not p['name'].endswith('s') else ''}."
        rule = ctx.rule_ok(p.get("rule"))
    else:
        return None
    return Computed(text, rule, CONFIDENCE["count"], "count", also=also)


def _words_between(hit: PhraseHit) -> bool:
    """The question puts words of its own between those of a name found in it ("runes are in the
    bag" for the Rune bag; not "hold the line", the Hold the Line's own words)."""
    return hit.positions[-1] - hit.positions[0] + 1 > len(words(hit.phrase.label or ""))


def _named_by(ctx: Context, stem: str) -> Computed | None:
    """The deck, component or piece whose whole name is this one word ("Runes"), counted."""
    data = ctx.index.data
    for kind, key in (("deck", "decks"), ("component", "components"), ("piece", "pieces")):
        for thing in data(key) or []:
            if content_stems(thing["name"]) == (stem,):
                return _described(ctx, kind, thing["id"])
    return None


def _listed_in_components(ctx: Context, name: str) -> str | None:
    """The components section, when its text names the card counted: "how many Skull runes are
    there" is answered where the box's contents are counted, not by what a Skull does."""
    rule = ctx.index.data("components_rule")
    info = ctx.index.rules.get(rule) if rule else None
    if info is None or not info.text:
        return None
    said = set(content_stems(info.text))
    return rule if set(content_stems(name)) <= said else None


# Words a count is made in, not the thing counted: "how many cards (copies, pieces) in the deck?"
COUNTED_IN = {"card", "cards", "copies", "copy", "pieces", "piece", "bits", "things", "kinds", "types", "different",
              "total", "in", "are", "is", "there"}
_HOW_MANY = lazy(r"^(how many|number of)$")
_HOW_MUCH_ONLY = lazy(r"^(?!.*\b(how many|number of)\b).*\bhow much\b", re.IGNORECASE)


def _counted(ctx: Context) -> int | None:
    """The position of the word a "how many" question counts ("how many *points* can the gamble
    die give?", "how many of the *board* tiles"), or None when no such word follows or it is one
    the count is made in ("how many cards in the main deck?")."""
    tokens = ctx.query.tokens
    for i in range(len(tokens) - 1):
        if _HOW_MANY.match(f"{tokens[i]} {tokens[i + 1]}"):
            j = i + 2
            while j < len(tokens) and tokens[j] in ("of", "the", "those", "these", "my", "our", "a", "each"):
                j += 1
            if j >= len(tokens) or tokens[j] in COUNTED_IN or j not in ctx.query.content:
                return None
            return j
    return None
