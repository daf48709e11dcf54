"""Words: splitting text the way the index does, question stopwords, numbers, markup to plain text.

The tokenizer matches SQLite's ``unicode61`` (letters and digits make words, everything else
separates them, accents dropped), so a word split here is exactly one token in the index and its
stem (see stem.py) is the term the index stores.
"""
from __future__ import annotations

import re

from generator.model.refs import ICON_PATTERN, replace_refs

from .lazy_re import lazy

WORD = lazy(r"[^\W_]+")
ICON = lazy(ICON_PATTERN.pattern + r"(\s*)")  # with the space after it
EMPHASIS = lazy(r"\*\*(.+?)\*\*|\*(.+?)\*", re.S)

# Words that carry the shape of a question, not its subject. Words that change the meaning of a
# rule question ("not", "all", "each", "before", "again", "same") are deliberately not here.
STOPWORDS = frozenset("""
a an the i im ive id me my mine myself we us our ours you your yours yourself he him his she her
hers it its they them their theirs this that these those there here
is are was were be been being am do does did doing done don doesn didn isn aren wasn
have has had having can could may might must shall should will would cannot
what whats which who whom whose when where why how
of to in on at by for with about from into onto as if then than so and or but
get gets got getting happen happens happened happening mean means meant meaning
rule rules ruling please exactly actually really just ok okay like
s t d ll re ve m
tell know explain say says allowed able legal work works need needs want wants many much
u ur r ya yall pls plz lol gonna wanna gotta kinda sorta tho thx cuz coz cos hey hi vs versus
theres theyre theyve weve youre youve hes shes thats hows heres
""".split())

# Everyday words a player may use that say little about which rule is meant: they weigh little
# unless they are part of a name the game uses ("knocked out"), and a game that never uses one
# does not count it against the question (an unknown word marks a question as off-topic).
GENERIC = frozenset("""
give gives gave go goes going went gone put puts take takes took make makes made use uses used
let lets see look looks come comes keep keeps thing things stuff guy guys dude someone somebody
anyone anybody anything something everyone everybody everything way lot bit kind sort try
again still ever even else also only other others another same different new old
out up over off around about game games
away already anyway anyhow somewhere somehow quick quickly sure fine exact exactly very little
possible difference diffrence diference differ compared thanks actual real basically simply
hate hates dislike love now downside downsides drawback drawbacks upside upsides
mid midway halfway some enough whoever forever suck sucks between total single
""".split())

# Words of table talk that no rulebook need print for a question to be its own ("is it gone for
# good", "do i draw before or after", "we both have 19 points", "the meter just hit 6", "do we
# stop right now"): a game that never uses one does not count it against the question, as
# GENERIC, though each still weighs as a word. Numbers too.
TABLE_TALK = frozenset("""
once twice both after before themselves themself yourself myself nothing whole last second first
altogether good bad working worked play plays playing played
without number numbers rest ask asks asked said yes own middle far further furthest
not yet more none amount above whatever bunch regular smaller define definition thru til till
confusing confused besides automatically affect affects finish finishes finished decline declines
trigger triggers order identical
hit hits stop stops stopped came count counts rid explain explained explanation
third fourth fifth 2nd 3rd 4th 5th
right later plus options added
""".split())

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20,
}


def said_number(low: int, high: int) -> str:
    """A regex group for a count said in digits or words from `low` to `high` ("3", "three")."""
    return "(\\d+|" + "|".join(w for w, n in NUMBER_WORDS.items() if low <= n <= high) + ")"


ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "fifth": 5, "5th": 5, "sixth": 6, "6th": 6,
}


# A top section that sets the game up, whatever the designer titled it ("Setup", "Setting up the
# river", "Getting ready", "Preparing the market", "Before the first session", "Before the guests
# arrive", "At the starting line", "Laying out the towels", "Opening the shop", not "Opening
# time"): where starting values are. Every top section of the tuning games titled "Before ..." or
# "Laying out ..." is its set-up.
SETUP_TITLE = lazy(r"^(the )?(set[ -]?up|setting up|getting (ready|started)|prepar\w*|opening (up|the|your)|"
                   r"before\b|(at )?the starting line|(laying|setting) out)\b")


# ... or whose text opens by saying it is done before play: "Do this once, before the first spring."
SETUP_SAID = lazy(r"\W*do (this|these( steps)?|all this|the following)( once)?( in order)?,? before the (first|game)\b",
                  re.IGNORECASE)


def is_setup(rule_id: str, title: str) -> bool:
    return rule_id == "setup" or bool(SETUP_TITLE.search(title.lower()))


KIND_FIELDS = ("type", "kind", "category")  # where a designer writes what kind of card it is


def kind_of(fields: dict) -> str:
    """A card's kind as its designer wrote it ("type: Fuel"), if any."""
    for name in KIND_FIELDS:
        value = fields.get(name)
        if isinstance(value, str) and value.strip():
            return value
    return ""


CARD_WORDS = ("text", "effect", "ability", "flavor", "flavour", "name")  # a card's words, not its corner


