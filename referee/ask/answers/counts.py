"""Fixed values, the player count, the box's facts, and lists (box_count.py counts the box)."""
from __future__ import annotations

import re

from .. import intent as kinds
from ..lazy_re import lazy
from ..query import generic_stems, stems_of
from ..stem import stemmer
from ..text import humanize, number_of, said_number
from .base import CONFIDENCE, COUNT, Computed, Context, content_stems, fmt
from .box_count import IN_THE_BOX, PUT_OUT

# -- fixed values ----------------------------------------------------------------------------

BETA2 = 4.0  # F-beta with beta 2: recall may weigh four times precision, when that fits better


def _f_beta(precision: float, recall: float, beta2: float) -> float:
    return (1 + beta2) * precision * recall / (beta2 * precision + recall) if precision + recall else 0.0

WHAT_IS = lazy(r"\bwhat('?s| is| are)\b|\bwhich\b")
IMPLIED = {"player", "each", "per", "everi", "game"}  # label words a question leaves unsaid ("each player")
HAPPENS = lazy(r"\bhappen|\bif\b|\bwhen\b|\bcan\b")
# A value at the start of the game, or at the end of something: "how many black dice does the
# Blade start with" is not "Black dice the Blade gains at the end of each session".
STARTS = frozenset(stems_of("start starts starting begin begins beginning".split()))
ENDS = frozenset(stems_of("end ends".split()))


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
    second = 0.0
    implied = IMPLIED - q.keys()
    put_out = bool(PUT_OUT.search(ctx.text))
    for key, v in values.items():
        if put_out and IN_THE_BOX.search(v["label"]):
            continue  # "how many board tiles do we use" is not asked of the 12 in the box
        label_stems = set(v.get("label_stems") or content_stems(v["label"])) - implied
        if q.keys() & STARTS and label_stems & ENDS and not label_stems & STARTS:
            continue
        label = label_stems | (set(v.get("key_stems") or content_stems(humanize(key))) - implied)
        if not label:
            continue
        covered_q: set[str] = set()
        matched = direct = 0
        for s in label:
            if s in q:
                covered_q.add(s)
                matched += 1
                direct += 1
            elif s in stands_for:
                covered_q |= stands_for[s]
                matched += 1
        if not direct and matched < 2:
            continue  # one word an alias stands for ("points": Points *side*) is no label found
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
            second = best[0] if best else second
            best = (f, key, v)
        elif f > second:
            second = f
    if best is None or best[0] < CONFIDENCE["value.least"]:
        return []
    if len(q) <= 1 and second >= best[0] - CONFIDENCE["value.margin"]:
        return []  # "how many points do I get?": the lowest points side, the highest ... no one value
    f, key, v = best
    confidence = min(CONFIDENCE["value.most"], f) + (CONFIDENCE["value.count-bonus"] if COUNT.search(ctx.text) else 0.0)
    text = f"{v['label']}: {fmt(v['value'])}."
    if summed := per_player_total(ctx, v["label"], v["value"]):
        text = f"{summed} ({v['label']}: {fmt(v['value'])})."
    return [Computed(text, ctx.rule_ok(v.get("rule")), round(confidence, 3), "value")]


# "4 of us playing, how many bones go in the first pot": a value per player, times the players said.
PER_PLAYER = lazy(r"\bper player\b")  # "each player" is one player's: no total to work out
PLAYERS_SAID = lazy(rf"\b{said_number(2, 10)}(?: of us| players\b| people\b|[- ]player game)",
                    triggers=("of us", "player", "people"))


ONE_PLAYER = lazy(r"\b(i|me|my|each|per|every(one|body)?|apiece)\b")  # "3 players, how many dice do i get": 3


def per_player_total(ctx: Context, label: str, value: object) -> str | None:
    """A value its label gives per player, totalled for the players the question names, and not
    asked for one player's share: "12 with 4 players"; else None."""
    n = _players_said(ctx.text)
    if not n or not isinstance(value, int) or isinstance(value, bool) or not PER_PLAYER.search(label.lower()):
        return None
    return None if ONE_PLAYER.search(ctx.text) else f"{value * n} with {n} players"


def _players_said(text: str) -> int | None:
    said = PLAYERS_SAID.search(text)
    return next((number_of(g) for g in said.groups() if g), None) if said else None


PLAY_COUNT = lazy(r"\bhow many (players|people|persons|of us|folks)\b|\bplayers? count\b|"
                  r"\bhow many (can|could|may) play\b|\bnumber of players\b"
                  r"|\b(most|max|maximum|least|fewest|min|minimum) (number of )?(players|people)\b")


