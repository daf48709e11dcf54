"""What `asks:` lists under only some sections do to a designer's game: `python tests/ask_questions/partial_lists.py`.

For each designer's game in tests/fixtures with no lists and at least 20 tuning questions, its
questions are split in two halves at random (seeded). One half is written into a copy of the game
as `asks:` under the sections they want; the other half is asked of the copy and of the game as it
is. Then the other way round. Printed: right first without lists and with them, over every game.

A designer writing the questions players asked into their lists would do this; lists covering a
few sections draw the questions near their words to those sections (README, "referee ask").
"""
from __future__ import annotations

import random
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import score  # noqa: E402

FIXTURES = HERE.parents[0] / "fixtures"
MIN_QUESTIONS = 20


def has_lists(node) -> bool:  # noqa: ANN001
    if isinstance(node, dict):
        return "asks" in node or any(has_lists(v) for v in node.values())
    return isinstance(node, list) and any(has_lists(v) for v in node)


def section(sections: list, dotted: str) -> dict | None:
    found = None
    for part in dotted.split("."):
        found = next((s for s in sections if s.get("id") == part), None)
        if found is None:
            return None
        sections = found.get("sections") or []
    return found


def with_lists(game: Path, questions: list, where: Path) -> Path:
    """The game copied with each question written under the section it wants."""
    copy = where / game.name
    shutil.copytree(game, copy)
    rules = yaml.safe_load((copy / "rules.yaml").read_text())
    for item in questions:
        wanted = section(rules["rules"], item["rule"]) if isinstance(item.get("rule"), str) else None
        if wanted is not None:
            wanted.setdefault("asks", []).append(item["q"])
    (copy / "rules.yaml").write_text(yaml.safe_dump(rules, sort_keys=False, allow_unicode=True, width=100))
    return copy


def right(game: Path, questions: list, asked: score.Asked) -> int:
    scored = score.score_game_file(HERE / "partial.yaml", auto=False, asked=asked,
                                   data={"game": str(game), "questions": questions})
    return sum(r.right for r in scored.results)


def main() -> None:
    plain = listed = asked_n = 0
    asked = score.Asked()
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(HERE.glob("*.yaml")):
            data = score.read_questions(path)
            game = FIXTURES / str(data.get("game")) if isinstance(data, dict) else None
            if game is None or not (game / "rules.yaml").is_file() or len(data["questions"]) < MIN_QUESTIONS:
                continue
            if has_lists(yaml.safe_load((game / "rules.yaml").read_text())):
                continue
            items = [i for i in data["questions"] if isinstance(i, dict)]
            order = list(range(len(items)))
            random.Random(7).shuffle(order)
            halves = [[items[i] for i in sorted(order[::2])], [items[i] for i in sorted(order[1::2])]]
            for side in (0, 1):
                where = Path(tmp) / f"{path.stem}-{side}"
                where.mkdir()
                copy = with_lists(game, halves[side], where)
                asking = halves[1 - side]
                plain += right(game, asking, asked)
                listed += right(copy, asking, asked)
                asked_n += len(asking)
    print(f"asked {asked_n}: right first {plain} without lists, {listed} with half the questions listed")


if __name__ == "__main__":
    main()
