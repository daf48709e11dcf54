"""What the rules never mention, asked as if they did: another game, dealings between players, a
hand limit or a limit on another thing held, a deck, a pile or a supply running out (and the TOPICS
of topics.py).

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
               rf")\b.*\b(?:off|from|out of)\s+{_SOMEONE}"
               # (not "take ... from": "take two dice from someone's offer" is accepting it; "take a
               # mushroom out of someone elses basket" is taking)
               rf"|\btak(?:e|es|ing)\b(?!.*\boffer)(?=.*\bout of\s+{_SOMEONE})",
               triggers=("steal", "stole", "nick", "pinch", "rob", "buy", "tak"))
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
        # (a word's own, not a compound's: "The prize-giving" gives prizes, nobody deals)
        if dealing & set(content_stems(" ".join(_NOT_COMPOUNDED.findall((info.title or "").lower())))):
            return True
        for sentence in sentences_of(info.text or ""):
            if dealing & set(content_stems(sentence)) and _WITH_ANOTHER.search(sentence.lower()):
                return True
    return False


# A sentence deals between players when the other player is its partner in the deal ("trade with
# another player", "give it to the player on your left", "players may swap") or it forbids one;
# not where players merely appear ("give 2 coins to each player" is the rules handing out).
_WITH_ANOTHER = lazy(r"\b(?:to|with|from) (?:an?|any|the|their|your)? ?(?:other|another|opponents?|rivals?|teammates?"
                     r"|neighbou?rs?|partners?|player (?:on|to) (?:your|their) (?:left|right))\b|\b(?:each other|one another)\b"
                     r"|\bplayers (?:may|can|cannot|can't|can not|may not|must not|are free to|never) \w+"
                     r"|\b(?:cannot|can't|can not|never|may not|must not)\b",
                     triggers=("other", "opponent", "rival", "team", "neighbo", "partner", "player", "not", "can't",
                               "never"))


_NOT_COMPOUNDED = lazy(r"(?<![\w-])[a-z']+(?![\w-])")  # a title's words of their own, not in "prize-giving"


# "is there a hand limit", "a hand size limit", "max number of cards i can hold" (not "opening hand size")
_HAND_LIMIT = lazy(r"\bhand (size )?(limit|cap)\b|\b(max|maximum) (hand|number of cards)\b|\bmax(imum)? hand size\b"
                   r"|\bhow many cards (can|may) (i|we|you) (hold|keep|have)\b",
                   triggers=("hand", "max", "how many cards"))
_LIMITED: dict[str, bool] = {}  # index fingerprint -> whether its rules limit (or free) a hand


def limit_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks for a hand limit and no sentence of the rules sets one or
    says there is none (answers.limits reads those sentences), nor does a section's title or alias
    name the hand: the rules have no hand limit to cite (blind set 28's "is there a max number of
    cards i can hold" found Bone Strike's card anatomy at 0.48). Likewise whether another thing
    held has a limit at all (_thing_limit_unsaid)."""
    if not _HAND_LIMIT.search(text.lower()):
        return _thing_limit_unsaid(index, text)
    limited = _LIMITED.get(index.fingerprint)
    if limited is None:
        limited = _LIMITED[index.fingerprint] = _rules_limit_a_hand(index)
    return 1.0 if limited else UNSAID


# Whether there is a limit at all on a thing held ("is there a max on how much cash you can hold",
# "do coins have a max limit"), not what it is ("whats the most water i can carry": a player asks
# so knowing there is one).
_LIMIT_ASKED = lazy(r"\b(?:is|are) there (?:a|an|any) (?:\w+ )?(?:limit|max|maximum|cap)\b"
                    r"|\b(?:do|does) (?:\w+ ){1,3}(?:have|has) (?:a|an|any) (?:\w+ )?(?:max|maximum|limit|cap)\b",
                    triggers=("there", "have", "has"))
