"""`referee ask` against question sets: rule questions phrased the way players talk.

tests/ask_questions/<game>.yaml holds, per game, questions and the rule that must be cited first
(`also`: another section that answers just as well, used sparingly); new-game.yaml asks the
starter game (generator/templates/new-game), a designer's game outside content/; off-topic.yaml
holds questions no game here answers. tests/ask_questions/score.py scores them (the same script
scores a blind set: `python tests/ask_questions/score.py DIR`); this test prints its figures per
game, top-1, top-3 and calibration (how often answers in each confidence band are right),
whatever the outcome, and fails below the levels reached on the tuning set, when answers shown
at confidence 0.9 or more are right less than 95 % of the time, or when fewer off-topic questions
get "no good match" than do now.

Only the top folder is read here, never tests/ask_questions/blind/: a blind set is scored once,
by hand, before it joins the tuning set.
"""
from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path

import pytest
import yaml

from generator.model.loader import load_game

QUESTIONS = Path(__file__).resolve().parent / "ask_questions"
GAMES = ["bone-strike", "rattlebones", "runeblade", "runes-and-bones", "ribbon-of-bone", "new-game", "csvgame", "fontgame",
         "kettle-hollow", "kiln-night", "hollow-peak",
         "salt-and-silk", "lantern-watch", "reedwater-regatta", "windfall-orchard", "crooked-crew", "crumb-and-crust",
         "comet-watch", "truffle-hounds", "spur-and-junction", "toadstool-trumps", "molten-market", "keepers-log",
         "falconers-moor", "warp-and-weft", "rockpool-census", "before-the-chime"]
