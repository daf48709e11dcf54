""""What's this game about?": the game's opening section, which says what it is and what you are after.

Nearly every rulebook opens with that section, titled its designer's way ("The idea", "What's
going on", "The pitch", "Aim of the game"), and its words are seldom the player's, so the search
alone lands on whichever section says "game" or "about" ("whats this game about" found Cold
Spots' "Sunrise" at 0.81). Asked what the game is about, its idea, its point or a summary of it,
and nothing more (not "what's the point of changing the sides on the dice"), the answer is the
first section's opening, quoted; asked its goal or how one wins it ("how do you win hatch and
cast"), the opening's sentence on who wins. A game that opens with its set-up or components has
no such section, and gets no answer here.
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import never_unknown, stems_of
from ..text import words
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

ASKED = lazy(r"\bwhat('?s| is| s)? (this|the) game (all |really )?about\b|\bwhat('?s| is) it (all )?about\W*$"
             r"|\bwhat [\w ]{1,40} is (all |really )?about\W*$|^\W*what(?:'?s| is) [\w ]{1,40} (all |really )?about\W*$"
             r"|\b(basic|main|general|whole|big) (idea|point|gist)\b|\bin a nutshell\b|\btl;?dr\b"
             r"|\b(summary|overview|rundown|recap|gist) of (the|this) game\b|\b(explain|describe) (the|this) game\b"
             r"|^\W*(so )?what('?s| is) the (point|aim|goal|object|objective|idea)\b"
             r"|^\W*(so )?(what('?s| is) )?(the |my |our )?(basic |main |end |overall |real )?goal\b",  # as intent rewrites "the idea of the game"
             triggers=("about", "idea", "point", "gist", "nutshell", "tl", "summary", "overview", "rundown", "recap",
                       "explain", "describe", "aim", "goal", "object"))
# The words such a question is made of; any other word asks something more particular.
OF_THE_GAME = frozenset(stems_of(
    "what whats is this the game games all really about basic main general whole big idea point gist nutshell tldr tl dr "
    "summary overview rundown recap explain describe aim goal object objective quick short brief "
    "in a of it so me us please give can you one line sentence".split()))
# An opening section of these words is the set-up or the box's contents, not what the game is about.
NOT_AN_OVERVIEW = frozenset(stems_of("setup set up setting getting ready components contents box kit before start".split()))
# "How do you win?", "how do i win hatch and cast": the opening's sentence on winning, when the
# question asks nothing more (not "how do i win a fight"); 28 of 29 designer's games' blind
# questions so asked wanted the opening section.
WIN_ASKED = lazy(r"^\W*(so |ok |okay )?how (do|does|can|would|will) (you|i|we|u|one|someone|somebody|anyone|a player)"
                 r" (actually |even |ever )?win\b", triggers=("win",))
OF_WINNING = frozenset(stems_of("how do does can would will you i we u one someone somebody anyone a player actually even "
                                "ever win this the game it at so ok okay".split()))
GOAL_ASKED = lazy(r"\b(goal|aim|objective|object|point)\b", triggers=("goal", "aim", "object", "point"))
SAYS_GOAL = lazy(r"\b(wins?|winner|winning|whoever|goal|aim)\b")
# ... the surest first: "whoever has the most coins wins", not "play runes to win a pot".
SAYS_WHO_WINS = lazy(r"\b(wins|winner|whoever|win the game|most \w+)\b")
SENTENCES = 2  # the opening's first sentences make the short answer; the section is cited whole


def overview(ctx: Context) -> list[Computed]:
    winning = bool(WIN_ASKED.search(ctx.text))
    if not (winning or ASKED.search(ctx.text)):
        return []
    own_name = set(content_stems(ctx.index.title or ""))
    if {s for s in ctx.qset if not never_unknown(s)} - (OF_WINNING if winning else OF_THE_GAME) - own_name:
        return []  # table talk aside: "what is runeblade even about"
    first = min((r for r in ctx.index.rules.values() if not r.parent), key=lambda r: r.order, default=None)
    if first is None or ctx.index.in_setup(first.id) or set(stems_of(words(first.title or ""))) & NOT_AN_OVERVIEW:
        return []
    sentences = sentences_of(first.text or "")
    if not sentences:
        return []
    # Asked the goal, the opening's sentence on winning ("... the player with the most points
    # wins"), not its scene-setting first one.
    goal = next((s for s in sentences if SAYS_WHO_WINS.search(s.lower())),
                next((s for s in sentences if SAYS_GOAL.search(s.lower())), None)) \
        if winning or GOAL_ASKED.search(ctx.text) else None
    if winning and goal is None:
        return []  # an opening that never says how one wins does not answer it
    said = [goal] if goal else sentences[:SENTENCES]
    return [Computed(" ".join(as_sentence(s) for s in said), first.id, CONFIDENCE["overview"], "overview")]
