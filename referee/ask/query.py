"""A question as words: tokens, their stems as the index makes them, the words that carry
meaning; player slang read in the game's own words (slang.py: "hp" -> "health"), and typos
corrected against the game's own names (rapidfuzz, only when a word is unknown)."""
from __future__ import annotations

import functools
import re
from weakref import WeakKeyDictionary

from .intent import intent, rewrite
from .lazy_re import lazy
from .stem import stemmer
from .store import GameIndex
from .text import GENERIC, STOPWORDS, TABLE_TALK, alternatives, canonical, number_of, words

_GENERIC_STEMS: frozenset[str] | None = None


def generic_stems() -> frozenset[str]:
    global _GENERIC_STEMS
    if _GENERIC_STEMS is None:
        _GENERIC_STEMS = frozenset(stemmer().stems(sorted(GENERIC)))
    return _GENERIC_STEMS


_TABLE_TALK_STEMS: frozenset[str] | None = None


def never_unknown(stem: str) -> bool:
    """An everyday word (GENERIC, TABLE_TALK) or a number: no game need use it for a question to
    be its own."""
    global _TABLE_TALK_STEMS
    if _TABLE_TALK_STEMS is None:
        _TABLE_TALK_STEMS = generic_stems() | frozenset(stemmer().stems(sorted(TABLE_TALK)))
    return stem in _TABLE_TALK_STEMS or stem.isdigit()


_INTENTS: dict[str, str] = {}  # text -> intent.intent(text), for the last few texts
_KEEP_INTENTS = 16


def intent_of(text: str) -> str:
    """intent.intent(text), kept for the last few texts: the search, its written questions, the
    re-ranker and the answerers each ask it of the same question, and the engine of the question
    as asked, for each game asked (a pure function of the text)."""
    found = _INTENTS.get(text)
    if found is None:
        if len(_INTENTS) >= _KEEP_INTENTS:
            _INTENTS.clear()
        found = _INTENTS[text] = intent(text)
    return found


_CANONICAL: dict[str, str] = {}  # token -> its canonical stem, once the stemmer has given it


def stems_of(tokens: list[str]) -> list[str]:
    """Each token's canonical stem; a process asking many questions meets the same words again
    and again, so each is worked out once (the stemmer and canonical() were a tenth of search)."""
    try:
        return [_CANONICAL[t] for t in tokens]
    except KeyError:
        pass
    machine = stemmer()
    found = [canonical(t, s) for t, s in zip(tokens, machine.stems(tokens))]
    for t, c in zip(tokens, found):
        if machine.knows(t):  # a token the stemmer gave no stem for is asked again next time
            _CANONICAL[t] = c
    return found


class Query:
    """A question as words: tokens, their canonical stems, the positions that carry meaning,
    and any typos corrected (position -> the game's word)."""

    __slots__ = ("text", "tokens", "stems", "content", "corrected", "_content_stems")

    def __init__(self, text: str, tokens: list[str], stems: list[str], content: list[int],
                 corrected: dict[int, str] | None = None):
        self.text = text
        self.tokens = tokens
        self.stems = stems
        self.content = content
        self.corrected = corrected or {}
        self._content_stems: tuple[str, ...] | None = None

    @property
    def content_stems(self) -> list[str]:
        """The stems of the words that carry meaning, each once, in order: made once (a Query is
        never changed once made), each caller given its own list."""
        if self._content_stems is None:
            self._content_stems = tuple(dict.fromkeys(self.stems[i] for i in self.content))
        return list(self._content_stems)

    def numbers(self) -> list[tuple[int, int]]:
        return [(i, n) for i, t in enumerate(self.tokens) if (n := number_of(t)) is not None]



def parse(text: str) -> Query:
    tokens = words(text)
    content = [i for i, t in enumerate(tokens) if t not in STOPWORDS]
    return Query(text=text, tokens=tokens, stems=stems_of(tokens), content=content)


_READ: dict[str, Query] = {}  # text -> parse(rewrite(text)), for the last few texts
_KEEP_READ = 16


