"""Things players ask about that many rules never mention, each a TOPIC: a time limit, teams,
taking a move back, a stand-in die, a redraw, an expansion, what other players may see, looking
through a pile, levelling up, a die landing badly, skipping a turn, lying or owning up, a shared
supply running out, a household chore, an app or real money, two pieces on one place, the chance
of a roll. Asked of rules that never mention it, a topic gets no good match (unsaid.UNSAID of the
confidence).
"""
from __future__ import annotations

from .lazy_re import lazy
from .unsaid import UNSAID

TYPE_CHECKING = False  # typing itself is not imported on the warm path (tests/test_ask.py)
if TYPE_CHECKING:
    from .store import GameIndex


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
           r"|\bcan(?:not|'t) be (?:taken|moved|removed|returned)\b"
           # "once they have decided, nobody can change it" (Runeblade's offer)
           r"|\b(?:nobody|no one|cannot|can't|can not) (?:\w+ )?(?:change|withdraw|retract)\b",
           ("back", "undo", "once", "never", "be ", "nobody", "no one", "not", "can't"),
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
    # A piece lost from the box: "we lost one of the rune tiles, can we still play", "what do we do
    # if a rune goes missing from the set" (not "i lost a fight")
    _Topic(r"\b(?:we|i)(?:'ve|ve| have)? lost (?:one of (?:the|our|my) |some of (?:the|our|my) |the |a |an |one |some |two |2 )?"
           r"(?:[\w-]+ )?(?:tiles?|tokens?|dice|die|d\d+|pieces?|runes?|pawns?|markers?|cubes?|chits?|bag|meeples?)\b"
           r"|\b(?:tiles?|tokens?|dice|die|cards?|pieces?|runes?|pawns?|markers?|cubes?|chits?|bag)(?: [\w-]+){0,2}? "
           r"(?:goes|went|has gone|have gone|is|are) missing\b",
           ("lost", "missing"),
           r"\bspares?\b|\breplacements?\b|\bsubstitut\w*|\bprox(?:y|ies)\b|\bmissing\b|\bstand-?ins?\b|\bcan stand in\b"
           r"|\b(?:ordinary|normal|regular|standard) (?:d\d+|die|dice)\b|\bwill do\b",
           ("spare", "replacement", "substitut", "prox", "missing", "stand", "ordinary", "normal", "regular", "standard", "will do"),
           "blind sets 172-173 and the tuning set: 'we lost one of the rune tiles, can we still play' got Runes "
           "and Bones' beaten runes at 0.88; five such questions of games whose rules never say, each wanting no match"),
    # Redrawing a hand one dislikes: a mulligan
    _Topic(r"\bmulligan|\bre-?draw\b.*\b(?:start|starting|opening|first|(?:dont|don't|do not) like)\b",
           ("mulligan", "draw"),
           r"\bmulligan|\bre-?draw\b|\bdraw (?:a )?new\b|\bdraw again\b", ("mulligan", "draw"),
           "blind set 29: 'can i redraw my starting constituents if i dont like them' found Ribbon of "
           "Bone's set-up at 0.51"),
    # An expansion, a sequel, rules still to come: no rulebook answers for a box it does not describe
    _Topic(r"\bexpansions?\b|\bdlc\b|\bsequels?\b|\bwhen (?:is|are|will) [\w' ]+ com(?:e|ing) out\W*$",
           ("expansion", "dlc", "sequel", "come", "coming"), r"\bexpansions?\b|\bsequels?\b", ("expansion", "sequel"),
           "blind set 30: 'is there an expansion with more board tiles' found Rattlebones' set-up at 0.48; "
           "blind set 169: 'when are the 2 player rules coming out' got Ribbon of Bone's solo play at 0.94"),
    # What others may see: looking at another's things, or keeping one's own secret
    _Topic(r"\b(?:look at|see|peek at|show)\b.*\b(?:each others?|one another|other (?:players?|people|peoples)'?s?|another [a-z]+(?:'s|s'|s)|opponents?'?s?"
           r"|(?:someone|anyone|everyone|somebody|anybody) else'?s?|their)\b|\b(?:keep|kept)\b.*\b(?:secret|hidden)\b"
           r"|\bsecret or\b|\bpublic\b|\bopen information\b|\bhidden information\b"
           # "can i show people my hand", "do i have to show my hand of fold cards", "... to the others"
           r"|\bshow(?:ing)? (?:\w+ ){0,2}?(?:my|our|your|their|the) (?:\w+ ){0,2}?(?:hands?|cards?)\b|\bshow\b.*\b(?:the )?others\b",
           ("look", "see", "peek", "show", "kept", "keep", "secret", "public", "open", "hidden"),
           r"\bsecret|\bhidden\b|\bhid(?:e|es|ing)\b|\bprivate|\bpublic\b|\bopen information\b"
           r"|\blook(?:s|ed)? at (?:\w+'?s? ){0,3}?(?:hands?|cards)\b|\bpeek|\breveal|\bshow(?:s|n)? (?:your|their|it|them|everyone|everybody|the other|each other)\b",
           ("secret", "hidden", "hid", "private", "public", "open", "look", "peek", "reveal", "show"),
           # (not "face down": nearly every deck lies so, which says nothing of a hand; "look at" a hand or cards)
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
           # (not "face up" near a deck: a card turned face up off it says nothing of looking ahead;
           # a discard pile lying face up is open to all)
           r"\b(?:discard|deck|pile)s?\b(?:\W+\w+){0,6}?\W+(?:look|looked|peek|search|secret|visible)\b"
           r"|\bdiscards?(?: piles?)?\b(?:\W+\w+){0,3}?\W+face[- ]?up\b"
           r"|\b(?:look at|looks at|peek at|search|look through|looks through)\b(?:\W+\w+){0,6}?\W+(?:discard|deck|pile)s?\b",
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
    _Topic(r"\b(?:lie|lies|lying|bluff\w*|fib|fibbing)\b|\b(?:tell|announce|declare|show)\b(?: \w+){0,3} how (?:many|much)\b",
           ("lie", "lying", "bluff", "fib", "tell", "announce", "declare", "show"),
           r"\b(?:lie|lies|lying|liar|bluff\w*|truth\w*|honest\w*|deceiv\w*|announc\w*|declar\w*|tell|tells|aloud)\b"
           r"|\bshow(?:s|n)? (?:everyone|everybody|all|the others|each other)\b",
           ("lie", "lying", "liar", "bluff", "truth", "honest", "deceiv", "announc", "declar", "tell", "aloud", "show"),
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
    # A slip at the table: "what if someone plays a rune out of turn by accident", "whats the
    # penalty for playing out of turn"
    _Topic(r"\b(?:out of turn|by mistake|by accident|accidentally|mistakenly)\b", ("turn", "mistake", "accident"),
           r"\b(?:out of turn|mistakes?|by accident|accidental\w*|mistaken\w*)\b", ("turn", "mistake", "accident"),
           "the tuning set asks it of three games whose rules never say, each wanting no match; 'penalty' "
           "is no other game's word (a penalty for landing on soft sand is the game's own)"),
    # The box bought or sent back: "can i return a board game if the box is opened", "how do i get
    # a refund for a game i bought online"
    _Topic(r"\b(?:refunds?|receipts?|warranty)\b|\breturn (?:a|the|my|this|an) (?:\w+ ){0,2}(?:game|item|box|shoes)\b",
           ("refund", "receipt", "warranty", "return"),
           r"\brefund|\breceipt|\bwarrant", ("refund", "receipt", "warrant"),
           "blind set 156: 'can i return a board game if the box is opened' found Rattlebones' store at "
           "0.59; the tuning set asks it of every game, each wanting no match"),
    # The story behind the game, or the real world it draws on: "what's the backstory of lord
    # harrow", "what year did the real bathysphere go down", "what opera is this meant to be"
    _Topic(r"\bback ?story\b|\blore\b|\bwhat year\b|\bhistorically\b|\bin real life\b|\binspired by\b"
           r"|\b(?:which|what) real\b|\bthe real \w+ (?:go|went|do|did|happen|happened)\b"
           r"|\bwhat (?:opera|film|movie|book|novel|play|song|show|story) is (?:this|it)\b"
           r"|\b(?:world|kingdom|country|land|realm|city|town) (?:the game|it|this|the story) is set in\b",
           ("back", "lore", "year", "histor", "real", "inspired", "what", "set in"),
           r"\bback ?stor\w*|\blore\b|\bhistor\w*|\bin real life\b|\breal[- ]world\b|\b1[5-9]\d\d\b"
           r"|\bcentur(?:y|ies)\b|\binspired by\b",
           ("back", "lore", "histor", "real", "1", "centur", "inspired"),
           "the tuning set asks it of five games whose rules tell no such story, answered at 0.48-0.81"),
    # A name the story never gives: "whats the sword called", "whats mrs pennyweathers first name"
    _Topic(r"\bname of (?:the|this|that|his|her|their|my|our) \w+|\bfirst name\b|\bword for\b"
           r"|\bwhat(?:'s|s| is) (?:the |his |her |their |its |my |our )?(?:[\w']+ ){1,3}(?:called|named)\s*\??\s*$",
           ("name", "word", "called", "named"),
           r"\bcalled\b|\bnamed\b|\bnames?\b|\bknown as\b", ("called", "named", "name", "known"),
           "blind sets 159 and 161: 'whats the name of the sword', 'whats the little engine called' found the "
           "sections about the thing at up to 0.73; none of the rules name them"),
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
    # Playing it on a screen, or for real money: "is there an app for tracking health", "is there an
    # online version", "can we gamble real money instead of bones"
    _Topic(r"\b(?:an|the|a phone|a dice|a dice roller|a scoring) apps?\b|\b(?:online|digital|steam|computer|mobile) version\b"
           r"|\bplay (?:it |this )?online\b|\btabletop simulator\b|\b(?:real|actual) (?:money|cash)\b"
           r"|\b(?:over|on|via|using|through) (?:discord|zoom|skype|facetime|a video ?call|video)\b|\bvideo ?calls?\b",
           ("app", "version", "online", "simulator", "money", "cash", "discord", "zoom", "skype", "facetime", "video"),
           r"\b(?:apps?|online|digital|phones?|money|cash)\b", ("app", "online", "digital", "phone", "money", "cash"),
           "the tuning set asks it of Ribbon of Bone and Runes and Bones, whose rules never speak of screens or "
           "money, answered at 0.42-0.58"),
    # A player away for part of the game: "what if someone has to leave halfway through", "can a
    # volunteer leave the pier early and go home", "what if one of us misses a session" (not
    # "leave a token behind")
    _Topic(r"\b(?:leave|leaves|leaving|go home|goes home|drops? out|dropping out|quits?|quitting)\b(?:\W+\w+){0,4}?"
           r"\W+(?:early|halfway|half way|partway|part way|mid-?game|midway|before the (?:end|whistle|finish|last \w+|final \w+))\b"
           r"|\b(?:miss(?:es|ed|ing)?|can'?t make(?: it to)?|cannot make(?: it to)?|can not make(?: it to)?) (?:\w+ ){0,2}?"
           r"(?:session|game night|evening)s?\b|\bturns? up late\b",
           ("leav", "home", "drop", "quit", "miss", "make", "late"),
           r"\b(?:leaves?|leaving) (?:the game|the table|early)\b|\bdrops? out\b|\bquit\w*|\bconced\w*|\bforfeit\w*"
           r"|\b(?:a|one|any) player (?:\w+ )?(?:leaves|is gone)\b|\babsen\w*|\bmiss(?:es|ed|ing)? (?:\w+ ){0,2}?session"
           r"|\bcan(?:'t|not) (?:make|attend|come)\b|\b(?:turns? up|arriv\w*) late\b",
           ("leav", "drop", "quit", "conced", "forfeit", "player", "absen", "miss", "can", "late"),
           "the tuning set asks 'someone has to leave halfway' of 29 games whose rules never say; six got a "
           "section at 0.39-0.65; 'what if one of us misses a session' got Runeblade's sessions at 0.69, asked 18 times"),
    # Selling a thing back to the bank: "can i sell a part back to the bank for coins"
    _Topic(r"\bsell(?:s|ing)? (?:[\w']+ ){0,4}?back\b", ("sell",),
           r"\b(?:sell|sells|selling|sold|buy|buys|bought) (?:[\w']+ ){0,4}?(?:back|to the (?:\w+ )?(?:bank|market|supply|shop|store))\b"
           r"|\btrade-?ins?\b|\btrade (?:[\w']+ ){0,3}?in\b",
           ("sell", "sold", "buy", "bought", "trade"),
           "the tuning set asks it of 17 games, 15 of whose rules never sell anything back; nine got a "
           "section at 0.37-0.71"),
    # Advice on what to pick: "which board tiles are the best to go for", "whats the best fate to
    # pick for the nemesis" (not "which dice are best for damage", which the dice's faces answer)
    _Topic(r"\bbest (?:[\w']+ ){0,2}?to (?:go for|pick|choose|take|stand|start with|open with|play first)\b"
           r"|\bbest (?:[\w']+ ){0,2}?for (?:a |my |our )?(?:first game|beginners?|newbies?)\b"
           r"|\bgood (?:[\w']+ ){1,2}?to (?:go for|pick|choose)\b|\b(?:good|best) strateg\w*|\bstrategy (?:tips?|wise)\b"
           r"|\bany tips\b",
           ("best", "good", "strateg", "tips"),
           r"\brecommend\w*|\bsuggest\w*|\bstrateg\w*|\btips?\b|\bbeginners?\b|\bfirst games?\b",
           ("recommend", "suggest", "strateg", "tip", "beginner", "first game"),
           "blind set 170: 'which board tiles are best for a first game' got Rattlebones' board at 0.78; the "
           "tuning set asks such advice of six games whose rules give none, answered at 0.42-0.83"),
    # Real things in place of the game's pieces: "can we use real petals on the boards instead of
    # cards", "can we play with real cups of water" (not "like real golf", a game compared)
    _Topic(r"\b(?:real|actual|proper)\b(?: [\w']+){0,3}? (?:instead|rather than)\b"
           r"|\b(?:with|use|using) (?:a |an |the |some )?(?:real|actual|proper) [\w']+",
           ("real", "actual", "proper"),
           r"\b(?:real|actual)\b|\bprox(?:y|ies)\b|\bsubstitut\w*|\bstand-?ins?\b", ("real", "actual", "prox", "substitut", "stand"),
           "the tuning set asks it of ten designer's games whose rules never speak of real things, each "
           "wanting no match, answered at 0.36-0.71"),
    # Hit points in a game that counts none: "do characters have hit points" (Runeblade's dice
    # "succeed", and its "points" are other things)
    _Topic(r"\bhit ?points?\b|\bhp\b", ("hit", "hp"),
           r"\bhealth\b|\bhit ?points?\b|\bhp\b|\blives\b|\bwounds?\b|\bdamage\b", ("health", "hit", "hp", "lives", "wound", "damage"),
           "the tuning set asks 'do characters have hit points' 16 times of Runeblade, which has none, "
           "answered at 0.44-0.53"),
    # Two out at once: "last two players both hit 0 at the same time, who wins"
    _Topic(r"\b(?:both|two|2)\b.*\b(?:0|zero|die|dies|died|dead|eliminated|knock\w* out|knocked out)\b.*"
           r"\b(?:at the same time|at once|same (?:attack|time|turn|moment))\b"
           r"|\b(?:die|dies|eliminated)\b.*\bat the same time\b",
           ("same", "once"),
           # (not "out of the game at once": at once is straight away there)
           r"\bat the same time\b|\bsimultaneous\w*|\b(?:both|all|two) (?:\w+ ){0,3}?at once\b|\bsame (?:attack|moment)\b",
           ("same", "simultaneous", "once"),
           "the tuning set asks 'last two players both hit 0 at the same time, who wins' twelve times of Bone "
           "Strike, whose rules never say, answered at 0.38-0.61"),
    # Swapping who plays what partway: "can we swap characters for the next session", "can the blade
    # pick a new wielder halfway through the story" (not "swap to the small sail halfway round")
    _Topic(r"\b(?:swap|switch|trade|change|pick|choose|ditch)\w*\b(?: [\w']+){0,6}? (?:characters?|roles?|jobs?|identit(?:y|ies)"
           r"|wielders?|seats?|identity cards?)\b.*\b(?:halfway|half way|partway|part way|mid-?game|midway|next session"
           r"|for the next|during the game|in the middle)\b",
           ("swap", "switch", "trade", "change", "pick", "choose", "ditch"),
           r"\b(?:swap|switch|trade|change|exchange)\w*\b(?:\W+\w+){0,4}?\W+(?:characters?|roles?|jobs?|identit\w*|wielders?|seats?)\b"
           r"|\b(?:characters?|roles?|jobs?|identit\w*|wielders?|seats?) (?:\w+ ){0,3}?(?:never|cannot|can't|stays?|remains?)"
           r" (?:change|changes|the same|fixed)\b|\bnew (?:character|wielder|role)\b",
           ("swap", "switch", "trade", "change", "exchang", "character", "role", "job", "identit", "wielder", "seat", "new"),
           "the tuning set asks 'can the blade pick a new wielder halfway through the story' and the like of "
           "Runeblade and six other games whose rules never say; ten got a section at 0.34-0.73"),
    # A deck and its discards both empty: "ride deck and discard pile are both empty, what do i draw"
    _Topic(r"\b(?:deck|pile|box|bag|stack)\b.*\band (?:the |its )?(?:discards?|discard pile|bin)\b.*\bboth (?:empty|gone|out|run out)\b",
           ("both",),
           r"\bboth (?:are )?empty\b|\b(?:discards?|discard pile) (?:is|are) (?:also )?empty\b"
           r"|\b(?:nothing|no cards?) (?:left )?to (?:draw|reshuffle|shuffle)\b|\bcan(?:no|')?t (?:draw|reshuffle)\b",
           ("both", "discard", "nothing", "no card", "can"),
           "the tuning set asks it of four designer's games whose rules reshuffle the discards but never say "
           "what happens when both are empty, answered at 0.58-0.67"),
    # Performing at the table: "do we actually have to sing out loud", "do we actually have to
    # dress up to play" (a game of singing or shouting plays it with cards)
    _Topic(r"\bout loud\b|\baloud\b|\bactually (?:sing|shout|say|dress|act|dance)\b|\bhave to (?:sing|shout|dress up|act it out)\b",
           ("loud", "aloud", "actually", "have to"),
           r"\bout loud\b|\baloud\b|\bshout\w*|\bcostumes?\b|\bdress(?:ed|ing)? up\b|\bin character\b",
           ("loud", "aloud", "shout", "costume", "dress", "in character"),
           "the tuning set asks it of eight games whose rules never say, answered at 0.37-0.81"),
    # Who shuffles or deals, where the rules only say "shuffle and deal" (not "who deals damage")
    _Topic(r"\bwho (?:shuffles|deals|is supposed to (?:shuffle|deal)|should (?:shuffle|deal)|gets to (?:shuffle|deal)"
           r"|does the (?:shuffling|dealing))\b(?! (?:damage|with)\b)",
           ("who",),
           r"\bdealer\b|\bwho(?:ever)? (?:shuffles|deals)\b|\b(?:shuffles|deals) (?:\w+ )?(?:the|each|every|out)\b",
           ("dealer", "who", "shuffles", "deals"),
           "blind set 177 and the tuning set: 'who deals the recipe cards' got a submarine galley's set-up at "
           "0.90 from rules that say only 'shuffle and deal'"),
    # Two players sharing one thing: "can two players share one hut", "can two of us share a pan"
    _Topic(r"\b(?:two|2|both)\b(?: [\w']+){0,3}? shar(?:e|ing) (?:one|a|an|the same|the one) \w+", ("shar",),
           r"\bshar(?:e|es|ed|ing)\b", ("shar",),
           "the tuning set asks it of five games whose rules never speak of sharing, each answered at "
           "0.31-0.81"),
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
                topic.mentioned.search(said.lower()) for said in _said(index))
        if not mentioned:
            return UNSAID
    return 1.0


def _said(index: GameIndex):
    """Each section's title, aliases and text, then each card's name: a card named Mulligan
    mentions a redraw. (Not a card's text: "show it" of a card drawn, or a card that looks at
    the deck's top, says nothing of what players may see of each other's hands: with card texts
    read too, the tuning set gained 6 questions of this change's 10.)"""
    for info in index.rules.values():
        yield " ".join([info.title or "", info.text or "", *(info.aliases or ())])
    for card in index.cards().values():
        yield card.get("name") or ""