# "how many teams can play", "how many kids can play this": whoever the question counts is the players.
WHO_PLAYS = lazy(r"\bhow many (\w+) (?:can|could|may) play(?: (?:this|it|this game|the game|at once|together))?\W*$",
                 triggers=("play",))


def _players_named(text: str) -> set[str]:
    """The stem of the word a "how many ... can play" question counts the players by."""
    named = WHO_PLAYS.search(text.lower())
    return set(stems_of([named.group(1)])) if named else set()


# "can I play this on my own", "is there a solo mode": whether one player can play. Answered only
# where one can (the box says 1 to N), from a section on solo play if there is one: of a game for
# 2 or more, the tuning set's writers left it to the rules, which say nothing of it (30 of 33).
SOLO = lazy(r"^\W*(can|could|may|is|are|does|do)\b.*\b(solo|on (my|your|our) own|by (myself|yourself|ourselves)|alone"
            r"|single[ -]?player|one player|1 player)\b")
SOLO_WORDS = frozenset(stems_of("solo own myself yourself ourselves alone single one mode variant version game rule rules "
                                "play played playable".split()))
SOLO_SECTION = lazy(r"\b(solo|alone|on your own|single[ -]?player|one player|1 player)\b")


def _solo_section(ctx: Context) -> str | None:
    """The section on playing alone, by its title or an alias ("Going it alone", "Solo")."""
    return next((rid for rid, info in ctx.index.rules.items()
                 if SOLO_SECTION.search(" ".join((info.title, *info.aliases)).lower()) and ctx.rule_ok(rid)), None)


MOST = lazy(r"\b(most|max|maximum|up to)\b")  # "the max player count": the high end first
LEAST = lazy(r"\b(least|fewest|min|minimum)\b")


# "Can 7 players play?", "can we play with 3 people?" (and "7 of us", read as 7 players): yes or no
# from the player count.
_N = said_number(1, 10)
PLAY_WITH = lazy(rf"\bcan {_N} (players|people) (\w+ )?play\b|\bplay(?:ed)? (it |this |the game )?with {_N}( players| people)?\b"
                 rf"|\b{_N} players (can |could )?play\b"
                 rf"|\b(work|works|ok|okay|good|fine) (with|for) (just |only )?{_N} (players|people)\b",  # "does this work with 6 people"
                 triggers=("play", "people"))


def _said_as_players(ctx: Context) -> tuple[str, frozenset[str]]:
    """The question's text and stems with the game's own noun for its players ("can 6 bakers
    play", read so by query.translate_slang) said as "players" again."""
    noun = ctx.index.data("player_noun")
    if not noun:
        return ctx.text, frozenset(ctx.qset)
    said = lazy(rf"\b({re.escape(noun[1])}|{re.escape(noun[0])})\b")
    if not said.search(ctx.text):
        return ctx.text, frozenset(ctx.qset)
    own = set(stemmer().stems(list(noun)))
    return said.sub("players", ctx.text), frozenset(ctx.qset - own) | {"player"}


# The words a question of the player count is made of, beside the game's title and everyday words:
# a game calling its players "recorders" says none of them, and they count against no answer.
PLAYER_COUNT_WORDS = frozenset({"plai", "player", "game", "thi", "can", "us", "togeth", "most", "fewest", "least",
                                "number", "peopl", "we", "it", "onc", "count", "max", "maximum", "min", "minimum"})


def players(ctx: Context) -> list[Computed]:
    """"How many people can play this?": the game's player count, citing the section that
    names players (its title or an alias), else set-up. "Can 7 of us play?": yes or no, and the
    count."""
    text, qset = _said_as_players(ctx)
    with_n = PLAY_WITH.search(text)
    counted_by = _players_named(text)
    solo = SOLO.search(text.lower())
    if not (PLAY_COUNT.search(text) or with_n or counted_by or solo) or not ({"plai", "player"} & qset or solo):
        return []
    asked = next(number_of(g) for g in with_n.groups() if g and number_of(g) is not None) if with_n else None
    if {s for s in qset if not s.isdigit()} - PLAYER_COUNT_WORDS - counted_by - (SOLO_WORDS if solo else set()) \
            - _title_stems(ctx) - generic_stems():  # "up to how many people can play", "... at once"
        return []  # "how many players are on a soccer team", "how many players draw a card"
    game = ctx.index.data("game") or {}
    count = game.get("players") or {}
    low, high = count.get("min"), count.get("max")
    if not low or (solo and low != 1):
        return []
    asked = 1 if solo else asked
    if low == high or not high:
        text = "1 player: a solo game." if low == 1 else f"{low} players."
    elif MOST.search(text):
        text = f"At most {high} players ({low} to {high})."
    elif LEAST.search(text):
        text = f"At least {low} players ({low} to {high})."
    else:
        text = f"{low} to {high} players."
    if asked is not None:
        text = ("Yes: " if low <= asked <= (high or low) else "No: ") + text.replace("At ", "at ", 1)
    rule = _solo_section(ctx) if solo else None
    for hit in ctx.result.phrases if rule is None else ():
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
    if rule is None and high and high != low:  # the section that gives the count ("For 2 to 5 bakers")
        said = re.compile(rf"\b{low}\s*(to|-|\u2013)\s*{high}\b")
        rule = next((rid for rid, info in ctx.index.rules.items() if said.search(info.text)), None)
    if rule is None:
        rule = next((r for r in (ctx.index.data("setup_rule"), "overview", "components") if r in ctx.index.rules), None)
    if rule is None:  # no section to cite: a fact of the box, as its play time is
        return [Computed(text, next(iter(ctx.index.rules), None), CONFIDENCE["facts"], "facts")]
    return [Computed(text, rule, CONFIDENCE["players"], "players")]


