"""Find the rule sections a question is about: phrases players say, then BM25 over the index.

Three signals, all from the game's own data:

- **coverage**: how much of the question (its content words, weighted by rarity in this game)
  the section's best passage holds (its own text, or a glossary entry, FAQ or card pointing
  to it), so a section that answers the whole question in one place beats one that only
  gathers its words from here and there. A question made of words the game never uses covers
  nothing; that is what makes "what is the capital of France?" a "no good match".
- **phrases**: rule titles and aliases, glossary terms and aliases, card and table-row names
  found in the question (stemmed and without little words, so "end of the turn" finds the alias
  "end of turn"; typos corrected with rapidfuzz against the game's own names). An alias also
  stands for the thing it names: "hit points" covers a passage that says "health", and adds
  "health" to the full-text query. Likewise a set-up section ("Setting up", "Before you start")
  covers a question's "start": a designer writes "every keeper takes 2 steam" where a player
  asks what they start with.
- **BM25**: SQLite FTS5 ranks every doc (sections, glossary, FAQ, cards, tables ...) by the
  question and its expansions; each doc counts for the rule it points to.

Then the most specific section wins: one named together with its parent takes the parent's words
("the thief face": the Thief under Action sides, whose aliases say faces), and a parent ranked
first only a little ahead of its own sub-section yields to it. Last, the first few sections
scoring close together are re-ordered by a learned linear score (rerank.py), fitted on the
tuning questions and kept because it tells near sections apart better on held-out folds.
"""
from __future__ import annotations

import math
from operator import itemgetter

from .asked import ask_matches
from .cards import named_card_first
from .intent import DEFINITION, HAPPENS, YES_NO
from .intent import OTHER as OTHER_INTENT
from .phrases import NAME_KINDS, PhraseHit, match_phrases
from .query import Query, correct_typos, generic_stems, intent_of, never_unknown, order_asked, parse, stems_of  # noqa: F401  (re-exported)
from .rerank import rerank, settle_first
from .store import GameIndex
from .text import STOPWORDS, alternatives, words
from .unasked import Unasked

# bm25() weights, one per column of the docs table:
# kind, key, rule (unindexed), title, aliases, body, context, answer (unindexed).
BM25_WEIGHTS = (0.0, 0.0, 0.0, 3.0, 2.5, 1.0, 0.4, 0.0)
FTS_LIMIT = 60
# How much a phrase found in the question counts, by what it names.
PHRASE_KIND_WEIGHT = {
    "rule-title": 1.0, "rule-alias": 1.0, "term": 0.9, "term-alias": 0.9, "card": 0.8, "row": 0.8,
    "table": 0.6, "cycle-item": 0.5, "column": 0.3, "value": 0.5, "component": 0.5, "deck": 0.6,
    "die": 0.7, "face": 0.5, "piece": 0.6, "icon": 0.0, "bold-term": 0.8,
}
# A glossary term or a card named in a question that is not asking what it is ("my draw pile is
# empty, now what?") sets the scene: the rule about the situation is wanted, not the term's own.
THING_KINDS = ("term", "term-alias", "bold-term")
THING_IN_SCENE = 0.6
W_FTS = 0.35  # BM25, relative to the best rule's
W_PHRASE = 0.45  # phrases naming the rule
W_ASKED = 1.5  # a question the section answers (Rule.asks), as close to the player's as this
IDF_POWER = 0.4  # rare words weigh more than common ones, but not overwhelmingly (fitted on four folds)
GENERIC_WEIGHT = 0.5  # an everyday word, outside the names the game uses
# Words asking a thing's price: the box's count of it is no answer, neither its name in the kit
# list nor its line ("how much does an ice cream cost" was "15 Ice cream tokens.").
PRICED = frozenset({"cost", "costs", "price", "prices", "priced"})
LENGTH_BONUS = 0.5  # a phrase of n words counts 1 + 0.5 (n - 1) times: longer names say more
START_COVER = 0.9  # a set-up section covers a question's "start" ("how much steam do we start with")
SYNONYM = 0.9  # an alias covers a passage holding what it stands for, nearly as well as itself
FAQ_MATCH = 0.6  # an FAQ question this close to the player's counts like a title
FAQ_WEIGHT = 1.5
INHERIT = 1.0  # a section named with its parent adds the parent's phrase score
CHILD_TIE = 0.85  # a sub-section this close to its parent goes first


