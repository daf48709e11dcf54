"""Runeblade's moves: whether each is allowed now (check) and what it does (apply).

The story is the players'; the referee keeps the dice honest: whose scene it is, who owes
details, what is offered and taken, where every die goes after a roll, and the Rule of Ten.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.runeblade.rules import Facts
from referee.table.engine import Illegal, Move, State


def character_of(state: State, player: str) -> str:
    return state["characters"][player]


def player_of(state: State, character: str) -> str:
    return next(p for p, c in state["characters"].items() if c == character)


def own_colour(facts: Facts, state: State, player: str) -> str:
    return facts.colour(character_of(state, player))


def own_count(facts: Facts, state: State, player: str) -> int:
    return state["pools"][player][own_colour(facts, state, player)]


def denouement_leaders(facts: Facts, state: State) -> list[str]:
    counts = {p: own_count(facts, state, p) for p in state["players"]}
    best = max(counts.values())
    return [p for p in state["players"] if counts[p] == best]


def all_scenes_opened(facts: Facts, state: State) -> bool:
    return all(state["opened"].count(p) >= facts.scenes_per_player for p in state["players"])


def keepable(facts: Facts, state: State) -> list[tuple[str, str]]:
    """(offerer, colour) of the failed offered dice the roller may keep, by the Rule of Keeping:
    every die of the roller's colour in the roll succeeded (at least one was rolled) and an
    offered die of another colour failed."""
    roll = state.get("roll") or {}
    results = roll.get("results")
    if not results:
        return []
    mine = own_colour(facts, state, state["scene"]["controller"])
    rolled_mine = list(results["own"].get(mine, []))
    for dice in results["offers"].values():
        rolled_mine += dice.get(mine, [])
    if not rolled_mine or not all(facts.succeeds(mine, f) for f in rolled_mine):
        return []
    found = []
    for who, dice in results["offers"].items():
        for colour in facts.colours:
            if colour != mine and any(not facts.succeeds(colour, f) for f in dice.get(colour, [])):
                found.append((who, colour))
    return found


def owed_total(state: State) -> int:
    scene = state.get("scene")
    return sum(scene["owed"].values()) if scene else 0


def check(facts: Facts, state: State, move: Move) -> None:
    if state.get("over"):
        raise Illegal("the story is over; start a new session of play with `referee new`", "endgame")
    kind = move["kind"]
    handler = CHECKS.get(kind)
    if handler is None:
        raise Illegal(f"'{kind}' is not a Runeblade move", "overview")
    handler(facts, state, move)


# -- between scenes ------------------------------------------------------------------------
def _no_scene(state: State, what: str) -> None:
    scene = state.get("scene")
    if scene:
        raise Illegal(f"{scene['controller']}'s scene is still going on; {what} once it has ended",
                      "sessions.scenes")


def check_open(facts: Facts, state: State, move: Move) -> None:
    _no_scene(state, "a new scene can open")
    p = move["player"]
    if state["opened"].count(p) >= facts.scenes_per_player:
        raise Illegal(f"{p} has already opened a scene this session; each player opens "
                      f"{facts.scenes_per_player} per session", "sessions.scenes")


def check_endgame(facts: Facts, state: State, move: Move) -> None:
    _no_scene(state, "the Endgame can be called")
    p = move["player"]
    mine, held = own_colour(facts, state, p), own_count(facts, state, p)
    if held < facts.endgame_dice:
        raise Illegal(f"{p} holds {held} {mine} dice; calling the Endgame takes {facts.endgame_dice} "
                      "of your own colour", "rule-of-ten.your-colour")


def _denouement_due(facts: Facts, state: State) -> None:
    _no_scene(state, "the Denouement comes")
    if not all_scenes_opened(facts, state):
        waiting = [p for p in state["players"] if state["opened"].count(p) < facts.scenes_per_player]
        raise Illegal(f"the Denouement comes after every player's scene; still to open one: "
                      f"{', '.join(waiting)}", "sessions.denouement")


def check_denouement(facts: Facts, state: State, move: Move) -> None:
    _denouement_due(facts, state)
    leaders = denouement_leaders(facts, state)
    p = move["player"]
    if len(leaders) > 1:
        chooser = player_of(state, facts.tie_breaker)
        raise Illegal(f"{' and '.join(leaders)} tie for the most dice of their own colour, so "
                      f"{chooser} ({facts.name(facts.tie_breaker)}) chooses who narrates",
                      "sessions.denouement")
    if p != leaders[0]:
        raise Illegal(f"{leaders[0]} holds the most dice of their own colour "
                      f"({own_count(facts, state, leaders[0])}) and narrates the Denouement",
                      "sessions.denouement")


def check_choose(facts: Facts, state: State, move: Move) -> None:
    _denouement_due(facts, state)
    leaders = denouement_leaders(facts, state)
    chooser = player_of(state, facts.tie_breaker)
    if len(leaders) == 1:
        raise Illegal(f"there is no tie: {leaders[0]} holds the most dice of their own colour and "
                      "narrates the Denouement", "sessions.denouement")
    if move["player"] != chooser:
        raise Illegal(f"on a tie {chooser} ({facts.name(facts.tie_breaker)}) chooses who narrates, "
                      f"not {move['player']}", "sessions.denouement")
    if move["narrator"] not in leaders:
        raise Illegal(f"{move['narrator']} is not one of the tied players ({', '.join(leaders)})",
                      "sessions.denouement")


def check_story_ends(facts: Facts, state: State, move: Move) -> None:
    _no_scene(state, "the story can end")
    if state["opened"] or state["session"] == 1:
        raise Illegal("the players can agree to end the story only between sessions, after a "
                      "Denouement", "endgame")


# -- inside a scene -----------------------------------------------------------------------------
def _scene(state: State, p: str, what: str) -> dict[str, Any]:
    scene = state.get("scene")
    if not scene:
        raise Illegal(f"no scene is open, so {p} cannot {what}", "sessions.scenes")
    return scene


def _controller(state: State, p: str, what: str, rule: str = "rolling") -> dict[str, Any]:
    scene = _scene(state, p, what)
    if scene["controller"] != p:
        raise Illegal(f"only {scene['controller']}, in control of this scene, can {what}", rule)
    return scene


def _details_settled(state: State, scene: dict[str, Any], what: str) -> None:
    if not any(scene["owed"].values()):  # the usual case: no message to write
        return
    owing = [f"{p} ({n})" for p, n in scene["owed"].items() if n]
    if scene["stage"] == "opening":
        raise Illegal(f"the opening details come first: still to set {', '.join(owing)}, before {what}",
                      "sessions.opening-details")
    raise Illegal(f"the last roll's details come first: still to set {', '.join(owing)}, before {what}",
                  "rolling.success")


def check_detail(facts: Facts, state: State, move: Move) -> None:
    p = move["player"]
    scene = _scene(state, p, "set a detail")
    rule = "sessions.opening-details" if scene["stage"] == "opening" else "rolling.success"
    if state.get("roll"):
        raise Illegal("a roll is under way; details are set once it is settled", "rolling.success")
    owed = scene["owed"].get(p, 0)
    count = move.get("count", 1)
    if count < 1:
        raise Illegal("a detail count is at least 1", rule)
    if owed == 0:
        raise Illegal(f"{p} has no detail to set now", rule)
    if count > owed:
        raise Illegal(f"{p} has only {owed} detail{'s' if owed > 1 else ''} to set, not {count}", rule)
    first = scene.get("first")
    if first and first != p and scene["owed"].get(first):
        raise Illegal(f"{first} rolled and sets their details first", "rolling.success")


def check_waive(facts: Facts, state: State, move: Move) -> None:
    p = move["player"]
    scene = _scene(state, p, "waive a detail")
    if state.get("roll") or not scene["owed"].get(p):
        raise Illegal(f"{p} has no detail to waive now",
                      "sessions.opening-details" if scene["stage"] == "opening" else "rolling.success")
    first = scene.get("first")
    if first and first != p and scene["owed"].get(first):
        raise Illegal(f"{first} rolled and settles their details first", "rolling.success")


def check_build(facts: Facts, state: State, move: Move) -> None:
    p = move["player"]
    build_open(state, p)
    _in_pool(facts, state, p, move["dice"], "rolling.building-the-roll")
    if not any(move["dice"].values()) and any(state["pools"][p].values()):
        raise Illegal(f"{p} must roll at least one die of their own pool", "rolling.building-the-roll")


def build_open(state: State, p: str) -> None:
    """Whether p may build a roll now at all, whatever the dice (Illegal if not)."""
    scene = _controller(state, p, "roll in it")
    if state.get("roll"):
        raise Illegal("a roll is already under way in this scene", "rolling.building-the-roll")
    _details_settled(state, scene, "the next roll")
    limit = state["options"].get("rolls-per-scene")
    if limit is not None and scene["rolls"] >= limit:
        raise Illegal(f"the house rule for this story allows {limit} roll{'s' if limit > 1 else ''} "
                      "per scene", "rule-of-play")


def _in_pool(facts: Facts, state: State, p: str, dice: dict[str, int], rule: str) -> None:
    for colour, n in dice.items():
        if n < 0:
            raise Illegal("dice are counted from 0 up", rule)
        held = state["pools"][p].get(colour, 0)
        if n > held:
            raise Illegal(f"{p} has only {held} {colour} {'die' if held == 1 else 'dice'}, not {n}", rule)


def _roll_open(state: State, p: str, what: str) -> dict[str, Any]:
    roll = state.get("roll")
    if not roll or roll["phase"] != "offers":
        raise Illegal(f"no roll is waiting for offers, so {p} cannot {what}", "offering")
    return roll


def check_offer(facts: Facts, state: State, move: Move) -> None:
    p = move["player"]
    offer_open(state, p)
    if move["kind"] == "no-offer":
        return
    dice = move["dice"]
    if not any(dice.values()):
        raise Illegal("an offer holds at least one die; say 'offers nothing' to stay out", "offering")
    _in_pool(facts, state, p, dice, "offering")
    broken = bane_broken(facts, state, p, dice)
    if broken:
        raise broken


def offer_open(state: State, p: str) -> None:
    """Whether p may answer the roll being built with an offer (Illegal if not)."""
    roll = _roll_open(state, p, "make an offer")
    if p == state["scene"]["controller"]:
        raise Illegal(f"{p} is rolling; offers come from the other players", "offering")
    if p in roll["offers"]:
        raise Illegal(f"{p} has already answered this roll; one offer per player per roll", "offering")


def bane_broken(facts: Facts, state: State, p: str, dice: dict[str, int]) -> Illegal | None:
    """The bane an offer of these dice from p would break (Cold Steel, Spite), or None."""
    return bane_test(facts, state, p)(dice)


def bane_test(facts: Facts, state: State, p: str) -> Callable[[dict[str, int]], Illegal | None]:
    """bane_broken for any dice offered by p in this state: what it reads of p's bane and the
    scene is read once (legal moves try every set of dice p holds)."""
    character = character_of(state, p)
    bane = facts.bane(character)
    limit = bane.get("max_non_own_colour_per_offer")
    mine = facts.colour(character)
    controller = state["scene"]["controller"] if bane.get("offer_to") else None
    matched = (bane.get("matched_colours", {}).items()
               if controller is not None and character_of(state, controller) == bane["offer_to"] else ())

    def broken(dice: dict[str, int]) -> Illegal | None:
        if limit is not None:
            others = sum(n for c, n in dice.items() if c != mine)
            if others > limit:
                return Illegal(f"{bane['name']}: an offer from {p} may hold at most {limit} die that is "
                               f"not {mine}", bane["rule"])
        for colour, match in matched:
            if dice.get(colour, 0) > dice.get(match, 0):
                return Illegal(f"{bane['name']}: offering {dice[colour]} {colour} to "
                               f"{controller} means offering at least "
                               f"{dice[colour]} {match} as well", bane["rule"])
        return None

    return broken


def check_answer(facts: Facts, state: State, move: Move) -> None:
    p, verb = move["player"], "take or refuse offers"
    roll = _roll_open(state, p, verb)
    controller = state["scene"]["controller"]
    if p != controller:
        raise Illegal(f"only {controller}, who is rolling, can {verb}", "offering")
    who = move.get("offerer")
    if who is None:
        raise Illegal("there is no offer waiting for an answer", "offering")
    offer = roll["offers"].get(who)
    if offer is None or offer["status"] == "none":
        raise Illegal(f"{who} has made no offer for this roll", "offering")
    if offer["status"] != "offered":
        raise Illegal(f"{p} has already {offer['status']} {who}'s offer; the choice stands", "offering")
    if move["kind"] == "refuse":
        bane = facts.bane(character_of(state, p))
        colour = bane.get("must_accept_colour")
        if colour and offer["dice"].get(colour):
            raise Illegal(f"{bane['name']}: {p} can never refuse an offer holding {colour} dice",
                          bane["rule"])


def check_roll(facts: Facts, state: State, move: Move) -> None:
    p = move["player"]
    scene = _controller(state, p, "roll in it")
    roll = state.get("roll")
    if not roll:
        raise Illegal(f"{p} first says which dice of their pool go into the roll ('{p} builds 2 "
                      f"{own_colour(facts, state, p)}')", "rolling.building-the-roll")
    if roll["phase"] != "offers":
        raise Illegal("these dice have been rolled already", "rolling")
    waiting = [q for q in state["players"] if q != scene["controller"] and q not in roll["offers"]]
    if waiting:
        raise Illegal(f"{' and '.join(waiting)} may still offer dice (or say 'offers nothing')", "offering")
    undecided = [q for q, o in roll["offers"].items() if o["status"] == "offered"]
    if undecided:
        whose = " and ".join(f"{q}'s" for q in undecided)
        raise Illegal(f"{p} must first take or refuse {whose} offer{'s' if len(undecided) > 1 else ''}",
                      "offering")
    sources = roll_sources(state)
    totals = {c: sum(s.get(c, 0) for s in sources.values()) for c in facts.colours}
    totals = {c: n for c, n in totals.items() if n}
    counts = move.get("counts")
    if counts is not None and counts != totals:
        raise Illegal(f"the roll holds {facts.describe(totals)}, not {facts.describe(counts)}",
                      "rolling.building-the-roll")
    results = move.get("results")
    if results is None:
        return
    given = {None: results["own"], **results["offers"]}
    for who in given:
        if who is not None and who not in sources:
            raise Illegal(f"no offer from {who} is in this roll", "offering")
    for who, dice in sources.items():
        for colour in facts.colours:
            faces = given.get(who, {}).get(colour, [])
            if len(faces) != dice.get(colour, 0):
                put = "put" if who is None else "offered"
                raise Illegal(f"{who or p} {put} {dice.get(colour, 0)} {colour} into the roll but "
                              f"{len(faces)} {colour} {'was' if len(faces) == 1 else 'were'} reported "
                              f"for {'their own dice' if who is None else 'that offer'}",
                              "rolling.building-the-roll")
            for face in faces:
                if face not in facts.faces[colour]:
                    raise Illegal(f"{face} is not a face of a {colour} die "
                                  f"({', '.join(map(str, facts.faces[colour]))})", "dice")


def roll_sources(state: State) -> dict[str | None, dict[str, int]]:
    roll = state["roll"]
    sources: dict[str | None, dict[str, int]] = {None: roll["own"]}
    for who, offer in roll["offers"].items():
        if offer["status"] == "accepted":
            sources[who] = offer["dice"]
    return sources


def check_keep(facts: Facts, state: State, move: Move) -> None:
    p = move["player"]
    _controller(state, p, "keep a die", "rolling.keeping")
    roll = state.get("roll")
    if not roll or roll["phase"] != "keeping":
        raise Illegal("there is no failed offered die to keep now", "rolling.keeping")
    if move["kind"] == "no-keep":
        return
    choices = keepable(facts, state)
    if (move.get("offerer"), move["colour"]) not in choices:
        shown = ", ".join(f"{w}'s {c}" for w, c in choices)
        raise Illegal(f"no failed {move['colour']} die offered by {move.get('offerer') or 'anyone'} can "
                      f"be kept (it may be: {shown})", "rolling.keeping")
    mine = own_colour(facts, state, p)
    if state["heap"][mine] < 1:
        raise Illegal(f"the unused heap has no {mine} die to take", "rolling.keeping")


def check_end_scene(facts: Facts, state: State, move: Move) -> None:
    p = move["player"]
    scene = _controller(state, p, "end it", "sessions.scenes")
    if state.get("roll"):
        raise Illegal("a roll is under way; settle it before the scene ends", "rolling")
    _details_settled(state, scene, "the scene ends")


CHECKS = {
    "open": check_open, "endgame": check_endgame, "denouement": check_denouement,
    "choose": check_choose, "story-ends": check_story_ends, "detail": check_detail,
    "waive": check_waive, "build": check_build, "offer": check_offer, "no-offer": check_offer,
    "accept": check_answer, "refuse": check_answer, "roll": check_roll, "keep": check_keep,
    "no-keep": check_keep, "end-scene": check_end_scene,
}
