"""Reading Rattlebones moves as players say them, and writing moves back the same way.

  ana pays 1 gold                         ana rolls white and grey: 3, gold
  ana rolls again with white and grey     ana moves the monkey on 3 with white
  ana moves the monkey on 3 by 7 with white (a 9-Pip)
  ana uses white: gold from ben           ana uses white: gamble 4
  ana fits thief on white over 4          ana fits arrow on white over 4 pointing at 2
  ana raises white socket 3               ana declines      ana sells 2 stars
  ana ends the turn, doubling white       ana doubles white     ana done
"""
from __future__ import annotations

from referee.table.engine import Ambiguous, Unreadable
from referee.table.notation import did_you_mean, take_player, words

from .facts import Facts, side_kind
from .state import current, die_sides, effective

VERBS = {
    "pay": ("pay", "pays", "paid", "spend", "spends"),
    "roll": ("roll", "rolls", "rolled", "throw", "throws"),
    "move": ("move", "moves", "moved"),
    "use": ("use", "uses", "used", "resolve", "resolves", "does"),
    "fit": ("fit", "fits", "fitted", "add", "adds", "put", "puts", "place", "places"),
    "raise": ("raise", "raises", "upgrade", "upgrades", "bump", "bumps"),
    "decline": ("decline", "declines", "declined", "pass", "passes", "skip", "skips"),
    "sell": ("sell", "sells", "sold"),
    "end": ("end", "ends", "ended", "done", "finish", "finishes", "finished"),
    "double": ("double", "doubles", "doubling"),
}
# Names of die sides (actions) as players say them; numbers are read apart.
SIDE_WORDS = {
    "gold": "gold", "coin": "gold", "star": "star", "stars": "star",
    "roll again": "roll-again", "reroll": "roll-again", "again": "roll-again",
    "train": "train", "9 pip": "nine-pip", "nine pip": "nine-pip", "9 pips": "nine-pip", "nine": "nine-pip",
    "9pip": "nine-pip", "thief": "thief", "steal": "thief", "arrow": "arrow", "1234": "place-points",
    "one two three four": "place-points", "place points": "place-points", "stock": "stock",
    "x2": "double", "2x": "double", "double": "double", "times two": "double", "gamble": "gamble",
    "rattlebones": "rattlebones", "skull": "rattlebones", "skeleton": "rattlebones",
}
POINT_WORDS = ("point", "points", "pt", "pts")
ITEMS = {"gold": "gold", "coin": "gold", "star": "stars", "stars": "stars", "stock": "stock",
         "ticket": "stock", "stock ticket": "stock", "tickets": "stock"}
ITEM_NAMES = {"gold": "gold", "stars": "star", "stock": "stock ticket"}


class Cursor:
    def __init__(self, tokens: list[str]):
        self.t = tokens
        self.i = 0

    def peek(self, ahead: int = 0) -> str | None:
        j = self.i + ahead
        return self.t[j] if j < len(self.t) else None

    def take(self, *options: str) -> str | None:
        if self.peek() in options:
            self.i += 1
            return self.t[self.i - 1]
        return None

    def number(self) -> int | None:
        tok = self.peek()
        if tok is not None and tok.isdigit():
            self.i += 1
            return int(tok)
        return None

    def done(self) -> bool:
        return self.i >= len(self.t)

    def rest(self) -> str:
        return " ".join(self.t[self.i:])


EXPECTED = "a move such as 'ana rolls white', 'ana moves the monkey on 3 with white', 'ana ends the turn'"


def parse_move(facts: Facts, state: dict, text: str, examples: tuple[str, ...]) -> dict:
    player, rest = take_player(words(text), state["players"])
    if not rest:
        raise Unreadable(f"what does {player} do?", expected=EXPECTED, examples=examples)
    c = Cursor(rest)
    verb = _verb(c.t[0])
    if verb is None:
        raise Unreadable(f"'{c.t[0]}' is not a Rattlebones move", expected=EXPECTED, examples=examples,
                         hint=did_you_mean(c.t[0], [f for forms in VERBS.values() for f in forms]))
    c.i = 1
    move = {"player": player, "kind": verb}
    reader = globals()[f"_read_{verb}"]
    reader(facts, state, c, move)
    if not c.done():
        raise Unreadable(f"did not understand '{c.rest()}' at the end", expected=EXPECTED, examples=examples)
    return move


def _verb(token: str) -> str | None:
    for name, forms in VERBS.items():
        if token in forms:
            return name
    return None


def _die(facts: Facts, c: Cursor, required: bool = True) -> str | None:
    c.take("on", "die", "using", "by")
    tok = c.peek()
    if tok in facts.colours:
        c.i += 1
        c.take("die")
        return tok
    if required:
        raise Unreadable(f"expected a die colour ({', '.join(facts.colours)}) here, got '{tok or ''}'",
                         expected="a die colour", hint=did_you_mean(tok or "", facts.colours))
    return None


