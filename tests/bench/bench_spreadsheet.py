"""Benchmark: loading a deck's cards from CSV and XLSX, beside the same cards written in YAML.

Run by hand (`python tests/bench/bench_spreadsheet.py [CARDS]`); prints figures, asserts nothing.
The anchor is loading the same game with the cards in YAML, in the same run; the figures are the
ratio of each spreadsheet load to it (best of a few runs), and the refusal of a sheet one row over
the limit (generator/limits.py's sheet_rows).
"""
from __future__ import annotations

import csv
import shutil
import sys
import tempfile
import time
from pathlib import Path

import openpyxl
import yaml

from generator.errors import GameDataError
from generator.limits import limit
from generator.model.loader import load
from generator.new_game import CSV_TEMPLATE, TEMPLATE

RUNS = 3
HEADER = ["name", "count", "cost", "icon", "type", "text"]


def rows(n: int) -> list[list]:
    return [[f"Card {i}", 1, i % 5, "star", "Action", f"Move up to **{i % 4}** spaces. See [[turn]]."] for i in range(n)]


def game(base: Path, kind: str, n: int) -> Path:
    folder = base / kind
    shutil.copytree(TEMPLATE, folder)
    if kind != "yaml":
        shutil.copytree(CSV_TEMPLATE, folder, dirs_exist_ok=True)
    data = rows(n)
    if kind == "yaml":
        deck = yaml.safe_load((folder / "cards.yaml").read_text())
        deck["decks"][0]["cards"] = [{"id": f"card-{i}", **dict(zip(HEADER, r))} for i, r in enumerate(data)]
        (folder / "cards.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
    elif kind == "csv":
        with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as out:
            csv.writer(out).writerows([HEADER, *data])
    else:
        book = openpyxl.Workbook()
        for r in [HEADER, *data]:
            book.active.append(r)
        book.save(folder / "cards.xlsx")
        (folder / "cards.yaml").write_text((folder / "cards.yaml").read_text().replace("cards.csv", "cards.xlsx"))
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("count: 6", f"count: {n}"))
    return folder


def best(folder: Path) -> float:
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        try:
            load(folder)
        except GameDataError:
            pass
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        anchor = best(game(base, "yaml", n))
        print(f"{n} cards in YAML (anchor): {anchor * 1000:.0f} ms")
        for kind in ("csv", "xlsx"):
            took = best(game(base, kind, n))
            print(f"{n} cards in {kind.upper()}: {took * 1000:.0f} ms, {took / anchor:.2f} x the YAML load")
        over = game(base / "over", "csv", limit("sheet_rows") + 1)
        took = best(over)
        print(f"{limit('sheet_rows') + 1} rows (over the limit), refused: {took * 1000:.0f} ms, {took / anchor:.2f} x")


if __name__ == "__main__":
    main()
