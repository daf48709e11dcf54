""""Who goes first?": the sentence of the rules that says who starts, citing its section.

A designer writes it in many ways ("The keeper who last drank tea goes first", "The surveyor
who last got their feet wet starts;", "Pick a first player at random"), rarely in the words a
player asks with, so the search alone often lands on a section that merely says "first". The
question is read as "who is first player" (intent.PARAPHRASES); the sentence is looked for
section by section, set-up first, and quoted with the sentence after it when that one says how
play goes on ("Play then passes to the left").
"""
from __future__ import annotations

from ..lazy_re import lazy
from ..query import stems_of
from ..text import words
from .base import Computed, Context, as_sentence, sentences_of
from .confidence import CONFIDENCE

# The question, as intent.rewrite leaves it ("who goes first", "who starts" -> "who is first
# player"); query.translate_slang may have put the game's own noun for "player".
ASKED = lazy(r"\bwho is first (\w+)\b|\bwho takes the first turn\b")
# "player" is the rewrite's word, not the player's: a game whose rules say "archer" is not asked
# about anything it lacks (Butts & Bracers' first archer was "not sure" at 0.64).
REWRITE_WORDS = frozenset(stems_of(["player"]))
# A sentence that names who plays first. "starts" and "begins" alone say so only of a person
# ("the surveyor who ... starts;"), never of "a new round begins".
SAYS_FIRST = lazy(r"\b(goes|go|plays|play|moves|move) first\b|\btakes? the first turn\b|\bfirst player\b")
SAYS_STARTS = lazy(r"\b(starts|begins)\s*$")
PERSON = lazy(r"\b(who|whoever|youngest|oldest|player)\b")
# ... or a person named doing the game's own first act ("Whoever last went to a fete shoots first",
# "whoever flew most recently is the first pilot"), in a sentence that is not about winning
# ("whoever gets 10 points first wins").
SAYS_PERSON_FIRST = lazy(r"\b(?!first\b)\w+s first\b|\bis (the )?first (?!to\b|of\b|in\b)\w+\b"
                         r"|\b(takes?|has|gets?) the first \w+\b",  # "whoever went to bed latest takes the first shift"
                         triggers=("first",))
ABOUT_WINNING = lazy(r"\b(win|wins|won|winner|winning|points?|score|scores|scoring)\b")
# "who goes first in the next end", "... after the first round": the sentence must say so too.
LATER = lazy(r"\b(next|after|each|every|later|new)\b")
GOES_ON = lazy(r"\b(passes|pass|goes|go|continues|runs)\b.*\b(left|right|clockwise|anticlockwise|counterclockwise)\b"
               r"|\bclockwise\b")


# "who gets the bleeper first", "who has the mic at the start": the game's first-player marker
# (a component so named or noted, "The Bleeper (first player token)") asks who starts.
MARKER_ASKED = lazy(r"\bwho (?:gets|has|takes|holds|starts with) (?:the )?(?P<thing>[\w' ]{1,30}?) (?:first|to start|at the start)\W*$",
                    triggers=("who",))
FIRST_MARKER = lazy(r"\bfirst[- ]player\b|\bstart(?:ing)? player\b")
TAKES = lazy(r"\b(takes?|gets?|is given|are given|holds?|starts? with|receives?)\b")  # ... the sentence giving it out


def _marker_asked(ctx: Context) -> set[str]:
    """The stems of the first-player marker the question names ("the bleeper"), if it does."""
    said = MARKER_ASKED.search(ctx.text)
    wanted = set(stems_of([w for w in words(said.group("thing")) if w not in ("the", "a")])) if said else set()
    is_marker = any(wanted <= set(stems_of(words(c["name"].lower())))
                    and FIRST_MARKER.search(f"{c['name']} {c.get('note') or ''}".lower())
                    for c in ctx.index.data("components") or []) if wanted else False
    return wanted if is_marker else set()


def first_player(ctx: Context) -> list[Computed]:
    marker = _marker_asked(ctx)
    if not ASKED.search(ctx.text) and not marker:
        return []
    index = ctx.index
    rules = sorted(index.rules.values(), key=lambda r: (not index.in_setup(r.id), r.order))
    for info in rules if marker else []:  # "... the rain without a coat takes the Mic"
        said = next((s for s in sentences_of(info.text or "") if TAKES.search(s.lower())
                     and marker <= set(stems_of(words(s.lower())))), None)
        if said:
            return [Computed(as_sentence(said), info.id, CONFIDENCE["first-player"], "first-player")]
    later = bool(LATER.search(ctx.text))
    for strong in (True, False):  # "goes first" anywhere before a bare "starts"
        for info in rules:
            answer = who_starts(info.text or "", strong, later)
            if answer:
                return [Computed(answer, info.id, CONFIDENCE["first-player"], "first-player")]
    return []


def who_starts(text: str, strong: bool = True, later: bool = False) -> str | None:
    """The sentence of `text` that says who plays first ("goes first", "first player"; with
    strong False, a person who "starts" or "begins"), with the next when it says how play goes
    on; with `later`, only one that says who is first in a later round; None if none does."""
    sentences = sentences_of(text)
    for i, sentence in enumerate(sentences):
        plain = sentence.lower().rstrip(".;!? ")
        if later and not LATER.search(plain):
            continue
        if strong:
            says = SAYS_FIRST.search(plain) or (SAYS_PERSON_FIRST.search(plain) and PERSON.search(plain)
                                                 and not ABOUT_WINNING.search(plain))
        else:
            says = SAYS_STARTS.search(plain) and PERSON.search(plain)
        if not says:
            continue
        answer = as_sentence(sentence)
        if i + 1 < len(sentences) and GOES_ON.search(sentences[i + 1].lower()):
            answer += " " + as_sentence(sentences[i + 1])
        return answer
    return None
