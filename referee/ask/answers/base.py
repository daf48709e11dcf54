"""What every answerer shares: the Computed answer, the question's Context, and helpers that
write data as sentences."""
from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from functools import lru_cache

from ..lazy_re import lazy
from ..phrases import PhraseHit
from ..query import Query, intent_of, stems_of
from ..search import SearchResult
from ..store import GameIndex
from ..text import STOPWORDS, humanize, words
from .confidence import CONFIDENCE  # noqa: F401  (the one table, re-exported)

BEAT = lazy(
    r"\b(beats?|beating|beaten|win(s|ning)?|won|stronger|weaker|los(e|es|ing)|trumps?|defeats?|"
    r"vs\.?|versus|better|worse|wins? against|goes over|over)\b")
LOSE = lazy(r"\b(los(e|es|ing) (to|against)|weaker|worse|beaten by)\b")
COUNT = lazy(r"\bhow (many|much)\b|(?<!same )\bnumber of\b|\bhow high\b|\bhow low\b")
DOES = lazy(r"\b(what|how)\b.*\b(do|does|did|is|are|mean|means|work|works|happen|happens)\b|"
            r"\bexplain\b|\btell me about\b|\bwhat'?s\b")
YES_NO = lazy(r"^\s*(does|do|can|will|would|is|are|should|could)\b")
ROLL_WORDS = {"roll", "rolled", "rolling", "rolls", "throw", "throws", "threw", "come", "comes", "shows",
              "show", "showing", "land", "lands", "get", "got", "die", "dice", "face"}
# Fields that describe what a record does, in the order they make the best sentence.
DESCRIBE = ("effect", "text", "result", "outcome", "offer", "summary", "event", "ability", "name")
SKIP_FIELDS = {"id", "rule", "sample", "icon", "fixed", "at"}
_OWNERS = frozenset(("our", "my", "their", "your", "his", "her"))  # "6 of our colour": dice of it
REST_OF_QUESTION = 0.3  # "what does X do?": at most this share of the question is not X
SCENE_OF_QUESTION = 0.5  # ... or this much, when the search agrees that X's section answers


class Computed:
    """An answer worked out from data: its text, the rule it cites, how sure, which answerer
    (kind), and further rules worth citing."""

    __slots__ = ("answer", "rule", "confidence", "kind", "also", "card")

    def __init__(self, answer: str, rule: str | None, confidence: float, kind: str, also: list[str] | None = None,
                 card: str | None = None):
        self.answer = answer
        self.rule = rule
        self.confidence = confidence
        self.kind = kind
        self.also = also or []
        self.card = card  # "deck/card" when the answer is one card's

    def __repr__(self) -> str:
        return f"Computed({self.kind}, {self.rule}, {self.confidence}, {self.answer[:60]!r})"


_KEY_STEMS: dict[str, frozenset[str]] = {}  # a record's or card's key -> the stems of its words, made once


