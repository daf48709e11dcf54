"""WeasyPrint's HTML parser (tinyhtml5) keeps the regular expression it makes for each set of
characters it reads up to, so as to make it once; but it files it under the expression itself,
not under the characters it then looks for (2.1.0, inputstream.py), and so makes it anew at every
call: some 4,600 times a rulebook, two fifths of parsing one (Rattlebones' book: 0.21 -> 0.13 s
of CPU).

``install`` wraps the reading function: the first time a set of characters is read up to, the
expression the parser made and filed is filed under those characters too, where the parser looks
next time. The same expression, so the same parse. Installed by pdf.py, handed tinyhtml5's
inputstream module; anything not as expected (another tinyhtml5) leaves the parser as it is.
"""
from __future__ import annotations

from typing import Any


def install(inputstream: Any) -> bool:
    """Wrap ``HTMLUnicodeInputStream.chars_until`` once; False if the module is not as expected."""
    stream: Any = getattr(inputstream, "HTMLUnicodeInputStream", None)
    cache = getattr(inputstream, "characters_until_regex", None)
    original = getattr(stream, "chars_until", None)
    if not isinstance(cache, dict) or original is None:
        return False
    if getattr(original, "_files_by_characters", False):
        return True

    def chars_until(self, characters, opposite=False):
        key = (characters, opposite)
        if key in cache:
            return original(self, characters, opposite)
        before = set(cache)
        result = original(self, characters, opposite)
        made = [filed for filed in cache if filed not in before]
        if len(made) == 1:  # the expression just made: found under these characters from now on
            cache[key] = cache[made[0]]
        return result

    chars_until._files_by_characters = True  # type: ignore[attr-defined]
    chars_until.__wrapped__ = original  # type: ignore[attr-defined]
    stream.chars_until = chars_until
    return True
