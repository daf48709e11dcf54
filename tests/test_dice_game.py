"""Game dice from data: named dice, colour pools, symbol dice, time dice, --faces dice."""
from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from referee.dice import DiceError, DieCatalog, roll
from referee.dice.dietypes import from_faces_option
from referee.dice.format import format_text, to_json
from referee.dice.gamedice import dice_for_game, rule_citation

FIXTURE = Path(__file__).parent / "fixtures" / "dicegame"


class Scripted(random.Random):
    def __init__(self, *indexes: int):
        super().__init__(0)
        self.indexes = list(indexes)

    def randrange(self, n, *args):  # type: ignore[override]
        return self.indexes.pop(0)


def face(label, value=None, **symbols):
    return NS(label=label, value=value, symbols=symbols, icon=None)


def die(id, faces, color=None, success=None, tags=(), rule=None, name=None, blank_check=False):
    return NS(id=id, name=name or id.title(), color=color, faces=tuple(faces), success=success, tags=tags,
              rule=rule, note=None, blank_check=blank_check)


D6 = [face(str(i), i) for i in range(1, 7)]
STAND_IN = {  # a second game, given straight to the catalog (no YAML)
    "white": die("white", D6, color="#f4f1ea", success=(4, 5, 6)),
    "red": die("red", D6, color="red", success=(4, 5, 6)),
    "gamble-die": die("gamble-die", [face("2", 2, points=2), face("Rattlebones", 0, rattlebones=1)], tags=("gamble",)),
    "d6-red": die("d6-red", D6),
    "time": die("time", [face("blank"), face("bone", bone=1)], tags=("time",), blank_check=True, rule="attack.time-dice"),
}


def stand_in_catalog(**kw) -> DieCatalog:
    return DieCatalog(game="g", load=lambda ref: STAND_IN,
                      cite=lambda ref, rule: f"§9.6 When time runs out ({rule})", **kw)


def fixture_catalog(**kw) -> DieCatalog:
    return DieCatalog(game=str(FIXTURE), **kw)


def text(expr, rng, catalog):
    return format_text(roll(expr, rng=rng, catalog=catalog), show_seed=False)


def test_the_fixture_game_loads_in_the_project_schema():
    dice = dice_for_game(FIXTURE)
    assert list(dice) == ["d4", "gamble", "white", "time"]
    assert dice["gamble"].faces[2].label == "x2" and dice["gamble"].faces[2].value is None
    assert dice["time"].faces[2].symbols == {"damage": 1}


def test_named_die_shows_labels_values_and_word_faces():
    out = text("3 gamble", Scripted(0, 2, 1), fixture_catalog())
    assert out == "3 gamble (+5, x2, +10) = 15\n  faces: x2 1"


def test_n_of_a_named_die_and_the_games_own_d4():
    result = roll("3 d4", rng=Scripted(0, 1, 3), catalog=fixture_catalog())
    term = result.rolls[0].dice()[0]
    assert term.die.game == str(FIXTURE) and term.die.name == "D4" and result.rolls[0].value == 7


def test_success_faces_count_by_default():
    out = text("4 white", Scripted(5, 0, 3, 2), fixture_catalog())
    assert out == "4 white (6*, 1, 4*, 3) = 2 successes"


def test_colour_pool_reports_successes_per_colour():
    result = roll("4 white 2 red", rng=Scripted(5, 0, 3, 2, 4, 1), catalog=stand_in_catalog())
    assert format_text(result, show_seed=False).splitlines() == [
        "4 white (6*, 1, 4*, 3) 2 red (5*, 2) = 3 successes",
        "  successes: white 2, red 1",  # a "#f4f1ea" colour is no name: the die's id stands in
    ]
    data = to_json(result)
    assert data["successes"] == 3 and data["successes_by_color"] == {"white": 2, "red": 1}


def test_named_dice_take_modifiers_written_apart():
    assert roll("4 white kh2", rng=Scripted(5, 0, 3, 2), catalog=stand_in_catalog()).rolls[0].value == 2
    assert roll("2 white>=5", rng=Scripted(4, 3), catalog=stand_in_catalog()).rolls[0].value == 1


def test_symbols_are_summed_per_symbol():
    out = text("3 time", Scripted(2, 4, 3), fixture_catalog())
    assert out == "3 time (1 damage, 2 damage, bone) = damage 3, bone 1"
    data = to_json(roll("3 time", rng=Scripted(2, 4, 3), catalog=fixture_catalog()))
    assert data["symbols"] == {"damage": 3, "bone": 1} and "total" not in data
    assert data["checks"][0]["all_blank"] is False