# Levels reached on the sets as they stand: the tuning questions and five blind sets, each scored
# once and then folded in (1,021 questions, 2026-11-23 in issue 12's fourth round, once every rule
# section lists the questions it answers (Rule.asks): 82 % top-1 (was 75 %), 96 % top-3 (92 %),
# 400 of 412 right at >= 0.9 (was 124 of 127); 87 of 95 off-topic questions refused asked of
# every game, 456 of 475 asked of each game). Figures on questions not tuned on come from
# tests/ask_questions/kfold.py (a fold held out) and fit_confidence.py (the confidence predicted
# by models fitted without the question's fold or game). Scored before any tuning on it, blind
# set 1 gave 63 % top-1 and 91 % right at >= 0.9; blind set 2 (308 questions) 59 % top-1, 85 %
# top-3 and 90 % right at >= 0.9, with 23 of its 26 off-topic questions refused; blind set 3
# (220 questions) 70 % top-1, 93 % top-3, 21 of 23 right at >= 0.9, 25 of its 30 off-topic
# questions refused (the floors below dropped to take it in: it found what the others had not).
# Blind set 4 (240 questions, 40 off-topic), written before round four's ranking changes and scored
# once on them: 81 % top-1, 97 % top-3, 88 of 89 right at >= 0.9, 34 of 40 off-topic questions
# refused asked of every game and 187 of 200 of each game; its designer game kept in a
# spreadsheet (csvgame, 20 questions) only 45 %: a card the rules never name had no section to
# answer with, and the game's own name read as words the rules lack (both fixed after scoring:
# 70 %). Folded in (1,261 questions): 82 % top-1, 96 % top-3, 495 of 508 right at >= 0.9, off-topic
# refused 121 of 135 and 643 of 675. The per-game and off-topic floors dropped to take it in.
# Round four's second pass (causes: counts, card texts, who-questions, ties, word families, the
# facts' topicality; the confidence refitted with off-topic answers as wrong ones): 83 % top-1,
# 96 % top-3, 559 of 575 right at >= 0.9, off-topic refused 122 of 135 and 648 of 675.
# Blind set 5 (180 questions and 40 off-topic, with a designer game that ships its own fonts),
# written before that pass and scored once after it: 80 % top-1, 94 % top-3, 73 of 75 right at
# >= 0.9, right game without --game 73 %, off-topic refused 35 of 40 and 187 of 200. Folded in
# (1,441 questions): 83 % top-1, 96 % top-3, 632 of 650 right at >= 0.9, off-topic refused 157 of
# 175 (the every-game floor drops to take it in) and 835 of 875.
# Round five: a learned re-ranker over the first three near sections (rerank.py; held out on five
# folds 1185 -> 1196 of 1,425 right first), confidence refitted: 84 % top-1 (1,202), 96 % top-3,
# 611 of 628 right at >= 0.9, off-topic refused 157 of 175 and 836 of 875.
# Blind set 6 (245 questions and 40 off-topic, with a designer's game nobody here had seen and
# without asks: lists, kettle-hollow), written before the re-ranker and scored on the rankers
# before and after it: 77 % -> 79 % top-1, 93 % top-3 both, 80 of 84 -> 73 of 77 right at >= 0.9,
# off-topic refused 34 of 40 and 182 -> 183 of 200; the designer's game 50 % -> 53 %. Folded in
# (1,686 questions): 83 % top-1, 95 % top-3, 684 of 705 right at >= 0.9, off-topic refused 191
# of 215 and 1,019 of 1,075. The per-game and off-topic floors dropped to take it in.
# Blind set 7 (240 questions, 15 on the starter game, 40 off-topic, two designer's games nobody
# here had seen and without asks: lists, kiln-night and hollow-peak), written before round six and
# scored once on an unchanged ranker: 80 % top-1, 94 % top-3, 88 of 95 right at >= 0.9, off-topic
# refused 33 of 40 and 181 of 200; the designer's games 63 % and 83 %. Folded in (1,961 questions,
# the designer files marked as written blind so the confidence fit sees them), the re-ranker and
# the confidence refitted: 83 % top-1, 95 % top-3, 182 of 185 right at >= 0.9, off-topic refused
# 224 of 255 (the every-game floor drops to take it in) and 1,200 of 1,275.
# Blind set 8 (240 questions, 15 on the starter game, 40 off-topic, two more designer's games,
# salt-and-silk and lantern-watch), written during round six before its designer-game changes and
# scored once before them and once after: 78 % -> 80 % top-1, 93 % -> 94 % top-3, 18 of 22 -> 16 of
# 18 right at >= 0.9, off-topic refused 35 of 40 and 189 of 200; the designer's games 87 % and
# 53 % -> 67 %. Folded in without refitting (2,236 questions): 83 % top-1, 95 % top-3, 189 of 194
# right at >= 0.9, off-topic refused 259 of 295 and 1,388 of 1,475.
# Round seven: blind set 9 (275 questions, two more designer's games, reedwater-regatta and
# windfall-orchard) scored once on round six's ranker (80 % top-1, 93 % top-3, 20 of 22 right at
# >= 0.9) and folded in; card answers, set-up titles, written questions vouching for their words,
# the re-ranker refitted and the confidence given the "asked" signal. Blind set 10 (275, with
# crooked-crew and crumb-and-crust), sealed until then, scored once after: 76 % top-1 (75 % on
# round six's ranker), 95 % top-3, 50 of 53 right at >= 0.9 (9 of 9 before), off-topic refused
# 39 of 40 and 192 of 200. Folded in (2,786 questions): 83 % top-1 (82.6), 95 % top-3, 762 of 785
# right at >= 0.9, off-topic refused 331 of 375 and 1,767 of 1,875; crooked-crew 63 %.
# Round eight: blind set 11 (275 questions, two more designer's games, comet-watch and
# truffle-hounds), scored once on round seven's ranker: 72 % top-1, 88 % top-3, 55 of 55 right at
# >= 0.9, off-topic refused 37 of 40 and 194 of 200; 77 % top-1 and 92 % top-3 once a card's own
# text counts with the section governing the card (its writer labelled 14 such questions with the
# card). Folded in (3,061 questions): 82 % top-1, 95 % top-3, 817 of 840 right at >= 0.9,
# off-topic refused 368 of 415 and 1,961 of 2,075. Blind set 12 (275, with spur-and-junction and
# toadstool-trumps), sealed until the round's changes were done, scored once after them: 79 % top-1
# (72 % on round seven's ranker and scoring, 79 % with card answers counted), 93 % top-3, 67 of 68
# right at >= 0.9, off-topic refused 36 of 40 and 191 of 200. Folded in (3,336 questions): 82 %
# top-1, 95 % top-3, 886 of 910 right at >= 0.9, off-topic refused 404 of 455 and 2,152 of 2,275.
# Round nine: blind set 13 (275 questions, two more designer's games, molten-market and
# keepers-log) scored once on round eight's ranker: 81 % top-1, 94 % top-3, 65 of 66 right at
# >= 0.9, off-topic refused 38 of 40 and 196 of 200; the designer's games 73 % and 70 %. Folded in
# (3,611 questions): 82 % top-1 (82.1), 95 % top-3, 951 of 976 right at >= 0.9, off-topic refused
# 442 of 495 and 2,348 of 2,475.
# Then "how much" never counts a card's copies, a bolded keyword governs its card (11 more right
# first), and the re-ranker and confidence refitted on all of it (held out on five folds: 2,909 ->
# 2,945 of 3,567 rule questions right first; answers at >= 0.9 right 97 % held out): 82 % top-1
# (82.3), 95 % top-3, 962 of 988 right at >= 0.9, off-topic refused 442 of 495 and 2,348 of 2,475.
# Blind set 14 (275, with falconers-moor and warp-and-weft), sealed until then, scored once after:
# 77 % top-1 and 91 % top-3 (the same on round eight's ranker), 35 of 36 right at >= 0.9 (34 of 36
# before), off-topic refused 34 of 40 and 183 of 200. Folded in (3,886 questions): 82 % top-1
# (81.96: the floor drops to take it in), 95 % top-3, 997 of 1,024 right at >= 0.9, off-topic
# refused 476 of 535 and 2,531 of 2,675.
# Round ten: blind set 15 (275 questions, written from rules files without their asks: lists, two
# more designer's games, rockpool-census and before-the-chime) scored once on round nine's ranker:
# 80 % top-1, 92 % top-3, 62 of 64 right at >= 0.9, off-topic refused 32 of 40 and 181 of 200; the
# designer's games 67 % and 63 %. Then a set-up known by its numbered steps and "player" read as a
# game's own noun (weavers, journeymen). Folded in (4,161 questions): 82 % top-1 (81.93), 95 %
# top-3, 1,059 of 1,088 right at >= 0.9, off-topic refused 508 of 575 and 2,712 of 2,875.
MIN_TOP1 = 0.81  # 81.96 % once blind set 14 joined (round nine)
MIN_TOP1_PER_GAME = 0.63  # crooked-crew (63 %, round seven): a designer's game has no asks: lists; seed games reach 78 % or more
MIN_TOP3 = 0.94  # 94.99 % once blind set 12 joined (round eight): the floor drops to take it in
MIN_SURE_RIGHT = 0.97  # answers at confidence >= 0.9
MIN_OFF_TOPIC_REFUSED = 0.87  # off-topic questions asked of every game
MIN_OFF_TOPIC_REFUSED_PER_GAME = 0.94  # ... and of each game with --game
MIN_QUESTIONS = 8


