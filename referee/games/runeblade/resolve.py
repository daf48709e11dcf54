"""What Runeblade's moves do to the state once checked: scenes, details, offers, and where every
die of a roll goes (successes, failures, surrender, keeping), then the Rule of Ten."""
from __future__ import annotations

from typing import cast

from referee.games.runeblade.moves import character_of, denouement_leaders, keepable, own_colour, player_of
from referee.games.runeblade.rules import Facts
from referee.table.engine import Event, Move, State


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"


def apply(facts: Facts, state: State, move: Move) -> list[Event]:
    kind, p = move["kind"], cast(str, move.get("player"))  # None only in story-ends, which names nobody
    if kind == "open":
        return _open_scene(facts, state, p, endgame=False)
    if kind == "endgame":
        state["endgame_caller"] = p
        events = [Event(f"{p} calls the Endgame: the last scene of the story, under their control",
                        "endgame")]
        return events + _open_scene(facts, state, p, endgame=True)
    if kind in ("detail", "waive"):
        return _detail(state, move)
    if kind == "build":
        _take(state, p, move["dice"])
        state["roll"] = {"own": dict(move["dice"]), "offers": {}, "phase": "offers", "results": None}
        if move.get("text"):
            state["roll"]["text"] = move["text"]
        return [Event(f"{p} builds a roll of {facts.describe(move['dice'])}; the others may offer dice",
                      "rolling.building-the-roll")]
    if kind == "offer":
        _take(state, p, move["dice"])
        state["roll"]["offers"][p] = {"status": "offered", "dice": dict(move["dice"])}
        return [Event(f"{p} offers {facts.describe(move['dice'])}", "offering")]
    if kind == "no-offer":
        state["roll"]["offers"][p] = {"status": "none", "dice": {}}
        return [Event(f"{p} makes no offer for this roll", "offering")]
    if kind == "accept":
        offer = state["roll"]["offers"][move["offerer"]]
        offer["status"] = "accepted"
        return [Event(f"{p} takes {move['offerer']}'s offer ({facts.describe(offer['dice'])})", "offering")]
    if kind == "refuse":
        offer = state["roll"]["offers"][move["offerer"]]
        offer["status"] = "refused"
        _give(state, move["offerer"], offer["dice"])
        return [Event(f"{p} refuses {move['offerer']}'s offer; its dice go back to {move['offerer']}",
                      "offering")]
    if kind == "roll":
        return _roll(facts, state, move)
    if kind in ("keep", "no-keep"):
        kept = (move["offerer"], move["colour"]) if kind == "keep" else None
        return _settle(facts, state, kept)
    if kind == "end-scene":
        return _end_scene(facts, state, p)
    if kind in ("denouement", "choose"):
        return _denouement(facts, state, move)
    if kind == "story-ends":
        state["over"] = {"reason": "the players agreed that the story has ended", "winners": [],
                         "rule": "endgame"}
        return [Event("the three players agree the story has ended", "endgame")]
    raise ValueError(f"unknown move kind {kind!r}")


def _take(state: State, p: str, dice: dict[str, int]) -> None:
    for colour, n in dice.items():
        state["pools"][p][colour] -= n


def _give(state: State, p: str, dice: dict[str, int]) -> None:
    for colour, n in dice.items():
        state["pools"][p][colour] += n


def _open_scene(facts: Facts, state: State, p: str, endgame: bool) -> list[Event]:
    if not endgame:
        state["opened"].append(p)
    owed = {q: facts.opening_details + facts.boon(character_of(state, q)).get("extra_opening_details", 0)
            for q in state["players"]}
    state["scene"] = {"controller": p, "endgame": endgame, "rolls": 0, "stage": "opening",
                      "owed": owed, "first": None}
    shown = ", ".join(f"{q} {n}" for q, n in owed.items())
    return [Event(f"{p} opens {'the Endgame' if endgame else 'a scene'} and controls it", "sessions.scenes"),
            Event(f"opening details to set: {shown}", "sessions.opening-details")]


