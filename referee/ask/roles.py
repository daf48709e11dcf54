"""Which top section of a designer's rules plays which part, whatever its title: the set-up
(where starting values are), the end (how the game ends and is scored), a player's turn.
Read once, when the index is built (index.py), from the loader's walked sections.
"""
from __future__ import annotations

import re

from .text import SETUP_SAID, is_setup

NUMBERED_STEP = re.compile(r"(?:^|(?<=\s))(\d{1,2})[.)]\s")  # "1. Lay out the pool cards. 2. Deal ..."
SETUP_STEPS = 3  # numbered steps that make an untitled top section the set-up
# What a set-up says it does, one verb per kind ("Shuffle the deck, deal 5 to each ... takes 6
# shillings"): a top section saying SETUP_VERBS of them, more than any other, is the set-up of a
# game whose set-up has neither a set-up title nor numbered steps ("Opening the hall").
SETUP_VERB = re.compile(r"\b(shuffl|deal|take|took|lay|laid|plac|put|sets? out|get|gets|receiv|choos|pick|mix"
                        r"|stack|starts? with|begins? with)(?:e|es|ed|s|t|n|ing|ting)?\b", re.IGNORECASE)
SETUP_VERBS = 3

# What a game's end says ("play on until the end of the round ... then score", "Most renown wins"):
# a designer titles the end their own way ("Closing Time"), so the top section saying most of these
# (a title naming the end counts as one), at least END_SAYS and more than any other, is its end.
END_SAY = re.compile(r"\b(the \w+ (ends|is over|will end)|game end|end of the game|(finish|complete|play on until the end of)"
                     r" the (current |last |final )?round|same number of (turns|goes|rounds)|(the |one )?last (turn|go|round)"
                     r"|final (round|turn|go|scoring|score)"
                     r"|then ((everybody|everyone|each player|all players|players) )?(scores?|counts?|adds? up|tots? up)"
                     r"|(stop|then|and) (and )?(count|tot|add) up|and (you|we|everyone|everybody) score"
                     r"|(most|highest) \w+ wins|wins the game|the winner|share the win"
                     r"|(you|we|everyone|everybody|the team|the crew) (all |also )?(win|wins|lose|loses)"
                     r"( straight away| at once| immediately)? (if|when|the moment|as soon as)"
                     r"|(and|then) (everyone|everybody) (wins|loses))\b",
                     re.IGNORECASE)
END_SAYS = 2
END_SAYS_LATE = 1  # ... or this many, alone, in the later half of the top sections: where a game ends
END_TITLE = re.compile(r"^(the )?(end|ending|endgame|end game|game end|game over)\b", re.IGNORECASE)
# A designer's turn section ("Your shift", "A night on air", "A working day"): titled as a turn
# ("How a turn goes", "Your go"), else the one top section whose text opens on a turn ("On your
# turn take two actions ...") (answers/turn.py).
TURN_TITLE = re.compile(r"^(your|a|the|one|each|taking a|how a|how your|on your) (turn|go)( goes| works)?$"
                        r"|^turns?$"
                        # "Your turn on duty", "A turn on the mountain": the turn where it is taken
                        r"|^(your|a|on your|taking your) (turn|go)\b(?!\s*(order|ends?|over|sequence|limit|timer|track|marker))",
                        re.IGNORECASE)
TURN_OPENS = re.compile(r"^\W*((on|during|in) (your|a|each|their) (turn|go)|(each|every|your) (turn|go))\b", re.IGNORECASE)


def _steps(text: str) -> int:
    """How many steps numbered 1, 2, 3 ... the text holds in order, on lines of their own or not."""
    done = 0
    for number in NUMBERED_STEP.findall(text):
        done += int(number) == done + 1
    return done


def setup_rule(walked) -> str | None:
    """The set-up section, where starting values are and a game without a components section
    says what to get out: the top section titled so, else the first one written as numbered
    steps ("Opening the workshop: 1. Lay out the slots. 2. Give each journeyman 10 florins.")
    unless one before it says most plainly what to shuffle, deal, take and lay out, else that
    one."""
    tops = [(full, rule) for full, _, depth, rule in walked if depth == 0]
    for full, rule in tops:
        if any(is_setup(full, name) for name in (rule.title, *rule.aliases)):
            return full
    if said_so := next((full for full, rule in tops if SETUP_SAID.match(rule.text or "")), None):
        return said_so  # "Potting up: Do this once, before the first spring."
    verbs = [len({v.lower() for v in SETUP_VERB.findall(rule.text or "")}) for _, rule in tops]
    most = max(verbs, default=0)
    plainest = verbs.index(most) if most >= SETUP_VERBS and verbs.count(most) == 1 else len(tops)
    stepped = next((at for at, (_, rule) in enumerate(tops) if _steps(rule.text or "") >= SETUP_STEPS), len(tops))
    at = plainest if plainest < stepped else stepped  # "Inflating: ... deal each pilot 2", before the round's steps
    return tops[at][0] if at < len(tops) else _told_below(walked, tops)


def _told_below(walked, tops) -> str | None:
    """A set-up whose own text only points to its sub-sections ("Kitting out: dress the block and
    brief the crew, as below"): the top section, not the turn's, whose sub-sections say most
    plainly what to shuffle, deal and put out."""
    turn = turn_rule(walked)
    told = {full: " ".join(r.text or "" for f, _, _, r in walked if f.startswith(full + "."))
            for full, _ in tops if full != turn}
    verbs = {full: len({v.lower() for v in SETUP_VERB.findall(text)}) for full, text in told.items()}
    most = max(verbs.values(), default=0)
    plainest = [full for full, n in verbs.items() if n == most]
    return plainest[0] if most >= SETUP_VERBS and len(plainest) == 1 else None

def end_rule(walked) -> str | None:
    """The top section saying most plainly how the game ends and is scored (END_SAY); not the
    opening, which tells the whole game and its end too, when a later section says anything."""
    said = {full: len({m.group(0).lower() for m in END_SAY.finditer(rule.text or "")})
            + bool(END_TITLE.match(rule.title.strip())) for full, _, depth, rule in walked if depth == 0}
    tops = list(said)
    if any(said[full] for full in tops[1:]):
        said.pop(tops[0], None)
    most = max(said.values(), default=0)
    ends = [full for full, n in said.items() if n == most]
    if len(ends) != 1:
        return None
    late = tops.index(ends[0]) >= len(tops) / 2  # "Dusk: everyone gets one last turn"
    return ends[0] if most >= END_SAYS or (late and most >= END_SAYS_LATE) else None

def turn_rule(walked) -> str | None:
    """The top section that is a player's turn: titled so, else the one whose text opens on it."""
    tops = [(full, rule) for full, _, depth, rule in walked if depth == 0]
    titled = [full for full, rule in tops if TURN_TITLE.match(rule.title.strip())]
    opens = [full for full, rule in tops if TURN_OPENS.match(rule.text or "")]
    return titled[0] if titled else opens[0] if len(opens) == 1 else None
