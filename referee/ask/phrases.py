"""Names players say, found in a question: section titles and aliases, glossary terms and
aliases, card, die, face, row and component names (stemmed, little words skipped)."""
from __future__ import annotations

from .query import Query
from .store import NAME_KINDS, GameIndex, Phrase


class PhraseHit:
    """A phrase found in the question, at these token positions (exact: every word equal, in
    order)."""

    __slots__ = ("phrase", "positions", "exact", "ratio")

    def __init__(self, phrase: Phrase, positions: tuple[int, ...], exact: bool = True, ratio: float = 1.0):
        self.phrase = phrase
        self.positions = positions
        self.exact = exact
        self.ratio = ratio  # the share of the phrase's words found (a title found in part)

    @property
    def start(self) -> int:
        return self.positions[0]

    @property
    def end(self) -> int:
        return self.positions[-1] + 1

    @property
    def strength(self) -> float:
        """How much finding this phrase says, before weighing what it names."""
        return (0.6 if self.phrase.reduced else 1.0) * (1.0 if self.exact else 0.8) * self.ratio


QUESTION_WORDS = frozenset({"when", "who", "whose", "how", "what", "which", "where", "why"})
ASKED_LIKE_TITLE = 1.3  # a name worded as the question is ("Who wins", "When the game ends") says more


def _question_words(label: str) -> frozenset[str]:
    return frozenset(w for w in label.lower().replace("'", " ").split() if w in QUESTION_WORDS)


def match_phrases(index: GameIndex, query: Query) -> list[PhraseHit]:
    """Every known phrase in the question, little words skipped on both sides. A section title
    or glossary term of several words also counts when most of its words are there, in any order
    ("what if I roll rattlebones" finds "Rolling the Rattlebones side"). A phrase whose words all
    lie inside a longer phrase found is dropped ("time dice" hides "time")."""
    positions = query.content
    seq = [query.stems[i] for i in positions]
    hits: list[PhraseHit] = []
    starting = index.phrases_at(seq)
    for k, stem in enumerate(seq):
        for phrase in starting[stem]:
            n = len(phrase.stems)
            found = tuple(seq[k:k + n])
            if found == phrase.stems:
                hits.append(PhraseHit(phrase, tuple(positions[k:k + n])))
            elif len(found) == n and n >= 2 and all(_close_stems(a, b) for a, b in zip(found, phrase.stems)):
                hits.append(PhraseHit(phrase, tuple(positions[k:k + n]), exact=False))
    first_at: dict[str, int] = {}  # a stem -> where the question first says it
    for pos, stem in zip(positions, seq):
        first_at.setdefault(stem, pos)
    # A name of several words said in another order or with words between ("tie for the most
    # stock" names "stock ties"; "both runes the same" names "same rune").
    exact_spots = {(h.phrase, h.positions) for h in hits}
    table = index.names_with(first_at)  # read once for both kinds of names below
    for phrase in _names_by_word(table, first_at):
        wanted = set(phrase.stems)
        if len(wanted) >= 2 and wanted <= first_at.keys():
            spot = tuple(sorted(first_at[st] for st in wanted))
            if not any(h.phrase is phrase for h in hits) and (phrase, spot) not in exact_spots:
                hits.append(PhraseHit(phrase, spot, exact=False))
    whole = {(h.phrase, h.positions) for h in hits}
    for phrase in _names_by_word(table, first_at, ("rule-title", "term")):  # titles and terms
        shared = [st for st in dict.fromkeys(phrase.stems) if st in first_at]
        n = len(set(phrase.stems))
        if len(shared) >= 2 and len(shared) < n and 3 * len(shared) >= 2 * n:
            spot = tuple(sorted(first_at[st] for st in shared))
            if (phrase, spot) not in whole:
                hits.append(PhraseHit(phrase, spot, exact=False, ratio=len(shared) / n))
    asked = set(query.tokens) & QUESTION_WORDS
    if asked:
        for hit in hits:
            said = _question_words(hit.phrase.label)
            if said and said <= asked:
                hit.ratio *= ASKED_LIKE_TITLE  # "When the game ends" for "when does the game end?"
    spans = [frozenset(hit.positions) for hit in hits]  # each made once, not once a pair
    return [hit for hit, mine in zip(hits, spans)
            if not any(mine < other for other in spans)]  # (a set is never < itself)


def _names_by_word(table: dict[str, list[Phrase]], stems, kinds: tuple[str, ...] = NAME_KINDS) -> list[Phrase]:
    """Section titles and aliases, glossary terms and aliases (of `kinds`) of two words or more
    that hold any of `stems` (`table`: GameIndex.names_with(stems))."""
    found: dict[int, Phrase] = {}
    for st in stems:
        for phrase in table[st]:
            if phrase.kind in kinds:
                found[id(phrase)] = phrase
    return list(found.values())


def _close_stems(a: str, b: str) -> bool:
    """Stems the porter stemmer keeps apart though the words are one ("fail", "failur")."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)  # sorted by length, as sorted() would (stable)
    return len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 2