class RuleHit:
    """A candidate section: its score and the parts of it; best_doc is
    (kind, key, title, answer, bm25) of its best full-text match, if any."""

    __slots__ = ("rule", "score", "coverage", "fts", "phrase", "best_doc", "asked")

    def __init__(self, rule: str, score: float, coverage: float, fts: float, phrase: float,
                 best_doc: tuple | None = None, asked: float = 0.0):
        self.rule = rule
        self.score = score
        self.coverage = coverage
        self.fts = fts
        self.phrase = phrase
        self.best_doc = best_doc
        self.asked = asked  # how close the section's own written question comes (asked.py)


class SearchResult:
    """Ranked sections for a question, with what the ranking saw: phrases found, word weights,
    how many content words the game uses (a corrected typo counts half) and does not, and the
    share of the question inside phrases naming a rule."""

    def __init__(self, query: Query, hits: list[RuleHit], phrases: list[PhraseHit], idf: dict[str, float],
                 total_weight: float, known: float = 0.0, unknown: int = 0, named: float = 0.0,
                 unknown_stems: frozenset[str] = frozenset()):
        self.query = query
        self.hits = hits
        self.phrases = phrases
        self.idf = idf
        self.total_weight = total_weight
        self.known = known
        self.unknown = unknown
        self.named = named
        self.unknown_stems = unknown_stems  # the content words the game never uses

    @property
    def top(self) -> RuleHit | None:
        return self.hits[0] if self.hits else None


def term_stats(index: GameIndex, stems: list[str]):
    """Doc frequency and postings of canonical stems; a number counts as its words too."""
    alts = {s: alternatives(s) for s in stems}
    flat = [a for group in alts.values() for a in group]
    df_all = index.df(flat)
    post_all = index.postings(flat)
    df = {s: df_all[group[0]] if len(group) == 1 else max(df_all[a] for a in group) for s, group in alts.items()}
    post: dict[str, dict[int, tuple[str, float]]] = {}
    for s, group in alts.items():
        if len(group) == 1:  # most words: their postings as read (callers only read them)
            post[s] = post_all[group[0]]
            continue
        merged: dict[int, tuple[str, float]] = {}
        for a in group:
            for doc, (rule, weight) in post_all[a].items():
                if doc not in merged or weight > merged[doc][1]:
                    merged[doc] = (rule, weight)
        post[s] = merged
    return df, post


def weight(df: int, n_docs: int) -> float:
    """How much a word of the question counts: BM25's idf, flattened by IDF_POWER."""
    return math.log(1 + (n_docs - df + 0.5) / (df + 0.5)) ** IDF_POWER