def _colour(facts: Facts, c: Cursor) -> str:
    """A die colour that must come next (_die raises Unreadable when it does not)."""
    colour = _die(facts, c)
    assert colour is not None
    return colour


def _dice(facts: Facts, c: Cursor) -> list[str]:
    dice = [_colour(facts, c)]
    while c.peek() in facts.colours or c.peek() == ",":
        c.take(",")
        dice.append(_colour(facts, c))
    c.take("dice", "die")
    return dice


# -- results and side names -------------------------------------------------------------------
def read_side(facts: Facts, c: Cursor, die: list[str] | None) -> str:
    """A side as said: '4', 'rattlebones', 'gold', '3 points', 'arrow at 2', 'socket 5' (needs
    the die), 'arrow' (needs the die, when it has one kind of arrow)."""
    if c.take("socket", "s"):
        n = c.number()
        if n is None or n not in facts.sockets:
            raise Unreadable("a socket is a number from 1 to 6", expected="socket N")
        if die is None:
            raise Unreadable("name the side, not the socket", expected="a side name")
        return die[n - 1]
    tok = c.peek()
    if tok == "1234":
        c.i += 1
        return "place-points"
    if c.take("points", "point"):
        n = c.number()
        if n is None:
            raise Unreadable("say which points side ('3 points')", expected="N points")
        return f"points-{n}"
    n = c.number()
    if n is not None:
        if c.take(*POINT_WORDS):
            return f"points-{n}"
        if n == facts.nine_max:
            c.take("pip", "pips")
            return "nine-pip"
        if n == 1:
            return "rattlebones"
        return f"pips-{n}"
    for size in (3, 2, 1):
        phrase = " ".join(c.t[c.i:c.i + size])
        if len(c.t[c.i:c.i + size]) == size and phrase in SIDE_WORDS:
            c.i += size
            kind = SIDE_WORDS[phrase]
            if kind == "arrow":
                return _arrow_target(facts, c, die)
            return kind
    raise Unreadable(f"'{tok or ''}' is not a die side", expected="a side such as 4, gold, 3 points, arrow at 2",
                     hint=did_you_mean(tok or "", list(SIDE_WORDS)))


def _arrow_target(facts: Facts, c: Cursor, die: list[str] | None) -> str:
    c.take("pointing", "points", "pointed")
    c.take("at", "towards", "toward", "to")
    n = c.number()
    if n is not None:
        return f"arrow-{n}"
    if die is not None:
        arrows = sorted({s for s in die if side_kind(s) == "arrow"})
        if len(arrows) == 1:
            return arrows[0]
        if len(arrows) > 1:
            raise Ambiguous("this die has arrows pointing different ways",
                            [f"arrow at {s.rpartition('-')[2]}" for s in arrows])
    return "arrow"


def _results(facts: Facts, state: dict, c: Cursor, player: str, dice: list[str]) -> list[str | None]:
    if not c.take(":", "=", "shows", "showing", "gets", "got"):
        return [None] * len(dice)
    out: list[str | None] = []
    for k, colour in enumerate(dice):
        if k:
            c.take(",")
        out.append(read_side(facts, c, die_sides(state, player, colour)))
    return out


# -- one reader per verb ----------------------------------------------------------------------
def _read_pay(facts, state, c, move):
    n = c.number()
    if n is None:
        raise Unreadable("say how much gold: 'ana pays 1 gold'", expected="pays N gold")
    c.take("gold", "coin", "coins")
    move["gold"] = n


def _read_roll(facts, state, c, move):
    if c.take("again"):
        c.take("using")
        dice = _dice(facts, c)
        if len(dice) != 2:
            raise Unreadable("a roll again names two dice: the one showing Roll Again, then an unrolled one",
                             expected="rolls again with white and grey")
        move.update(kind="reroll", die=dice[0], **{"with": dice[1]})
        move["results"] = _results(facts, state, c, move["player"], dice)
        return
    dice = _dice(facts, c)
    move["dice"] = dice
    move["results"] = _results(facts, state, c, move["player"], dice)


def _read_move(facts, state, c, move):
    c.take("monkey", "pawn")
    c.take("on", "at", "from")
    if c.take("start", "store"):
        space = facts.store_space
    else:
        space = c.number()
    if space is None:
        raise Unreadable("name the monkey by its space: 'the monkey on 3'", expected="moves the monkey on N")
    c.take("space")
    steps = None
    if c.take("by", "for"):
        steps = c.number()
        if steps is None:
            raise Unreadable("say how far: 'by 7'", expected="by N")
        c.take("spaces", "space", "steps")
    elif c.peek() is not None and c.peek().isdigit() and c.peek(1) in ("spaces", "space", "steps"):
        steps = c.number()
        c.i += 1
    die = _die(facts, c, required=False)
    if die is None:
        die = _only_die(facts, state, move["player"], ("pips", "rattlebones", "nine-pip"), "moves the monkey")
    move.update(die=die, **{"from": space}, steps=steps)


