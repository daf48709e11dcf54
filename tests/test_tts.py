"""`cards build --format tts`: the saved object checked against the structure Tabletop Simulator
reads (keys, types, CardID numbering inside each sheet's grid, one object per printed card), and
the images against the grid the JSON declares (pixel sizes, RGB, the hidden card in the last
slot). Everything is read back from disk, the build run as a user runs it."""
from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image as PilImage
from PIL import ImageChops

from generator.new_game import TEMPLATE
from tests import warm

TRANSFORM_KEYS = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
ENTRY_TYPES = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
               "UniqueBack": bool}


def build_tts(game: Path, out: Path, *extra) -> subprocess.CompletedProcess:
    return warm.cards("build", game, "--format", "tts", "--out", out, *extra)


def card_yaml(card_id: str, name: str, count: int, back: str | None = None) -> list[str]:
    lines = [f"      - id: {card_id}", f"        name: {name}", "        icon: star",
             f"        text: \"{name} does a thing.\"", f"        count: {count}"]
    return lines + ([f"        back: {back}"] if back else [])


@pytest.fixture(scope="module")
def playtest_game(tmp_path_factory) -> Path:
    """Three decks a designer might playtest: 75 different cards (more than one 10 x 7 sheet
    holds), a deck with two backs, and a deck of one card. Built once for the module: the tests
    only read it and what it exports."""
    starter_game = tmp_path_factory.mktemp("playtest") / "my-game"
    shutil.copytree(TEMPLATE, starter_game)
    lines = ["decks:", "  - id: market", "    name: Market", "    back: plain",
             "    backs:", "      plain: {title: Market, icon: star}", "    cards:"]
    for i in range(75):
        lines += card_yaml(f"ware-{i}", f"Ware {i}", 1 + i % 3)
    lines += ["  - id: heroes", "    name: Heroes", "    back: light",
              "    backs:", "      light: {title: Light}", "      dark: {title: Dark}", "    cards:"]
    lines += card_yaml("knight", "Knight", 2) + card_yaml("rogue", "Rogue", 1, "dark") + card_yaml("monk", "Monk", 3)
    lines += ["  - id: crown", "    name: Crown", "    cards:"] + card_yaml("crown", "The Crown", 1)
    (starter_game / "cards.yaml").write_text("\n".join(lines) + "\n")
    game_yaml = starter_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(
        "  - {id: deck, name: Action cards, kind: deck, count: 6, ref: actions}\n",
        "  - {id: market, name: Market, kind: deck, count: 150, ref: market}\n"
        "  - {id: heroes, name: Heroes, kind: deck, count: 6, ref: heroes}\n"
        "  - {id: crown, name: Crown, kind: deck, count: 1, ref: crown}\n"))
    return starter_game


@pytest.fixture(scope="module")
def exported(playtest_game: Path, tmp_path_factory) -> Path:
    """The playtest game exported once (75 cards drawn as images): three tests read it."""
    out = tmp_path_factory.mktemp("exported")
    result = build_tts(playtest_game, out)
    assert result.returncode == 0, result.stderr
    return out / "my-game" / "tts"


