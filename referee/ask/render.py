"""An Answer as text for the terminal (JSON is Answer.as_json)."""
from __future__ import annotations

from .answers import QUOTED
from .engine import Answer, Citation
from .lazy_re import lazy
from .text import shorten, wrap
from .topics import ODDS_ASKED, ODDS_TRIGGERS

_ODDS = lazy(ODDS_ASKED, triggers=ODDS_TRIGGERS)
WIDTH = 88
# Below this confidence an answer was right about half the time on questions written blind
# (tests/ask_questions/score.py prints the bands): it is shown as a pointer, not a ruling.
UNSURE = 0.7


def render_text(answer: Answer, width: int = WIDTH) -> str:
    """The answer in one line first; under it how a word of the question was read, if one was
    read otherwise ("(read as: denoument -> denouement)"); then the rule it comes from."""
    text = _render(answer, width)
    if not answer.corrected:
        return text
    fixed = ", ".join(f"{k} -> {v}" for k, v in answer.corrected.items())
    first, _, rest = text.partition("\n")
    return f"{first}\n(read as: {fixed})" + (f"\n{rest}" if rest else "")


def _render(answer: Answer, width: int) -> str:
    lines: list[str] = []
    if not answer.matched:
        where = "any game's rules" if answer.every_game or not answer.game_title else \
            f"the rules of {answer.game_title}"
        lines.append(f"No good match in {where} for: {answer.question}")
        if answer.citations:
            lines.append(f"Closest sections ({answer.game_title}):")
            for c in answer.citations:
                lines.append(f"  §{c.number} {c.title}: {shorten(c.text, 120)}")
        if _ODDS.search(answer.question.lower()):
            from .cache import content_games  # only here: a folder outside content/ is named by its path

            game = answer.game if answer.game in {g.key for g in content_games()} else "<game>"
            lines.append("The chance of a roll is worked out, not ruled: try `referee odds 2d6`, or")
            lines.append(f"`referee odds --game {game} ...` with the game's own dice (`referee odds --help`).")
        # Naming the game helps only a question asked of every game.
        lines.append("Try other words, or name the game with --game." if answer.every_game else "Try other words.")
        return "\n".join(lines)

    if not answer.citations:  # the box's facts (engine: data:facts), no section's
        return "\n".join([one_line(answer.answer or "", width), "",
                          f"{_head(answer) or 'The game'}, from the game's details (game.yaml): no rule section says this",
                          f"(confidence {answer.confidence:.2f})"])
    first, *rest = answer.citations
    # The short answer first, on one line; then where it comes from and the rule in full. An
    # answer right only about half the time on unseen questions says it may not be the one.
    unsure = answer.confidence < UNSURE
    short = one_line(answer.answer or first.text, width)
    if answer.source == "faq" and answer.answer:  # "Can the Skull target ...? Yes. Anyone with bones ...": its answer
        short = faq_answer(answer.answer, width)
    if answer.source == "rules":  # a rule's text: the sentence that says what was asked
        text = answer.answer or first.text
        short = one_line(answering_sentence(text, answer.question, answer.game_title or ""), width)
    elif answer.card is not None and answer.answer:
        short = one_line(card_sentence(answer.answer, answer.card["name"], answer.question), width)
    lines.append(("Not sure; the closest rule: " if unsure else "") + short)
    head = _head(answer)
    lines.append("")
    if answer.card is not None and not answer.card["governed"]:
        # No section governs the card: its own text is the rule, the sections only further reading.
        lines.append(f"{head}, the card {answer.card['name']} ({answer.card['deck']})" if head else
                     f"The card {answer.card['name']} ({answer.card['deck']})")
        full = (answer.answer or "").strip()
        if full and full != one_line(full, width):
            lines.append(wrap(full, width))
        rest = answer.citations[:max(1, len(answer.citations) - 1)]  # as many as an answer citing a rule shows
    else:
        _cited_first(lines, answer, first, head, width)
    if rest:
        lines.append("")
        lines.append("See also:")
        for c in rest:
            lines.append(f"  §{c.number} {c.title}: {shorten(c.text, 110)}")
    note = f"confidence {answer.confidence:.2f}"
    if unsure:
        note += ": not sure, check the sections under See also"
    if answer.source.removeprefix("data:") in QUOTED:
        note += ", quoted from the rules"
    elif answer.source.startswith("data:"):
        note += ", worked out from the game's data"
    elif answer.source in ("faq", "glossary", "card", "component"):
        note += ", from the " + {"faq": "FAQ", "component": "component list"}.get(answer.source, answer.source)
    lines.append(f"({note})")
    return "\n".join(lines)


def _head(answer: Answer) -> str:
    """The game answering, and the others the question fits as well when every game was asked."""
    head = answer.game_title or answer.game or ""
    if answer.candidates:
        others = ", ".join(c["title"] or c["game"] for c in answer.candidates)
        head += f"  (the question fits {others} too; use --game to choose)"
    return head


def _cited_first(lines: list[str], answer: Answer, first: Citation, head: str, width: int) -> None:
    """Where the answer comes from, the first section cited, and that rule in full. A card whose
    text is the answer is named before the section that governs it."""
    source = f"§{first.number} {first.title}"
    if answer.card is not None:
        source = f"the card {answer.card['name']} ({answer.card['deck']}), under {source}"
    lines.append(f"{head}, {source}" if head else source[0].upper() + source[1:])
    full = (answer.answer or "").strip()
    if full and full != one_line(full, width):
        lines.append(wrap(full, width))
    if first.text and first.text.strip() not in full:
        if full and full != one_line(full, width):
            lines.append("")
            lines.append(f"  §{first.number} says:")
            lines.append(wrap(first.text, width, indent="    "))
        else:
            lines.append(wrap(first.text, width))