def search(index: GameIndex, query: Query) -> SearchResult:
    content = query.content_stems
    phrases = match_phrases(index, query)
    canon_stems = {}  # glossary term -> its stems, for the aliases found
    for hit in phrases:
        canon = hit.phrase.canon
        if canon and canon not in canon_stems:
            canon_stems[canon] = [s for t, s in zip(words(canon), stems_of(words(canon))) if t not in STOPWORDS]
    lookup = list(dict.fromkeys(content + [s for group in canon_stems.values() for s in group]))
    df, postings = term_stats(index, lookup)
    n_docs = max(index.docs, 1)
    # Everyday words ("go", "out") weigh little, unless part of a name the game uses ("knocked out").
    everyday, in_phrases = generic_stems(), {query.stems[i] for h in phrases for i in h.positions}
    idf = {t: GENERIC_WEIGHT if t in everyday and t not in in_phrases else weight(df[t], n_docs) for t in content}
    total = sum(idf.values()) or 1.0

    doc_cover, doc_rule = _passages(query, content, phrases, canon_stems, postings)
    set_up = _setup_says_start(index, query, doc_cover, doc_rule)
    phrase_score, named = _phrase_scores(phrases, query, idf, total)
    _inherit(index, phrases, phrase_score, named)
    fts, best_doc, rows = _full_text(index, query, phrases)
    unread = [t for kind, _key, rule, title, _answer, _score in rows if kind == "faq" and rule and title not in _FAQ_STEMS
              for t in words(title) if t not in STOPWORDS]
    stems_of(unread)  # the FAQs' words in one stemmer call, not one an FAQ
    for kind, _key, rule, title, _answer, _score in rows:
        # An FAQ asking what the player asks, in nearly the same words, names its rule as
        # surely as a title would.
        if kind == "faq" and rule:
            match = _faq_match(index, title, idf, total)
            if match >= FAQ_MATCH:
                phrase_score[rule] = max(phrase_score.get(rule, 0.0), FAQ_WEIGHT * match)
    top_fts = max(fts.values(), default=0.0) or 1.0
    asked, vouched = ask_matches(index, content, idf, total, weight, query.text)

    # Coverage of a rule: its best passage, with the words of any phrase naming the rule; a
    # word only the written questions use (df 0, see index._postings) covers nothing.
    said = {t for t in content if df[t] > 0} | set_up
    weighed = [(t, idf[t]) for t in content if t in said]
    weight_of = dict(weighed)
    coverage: dict[str, float] = {}
    named_terms = {rule: [(t, w, extra.get(t)) for t, w in weighed] for rule, extra in named.items()}  # (word, weight, names' cover)
    for doc, cover in doc_cover.items():
        rule = doc_rule[doc]
        extra = named.get(rule)
        if extra:  # the better of the passage's and the names' cover; a word no name covers, the passage's (>= 0)
            got = sum(w * (cover.get(t, 0.0) if e is None else max(cover.get(t, 0.0), e)) for t, w, e in named_terms[rule]) / total
        elif len(cover) == 1:  # most passages hold one of the words: the sum of one term
            (t, c), = cover.items()
            w = weight_of.get(t)
            got = (w * c if w is not None else 0) / total
        else:  # the same sum, less its zeros (covers are > 0)
            got = sum(w * cover[t] for t, w in weighed if t in cover) / total
        if got > coverage.get(rule, -1.0):  # max(best or 0.0, got): got is never below 0
            coverage[rule] = got
    for rule, extra in named.items():
        got = sum(idf[t] * extra.get(t, 0.0) for t in content if t in said) / total
        coverage[rule] = max(coverage.get(rule, 0.0), got)

    ranked = []
    unasked = Unasked(index, query)
    for rule in set(fts) | set(phrase_score) | set(coverage) | set(asked):
        info = index.rules.get(rule)
        if info is None:
            continue
        covered, text, named_by, said_as = coverage.get(rule, 0.0), fts.get(rule, 0.0), phrase_score.get(rule, 0.0), asked.get(rule, 0.0)
        score = covered + W_FTS * text / top_fts + W_PHRASE * named_by + W_ASKED * said_as
        score *= unasked.factor(rule, info)
        ranked.append((-score, info.order, RuleHit(rule, score, covered, text / top_fts, named_by, best_doc.get(rule), said_as)))
    ranked.sort(key=itemgetter(0, 1))  # best first, then in the rules' order (each rule's own: no two keys are equal)
    hits = [hit for _score, _order, hit in ranked]
    _specific_first(index, hits)
    rerank(index, query, hits, idf, total)
    settle_first(index, query, hits)
    named_card_first(index, hits, phrases)

    corrected = {query.stems[i] for i in query.corrected}
    known = sum(0.5 if t in corrected else 1.0 for t in content if df[t] > 0)
    exempt = vouched | set_up | order_asked(query)  # words the game need not use to answer
    unknown_stems = frozenset(t for t in content if df[t] == 0 and not never_unknown(t) and t not in exempt)
    unknown = len(unknown_stems)
    in_names = {query.stems[i] for h in phrases if h.phrase.rule for i in h.positions}
    named_share = sum(idf.get(t, 0.0) for t in in_names) / total
    return SearchResult(query=query, hits=hits, phrases=phrases, idf=idf, total_weight=total,
                        known=known, unknown=unknown, named=named_share, unknown_stems=unknown_stems)


