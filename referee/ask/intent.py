"""What a question asks for, read from its shape before any word of the game is weighed.

A player's question is one of a few kinds, and the kind decides which answers can fit:

- ``number``: "how many runes can I hold?", "how much health do I start with?", "what's the hand
  limit?": a count or a fixed value from the data may answer.
- ``yes-no``: "can a tapped warrior block?", "do I keep them all?": a rule answers; a number
  read off a chart does not.
- ``happens``: "what happens if ...", "what if two players tie?": a rule (or a table row about
  that event) answers, never a bare number.
- ``who-wins``: "who wins?", "which rune beats ...": the beats data may work it out.
- ``definition``: "what does Flood do?", "what is a bane?": a card, a glossary entry, a record.
- ``list``: "what are the phases of my turn?": a section whose children are the items.
- ``other``: anything else ("where do trashed cards go?").

Also here: everyday paraphrases a rulebook does not use, rewritten to the words it does
("run out of health" -> "zero health", "begin" -> "start"), so phrases beat single words.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .lazy_re import lazy
from .text import said_number

NUMBER = "number"
YES_NO = "yes-no"
HAPPENS = "happens"
WHO_WINS = "who-wins"
DEFINITION = "definition"
LIST = "list"
OTHER = "other"

_HAPPENS = lazy(r"\bwhat (happens|happened|then|now)\b|\bnow what\b|\bwhat if\b|\bwhat do(es)? (i|we|you|they) do\b|"
                r"\bwhat should\b|\b(happen|happens) (if|when|to)\b")
_WHO_WINS = lazy(r"\bwho (wins|won|win|gets the|takes the)\b|\bwhich (one |rune |card |side )?(wins|beats|is stronger)\b|"
                 r"\bwho beats\b|\bwho is stronger\b|\bwhat decides\b|\bwhich (one )?counts\b")
_NUMBER = lazy(r"\bhow (many|much|high|low|far|long|often)\b|\bnumber of\b|"
               r"\bwhat('?s| is| are) (the|my|a|an|our) [\w\s-]*\b(limit|maximum|minimum|max|min|most|least|"
               r"cost|price|size|count|total|number|amount)\b|\bhow many\b")
_YES_NO = lazy(r"^\s*(do|does|did|can|could|will|would|is|are|am|should|must|may|have|has|if|wo)(n'?t)?\b|"
               r",\s*(do|does|can|could|will|is|are|should|must|may)\s+(i|we|you|they|it|he|she)\b")
_DEFINITION = lazy(r"\bwhat('?s| is| are| does| do)\b.*\b(do|does|mean|means|for)\b\W*$|"
                   r"^\s*what('?s| is| are) (a|an|the)?\s*[\w-]+( [\w-]+)?\W*$|\bexplain\b|\btell me about\b|"
                   r"\bwhat'?s?\s+[\w-]+(\s[\w-]+)? do\b|\bhow does [\w\s-]+ work\b")
_LIST = lazy(r"\bwhat are (the|my|all)\b|\b(list|which are) (the|all)\b|\bwhat('?s| is) in\b|"
             r"\b(phases|steps|stages|parts|kinds|types|options)\b|\b(what|which) order\b|\border of (things|stuff|play)\b")


# Contractions typed without the apostrophe ("whats", "dont"), read as written in full.
_CONTRACTIONS = lazy(r"\b(what|who|where|how|that|there|it)s\b|\b(do|does|did|is|are|was|were|ca|could|"
                     r"would|should|have|has|had|wo)nt\b")


def _spelled(text: str) -> str:
    text = text.lower().replace("\u2019", "'")
    return _CONTRACTIONS.sub(lambda m: f"{m.group(1)}'s" if m.group(1) else f"{m.group(2)}n't", text)


def intent(text: str) -> str:
    t = _spelled(text)
    if _WHO_WINS.search(t):
        return WHO_WINS
    if _HAPPENS.search(t):
        return HAPPENS
    if _NUMBER.search(t):
        return NUMBER
    if _YES_NO.search(t):
        return YES_NO
    if _LIST.search(t) and re.search(r"\bwhat\b|\blist\b|\bwhich\b", t):
        return LIST
    if _DEFINITION.search(t):
        return DEFINITION
    return OTHER


# Paraphrases players use that rulebooks word otherwise: regex -> replacement. They keep the
# thing named ("health", "bones") and say what happened to it in the rulebook's word ("zero").
# Each pattern's replacement: a template (r"\1 not") or a function of the match.
_COMPANION = (r"(friend|mate|partner|buddy|girlfriend|gf|boyfriend|bf|wife|husband|kid|son|daughter|brother"
              r"|sister|mum|mom|dad|flatmate|roommate)")
_GROWN_UP = r"(friend|mate|partner|buddy|girlfriend|gf|boyfriend|bf|wife|husband|brother|sister|mum|mom|dad|flatmate|roommate)"

class _Lazy:
    """A paraphrase's pattern, compiled the first time a question holds one of its trigger words
    (each a piece of text the pattern cannot match without): most questions hold none, and
    compiling every pattern cost each cold `referee ask` ~10 ms on two slow cores."""

    __slots__ = ("pattern", "triggers", "_compiled")

    def __init__(self, pattern: str, *triggers: str):
        self.pattern, self.triggers = pattern, triggers
        self._compiled: re.Pattern[str] | None = None

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str) -> str:
        for trigger in self.triggers:  # (a loop: no generator made for each of ~30 patterns a question)
            if trigger in text:
                break
        else:
            return text
        if self._compiled is None:
            self._compiled = re.compile(self.pattern)
        return self._compiled.sub(repl, text)


PARAPHRASES: list[tuple[_Lazy, str | Callable[[re.Match[str]], str]]] = [
    # "wat happens", "wot is bloom": "what" as typed in a chat (a word no game uses, so the
    # question read as half off-topic, and no "what happens" either).
    (_Lazy(r"\b[Ww](at|ot|ut|ht)\b", "wat", "Wat", "wot", "Wot", "wut", "Wut", "wht", "Wht"), "what"),
    # Negations typed with or without the apostrophe: "won't" is "will not", never "won".
    (_Lazy(r"\b(wo|ca)n[\u2019']?t\b", "n't", "n\u2019t", "nt"),
     lambda m: "will not" if m.group(1) == "wo" else "can not"),
    (_Lazy(r"\b(do|does|did|is|are|was|were|should|would|could|have|has|had|must)n[\u2019']?t\b", "n't", "n\u2019t", "nt"),
     r"\1 not"),
    # "whats the hand limit": rules that set one say how many cards one may hold or keep
    (_Lazy(r"\bhand (?:size )?(?:limit|cap)\b|\bmax(?:imum)? (?:\w+ )?cards (?:in|i can hold in) (?:my |your |a )?hand\b", "hand"),
     r"\g<0> (hold cards most)"),
    # "cash them all in" sells them: "cash" is money otherwise (text.SYNONYMS)
    (_Lazy(r"\bcash(es|ed|ing)? ((?:\w+ ){0,3}?)(in|out)\b", "cash"), lambda m: f"sell {m.group(2)}".rstrip()),
    (_Lazy(r"\b(run|runs|ran|running) out of (my |our |your |their |all )?", "out of"), r"\g<0>zero "),
    (_Lazy(r"\b(lose|loses|lost|losing) all (of )?(my |our |your |their )?", " all "), r"\g<0>zero "),
    (_Lazy(r"\bno (more |)(?=health|life|hit points|hp\b|bones|gold|money|cards|runes|dice)", "no "), "zero "),
    (_Lazy(r"\b(drops?|dropped|falls?|fell|goes|went|gets|hits?|reaches|reached) (down )?to (0|zero)\b", "to 0", "to zero"),
     "zero"),
    (_Lazy(r"\b(hits?|hitting|reach|reaches|reached|reaching|at) (0|zero)\b", " 0", " zero"), "zero"),
    # "When is the game over?", "is my turn over": it ends, in the rulebooks' word ("carry over",
    # "pass over", "over 65" are other things).
    (_Lazy(r"\b(game|turn|round|session|scene|fight|combat|it|that)( is| was| be)? over\b(?!\s*\d)", " over"),
     r"\g<0> end"),
    (_Lazy(r"\b(game|turn|round|session|scene|fight|combat|it)( will| does| do)? stops?\b", " stop"), r"\g<0> end"),
    # "Does a 4 count as a success?" asks whether it is one: "count" is no count there.
    (_Lazy(r"\b(counts?|counted) as\b", "count"), "is"),
    # "The same number of stock tickets", "equally strong": a tie, the rulebooks' word for it.
    (_Lazy(r"\b(the )?same (number|amount|count|total|score)\b|\bequally\b|\bjust as many\b", "same", "equally",
           "just as many"), r"\g<0> tie"),
    # "Fire Axe is down and I have Fire Axe too": the same thing again, a rule on the same rune.
    # Not "too many": "too" ends its clause there.
    (_Lazy(r"\b(\w{3,}(?: \w{3,})?)\b.+?\b\1 (?:too|as well)(?=\s*(?:[,.;:?!]|$))", "too", "as well"),
     r"\g<0> (identical, a tie)"),
    # "Walk me through an attack": explain it ("walk" is no move there).
    (_Lazy(r"\b(walk|talk|run|take) (me|us) through\b", "through"), "explain"),
    # "Two of us have the most stock tickets", "we both have the most": a tie for the most.
    (_Lazy(r"\b(two|three|both|all|\d) of us (have|has|got|hold|are on) (the )?most\b"
           r"|\bwe (both|all) (have|got|hold) (the )?most\b", "most"), r"\g<0> tie"),
    # Table talk for the rulebook's names: the point of the game is its goal, who starts, a go
    # for a turn, putting a card down.
    # "Can 7 of us play?", "play with the 3 of us", "me and a friend": a number of players (not "two of
    # us tie", which a rule on ties answers).
    (_Lazy(rf"\b{said_number(2, 10)} of us(?= (can |could )?(play|playing|join|joining)\b)"
           rf"|(?<=\bwith )(the )?{said_number(2, 10)} of us\b", "of us"),
     lambda m: f"{m.group(1) or m.group(5)} players"),
    # Going past a space without stopping is passing over it, as rules put it.
    (_Lazy(r"\b(went|go|goes|going|walk|walks|walked|run|runs|ran|move|moves|moved|fly|flies|flew"
           r"|zoom|zooms|zoomed|sail|sails|sailed) (right |straight |just )?past\b", "past"), "passes over"),
    # "Me and my girlfriend", "with a friend": two players.
    (_Lazy(rf"\b(just )?(me and (a|my|one) {_COMPANION}|(a|my|one) {_COMPANION} and (i|me))\b"
           rf"|(?<=\bwith )(just )?(a|my|one) {_COMPANION}\b", " and ", "with "), "2 players"),
    # "Can my gf play too?", "my mate wants to join": a second player (not a child, whose age the
    # box's facts answer).
    (_Lazy(rf"\b(my|a|one) {_GROWN_UP}(?= (also |too )?(play|plays|join|joins)\b)"
           rf"|\b(my|a|one) {_GROWN_UP}(?= wants? to (play|join)\b)", "play", "join"), "2 players"),
    # "Do our pools reset between sessions?" asks whether they last, in the rulebooks' words
    # ("Pools carry over from session to session", "Your health persists between combats").
    (_Lazy(r"\b(reset|resets|refresh|refreshes)\b(?= (\w+ ){0,2}(between|after|each|every|at the start|when|for)\b)", "reset", "refresh"),
     "carry over"),
    # "Do I have to take the side it offers?" asks whether it may be declined.
    (_Lazy(r"\b(do|does) (i|we|you|they|he|she) (really |still |always )?(have|need|got) to (take|accept)\b"
           r"|\bmust (i|we|you) (take|accept)\b|\b(am|are) (i|we) (forced|made|obliged) to (take|accept)\b", "take", "accept"),
     r"\g<0> or decline"),
    # "If I change my mind" asks whether a move can be taken back, as rules put it.
    (_Lazy(r"\bchanges? (my|your|our|their|his|her) minds?\b|\bchanged (my|your|our|their|his|her) minds?\b", "mind"),
     "take back"),
    # Killing, maiming or wounding someone's character is hurting it, the rules' word.
    (_Lazy(r"\bmy (character|guy|hero|char)( \w+){0,2} (dies|die|dying|gets? (stabbed|killed|hurt|wounded|injured)"
           r"|getting (stabbed|killed|hurt|wounded)|loses (an?|his|her|their) \w+|is killed)\b"
           r"|\b(kill|kills|killing|maim|wound|injure)( off)? my (character|guy|hero|char)\b", "char", "guy", "hero"), r"\g<0> hurt my character"),
    # A body part lost ("loses an arm") is the character hurt: the part is no word of the game's.
    (_Lazy(r"\b(lose|loses|losing|lost) (an?|his|her|their|my|your) (arm|arms|leg|legs|hand|hands|eye|eyes|finger|fingers"
           r"|foot|feet|ear|ears|head)\b", "los"), "gets hurt"),
    # Dropping or changing a rule the table dislikes is a question of house rules: the verb is
    # read as such (it is no word of the game's, and would mark the question off-topic).
    (_Lazy(r"\b(drop|ignore|skip|scrap|ditch|bin|change|tweak|alter|get rid of|throw out)"
           r"(?= (a|the|one|this|that|any|one of the)( \w+){0,3} rules?\b)", "rule"), "house rules"),
    (_Lazy(r"(\brules?\b.*\b)(drop|ignore|skip|scrap|ditch|bin|get rid of) (it|that|them)\b", "rule"), r"\1house rules"),
    # "How long does a note stay in effect?" asks how long it lasts, the rules' word.
    (_Lazy(r"\bhow long ((?:does|do|will|would|is|are|can) (?:\w+ ){0,4}?)(?:stays?|remains?|sticks? around)"
           r"(?: in (?:effect|play|force)| active| around| for)?\b", "how long"), r"how long \1last"),
    # "Is this co-op?", "do we play against each other?" ask whether the players work together,
    # as rules say it ("Work together ... everyone wins or everyone loses").
    (_Lazy(r"\bco-?op(erative)?\b|\bco op\b|\bco-operative\b|\bagainst (each other|one another)\b", "co", "against"),
     "work together"),
    (_Lazy(r"\b(point|object|idea|aim) of (the|this) game\b|^\s*what'?s the point\W*$"
           r"|\bwhat('?s| is) (the|our|my) (aim|object|objective)\b(?! of\b)|\b(win|winning|victory) conditions?\b",
           "point", "object", "idea", "aim", "condition"), "goal"),
    (_Lazy(r"\b(who|which (one )?of us) (goes|plays|moves|is|takes the) first( turn)?\b"
           r"|\b(who|which (one )?of us) (starts|begins)\b(?! (with|the|a|an|in|on)\b)"
           r"|\bwho (starts|begins) (in )?the (game|round)\b"
           # "who shoots first", "who rolls first": the game's own first act, not who gets somewhere first
           r"|\bwho (?!(?:wins|finishes|reaches|gets|arrives|crosses|lands|scores|loses|dies|busts|runs|drops"
           r"|comes|hits|makes|has|needs|pays)\b)\w+s first\b(?! (to|place|prize|in line)\b)", "who", "of us"),
     "who is first player"),
    (_Lazy(r"\b(my|your|his|her|their|our|next|a|each|every|one|same|whose) go\b", " go"), r"\1 turn"),
    (_Lazy(r"\bwho (goes|plays|moves|is up) (next|after (me|you|him|her|them|that|\w+))\b"
           r"|\bwho gets (it|the \w+) (next|after (me|you|him|her|them))\b", "who"), "who plays the next turn"),
    # The thing played is kept: "play" alone is also what the whole game is ("what do we need to play").
    (_Lazy(r"\b(put|putting|lay|laying|laid|set|setting) (him|her|it|them|\w+ cards?|a card|cards) down\b", "down"), r"play \2"),
    (_Lazy(r"\b(get|gets|getting|put|puts|putting|bring|move)((?: \w+){0,5}) (onto|on to|on) the table\b", "table"), r"play\2"),
]



def rewrite(text: str) -> str:
    t = text
    for pattern, repl in PARAPHRASES:
        t = pattern.sub(repl, t)
    return t


# Other games and sports players name when asking about them, not about ours. A question naming
# one (and a game that never uses the word) is about another game: "how many tiles does each
# player start with in scrabble?" is no question for a game with tiles.
OTHER_GAMES = frozenset("""
chess checkmate checkers draughts backgammon poker blackjack baccarat roulette bingo bridge canasta
rummy gin cribbage solitaire uno monopoly scrabble boggle yahtzee catan carcassonne ticket
pandemic risk cluedo clue battleship mahjong mahjongg dominoes domino jenga twister pictionary
trivial charades sudoku crossword hearthstone magic mtg pokemon yugioh warhammer dnd d&d dungeons
wizard warlock sorcerer paladin
football soccer basketball baseball hockey tennis golf cricket rugby volleyball badminton snooker
billiards pool darts bowling touchdown homerun offside shootout casino goalkeeper quarterback inning
ludo farkle stratego codenames tarot hearts spades euchre netball lacrosse handball rounders softball croquet
""".split())
# Words that name other games only in these settings ("pool" is a dice pool, "go" a verb).
AMBIGUOUS = frozenset({"bridge", "gin", "ticket", "risk", "clue", "magic", "pool", "golf", "shootout", "casino",
                       "domino", "dominoes", "checkers", "hearts", "wizard", "warlock", "sorcerer", "paladin"})
# ... but these settings name a game whatever words ours use: "passing go", "roll in risk when
# attacking" (blind set 30: Bone Strike, which puts cards at risk, answered it at 0.93).
# (not "which way does play go": play going round the table)
_SURELY_NAMED = lazy(r"\bpass(es|ed|ing)? go\b|(?<!does )(?<!will )(?<!should )(?<!did )\bplay(ing)? go\b"
                     r"(?! (?:clockwise|anticlockwise|anti-clockwise|counter|left|right|round|around|next|first|back)\b)|\bin go\b"
                     r"|\b(?:win|wins|winning|won|good|better|best) at (?:go|risk|clue|bridge|checkers|draughts|dominoes)\b"
                     r"|\b(?:in|of|playing|play) (?:risk|clue|bridge|checkers|draughts|dominoes)\b"
                     r"|\bticket to ride\b|\bconnect (?:four|4)\b|\bskull king\b|\bstandard deck\b"
                     # rugby's try: "how many points is a try worth" (Rattlebones answered it at 0.94)
                     r"|\b(?:a|the) try (?:is )?worth\b|\b(?:score|scores|scored|scoring|points? for) (?:a|the) try\b",
                     triggers=("go", "risk", "clue", "bridge", "checkers", "draughts", "dominoes", "ticket",
                               "connect", "skull king", "standard deck", "try"))


def other_games(text: str) -> list[str]:
    """Names of other games or sports in the question, for the caller to check against the
    words of the game asked (an ambiguous one only counts if that game never uses it)."""
    t = text.lower()
    return [w for w in re.findall(r"[a-z&]+", t) if w in OTHER_GAMES]


def surely_names_other_game(text: str) -> bool:
    """The question names another game in words no rule of ours would use so ("passing go")."""
    return bool(_SURELY_NAMED.search(text.lower()))