def read(text: str) -> Query:
    """parse(rewrite(text)), kept: asked of every game, a question is read once, not once a game
    (a function of the text alone; a Query is never changed once made)."""
    query = _READ.get(text)
    if query is None:
        if len(_READ) >= _KEEP_READ:
            _READ.clear()
        query = _READ[text] = parse(rewrite(text))
    return query


# Per index, an unknown word -> the closest of its names (rapidfuzz's extractOne): a scoring run
# meets the same unknown word in a game three times on average.
_CLOSEST: WeakKeyDictionary[GameIndex, dict[str, tuple | None]] = WeakKeyDictionary()


def correct_typos(index: GameIndex, query: Query, known: frozenset[str] = frozenset()) -> Query:
    """Replace words the game never uses by a close name from the game (rapidfuzz), if any.
    Words in `known` (another game uses them) are left alone: they are not typos."""
    unknown = [i for i in query.content if len(query.tokens[i]) >= 5 and not query.tokens[i].isdigit()
               and query.stems[i] not in known]
    if not unknown:
        return query
    df = index.df([query.stems[i] for i in unknown])
    unknown = [i for i in unknown if df[query.stems[i]] == 0 and not index.starts_phrase(query.stems[i])
               and not never_unknown(query.stems[i])]  # "count" is no misspelt "county"
    if not unknown:
        return query
    from rapidfuzz import process  # only paid for when a word is unknown
    from rapidfuzz.distance import DamerauLevenshtein

    vocabulary = index.data("name_words") or []
    closest = _CLOSEST.get(index)
    if closest is None:
        closest = _CLOSEST[index] = {}
    tokens = list(query.tokens)
    corrected = {}
    for i in unknown:
        word = tokens[i]
        if word not in closest:
            closest[word] = process.extractOne(word, vocabulary, scorer=DamerauLevenshtein.distance, score_cutoff=2)
        found = closest[word]
        if found and _plausible_typo(word, found[0], found[1]):
            tokens[i] = found[0]
            corrected[i] = found[0]
    if not corrected:
        return query
    return Query(text=query.text, tokens=tokens, stems=stems_of(tokens), content=query.content,
                 corrected=corrected)


def _plausible_typo(word: str, name: str, edits: int) -> bool:
    """One slip in a longer word, two in a long one, or two letters swapped in a short one;
    "poker" is not a misspelt "power"."""
    if edits == 1:  # a letter left out of a name of six or more ("jurga": "jhurga") is a slip too
        return len(word) >= 6 or sorted(word) == sorted(name) or (len(name) >= 6 and len(name) == len(word) + 1)
    return edits == 2 and len(word) >= 9


_SLANG: dict[str, list[str]] | None = None


def slang() -> dict[str, list[str]]:
    """word (or phrase) -> the rulebook words it may stand for, best first (see slang.py)."""
    global _SLANG
    if _SLANG is None:
        from .slang import TABLE

        table: dict[str, list[str]] = {}
        for line in TABLE.splitlines():
            if ":" in line and not line.lstrip().startswith("#"):
                word, alternatives = line.split(":", 1)
                table[word.strip().lower()] = [a.strip() for a in alternatives.split("|") if a.strip()]
        _SLANG = table
    return _SLANG


_OWN_SLANG: dict[tuple[str, str], dict[str, list[str]]] = {}


def _slang_of(index: GameIndex) -> dict[str, list[str]]:
    """The slang table, with "player" read as the game's own noun for its players where its
    rules never say "player" (players.player_noun), made once per noun."""
    noun = index.data("player_noun")
    if not noun:
        return slang()
    singular, plural = noun
    if (singular, plural) not in _OWN_SLANG:
        swap = {"player": singular, "players": plural}
        table = {word: [" ".join(swap.get(w, w) for w in a.split()) for a in alternatives]
                 for word, alternatives in slang().items()}
        table.update({"player": [singular], "players": [plural]})
        _OWN_SLANG[(singular, plural)] = table
    return _OWN_SLANG[(singular, plural)]


def _known(index: GameIndex, stem: str) -> bool:
    """The game uses the word or one the rulebook's way of reading it stands for ("win": goal)."""
    return any(n > 0 for n in index.df(alternatives(stem)).values())


