"""Ribbon of Bone: reading moves as a player says them, and writing them back (notation).

"ana rolls 3", "ana rolls d4: 2", "ana moves to the red stair", "ana follows the thought",
"ana answers yes", "ana fights", "ana sets kimaris as binder", "ana binds time",
"ana gives the roll to orias", "ana spends the outskirts", "ana passes". Against a rogue identity's
two marquises: "ana fights the lamplighter with orias and amon", "ana binds time on orias",
"ana aims naberius at amon", "ana spends the outskirts on orias". A roll or draw without a
result is left for the referee to make.
"""
from __future__ import annotations

from typing import Any

from referee.games.ribbon_of_bone.state import LORD_ICON, Rules, is_rogue, standing
from referee.table.engine import Ambiguous, Illegal, Unreadable
from referee.table.notation import match_phrase, take_player, verb, words

VERBS = {
    "roll": ("roll", "rolls", "rolled"), "lay": ("lay", "lays", "laid", "place", "places"),
    "draw": ("draw", "draws", "drew"), "fight": ("fight", "fights", "faces", "face", "encounters"),
    "move": ("move", "moves", "moved", "go", "goes", "walks", "walk", "runs", "run"),
    "follow": ("follow", "follows", "followed", "indulges", "indulge"),
    "answer": ("answer", "answers", "answered", "says", "say"), "yes": ("yes",), "no": ("no",),
    "take": ("take", "takes", "took", "accepts", "accept"),
    "remember": ("remember", "remembers", "writes", "write"), "attune": ("attune", "attunes", "steps"),
    "heal": ("heal", "heals", "healed"), "favour": ("returns", "return", "flips", "flip", "turns", "turn"),
    "party": ("brings", "bring", "chooses", "choose", "fields"),
    "bind": ("bind", "binds", "bound"), "pass": ("pass", "passes", "passed", "skip", "skips"),
    "assign": ("give", "gives", "gave", "assign", "assigns"),
    "aim": ("aim", "aims", "aimed", "sends", "send", "directs", "direct"),
    "spend": ("spend", "spends", "spent", "use", "uses"), "free": ("free", "frees", "escapes", "releases"),
    "surrender": ("surrender", "surrenders", "loses", "lose"),
}
BINDER_WORDS = {"binder", "sets", "set", "makes", "make", "picks", "pick", "chooses", "choose", "as", "is"}
EXPECTED = ("a move such as 'ana rolls 3', 'ana moves to the red stair', 'ana follows the thought', "
            "'ana fights', 'ana binds time' or 'ana passes' (see `referee moves`)")


