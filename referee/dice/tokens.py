"""Tokenizer for dice expressions.

The one context the tokenizer tracks: letters written right after a die (`4d6kh3`, `2d6ro1`,
`10d10>=8f1`) are *modifiers*, while letters elsewhere are *names* of game dice (`4 white`,
`ribbon-of-bone:d4`). A modifier run ends at the first character that cannot continue it
(whitespace, an operator, a parenthesis), so `4d6 kh3` is a die followed by an unknown name,
which the parser reports with a hint.
"""

from __future__ import annotations

import re

from .errors import DiceLimitError, DiceSyntaxError
from .record import record


class T:
    """Token kinds (plain strings: an Enum costs start-up time for nothing here)."""

    INT = "number"
    DICE = "die"  # d6, d%, D20: text carries the sides
    NAME = "name"  # a game die's id or colour: white, ribbon-of-bone
    COLON = "':'"
    PLUS = "'+'"
    MINUS = "'-'"
    STAR = "'*'"
    SLASH = "'/'"
    LPAREN = "'('"
    RPAREN = "')'"
    REPEAT = "repeat"  # '6x' in '6x 4d6kh3'
    LABEL = "label"  # '# attack' up to the end
    KEEP = "keep"  # kh kl k dh dl
    REROLL = "reroll"  # r ro
    EXPLODE = "'!'"
    CLAMP = "clamp"  # mi ma
    FAIL = "failure"  # f
    CMP = "comparison"  # >= <= > < =
    END = "end"


@record(eq=False)
class Token:
    kind: str  # one of T
    text: str
    col: int  # 1-based column of the first character
    attached: bool  # no whitespace between this token and the previous one
    value: int | None = None  # INT: the number; DICE: the sides; REPEAT: the count

    @property
    def end_col(self) -> int:
        return self.col + len(self.text)


_INT = re.compile(r"[0-9]+")
_DICE = re.compile(r"[dD]([0-9]+|%)")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z][A-Za-z0-9_]*)*")
# After an integer: 'x' makes it a repeat count when what follows cannot continue a name.
_REPEAT_TAIL = re.compile(r"[xX](?=$|\s|\(|[0-9]|[dD](?:[0-9]|%))")
_MODIFIER = re.compile(r"kh|kl|k|dh|dl|ro|r|mi|ma|f", re.IGNORECASE)
_CMP = re.compile(r">=|<=|>|<|=")
_MODIFIER_KIND = {"kh": T.KEEP, "kl": T.KEEP, "k": T.KEEP, "dh": T.KEEP, "dl": T.KEEP,
                  "ro": T.REROLL, "r": T.REROLL, "mi": T.CLAMP, "ma": T.CLAMP, "f": T.FAIL}
_SINGLE = {"+": T.PLUS, "-": T.MINUS, "*": T.STAR, "/": T.SLASH, "(": T.LPAREN, ")": T.RPAREN,
           ":": T.COLON, "!": T.EXPLODE}
# Tokens after which attached letters are modifiers of a die.
_SUFFIX_STARTERS = {T.DICE, T.NAME, T.KEEP, T.REROLL, T.EXPLODE, T.CLAMP, T.FAIL, T.CMP}

MODIFIER_HELP = "kh, kl, dh, dl, r, ro, !, mi, ma, f or a comparison like >=4"
MAX_DIGITS = 100  # longer numbers are a mistake (and Python refuses to read past 4,300 digits)


def tokenize(source: str, modifiers_only: bool = False, col: int = 1) -> list[Token]:
    """Split `source` into tokens, ending with one END token. Raises DiceSyntaxError.

    `modifiers_only` reads `source` as a run of modifiers (the parser uses it for "4 white kh2",
    where the modifiers of a named die stand apart); `col` is the column `source` starts at.
    """
    if col == 1:
        return _scan(source, modifiers_only)
    shift = col - 1
    try:
        tokens = _scan(source, modifiers_only)
    except DiceSyntaxError as exc:
        raise DiceSyntaxError(exc.message, (exc.column or 1) + shift) from None
    return [Token(t.kind, t.text, t.col + shift, t.attached, t.value) for t in tokens]


def _number(text: str, col: int) -> int:
    if len(text) > MAX_DIGITS:
        raise DiceLimitError(f"number too long: {len(text)} digits, the limit is {MAX_DIGITS}", col)
    return int(text)


def _scan(source: str, modifiers_only: bool) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    n = len(source)
    in_suffix = modifiers_only  # inside a modifier run right after a die
    while True:
        start = pos
        while pos < n and source[pos].isspace():
            pos += 1
        attached = pos == start and (bool(tokens) or modifiers_only)
        if pos != start:
            in_suffix = False
        if pos >= n:
            tokens.append(Token(T.END, "", pos + 1, attached))
            return tokens
        col = pos + 1
        ch = source[pos]

        if ch == "#":
            tokens.append(Token(T.LABEL, source[pos:], col, attached))
            tokens.append(Token(T.END, "", n + 1, False))
            return tokens

        if in_suffix:
            m = _MODIFIER.match(source, pos)
            if m and not _DICE.match(source, pos):
                word = m.group().lower()
                tokens.append(Token(_MODIFIER_KIND[word], word, col, True))
                pos = m.end()
                continue
            if ch.isalpha() or ch == "_":
                named = _NAME.match(source, pos)
                word = named.group() if named else ch
                raise DiceSyntaxError(f"unknown modifier '{word}' after a die; expected {MODIFIER_HELP}", col)
            m = _INT.match(source, pos)
            if m:
                tokens.append(Token(T.INT, m.group(), col, True, _number(m.group(), col)))
                pos = m.end()
                continue
            # anything else ends the modifier run and is read normally
            in_suffix = False

        m = _CMP.match(source, pos)
        if m:
            tokens.append(Token(T.CMP, m.group(), col, attached))
            pos = m.end()
            in_suffix = True
            continue
        if ch in _SINGLE:
            kind = _SINGLE[ch]
            tokens.append(Token(kind, ch, col, attached))
            pos += 1
            in_suffix = kind in _SUFFIX_STARTERS
            continue
        m = _INT.match(source, pos)
        if m:
            end = m.end()
            rep = _REPEAT_TAIL.match(source, end)
            if rep:
                tokens.append(Token(T.REPEAT, source[pos:rep.end()], col, attached, _number(m.group(), col)))
                pos = rep.end()
            else:
                tokens.append(Token(T.INT, m.group(), col, attached, _number(m.group(), col)))
                pos = end
            continue
        m = _DICE.match(source, pos)
        if m:
            sides = 100 if m.group(1) == "%" else _number(m.group(1), col + 1)
            tokens.append(Token(T.DICE, m.group(), col, attached, sides))
            pos = m.end()
            in_suffix = True
            continue
        m = _NAME.match(source, pos)
        if m:
            word = m.group()
            if word in ("d", "D"):
                raise DiceSyntaxError("expected the number of sides after 'd' (like d6, d20 or d%)", col)
            tokens.append(Token(T.NAME, word, col, attached))
            pos = m.end()
            in_suffix = True
            continue
        shown = repr(ch) if ch.isprintable() else f"character U+{ord(ch):04X}"
        raise DiceSyntaxError(f"unexpected {shown}", col)
