""""When does the game end?": the sentence of the game's end section that says when.

A designer titles the end their own way ("Closing Time", "When the water arrives", "Dawn"), and
its text seldom says "end" where a player does, so the search alone often lands on whichever
section mentions the game. The index knows the end section by what it says (roles.END_SAY: the
round finished, the same number of turns, then score, most ... wins); asked when or how the game
ends, the answer is that section's first sentence saying when, quoted. A game with written
questions (asks:) leaves this to them.
"""
from __future__ import annotations

from ..lazy_re import lazy
from .base import Computed, Context, as_sentence, sentences_of
from .confidence import CONFIDENCE

# (slang.py reads "end" as "win" or "run out" in a game that never says end: "when does the game win")
ASKED = lazy(r"\b(when|how) (does|do|will) (the|this|a|our) game (end|stop|finish|finishes|end up|win|run out)\b"
             r"|\b(when|how) is (the|this) game over\b|\bis (the|this) game over\b|\bwhen does it (all )?end\b"
             r"|\bwhat ends the game\b|\bhow long (does|do) (the|a|this) game (go on|last)\b",
             triggers=("game", "when does it"))
SAYS_WHEN = lazy(r"\b(when|as soon as|once|after|at the end of|if)\b")
# "when do we lose", "how can you lose": in a game all win or lose together, the end section's
# sentence on losing ("You lose if the lights reach 0 ..."), not the opening's "win or lose together".
LOSE_ASKED = lazy(r"^\W*(so |ok )?(when|how) (do|does|can|could|would|will) (we|you|i|u|everyone|everybody|the team)"
                  r" (all )?lose( the game)?\W*$|^\W*what makes (us|you|everyone|everybody) lose\W*$",
                  triggers=("lose",))
SAYS_LOSE = lazy(r"\blos(e|es|t|ing)\b")
# ... or the one section titled for losing ("A bad day at sea (you lose)"), wherever it is.
LOSE_TITLE = lazy(r"\b(you|we|everyone|everybody) lose\b|\blosing\b|\bdefeat\b|\bgame over\b")


def game_end(ctx: Context) -> list[Computed]:
    if ctx.index.lists_questions():
        return []
    if LOSE_ASKED.search(ctx.text):
        return _losing(ctx)
    rule = ctx.index.data("end_rule")
    if not rule or rule not in ctx.index.rules or not ASKED.search(ctx.text):
        return []
    sentences = sentences_of(ctx.index.rules[rule].text or "")
    said = next((s for s in sentences if SAYS_WHEN.search(s.lower())), sentences[0] if sentences else "")
    return [Computed(as_sentence(said), rule, CONFIDENCE["game-end"], "game-end")] if said else []


def _losing(ctx: Context) -> list[Computed]:
    """How the players lose: the section titled for it, whole (its list of ways to lose); else the
    end section's sentence on losing; nothing when it says nothing of losing."""
    titled = [r for r in ctx.index.rules.values() if LOSE_TITLE.search((r.title or "").lower())]
    if len(titled) == 1 and titled[0].text:
        return [Computed(titled[0].text.strip(), titled[0].id, CONFIDENCE["game-end"], "game-end")]
    rule = ctx.index.data("end_rule")
    if not rule or rule not in ctx.index.rules:
        return []
    said = next((s for s in sentences_of(ctx.index.rules[rule].text or "") if SAYS_LOSE.search(s.lower())), "")
    return [Computed(as_sentence(said), rule, CONFIDENCE["game-end"], "game-end")] if said else []