def test_all_time_dice_blank_is_said_plainly_and_cites_the_rule():
    out = text("2 time", Scripted(0, 0), stand_in_catalog())
    assert out.splitlines()[-1] == "  all time dice blank: see §9.6 When time runs out (attack.time-dice)"
    out = text("2 time", Scripted(0, 4), fixture_catalog())
    assert "all time dice blank" not in out
    out = text("2 time + 1d6", Scripted(0, 1, 3), fixture_catalog())  # the fixture's die cites no rule
    assert out.splitlines() == ["2 time (blank, blank) + 1d6 (4) = 4", "  symbols: damage 0, bone 0",
                                "  all time dice blank"]


def test_rule_citation_from_the_real_loader():
    # The fixture has no rules; a rule id it does not know gives no citation.
    assert rule_citation(FIXTURE, "attack.time-dice") is None


def test_game_qualified_die():
    catalog = DieCatalog(load=lambda ref: {"dicegame": dice_for_game(FIXTURE)}[ref])
    result = roll("dicegame:white + 2", rng=Scripted(5), catalog=catalog)
    assert format_text(result, show_seed=False) == "dicegame:white (6*) + 2 = 3 successes"


def test_lookup_by_tag_or_id_prefix_but_standard_dice_stay_standard():
    catalog = stand_in_catalog()
    assert roll("gamble", rng=Scripted(1), catalog=catalog).rolls[0].dice()[0].die.key == "gamble-die"
    assert roll("3d6", rng=Scripted(0, 0, 0), catalog=catalog).rolls[0].dice()[0].die.standard


def test_unknown_die_suggests_a_close_name():
    with pytest.raises(DiceError) as info:
        roll("2 whte", seed=1, catalog=fixture_catalog())
    assert info.value.column == 3
    assert "game 'dicegame' has no die 'whte' (did you mean 'white'?)" in str(info.value)
    assert "its dice: d4, gamble, white, time" in str(info.value)


def test_dice_moves_and_cards_say_did_you_mean_alike():
    """One 'did you mean' (generator.suggest) for a die, a move's word and a game-data key."""
    from generator.suggest import did_you_mean as cards_hint
    from referee.table.notation import did_you_mean as move_hint

    with pytest.raises(DiceError) as info:
        roll("2 whte", seed=1, catalog=fixture_catalog())
    said = cards_hint("whte", ["white", "time", "gamble"])
    assert said == move_hint("whte", ["white", "time", "gamble"]) == "did you mean 'white'?"
    assert f"({said})" in str(info.value)
    assert move_hint("fire ax", ["fire axe", "axe of fire", "fire"], lambda s: "fire axe" if "axe" in s else s) \
        == "did you mean 'fire axe' or 'fire'?"
    assert move_hint("zzz", ["white"]) == "" and cards_hint("zzz", ["white"]) is None


@pytest.mark.parametrize("expr, message", [
    ("4 time kh2", "keep/drop needs a number on every face"),
    ("2 gamble!", "'!' needs a number on every face"),
    ("2 time * 2", "'*' needs numbers"),
    ("-2 time", "can't negate dice that show no number"),
    ("4 white + 1d6", "can't combine a count of successes"),
])
def test_modifiers_that_need_numbers(expr, message):
    with pytest.raises(DiceError, match=message):
        roll(expr, seed=1, catalog=fixture_catalog())


def test_custom_faces_die():
    catalog = DieCatalog(custom=from_faces_option("1,2,3,gold,star,thief", 100))
    out = text("2 custom", Scripted(2, 3), catalog)
    assert out == "2 custom (3, gold) = 3\n  faces: gold 1"
    data = to_json(roll("3 custom", rng=Scripted(3, 3, 5), catalog=catalog))
    assert data["faces"] == {"gold": 2, "thief": 1} and data["total"] == 0


def test_faces_option_errors():
    with pytest.raises(DiceError, match="face 2 is empty"):
        from_faces_option("1,,3", 100)
    with pytest.raises(DiceError, match="the limit is 3"):
        from_faces_option("1,2,3,4", 3)
    die_type = from_faces_option(" -1, +2 ,x1", 10)
    assert [f.value for f in die_type.faces] == [-1, 2, None]
