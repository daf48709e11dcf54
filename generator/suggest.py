"""'Did you mean' for misspelled keys and ids: the one phrasing and matching for `cards` and
`referee` alike (the referee imports it only when a name is wrong)."""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from itertools import islice
from pathlib import Path

MAX_LISTED = 2000  # files read from one folder for a guess, so a huge folder stays cheap


def did_you_mean(word: str, choices: Iterable[str], *, most: int = 1,
                 shown_as: Callable[[str], str] | None = None) -> str | None:
    """"did you mean 'white'?" (or "'fire axe' or 'fire'?" with ``most=2``) for the closest
    choices, or None. ``shown_as`` maps a spelling to the name to offer, so two spellings of one
    thing ('fire axe', 'axe of fire') are offered once."""
    names = [str(c) for c in choices]
    matches = difflib.get_close_matches(str(word), names, n=most if shown_as is None else 8, cutoff=0.6)
    shown: list[str] = []
    for match in matches:
        name = shown_as(match) if shown_as else match
        if name not in shown:
            shown.append(name)
    return "did you mean " + " or ".join(f"'{name}'" for name in shown[:most]) + "?" if shown else None


def closest_hint(word: str, choices: Iterable[str], kind: str) -> str:
    choices = sorted(set(choices))
    guess = did_you_mean(word, choices)
    if guess:
        return guess
    if not choices:
        return f"this game defines no {kind}s yet"
    shown = ", ".join(choices[:8]) + (" ..." if len(choices) > 8 else "")
    return f"known {kind}s: {shown}"


def did_you_mean_file(target: Path, written: str, suffixes: tuple[str, ...] | None = None) -> str | None:
    """'Did you mean' for a file that does not exist: the closest name in its folder (``suffixes``
    kept only, lower case), given as the designer wrote the path (``fonts/VeraBd.ttf``)."""
    if not target.parent.is_dir():
        return None
    listed = islice(target.parent.iterdir(), MAX_LISTED)
    names = [p.name for p in listed if p.is_file() and (suffixes is None or p.suffix.lower() in suffixes)]
    matches = difflib.get_close_matches(target.name, names, n=1, cutoff=0.6)
    if not matches:
        return None
    folder = written[:len(written) - len(target.name)] if written.endswith(target.name) else ""
    return f"did you mean '{folder}{matches[0]}'?"
