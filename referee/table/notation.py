"""Reading moves as people say them: shared helpers for every game's ``parse``.

Forgiving about case, dashes, articles and a colon after the name ("Ana: play the Fire-Axe" reads
as "ana play fire axe"); never guessing: a name that matches nothing exactly is refused with a
"did you mean" (generator.suggest's, as `cards` words it), so a misspelt rune is never silently taken for another.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from referee.table.engine import Ambiguous, Unreadable

MAX_MOVE_LENGTH = 300  # characters; a move at the table is a sentence, not a file
FILLER = frozenset({"a", "an", "the", "his", "her", "their", "my", "of", "with", "to", "and", "then"})


def words(text: str, keep: Iterable[str] = ()) -> list[str]:
    """Lower-case words, dashes and underscores as spaces, punctuation dropped, filler words
    (articles, "my", "with" ...) left out unless listed in ``keep``."""
    if len(text) > MAX_MOVE_LENGTH:
        raise Unreadable(f"a move is at most {MAX_MOVE_LENGTH} characters (this one has {len(text)})",
                         expected="a short sentence such as the examples")
    keep = set(keep)
    cleaned = _PUNCTUATION.sub(" ", text.lower().replace("-", " ").replace("_", " "))
    cleaned = _SIGNS.sub(r" \1 ", cleaned)
    return [w for w in cleaned.split() if w not in FILLER or w in keep]


# Compiled once: every move read (and every listed move in the tests' round trips) goes through words.
_PUNCTUATION = re.compile(r"[^\w\s:=,+]")
_SIGNS = re.compile(r"([:,=+])")


def take_player(tokens: list[str], players: list[str]) -> tuple[str, list[str]]:
    """Split "ana plays fire axe" (or "ana : play ...") into ("ana", ["plays", "fire", "axe"]).
    A name that is no player's is refused with the closest name."""
    if not tokens:
        raise Unreadable("no move given", expected="a player's name, then what they do")
    by_lower = {p.lower(): p for p in players}
    first = tokens[0]
    if first in by_lower:
        rest = tokens[1:]
        if rest and rest[0] == ":":
            rest = rest[1:]
        return by_lower[first], rest
    raise Unreadable(f"'{first}' is not a player in this game (players: {', '.join(players)})",
                     expected="a player's name first", hint=did_you_mean(first, list(by_lower)))


def verb(token: str, forms: Mapping[str, Iterable[str]]) -> str | None:
    """The verb a token stands for: forms = {"play": ("play", "plays", "played")}."""
    for name, spellings in forms.items():
        if token in spellings:
            return name
    return None


def match_phrase(tokens: list[str], names: dict[str, str], what: str) -> tuple[str, list[str]]:
    """The longest leading phrase of ``tokens`` that is a known name.

    ``names`` maps every accepted spelling (lower case, words separated by one space) to an id.
    Returns (id, remaining tokens). Unknown: Unreadable with a "did you mean"."""
    # Longest first, from all the tokens: a phrase of more words than any name has is never
    # a name, and the few joins cost less than counting every name's words on each call.
    for size in range(len(tokens), 0, -1):
        phrase = " ".join(tokens[:size])
        if phrase in names:
            return names[phrase], tokens[size:]
    longest = max((len(n.split()) for n in names), default=1)
    shown = " ".join(tokens[:longest]) if tokens else ""
    if not shown:
        raise Unreadable(f"expected {what} here", expected=what)
    first_spelling: dict[str, str] = {}
    for spelling, name_id in names.items():
        first_spelling.setdefault(name_id, spelling)
    raise Unreadable(f"'{shown}' is not {what}", expected=what,
                     hint=did_you_mean(shown, list(names), lambda spelling: first_spelling[names[spelling]]))


def did_you_mean(text: str, choices: list[str], canonical: Callable[[str], str] | None = None) -> str:
    """"did you mean 'fire axe' or 'fire'?" (the two closest names), or an empty string, as a
    verdict's hint: generator.suggest's, the one `cards` prints too. ``canonical`` maps a
    spelling to the name to show, so two spellings of one thing are offered once."""
    if not text or not choices:
        return ""
    from generator.suggest import did_you_mean as suggest  # only paid for when a name is wrong

    return suggest(text, choices, most=2, shown_as=canonical) or ""


def one_reading(readings: list, describe) -> object:
    """The only reading, or Ambiguous listing them all (described by ``describe``)."""
    if len(readings) == 1:
        return readings[0]
    if not readings:
        raise Unreadable("no reading of these words is a move", expected="see `referee moves`")
    raise Ambiguous("these words can be read more than one way", [describe(r) for r in readings])
