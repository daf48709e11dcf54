"""Recursive-descent parser: dice expression text -> `Command` (see nodes.py).

Grammar (one function per rule below)::

    command   := [REPEAT] expr [LABEL] END          6x 4d6kh3 # stats
    expr      := term { ('+' | '-') term | term }   a term written right after a dice term,
                                                    with no operator, joins it in one pool:
                                                    "4 white 2 red" = "4 white + 2 red"
    term      := unary { ('*' | '/') unary }        '/' is floor division: -7/2 = -4
    unary     := '-' unary | primary
    primary   := INT [die] modifiers                3d6, 3 d4, 4 white   (count defaults to 1)
               | die modifiers                      d20, gamble, ribbon-of-bone:d4
               | INT | '(' expr ')'
    die       := DICE | NAME [':' (NAME | DICE)]    d6 d% D20 | white | game:die
    modifiers := { keep | reroll | explode | clamp | failure | success }, each kind at most once
    keep      := ('kh' | 'kl' | 'k' | 'dh' | 'dl') [INT]       k = kh; the count defaults to 1
    reroll    := ('r' | 'ro') cond                  r: while it matches (bounded); ro: once
    explode   := '!' [cond]                         default: on the highest face
    clamp     := ('mi' | 'ma') INT                  each die counts at least / at most INT
    failure   := 'f' cond
    success   := CMP INT
    cond      := [CMP] INT                          CMP is one of = > < >= <=; none means =

Only syntax and the allocation limits are checked here; whether a named die exists and a
modifier makes sense for it is the resolver's business (resolve.py).
"""

from __future__ import annotations

import re

from .errors import DiceError, DiceLimitError, DiceSyntaxError
from .limits import DEFAULT_LIMITS, Limits
from .nodes import Binary, Command, Compare, Dice, Group, Keep, Modifiers, NamedDie, Node, Number, StandardDie, Unary
from .tokens import T, Token, tokenize

_LOOKS_LIKE_MODIFIER = re.compile(r"(kh|kl|k|dh|dl|ro|r|mi|ma|f)[0-9]*", re.IGNORECASE)
_MODIFIER_WORD = re.compile(r"(?:(?:kh|kl|k|dh|dl|ro|r|mi|ma|f)[0-9]*)+", re.IGNORECASE)


def parse(source: str, limits: Limits = DEFAULT_LIMITS) -> Command:
    """Parse a whole command line. Raises DiceError (with `source` attached) on any problem."""
    if len(source) > limits.max_length:
        raise DiceLimitError(
            f"expression too long: {len(source):,} characters, the limit is {limits.max_length:,}",
            limits.max_length + 1, source)
    try:
        return _Parser(source, limits).command()
    except DiceError as exc:
        raise exc.with_source(source)


def _describe(tok: Token) -> str:
    if tok.kind == T.END:
        return "the end"
    if tok.kind == T.LABEL:
        return "'#'"
    return f"'{tok.text}'"


