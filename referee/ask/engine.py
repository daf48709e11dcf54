"""`ask(question, game=None, k=3)`: the best answer from one game's rules, or an honest "no".

Without a game, every game under content/ is asked and the one the question fits best answers:
its title named in the question settles it; otherwise the answer's confidence, the words of the
question that only that game uses, and the chance that the question is in that game's words at
all (a naive Bayes model of each game's docs; which_game.py). When two games fit about as well, both are
listed as candidates and the best one answers.

The raw confidence is the share of the question the answer accounts for (see search.py), or,
for an answer computed from the data, how completely the question named what the data needs,
less for words the game never uses. Below THRESHOLD the answer is "no good match", with the
closest sections shown (exit 1); above it, the confidence shown is calibrate.py's chance that
the answer is right, fitted on held-out questions.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Set as AbstractSet

from .answers import QUOTED, QUOTED_LOOSELY, WHOLE_SECTION, Computed, compute
from .answers.base import content_stems
from .answers.contents import OF_THE_BOX
from .answers.counts import AGE, PLAYER_COUNT_WORDS, facts_words
from .answers.limits import LIMIT_WORDS
from .answers.overview import OVERVIEW_WORDS
from .answers.records import CARD_TEXT_STEMS
from .answers.turn import ASKED as TURN_ASKED
from .answers.turn import TURN_WORDS
from .answers.turn_order import REWRITE_WORDS
from .cache import UnknownGame, content_games, resolve_game
from .calibrate import calibrate
from .cards import card_of, names_card
from .intent import LIST
from .leads import namesake_ranked_higher, narrower, search_names_outright, variant_unasked, whole_list
from .players import without_fellows
from .query import correct_typos, intent_of, never_unknown, read, translate_slang, without_own_name
from .search import RuleHit, SearchResult, search
from .store import GameDataProblem, GameIndex, open_index
from .topics import topic_unsaid
from .unsaid import UNSAID, dealing_unsaid, limit_unsaid, other_game_unsaid, pile_out_unsaid
from .which_game import distinctness, games_named, vocabulary_share

# Calibrated on tests/ask_questions (see tests/test_ask_questions.py, which prints the figures):
# every off-topic question there stays below it, and the rule questions clear it.
MAX_MATCHES = 20
THRESHOLD = 0.27
# ... and a question of no word the game lacks clears this ("how do i get a marquis to join my side
# instead of killing it"): on the tuning set +85 right first, 29 unanswerable ones answered "Not
# sure", 5 more off-topic asks of 25,675 answered with --game, none asked of every game.
OWN_WORDS_THRESHOLD = 0.18
NAMED_CARD_TOPICAL = 0.3  # below, the question is about something else that shares a card's name
OFF_TOPIC = 0.4  # confidence kept when a question has as many unknown words as known ones
NOWHERE_WORD = 0.8  # ... and this for each such word no game uses, when every game is asked
UNKNOWN_WORD = 0.75  # kept for each word of the question the game never uses ("demons", "soccer")
PHRASE_CONFIDENCE = 0.25  # a phrase naming the section adds to the coverage
MIN_COMPUTED = 0.6  # a computed answer below this leaves the question to the search
AGREED_COMPUTED = 0.85  # a computed answer from the section the search ranks first
SURE_COMPUTED = 0.8  # a computed answer this sure goes first, unless the search names another outright (leads.py)
# The words that ask for what a computed answer gives, which the rules it quotes need not use.
ASKING_WORDS = {"data:limit": LIMIT_WORDS, "data:overview": OVERVIEW_WORDS, "data:card": CARD_TEXT_STEMS,
                "data:first-player": REWRITE_WORDS, "data:contents": OF_THE_BOX,
                "data:turn": TURN_WORDS, "data:steps": TURN_WORDS, "data:players": PLAYER_COUNT_WORDS}
NAMED_WEIGHT = 0.3  # choosing a game: the share of the question that are names it knows
TITLE_BONUS = 1.0  # the question names the game
ASKED_WEIGHT = 0.5  # a question the game's section answers (Rule.asks) as close as this to the player's
DISTINCT_WEIGHT = 0.35  # words only this game uses
VOCABULARY_WEIGHT = 1.0  # the chance the question is in this game's words (which_game.vocabulary)
CANDIDATE_MARGIN = 0.25  # games scoring within this of the best are listed as candidates
# A section the search ranks first by a hair is no sure answer: the confidence is scaled by
# SEPARATION_BASE + SEPARATION_SLOPE * (1 - second score / first score), at most 1. On the tuning
# questions a first section scoring under half the second's was right 97 % of the time, one
# within a tenth of it 60 %.
SEPARATION_BASE = 0.6875
SEPARATION_SLOPE = 1.75


class AskUsage(Exception):
    """Bad usage: an empty question, an unknown game (exit 2)."""


class Citation(namedtuple("Citation", "id number title text")):
    """A rule section cited: its id (combat.binding), number (4.3), title and full text."""

    __slots__ = ()

    def as_json(self) -> dict:
        return {"id": self.id, "number": self.number, "title": self.title, "text": self.text}


class Answer:
    """What `ask` returns. source: rules, faq, glossary, card, or data:<kind> when computed;
    candidates: other games the question fits, best first; corrected: typo -> the game's word;
    skipped: games whose data would not load; named: share of the question made of names the
    game knows."""

    def __init__(self, question: str, game: str | None, game_title: str | None, answer: str | None,
                 confidence: float, citations: list[Citation], matched: bool, source: str = "rules",
                 candidates: list[dict] | None = None, corrected: dict[str, str] | None = None,
                 skipped: list[str] | None = None, named: float = 0.0, signals: dict | None = None):
        self.question = question
        self.game = game
        self.game_title = game_title
        self.answer = answer
        self.confidence = confidence
        self.citations = citations
        self.matched = matched
        self.source = source
        self.candidates = candidates or []
        self.corrected = corrected or {}
        self.skipped = skipped or []
        self.named = named
        self.signals = signals or {}  # what the confidence was made of (see calibrate.py)
        self.every_game = False  # the game was chosen by the question
        # The card whose text is the answer (source "card"): {"id", "name", "deck", "governed"};
        # a card no section governs is itself the rule, its first citation only a place to read on.
        self.card: dict | None = None

    def as_json(self) -> dict:
        return {
            "game": self.game,
            "answer": self.answer,
            "confidence": round(self.confidence, 3),
            "citations": [c.as_json() for c in self.citations],
            "matched": self.matched,
            "source": self.source,
            "game_title": self.game_title,
            "candidates": self.candidates,
            "corrected": self.corrected,
            "card": self.card,
        }


def ask(question: str, game: str | None = None, k: int = 3) -> Answer:
    question = " ".join(str(question).split())
    if not question:
        raise AskUsage("the question is empty; ask something like: referee ask \"how do I win?\"")
    if not 0 <= k <= MAX_MATCHES:
        raise AskUsage(f"-n {k}: expected 0 to {MAX_MATCHES} further matches")
    if game is not None:
        try:
            folder = resolve_game(game)
        except UnknownGame as exc:
            raise AskUsage(f"no game '{exc.ref}'; {exc.hint}") from None
        return answer_in(open_index(folder), question, k)
    return ask_every_game(question, k)


def ask_every_game(question: str, k: int) -> Answer:
    folders = content_games()
    if not folders:
        raise AskUsage("no games under content/; name a game folder with --game PATH")
    indexes: list[GameIndex] = []
    skipped = []
    for folder in folders:
        try:
            indexes.append(open_index(folder))
        except GameDataProblem:
            skipped.append(folder.key)
    if not indexes:
        raise AskUsage("no game under content/ loads; run `cards validate` to see why")
    named = games_named(question, indexes)
    distinct, known = distinctness(question, indexes)  # known: words some game uses
    if named:
        indexes = named
        distinct, _ = distinctness(question, indexes)
    vocabulary = vocabulary_share(question, indexes)
    scored = []
    for index in indexes:
        answer = answer_in(index, question, k, known)
        score = (answer.signals.get("raw", answer.confidence) + DISTINCT_WEIGHT * distinct.get(index.id, 0.0)
                 + NAMED_WEIGHT * answer.named + ASKED_WEIGHT * answer.signals.get("asked", 0.0))
        score += TITLE_BONUS if named else 0.0
        # The vocabulary helps choose the game; how close the others come is judged without it,
        # so a question two games both answer still names both.
        scored.append((score + VOCABULARY_WEIGHT * vocabulary.get(index.id, 0.0), score, answer))
    scored.sort(key=lambda sa: (-sa[2].matched, -sa[0]))
    _, best_score, best = scored[0]
    best.skipped = skipped
    best.every_game = True
    if best.matched and len(scored) > 1:
        best.candidates = [
            {"game": a.game, "title": a.game_title, "confidence": round(a.confidence, 3)}
            for _, s, a in scored[1:] if a.matched and s >= best_score - CANDIDATE_MARGIN
        ]
    return best


def answer_in(index: GameIndex, question: str, k: int = 3, known: frozenset[str] = frozenset()) -> Answer:
    raw = read(without_own_name(index, question))  # "run out of health" is read as "zero health"
    raw, corrected = translate_slang(index, raw)  # "hp" is read as "health" where the game says so
    raw = without_fellows(index, raw)  # "me and jo both have 3": jo is a player, no word of the rules
    query = correct_typos(index, raw, known)
    corrected.update({raw.tokens[i]: w for i, w in query.corrected.items()})
    result = search(index, query)
    computed = compute(index, query, result) if query.content else []
    confidence = search_confidence(result)  # before topicality, which applies to either answer
    lead: Computed | None = next((c for c in computed if c.rule and c.confidence >= MIN_COMPUTED), None)
    lead_rule = lead.rule if lead is not None and lead.rule else ""  # a lead is one with a rule
    if lead is not None and result.top is not None and result.top.rule in [lead.rule, *lead.also]:
        lead.confidence = max(lead.confidence, AGREED_COMPUTED)  # the search found the same section
    if lead is not None and (namesake_ranked_higher(index, result, lead_rule) or variant_unasked(index, result, lead_rule)):
        lead = None  # "the arrow tile": the Arrow space, not the Arrow side; a variant's data, unasked
    search_conf = confidence
    card: dict | None = None
    if lead is not None and (lead.confidence >= SURE_COMPUTED or lead.confidence >= confidence * 0.9) \
            and not search_names_outright(result, confidence, lead, separation(result)):
        first = lead_rule if lead.kind in WHOLE_SECTION else narrower(index, result, lead_rule)
        if first != lead_rule:
            lead.also = [lead_rule, *lead.also]
        text = lead.answer
        # The search's confidence vouches for a computed answer only when it found the same section.
        agreed = result.top is not None and result.top.rule in [first, lead.rule, *lead.also]
        confidence = max(lead.confidence, confidence) if agreed else lead.confidence
        source = f"data:{lead.kind}"
        card = card_of(index, lead.card) if lead.card else None
        following = list(lead.also) + [h.rule for h in result.hits]
    elif result.top is not None:
        top_hit = whole_list(index, result, result.top) if intent_of(question) == LIST else result.top
        first = top_hit.rule
        text, source = _answer_text(index, top_hit, query.content_stems)
        card = card_of(index, top_hit.best_doc[1]) if source == "card" and top_hit.best_doc else None
        following = [h.rule for h in result.hits if h is not top_hit]
    else:
        first, text, source, following = None, None, "rules", []
    # The game's own facts (play time, age) are asked in words no rulebook uses ("kids", "age"),
    # which do not count against it; the rest of the question still must be the game's ("how
    # long should I bake chicken on the bone" is no question of play time).
    # Likewise "limit" or "max", which a rule setting one need not use ("never hold more than 5"),
    # and "what is this game about", which its opening need not say.
    exempt = ASKING_WORDS.get(source, frozenset()) | (facts_words(query.text) if source in ("data:facts", "data:players") else set())
    if TURN_ASKED.search(question.lower()) or TURN_ASKED.search(query.text.lower()):  # "... steps on my turn (go)"
        exempt = exempt | TURN_WORDS
    topical = (topicality(result, known, exempt) * other_game_unsaid(index, question) * dealing_unsaid(index, question)
               * limit_unsaid(index, question) * topic_unsaid(index, question) * pile_out_unsaid(index, question))
    if source != "data:facts" and AGE.search(question):
        topical *= UNSAID  # an age the box does not give: no rule says it ("how old" is no "old part")
    confidence *= topical
    matched = first is not None and (confidence >= THRESHOLD or (topical >= 1.0 and confidence >= OWN_WORDS_THRESHOLD))
    # A card the question names in full is what it asks about, in words the game may never use
    # ("how far can I move with Dash"): its own text, as unsure as an answer can be.
    named_card = not matched and source == "card" and topical >= NAMED_CARD_TOPICAL and names_card(result)
    matched = matched or named_card
    top = result.top
    signals = {
        "raw": confidence, "search": search_conf * topical, "topical": topical,
        "coverage": top.coverage if top else 0.0, "phrase": min(top.phrase, 1.0) if top else 0.0,
        # the first section's written question as close to the player's as this (asked.py)
        "asked": next((h.asked for h in result.hits if h.rule == first), 0.0) if first else 0.0,
        "separation": separation(result), "computed": float(source.startswith("data:")),
        "quoted": float(source.removeprefix("data:") in QUOTED - QUOTED_LOOSELY),  # a sentence of the rules, not the data's
        # The game's own facts (player count, play time, age) have no section to disagree with, and
        # a game's own logic (games/) reads what no search weighs ("ten red dice as the Blade").
        "agree": float(top is not None and first == top.rule or source in ("data:facts", "data:players", "data:game")),
        # The search ranks the section a computed answer cites second or third: near agreement.
        "near": float(first is not None and top is not None and first != top.rule
                      and first in [h.rule for h in result.hits[1:3]]),
        "parent": float(index.has_children(first)) if first else 0.0,
        "words": float(len(query.content_stems)),
        "named": result.named, "known": float(result.known), "unknown": float(result.unknown),
    }
    # The box's own facts (play time, age) are no rule: they are answered from game.yaml, citing
    # no section, as sure as the question is about this game (the calibration is of sections).
    facts = matched and source == "data:facts"
    if matched and not facts:  # how often answers made like this one are right (see calibrate.py)
        confidence = THRESHOLD if named_card else max(THRESHOLD, calibrate(signals))
    order = [first] if first else []
    for rule in following:
        if rule and rule not in order and rule in index.rules:
            order.append(rule)
    citations = [] if facts else [_citation(index, r) for r in order[:1 + k]]
    if not matched:
        text = None
        citations = [_citation(index, h.rule) for h in result.hits[:max(k, 1)]]
    answer = Answer(question=question, game=index.id, game_title=index.title, answer=text,
                    confidence=round(confidence, 3), citations=citations, matched=matched,
                    source=source if matched else "none", corrected=corrected, named=result.named,
                    signals=signals)
    if matched:
        answer.card = card
    return answer


def search_confidence(result: SearchResult) -> float:
    """The top section's coverage of the question, a little more when a phrase names it; less
    when the next section scores nearly as well."""
    top = result.top
    if top is None or not result.query.content:
        return 0.0
    covered = min(1.0, top.coverage + PHRASE_CONFIDENCE * min(top.phrase, 1.0))
    return covered * separation(result)


def separation(result: SearchResult) -> float:
    hits = result.hits
    if len(hits) < 2 or hits[0].score <= 0:
        return 1.0
    ratio = hits[1].score / hits[0].score
    return min(1.0, SEPARATION_BASE + SEPARATION_SLOPE * (1.0 - ratio))


def topicality(result: SearchResult, known: frozenset[str] = frozenset(),
               exempt: AbstractSet[str] = frozenset()) -> float:
    """A little less for each word the game never uses; much less when the question has as many
    of those as words the game does, whatever matched ("how do you play poker?"). Asked of every
    game, a word none of them uses ("pet", "tarot") says more than one only this game lacks.
    Words in `exempt` count neither way."""
    unknown_stems = result.unknown_stems - exempt
    unknown = len(unknown_stems) if exempt else result.unknown
    nowhere = len(unknown_stems - known) if known else 0
    # A question of no word the game lacks, nor any it uses ("how many can play" of rules that
    # never say "play"), is no other game's: only an answer from the data can have come of it.
    if result.known > unknown or (exempt and not unknown) or not (result.known or unknown):
        return UNKNOWN_WORD ** unknown * NOWHERE_WORD ** nowhere
    return OFF_TOPIC * result.known / max(unknown, 1) * NOWHERE_WORD ** nowhere


def _citation(index: GameIndex, rule_id: str) -> Citation:
    info = index.rules[rule_id]
    text = info.text
    if not text:
        children = [r for r in index.rules.values() if r.parent == rule_id]
        text = "See " + "; ".join(f"§{c.number} {c.title}" for c in children) + "." if children else ""
    return Citation(rule_id, info.number, info.title, text)


def _answer_text(index: GameIndex, hit: RuleHit, asked: list[str]) -> tuple[str, str]:
    info = index.rules[hit.rule]
    doc = hit.best_doc
    if doc is not None:
        kind, key, title, answer, _score = doc
        # A component the question does not name, in the section that lists them all: the list
        # answers ("whats in the box"), not its first line ("32 Garment cards.").
        listed = (kind == "component" and hit.rule == index.data("components_rule")
                  and not set(content_stems(title)) & set(asked))
        # A card sharing only an everyday word with the question ("up" of "how do we set up") is
        # not what the section says of it.
        said = content_stems(f"{title} {answer} {key.rsplit('/', 1)[-1].replace('-', ' ')}")
        idle = (kind == "card" and not set(content_stems(title)) <= set(asked)
                and not {s for s in said if not never_unknown(s)} & set(asked))
        if kind in ("faq", "glossary", "card", "component") and answer and not listed and not idle:
            return answer, kind
    return _citation(index, hit.rule).text or info.title, "rules"
