"""Everything the Rattlebones engine reads from content/rattlebones, gathered once per engine.

Die sides are plain strings so states stay JSON: "rattlebones", "pips-4", "points-3",
"arrow-2" (an arrow pointing at socket 2) and the action kind ids of the action-sides table
("gold", "roll-again", "double" ...). A die is a list of six sides, socket 1 first.
"""
from __future__ import annotations

from functools import lru_cache

from referee.table.gamedata import GameData


@lru_cache(maxsize=4096)  # a game has a few dozen distinct sides; invariants ask after every move
def side_kind(side: str) -> str:
    """'pips-4' -> 'pips', 'points-3' -> 'points', 'arrow-2' -> 'arrow', 'gold' -> 'gold'."""
    head, _, tail = side.rpartition("-")
    if head in ("pips", "points", "arrow") and tail.isdigit():
        return head
    return side


def side_number(side: str) -> int:
    return int(side.rpartition("-")[2])


class Facts:
    """The numbers, charts and names of the game, read from its data (never written here)."""

    def __init__(self, data: GameData):
        self.data = data
        v = data.value
        self.colours = [c.strip() for c in str(v("die-colours")).split(",")]
        self.dice_per_player = v("dice-per-player")
        assert len(self.colours) == self.dice_per_player, "die-colours must name every die"
        board = data.pieces("boards")["board"]
        self.loop = board["loop"]["spaces"]
        self.loop_len = len(self.loop)
        self.slots = [s["space"] for s in board["tile_slots"]]
        self.store_space = board["store"]["space"]
        self.tile_sides = {f["id"]: f["adds_side"] for f in data.pieces("tiles")["board-tiles"]["faces"]}
        self.tiles_in_play = v("tiles-in-play")
        self.landing = data.records("landing", key="space")
        self.train = {int(k): p for k, p in data.chart("train-track").items()}
        self.train_start = v("train-start-space")
        self.rb_start = data.chart("rattlebones-start")
        self.extra_dice = data.chart("extra-dice")  # gold paid -> dice rolled
        self.place_points = data.chart("place-points")
        self.star_sale = data.chart("star-sale")
        self.star_batch = v("star-sale-batch-max")
        self.stock_payouts = [(list(r["holdings"]), list(r["payouts"])) for r in data.table("stock-payouts")["rows"]]
        self.actions = data.records("action-sides")
        self.points_counts = {r["value"]: r["count"] for r in data.table("points-sides")["rows"]}
        self.sockets = data.records("die-sockets", key="socket")
        self.fixed_socket = v("fixed-socket")
        self.monkeys = v("monkeys-per-player")
        self.monkey_start = v("monkey-start-space")
        self.start_score = v("starting-score")
        self.start_gold = v("starting-gold")
        self.start_stars = v("starting-stars")
        self.start_stock = v("starting-stock")
        self.gold_supply = v("gold-supply")
        self.star_supply = v("star-supply")
        self.stock_tickets = v("stock-tickets")
        self.rb_step = v("rattlebones-step")
        self.rb_move = v("rattlebones-side-move")
        self.nine_min = v("nine-pip-min")
        self.nine_max = v("nine-pip-max")
        self.roll_again_max = self.actions["roll-again"].get("max_per_turn", v("roll-again-max"))
        self.points_min = v("points-side-min")
        self.points_max = v("points-side-max")
        self.upgrade_by = self.landing["plus-one"]["upgrade_points_by"]
        self.start_faces = [self._face_side(f) for f in data.die("player-die")["faces"]]
        self.pip_values = sorted({side_number(s) for s in self.start_faces if side_kind(s) == "pips"})
        self.gamble_faces = [self._gamble_face(f) for f in data.die("gamble-die")["faces"]]
        self.gamble_outcomes = {self._gamble_key(r["face"]): r for r in data.table("gamble-outcomes")["rows"]}
        # The kind of die that every space offers, by loop index (tiles filled in at set-up).
        self.printed = {s["index"]: s["action"] for s in self.loop if s["kind"] != "slot"}
        # Names of what stands on a space, for people: "+1", "x2", "1234", "Start / Store" ...
        self.space_names = {s["action"]: s["label"] for s in self.loop if s["kind"] != "slot"}
        self.space_names.update({f["id"]: f["name"] for f in data.pieces("tiles")["board-tiles"]["faces"]})
        self.kind_names = {k: r["name"].lower().replace("-", " ") for k, r in self.actions.items()}
        self._labels: dict[str, str] = {}  # see label

    # -- faces --------------------------------------------------------------------------------
    @staticmethod
    def _face_side(face: dict) -> str:
        symbols = face.get("symbols") or {}
        if symbols.get("rattlebones"):
            return "rattlebones"
        return f"pips-{symbols['pips']}"

    @staticmethod
    def _gamble_key(label: str) -> str:
        return str(label).lower()

    def _gamble_face(self, face: dict) -> str:
        return self._gamble_key(face["label"])

    # -- places and kinds ---------------------------------------------------------------------
    def space_action(self, state: dict, space: int) -> str:
        """What a loop space is: 'store', or the id of a landing row (gold, plus-one, thief ...)."""
        return state["board"][space]

    def side_for_space(self, action: str) -> str | None:
        """The action-side kind a landing space offers (None for the store)."""
        return self.landing[action].get("adds_side")

    def side_count(self, kind: str) -> int:
        return self.actions[kind]["count"]

    def neighbours(self, socket: int) -> list[int]:
        return list(self.sockets[socket]["neighbours"])

    def label(self, side: str) -> str:
        """A side as a player names it: '4', 'rattlebones', '3 points', 'arrow at 2', 'x2'.
        Worked out once per side: the words of most moves and events name one or two."""
        found = self._labels.get(side)
        if found is None:
            found = self._label(side)
            if len(self._labels) < 4096:  # a game's sides are a few dozen; names typed may be more
                self._labels[side] = found
        return found

    def _label(self, side: str) -> str:
        kind = side_kind(side)
        if kind == "pips":
            return str(side_number(side))
        if kind == "points":
            n = side_number(side)
            return f"{n} point" + ("" if n == 1 else "s")
        if kind == "arrow":
            return f"arrow at {side_number(side)}"
        if side == "rattlebones":
            return "rattlebones"
        return self.kind_names[side]
