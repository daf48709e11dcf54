"""How the referee writes: answers that end quietly when the reader goes (`referee ... | head`),
and no control character from a player's words reaching the terminal.

The referee echoes what it was given: a question, a move, a dice label, a game name. ESC, BEL or
a bidirectional override in them could recolour, beep or rewrite the terminal, so every stream
the referee writes to is wrapped by `clean_streams()`: such characters are written as \\uXXXX
escapes. The same escape is valid JSON for the same character, so --json output still means
exactly what it did.
"""
from __future__ import annotations

import os
import sys

# C0 controls but tab and newline, DEL, C1 controls, and the invisible marks that reorder or
# hide text (zero-width, bidirectional embeddings, overrides and isolates, line separators).
_CONTROLS = [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), *range(0x200B, 0x2010),
             *range(0x2028, 0x202F), *range(0x2066, 0x206A), 0xFEFF]
SAFE = {code: f"\\u{code:04x}" for code in _CONTROLS}


def clean(text: str) -> str:
    """`text` with every control character written as a visible \\uXXXX escape."""
    return text.translate(SAFE)


class _CleanStream:
    """A text stream that writes clean(text) to the stream it wraps; everything else is passed on."""

    def __init__(self, stream):  # noqa: ANN001
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(text.translate(SAFE))
        return len(text)

    def writelines(self, lines) -> None:  # noqa: ANN001
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def clean_streams() -> None:
    """Wrap sys.stdout and sys.stderr (once) so that nothing written shows a raw control character."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, _CleanStream):
            setattr(sys, name, _CleanStream(stream))


def print_out(text: str) -> None:
    try:
        print(text, flush=True)
    except BrokenPipeError:  # the reader has all it wants; stop writing to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
