"""`cards new`: copy the starter game into a new folder and name it (``--csv``: its cards in a
spreadsheet, cards.csv, instead of YAML)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

TEMPLATE = Path(__file__).parent / "templates" / "new-game"
CSV_TEMPLATE = Path(__file__).parent / "templates" / "new-game-csv"  # laid over TEMPLATE


def create_game(folder: Path, csv: bool = False) -> Path:
    game_id = re.sub(r"[^a-z0-9]+", "-", folder.name.lower()).strip("-")
    if not game_id:
        raise ValueError(f"'{folder}': the folder name must contain letters or digits (it becomes the game id)")
    if folder.exists():
        raise FileExistsError(f"'{folder}' already exists")
    shutil.copytree(TEMPLATE, folder)
    if csv:
        shutil.copytree(CSV_TEMPLATE, folder, dirs_exist_ok=True)
    game_yaml = folder / "game.yaml"
    title = folder.name.replace("-", " ").replace("_", " ").title()
    # JSON strings are valid YAML scalars: a name like "yes" or "a: b" stays a plain string.
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "title: My Game", f"id: {json.dumps(game_id)}\ntitle: {json.dumps(title)}"), encoding="utf-8")
    # The card back shows the game's name too, not the starter's.
    cards_yaml = folder / "cards.yaml"
    cards_yaml.write_text(cards_yaml.read_text(encoding="utf-8").replace(
        "{title: My Game,", f"{{title: {json.dumps(title)},"), encoding="utf-8")
    return folder.resolve()
