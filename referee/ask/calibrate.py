"""How sure to be of an answer: the chance its first section is right, from what it was made of.

engine.answer_in records an answer's signals (the raw confidence: the share of the question the
section accounts for, times topicality; the separation from the next section; whether the data
worked it out and whether the search agreed ...). A logistic model of them, fitted on questions
written blind (tests/ask_questions/fit_confidence.py prints the weights below), gives the
confidence shown, so answers shown at 0.9 or more are the ones right that often on questions
the ranking was not tuned on. Whether there is an answer at all ("no good match") is still
decided on the raw confidence, which keeps questions about other games out.
"""
from __future__ import annotations

import math

FEATURES = ("raw", "search", "coverage", "phrase", "separation", "computed", "agree", "parent", "topical")
# Fitted by tests/ask_questions/fit_confidence.py on the blind-written questions of 2026-11-22.
WEIGHTS = {
    "bias": -3.253,
    "raw": 1.128,
    "search": 0.204,
    "coverage": 1.645,
    "phrase": 0.662,
    "separation": 2.371,
    "computed": 1.185,
    "agree": 2.016,
    "parent": -0.511,
    "topical": -1.925,
}


# New questions are harder than the ones fitted on (each blind set has scored below the tuning
# set): the chance is shaded by this much (in log-odds), so 0.9 shown is about 0.93 fitted, which
# was right 96 % of the time on blind questions with each game's held out of the fit.
SHADE = 0.4


def calibrate(signals: dict[str, float]) -> float:
    z = WEIGHTS["bias"] - SHADE + sum(WEIGHTS[f] * float(signals.get(f, 0.0)) for f in FEATURES)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
