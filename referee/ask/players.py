"""What a game calls its players, when its rules never say "player" ("surveyors", "journeymen",
"bakers"), so that "how many dice are rolled with 3 players" or "how many cards does each player
get" find the rule written about weavers or surveyors.

The index finds the noun once, from the places only a person stands in a sentence ("the keeper
who", "a weaver's turn", "the youngest baker", "each merchant draws"), and keeps it in its data;
query.translate_slang then reads "player" as that noun for that game alone.

A fellow player called by name in a question ("me and jo both have 3") is read without the name
(without_fellows), which no rulebook prints.
"""
from __future__ import annotations

import re
from collections import Counter

from .lazy_re import lazy
from .text import STOPWORDS

TYPE_CHECKING = False  # typing itself is not imported on the warm path (tests/test_ask.py)
if TYPE_CHECKING:
    from .query import Query
    from .store import GameIndex

_PERSON = (
    lazy(r"\b([a-z]+)(?:'s|')\s+(?:turn|hand|left|right|score|own)\b"),
    lazy(r"\b([a-z]+)\s+who\b"),
    lazy(r"\b([a-z]+)\s+(?:on|to) (?:their|your|his|her) (?:left|right)\b"),
    lazy(r"\b(?:oldest|youngest|eldest|tallest|active|fellow|another|starting|winning)\s+([a-z]+)\b"),
    lazy(r"\b(?:each|every|the|a|one|any)\s+([a-z]+)\s+(?:draws|rolls|takes|chooses|picks|wins|win|goes|"
         r"passes|bids|may|must|scores|starts)\b"),
)
# "each show", "every round": a thing as often as a person, so evidence only for a noun found as
# a person elsewhere, twice (Hat Money's "every show" had made its buskers "shows").
_EACH = lazy(r"\b(?:each|every|per)\s+([a-z]+)\b")
STRONG = 2  # places a noun must stand as a person before "each <noun>" counts too
MIN_EVIDENCE = 3  # places a noun must stand as a person before it is read as the players' name


def player_noun(text: str) -> tuple[str, str] | None:
    """(singular, plural) of the noun the rules use for a player, or None when they say
    "player" themselves or no noun stands as a person often enough."""
    text = text.lower()
    said = set(re.findall(r"[a-z]+", text))
    if said & {"player", "players"}:
        return None
    counts: Counter[str] = Counter()
    for pattern in (*_PERSON, _EACH):
        for match in pattern.finditer(text):
            word = match.group(1)
            if word.endswith("s") and word[:-1] in said:
                word = word[:-1]
            if word not in STOPWORDS and len(word) > 2 and (pattern is not _EACH or counts[word] >= STRONG):
                counts[word] += 1
    if not counts:
        return None
    noun, evidence = counts.most_common(1)[0]
    if evidence < MIN_EVIDENCE:
        return None
    plurals = [p for p in (noun[:-3] + "men" if noun.endswith("man") else "", noun + "es", noun + "s") if p in said]
    return noun, plurals[0] if plurals else noun + "s"


# A fellow player called by name ("me and jo both have 3", "kai and me"): the name is no word of
# the rules, and read as one it made the question look off-topic. Not "<word> and i": "rain poured
# and i have ..." is no name.
_FELLOW = (lazy(r"\bme and ([a-z]+)\b", triggers=("me and",)), lazy(r"\b([a-z]+) and me\b", triggers=("and me",)))


def without_fellows(index: GameIndex, query: Query) -> Query:
    """The question without the names of fellow players the game's rules never use."""
    text = query.text.lower()
    if " and " not in text:
        return query
    named = {m.group(1) for pattern in _FELLOW for m in pattern.finditer(text)} - STOPWORDS
    spots = [i for i in query.content if query.tokens[i] in named and not query.tokens[i].isdigit()]
    if not spots:
        return query
    df = index.df([query.stems[i] for i in spots])
    unknown = {i for i in spots if df[query.stems[i]] == 0 and not index.starts_phrase(query.stems[i])}
    if not unknown:
        return query
    from .query import Query  # not at import: the index builder reads this module too

    return Query(text=query.text, tokens=query.tokens, stems=query.stems,
                 content=[i for i in query.content if i not in unknown], corrected=query.corrected)