class Context:
    def __init__(self, index: GameIndex, query: Query, result: SearchResult):
        self.index = index
        self.query = query
        self.result = result
        self.text = query.text.lower()
        self.qset = set(query.content_stems)
        self.tables = {t["id"]: t for t in (index.data("tables") or [])}
        self.intent = intent_of(query.text)  # the search's, kept

    def asks(self, *intents: str) -> bool:
        return self.intent in intents

    def hits(self, *kinds: str) -> list[PhraseHit]:
        return [h for h in self.result.phrases if h.phrase.kind in kinds]

    def idf(self, stem: str) -> float:
        return self.result.idf.get(stem, 0.0)

    def asked_fields(self, keys, name_hit: PhraseHit) -> list[str]:
        """The keys of a record or card the question names, itself or by an alias
        ("price" for cost), other than words of the thing's own name."""
        name = {self.query.stems[i] for i in name_hit.positions}
        said = set(self.qset) - self._owned_kind()
        for hit in self.result.phrases:
            if (hit.phrase.kind == "term-alias" and hit.phrase.canon
                    and not set(hit.positions) & set(name_hit.positions)):
                said |= set(content_stems(hit.phrase.canon))
        keys = [key for key in keys if key not in SKIP_FIELDS and key != "name"]
        new = {key: humanize(key) for key in keys if key not in _KEY_STEMS}
        if new:  # their words in one stemmer call, not one a key (each call costs ~0.1 ms)
            stems_of([t for text in new.values() for t in words(text)])
            for key, text in new.items():
                _KEY_STEMS[key] = frozenset(content_stems(text))
        asked = []
        for key in keys:
            key_stems = _KEY_STEMS[key]
            if key_stems and key_stems <= said and not key_stems & name:
                asked.append(key)
        return asked

    def _owned_kind(self) -> set[str]:
        """Words said as a kind of what players hold ("6 of our colour", "ten of my own colour"),
        counting things of it, not asking what it is; unless said again elsewhere."""
        t, stems = self.query.tokens, self.query.stems
        owned: set[str] = set()
        other: set[str] = set()
        for i in self.query.content:
            counted = (i >= 2 and t[i - 2] == "of" and t[i - 1] in _OWNERS
                       or i >= 3 and t[i - 3] == "of" and t[i - 2] in _OWNERS and t[i - 1] == "own")
            (owned if counted else other).add(stems[i])
        return owned - other

    def rule_ok(self, rule: str | None) -> str | None:
        return rule if rule in self.index.rules else None

    def free_numbers(self, allow: tuple[str, ...] = ("column",)) -> list[tuple[int, int]]:
        """Numbers in the question that are not part of a name ("9 pip", "x2", "1234"). A name found
        by part of its words is no name of the number it shares ("points for 5 stars" half says
        the title "Points (1-5)")."""
        taken = {i for h in self.result.phrases if h.phrase.kind not in allow and h.exact for i in h.positions}
        return [(i, n) for i, n in self.query.numbers() if i not in taken]


# -- helpers -----------------------------------------------------------------------------------


def fmt(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(fmt(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{humanize(k)} {fmt(v)}" for k, v in value.items())
    return humanize(value) if isinstance(value, str) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", value) else str(value)


def pair(column: str, value: object) -> str:
    """'3 stars', 'space 60': counts read number first, labels name first."""
    name = humanize(column)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and name.endswith("s") and " " not in name:
        return f"{fmt(value)} {name}"
    return f"{name} {fmt(value)}"


def describe_row(row: dict, skip: AbstractSet[str] = frozenset()) -> str:
    """A table row as a sentence: what it does first, then its other fields in brackets."""
    lead = ""
    for key in DESCRIBE:
        if isinstance(row.get(key), str) and key not in skip:
            lead = row[key].strip()
            skip = set(skip) | {key}
            break
    same = lead.lower()
    rest = [f"{humanize(k)}: {fmt(v)}" for k, v in row.items()
            if k not in skip and k not in SKIP_FIELDS and v is not None and v != {} and v != []
            and not (isinstance(v, str) and humanize(v).lower() == same)]
    if not lead:
        return "; ".join(rest) + "." if rest else ""
    text = lead[0].upper() + lead[1:].rstrip(".") + "."
    return text + (f" ({'; '.join(rest)})" if rest else "")


@lru_cache(maxsize=4096)
def content_stems(text: str) -> tuple[str, ...]:
    tokens = [t for t in words(text) if t not in STOPWORDS]
    return tuple(stems_of(tokens))


# The sentences of a rule's text (a numbered step's "3." left off), for answers that quote one.
# a bracket is no sentence's end: "goes first (can't decide? flip a coin)." is one sentence
SENTENCE = lazy(r"(?:[^.;!?\n(]|\([^()\n]*\)|\()+[.;!?]?")
STEP_NUMBER = lazy(r"^\s*\d+[.)]\s*")


def sentences_of(text: str) -> list[str]:
    return list(_sentences(text))


@lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[str, ...]:
    """sentences_of, kept: the answerers that quote a sentence read every section's at each
    question of their kind, the same texts again and again."""
    return tuple(s for s in (STEP_NUMBER.sub("", found).strip() for found in SENTENCE.findall(text)) if s)


def as_sentence(text: str) -> str:
    """A piece of a rule's text quoted as a sentence of its own: capital first, full stop last."""
    text = text.strip().rstrip(";,:")
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