def _detail(state: State, move: Move) -> list[Event]:
    scene, p = state["scene"], move["player"]
    rule = "sessions.opening-details" if scene["stage"] == "opening" else "rolling.success"
    if move["kind"] == "detail":
        count = move.get("count", 1)
        scene["owed"][p] -= count
        state["details"][p] += count
        said = f" ({move['text']})" if move.get("text") else ""
        events = [Event(f"{p} sets {_plural(count, 'detail')}{said}", rule)]
    else:
        events = [Event(f"{p} waives {_plural(scene['owed'][p], 'detail')}", rule)]
        scene["owed"][p] = 0
    if scene.get("first") and not scene["owed"].get(scene["first"]):
        scene["first"] = None
    if not any(scene["owed"].values()):
        if scene["stage"] == "opening":
            events.append(Event(f"the scene is set; {scene['controller']} plays it out", "sessions.scenes"))
        scene["stage"] = "play"
    return events


def _roll(facts: Facts, state: State, move: Move) -> list[Event]:
    roll = state["roll"]
    roll["results"] = move["results"]
    roll["phase"] = "keeping"
    p = move["player"]
    events = []
    faces = [face for dice in [move["results"]["own"], *move["results"]["offers"].values()]
             for c, fs in dice.items() for face in fs if facts.succeeds(c, face)]
    total = sum(len(fs) for dice in [move["results"]["own"], *move["results"]["offers"].values()]
                for fs in dice.values())
    if faces:
        events.append(Event(f"{_plural(len(faces), 'success')} in {total}: what {p} wanted happens",
                            "rolling.success"))
    else:
        events.append(Event(f"no success in {total} {'die' if total == 1 else 'dice'}: what {p} wanted "
                            "does not happen", "rolling.building-the-roll" if not total else "rolling.success"))
    choices = keepable(facts, state)
    if choices and state["heap"][own_colour(facts, state, p)] > 0:
        shown = " or ".join(f"{w}'s {c}" for w, c in choices)
        events.append(Event(f"{p} may keep one failed offered die ({shown}), or keep nothing",
                            "rolling.keeping"))
        return events
    return events + _settle(facts, state, None)


def _settle(facts: Facts, state: State, kept: tuple[str, str] | None) -> list[Event]:
    """Send every rolled die where the die-destinations table says, earn details, then Ten."""
    roll, scene = state["roll"], state["scene"]
    p = scene["controller"]
    character = character_of(state, p)
    mine = facts.colour(character)
    results = roll["results"]
    events: list[Event] = []
    earned = {q: 0 for q in state["players"]}
    owners = {c: player_of(state, facts.owner_of_colour[c]) for c in facts.colours}
    for who, dice in [(None, results["own"]), *results["offers"].items()]:
        for colour in facts.colours:
            for face in dice.get(colour, []):
                ok = facts.succeeds(colour, face)
                if ok:
                    earned[owners[colour]] += 1
                goes = facts.destination(character, colour, ok, offered=who is not None)
                if kept == (who, colour) and not ok:
                    kept_done = kept
                    kept = None
                    state["heap"][colour] += 1
                    state["heap"][mine] -= 1
                    state["pools"][p][mine] += 1
                    events.append(Event(f"{p} keeps {kept_done[0]}'s failed {colour} die: it goes to the "
                                        f"heap and {p} takes a {mine} die from the heap", "rolling.keeping"))
                    continue
                target = {"roller": p, "offerer": who, "colour-owner": owners[colour]}.get(goes)
                if target is None:
                    state["heap"][colour] += 1
                    events.append(Event(f"{p}'s failed {colour} die ({face}) is surrendered to the heap",
                                        facts.destination_rule(character, colour, ok, who is not None)))
                else:
                    state["pools"][target][colour] += 1
                    if not ok and target != (who or p):
                        events.append(Event(f"failed {colour} die ({face}) goes to {target}",
                                            facts.destination_rule(character, colour, ok, who is not None)))
                    elif not ok and who is None and target == p:
                        events.append(Event(f"{p} keeps the failed {colour} die ({face}): "
                                            f"{facts.boon(character)['name']}", facts.boon(character)["rule"]))
    for q in state["players"]:
        bonus = facts.boon(character_of(state, q)).get("extra_roll_details", 0) if earned[q] else 0
        if earned[q]:
            scene["owed"][q] += earned[q] + bonus
            extra = f" (+{bonus}: {facts.boon(character_of(state, q))['name']})" if bonus else ""
            events.append(Event(f"{q} sets {_plural(earned[q], 'detail')}{extra}", "rolling.colours"))
    scene["rolls"] += 1
    scene["first"] = p if scene["owed"].get(p) else None
    state["roll"] = None
    return events + rule_of_ten(facts, state)


