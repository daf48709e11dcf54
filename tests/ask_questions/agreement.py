"""How often a second reader names the answer the first did: `python tests/ask_questions/agreement.py [DIR ...]`.

A blind set's labels are one reader's choice. To know whether 95 % top-1 is within reach of a
careful reader at all, each set in second_reader/ (setNN/, one file per game file of blind set NN)
was labelled again by another reader who saw only the rulebooks, our YAML without `asks:` lists
and the questions, never the first labels (the brief is in the round's closing note). Items are
as the tuning files' (rule, also, card, facts; no rule: "no good match").

For each set: how often the two readers agree (their accepted answers meet, or both say the rules
do not answer), and how often `ask` as it is now is right first by each reader's labels. The
first reader's labels are the set's lines in the tuning file (after its "blind set NN" comment,
with any relabel since), so the tool's figures here are on questions it has been tuned on; the
figures the set scored blind are in HISTORY.md.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from score import Asked, items_of, score_game_file  # noqa: E402

SECOND = HERE / "second_reader"
_MARK = re.compile(r"^\s*# (from )?blind set (\d+)\b")


def first_reader(tuning_file: Path, number: int) -> dict:
    """The tuning file's items under the comment naming blind set `number`, up to the next set's."""
    taken: list[str] = []
    inside = False
    for line in tuning_file.read_text().splitlines():
        mark = _MARK.match(line)
        if mark:
            inside = int(mark.group(2)) == number
        elif inside and line.lstrip().startswith("- "):
            taken.append(line)
    data = yaml.safe_load("questions:\n" + "\n".join(taken)) or {}
    game = yaml.safe_load(tuning_file.read_text())["game"]
    return {"game": game, "questions": data.get("questions") or []}


def compare(folder: Path) -> dict[str, int]:
    number = int(re.sub(r"\D", "", folder.name))
    counts = {"n": 0, "agree": 0, "tool_first": 0, "tool_second": 0}
    asked = Asked()
    for second_file in sorted(folder.glob("*.yaml")):
        second = yaml.safe_load(second_file.read_text())
        first = first_reader(HERE / second_file.name, number)
        by_first = {" ".join(i["q"].split()): i for i in items_of(first)}
        by_second = {" ".join(i["q"].split()): i for i in items_of(second)}
        missing = set(by_second) - set(by_first)
        if missing:
            raise SystemExit(f"{second_file}: not in blind set {number} of {second_file.name}: {sorted(missing)[:3]}")
        tool = {}
        for name, data in (("first", first), ("second", second)):
            scored = score_game_file(HERE / second_file.name, auto=False, asked=asked, data=data)
            tool[name] = {" ".join(r.q.split()): r.right for r in scored.results}
        for q, item in by_second.items():
            a, b = by_first[q]["accept"], item["accept"]
            counts["n"] += 1
            counts["agree"] += bool(a & b) if (a or b) else True
            counts["tool_first"] += tool["first"][q]
            counts["tool_second"] += tool["second"][q]
    return counts


def main(argv: list[str]) -> int:
    folders = [Path(a) for a in argv] or sorted(p for p in SECOND.iterdir() if p.is_dir())
    total = dict.fromkeys(("n", "agree", "tool_first", "tool_second"), 0)
    for folder in folders:
        c = compare(folder)
        total = {k: total[k] + c[k] for k in total}
        print(f"{folder.name}: readers agree {c['agree']}/{c['n']}; ask right first by the first reader "
              f"{c['tool_first']}, by the second {c['tool_second']}")
    n = total["n"] or 1
    print(f"all: readers agree {total['agree']}/{total['n']} ({total['agree'] / n:.1%}); ask right first by the "
          f"first reader {total['tool_first']} ({total['tool_first'] / n:.1%}), by the second "
          f"{total['tool_second']} ({total['tool_second'] / n:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
