"""Carrying out card abilities from the card data's ``effects``.

Effects run in order. One that needs a choice (which warrior to rouse, which card to destroy)
and has more than one option, or is optional, stops the queue: the state gets ``pending`` and the
player answers with "ana picks ..." (or "ana skips" when optional). An effect with nothing to
act on says so in an event; a by-hand effect is shown to the players to resolve, never skipped.

Cards in play also answer to what their owner does (``when``: buy, discard, bone-use, time-out);
``limit`` makes such an ability work once per turn (keys in state["used"], cleared at the end of
the turn) or once per attack (keys in the attack's "used"), counted per card.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from referee.table.engine import Event

from . import board
from .cards import Catalogue, State, cid, draw, in_discard, in_hand, take_from_discard, take_from_hand

RULE = {"gain-booty": "discard", "draw": "turn.refill", "heal": "effects.health-gain", "rouse": "turn.rouse",
        "damage": "attack.resolution", "destroy": "effects.destroy", "capture": "effects.capture",
        "gain-control": "effects.gain-control", "revive": "play.warriors", "burn-from-hand": "burn",
        "extra-die": "attack.rolling", "arm": "effects.gain-control", "by-hand": "effects"}


def in_play(state: State, player: str) -> list[str]:
    """The cards whose abilities work for a player now: the faction card, warriors and weapons."""
    pl = state["p"][player]
    cards = [pl["faction"]] if pl.get("faction") else []
    for w in pl["warriors"]:
        cards.append(w["card"])
        if w["weapon"]:
            cards.append(w["weapon"])
    return cards


def triggered(cat: Catalogue, state: State, cards: list[str], when: str, verb: str | None = None
              ) -> list[tuple[str, dict]]:
    """(key, effect) for each of these cards' effects that answer to ``when`` and may still work
    (within their limit); key is "<uid>:<index of the effect on the card>"."""
    found, table, known = [], cat.answering(when, verb), cat.kinds
    for uid in cards:
        answers = table.get(uid)
        if answers is None:
            if uid in known:  # most cards: nothing answers
                continue
            answers = tuple((i, e) for i, e in cat.numbered_effects(uid, when) if verb is None or e["do"] == verb)
        for index, e in answers:
            if available(state, f"{uid}:{index}", e):
                found.append((f"{uid}:{index}", e))
    return found


def _uses(state: State, effect: dict) -> list[str] | None:
    if effect.get("limit") == "once-per-turn":
        return state.setdefault("used", [])
    if effect.get("limit") == "once-per-attack":
        return state["attack"].setdefault("used", []) if state.get("attack") else []
    return None


def available(state: State, key: str, effect: dict) -> bool:
    uses = _uses(state, effect)
    return uses is None or key not in uses


def spend(state: State, key: str, effect: dict) -> None:
    uses = _uses(state, effect)
    if uses is not None:
        uses.append(key)


def discounted(cat: Catalogue, state: State, player: str, when: str, cost: int
               ) -> tuple[int, tuple[str, dict] | None]:
    """A price (``when``: buy, or bone-use for a bone ability's cost) after the best discount of
    the player's cards in play still unused within its limit, never below the discount's
    minimum; and that discount (key, effect), or None."""
    return cheapest(discounts(cat, state, player, when), cost)


def discounts(cat: Catalogue, state: State, player: str, when: str) -> list[tuple[str, dict]]:
    """The discounts on ``when`` the player's cards in play still give: found once, they price
    every card of the lineup (legal_moves prices it after every move)."""
    return triggered(cat, state, in_play(state, player), when, "discount")


def cheapest(found: list[tuple[str, dict]], cost: int) -> tuple[int, tuple[str, dict] | None]:
    """``cost`` after the best of these discounts, and that discount (the first of equals)."""
    best: tuple[int, tuple[str, dict] | None] = (cost, None)
    for key, e in found:
        low = max(e["minimum"] or 0, cost - e["amount"])
        if low < best[0]:
            best = (low, (key, e))
    return best


def fire(cat: Catalogue, state: State, player: str, when: str, ctx: dict, cards: list[str] | None = None
         ) -> list[Event]:
    """Carry out every effect (other than discounts) of the player's cards in play that answers
    to ``when``, each within its limit."""
    events: list[Event] = []
    for key, e in triggered(cat, state, in_play(state, player) if cards is None else cards, when):
        if e["do"] == "discount":
            continue
        spend(state, key, e)
        uid = key.rsplit(":", 1)[0]
        events += run(cat, state, player, [e], dict(ctx, source=uid))
    return events


def by_hand_texts(cat: Catalogue, card_id: str, when: str) -> list[str]:
    """What the players must do themselves when this card is played ("play") or its bone
    ability used ("bone"): recorded in the move log. Worked out once per card (every play asks)."""
    key = ("by-hand", cid(card_id), when)
    found = cat.texts.get(key)
    if found is None:
        found = cat.texts[key] = ([e["text"] for e in cat.effects(card_id, when) if e["do"] == "by-hand"]
                                  + unexpressed(cat, card_id, when))
    return list(found)


def unexpressed(cat: Catalogue, card_id: str, when: str) -> list[str]:
    """Card text with no effects for it (the effects cannot say it), and a warrior's or weapon's
    lasting by-hand ability, to show when it enters play. Worked out once per card."""
    key = ("unexpressed", cid(card_id), when)
    found = cat.texts.get(key)
    if found is None:
        found = cat.texts[key] = _unexpressed(cat, card_id, when)
    return list(found)


def _unexpressed(cat: Catalogue, card_id: str, when: str) -> list[str]:
    card, texts = cat[card_id], []
    if when == "play" and cat.kind(card_id) == "action" and not cat.effects(card_id, "play") and card.get("text"):
        texts.append(card["text"])
    if when == "play" and cat.kind(card_id) in ("warrior", "weapon"):
        texts += [f"(lasting) {e['text']}" for e in cat.effects(card_id, "lasting") if e["do"] == "by-hand"]
    if when == "bone" and not cat.effects(card_id, "bone") and isinstance(card.get("bone"), dict):
        texts.append(card["bone"].get("text", ""))
    return texts


def options(cat: Catalogue, state: State, player: str, effect: dict, ctx: dict,
            then: Sequence[dict] = ()) -> list[str] | None:
    """The choices an effect offers, or None when it needs none. ``then``: the effects of the
    ability still to come (a rouse followed by an effect on ``that-warrior`` may pick a warrior
    that is already roused)."""
    target, pl = effect["target"], state["p"][player]
    defender = ctx.get("defender") if ctx.get("defender") in state["active"] else None

    def warriors(names: list[str]) -> list[str]:
        found = []
        for name, w in board.any_warrior(state, names):
            if effect["max_health"] is not None and board.health(cat, state, name, w) > effect["max_health"]:
                continue
            if effect["unarmed"] and w["weapon"]:
                continue
            found.append(w["card"])
        return found

    verb = effect["do"]
    if verb == "burn-from-hand":
        return in_hand(state, pl)
    if verb == "arm":
        return [w["card"] for w in pl["warriors"] if not w["weapon"]]
    if target == "own-warrior":
        keep = any(e.get("target") == "that-warrior" for e in then)
        return [w["card"] for w in pl["warriors"] if not (verb == "rouse" and w["roused"] and not keep)]
    if target == "neighbour":
        return board.neighbours(state, player)
    if target == "defender-warrior":
        return warriors([defender] if defender else [])
    if target == "neighbour-warrior":
        return warriors(board.neighbours(state, player))
    if target == "defender-weapon":
        return [w["weapon"] for _n, w in board.any_warrior(state, [defender] if defender else []) if w["weapon"]]
    if target == "neighbour-weapon":
        return [w["weapon"] for _n, w in board.any_warrior(state, board.neighbours(state, player)) if w["weapon"]]
    if target == "own-discard":
        return in_discard(state, pl)
    if target == "own-discard-warrior":
        return [c for c in in_discard(state, pl) if cat.kind(c) == "warrior"]
    return None


def run(cat: Catalogue, state: State, player: str, queue: list[dict], ctx: dict) -> list[Event]:
    events: list[Event] = []
    queue = list(queue)
    while queue or ctx.get("then"):
        if ctx.get("then"):  # an effect asks for a further choice (where a taken weapon goes)
            queue.insert(0, ctx.pop("then"))
        effect = queue.pop(0)
        if effect.get("target") == "that-warrior" and not (ctx.get("chosen") and board.find(state, ctx["chosen"])):
            events.append(Event(f"{cat.name(ctx['source'])}: no warrior chosen for {effect['do'].replace('-', ' ')}",
                                RULE.get(effect["do"])))
            continue
        opts = options(cat, state, player, effect, ctx, queue)
        if opts is None:
            events += do(cat, state, player, effect, None, ctx)
        elif not opts:
            events.append(Event(f"{cat.name(ctx['source'])}: nothing to {effect['do'].replace('-', ' ')}",
                                RULE.get(effect["do"])))
        elif len(opts) == 1 and not effect["optional"]:
            events += do(cat, state, player, effect, opts[0], ctx)
        else:
            state["pending"] = {"player": player, "effect": effect, "options": opts, "queue": queue, "ctx": ctx}
            shown = ", ".join(describe(cat, state, o) for o in opts)
            events.append(Event(f"{player} picks for {cat.name(ctx['source'])}: {shown}"
                                + (" (or skips)" if effect["optional"] else ""), RULE.get(effect["do"])))
            return events
    return events


def describe(cat: Catalogue, state: State, option: str) -> str:
    if option in state["p"]:
        return option
    if "#" in option:
        return board.label(cat, state, option)
    return cat.name(option).lower()


def do(cat: Catalogue, state: State, player: str, effect: dict, choice: str | None, ctx: dict) -> list[Event]:
    verb, amount, target = effect["do"], effect["amount"], effect["target"]
    pl = state["p"][player]
    rule = RULE.get(verb)
    source = cat.name(ctx["source"])
    defender = ctx.get("defender") if ctx.get("defender") in state["active"] else None
    if choice is None and options(cat, state, player, effect, ctx) is not None:
        return [Event(f"{player} skips: {source}", rule)]
    choice = cast(str, choice)  # from here an effect that offers choices has one
    if choice and board.find(state, choice):
        ctx["chosen"] = choice  # for a later effect on "that-warrior"
    if verb == "gain-booty":
        state["booty"] += amount
        return [Event(f"{player} gains {amount} booty (booty {state['booty']})", rule)]
    if verb == "draw":
        n = draw(state, pl, amount)
        return [Event(f"{player} draws {n} card{'s' if n != 1 else ''}", rule)]
    if verb == "heal":
        return [board.heal(state, player, amount)]
    if verb == "rouse":
        uid = ctx.get("warrior") if target == "self" else choice
        found = board.find(state, uid) if uid else None
        if not found:
            return [Event(f"{source}: no warrior to rouse", rule)]
        found[1]["roused"] = True
        return [Event(f"{board.label(cat, state, found[1]['card'])} is roused", rule)]
    if verb == "damage":
        if target == "attack-target":
            from . import attack  # attack imports this module
            return attack.hit(cat, state, amount, source)
        if target in ("defender", "neighbour", "each-neighbour"):
            names = ([defender] if defender else []) if target == "defender" else (
                [choice] if target == "neighbour" else board.neighbours(state, player))
            events: list[Event] = []
            for name in names:
                if name in state["active"]:
                    events += board.damage_player(cat, state, name, amount, "attack.resolution")
            return events or [Event(f"{source}: nobody to damage", rule)]
        owner, w = board.located(state, choice)
        if amount >= board.health(cat, state, owner, w):
            return [Event(f"{source} deals {amount} damage to {board.label(cat, state, choice)}", rule)] + \
                board.leave_play(cat, state, owner, w, "burn")
        return [Event(f"{source} deals {amount} damage to {board.label(cat, state, choice)}: not enough to burn it", rule)]
    if verb == "destroy":
        if target == "own-discard":
            uid = take_from_discard(state, pl, choice)
            state["destroyed"].append(uid)
            return [Event(f"{player} destroys {cat.name(uid)} from their discard pile", rule)]
        if target == "defender-weapon":
            for _name, w in board.any_warrior(state, state["active"]):
                if w["weapon"] == choice:
                    w["weapon"] = None
                    state["destroyed"].append(choice)
                    return [Event(f"{cat.name(choice)} held by {board.label(cat, state, w['card'])} is destroyed", rule)]
        owner, w = board.located(state, choice)
        return board.leave_play(cat, state, owner, w, "destroy")
    if verb == "capture":
        uid = ctx.get("target") if target == "attack-target" else choice
        found = board.find(state, uid) if uid and "#" in uid else None
        captor = board.find(state, ctx.get("warrior")) if ctx.get("warrior") else None
        if not found or not captor or found[0] == player:
            return [Event(f"{source}: no warrior to capture", rule)]
        return board.capture(cat, state, captor[1], found[0], found[1])
    if verb == "gain-control" and target == "neighbour-weapon":
        ctx["weapon"] = choice  # stays on its holder until it has somewhere to go
        mine = options(cat, state, player, ARM, ctx)
        if not mine:
            holder = _holder(state, choice)
            holder["weapon"] = None
            state["destroyed"].append(choice)
            return [Event(f"{player} gains control of {cat.name(choice)} and, with no unarmed warrior, destroys it",
                          "effects.destroy")]
        if len(mine) == 1:
            return do(cat, state, player, ARM, mine[0], ctx)
        ctx["then"] = ARM
        return [Event(f"{player} gains control of {cat.name(choice)}", rule)]
    if verb == "arm":
        weapon = ctx.pop("weapon")
        holder = _holder(state, weapon)
        _owner, w = board.located(state, choice)
        holder["weapon"], w["weapon"] = None, weapon
        return [Event(f"{player} gains control of {cat.name(weapon)} and puts it on "
                      f"{board.label(cat, state, choice)}", rule)]
    if verb == "extra-die" and target == "that-warrior":
        uid = ctx["chosen"]
        state.setdefault("boosts", {}).setdefault(uid, []).extend([effect["die"]] * amount)
        return [Event(f"{board.label(cat, state, uid)} rolls {amount} extra {effect['die']} "
                      f"di{'c' if amount != 1 else ''}e in its next attack this turn", rule)]
    if verb == "gain-control":
        owner, w = board.located(state, choice)
        state["p"][owner]["warriors"].remove(w)
        pl["warriors"].append(w)
        return [Event(f"{player} gains control of {owner}'s {cat.name(choice)}", rule)]
    if verb == "revive":
        uid = take_from_discard(state, pl, choice)
        pl["warriors"].append({"card": uid, "roused": True, "weapon": None, "captured": []})
        return [Event(f"{player} puts {cat.name(uid)} from their discard pile into play, roused", rule)]
    if verb == "burn-from-hand":
        uid = take_from_hand(state, pl, choice)
        pl["discard"].append(uid)
        return [Event(f"{player} burns {cat.name(uid)} from their hand", rule)]
    if verb == "by-hand":
        return [by_hand(state, player, effect["text"])]
    return []  # lasting words (health, unblockable ...) are read where they apply


# where a weapon taken by gain-control goes: one of its new controller's unarmed warriors
ARM = {"do": "arm", "when": "play", "amount": 1, "target": "own-warrior", "max_health": None, "unarmed": True,
       "optional": False, "die": None, "dice": [], "limit": None, "minimum": None, "text": None}


def _holder(state: State, weapon: str) -> dict:
    return next(w for _n, w in board.any_warrior(state, state["active"]) if w["weapon"] == weapon)


def by_hand(state: State, player: str, text: str) -> Event:
    state["by_hand"].append(f"{player}: {text}")
    del state["by_hand"][:-5]  # the status shows the latest few; the move log keeps them all
    return Event(f"resolve by hand: {text}", "effects")