_SENTENCE_END = lazy(r"(?<=[.?!])\s+(?=[A-Z0-9(])|\n\s*\n")


_HOW_MANY = lazy(r"\bhow (?:many|much)\b", triggers=("how",))
_NUMBER = lazy(r"(?<![§.\d])\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|half|double)\b")  # not "§7"
SCENE_WORDS = 4  # a first sentence shorter than this sets a scene ("London, 1879.")
_CUT = lazy(r"[.?!](?= )")


def asked_sentence(text: str, question: str) -> str:
    """The sentence of a rule that holds most of the question's words, the rarer in the rule the
    more ("how much steam does everyone start with": "Every keeper takes 2 steam.", not the
    set-up's first sentence about dealing); the first sentence when none holds more than it."""
    from .query import stems_of
    from .text import STOPWORDS, words

    def said(part: str) -> set[str]:
        return set(stems_of([t for t in words(part) if t not in STOPWORDS]))

    asked = said(question)
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s.strip()]
    if not asked or len(sentences) < 2:
        return text
    held = [said(sentence) & asked for sentence in sentences]
    # A word in every sentence ("steam" in the Steam rule) tells none apart: each word counts by
    # how few sentences hold it ("can I hold 7 steam": the one that says "hold"). Asked how many
    # or how much, of two sentences as good the one with a number ("Each one ... costs you 2
    # cash", not "Smoke tokens are bad news.").
    spread = {word: sum(word in these for these in held) for word in asked}
    numeric = bool(_HOW_MANY.search(question.lower()))
    best = max(range(len(sentences)), key=lambda i: (sum(1 / spread[w] for w in held[i]),
                                                     numeric and bool(_NUMBER.search(sentences[i])), -i))
    if sentences[best].rstrip().endswith("?") and best + 1 < len(sentences):
        return f"{sentences[best]} {sentences[best + 1]}"  # "Rolled Lost? The player on your left ..."
    return sentences[best]


def card_sentence(text: str, name: str, question: str) -> str:
    """A card's answer ("Trucker's Breakfast (Ticket · tip 5): The trucker has a schedule to keep.
    Every time this ticket would get a grumble, it gets 2.") with the sentence of its text that
    says what was asked ("... does it get extra grumbles": the second), its heading kept. The
    card's own name tells no sentence apart; asked nothing else, the first sentence."""
    from .query import stems_of
    from .text import words

    cut = text.find(": ", len(name)) if text.startswith(name) else -1
    if cut < 0:
        return text
    named = set(stems_of(words(name)))
    rest = " ".join(w for w in words(question) if stems_of([w])[0] not in named)
    return f"{text[:cut + 2]}{asked_sentence(text[cut + 2:], rest)}"


# "who wins", "how do you win this": asked nothing more, the answer is the sentence saying who wins
# ("Finish with the most bones"), else how the game ends, not a rule's scene-setting first sentence
# ("Three demon lords share a court") nor one that wins something else ("to win a pot of bones").
_WIN_ONLY = lazy(r"^\W*(?:so |ok |okay )?(?:who (?:wins|is the winner)|how (?:do|does|can|would|will) (?:you|i|we|u|one|someone"
                 r"|somebody|anyone|a player) (?:actually |even |ever )?win|how to win)\b"
                 r"(?: this| it| (?:the |this )?(?:whole )?(?:game|thing|one)| overall| in the end| at the end)?\W*$", triggers=("win",))
_WINS = lazy(r"\b(?:wins|winner|win the game|(?:they|you|we|everyone|everybody|he|she)(?: all)? win|win (?:at once|on the spot"
             r"|outright|immediately|together))\b")
_GAME_ENDS = lazy(r"\bgame (?:ends|is over|stops)\b|\bends in\b")


def answering_sentence(text: str, question: str, title: str = "") -> str:
    """The sentence of a rule that answers the question (asked_sentence); asked only who wins, one
    saying who wins ("... wins", "whoever", "the most bones") or else how the game ends."""
    from .answers.overview import SAYS_WHO_WINS

    chosen = asked_sentence(text, question)
    asked = question.lower().replace(title.lower(), "the game") if title else question.lower()
    if not _WIN_ONLY.search(asked) or _WINS.search(chosen.lower()):
        return chosen
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s.strip()]
    return next((s for says in (_WINS, SAYS_WHO_WINS, _GAME_ENDS) for s in sentences if says.search(s.lower())), chosen)


def faq_answer(text: str, width: int = WIDTH) -> str:
    """A FAQ's answer without its question, to its first sentence; a bare "Yes." or "No." keeps
    the sentence after it, which says why."""
    _question, mark, rest = text.partition("? ")
    return one_line(rest if mark and rest.strip() else text, width)


def one_line(text: str, width: int = WIDTH) -> str:
    """The answer's first sentence: the short answer a player wants first. One of a few words
    ("Yes.", "London, 1879.") or a question ("Rolled Lost?") keeps the sentence after it, which says
    why or what."""
    first = " ".join(text.strip().split("\n\n", 1)[0].split())
    # after each ". ", "? " or "! " outside brackets ("a lifeguard card (playing alone? run two)")
    ends = [m.end() for m in _CUT.finditer(first) if first.count("(", 0, m.start()) <= first.count(")", 0, m.start())]
    asks_back = bool(ends) and first[ends[0] - 1] == "?"  # "Rolled Lost? You've turned the map upside down."
    if ends and len(first[:ends[0]].split()) >= SCENE_WORDS and not asks_back:
        first = first[:ends[0]]
    elif len(ends) > 1:
        first = first[:ends[1]]
    return shorten(first, 2 * width)