class _Parser:
    def __init__(self, source: str, limits: Limits):
        self.source = source
        self.limits = limits
        self.tokens = tokenize(source)
        self.i = 0
        self.depth = 0
        self.repeat = 1
        self.dice_total = 0
        self.last_end = 1  # column just past the last consumed token

    # -- token helpers ---------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.i + ahead, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != T.END:
            self.i += 1
            self.last_end = tok.end_col
        return tok

    def expected(self, what: str, after: Token | None) -> DiceError:
        """'expected X after Y[, found Z]'; at the end of input, point at Y (3d6+ -> column 4)."""
        tok = self.peek()
        at_end = tok.kind in (T.END, T.LABEL)
        message = f"expected {what}"
        if after is not None:
            message += f" after '{after.text}'"
        if not at_end:
            message += f", found {_describe(tok)}"
        elif after is None:
            message += ", found nothing"
        col = after.col if (at_end and after is not None) else tok.col
        return DiceSyntaxError(message, col)

    def enter(self, tok: Token) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise DiceLimitError(f"nested too deeply: the limit is {self.limits.max_depth} levels", tok.col)

    # -- grammar ---------------------------------------------------------------------------

    def command(self) -> Command:
        tok = self.peek()
        if tok.kind == T.REPEAT:
            self.advance()
            if tok.value < 1:  # type: ignore[operator]
                raise DiceSyntaxError(f"repeat count must be at least 1, not {tok.value}", tok.col)
            if tok.value > self.limits.max_repeat:  # type: ignore[operator]
                raise DiceLimitError(
                    f"too many repeats: {tok.value:,}, the limit is {self.limits.max_repeat:,}", tok.col)
            self.repeat = tok.value  # type: ignore[assignment]
        start = self.peek()
        expr = self.expr()
        expr_end = self.last_end
        label = None
        if self.peek().kind == T.LABEL:
            label = self.advance().text[1:].strip() or None
        tok = self.peek()
        if tok.kind != T.END:
            raise self.unexpected_after_expression(tok)
        expression = self.source[start.col - 1: expr_end - 1].strip()
        return Command(expr=expr, repeat=self.repeat, label=label, source=self.source, expression=expression)

    def unexpected_after_expression(self, tok: Token) -> DiceError:
        if tok.kind == T.CMP:
            return DiceSyntaxError(f"a success target like '{tok.text}4' goes right after dice, as in 10d6>=4", tok.col)
        if tok.kind == T.REPEAT:
            return DiceSyntaxError(f"a repeat like '{tok.text}' goes first, as in 6x 4d6kh3", tok.col)
        if tok.kind == T.RPAREN:
            return DiceSyntaxError("unexpected ')': no '(' is open", tok.col)
        if tok.kind in (T.KEEP, T.REROLL, T.EXPLODE, T.CLAMP, T.FAIL):
            return DiceSyntaxError(f"'{tok.text}' only goes right after dice, as in 4d6kh3", tok.col)
        return DiceSyntaxError(f"expected an operator (+ - * /) before {_describe(tok)}", tok.col)

    def expr(self, after: Token | None = None) -> Node:
        left = self.term(after)
        last = left
        while True:
            tok = self.peek()
            if tok.kind in (T.PLUS, T.MINUS):
                self.advance()
                last = self.term(tok)
                left = Binary(tok.text, left, last, tok.col)
            elif isinstance(last, Dice) and self.starts_die_term():
                self.check_not_detached_modifier(last)
                last = self.term(None)
                left = Binary(" ", left, last, tok.col)
            else:
                return left

    def starts_die_term(self) -> bool:
        tok = self.peek()
        if tok.kind in (T.DICE, T.NAME):
            return True
        return tok.kind == T.INT and self.peek(1).kind in (T.DICE, T.NAME)

    def check_not_detached_modifier(self, last: Dice) -> None:
        tok = self.peek()
        if tok.kind == T.NAME and not tok.attached and _LOOKS_LIKE_MODIFIER.fullmatch(tok.text):
            raise DiceSyntaxError(
                f"modifiers go right after the die, without a space: write {last.text}{tok.text}", tok.col)

    def term(self, after: Token | None) -> Node:
        left = self.unary(after)
        while True:
            tok = self.peek()
            if tok.kind not in (T.STAR, T.SLASH):
                return left
            self.advance()
            right = self.unary(tok)
            left = Binary(tok.text, left, right, tok.col)

    def unary(self, after: Token | None) -> Node:
        tok = self.peek()
        if tok.kind == T.MINUS:
            self.enter(tok)
            self.advance()
            node = Unary("-", self.unary(tok), tok.col)
            self.depth -= 1
            return node
        return self.primary(after)

    def primary(self, after: Token | None) -> Node:
        tok = self.peek()
        if tok.kind == T.INT:
            if self.peek(1).kind in (T.DICE, T.NAME):
                return self.dice()
            self.advance()
            return Number(tok.value, tok.col)  # type: ignore[arg-type]
        if tok.kind in (T.DICE, T.NAME):
            return self.dice()
        if tok.kind == T.LPAREN:
            self.enter(tok)
            self.advance()
            inner = self.expr(tok)
            if self.peek().kind != T.RPAREN:
                closing = self.peek()
                if closing.kind in (T.END, T.LABEL):
                    raise DiceSyntaxError("'(' is never closed: expected ')'", tok.col)
                raise self.expected(f"')' to close '(' at column {tok.col}", None)
            self.advance()
            self.depth -= 1
            return Group(inner, tok.col)
        if tok.kind == T.REPEAT:
            raise self.unexpected_after_expression(tok)
        if after is None and tok.kind in (T.END, T.LABEL):
            raise DiceSyntaxError("expected a dice expression (like 3d6 or 1d20+5), found nothing", tok.col)
        raise self.expected("a number or a die", after)

    def dice(self) -> Dice:
        first = self.peek()
        count = 1
        if first.kind == T.INT:
            count = self.advance().value  # type: ignore[assignment]
        total = (self.dice_total + count) * self.repeat
        if count > self.limits.max_dice or total > self.limits.max_dice:
            where = f"{count:,} dice here" if total == count else f"{total:,} dice in all"
            if self.repeat > 1:
                where += f" ({self.repeat} repeats)"
            raise DiceLimitError(f"too many dice: {where}, the limit is {self.limits.max_dice:,} per roll", first.col)
        self.dice_total += count
        ref = self.die_ref()
        if isinstance(ref, NamedDie) and ref.also_standard is None:
            self.split_named_modifiers()
        mods = self.modifiers()
        text = self.source[first.col - 1: self.last_end - 1]
        return Dice(count=count, ref=ref, mods=mods, col=first.col, text=text)

    def die_ref(self):
        tok = self.advance()
        if tok.kind == T.DICE:
            sides = tok.value
            if sides < 1:  # type: ignore[operator]
                raise DiceSyntaxError(f"a die needs at least 1 side: '{tok.text}'", tok.col)
            if sides > self.limits.max_sides:  # type: ignore[operator]
                raise DiceLimitError(
                    f"too many sides: {tok.text} has {sides:,}, the limit is {self.limits.max_sides:,}", tok.col)
            if tok.text[1:].isdigit():
                # written like a standard die; a game's die of that id, if any, wins
                return NamedDie(tok.text.lower(), None, StandardDie(sides), tok.col)  # type: ignore[arg-type]
            return StandardDie(sides)  # type: ignore[arg-type]
        if tok.kind != T.NAME:
            raise DiceSyntaxError(f"expected a die after the count, found {_describe(tok)}", tok.col)
        colon = self.peek()
        if colon.kind == T.COLON and colon.attached:
            self.advance()
            name = self.peek()
            if name.kind not in (T.NAME, T.DICE) or not name.attached:
                raise self.expected(f"a die of game '{tok.text}'", colon)
            self.advance()
            return NamedDie(name.text, tok.text, None, tok.col)
        return NamedDie(tok.text, None, None, tok.col)

    def split_named_modifiers(self) -> None:
        """A name swallows letters written after it, so a named die's letter modifiers stand
        apart: "4 white kh2". Re-read such a word as modifiers."""
        tok = self.peek()
        if tok.kind == T.NAME and not tok.attached and _MODIFIER_WORD.fullmatch(tok.text):
            spliced = tokenize(tok.text, modifiers_only=True, col=tok.col)[:-1]
            self.tokens[self.i:self.i + 1] = spliced

    def modifiers(self) -> Modifiers:
        found: dict[str, object] = {}
        seen: dict[str, Token] = {}

        def once(key: str, tok: Token, what: str) -> None:
            if key in seen:
                raise DiceSyntaxError(f"'{tok.text}' after '{seen[key].text}' at column {seen[key].col}: "
                                      f"one {what} per die", tok.col)
            seen[key] = tok

        while True:
            tok = self.peek()
            if not tok.attached and tok.kind != T.CMP:
                break
            if tok.kind == T.KEEP:
                once("keep", tok, "keep or drop")
                self.advance()
                n = 1
                if self.peek().kind == T.INT and self.peek().attached:
                    n = self.advance().value  # type: ignore[assignment]
                found["keep"] = Keep("kh" if tok.text == "k" else tok.text, n, tok.col)
            elif tok.kind == T.REROLL:
                once("reroll", tok, "reroll")
                self.advance()
                found["reroll"] = self.condition(tok, required=True)
                found["reroll_once"] = tok.text == "ro"
                found["reroll_col"] = tok.col
            elif tok.kind == T.EXPLODE:
                once("explode", tok, "'!'")
                self.advance()
                found["explodes"] = True
                found["explode"] = self.condition(tok, required=False)
                found["explode_col"] = tok.col
            elif tok.kind == T.CLAMP:
                key = "clamp_min" if tok.text == "mi" else "clamp_max"
                once(key, tok, f"'{tok.text}'")
                self.advance()
                num = self.peek()
                if num.kind != T.INT or not num.attached:
                    raise self.expected("a number", tok)
                found[key] = self.advance().value
                found["clamp_col"] = found.get("clamp_col") or tok.col
            elif tok.kind == T.FAIL:
                once("failure", tok, "failure target")
                self.advance()
                found["failure"] = self.condition(tok, required=True)
                found["failure_col"] = tok.col
            elif tok.kind == T.CMP:
                once("success", tok, "success target")
                self.advance()
                num = self.peek()
                if num.kind != T.INT or (tok.attached and not num.attached):
                    raise self.expected("a number", tok)
                found["success"] = Compare(tok.text, self.advance().value)  # type: ignore[arg-type]
                found["success_col"] = tok.col
            else:
                break
        return Modifiers(**found)  # type: ignore[arg-type]

    def condition(self, mod: Token, required: bool) -> Compare | None:
        tok = self.peek()
        if tok.kind == T.CMP and tok.attached:
            self.advance()
            num = self.peek()
            if num.kind != T.INT or not num.attached:
                raise self.expected("a number", tok)
            return Compare(tok.text, self.advance().value)  # type: ignore[arg-type]
        if tok.kind == T.INT and tok.attached:
            return Compare("=", self.advance().value)  # type: ignore[arg-type]
        if required:
            raise self.expected(f"a face or a comparison (like {mod.text}1 or {mod.text}<3)", mod)
        return None