def translate_slang(index: GameIndex, query: Query) -> tuple[Query, dict[str, str]]:
    """The question with each slang word the game never uses replaced by the first alternative
    whose words the game does use; and what was replaced (word -> alternative)."""
    table = _slang_of(index)
    spots = [i for i in query.content if query.tokens[i] in table]
    replaced: dict[str, str] = _phrasal(index, query, table)
    if not spots and not replaced:
        return query, {}
    df = index.df([query.stems[i] for i in spots])
    for i in spots:
        token = query.tokens[i]
        if df[query.stems[i]] > 0 or index.starts_phrase(query.stems[i]) or token in replaced:
            continue
        if (code := DIE_CODE.fullmatch(token)) and int(code.group(1)) not in _die_sizes(index):
            continue  # "a d20" is no die of a game of six-sided dice: another game's
        for alternative in table[token]:
            alt_tokens = [t for t in words(alternative) if t not in STOPWORDS]
            alt_stems = stems_of(alt_tokens)
            if alt_stems and all(_known(index, st) for st in alt_stems):
                replaced[token] = alternative
                break
    if not replaced:
        return query, {}
    text = query.text
    for token, alternative in replaced.items():
        parts = token.split()
        said = r"\W+".join(re.escape(w) for w in parts)
        if _separable(parts):  # "throw some away" is "discard some"
            said = rf"{re.escape(parts[0])}\W+(?:({'|'.join(sorted(MOVABLE))})\W+)?{re.escape(parts[1])}"
        text = re.sub(rf"(?<![\w-]){said}(?![\w-])", functools.partial(_read_as, alternative), text, flags=re.IGNORECASE)
    return parse(text), replaced


# "do i roll before or after playing a card": the order of a turn, which rules say with "then"
# or numbered steps, seldom with "before" and "after"; those words then count against nothing.
ORDER = lazy(r"\b(before or after|after or before)\b", triggers=("before or after", "after or before"))
ORDER_STEMS = frozenset(("befor", "after"))


def order_asked(query: Query) -> frozenset[str]:
    return ORDER_STEMS if ORDER.search(query.text.lower()) else frozenset()


DIE_CODE = lazy(r"d(\d+)")


def _die_sizes(index: GameIndex) -> frozenset[int]:
    """How many faces the game's dice have; six where its data lists none (a die is a d6)."""
    return frozenset(len(d.get("faces") or []) for d in index.data("dice") or []) or frozenset({6})


# A phrasal verb's particle may come after a short object ("throw some away", "give them back"):
# the words that may stand between, and the particles that may follow them.
PARTICLES = frozenset("away out up down back off on in over".split())
MOVABLE = frozenset("it them some one two three all any those these that this him her everything".split())


def _separable(parts: list[str]) -> bool:
    return len(parts) == 2 and parts[1] in PARTICLES


def _read_as(alternative: str, said: re.Match[str]) -> str:
    """The rulebook's word for what was said, keeping the object said between ("discard some")."""
    return " ".join(filter(None, (alternative, *said.groups())))


PhrasalEntry = tuple[str, list[str], list[str]]  # the table's key, its words, its readings
_PHRASAL: tuple[dict, list[PhrasalEntry], dict[str, list[int]]] | None = None


def _phrasal_entries(table: dict[str, list[str]]) -> tuple[list[PhrasalEntry], dict[str, list[int]]]:
    """The table's entries of several words in the table's order, and by first word where each
    is: read once, not for every question and game."""
    global _PHRASAL
    if _PHRASAL is None or _PHRASAL[0] is not table:
        entries = [(key, key.split(), readings) for key, readings in table.items() if len(key.split()) >= 2]
        by_first: dict[str, list[int]] = {}
        for at, (_key, parts, _readings) in enumerate(entries):
            by_first.setdefault(parts[0], []).append(at)
        _PHRASAL = (table, entries, by_first)
    return _PHRASAL[1], _PHRASAL[2]