class Reader:
    def __init__(self, rules: Rules):
        self.rules = rules
        key = lambda name: " ".join(words(name))  # noqa: E731
        self.court = {key(c["name"]): i for i, c in rules.court_cards.items()}
        self.court.update({i.replace("-", " "): i for i in rules.court_cards})
        self.marquis = {key(c["name"]): i for i, c in rules.marquis.items()}
        self.marquis.update({i: i for i in rules.marquis})
        self.fighters = {**self.marquis, **{key(c["name"]): i for i, c in rules.identities.items()},
                         **{i: i for i in rules.identities}}
        self.abilities = {key(r["name"]): i for i, r in rules.abilities.items() if i != "basic-attack"}
        self.lords = {key(r["name"]): i for i, r in rules.lords.items()}
        self.bind_icons = {**self.abilities, "lord": LORD_ICON, "lord icon": LORD_ICON}
        self.bind_icons.update({f"{k} lord icon": ("lord", v) for k, v in self.lords.items()})
        self.bind_icons.update({k: ("lord", v) for k, v in self.lords.items()})
        self.memories = {**self.court, **self.abilities}

    def parse(self, state: dict[str, Any], text: str) -> dict[str, Any]:
        tokens = words(text)
        player, rest = take_player(tokens, [state["player"]])
        if not rest:
            raise Unreadable("say what the player does", expected=EXPECTED)
        if "binder" in rest:
            names = [t for t in rest if t not in BINDER_WORDS]
            card, extra = match_phrase(names, self.marquis, "one of your marquises")
            self._done(extra)
            return {"player": player, "kind": "binder", "card": card}
        kind = verb(rest[0], VERBS)
        if kind is None:
            raise Unreadable(f"'{rest[0]}' is not a move of Ribbon of Bone", expected=EXPECTED)
        args = rest[1:]
        move = {"player": player, "kind": kind}
        handler = getattr(self, f"_{kind}", None)
        return handler(state, move, args) if handler else self._done(args, move)

    # -- helpers ---------------------------------------------------------------------------
    def _done(self, leftover: list[str], move: dict[str, Any] | None = None, ignore: tuple[str, ...] = ()):
        left = [t for t in leftover if t not in ignore]
        if left:
            raise Unreadable(f"did not understand '{' '.join(left)}'", expected=EXPECTED)
        return move

    def _optional(self, args, names, what, ignore):
        args = [t for t in args if t not in ignore]
        if not args:
            return None
        found, extra = match_phrase(args, names, what)
        self._done(extra)
        return found

    # -- one reader per verb --------------------------------------------------------------
    def _roll(self, state, move, args):
        args = [t for t in args if t not in ("d4", ":", "die", "dice", "again")]
        value = None
        if args and args[0].isdigit():
            value, args = int(args[0]), args[1:]
        move["value"] = value
        if args and args[0] == "for":
            move["for"], extra = match_phrase(args[1:], self.marquis, "one of your attackers")
            self._done(extra)
        else:
            self._done(args)
        return move

    def _lay(self, state, move, args):
        move["card"] = self._optional(args, self.court, "a court card", ("court", "card"))
        return move

    def _draw(self, state, move, args):
        if state["phase"] != "draw":
            return self._fight(state, {"player": move["player"], "kind": "fight"}, args)
        move["card"] = self._optional(args, self.fighters, "a marquis", ("marquis", "card", "opponent"))
        return move

    def _fight(self, state, move, args):
        args = [t for t in args if t not in ("marquis", "it", "encounter", "card", "opponent", ",", "rogue")]
        if not args:
            move["card"] = None
            return move
        move["card"], args = match_phrase(args, self.fighters, "a marquis or a rogue identity")
        if args:  # a rogue identity's company: "ana fights the lamplighter with orias and amon"
            company = []
            while args:
                card, args = match_phrase(args, self.fighters, "a marquis")
                company.append(card)
            move["with"] = company
        return move

    def _split_on(self, args):
        """Split "... on orias" off the end: (the words before, the marquis named or None)."""
        if "on" in args:
            at = len(args) - 1 - args[::-1].index("on")
            tail = " ".join(t for t in args[at + 1:] if t != "marquis")
            if tail in self.marquis:
                return args[:at], self.marquis[tail]
        return args, None

    def _target(self, state, on, fits, said):
        """The opponent a token goes on. Outside a rogue fight: None (naming another is illegal).
        In one, the marquis named, else the one standing marquis the icon fits (Ambiguous when
        both do)."""
        fight = state.get("fight")
        if not fight or not is_rogue(fight):
            if on is not None and fight and on != fight["foe"]:
                raise Illegal(f"your opponent is {self.rules.name(fight['foe'])}, not {self.rules.name(on)}",
                              "combat.binding")
            return None
        if on is not None:
            return on
        up = standing(fight)
        found = [f["foe"] for f in up if fits(f)] or [f["foe"] for f in up]
        if len(found) > 1:
            raise Ambiguous("say which marquis: both could take it",
                            [f"{said} on {self.rules.name(foe)}" for foe in found])
        return found[0]

    def _move(self, state, move, args):
        if not args:
            raise Unreadable("say which court card you move to", expected="'ana moves to the red stair'")
        move["to"], extra = match_phrase(args, self.court, "a court card")
        self._done(extra)
        return move

    def _follow(self, state, move, args):
        return self._done(args, move, ("thought", "it"))

    def _answer(self, state, move, args):
        args = [t for t in args if t not in ("thought",)]
        if len(args) != 1 or args[0] not in ("yes", "no"):
            raise Unreadable("answer yes or no", expected="'ana answers yes'")
        move["yes"] = args[0] == "yes"
        return move

    def _yes(self, state, move, args):
        self._done(args)
        return {"player": move["player"], "kind": "answer", "yes": True}

    def _no(self, state, move, args):
        self._done(args)
        return {"player": move["player"], "kind": "answer", "yes": False}

    def _take(self, state, move, args):
        return self._done(args, move, ("decision", "it", "opportunity"))

    def _remember(self, state, move, args):
        args = [t for t in args if t not in ("memory", "down")]
        move["ability"], extra = match_phrase(args, self.abilities, "an ability")
        self._done(extra)
        return move

    def _attune(self, state, move, args):
        args = [t for t in args if t not in ("toward", "towards", "lord")]
        move["lord"], extra = match_phrase(args, self.lords, "a lord")
        self._done(extra)
        return move

    def _heal(self, state, move, args):
        return self._done(args, move, ("up", "15", "full"))

    def _favour(self, state, move, args):
        if not args or args[-1] not in ("favour", "favor"):
            raise Unreadable("say 'ana returns to the favour'", expected="'ana returns to the favour'")
        return self._done(args[:-1], move, ("back",))

    def _party(self, state, move, args):
        cards, args = [], [t for t in args if t != ","]
        while args:
            card, args = match_phrase(args, self.marquis, "one of your marquises")
            cards.append(card)
        move["cards"] = cards
        return move

    def _bind_icon(self, args):
        icon, extra = match_phrase(args, self.bind_icons, "an icon to bind")
        self._done(extra, None, ("icon",))
        return icon

    def _bind(self, state, move, args):
        if args in (["nothing"], ["none"]):
            return {"player": move["player"], "kind": "pass"}
        args, on = self._split_on(args)
        icon, extra = match_phrase(args, self.bind_icons, "an icon to bind")
        self._done(extra, None, ("icon",))
        lord = None
        if isinstance(icon, tuple):
            lord, icon = icon[1], LORD_ICON
        rules, fight = self.rules, state.get("fight")
        said = f"{move['player']} binds " + ("the lord icon" if icon == LORD_ICON else rules.name(icon))
        on = self._target(state, on, lambda f: icon in rules.icons(f["foe"]) and icon not in f["bound"]
                          and lord in (None, rules.lord_of(f["foe"])), said)
        foe = on or (fight["foe"] if fight else None)
        if lord and foe and rules.lord_of(foe) != lord:
            raise Illegal(f"{rules.name(foe)} shows {rules.name(rules.lord_of(foe))}'s "
                          f"lord icon, not {rules.name(lord)}'s", "combat.binding")
        move["icon"] = icon
        if on is not None:
            move["on"] = on
        return move

    def _pass(self, state, move, args):
        return self._done(args, move, ("nothing", "binding", "reaction"))

    def _assign(self, state, move, args):
        args = [t for t in args if t not in ("it", "roll", "first", "attack")]
        move["card"], extra = match_phrase(args, self.marquis, "one of your attackers")
        self._done(extra)
        return move

    def _memory(self, args):
        args = [t for t in args if t not in ("memory", "from", "written", "token", "on")]
        memory, extra = match_phrase(args, self.memories, "a court card or a written memory")
        self._done(extra)
        return memory

    def _spend(self, state, move, args):
        if args in (["nothing"], ["none"]):
            return {"player": move["player"], "kind": "pass"}
        args, on = self._split_on(args)
        memory = self._memory(args)
        icon = self.rules.room_icon(state, memory) if memory in state["tokens"] else memory
        lord = self.rules.rooms[memory]["lord"] if icon == LORD_ICON else None
        said = f"{move['player']} spends {self.rules.name(memory)}"
        on = self._target(state, on, lambda f: icon in self.rules.icons(f["foe"]) and icon not in f["bound"]
                          and lord in (None, self.rules.lord_of(f["foe"])), said)
        move["memory"] = memory
        if on is not None:
            move["on"] = on
        return move

    def _aim(self, state, move, args):
        args = [t for t in args if t not in ("at", "against", "attack", "roll")]
        move["card"], args = match_phrase(args, self.marquis, "one of your attackers")
        move["at"], extra = match_phrase(args, self.marquis, "the marquis it hits")
        self._done(extra)
        return move

    def _free(self, state, move, args):
        args = [t for t in args if t not in ("s", "prisoners", "marquises")]
        move["lord"], extra = match_phrase(args, self.lords, "a lord")
        self._done(extra)
        return move

    def _surrender(self, state, move, args):
        move["lord"] = self._optional(args, self.lords, "a lord", ("s", "constituents"))
        return move


