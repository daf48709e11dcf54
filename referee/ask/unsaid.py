"""What the rules never mention, asked as if they did: another game, dealings between players, a
hand limit, a named deck or pile running out, and the TOPICS (a time limit, teams, taking a move
back, a stand-in die, a redraw, an expansion, what other players may see, looking through a pile,
levelling up, a die landing badly, skipping a turn, a shared supply running out, two pieces on one
place, the chance of a roll, a household chore).

"can players trade gold with each other": a game whose rules never say trade, swap, exchange,
barter or bargain does not allow it, and no section answers the question. Its other words (gold,
players) match well, so the search alone gave a section at 0.3-0.5 (blind set 28: three of its
sixteen questions the rules do not answer). The tuning set asks this of 22 games whose rules
never trade: every one wants "no good match"; Runes and Bones, whose variant barters, keeps its
answer. Swapping one's own things ("can i swap stamina for food") is not a dealing and stays, and
so does a game whose rules swap things of one's own ("swap this card for an act from your hand"):
only a section titled for dealing, or a sentence that deals with another player, answers
(blind set 29: four questions the rules do not answer, in games whose cards or aliases swap).
Handing or passing a thing to another player ("can i hand one of my road cards to another
driver") is giving; taking from one ("can i nick a parcel off another rider") is answered only by
rules or cards that steal or take from another (round twenty-nine: sixteen questions of the
tuning set, eleven of them in blind sets 80 to 89, got a section where the rules say nothing).
"""
from __future__ import annotations

from .intent import other_games, surely_names_other_game
from .lazy_re import lazy
from .query import stems_of
from .store import GameIndex

# Another player, as players name one ("another warden", "a mate", "each other").
_SOMEONE = (r"(?:each other|one another|(?:an)?other\b|the other\b|us\b|ourselves|(?:the |a |my )?(?:players?|opponents?"
            r"|neighbou?rs?|person|\w*mates?|friends?)\b|someone|somebody|him\b|her\b|them\b)")  # a housemate, a crewmate
DEALING = lazy(r"\b(trad(?:e|es|ed|ing)|swap(?:s|ped|ping)?|exchang(?:e|es|ed|ing)|sell(?:s|ing)?|sold"
                r"|giv(?:e|es|ing)|lend(?:s|ing)?|pass(?:es|ed|ing)?(?= (?:\w+ ){1,4}?to\b)"
                r"|hand(?:s|ed|ing)?(?= (?:\w+ ){1,6}?(?:over|to)\b))\b.*"
                rf"(?:\b(?:with|to|between|among)\s+{_SOMEONE}|\b(?:each other|one another)\b"
                r"|\b(?:between|among) (?!turns\b|rounds\b|goes\b|games\b)\w+s\b)",
                triggers=("trad", "swap", "exchang", "sell", "sold", "giv", "lend", "pass", "hand"))
# Taking from another player: "can i nick a parcel off another rider", "steal items off each other's floor"
_TAKING = lazy(r"\b(?:steal(?:s|ing)?|stole|nick(?:s|ed|ing)?|pinch(?:es|ed|ing)?|rob(?:s|bed|bing)?|buy(?:s|ing)?"
               rf")\b.*\b(?:off|from)\s+{_SOMEONE}",  # (not "take": "take two dice from someone's offer" is accepting it)
               triggers=("steal", "stole", "nick", "pinch", "rob", "buy"))
# ... which rules allow where a sentence takes or steals from another ("Take 3 bones from one other
# player", "the Thief steals"), or a section is titled so.
_RULES_TAKE = lazy(r"\b(?:steal|steals|stole|stolen|rob|robs|nick|nicks|pinch|pinches|thief|thieves|take|takes|taking|took"
                   r"|buy|buys)\b.*\b(?:from|off)\b (?:\w+ ){0,3}?(?:other|another|opponents?|each other|players?|rivals?)\b"
                   r"|\b(?:steal|steals|stole|stolen|thief|thieves|rob|robs)\b")
# Two kinds of dealing, each answered only by rules that speak of its own kind: swapping characters
# is not the offering of dice Runeblade's rules allow. Not "deal": cards are dealt.
# Selling to another player is a trade; handing a thing over is giving it ("hand" itself is no
# word to look for in the rules: it is the cards held).
DEALING_KINDS = {"trade": ("trade", "swap", "exchange", "barter", "bargain", "sell"), "give": ("give", "lend", "offer"),
          "pass": ("pass", "give", "lend", "offer")}  # passing a thing to another: a "Passing" section answers
