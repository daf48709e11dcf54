"""`referee ask`'s learned re-ranker (referee/ask/rerank.py) and the script that fits it
(tests/ask_questions/fit_rerank.py): the weights shipped name real features, the re-ranker
re-orders only the first few sections and keeps their scores falling (a clear lead stands), the fitter learns the
feature that marks the right section, and a game's `asks:` lists come out of its copy whole.

The real games under content/ are asked, with every index built into a temporary cache.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from referee.ask import rerank
from referee.ask.boost import Booster
from referee.ask.cache import resolve_game
from referee.ask.engine import answer_in, ask
from referee.ask.query import parse
from referee.ask.search import search
from referee.ask.store import open_index

QUESTIONS = Path(__file__).resolve().parent / "ask_questions"


@pytest.fixture(scope="module", autouse=True)
def ask_cache(module_ask_cache):
    return module_ask_cache


def _fit_rerank():
    if str(QUESTIONS) not in sys.path:
        sys.path.insert(0, str(QUESTIONS))
    spec = importlib.util.spec_from_file_location("ask_fit_rerank", QUESTIONS / "fit_rerank.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["ask_fit_rerank"] = module
    spec.loader.exec_module(module)
    return module


def test_the_shipped_weights_name_only_features_the_reranker_computes():
    assert rerank.FITTED, "rerank_weights.py holds no weights: run fit_rerank.py write"
    assert set(rerank.FITTED) <= set(rerank.FEATURES)
    assert len(set(rerank.FEATURES)) == len(rerank.FEATURES)


def test_the_reranker_reorders_the_first_candidates_and_keeps_their_scores_falling(monkeypatch):
    index = open_index(resolve_game("bone-strike"))
    query = parse("what happens when I run out of health?")
    monkeypatch.setattr(rerank, "NEAR", 0.0)
    monkeypatch.setattr(rerank, "WEIGHTS", {})
    plain = search(index, query).hits
    assert len(plain) > rerank.CANDIDATES
    # Weights that put the lowest-ranked candidate first turn the first few round.
    monkeypatch.setattr(rerank, "WEIGHTS", {"rank": 10.0})
    monkeypatch.setattr(rerank, "TREES", Booster())
    turned = search(index, query).hits
    head = rerank.CANDIDATES
    assert [h.rule for h in turned[:head]] == [h.rule for h in plain[:head]][::-1]
    assert [h.rule for h in turned[head:]] == [h.rule for h in plain[head:]]
    assert [h.score for h in turned[:head]] == [h.score for h in plain[:head]]


def test_the_reranker_sees_each_candidate_once_with_every_feature(monkeypatch):
    index = open_index(resolve_game("runes-and-bones"))
    seen = []
    monkeypatch.setattr(rerank, "NEAR", 0.0)
    monkeypatch.setattr(rerank, "capture", lambda _index, _query, rows: seen.append(rows))
    answer_in(index, "how many runes can I hold?")
    assert len(seen) == 1
    rules = [rule for rule, _row in seen[0]]
    assert len(rules) == len(set(rules)) == rerank.CANDIDATES
    assert all(len(row) == len(rerank.FEATURES) for _rule, row in seen[0])


def _sentence_feature(monkeypatch, game: str, question: str) -> dict[str, float]:
    seen = []
    monkeypatch.setattr(rerank, "NEAR", 0.0)
    monkeypatch.setattr(rerank, "capture", lambda _index, _query, rows: seen.append(rows))
    answer_in(open_index(resolve_game(game)), question)
    at = rerank.FEATURES.index("sentence")
    return {rule: row[at] for rule, row in seen[0]}


def test_a_section_saying_the_question_in_one_sentence_is_told_from_one_spreading_its_words(monkeypatch):
    """Gavel and Lot's "The auctioneer never bids on a lot they are calling" says all of "can the
    auctioneer bid on their own lot" at once; Bidding holds as many of its words, in two sentences.
    Cold Spots' Cellar card says "cost", "nerve", "down" and "cellar" in one, under the section of
    tricks, whose own text says few of them (a card's or entry's words count as the section's)."""
    fixtures = Path(__file__).resolve().parent / "fixtures"
    said = _sentence_feature(monkeypatch, str(fixtures / "gavel-and-lot"), "can the auctioneer bid on their own lot")
    assert said["selling-a-lot.calling-the-lot"] > said["selling-a-lot.bidding"] > 0.0
    said = _sentence_feature(monkeypatch, str(fixtures / "cold-spots"), "does it cost nerve to go down into the cellar")
    assert said["spook-cards.tricks"] > said["buddy-system"] > 0.0
    assert "sentence" in rerank.FITTED and any(name.endswith(":sentence") for name in rerank.FITTED)


def test_the_fitter_measures_a_feature_by_leaving_it_at_zero(monkeypatch):
    fit_rerank = _fit_rerank()
    monkeypatch.setattr(rerank, "features", rerank.features)
    fit_rerank.leave_out("sentence")
    said = _sentence_feature(monkeypatch, str(Path(__file__).resolve().parent / "fixtures" / "gavel-and-lot"),
                             "can the auctioneer bid on their own lot")
    assert set(said.values()) == {0.0}
    with pytest.raises(SystemExit, match="no feature 'nosuch'"):
        fit_rerank.leave_out("nosuch")


def test_a_clear_lead_stands_whatever_the_weights(monkeypatch):
    index = open_index(resolve_game("runes-and-bones"))
    query = parse("how many runes may i keep in my hand")
    plain = search(index, query).hits
    assert plain[0].asked < rerank.EXACT_ASK  # no written question in its words, which keeps a section first anyway
    ratio = plain[1].score / plain[0].score
    monkeypatch.setattr(rerank, "WEIGHTS", {"rank": 10.0})
    monkeypatch.setattr(rerank, "NEAR", (ratio + 1.0) / 2)
    assert search(index, query).hits[0].rule == plain[0].rule
    monkeypatch.setattr(rerank, "NEAR", ratio / 2)
    assert search(index, query).hits[0].rule != plain[0].rule


def test_a_question_of_everyday_words_keeps_the_search_order(monkeypatch):
    index = open_index(resolve_game("ribbon-of-bone"))
    query = parse("what is the game about")
    plain = search(index, query).hits
    monkeypatch.setattr(rerank, "WEIGHTS", {"rank": 10.0})
    monkeypatch.setattr(rerank, "TREES", Booster())
    monkeypatch.setattr(rerank, "NEAR", 0.0)
    assert [h.rule for h in search(index, query).hits[:3]] == [h.rule for h in plain[:3]]
    assert plain[0].rule == "overview"


def test_the_fitter_learns_the_feature_that_marks_the_right_section():
    fit_rerank = _fit_rerank()
    width = len(rerank.FEATURES)
    marked = rerank.FEATURES.index("title_said")
    rows = []
    for q in range(30):
        cands = []
        for c in range(3):
            row = [0.0] * width
            row[rerank.FEATURES.index("first")] = float(c == 0)
            row[marked] = float(c == q % 3)
            cands.append((f"rule{c}", row))
        rows.append({"game": "g", "q": str(q), "accept": [f"rule{q % 3}"], "cands": cands})
    weights = fit_rerank.fit(rows)
    assert weights["title_said"] > 1.0 > abs(weights["first"])
    assert fit_rerank.ranked_right(rows, None) == 10
    assert fit_rerank.ranked_right(rows, (weights, Booster())) == 30


def test_the_shipped_trees_split_on_features_the_reranker_computes():
    from referee.ask import rerank_trees

    assert rerank_trees.TREES, "rerank_trees.py holds no trees: run fit_rerank.py write"
    assert set(rerank_trees.NAMES) <= set(rerank.FEATURES)
    for split, threshold, left, right, leaves in rerank_trees.TREES:
        assert len(split) == len(threshold) == len(left) == len(right) and leaves
        children = [c for c in left + right]
        assert all(0 < c < len(split) if c >= 0 else ~c < len(leaves) for c in children)
        assert {~c for c in children if c < 0} == set(range(len(leaves)))


def test_the_trees_put_the_starting_health_first_where_the_weights_alone_do_not(monkeypatch):
    # "life" is a word of the attack's resolution; the trees learned that a question of starting
    # says what the set-up gives. (Refitting may fix this with the weights alone: then pick
    # another question the trees decide, tests/ask_questions/fit_rerank.py cv shows them.)
    question = "what life total do we start at"
    assert ask(question, game="bone-strike").citations[0].id in ("setup", "objective")
    monkeypatch.setattr(rerank, "TREES", Booster())
    assert ask(question, game="bone-strike").citations[0].id not in ("setup", "objective")


def test_a_games_copy_without_asks_keeps_every_rule_but_no_written_question(tmp_path):
    fit_rerank = _fit_rerank()
    questions = fit_rerank.without_asks("runeblade", QUESTIONS, tmp_path)
    copy = tmp_path / "games" / "runeblade"
    source = yaml.safe_load((Path(resolve_game("runeblade").root) / "rules.yaml").read_text())
    stripped = yaml.safe_load((copy / "rules.yaml").read_text())
    assert "asks:" not in (copy / "rules.yaml").read_text()
    assert _titles(stripped) == _titles(source)
    assert yaml.safe_load((questions / "runeblade.yaml").read_text())["game"] == str(copy)
    assert not open_index(resolve_game(str(copy))).data("asks")


def _titles(node) -> list:
    if isinstance(node, dict):
        return ([node["title"]] if "title" in node else []) + [t for v in node.values() for t in _titles(v)]
    if isinstance(node, list):
        return [t for v in node for t in _titles(v)]
    return []


def test_the_same_question_gets_the_same_answer_whatever_the_processs_hash_seed():
    """A sum over a set of words differs in its last bits with the order the set holds them,
    which changes with each process's hash seed; a tree's threshold fell between two such sums,
    and "which colour dice belong to which character" was answered Characters' traits in one
    process and The dice in another. The features are rounded: every process answers alike."""
    question = "which colour dice belong to which character"
    answers = set()
    for seed in range(4):
        env = dict(os.environ, PYTHONHASHSEED=str(seed))
        out = subprocess.run([sys.executable, "-m", "referee.ask", question, "--game", "runeblade", "--json"],
                             capture_output=True, text=True, env=env, timeout=120, check=True).stdout
        answer = json.loads(out)
        answers.add((answer["answer"], tuple(c["id"] for c in answer["citations"]), answer["confidence"]))
    assert len(answers) == 1, answers