def _phrasal(index: GameIndex, query: Query, table: dict[str, list[str]]) -> dict[str, str]:
    """Phrasal verbs and idioms of several words ("kick off": start, "hang on to": keep), read
    the rulebook's way when the game does not use their first word as a word of its own."""
    found: dict[str, str] = {}
    tokens = query.tokens
    entries, by_first = _phrasal_entries(table)
    for entry in sorted({n for t in set(tokens) for n in by_first.get(t, ())}):  # the table's order
        key, parts, readings = entries[entry]
        at = [i for i in range(len(tokens) - len(parts) + 1) if tokens[i:i + len(parts)] == parts]
        if _separable(parts):  # the particle after a word it moves: "throw them away"
            at += [i for i in range(len(tokens) - 2) if tokens[i] == parts[0] and tokens[i + 1] in MOVABLE
                   and tokens[i + 2] == parts[1]]
        if not at:
            continue
        first = stems_of([parts[0]])[0]
        if first not in generic_stems() and index.df([first])[first] > 0:
            continue
        for alternative in readings:
            alt_stems = stems_of([t for t in words(alternative) if t not in STOPWORDS])
            if alt_stems and all(_known(index, st) for st in alt_stems):
                found[key] = alternative
                break
    return found


_AIM_OF = lazy(r"\b(point|object|objective|idea|aim|goal) of\s*$")  # "the idea of <the game>"
# "who starts in Rattlebones", "how do you win Through-Stones": the name ending the question
# after these is the game's, though it is also a thing of the game.
_GAME_AT_END = lazy(r"\b(in|at|of|playing|play|win|winning|beat|learn|teach)\s*$")


def without_own_name(index: GameIndex, question: str) -> str:
    """The game's own name in a question says which game is meant, nothing about the rule.
    "how do you win four winds": where the rules never use its words, it would read as words the
    rules lack and make every section look off-topic, so it goes. "how do you win runes and
    bones": where they do, its words would pull in sections about runes and bones, so it reads
    as "the game". A name that is also a thing of the game ("Rattlebones", a pawn; "runeblade",
    the Blade's alias) stays."""
    own, patterns = _own_name(index.title or "")
    if not patterns:  # "My Game": no name, and "the game" is no rule's word
        return question
    found = next((pattern for pattern in patterns if pattern.search(question)), None)
    if found is None:
        return question
    stems = stems_of(own)
    if any(n > 0 for n in index.df(stems).values()):
        named = any(tuple(p.stems) == tuple(stems) for p in index.phrases_at(stems[:1])[stems[0]])
        at = found.search(question)
        ends = at is not None and not question[at.end():].strip(" ?!.")
        if named and not (at and (_AIM_OF.search(question[:at.start()])  # "the idea of Rattlebones" is the game's
                                  or ends and _GAME_AT_END.search(question[:at.start()].lower()))):
            return question
        return " ".join(found.sub(" the game ", question).split())
    at = found.search(question)
    if at is not None and _AIM_OF.search(question[:at.start()]):
        return " ".join(found.sub(" the game ", question).split())  # "the aim of Alp Road" is the game's
    shorter = " ".join(found.sub(" ", question).split())
    return shorter if words(shorter) else question


_OWN_NAMES: dict[str, tuple[list[str], list[re.Pattern[str]]]] = {}  # a title -> its words and patterns
_AND = r"(?:and|&|n)"  # "and" in a name, as players type it


def _own_name(title: str) -> tuple[list[str], list[re.Pattern[str]]]:
    """A game's name as without_own_name looks for it: its words other than little ones, and
    the patterns of the whole name and of those words (none when it is no name), made once a
    title, not at every question."""
    if title not in _OWN_NAMES:
        every = words(title.replace("&", " and "))  # "Needle & Flash", asked as "needle and flash"
        own = [w for w in every if w not in STOPWORDS]
        patterns = [] if not own or all(w in GENERIC for w in own) else [
            re.compile(r"\b" + r"\W+".join(_AND if w == "and" else re.escape(w) for w in names) + r"\b", re.IGNORECASE)
            for names in (every, own)]
        _OWN_NAMES[title] = (own, patterns)
    return _OWN_NAMES[title]
