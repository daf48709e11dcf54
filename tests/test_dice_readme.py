"""The `referee roll` / `referee odds` examples for the README, run one for one.

Keep README_EXAMPLES and the README's console block in sync: each entry is the command line
as shown after `$ `, its exit code, and everything it prints (stdout then stderr).
"""
from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

README_EXAMPLES: list[tuple[str, int, str]] = [
    ("referee roll 4d6kh3 --seed 7", 0, """\
4d6kh3 (3, 2 dropped, 4, 6) = 13
"""),
    ('referee roll "1d20+5 # attack" --seed 3', 0, """\
attack: 1d20 (8) + 5 = 13
"""),
    ("referee roll --game runeblade 4 white 2 red --seed 4", 0, """\
4 white (2, 3, 1, 6*) 2 red (4*, 4*) = 3 successes
  successes: white 1, red 2
"""),
    ("referee roll --game bone-strike 2 red 1 time --seed 1", 0, """\
2 red (blank, 2 damage) 1 time (blank) = damage 2, bone 0
  all time dice blank: see §9.6 When time runs out (attack.time-dice)
"""),
    ("referee odds 4d6kh3", 0, """\
4d6kh3
total: mean 12.24, sd 2.85
  value  probability      %  at least %
      3       1/1296   0.08      100.00  #
      4       4/1296   0.31       99.92  #
      5      10/1296   0.77       99.61  ##
      6      21/1296   1.62       98.84  #####
      7      38/1296   2.93       97.22  #########
      8      62/1296   4.78       94.29  ##############
      9      91/1296   7.02       89.51  #####################
     10     122/1296   9.41       82.48  ############################
     11     148/1296  11.42       73.07  ##################################
     12     167/1296  12.89       61.65  #######################################
     13     172/1296  13.27       48.77  ########################################
     14     160/1296  12.35       35.49  #####################################
     15     131/1296  10.11       23.15  ##############################
     16      94/1296   7.25       13.04  ######################
     17      54/1296   4.17        5.79  #############
     18      21/1296   1.62        1.62  #####
"""),
    ("referee roll 3d6+", 2, """\
referee: column 4: expected a number or a die after '+'
  3d6+
     ^
"""),
]


@pytest.mark.parametrize("line, code, expected", README_EXAMPLES, ids=[line for line, _, _ in README_EXAMPLES])
def test_readme_example(line, code, expected):
    args = shlex.split(line)
    result = subprocess.run([BIN / args[0], *args[1:]], cwd=REPO, capture_output=True, text=True)
    assert (result.returncode, result.stdout + result.stderr) == (code, expected)