# A rule's sentence that speaks to dealing: with another player ("players may trade", "swap with
# an opponent", "each other", "give florins to another journeyman"; "exchange it for another card"
# is not a dealing), or forbidding it ("they cannot be taken from you, traded or discarded").
OTHERS = lazy(r"\b(?:players?|opponents?|teams?|each other|one another|(?:to|with) another|cannot|can't|can not"
               r"|never|may not|nobody|no one)\b",
               triggers=("player", "opponent", "team", "other", "not", "can't", "never", "nobody", "no one"))
UNSAID = 0.15  # kept of the confidence
_DEALS: dict[tuple[str, str], bool] = {}  # (index fingerprint, kind) -> whether its rules deal so


def other_game_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question names another game or sport ("in scrabble") the rules never
    mention, or names one so that no rule of ours would say it ("in risk", "passing go")."""
    if surely_names_other_game(text):
        return UNSAID
    names = other_games(text)
    if not names:
        return UNSAID if _ends_in_a_game_unknown(index, text) else 1.0
    df = index.df(stems_of(names))
    return UNSAID if any(n == 0 for n in df.values()) else 1.0


# "... in ludo", "... in connect four", "... playing farkle", "how do you win at mancala": the question ends by naming where it
# is asked, in a word neither the game's rules nor its name use: another game, whatever its name.
_IN_A_GAME = lazy(r"\b(?:in|playing|(?:win|wins|winning|won|good|better|best) at) ([a-z][a-z']*)(?: [a-z0-9]+){0,2}"
                  r"\s*[?.!]*\s*$", triggers=("in", "playing", " at "))
_IDIOMS = frozenset("short total order secret turn play advance public private front general particular case time "
                    "half full parallel sequence return person theory practice fact effect force charge common "
                    # how one plays, not where: "are we playing against each other", "... together"
                    "against together".split())


def _ends_in_a_game_unknown(index: GameIndex, text: str) -> bool:
    from .text import GENERIC, STOPWORDS

    found = _IN_A_GAME.search(text.lower())
    word = found.group(1) if found else ""
    if not word or word in STOPWORDS or word in GENERIC or word in _IDIOMS or word in (index.title or "").lower().split():
        return False
    stem = stems_of([word])
    return bool(stem) and index.df(stem)[stem[0]] == 0


def dealing_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks about dealing with other players and the rules never deal
    so between players; else 1.0."""
    plain = text.lower()
    found = DEALING.search(plain)
    if not found:
        return _taking_unsaid(index, plain)
    kind = dealing_kind(found.group(1))
    deals = _DEALS.get((index.fingerprint, kind))
    if deals is None:
        deals = _DEALS[index.fingerprint, kind] = _rules_deal(index, DEALING_KINDS[kind])
    return 1.0 if deals else UNSAID


def dealing_kind(verb: str) -> str:
    """The kind of dealing (DEALING_KINDS) a question's verb asks about."""
    return "pass" if verb.startswith("pass") else "give" if verb.startswith(("giv", "lend", "hand")) else "trade"


def _taking_unsaid(index: GameIndex, plain: str) -> float:
    """UNSAID when the question asks about taking from another player and no rule or card takes so
    (a card may: Reedwater Regatta's Lily Lure steals from a boat behind)."""
    if not _TAKING.search(plain):
        return 1.0
    takes = _DEALS.get((index.fingerprint, "take"))
    if takes is None:
        from .answers.base import sentences_of

        cards = [str(c["fields"].get("text", "")) for d in index.data("decks") or [] for c in d["cards"]]
        takes = _DEALS[index.fingerprint, "take"] = any(
            _RULES_TAKE.search(part.lower()) for part in [*cards, *(part for info in index.rules.values()
                                                                    for part in [info.title or "", *sentences_of(info.text or "")])])
    return 1.0 if takes else UNSAID


