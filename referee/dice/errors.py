"""The one error type of the dice package.

Everything wrong with a dice expression raises `DiceError` (a `ValueError`), which carries the
1-based column of the problem and the expression it was found in. The subclasses say at which
stage it was found, the way python-chess keeps syntax apart from legality:

- `DiceSyntaxError`: the text is not a well-formed expression (`3d6+`, `4d6kh`, `((1)`).
- `DiceLimitError`: well-formed but past a fixed limit (`1000000000d6`, `d100000`).
- `DiceError` itself: well-formed but meaningless here (an unknown die, keep on a symbol die,
  a division by zero).
"""

from __future__ import annotations


class DiceError(ValueError):
    """A dice expression that cannot be rolled; `str(e)` is one line, 'column N: ...'."""

    def __init__(self, message: str, column: int | None = None, source: str | None = None):
        self.message = message
        self.column = column
        self.source = source
        super().__init__(f"column {column}: {message}" if column else message)

    def with_source(self, source: str) -> "DiceError":
        """Attach the expression text (for the caret line) unless one is already attached."""
        if self.source is None:
            self.source = source
        return self

    def caret_lines(self) -> list[str]:
        """The expression and a caret under the offending column, for a terminal."""
        if self.source is None or not self.column:
            return []
        # Tabs and other odd whitespace would shift the caret: show them as spaces.
        shown = "".join(" " if ch.isspace() else ch for ch in self.source)
        return [f"  {shown}", "  " + " " * (self.column - 1) + "^"]


class DiceSyntaxError(DiceError):
    """The expression is not well formed."""


class DiceLimitError(DiceError):
    """The expression asks for more work than the limits allow."""


def explain(exc: BaseException) -> list[str] | None:
    """The lines a user sees for bad input to a dice command (exit 2), or None if ``exc`` is not
    bad input (a bug, which must not be hidden)."""
    if isinstance(exc, DiceError):
        lines = [f"referee: {exc}"]
        if not isinstance(exc, DiceLimitError):  # past a limit: one line is enough
            lines += exc.caret_lines()
        return lines
    from referee.dice.gamedice import game_data_errors

    if isinstance(exc, game_data_errors()):
        return [f"referee: {exc}"]
    if isinstance(exc, OSError):
        return [f"referee: {exc}"]
    return None