def card_heading(name: str, fields: dict, count: int = 1) -> str:
    """A card named as its face shows it: its kind and the numbers in its corners, then how many
    are in the deck: "Highland Fling (Step - Puff, cost 3, x2)"."""
    kind = kind_of(fields)
    said = [kind.strip()] if kind else []
    said += [f"{humanize(k)} {int(v) if isinstance(v, float) and v.is_integer() else v}" for k, v in fields.items()
             if isinstance(v, (int, float)) and not isinstance(v, bool) and k not in CARD_WORDS]
    if count != 1:
        said.append(f"x{count}")
    return f"{name} ({', '.join(said)})" if said else name


def fold(text: str) -> str:
    """Lower case without accents, as unicode61 with remove_diacritics sees it."""
    if text.isascii():
        return text.lower()
    import unicodedata

    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


PLUS = lazy(r"(?<![\w+])\+(?=\d)")


# "Your go", "each go": a turn in the words of many a designer's rules. A question's "my go" is
# read as "my turn" (intent.py), so the rules' own "go" is indexed as a turn too.
GO_TURN = lazy(r"\b(your|my|his|her|their|our|each|every|next|whose|a|one|same|that) go\b(?! (on|at|to|in)\b)",
               re.IGNORECASE)


# A deck or bag that runs out or runs dry is empty, as other rules say it ("if the deck is empty").
RUNS_OUT = lazy(r"\b(deck|pile|bag|supply|stack|market)s? (\w+ )?(runs|ran|run|running) (out|dry)\b(?! of\b)",
                re.IGNORECASE)


def searchable(text: str) -> str:
    """Text as it is indexed and matched: "+1" reads "plus 1" (the tokenizer drops the sign),
    "your go" also "turn", a deck that runs out also "empty"."""
    text = PLUS.sub("plus ", text)
    lowered = text.lower()  # most texts hold neither: their patterns then need no compiling
    if " go" in lowered:
        text = GO_TURN.sub(r"\g<0> turn", text)
    if " out" in lowered or " dry" in lowered:
        text = RUNS_OUT.sub(r"\g<0> empty", text)
    return text


_WORDS: dict[str, tuple[str, ...]] = {}  # text -> its words, for the last few thousand texts
_KEEP_WORDS = 4096


def words(text: str) -> list[str]:
    """The text's tokens, as the index splits them. Kept: a question's words are asked for by
    each step of reading it, for each game asked, and so are a game's names at every question."""
    found = _WORDS.get(text)
    if found is None:
        if len(_WORDS) >= _KEEP_WORDS:
            _WORDS.clear()
        found = _WORDS[text] = tuple(WORD.findall(fold(searchable(text))))
    return list(found)


# Everyday words and the word rulebooks use for the same thing (porter stems on both sides):
# a question's "begin" is matched as "start", and "start" also finds a text that says "begin".
# Only words whose meaning does not depend on the game.
SYNONYMS = {
    "begin": "start", "initi": "start", "initial": "start",
    "peopl": "player", "person": "player", "folk": "player",
    "maximum": "most", "max": "most", "minimum": "fewest", "min": "fewest",
    "step": "phase", "stage": "phase",
    "ti": "tie", "di": "die",  # the porter stemmer's "ties" and "dies" are "tie" and "die"
    "winner": "win", "victori": "win", "goal": "win", "objectiv": "win",
    # Irregular past forms the porter stemmer leaves apart from their verb ("beaten": "beat").
    "beaten": "beat", "chosen": "choos", "chose": "choos", "taken": "take", "stolen": "steal",
    "stole": "steal", "won": "win", "paid": "pai", "lost": "lose", "drawn": "draw", "drew": "draw",
    "dealt": "deal", "spent": "spend", "held": "hold", "bought": "bui", "sold": "sell",
    "thrown": "throw", "threw": "throw", "hidden": "hide", "broken": "break", "fallen": "fall",
    "fell": "fall", "ran": "run", "took": "take", "gave": "give", "given": "give", "kept": "keep",
    "got": "get", "made": "make",
    # Word families the porter stemmer keeps apart ("succeeded" is "succeed", "success" is
    # "success"; "failure" is "failur"): a player says one where the rulebook says the other.
    "succe": "success", "succeed": "success", "failur": "fail", "movement": "move", "choic": "choos",
    "defenc": "defend", "defens": "defend", "destruct": "destroi", "payment": "pai",
    # What lasts from one session or fight to the next: "carries over", "persists".
    "persist": "carri",
    # Money by any name: a player's "cash" is the rulebook's "12 pounds".
    "cash": "monei", "quid": "monei", "dollar": "monei", "buck": "monei", "pound": "monei",
}
_SYNONYMS_OF: dict[str, list[str]] = {}
for _word, _canon in SYNONYMS.items():
    _SYNONYMS_OF.setdefault(_canon, []).append(_word)


