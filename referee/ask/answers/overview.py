""""What's this game about?": the game's opening section, which says what it is and what you are after.

Nearly every rulebook opens with that section, titled its designer's way ("The idea", "What's
going on", "The pitch", "Aim of the game"), and its words are seldom the player's, so the search
alone lands on whichever section says "game" or "about" ("whats this game about" found Cold
Spots' "Sunrise" at 0.81). Asked what the game is about, its idea, its point or a summary of it,
and nothing more (not "what's the point of changing the sides on the dice"), the answer is the
first section's opening, quoted; asked its goal or how one wins it ("how do you win hatch and
cast"), the opening's sentence on who wins; asked whether it is co-operative ("is this co-op or are
we against each other"), its sentence on playing together or alone. A game that opens with its
set-up or components has no such section, and gets no answer here.
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
             r"|^\W*(so )?(what('?s| is) )?(the |my |our )?(basic |main |end |overall |real )?goal\b"  # as intent rewrites "the idea of the game"
             # "what's the story here, who are we supposed to be": the opening sets the scene
             r"|^\W*(so )?what('?s| is) the (story|theme|setting|backstory|premise)\b"
             r"|\bwho (are we|am i|do we play as|do i play as)( supposed to be| meant to be| playing)?\W*$",
             triggers=("about", "idea", "point", "gist", "nutshell", "tl", "summary", "overview", "rundown", "recap",
                       "explain", "describe", "aim", "goal", "object", "story", "theme", "setting", "premise", "who"))
# The words such a question is made of; any other word asks something more particular.
OF_THE_GAME = frozenset(stems_of(
    "what whats is this the game games all really about basic main general whole big idea point gist nutshell tldr tl dr "
    "summary overview rundown recap explain describe aim goal object objective quick short brief "
    "in a of it so me us please give can you one line sentence story theme setting backstory premise here who are "
    "am we i supposed meant to be play playing as".split()))
# An opening section of these words is the set-up or the box's contents, not what the game is about.
NOT_AN_OVERVIEW = frozenset(stems_of("setup set up setting getting ready components contents box kit before start".split()))
# "How do you win?", "how do i win hatch and cast": the opening's sentence on winning, when the
# question asks nothing more (not "how do i win a fight"); 28 of 29 designer's games' blind
# questions so asked wanted the opening section.
WIN_ASKED = lazy(r"^\W*(so |ok |okay )?how (do|does|can|would|will) (you|i|we|u|one|someone|somebody|anyone|a player)"
                 r" (actually |even |ever )?win\b", triggers=("win",))
OF_WINNING = frozenset(stems_of("how do does can would will you i we u one someone somebody anyone a player actually even "
                                "ever win this the game it at so ok okay".split()))
# "Is this co-op or are we against each other?": what kind of game it is, the opening's to say
# (6 of 6 such tuning questions, asked of five designer's games, wanted it).
COOP_ASKED = lazy(r"\bco-?op(erative)?\b|\bco-operative\b|\bcompetitive\b|\bcompet(e|ing)\b|\bagainst (each other|one another)\b"
                  r"|\b(win|lose|work)s? (together|as a team)\b|\bteam game\b",  # intent.rewrite's "work together"
                  triggers=("co", "op", "compet", "against", "together", "team"))
OF_COOP = frozenset(stems_of("is this it the game a co op coop cooperative operative competitive or are we do does you they "
                             "play playing against each other one another someone somebody one win wins lose alone "
                             "work works together team teams everyone everybody all solo vs versus compete competing every man woman for "
                             "himself herself themselves yourself free".split()))
SAYS_TOGETHER = lazy(r"\b(co-?op\w*|co-operative|together|against|alone|each other|every(one|body) (wins|loses))\b")
# The words any question answered here is made of (engine: they count against no game).
OVERVIEW_WORDS = OF_THE_GAME | OF_WINNING | OF_COOP
GOAL_ASKED = lazy(r"\b(goal|aim|objective|object|point)\b", triggers=("goal", "aim", "object", "point"))
SAYS_GOAL = lazy(r"\b(wins?|winner|winning|whoever|goal|aim)\b")
# ... the surest first: "whoever has the most coins wins", not "play runes to win a pot".
SAYS_WHO_WINS = lazy(r"\b(wins|winner|whoever|win the game|most \w+)\b")
SENTENCES = 2  # the opening's first sentences make the short answer; the section is cited whole


def overview(ctx: Context) -> list[Computed]:
    winning = bool(WIN_ASKED.search(ctx.text))
    coop = not winning and bool(COOP_ASKED.search(ctx.text))
    if not (winning or coop or ASKED.search(ctx.text)):
        return []
    own_name = set(content_stems(ctx.index.title or ""))
    allowed = OF_WINNING if winning else OF_COOP if coop else OF_THE_GAME
    if {s for s in ctx.qset if not never_unknown(s)} - allowed - own_name:
        return []  # table talk aside: "what is runeblade even about"
    first = ctx.index.rules.get(ctx.index.opening())
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
    if winning and (child := _win_child(ctx, first.id)) is not None:
        said = sentences_of(child.text or "")  # "All home safe (you win)", under The Shout
        if said:
            return [Computed(as_sentence(said[0]), child.id, CONFIDENCE["overview"], "overview")]
    if winning and goal is None:
        return []  # an opening that never says how one wins does not answer it
    if coop:  # its sentence on playing together, else on who wins (one winner: not co-operative)
        goal = next((s for s in sentences if SAYS_TOGETHER.search(s.lower())),
                    next((s for s in sentences if SAYS_WHO_WINS.search(s.lower())),
                         next((s for s in sentences if " team" in s.lower()), None)))
    said = [goal] if goal else sentences[:SENTENCES]
    return [Computed(" ".join(as_sentence(s) for s in said), first.id, CONFIDENCE["overview"], "overview")]


WIN_TITLE = lazy(r"\b(win|wins|winning|winner|victory)\b")


def _win_child(ctx: Context, opening: str):
    """The opening's sub-section titled for winning, which says how one wins more plainly than
    the opening's own words ("The Shout" > "All home safe (you win)"), if it has one."""
    children = [r for r in ctx.index.rules.values() if r.parent == opening and WIN_TITLE.search((r.title or "").lower())]
    return children[0] if len(children) == 1 else None