def rule_of_ten(facts: Facts, state: State) -> list[Event]:
    events = []
    for q in state["players"]:
        mine = own_colour(facts, state, q)
        for colour in facts.colours:
            if colour == mine:
                continue
            owner = player_of(state, facts.owner_of_colour[colour])
            while state["pools"][q][colour] >= facts.foreign_limit:
                state["pools"][q][colour] -= 1
                state["pools"][owner][colour] += 1
                events.append(Event(f"{q} reached {facts.foreign_limit} {colour} dice and gives one to "
                                    f"{owner}", "rule-of-ten.other-colours"))
        if state["pools"][q][mine] >= facts.endgame_dice and not state.get("endgame_caller"):
            events.append(Event(f"{q} holds {state['pools'][q][mine]} {mine}: {q} may call the Endgame "
                                "between scenes", "rule-of-ten.your-colour"))
    return events


def _end_scene(facts: Facts, state: State, p: str) -> list[Event]:
    scene = state["scene"]
    state["scene"] = None
    if scene["endgame"]:
        state["over"] = {"reason": f"{p} called the Endgame and narrated how the story ends",
                         "winners": [p], "rule": "endgame"}
        return [Event(f"the Endgame is over: {p} narrates how the story ends", "endgame")]
    events = [Event(f"{p}'s scene ends", "sessions.scenes")]
    if all(state["opened"].count(q) >= facts.scenes_per_player for q in state["players"]):
        leaders = denouement_leaders(facts, state)
        if len(leaders) == 1:
            events.append(Event(f"every scene is done: {leaders[0]} holds the most dice of their own "
                                "colour and narrates the Denouement", "sessions.denouement"))
        else:
            chooser = player_of(state, facts.tie_breaker)
            events.append(Event(f"every scene is done: {' and '.join(leaders)} tie, so {chooser} chooses "
                                "who narrates the Denouement", "sessions.denouement"))
    return events


def _denouement(facts: Facts, state: State, move: Move) -> list[Event]:
    narrator = move.get("narrator") or move["player"]
    state["narrators"].append(narrator)
    events = [Event(f"{narrator} narrates the Denouement of session {state['session']}", "sessions.denouement")]
    for q in state["players"]:
        gain = facts.boon(character_of(state, q)).get("session_end_gain") or {}
        for colour, n in gain.items():
            got = min(n, state["heap"][colour])
            state["heap"][colour] -= got
            state["pools"][q][colour] += got
            name = facts.boon(character_of(state, q))["name"]
            events.append(Event(f"{q} takes {got} {colour} from the heap ({name})" if got else
                                f"the heap has no {colour} die for {q} ({name})", "sessions.end-of-session"))
    events += rule_of_ten(facts, state)
    state["session"] += 1
    state["opened"] = []
    cap = state["options"].get("sessions")
    if cap is not None and state["session"] > cap:
        state["over"] = {"reason": f"the {cap} session{'s' if cap > 1 else ''} agreed at the start are "
                         "played and nobody called the Endgame", "winners": [], "rule": "endgame"}
        events.append(Event("the story ends, as the players agreed at the start", "endgame"))
    else:
        events.append(Event(f"session {state['session']} begins: each player opens one scene",
                            "sessions"))
    return events