def url_path(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    path = Path(unquote(parsed.path))
    assert path.is_absolute() and path.is_file(), url
    return path


def check_entry(entry: dict) -> None:
    assert set(ENTRY_TYPES) <= set(entry)
    for key, kind in ENTRY_TYPES.items():
        assert type(entry[key]) is kind, key
    assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
    assert entry["NumWidth"] * entry["NumHeight"] >= 2, "at least one card and the hidden card"


def check_object(state: dict) -> None:
    assert isinstance(state["GUID"], str) and len(state["GUID"]) == 6
    assert set(state["Transform"]) == TRANSFORM_KEYS
    assert all(isinstance(v, float) for v in state["Transform"].values())
    assert isinstance(state["Nickname"], str) and state["Nickname"]


def read_deck(folder: Path, deck_id: str) -> dict:
    saved = json.loads((folder / f"{deck_id}.json").read_text(encoding="utf-8"))
    assert isinstance(saved["SaveName"], str)
    assert isinstance(saved["ObjectStates"], list) and len(saved["ObjectStates"]) == 1
    return saved["ObjectStates"][0]


def test_a_large_deck_fills_10x7_sheets_with_the_hidden_card_last(exported):
    deck = read_deck(exported, "market")
    check_object(deck)
    assert deck["Name"] == "DeckCustom"
    entries = deck["CustomDeck"]
    assert len(entries) == 2, "75 cards: a full sheet of 69 and one of 6"
    grids = []
    for key, entry in entries.items():
        assert key.isdigit()
        check_entry(entry)
        grids.append((entry["NumWidth"], entry["NumHeight"]))
    assert (10, 7) in grids
    # one object per printed copy, in the same order as DeckIDs, each named, each inside its sheet
    cards = deck["ContainedObjects"]
    assert len(cards) == len(deck["DeckIDs"]) == sum(1 + i % 3 for i in range(75))
    assert Counter(c["Nickname"] for c in cards) == Counter({f"Ware {i}": 1 + i % 3 for i in range(75)})
    for card, card_id in zip(cards, deck["DeckIDs"]):
        check_object(card)
        assert card["Name"] == "Card" and type(card["CardID"]) is int and card["CardID"] == card_id
        sheet, slot = divmod(card_id, 100)
        entry = entries[str(sheet)]
        assert 0 <= slot < entry["NumWidth"] * entry["NumHeight"] - 1, "never the hidden card's slot"
        assert card["CustomDeck"] == {str(sheet): entry}
    used = {(c["CardID"] // 100, c["CardID"] % 100) for c in cards}
    assert len(used) == 75, "each different card has its own slot"


def test_sheet_images_match_the_grid_the_json_declares(exported):
    deck = read_deck(exported, "market")
    backs = set()
    for entry in deck["CustomDeck"].values():
        with PilImage.open(url_path(entry["FaceURL"])) as faces, PilImage.open(url_path(entry["BackURL"])) as back:
            assert faces.mode == "RGB" and back.mode == "RGB"
            assert faces.width < 4096 and faces.height < 4096
            card_w, card_h = back.size
            assert faces.size == (entry["NumWidth"] * card_w, entry["NumHeight"] * card_h)
            assert abs(card_w / card_h - 63.5 / 88.9) < 0.01, "poker-shaped cells"
            last = entry["NumWidth"] * entry["NumHeight"] - 1
            row, col = divmod(last, entry["NumWidth"])
            hidden = faces.crop((col * card_w, row * card_h, (col + 1) * card_w, (row + 1) * card_h))
            assert ImageChops.difference(hidden, back).getbbox() is None, "the last slot is the back"
            first = faces.crop((0, 0, card_w, card_h))
            second = faces.crop((card_w, 0, 2 * card_w, card_h))
            assert ImageChops.difference(first, second).getbbox() is not None, "different cards differ"
            assert first.getextrema() != ((255, 255), (255, 255), (255, 255)), "a card, not a blank"
            backs.add(entry["BackURL"])
    assert len(backs) == 1


def test_several_backs_one_sheet_each_and_a_one_card_deck_is_a_card(exported):
    heroes = read_deck(exported, "heroes")
    assert len(heroes["CustomDeck"]) == 2 and len({e["BackURL"] for e in heroes["CustomDeck"].values()}) == 2
    assert Counter(c["Nickname"] for c in heroes["ContainedObjects"]) == {"Knight": 2, "Rogue": 1, "Monk": 3}
    rogue = next(c for c in heroes["ContainedObjects"] if c["Nickname"] == "Rogue")
    assert "dark" in heroes["CustomDeck"][str(rogue["CardID"] // 100)]["BackURL"]
    sheet_ids = {int(k) for k in heroes["CustomDeck"]} | {int(k) for k in read_deck(exported, "market")["CustomDeck"]}
    assert len(sheet_ids) == 4, "sheet ids are unique across a game's decks"

    crown = read_deck(exported, "crown")
    check_object(crown)
    assert crown["Name"] == "Card" and crown["Nickname"] == "The Crown"
    (entry,) = crown["CustomDeck"].values()
    check_entry(entry)
    assert crown["CardID"] // 100 == int(next(iter(crown["CustomDeck"])))
    assert (exported / "crown.png").is_file(), "a thumbnail for TTS's saved-objects browser"


def test_tts_url_puts_the_base_before_each_file_name(playtest_game, tmp_path):
    result = build_tts(playtest_game, tmp_path, "--only", "heroes", "--tts-url", "https://example.org/kit/")
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "my-game" / "tts"
    deck = read_deck(folder, "heroes")
    for entry in deck["CustomDeck"].values():
        for key in ("FaceURL", "BackURL"):
            assert entry[key].startswith("https://example.org/kit/")
            assert (folder / entry[key].rsplit("/", 1)[1]).is_file()
    assert not (folder / "market.json").exists(), "--only heroes"


def test_the_starter_game_exports_from_the_command_line(starter_game, tmp_path):
    result = build_tts(starter_game, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "actions.json" in result.stdout and "6 cards" in result.stdout
    deck = read_deck(tmp_path / "my-game" / "tts", "actions")
    assert len(deck["ContainedObjects"]) == 6


@pytest.mark.parametrize("args,message", [
    (["--tts-url", "ftp://example.org"], "--tts-url ftp://example.org: expected"),
    (["--only", "actoins"], "did you mean 'actions'?"),
])
def test_bad_options_exit_2_with_a_message(starter_game, tmp_path, args, message):
    result = build_tts(starter_game, tmp_path, *args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "my-game" / "tts").exists()


def test_tts_cannot_be_mixed_with_printed_formats(starter_game, tmp_path):
    result = warm.cards("build", starter_game, "--format", "pdf,tts", "--out", tmp_path)
    assert result.returncode == 2 and "tts is exported on its own" in result.stderr


def test_landscape_cards_are_sideways(starter_game, tmp_path):
    layouts = starter_game / "layouts"
    layouts.mkdir()
    (layouts / "wide.yaml").write_text("extends: poker\nsize: [88.9, 63.5]\nrescale: true\n")
    (layouts / "wide-back.yaml").write_text("extends: poker-back\nsize: [88.9, 63.5]\nrescale: true\n")
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("    name: Action cards\n",
                                               "    name: Action cards\n    layout: wide\n    back_layout: wide-back\n"))
    assert build_tts(starter_game, tmp_path).returncode == 0
    deck = read_deck(tmp_path / "my-game" / "tts", "actions")
    assert deck["SidewaysCard"] is True and all(c["SidewaysCard"] for c in deck["ContainedObjects"])
    (entry,) = deck["CustomDeck"].values()
    with PilImage.open(url_path(entry["BackURL"])) as back:
        assert back.width > back.height
