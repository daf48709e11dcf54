"""'Did you mean' for misspelled keys and ids."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    matches = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else None


def closest_hint(word: str, choices: Iterable[str], kind: str) -> str:
    choices = sorted(set(choices))
    guess = did_you_mean(word, choices)
    if guess:
        return guess
    if not choices:
        return f"this game defines no {kind}s yet"
    shown = ", ".join(choices[:8]) + (" ..." if len(choices) > 8 else "")
    return f"known {kind}s: {shown}"