def notation(rules: Rules, move: dict[str, Any]) -> str:
    p, kind, n = move["player"], move["kind"], rules.name
    if kind == "roll":
        said = f"{p} rolls" + (f" {move['value']}" if move.get("value") is not None else "")
        return said + (f" for {n(move['for'])}" if move.get("for") else "")
    if kind in ("lay", "draw", "fight"):
        verb_ = {"lay": "lays", "draw": "draws", "fight": "fights"}[kind]
        said = f"{p} {verb_} {n(move['card'])}" if move.get("card") else f"{p} {verb_}"
        return said + (f" with {' and '.join(n(c) for c in move['with'])}" if move.get("with") else "")
    if kind == "surrender":
        return f"{p} surrenders {n(move['lord'])}" if move.get("lord") else f"{p} surrenders"
    fixed = {"follow": "follows the thought", "take": "takes the decision", "heal": "heals",
             "favour": "returns to The Favour", "pass": "passes"}
    if kind in fixed:
        return f"{p} {fixed[kind]}"
    if kind == "answer":
        return f"{p} answers {'yes' if move['yes'] else 'no'}"
    if kind == "move":
        return f"{p} moves to {n(move['to'])}"
    if kind == "remember":
        return f"{p} remembers {n(move['ability'])}"
    if kind == "attune":
        return f"{p} attunes to {n(move['lord'])}"
    if kind == "party":
        return f"{p} brings {', '.join(n(c) for c in move['cards'])}"
    if kind == "binder":
        return f"{p} sets {n(move['card'])} as binder"
    on = f" on {n(move['on'])}" if move.get("on") else ""
    if kind == "bind":
        return f"{p} binds " + ("the lord icon" if move["icon"] == LORD_ICON else n(move["icon"])) + on
    if kind == "assign":
        return f"{p} gives the roll to {n(move['card'])}"
    if kind == "aim":
        return f"{p} aims {n(move['card'])} at {n(move['at'])}"
    if kind == "spend":
        return f"{p} spends {n(move['memory'])}{on}"
    if kind == "free":
        return f"{p} frees {n(move['lord'])}"
    raise ValueError(f"unknown move kind {kind}")