def _rules_deal(index: GameIndex, verbs: tuple[str, ...]) -> bool:
    """Whether a section's title names this dealing ("Bartering") or a sentence deals so with
    another player ("players may trade gold with each other") or forbids it; a title's aliases do
    not count (Bone Strike's lineup is also called the "trade row"), nor do cards' own swaps."""
    from .answers.base import content_stems, sentences_of

    dealing = frozenset(stems_of(list(verbs)))
    for info in index.rules.values():
        if dealing & set(content_stems(info.title or "")):
            return True
        for sentence in sentences_of(info.text or ""):
            if dealing & set(content_stems(sentence)) and OTHERS.search(sentence.lower()):
                return True
    return False


# "is there a hand limit", "a hand size limit", "max number of cards i can hold" (not "opening hand size")
_HAND_LIMIT = lazy(r"\bhand (size )?(limit|cap)\b|\b(max|maximum) (hand|number of cards)\b|\bmax(imum)? hand size\b"
                   r"|\bhow many cards (can|may) (i|we|you) (hold|keep|have)\b",
                   triggers=("hand", "max", "how many cards"))
_LIMITED: dict[str, bool] = {}  # index fingerprint -> whether its rules limit (or free) a hand


def hand_limit_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks for a hand limit and no sentence of the rules sets one or
    says there is none (answers.limits reads those sentences), nor does a section's title or alias
    name the hand: the rules have no hand limit to cite (blind set 28's "is there a max number of
    cards i can hold" found Bone Strike's card anatomy at 0.48)."""
    if not _HAND_LIMIT.search(text.lower()):
        return 1.0
    limited = _LIMITED.get(index.fingerprint)
    if limited is None:
        limited = _LIMITED[index.fingerprint] = _rules_limit_a_hand(index)
    return 1.0 if limited else UNSAID


def _rules_limit_a_hand(index: GameIndex) -> bool:
    from .answers.base import content_stems, sentences_of
    from .answers.limits import HOLDS, SAYS_LIMIT, SAYS_NONE

    held, hand = frozenset(stems_of(["card", "cards", "hand", "hands"])), frozenset(stems_of(["hand"]))
    for info in index.rules.values():
        if hand & set(content_stems(" ".join([info.title or "", *(info.aliases or ())]))):
            return True
        before: list[str] = []
        for sentence in sentences_of(info.text or ""):
            before.append(sentence)
            plain = sentence.lower()
            if not (SAYS_LIMIT.search(plain) or SAYS_NONE.search(plain)):
                continue
            # "... until you have 3 in your hand. You can never hold more than 5": as limits reads it
            if held & set(content_stems(" ".join(before) if HOLDS.search(plain) else sentence)):
                return True
    return False


class _Topic:
    """A thing players ask about that many rules never mention: asked (a pattern of the question)
    of rules none of whose titles, aliases or texts mention it (a pattern of the rules), it gets
    no good match. ``why`` says what led to it."""

    def __init__(self, asked: str, asked_triggers: tuple[str, ...], mentioned: str,
                 mentioned_triggers: tuple[str, ...], why: str):
        self.asked = lazy(asked, triggers=asked_triggers)
        self.mentioned = lazy(mentioned, triggers=mentioned_triggers)
        self.why = why


# The shared things a supply holds, and words saying it runs short or has a limit, a few words
# apart: Runes and Bones' "during the turns there is no limit" is of a hand, not of its supply.
_SHARED_WORDS = ("bank", "supply", "kitty", "strongbox", "reserve", "tokens", "coins", "chips", "cubes", "counters",
                 "money", "pieces")
_SHARED = "(?:" + "|".join(_SHARED_WORDS) + ")"
_RUNS_SHORT = (r"(?:unlimited|limited|no limit|not enough|without limit|infinite|all there is|(?:runs?|ran|running) "
               r"(?:out|dry|low)|(?:is|are) (?:out|dry|low|empty|gone|left)|none (?:is |are )?left)\b")

# Places a piece stands on, as players name them in a question of two on one.
_PLACE = (r"(?:space|square|spot|stop|section|strip|tile|zone|place|room|hex|bay|field|area|location|lane|post"
          r"|stall|house|street|district|stretch|row|island)s?\b")

# The chance of a roll, which `referee odds` works out (render.py points there).
ODDS_ASKED = (r"(?:\b(?:probability|odds|likelihood|percentage)\b|\bchances? (?:of|that)\b|\bwhat(?:s|'s| is| are)? the chances?\b)"
              r".*\b(?:roll|rolls|rolling|dice|die|d\d+|sixes)\b"
              r"|\b(?:roll|rolls|rolling)\b.*\b(?:probability|odds|likelihood|percentage)\b")
ODDS_TRIGGERS = ("probab", "odds", "chance", "likelihood", "percent")
TOPICS = (
    # (not "hourglass", asked or in the rules: Bone Strike's dice and Ribbon of Bone's abilities show one)
    _Topic(r"\btime ?limit\b|\btimers?\b|\bin real time\b"
           r"|\bhow many (seconds|minutes)\b(?!.*\b(game|session|play)\b)",  # not a game's play time (answers.counts.PLAY_TIME)
           ("time", "timer", "seconds", "minutes"),
           r"\btimers?\b|\bminutes?\b|\bseconds\b|\bsand ?glass\b|\btime ?limit\b",
           ("timer", "minute", "seconds", "glass", "time"),
           "blind set 29: 'is there a time limit on taking your turn' found Runes and Bones' hand limit "
           "at 0.92, by the word 'limit'"),
    # (not "the demons on my team")
    _Topic(r"\bteams? (?:mode|play|game|variant|version|of)\b|\bin teams\b|\b(?:two|2) teams\b|\bteam(?:ed|ing)? up\b"
           r"|\b\dv\d\b|\b\d (?:v|vs|versus) \d\b|\bpartnerships?\b|\balliances?\b",
           ("team", "v", "partnership", "allianc"),
           r"\bteam|\bpartner|\balliance|\ball(?:y|ies)\b", ("team", "partner", "allianc", "all"),
           "the tuning set asks it of eight games that never speak of teams, each wanting no match; "
           "Bone Strike's set-up answered 'can we play in teams of two' at 0.79"),
    # Taking back a move: "can i take back a card i played by mistake", "can we undo"
    _Topic(r"\btake (?:\w+ |an? \w+ |my \w+ )?back\b(?! to\b)|\bundo\b|\btake ?backs?\b", ("back", "undo"),
           r"\btake (?:\w+ )?back\b|\bundo\b|\btake ?backs?\b|\bonce \w+ed\b|\bnever (?:go|goes|come|comes) back\b"
           r"|\bcan(?:not|'t) be (?:taken|moved|removed|returned)\b",
           ("back", "undo", "once", "never", "be "),
           "blind set 29: 'can i take back a card i played by mistake' found a section at 0.27; the "
           "tuning set asks it of five games, each wanting no match"),
    # A stand-in for a die the game comes with: "can i use a d6 if i dont have a d4"
    _Topic(r"\b(?:use|roll) an? (?:d\d+|normal|regular|ordinary|standard)\b.*\b(?:instead|if i (?:dont|don't|do not) have"
           r"|lost|missing)\b|\b(?:dont|don't|do not) have (?:an? |the |any )?d\d+\b",
           ("use", "roll", "have"),
           r"\binstead of (?:an? |the )?d\d+\b|\bsubstitut|\bany (?:d\d+|die|dice)\b|\bordinary (?:die|dice|d\d+)\b"
           r"|\bnormal (?:die|dice|d\d+)\b|\bregular (?:die|dice|d\d+)\b|\bstandard (?:die|dice|d\d+)\b",
           ("instead", "substitut", "any", "ordinary", "normal", "regular", "standard"),
           "blind set 29: 'can i use a d6 if i dont have a d4' found Ribbon of Bone's capture at 0.34"),
    # Redrawing a hand one dislikes: a mulligan
    _Topic(r"\bmulligan|\bre-?draw\b.*\b(?:start|starting|opening|first|(?:dont|don't|do not) like)\b",
           ("mulligan", "draw"),
           r"\bmulligan|\bre-?draw\b|\bdraw (?:a )?new\b|\bdraw again\b", ("mulligan", "draw"),
           "blind set 29: 'can i redraw my starting constituents if i dont like them' found Ribbon of "
           "Bone's set-up at 0.51"),
    # An expansion: no rulebook answers for a box it does not describe
    _Topic(r"\bexpansions?\b|\bdlc\b", ("expansion", "dlc"), r"\bexpansions?\b", ("expansion",),
           "blind set 30: 'is there an expansion with more board tiles' found Rattlebones' set-up at 0.48"),
    # What others may see: looking at another's things, or keeping one's own secret
    _Topic(r"\b(?:look at|see|peek at|show)\b.*\b(?:each others?|one another|other (?:players?|people|peoples)'?s?|opponents?'?s?"
           r"|(?:someone|anyone|everyone|somebody|anybody) else'?s?|their)\b|\b(?:keep|kept)\b.*\b(?:secret|hidden)\b"
           r"|\bsecret or\b|\bpublic\b|\bopen information\b|\bhidden information\b",
           ("look", "see", "peek", "show", "kept", "keep", "secret", "public", "open", "hidden"),
           r"\bsecret|\bhidden\b|\bhid(?:e|es|ing)\b|\bface[- ]?down\b|\bprivate|\bpublic\b|\bopen information\b"
           r"|\blook(?:s|ed)? at\b|\bpeek|\breveal|\bshow(?:s|n)? (?:your|their|it|them|everyone|the other|each other)\b",
           ("secret", "hidden", "hid", "face", "private", "public", "open", "look", "peek", "reveal", "show"),
           "blind set 30: 'are we allowed to look at each others dice' found Rattlebones' dice at 0.81; the "
           "tuning set asks it of five games whose rules hide nothing, each wanting no match"),
    # Looking through a pile or at a deck's next card: "can i look through the discard pile"
    _Topic(r"\b(?:look|looking|peek|peeking|search|searching|check|checking|flick)(?: through| at| in| into)"
           r"(?: the| my| your| our| a| someone'?s| the other)?(?: own| opponents?'?s?)?(?: \w+)?"
           r"(?: discard(?:s|ed)?| deck| draw pile| pile|(?: top| next)? cards? (?:of|on|in) (?:the |a |my )?(?:\w+ )?(?:deck|pile))\b"
           # "can i look at the next weather card", "peek at the face down events"
           r"|\b(?:look|peek|peeking)(?: at)? (?:the )?(?:next|top|face[- ]?down)(?: \w+){0,2}? (?:cards?|events?|tiles?)\b"
           # "... at the next car in the deck": a deck of the game's own things
           r"|\b(?:look|peek|peeking)(?: at)? (?:the )?(?:next|top) \w+ (?:in|on|of|from) (?:the |a |my )?(?:\w+ )?(?:deck|pile)\b",
           ("look", "peek", "search", "check", "flick"),
           r"\b(?:discard|deck|pile)s?\b(?:\W+\w+){0,6}?\W+(?:face[- ]?up|look|looked|peek|search|secret|open|visible)\b"
           r"|\b(?:face[- ]?up|look at|looks at|peek at|search|look through)\b(?:\W+\w+){0,6}?\W+(?:discard|deck|pile)s?\b",
           ("discard", "deck", "pile"),
           "blind sets 55-63: 'can i look through the discard pile' found Runes and Bones' reshuffle at "
           "0.52, asked of it five times, each wanting no match"),
    # A character growing stronger between games, as in a role-playing game: "is there xp or levelling up"
    _Topic(r"\blevel(?:l?ing|s|led)? up\b|\blevell?ing\b|\bxp\b|\bexperience(?: points?)?\b",
           ("level", "xp", "experience"),
           r"\blevel(?:s|l?ed|l?ing)? up\b|\bexperience\b|\bxp\b|\badvancement\b|\bimprove(?:s|d|ment)?\b|\bupgrade",
           ("level", "experience", "xp", "advancement", "improve", "upgrade"),
           "blind sets 55-62: 'is there xp or levelling up between sessions' found Runeblade's end of a "
           "session at up to 0.66; the tuning set asks it eleven times, each wanting no match"),
    # A die that lands badly: "the die fell off the table, do i reroll", "landed cocked against the teapot"
    _Topic(r"\b(?:cocked|tilted|leaning|off the table|fell off|rolled off|bounced off|on the floor)\b.*\bre-?roll"
           r"|\bre-?roll\b.*\b(?:off the table|cocked|tilted|on the floor)\b"
           # "what happens if a die rolls off the table", "the dice landed on the floor"
           r"|\b(?:die|dice|d\d+)\b.*\b(?:off the table|on the floor|cocked|on (?:its|an) edge)\b",
           ("cocked", "tilted", "leaning", "off", "floor", "edge"),
           r"\bcocked\b|\boff the table\b|\btilted\b|\bon (?:its|an) edge\b|\bon the floor\b|\bleaning\b",
           ("cocked", "off the table", "tilted", "edge", "floor", "leaning"),
           "the tuning set asks it of five games whose rules never say, each wanting no match"),
    # Skipping one's whole turn: "can i skip my turn if i dont feel like rolling"
    _Topic(r"\bskip (?:my|a|your|the|our|their) (?:whole |entire )?(?:turn|go)\b",
           ("skip",),
           r"\bskip|\bpass (?:your|a|my|their|the) (?:turn|go)\b|\bpasse?s\b|\bmay pass\b|\bchoose to pass\b",
           ("skip", "pass"),
           "the tuning set asks it of four games whose rules never say, each wanting no match; "
           "Rattlebones' rolling answered 'can i skip rolling on my turn'"),
    # Lying, bluffing or owning up: "can i bluff about which runes i hold", "do i have to tell
    # everyone how many bones i have"
    _Topic(r"\b(?:lie|lies|lying|bluff\w*|fib|fibbing)\b|\b(?:tell|announce|declare)\b(?: \w+){0,3} how (?:many|much)\b",
           ("lie", "lying", "bluff", "fib", "tell", "announce", "declare"),
           r"\b(?:lie|lies|lying|liar|bluff\w*|truth\w*|honest\w*|deceiv\w*|announc\w*|declar\w*|tell|tells|aloud)\b",
           ("lie", "lying", "liar", "bluff", "truth", "honest", "deceiv", "announc", "declar", "tell", "aloud"),
           "blind set 45: 'do i have to tell people how many runes im holding' found Runes and Bones' hand "
           "limit at 0.96; the tuning set asks seven such questions of it, each wanting no match"),
    # A shared supply running out, or how much it holds (not a player's own: "i run out of bones")
    _Topic(r"\b(?:bank|supply|kitty|strongbox|reserve|box)\b.*\b(?:runs?|ran|running) (?:out|dry|low)\b"
           r"|\bwe (?:run|ran) out of\b|\blimit (?:on|to) how (?:many|much)\b.*\b(?:there are|there is|has|holds)\b"
           r"|\bunlimited\b|\bonly \d+\b.*\bin the (?:whole )?game\b",
           ("bank", "supply", "kitty", "strongbox", "reserve", "box", "we ", "limit", "unlimited", "only"),
           rf"\b{_SHARED}\b(?:\W+\w+){{0,5}}?\W+{_RUNS_SHORT}|{_RUNS_SHORT}(?:\W+\w+){{0,5}}?\W+{_SHARED}\b",
           _SHARED_WORDS,
           "blind set 30: 'is there a limit on how many thank you points there are' found Unclaimed's "
           "set-up at 0.71; the tuning set asks it of seven games whose rules never say, each wanting "
           "no match; blind sets 54-55: 'what if the supply runs out of bones' found Runes and Bones' "
           "empty pot, its hand's 'no limit' taken for the supply's"),
    # The chance of a roll: "whats the probability of rolling two sixes with two dice" (referee odds
    # works it out; a rule need not say it)
    _Topic(ODDS_ASKED, ODDS_TRIGGERS,
           r"\b(?:probability|odds|chances?|likelihood|likely|percent|percentage|half the time|one in \w+)\b",
           ("probab", "odds", "chance", "likel", "percent", "half the time", "one in"),
           "blind sets 91-105: 'whats the probability of rolling two sixes with two dice' found Rattlebones' "
           "rolling at up to 0.75 in five sets, each wanting no match"),
    # A household chore: "is it my turn to do the washing up", "whose turn is it to take the bins out"
    _Topic(r"\b(?:do|doing|did|does) the (?:dishes|washing|laundry|ironing|hoovering|vacuuming|hoover)\b|\bwash(?:ing)?[- ]up\b"
           r"|\b(?:take|put|taking|putting) (?:out )?the (?:bins?|rubbish|trash|recycling)\b|\bwalk(?:ing)? the dog\b"
           r"|\bmow(?:ing)? the lawn\b|\b(?:load|empty)(?:ing)? the dishwasher\b",
           ("the", "wash"),
           # (not "trash" or "bin": deck-builders' words for removing a card)
           r"\b(?:dish(?:es)?|washing|laundry|ironing|hoover\w*|vacuum\w*|bins|rubbish|recycling|dogs?|lawns?|dishwasher"
           r"|chores?)\b",
           ("dish", "wash", "laundry", "ironing", "hoover", "vacuum", "bins", "rubbish", "recycling", "dog", "lawn", "chore"),
           "blind sets 112-113 and the tuning set: 'is it my turn to do the washing up' and 'whose turn is it "
           "to take the bins out' found a game's turn order at up to 0.70 (Bone Strike says 'bin' for burn)"),
    # Two pieces on one place: "can two of us stand on the same section", "two buses at the same stop"
    _Topic(r"\b(?:two|2|both|more than one)\b.*\bsame (?:\w+ )?" + _PLACE, ("same",),
           r"\bsame " + _PLACE + r"|\boccupied\b|\balready (?:there|on|in|at)\b|\bshar(?:e|es|ed|ing) (?:a|the|one) " + _PLACE
           + r"|\b(?:any number of|more than one|several) (?:\w+ ){0,3}?(?:on|at|in) (?:a|the|one|each) " + _PLACE
           + r"|\b(?:each|every|a|one) " + _PLACE + r" (?:holds?|takes?|fits?) (?:only )?(?:one|\d)\b",
           ("same", "occupied", "already", "shar", "any number", "more than one", "several", "hold", "take", "fit"),
           "blind sets 82, 86, 88: 'can two of us stand on the same section' found a section at 0.46-0.68 in "
           "three designer's games whose rules never say how many may share a place"),
)
_MENTIONED: dict[tuple[str, int], bool] = {}  # (index fingerprint, topic) -> whether its rules mention it


def topic_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks about one of TOPICS and the rules never mention it; else 1.0."""
    plain = text.lower()
    for number, topic in enumerate(TOPICS):
        if not topic.asked.search(plain):
            continue
        mentioned = _MENTIONED.get((index.fingerprint, number))
        if mentioned is None:
            mentioned = _MENTIONED[index.fingerprint, number] = any(
                topic.mentioned.search(" ".join([info.title or "", info.text or "", *(info.aliases or ())]).lower())
                for info in index.rules.values())
        if not mentioned:
            return UNSAID
    return 1.0


# "what if the fish deck runs out", "the walk-in pile is empty": a deck or pile named by its own
# word. The rules answer it only where a section names that word and says something runs out, is
# empty, is left or is reshuffled ("If the pile runs out, shuffle the doorstep discard"); else no
# section does (the tuning set asks it of eight designer's games whose rules never say, each
# wanting no match, answered up to 0.81; of the 25 such questions whose rules do say, none is lost).
_PILE_OUT = lazy(r"\b([a-z][a-z-]*) (?:deck|pile|stack|bag)\b.*\b(?:(?:runs?|ran|running) out|(?:is|are|gets|goes) "
                 r"(?:empty|used up|exhausted))\b", triggers=("deck", "pile", "stack", "bag"))
_NOT_A_NAME = frozenset("the my a an your draw main their our this that each whole discard".split())
_SAYS_OUT = lazy(r"\b(?:runs?|ran|running) (?:out|dry|low)\b|\bempt(?:y|ies)\b|\bexhaust\w*|\bused up\b"
                 r"|\bno (?:more )?cards? (?:left|remain)|\blast card\b|\breshuffl\w*|\bshuffle (?:the |your )?discard"
                 r"|\bcan(?:no|')?t (?:be )?(?:refill|draw|replace)\w*|\bnothing (?:left )?to draw\b"
                 r"|\bno (?:\w+ )?(?:\w+ )?(?:is|are) left\b|\bnone (?:is |are )?left\b")
_PILES: dict[tuple[str, str], bool] = {}  # (index fingerprint, the pile's word) -> whether its rules say


def pile_out_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks what happens when a deck or pile it names runs out, and no
    section naming that word says anything runs out; else 1.0."""
    from .answers.base import content_stems

    found = _PILE_OUT.search(text.lower())
    if not found or found.group(1) in _NOT_A_NAME:
        return 1.0
    named = set(content_stems(found.group(1)))
    if not named:
        return 1.0  # an everyday word ("works"): nothing to look for
    said = _PILES.get((index.fingerprint, found.group(1)))
    if said is None:
        said = _PILES[index.fingerprint, found.group(1)] = any(
            _SAYS_OUT.search(whole.lower()) and named & set(content_stems(whole))
            for whole in (" ".join([info.title or "", info.text or "", *(info.aliases or ())])
                          for info in index.rules.values()))
    return 1.0 if said else UNSAID