def _score_module():
    spec = importlib.util.spec_from_file_location("ask_score", QUESTIONS / "score.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["ask_score"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


score = _score_module()


@pytest.fixture(scope="module", autouse=True)
def ask_cache(module_ask_cache):
    return module_ask_cache


@functools.cache
def question_set(game: str) -> list[dict]:
    data = yaml.load((QUESTIONS / f"{game}.yaml").read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert data["game"] == game
    return data["questions"]


@pytest.mark.parametrize("game", GAMES)
def test_question_sets_name_real_rules(game):
    """A renamed rule must fail here, by name, not as a silent drop in accuracy."""
    rules = set(load_game(score.game_ref(game, QUESTIONS)).rule_numbers)
    questions = question_set(game)
    assert len(questions) >= MIN_QUESTIONS
    for item in questions:
        for rule in [*([item["rule"]] if "rule" in item else []), *item.get("also", [])]:  # no rule: no good match
            assert rule in rules, f"{game}: {item['q']!r} expects '{rule}', which the game no longer has"


@pytest.fixture(scope="module")
def scored():
    """Every question asked of its game. Not asked again of every game at once: score.py's "auto"
    column (the right game chosen without --game) has no floor here, and asking each question of
    five games was two thirds of this file's CPU; run score.py to see it. Choosing the game is
    checked in test_ask.py and by the off-topic questions, which are asked of every game."""
    return score.score_dir(QUESTIONS, auto=False)


def test_accuracy(scored, capsys):
    games, off = scored
    with capsys.disabled():
        print("\n" + score.report(games, off))
    assert sorted(g.game for g in games) == sorted(GAMES)
    results = [r for g in games for r in g.results]
    top1 = sum(r.right for r in results) / len(results)
    top3 = sum(r.top3 for r in results) / len(results)
    assert top1 >= MIN_TOP1, f"top-1 {top1:.0%} is below {MIN_TOP1:.0%}"
    assert top3 >= MIN_TOP3, f"top-3 {top3:.0%} is below {MIN_TOP3:.0%}"
    for g in games:
        rate = g.share("right")
        assert rate >= MIN_TOP1_PER_GAME, f"{g.game}: top-1 {rate:.0%} is below {MIN_TOP1_PER_GAME:.0%}"


def test_confident_answers_are_right(scored):
    """Calibration: an answer shown at 0.9 or more is right at least 97 % of the time."""
    games, _off = scored
    sure = [r for g in games for r in g.results if r.confidence >= 0.9]
    right = sum(r.right for r in sure)
    assert sure and right / len(sure) >= MIN_SURE_RIGHT, \
        f"answers at >= 0.9: {right}/{len(sure)} right, below {MIN_SURE_RIGHT:.0%}"


def test_off_topic_questions_get_no_answer(scored):
    """Questions about other things get "no good match"; blind set 2 found a few our words
    answer ("what does the death card mean in tarot"), so this is a floor, not all of them."""
    _games, off = scored
    assert off
    answered = "\n".join(a for o in off for a in o["answered"])
    refused = sum(o["refused"] for o in off) / sum(o["n"] for o in off)
    per_game = sum(o["refused_per_game"] for o in off) / sum(o["asked_per_game"] for o in off)
    assert refused >= MIN_OFF_TOPIC_REFUSED, f"off-topic refused {refused:.0%}; answered:\n{answered}"
    assert per_game >= MIN_OFF_TOPIC_REFUSED_PER_GAME, f"off-topic refused per game {per_game:.0%}; answered:\n{answered}"

