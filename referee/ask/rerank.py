"""Re-order the search's first few sections with a learned score.

search.py's hand-set score finds the right neighbourhood (96 % of questions have the right section
in its first three) but often picks the wrong one of two near sections: a parent or its child,
two steps of one turn, a rule or its table. Here each of the first CANDIDATES sections scoring
within NEAR of the first (a clear lead stands: on held-out folds that gained more) is
described by features of the question and the section, relative to the other candidates (its
depth and whether a parent or child of it is also a candidate, how much of its title the
question says, how much of the question one of its sentences says, whether it holds the numbers
asked, what kind of doc matched it and what kind of question this is ...), and ranked by the
weighted sum of them. The weights are fitted pairwise (right section over each wrong one) on the
tuning questions by tests/ask_questions/fit_rerank.py and kept as data in rerank_weights.py;
boosted trees fitted on what that sum gets wrong add to it (boost.py, rerank_trees.py). At run
time this is pure Python over a handful of sections. With no weights (WEIGHTS empty) the
order is left as the search made it.

The re-ordered sections keep the search's scores in falling order (the first gets the highest),
so the confidence still sees how close the first two came. Two rules stand over the weights: a
section whose written question is the player's (asked 1.0) stays first, and a section about ties
answers a question about winning only when a tie is asked (ties_when_asked, after the rest).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from operator import mul
from weakref import WeakKeyDictionary

from .boost import Booster
from .intent import DEFINITION, HAPPENS, LIST, NUMBER, WHO_WINS, YES_NO
from .lazy_re import lazy
from .query import Query, generic_stems, intent_of, stems_of
from .rerank_trees import NAMES as TREE_NAMES
from .rerank_trees import TREES as FITTED_TREES
from .rerank_weights import WEIGHTS as FITTED
from .store import GameIndex
from .text import words

CANDIDATES = 3
NEAR = 0.6  # only sections scoring this close to the first are re-ordered: a clear lead stands
# Features are rounded: a sum over a set of words differs in its last bits with the order the
# set holds them, which changes with each process's hash seed, and a tree's threshold can fall
# between two such sums (the same question was answered two ways, one process or another).
FEATURE_DIGITS = 9
EXACT_ASK = 0.999  # asked.ask_matches: a written question with the player's words, no more, no fewer
DOC_KINDS = ("rule", "glossary", "faq", "card", "table", "row", "value")

FEATURES = (
    "first", "rank", "score", "coverage", "fts", "phrase", "asked", "score_no_asks", "coverage_no_asks",
    "depth", "optional", "parent_of_candidate", "child_of_candidate", "child_of_first", "parent_of_first",
    "has_children", "title_said", "said_in_title", "length", "numbers_held",
    *(f"doc_{k}" for k in DOC_KINDS), "doc_none",
    "number_x_digits", "list_x_children", "definition_x_glossary", "happens_x_depth", "yes_no_x_faq",
    "number_x_table", "own_text", "setup_x_start", "components_x_number", "happens_x_title", "sentence",
    "in_setup", "in_components", "opening",
)
# Each kind of question weighs these its own way ("how many" leans to a table, "what happens" to
# a narrow step): one feature per kind and name, the name's value for questions of that kind.
INTENTS = (NUMBER, YES_NO, HAPPENS, WHO_WINS, DEFINITION, LIST)
CROSSED = ("depth", "has_children", "title_said", "own_text", "data_doc", "coverage", "first", "sentence")
FEATURES = FEATURES + tuple(f"{k}:{name}" for k in INTENTS for name in CROSSED)
# A game without `asks:` lists (a designer's) tells near sections apart by its titles and text
# alone: these weigh their own way there.
NO_ASKS = ("title_said", "own_text", "fts", "phrase", "sentence", "in_setup", "in_components", "opening")
FEATURES = FEATURES + tuple(f"no_asks:{name}" for name in NO_ASKS)
# Boosted trees added to the weighted sum (boost.py), fitted on top of the shipped WEIGHTS:
# whoever replaces WEIGHTS replaces these too (fit_rerank.py; an empty Booster() adds nothing).
TREES = Booster(TREE_NAMES, FITTED_TREES, FEATURES)
_DOC_KEYS = tuple((f"doc_{k}", k) for k in DOC_KINDS)
_NO_ASKS_KEYS = tuple((f"no_asks:{name}", name) for name in NO_ASKS)
_START = lazy(r"(?<!false )\b(start|starting|begin|beginning|set ?up|setting up|initial|initially|first turn)\b")
_COMPONENTS = frozenset({"components", "contents", "what's in the box"})

# Fitted weights, one per feature name (a missing name weighs 0); replaced by fit_rerank.py.
WEIGHTS: dict[str, float] = dict(FITTED)
# tests/ask_questions/fit_rerank.py sets this to see each question's candidates and features.
capture: Callable[[GameIndex, Query, list[tuple[str, list[float]]]], None] | None = None

_DIGITS = lazy(r"\d+")
_SENTENCE_END = lazy(r"(?<=[.!?;])\s+")


def rerank(index: GameIndex, query: Query, hits: list, idf: dict[str, float], total: float) -> None:
    """Re-order hits[:CANDIDATES] in place by the learned score (see the module's note)."""
    if len(hits) < 2 or (not WEIGHTS and capture is None):
        return
    head = [h for h in hits[:CANDIDATES] if h.score >= NEAR * hits[0].score]
    if len(head) < 2:
        return
    rows = features(index, query, head, idf, total)
    if capture is not None:
        capture(index, query, [(h.rule, row) for h, row in zip(head, rows)])
    if not WEIGHTS or not set(query.content_stems) - generic_stems():
        return  # only everyday words ("what is the game about?"): nothing to tell near sections apart by
    weights = [WEIGHTS.get(name, 0.0) for name in FEATURES]
    learned = [sum(map(mul, weights, row)) for row in rows]  # w * x, summed in order
    if TREES:
        learned = [value + TREES.score(row) for value, row in zip(learned, rows)]
    scores = [h.score for h in head]
    order = sorted(range(len(head)), key=lambda i: -learned[i])
    # A section whose written question is the player's in the same words and of the same kind
    # (asked 1.0) stays ahead of any that has none so close: "how do I win" is the aim's.
    exact = [i for i in order if head[i].asked >= EXACT_ASK]
    if exact and head[order[0]].asked < EXACT_ASK:
        order.remove(exact[0])
        order.insert(0, exact[0])
    hits[:len(head)] = [head[i] for i in order]
    for hit, score in zip(hits, scores):
        hit.score = score


def features(index: GameIndex, query: Query, head: list, idf: dict[str, float], total: float) -> list[list[float]]:
    rules = index.rules
    ids = [h.rule for h in head]
    in_head = set(ids)
    parents = {rules[r].parent for r in ids if r in rules}
    top_score = head[0].score or 1.0
    first = rules.get(ids[0])
    has_asks = index.lists_questions()
    kind = intent_of(query.text)
    asked_stems = set(query.content_stems)
    numbers = {str(n) for _i, n in query.numbers()}
    starting = bool(_START.search(query.text.lower()))
    statics = _statics(index, ids)
    opening = index.opening()
    crossed = [(f"{kind}:{name}", name) for name in CROSSED]  # the names, made once, not once a hit
    at_of = _places()
    rows = []
    for rank, hit in enumerate(head):
        info = rules[hit.rule]
        title_set, own, digits, length, children, in_setup, under_components, sentences = statics[rank]
        title_said = len(title_set & asked_stems) / len(title_set) if title_set else 0.0
        said_in_title = sum(idf.get(s, 0.0) for s in asked_stems & title_set) / (total or 1.0)
        doc_kind = hit.best_doc[0] if hit.best_doc else ""
        coverage = hit.coverage
        own_text = sum(idf.get(s, 0.0) for s in asked_stems & own) / (total or 1.0)
        # How much of the question one sentence of the section, or of the card or entry matched,
        # says: a reader finds the sentence that answers ("the auctioneer never bids on a lot").
        if doc_kind not in ("", "rule") and len(hit.best_doc) > 3:  # a card's or entry's own words
            sentences = [*sentences, *_sentences(index, hit.best_doc[3])]
        sentence = max((sum(idf.get(s, 0.0) for s in asked_stems & said) for said in sentences),
                       default=0.0) / (total or 1.0)
        f = {
            "first": float(rank == 0), "rank": math.log1p(rank), "score": hit.score / top_score,
            "coverage": coverage, "fts": hit.fts, "phrase": min(hit.phrase, 1.5), "asked": hit.asked,
            "score_no_asks": 0.0 if has_asks else hit.score / top_score,
            "coverage_no_asks": 0.0 if has_asks else coverage,
            "depth": float(info.depth), "optional": float(info.optional),
            "parent_of_candidate": float(hit.rule in parents),
            "child_of_candidate": float(bool(info.parent) and info.parent in in_head),
            "child_of_first": float(first is not None and info.parent == first.id),
            "parent_of_first": float(first is not None and first.parent == hit.rule),
            "has_children": float(children), "title_said": title_said, "said_in_title": said_in_title,
            "length": length,
            "numbers_held": float(bool(numbers) and numbers <= digits),
            "doc_none": float(doc_kind == ""),
            "number_x_digits": float(kind == NUMBER and bool(digits)),
            "list_x_children": float(kind == LIST and children),
            "definition_x_glossary": float(kind == DEFINITION and doc_kind in ("glossary", "card")),
            "happens_x_depth": float(info.depth) if kind == HAPPENS else 0.0,
            "yes_no_x_faq": float(kind == YES_NO and doc_kind == "faq"),
            "number_x_table": float(kind == NUMBER and doc_kind in ("table", "row", "value")),
            "own_text": own_text,
            "setup_x_start": float(starting and in_setup),
            "components_x_number": float(kind == NUMBER and under_components),
            "happens_x_title": title_said if kind == HAPPENS else 0.0, "sentence": sentence,
            # the hubs a designer's rules lean on, which name nearly everything: the set-up, the
            # box's contents, the opening (blind sets 54-59 cited them first 77 times in 344 misses)
            "in_setup": float(in_setup), "in_components": float(under_components),
            "opening": float(hit.rule == opening),
        }
        for key, k in _DOC_KEYS:
            f[key] = float(doc_kind == k)
        f["data_doc"] = float(doc_kind in ("table", "row", "value"))
        for key, name in crossed:
            f[key] = f[name]
        if not has_asks:
            for key, name in _NO_ASKS_KEYS:
                f[key] = f[name]
        row = [0.0] * len(FEATURES)  # each feature's value at its place (FEATURES: no name twice), 0.0 if none
        for name, value in f.items():
            at = at_of.get(name)
            if at is not None:
                row[at] = round(value, FEATURE_DIGITS)
        rows.append(row)
    return rows


_AT: tuple[tuple[str, ...], dict[str, int]] | None = None  # FEATURES (fit_rerank.py may extend it) and each name's place


def _places() -> dict[str, int]:
    global _AT
    if _AT is None or _AT[0] is not FEATURES:
        _AT = (FEATURES, {name: at for at, name in enumerate(FEATURES)})
    return _AT[1]


# Per index, what features() reads of each section whatever the question: its title's and text's
# stems, the numbers its text holds, its length, whether it has sub-sections, is in the set-up, is
# under the components, each sentence's stems; made the first time the section is a candidate.
# The sentences' stems of a card or entry matched are kept by its text, as met.
_STATIC: WeakKeyDictionary[GameIndex, dict[str, tuple]] = WeakKeyDictionary()
_SENTENCES: WeakKeyDictionary[GameIndex, dict[str, list[frozenset[str]]]] = WeakKeyDictionary()


def _statics(index: GameIndex, ids: list[str]) -> list[tuple]:
    kept = _STATIC.get(index)
    if kept is None:
        kept = _STATIC[index] = {}
    new = [r for r in dict.fromkeys(ids) if r not in kept]
    for r, (title_set, own) in zip(new, index.rule_stems(new, stems_of)):
        text = index.rules[r].text or ""
        kept[r] = (title_set, own, set(_DIGITS.findall(text)), math.log1p(len(text.split())) / 5.0,
                   index.has_children(r), index.in_setup(r), index.under(r, _COMPONENTS),
                   _sentences(index, text))
    return [kept[r] for r in ids]


def _sentences(index: GameIndex, text: str) -> list[frozenset[str]]:
    """The stems of each sentence of a text, kept per index by the text."""
    kept = _SENTENCES.get(index)
    if kept is None:
        kept = _SENTENCES[index] = {}
    if text not in kept:
        kept[text] = [frozenset(stems_of(words(said))) for said in _SENTENCE_END.split(text)]
    return kept[text]


# A section about ties ("Ties", "If it's a tie", "Tie-breaks") says who wins only when players
# tie: asked "how do you win this" with no tie said, its "wins" must not outrank the goal.
_TIE_TITLE = lazy(r"\b(tie|ties|tied)\b|\btie-?breaks?\b", triggers=("tie",))
_TIE_ASKED = lazy(r"\b(tie|ties|tied|tying|tiebreaks?|draw|drawn|level|equal|equally|same|both|split|share|shared|even)\b")
_WIN_ASKED = lazy(r"\b(win|wins|winner|winning|won)\b", triggers=("win", "won"))


def settle_first(index: GameIndex, query: Query, hits: list) -> None:
    """The last checks of first place, after the re-ranker: a tie's section asked of no tie, a
    component's line asked what the component does, a section dealing with no one asked of
    dealing with others."""
    ties_when_asked(index, query, hits)
    component_yields_to_what_it_does(query, hits)
    dealing_goes_to_dealers(index, query, hits)


def ties_when_asked(index: GameIndex, query: Query, hits: list) -> None:
    """A tie's section ranked first for a question about winning that says no tie yields to the
    first of the next two that is no tie's; it takes the first's score, so the confidence sees a
    near-tie. (Asked what a tie's section holds besides, "all five stock tickets", it stands.)"""
    text = query.text.lower()
    if len(hits) < 2 or not _WIN_ASKED.search(text) or _TIE_ASKED.search(text):
        return
    first = index.rules.get(hits[0].rule)
    if first is None or not _TIE_TITLE.search(first.title.lower()):
        return
    for j, hit in enumerate(hits[1:3], start=1):
        info = index.rules.get(hit.rule)
        if info is not None and not _TIE_TITLE.search(info.title.lower()):
            hit.score = hits[0].score
            hits.insert(0, hits.pop(j))
            return


# "what do rust tokens actually do", "what does the teacher card do": a component's line in the
# box's list ("4 Teacher cards.") says how many there are, not what they do; the section next in
# line does (each of the three such tuning questions was answered by the list, wrongly).
_WHAT_IT_DOES = lazy(r"\bwhat (does|do)\b.*\bdo\W*$|\bwhat (is|are) (the |a |an )?[\w ]+ for\W*$", triggers=("what",))


def component_yields_to_what_it_does(query: Query, hits: list) -> None:
    """A component's line ranked first for "what does it do" yields to the next section, which
    takes its score (so the confidence sees a near-tie)."""
    if len(hits) < 2 or not hits[0].best_doc or hits[0].best_doc[0] != "component":
        return
    if not _WHAT_IT_DOES.search(query.text.lower()):
        return
    hits[1].score = hits[0].score
    hits.insert(0, hits.pop(1))


def dealing_goes_to_dealers(index: GameIndex, query: Query, hits: list) -> None:
    """Asked about dealing with other players ("can we trade runes with each other"), a first
    section that deals with no one (Runes and Bones' swap of runes with the bag, titled "Trade
    runes") yields to the first of the next two that deals with others: titled or saying a sentence
    for that kind of dealing, and speaking of other players. It takes the first's score."""
    from .answers.base import content_stems, sentences_of
    from .unsaid import DEALING, DEALING_KINDS, OTHERS, dealing_kind

    found = DEALING.search(query.text.lower()) if len(hits) > 1 else None
    if not found:
        return
    dealing = frozenset(stems_of(list(DEALING_KINDS[dealing_kind(found.group(1))])))

    def deals(rule: str) -> bool:
        info = index.rules.get(rule)
        if info is None or not OTHERS.search((info.text or "").lower()):
            return False
        return bool(dealing & set(content_stems(info.title or ""))) or any(
            dealing & set(content_stems(s)) and OTHERS.search(s.lower()) for s in sentences_of(info.text or ""))

    if deals(hits[0].rule):
        return
    for j, hit in enumerate(hits[1:3], start=1):
        if deals(hit.rule):
            hit.score = hits[0].score
            hits.insert(0, hits.pop(j))
            return