# Words of such a question that name no thing: who holds it, where, and when.
_NOT_HELD = frozenset(stems_of("player players person people one side out in at play once ever time times any "
                               "game total whole own thing things do allowed".split()))
# ... and those saying it is a limit on doing, within a turn ("how many things can i do in my main phase")
_DOING = frozenset(stems_of("turn turns phase go round".split()))
# A limit in words answers.limits leaves to the search: "no brother may have more than 2",
# "health never goes above 15".
_LIMITS_TOO = lazy(r"\bno \w+ (?:may|can|could) (?:\w+ ){0,2}more than\b"
                   r"|\b(?:never|cannot|can't|can not|may not) (?:go|goes|rise|rises|be|get|gets) (?:above|over|higher than|beyond)\b")
_THING_LIMITS: dict[tuple[str, frozenset[str]], bool] = {}  # (index fingerprint, the thing's stems) -> said


def _thing_limit_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks whether a thing held has a limit at all and no sentence of
    the rules or a card sets one on it or says there is none (_rules_say_of). A limit on doing
    ("how many times can i attack or buy in my turn") is left to the search."""
    from .answers.base import content_stems
    from .answers.limits import ACTS, LIMIT_WORDS, NOT_THE_THING, SAYS_LIMIT, SAYS_NONE

    if not _LIMIT_ASKED.search(text.lower()):
        return 1.0
    thing = frozenset(content_stems(text)) - NOT_THE_THING - LIMIT_WORDS - _NOT_HELD
    if not thing or thing & (ACTS | _DOING):
        return 1.0
    said = _THING_LIMITS.get((index.fingerprint, thing))
    if said is None:
        said = _THING_LIMITS[index.fingerprint, thing] = _rules_say_of(index, thing, (SAYS_LIMIT, SAYS_NONE, _LIMITS_TOO), counted=True)
    return 1.0 if said else UNSAID


# What a limit counts: the words after its number ("more than 2 unfinished folios", "up to 3
# cards"), or the word before "at most" ("A warrior holds one weapon at most": weapons, not warriors).
_COUNTED = lazy(r"\b(?:at most|no more than|more than|up to|maximum of|limit of) (?:\d+|one|two|three|four|five|six"
                r"|seven|eight|nine|ten|twelve|a|an) ([a-z]+(?: [a-z]+)?)|\b(?:\d+|one|two|three|four|five|six) ([a-z]+) at most\b")


def _rules_say_of(index: GameIndex, thing: frozenset[str], says: tuple, counted: bool = False) -> bool:
    """Whether a sentence of the rules or a card saying one of `says` (a limit, say) names the
    thing, or stands in a section or card whose title or aliases name it ("Munching lettuce: ...
    You can never hold more than 6"; Health, also "hp": "Health never goes above 15"). With
    `counted`, a sentence whose limit counts something else does not ("A warrior holds one weapon
    at most" limits no warriors)."""
    from .answers.base import content_stems, sentences_of

    texts = [(" ".join([info.title or "", *(info.aliases or ())]), info.text or "") for info in index.rules.values()]
    texts += [(str(c.get("name") or ""), str(c["fields"].get("text", ""))) for c in index.cards().values()]
    for title, whole in texts:
        titled = bool(thing & set(content_stems(title)))
        for sentence in sentences_of(whole):
            plain = sentence.lower()
            if not any(said.search(plain) for said in says) or not (titled or thing & set(content_stems(sentence))):
                continue
            nouns = {s for m in _COUNTED.finditer(plain) for s in content_stems(m.group(1) or m.group(2))} if counted else set()
            if not nouns or thing & nouns:
                return True
    return False


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


# "what if the fish deck runs out", "the walk-in pile is empty": a deck or pile named by its own
# word. The rules answer it only where a section names that word and says something runs out, is
# empty, is left or is reshuffled ("If the pile runs out, shuffle the doorstep discard"); else no
# section does (the tuning set asks it of eight designer's games whose rules never say, each
# wanting no match, answered up to 0.81; of the 25 such questions whose rules do say, none is lost).
_PILE_OUT = lazy(r"\b([a-z][a-z-]*) (?:deck|pile|stack|bag)\b.*\b(?:(?:runs?|ran|running) out|(?:is|are|gets|goes) "
                 r"(?:empty|used up|exhausted))\b", triggers=("deck", "pile", "stack", "bag"))
_NOT_A_NAME = frozenset("the my a an your draw main their our this that each whole discard".split())
# (not any "empty": "the empty bay", "an empty chair" say nothing runs out)
_SAYS_OUT = lazy(r"\b(?:runs?|ran|running) (?:out|dry|low)\b|\b(?:is|are|goes|go|gets|becomes|left|run|runs|now) empty\b"
                 r"|\bempty (?:deck|pile|bag|stack|supply|draw)\b|\bempties\b|\bexhaust\w*|\bused up\b"
                 r"|\bno (?:more )?cards? (?:left|remain)|\blast card\b|\breshuffl\w*|\bshuffle (?:the |your )?discard"
                 r"|\bcan(?:no|')?t (?:be )?(?:refill|draw|replace)\w*|\bnothing (?:left )?to draw\b"
                 r"|\bno (?:\w+ )?(?:\w+ )?(?:is|are) left\b|\bnone (?:is |are )?left\b")
_PILES: dict[tuple[str, str], bool] = {}  # (index fingerprint, the pile's word) -> whether its rules say


def pile_out_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks what happens when a deck or pile it names runs out, and no
    section naming that word says anything runs out; likewise any other thing (_supply_out_unsaid);
    else 1.0."""
    from .answers.base import content_stems

    found = _PILE_OUT.search(text.lower())
    if not found or found.group(1) in _NOT_A_NAME:
        return _supply_out_unsaid(index, text)
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


# A thing the players share running out: "what if the bank runs out of coins", "bomb markers ran
# out, what do we do", "what happens when the key hook runs out of keys".
_SUPPLY_OUT = lazy(r"\b(?:runs?|ran|running) (?:out|dry|low)\b|\b(?:is|are) (?:empty|all gone)\b|\bnone left\b",
                   triggers=("run", "ran", "empty", "gone", "none"))
_NOT_THE_SUPPLY = frozenset(stems_of("what whats happens happen happened now then do does we i you us run runs ran "
                                     "running out dry low empty gone left none all".split()))
_AT_NOTHING = lazy(r"\b(?:reach|reaches|hit|hits|drops? to|falls? to|goes to|at|down to) (?:0|zero|nothing)\b"
                   r"|\b(?:with|has|have|holds?|holding|had) no\b|\bno (?:\w+ ){0,3}(?:in|left)\b"
                   r"|\b(?:runs?|running|ran) short\b|\bnot enough\b")
_SUPPLIES: dict[tuple[str, frozenset[str]], bool] = {}  # (index fingerprint, the thing's stems) -> said


def _supply_out_unsaid(index: GameIndex, text: str) -> float:
    """UNSAID when the question asks what happens when some thing runs out and no sentence of the
    rules or a card naming it (or in a section or card titled for it) says it runs out, is empty
    or left, is at nothing, or is held by no one ("with no bones", "No water in the tank means no
    firing up"): the tuning set asks it of twelve designer's games whose rules never say, each
    wanting no good match, answered at up to 0.81."""
    from .answers.base import content_stems

    if not _SUPPLY_OUT.search(text.lower()):
        return 1.0
    thing = frozenset(content_stems(text)) - _NOT_THE_SUPPLY
    if not thing:
        return 1.0
    said = _SUPPLIES.get((index.fingerprint, thing))
    if said is None:
        said = _SUPPLIES[index.fingerprint, thing] = _rules_say_of(index, thing, (_SAYS_OUT, _AT_NOTHING))
    return 1.0 if said else UNSAID