def _passages(query: Query, content: list[str], phrases: list[PhraseHit], canon_stems: dict[str, list[str]],
              postings: dict) -> tuple[dict[int, dict[str, float]], dict[int, str]]:
    """Per passage (doc), how well each question word is covered: by the word itself, or by a
    glossary alias in the question whose term the passage holds ("hit points": "health")."""
    doc_cover: dict[int, dict[str, float]] = {}
    doc_rule: dict[int, str] = {}
    for t in content:  # each word once (content_stems), each doc once in its postings, weights > 0
        for doc, (rule, w) in postings[t].items():
            doc_rule[doc] = rule
            slot = doc_cover.get(doc)
            if slot is None:
                doc_cover[doc] = {t: w}
            else:
                slot[t] = w
    for hit in phrases:
        group = canon_stems.get(hit.phrase.canon) if hit.phrase.canon else None
        if not group:
            continue
        holders: dict[int, float] | None = None
        for st in group:
            found = {doc: w for doc, (_rule, w) in postings.get(st, {}).items()}
            holders = found if holders is None else {d: min(w, found[d]) for d, w in holders.items() if d in found}
        span = {query.stems[i] for i in hit.positions}
        for doc, w in (holders or {}).items():
            doc_rule[doc] = postings[group[0]][doc][0]
            slot = doc_cover.setdefault(doc, {})
            for st in span:
                slot[st] = max(slot.get(st, 0.0), SYNONYM * w)
    return doc_cover, doc_rule


def _setup_says_start(index: GameIndex, query: Query, doc_cover: dict[int, dict[str, float]],
                      doc_rule: dict[int, str]) -> set[str]:
    """A question about starting ("how much steam does everyone start with", "opening hand", "how
    do we set up") is about the set-up, whose title says so ("Setting up", "Before you start")
    though its text need not use the word: its passages cover the question's "start" nearly as
    if they said it. The words so covered."""
    starting = {query.stems[i] for i in query.content if (query.stems[i] in ("start", "setup") or query.tokens[i] == "opening"
                or (query.stems[i] == "set" and query.tokens[i + 1:i + 2] == ["up"])) and query.tokens[i - 1:i] != ["false"]}
    covered: set[str] = set()
    if not starting:
        return covered
    for doc, rule in doc_rule.items():
        if index.in_setup(rule):
            slot = doc_cover[doc]
            for st in starting:
                slot[st] = max(slot.get(st, 0.0), START_COVER)
            covered |= starting
    return covered


def _phrase_scores(phrases: list[PhraseHit], query: Query, idf: dict[str, float], total: float):
    """Per rule, the best phrase naming it: the share of the question it covers, shared with
    the other rules the same words name at least as strongly, more for longer phrases; and the
    question words each rule's names cover."""
    strength: dict[tuple, list[tuple[float, str]]] = {}
    for hit in phrases:
        if hit.phrase.rule:
            strength.setdefault(hit.phrase.stems, []).append(
                (PHRASE_KIND_WEIGHT.get(hit.phrase.kind, 0.5), hit.phrase.rule))
    scores: dict[str, float] = {}
    named: dict[str, dict[str, float]] = {}
    defining = intent_of(query.text) in (DEFINITION, OTHER_INTENT)
    situation = intent_of(query.text) in (YES_NO, HAPPENS)
    priced = bool(PRICED & set(query.tokens))
    for hit in phrases:
        phrase = hit.phrase
        kind_weight = PHRASE_KIND_WEIGHT.get(phrase.kind, 0.5)
        if phrase.kind in THING_KINDS and not defining:
            kind_weight *= THING_IN_SCENE
        elif phrase.kind == "component" and (situation or priced):
            continue  # "can we use coins if we lose spanner tokens", "what does a sack cost": the kit list is no answer
        if not phrase.rule or kind_weight == 0:
            continue
        span = {query.stems[i] for i in hit.positions}
        share = sum(idf.get(st, 0.0) for st in span) / total
        spread = len({r for w, r in strength[phrase.stems] if w >= kind_weight})
        value = hit.strength * kind_weight * share * (1 + LENGTH_BONUS * (len(span) - 1)) / spread
        scores[phrase.rule] = max(scores.get(phrase.rule, 0.0), value)
        slot = named.setdefault(phrase.rule, {})
        for st in span:
            slot[st] = 1.0
    return scores, named