def canonical(token: str, stem: str) -> str:
    """The form phrases are matched in: a number word is its digits ("three" and "3" agree),
    an everyday word the rulebook's word for it ("begin": "start")."""
    number = number_of(token)
    if number is not None:
        return str(number)
    return SYNONYMS.get(stem, stem)


def alternatives(stem: str) -> list[str]:
    """Index terms a canonical stem stands for: "3" is also "three", "start" also "begin"."""
    if stem.isdigit():
        names = [w for w, n in NUMBER_WORDS.items() if str(n) == stem]
        return [stem] + names
    return [stem] + _SYNONYMS_OF.get(stem, [])


def number_of(word: str) -> int | None:
    """The number a single word stands for: "3", "three"; not ordinals (see ordinal_of)."""
    if word.isdigit() and len(word) <= 6:
        return int(word)
    return NUMBER_WORDS.get(word)


def ordinal_of(word: str) -> int | None:
    return ORDINALS.get(word)


def plain(text: str, numbers: dict[str, str] | None = None, icons: dict[str, str] | None = None,
          titles: dict[str, str] | None = None, tables: dict[str, str] | None = None) -> str:
    """Rule markup to plain text: [[rule.id]] becomes §4.3 with its title ("§4.1 Rouse", the
    name a player needs), [[table:id]] the table's title, :icon: its label, **bold** plain."""
    icons = icons or {}
    text = replace_refs(text, numbers=numbers, rule_titles=titles, tables=tables)
    text = ICON.sub(lambda m: _icon_label(m, icons), text)
    text = EMPHASIS.sub(lambda m: m.group(1) or m.group(2), text)
    return text.strip()


def _icon_label(match: re.Match, icons: dict[str, str]) -> str:
    """An icon's label, and the space after it; nothing where the next word says it anyway
    ("take 2 :ink: ink pots" reads "take 2 ink pots", not "2 ink ink pots")."""
    label = icons.get(match.group(1), match.group(1).replace("-", " "))
    after = match.string[match.end():match.end() + len(label) + 2].lower()
    if re.match(re.escape(label.lower()) + r"(e?s)?\b", after):
        return ""
    named = label.split()
    said_next = re.match(r"\s*(\w+)", match.string[match.end():])
    if said_next and len(named) > 1:  # "Damage symbol": ":damage: damage" is "damage"
        first, last, said = named[0], named[-1], said_next.group(1).lower()
        if re.fullmatch(re.escape(first.lower()) + r"(e?s)?", said):
            return ""
        if re.fullmatch(re.escape(last.lower()) + r"(e?s)?", said):  # ":bone: symbols": "Bone symbols"
            return label[:-len(last)].rstrip() + match.group(2)
    counted = re.search(r"\b(\d+)(?:\*\*)?\s*$", match.string[:match.start()])
    if counted and int(counted.group(1)) > 1 and label.isalpha() and label.islower() and not label.endswith("s"):
        label += "s"  # "Gain **4** :star:" reads "Gain 4 stars"
    return label + match.group(2)


def humanize(name: str) -> str:
    """A data key as words: bonus_bones_per_player -> bonus bones per player."""
    return re.sub(r"[_-]+", " ", str(name)).strip()


LIST_ITEM = lazy(r"^\s*(\d+[.)]|[-*\u2022])\s")


def wrap(text: str, width: int = 88, indent: str = "  ") -> str:
    """Fill each paragraph to `width`; numbered and bulleted lines keep their own line."""
    import textwrap

    blocks: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text):
        for line in paragraph.splitlines():
            if not line.strip():
                continue
            if blocks and not LIST_ITEM.match(line) and not blocks[-1].endswith("\n"):
                blocks[-1] += " " + line.strip()
            else:
                blocks.append(line.strip())
        if blocks:
            blocks[-1] += "\n"  # the paragraph ends here
    return "\n".join(textwrap.fill(" ".join(b.split()), width=width, initial_indent=indent,
                                   subsequent_indent=indent + ("   " if LIST_ITEM.match(b) else ""))
                     for b in blocks)


def shorten(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    # not "and resolve (§9.7 Resolving ...", nor "paper squares (12 plain, 6 patterned ...": cut
    # before the bracket, if a third of the line is left
    while cut.count("(") > cut.count(")") and cut.rfind("(") > limit // 3:
        cut = cut[:cut.rfind("(")].rstrip()
    return cut.rstrip(",;:") + " ..."


BOLD_NAME_WORDS = 3  # a name set in bold is a word or few; longer bold is emphasis ("**only once per turn**")


def bold_names(text: str) -> list[str]:
    """What a text sets in bold that reads as a name: a word or few, no number ("**4 Buzz.**")
    and not only little or everyday words ("**not**")."""
    names = []
    for match in EMPHASIS.finditer(text):
        name = (match.group(1) or match.group(2) or "").strip(" .,:;!?")
        said = words(name)
        if (said and len(said) <= BOLD_NAME_WORDS and not any(c.isdigit() for c in name)
                and not all(w in STOPWORDS or w in GENERIC for w in said)):
            names.append(name)
    return names