def _only_die(facts, state, player, kinds, what) -> str:
    """The die meant when none is named: the only rolled, unused die that can do this."""
    if player != current(state) or state["over"]:
        return facts.colours[0]  # the check will refuse the move anyway
    fits = [d for d in state["turn"]["pending"]
            if side_kind(effective(state, player, d) or "") in kinds]
    if len(fits) == 1:
        return fits[0]
    if not fits:
        pending = state["turn"]["pending"]
        if not pending:
            raise Unreadable("name the die: no rolled die is waiting to be used", expected="... with white")
        return pending[0]  # the check says why that die cannot do it
    raise Ambiguous("more than one die could do that; name the die", [f"... with {d}" for d in fits])


def _read_use(facts, state, c, move):
    move["die"] = _die(facts, c)
    move["thefts"] = {}
    move["gamble"] = None
    if not c.take(":", ","):
        return
    if c.take("gamble", "gambles"):
        c.take(":", "die", "rolls")
        c.take(":")
        n = c.number()
        if n is not None:
            move["gamble"] = str(n)
        elif c.take("rattlebones", "skull", "skeleton"):
            move["gamble"] = "rattlebones"
        else:
            raise Unreadable("say what the gamble die shows: 'gamble 4' or 'gamble rattlebones'",
                             expected="gamble N")
        return
    by_lower = {p.lower(): p for p in state["players"]}
    while not c.done():
        c.take(",")
        c.take("takes", "take", "steals", "steal")
        item = None
        for size in (2, 1):
            phrase = " ".join(c.t[c.i:c.i + size])
            if phrase in ITEMS and len(c.t[c.i:c.i + size]) == size:
                item = ITEMS[phrase]
                c.i += size
                break
        if item is None:
            raise Unreadable(f"'{c.peek()}' is not gold, star or stock ticket", expected="gold from ben")
        c.take("from")
        who = by_lower.get(c.peek() or "")
        if who is None:
            raise Unreadable(f"'{c.peek() or ''}' is not a player", expected="gold from ben",
                             hint=did_you_mean(c.peek() or "", list(by_lower)))
        c.i += 1
        move["thefts"][who] = item


def _read_fit(facts, state, c, move):
    side = read_side(facts, c, None)
    die = _die(facts, c, required=False)
    socket = None
    if c.take("over", "socket", "replacing", "in", "instead"):
        c.take("socket", "of")
        socket = c.number()
    elif c.take("on"):
        c.take("socket")
        socket = c.number()
    if socket is None:
        raise Unreadable("say which socket it covers: 'over 4' or 'on socket 4'", expected="fits gold over N")
    if die is None:
        die = _die(facts, c, required=False)
    if side == "arrow":
        side = _arrow_target(facts, c, None)
        if side == "arrow":
            raise Unreadable("say where the arrow points: '... pointing at 2'", expected="pointing at N")
    move.update(side=side, socket=socket, die=die)


def _read_raise(facts, state, c, move):
    die = _die(facts, c, required=False)
    c.take("socket", "over", "on")
    c.take("socket")
    socket = c.number()
    if socket is None:
        raise Unreadable("say which socket's points side to raise: 'ana raises white socket 3'",
                         expected="raises white socket N")
    if die is None:
        die = _die(facts, c, required=False)
    move.update(socket=socket, die=die)


def _read_decline(facts, state, c, move):
    c.take("offer", "it", "side")


def _read_sell(facts, state, c, move):
    n = c.number()
    if n is None:
        raise Unreadable("say how many stars: 'ana sells 2 stars'", expected="sells N stars")
    c.take("stars", "star")
    move["stars"] = n


def _read_end(facts, state, c, move):
    c.take("turn", "it")
    c.take(",")
    move["doubles"] = []
    if c.take(*VERBS["double"]):
        move["doubles"] = _dice_or_gamble(facts, c)


def _read_double(facts, state, c, move):
    move["kind"] = "end"
    move["doubles"] = _dice_or_gamble(facts, c)
    c.take(",")
    if c.take(*VERBS["end"]):
        c.take("turn")


def _dice_or_gamble(facts, c) -> list[str]:
    out = []
    while c.peek() in facts.colours or c.peek() in ("gamble", ","):
        tok = c.t[c.i]
        c.i += 1
        if tok != ",":
            c.take("die")
            out.append(tok)
    if not out:
        raise Unreadable("say which die x2 doubles: 'ana doubles white'", expected="doubles white")
    return out
