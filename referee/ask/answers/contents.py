""""What's in the box?": the section that lists the game's components, whatever its title.

A designer calls it "What's in the bag", "In the biscuit tin" or "Kit list", and the index knows
it by what it lists (components_rule); the search alone matched "box" wherever a rule puts
something back in the box (Suds & Snips' bolting pet, 0.81). Asked only what the game comes with,
or what else one needs to play, the answer is that section, quoted from its start.
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import stems_of
from .base import Computed, Context, as_sentence, content_stems, sentences_of
from .confidence import CONFIDENCE

ASKED = lazy(r"^\W*(so |ok )?(what'?s|what is|what comes|whats|wat'?s) (in|inside|with) (the|this) (box|game)\W*$"
             r"|^\W*what (comes|do (we|you) get) (in|with) (the|this) (box|game)\W*$"
             r"|^\W*what'?s included\W*$|^\W*what (are the )?components\b(?: are there)?\W*$"
             # "what do i need from around the house to play", "what do i need besides the cards"
             r"|^\W*what (else )?do (i|we|you) need (to play|(to play )?(besides|apart from|other than|from around)"
             r" (the )?[\w ]{1,30}?( to play)?)\W*$",
             triggers=("what", "wat"))
OF_THE_BOX = frozenset(stems_of("what whats is in inside with the this box game comes come do we you get included "
                                "components are there so ok else need i play besides apart from other than around "
                                "house home kitchen card cards printed".split()))
SENTENCES = 2


def contents(ctx: Context) -> list[Computed]:
    if not ASKED.search(ctx.text):
        return []
    rule = ctx.rule_ok(ctx.index.data("components_rule"))
    if rule is None or set(ctx.qset) - OF_THE_BOX - set(content_stems(ctx.index.title or "")):
        return []
    said = sentences_of(ctx.index.rules[rule].text or "")[:SENTENCES]
    return [Computed(" ".join(as_sentence(s) for s in said), rule, CONFIDENCE["contents"], "contents")] if said else []