# The length of a whole game or session, not of something in it ("how long is a set" is a tune's
# length in blue-cellar, "how long is intermission" a part of strings-attached's show).
PLAY_TIME = lazy(r"\bhow long (does|is|do|will|would|should|can) (?:(?:a|an|one|the|each|our|this|your) )?"
                 r"(?:(?:\d+|two|three|four|five|six)[ -]players? |typical |usual |full |whole )?"
                 r"(?:games?|sessions?|play ?throughs?|matche?s?|story|stories|campaigns?|runs?)\b"
                 r"|\bplay(ing)? ?time\b|\bhow long (?:to|(?:does|will|would) (?:it |this |this game |the game |a game )?take to) play\b|\bhow many (?P<unit>minutes|hours)\b.*\b(game|session|play)\b"
                 r"|\bgame length\b|\blength of (a|the|one) (game|session|story)\b"
                 r"|^\W*(roughly |about )?how long (does|will) (it|this|this one) (take|last)\W*$",  # asked of nothing else
                 triggers=("how long", "time", "minutes", "hours", "length"))
AGE = lazy(r"\bage (rating|range|limit|group)\b|^\W*ages?\W*$|"
           r"\b(what|which|minimum|min|recommended|suitable|right) ages?\b.*\b(it|this|game|play|for)\b|\b(minimum|min|recommended|youngest|lowest) age\b|"
           r"\bthe ages? (for|on) (this|the|it)\b|"  # "whats the age for this game", "the age on the box"
           r"\bhow old\b.*\b(play|players?|be)\b|\bages?\b.*\b(suitable|recommended)\b|"
           r"\b(ok|okay|suitable|good|fine|right|safe) for (kids|children|a child|my kids|families)\b|"
           r"\b(can|could) (kids|children|my kids)\b.*\bplay\b|"
           r"\b(ok|okay|suitable|good|fine|right|safe|too hard) for (a |an |my )?\w+[ -](year|yr)[ -]olds?\b",  # "a 10 year old"
           triggers=("age", "how old", "kids", "child", "families", "year old", "year-old", "yr old"))


def facts_words(text: str) -> set[str]:
    """The words of a question that ask for the game's facts ("how long should", "ok for kids", "how
    many people can play"): no rulebook need use them, so only the question's other words say
    whether it is about the game."""
    spans = [m.group(0) for pattern in (PLAY_TIME, AGE) for m in pattern.finditer(text.lower())]
    counted_by = _players_named(text)
    solo = SOLO_WORDS if SOLO.search(text.lower()) else frozenset()
    counted = PLAYER_COUNT_WORDS | counted_by | solo if PLAY_COUNT.search(text.lower()) or PLAY_WITH.search(text.lower()) \
        or counted_by or solo else set()
    return set(content_stems(" ".join(spans))) | counted


def game_facts(ctx: Context) -> list[Computed]:
    """"How long does a game take?", "what age is it for?": the game's play time and age from its
    game.yaml, citing its first section (what the game is about)."""
    game = ctx.index.data("game") or {}
    rule = next(iter(ctx.index.rules), None)
    title = ctx.index.title.lower()
    said = PLAY_TIME.search(ctx.text.lower().replace(title, "the game") if title else ctx.text)  # "how long does rattlebones take"
    unit = stems_of([said.group("unit")])[0] if said and said.group("unit") else None
    if unit and ctx.index.df([unit])[unit]:
        return []  # "how many hours do we play" in a game whose rounds are hours: the rules say how many
    if said and game.get("play_time"):
        text = f"{game['play_time'][0].upper()}{game['play_time'][1:]}."
    elif AGE.search(ctx.text) and game.get("age"):
        text = f"Ages {game['age']}."
    else:
        return []
    return [Computed(text, rule, CONFIDENCE["facts"], "facts")]


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