def _specific_first(index: GameIndex, hits: list[RuleHit]) -> None:
    """A parent section ranked first by a little over its own sub-section yields to it: the
    sub-section says the precise rule, the parent only introduces it. Both keep the parent's
    score, so the confidence sees the near-tie."""
    if len(hits) < 2:
        return
    top = hits[0]
    for j, hit in enumerate(hits[1:3], start=1):
        if hit.score >= CHILD_TIE * top.score and _is_ancestor(index, top.rule, hit.rule):
            hit.score = top.score
            hits.insert(0, hits.pop(j))
            return


def _is_ancestor(index: GameIndex, ancestor: str, rule: str) -> bool:
    info = index.rules.get(rule)
    while info is not None and info.parent:
        if info.parent == ancestor:
            return True
        info = index.rules.get(info.parent)
    return False


def _inherit(index: GameIndex, phrases: list[PhraseHit], scores: dict[str, float],
             named: dict[str, dict[str, float]]) -> None:
    """A section named together with one of its parents is named by both: "the thief face" is
    the Thief under "Action sides" (aliases: faces), "landed on the arrow tile" the Arrow under
    "Spaces" (aliases: landing, tiles). The sub-section takes the parent's words and phrase
    score, so the most specific section named wins over its parent and its namesakes."""
    by_name: dict[str, set[int]] = {}
    for hit in phrases:
        if hit.phrase.rule and hit.phrase.kind in NAME_KINDS:
            by_name.setdefault(hit.phrase.rule, set()).update(hit.positions)
    if not by_name:
        return
    for rule in list(named):
        info = index.rules.get(rule)
        own = set(named[rule])
        parent = info.parent if info else ""
        while parent:
            if parent in named and parent in by_name and not set(named[parent]) <= own:
                for st, v in named[parent].items():
                    named[rule][st] = max(named[rule].get(st, 0.0), v)
                scores[rule] = scores.get(rule, 0.0) + INHERIT * scores.get(parent, 0.0)
                break
            up = index.rules.get(parent)
            parent = up.parent if up else ""


def _full_text(index: GameIndex, query: Query, phrases: list[PhraseHit]):
    """BM25 over the question's words and the terms its aliases stand for: per rule, its best
    doc's score plus a little for its next ones; each rule's best doc; the rows found."""
    terms = [query.tokens[i] for i in query.content]
    for hit in phrases:
        if hit.phrase.canon:
            terms.extend(words(hit.phrase.canon))
    if not terms:
        return {}, {}, []
    rows = index.ranked_docs(list(dict.fromkeys(terms)), BM25_WEIGHTS, FTS_LIMIT)  # (kind, key, rule, title, answer, score)
    per_rule: dict[str, list[float]] = {}
    best_doc: dict[str, tuple] = {}
    priced = bool(PRICED & set(query.tokens))
    for kind, key, rule, title, answer, score in rows:
        if not rule or (priced and kind == "component"):
            continue
        per_rule.setdefault(rule, []).append(-score)
        if rule not in best_doc:
            best_doc[rule] = (kind, key, title, answer, -score)
    fts = {}
    for rule, scores in per_rule.items():
        scores.sort(reverse=True)
        fts[rule] = scores[0] + 0.15 * sum(scores[1:4])
    return fts, best_doc, rows


_FAQ_STEMS: dict[str, set[str]] = {}  # an FAQ's question -> its stems (read-only), made once


def _faq_match(index: GameIndex, question: str, idf: dict[str, float], total: float) -> float:
    """How closely an FAQ's question and the player's share their words, both ways (0-1)."""
    faq = _FAQ_STEMS.get(question)
    if faq is None:
        faq = _FAQ_STEMS[question] = set(stems_of([t for t in words(question) if t not in STOPWORDS]))
    if not faq:
        return 0.0
    ours = sum(w for t, w in idf.items() if t in faq) / total
    df = index.df(sorted(faq))
    theirs_weight = {t: idf[t] if t in idf else weight(df[t], max(index.docs, 1)) for t in faq}
    theirs = sum(w for t, w in theirs_weight.items() if t in idf) / (sum(theirs_weight.values()) or 1.0)
    return ours * theirs
