"""Which section an answer cites first, when the search and a computed answer both offer one,
or the search's first is one of several near sections: a namesake, a variant nobody asked
about, a list's parent, a sub-section a phrase names (engine.answer_in asks these)."""
from __future__ import annotations

from .answers import Computed
from .search import RuleHit, SearchResult
from .store import NAME_KINDS, GameIndex
from .unasked import asks_variant

LIST_PARENT = 0.7  # a list's parent section within this of its first-ranked item answers a list question
SURE_SEARCH_OVER = 0.9  # a computed answer this sure goes first even when the search names another outright


def namesake_ranked_higher(index: GameIndex, result: SearchResult, rule: str) -> bool:
    """The search ranks first another section of the same name as `rule` (the Arrow space, not
    the Arrow side): the question's other words chose between them."""
    top = result.top
    if top is None or top.rule == rule or rule not in index.rules or top.rule not in index.rules:
        return False
    return index.rules[top.rule].title.lower() == index.rules[rule].title.lower()


def whole_list(index: GameIndex, result: SearchResult, top: RuleHit) -> RuleHit:
    """For a question after a list ("what are the phases of a fight?"), the section whose
    sub-sections are the items, when the search ranks it near the top (`top`, its first hit) with
    one of them first."""
    info = index.rules.get(top.rule)
    for hit in result.hits[1:3]:
        if info is not None and info.parent == hit.rule and hit.score >= LIST_PARENT * top.score:
            return hit
    return top


def search_names_outright(result: SearchResult, confidence: float, lead: Computed, separation: float) -> bool:
    """The search names one section outright (the whole question covered, a name of it said,
    nothing near it) and the computed answer, surer only by its kind, comes from elsewhere ("what
    does a code like 3-4 mean": Reading the codes, not what a 3 then a 4 leads to). Not against
    who is at zero, which reads "I" where a name says "zero bones" of the pot."""
    top = result.top
    return (top is not None and top.rule not in [lead.rule, *lead.also] and lead.kind != "at-zero"
            and lead.confidence < SURE_SEARCH_OVER and min(confidence, top.coverage, top.phrase, separation) >= 0.999)


def narrower(index: GameIndex, result: SearchResult, rule: str) -> str:
    """A sub-section of `rule` that a phrase of the question names and the search ranks near the
    top ("Ties for stock" for a question on a tie, answered from the stock table's rows), else
    `rule`: the narrowest section that says it is the one to cite."""
    for hit in result.hits[:3]:
        info = index.rules.get(hit.rule)
        if info is not None and info.parent == rule and hit.phrase > 0:
            return hit.rule
    return rule


def variant_unasked(index: GameIndex, result: SearchResult, rule: str) -> bool:
    """`rule` is a variant's (optional) section that the question does not ask about and the
    search does not rank first ("banners gave me 5 runes mid round" is no question of the
    six-round variant's chart), or the question names another variant ("with the rising cost
    variant, what does a rune cost in round 3" neither)."""
    info = index.rules.get(rule)
    if info is None or not info.optional:
        return False
    named = {h.phrase.rule for h in result.phrases
             if h.phrase.kind in NAME_KINDS and h.phrase.rule in index.rules and index.rules[h.phrase.rule].optional}
    named = {n for n in named if not any(m.startswith(n + ".") for m in named)}  # "the rising cost variant": not all variants
    if named and not any(rule == n or rule.startswith(n + ".") for n in named):
        return True
    top = result.top
    return not asks_variant(result.query) and (top is None or top.rule != rule)
