"""Answers worked out from the game's data, each citing the rule its data belongs to.

Generic over what the data model offers, never over a particular game:

- **cycles** (table kind ``cycle``): "does water-axe beat fire-shield?". Things are cycle items
  or cards whose fields hold cycle items; cycles are compared in the order a records table
  gives (rows with ``use_table``), else in data order, the first that differs deciding.
- **charts** (kind ``chart``): "how many points for three stars?": a number next to a column.
- **maps** (kind ``map``): "what happens when I roll a 2?": a key of the first column (a roll,
  a face, a code), the table picked by the words around it (its title, die, rule).
- **records** (kinds ``records`` and ``map`` rows with a name): "what does Time do?".
- **counts**: "how many marquis cards are there?": components, decks, cards, dice, pieces.
- **values**: "how much health do I start with?": the game's fixed numbers, by their labels.
- **card fields**: "how much does the cutlass cost?".
- **turn order**: "who goes first?": the sentence of the rules that says so.
- **set-up amounts**: "how much stamina do we start with?": the set-up's sentence giving it.
- **ties**: "who wins if two of us have the same merit?": the sentence that breaks the tie.
- **at zero**: "what happens when I hit zero bones?": the sentence on that thing running out.
- **shortfall**: "he only has 1 bone left, what do I get?": the sentence on having too few.
- **limits**: "what's the most chalk I can hold?": the sentence that sets the limit.
- **thresholds**: "how many grumble tokens before we lose?": the sentence saying that count.
- **amounts**: "how many actions do I get?": the sentence giving a number of the thing.
- **game end**: "when does the game end?": the sentence of the end section saying when.
- **steps**: "what are the steps of a tide?": the named section's numbered steps or sub-sections.
- **overview**: "what's this game about?": the opening of the game's first section.
- **contents**: "what's in the box?": the section that lists the components.

One module per family of answerers (cycles, tables, records, counts; turn_order, setup_amounts,
ties, at_zero, limits, thresholds and amounts quote a sentence of the rules where the data has no value), their
shared pieces in base.py and how sure each kind of answer is in one table, confidence.py. Logic
that data cannot express lives in one module per game (referee/ask/games/).
"""
from __future__ import annotations

from ..games import game_answers
from ..query import Query
from ..search import SearchResult
from ..store import GameIndex
from .amounts import amount
from .at_zero import at_zero
from .base import Computed, Context
from .box_count import count
from .confidence import CONFIDENCE
from .contents import contents
from .counts import game_facts, listing, players, value
from .cycles import beats
from .game_end import game_end
from .limits import limit
from .overview import overview
from .records import card_field, record
from .roll_outcome import roll_outcome
from .setup_amounts import starting_amount
from .shortfall import shortfall
from .steps import steps
from .tables import chart, roll_map
from .threshold import threshold
from .ties import tie_break
from .turn import turn
from .turn_order import first_player

__all__ = ["CONFIDENCE", "QUOTED", "QUOTED_LOOSELY", "WHOLE_SECTION", "Computed", "Context", "compute"]
# The kinds whose answer is a sentence of the rules, quoted, not worked out from the data.
QUOTED = frozenset({"first-player", "setup-amount", "tie-break", "at-zero", "shortfall", "limit", "threshold", "amount", "game-end", "steps", "turn", "roll-outcome", "overview",
                    "contents"})
# ... of which these find their sentence by a looser reading (a number before the thing asked):
# the confidence does not take them for as sure as the others (its "quoted" signal).
QUOTED_LOOSELY = frozenset({"amount"})
# The kinds that answer for the section they cite as a whole (a list, the steps, the end section's
# own sentence on when, the general rule on too few that a Skull defers to): cited as it is, not
# narrowed to a sub-section a phrase of the question names.
WHOLE_SECTION = frozenset({"list", "game-end", "shortfall", "steps"})
ORDER = {k: i for i, k in enumerate(("game", "cycle", "chart", "map", "card", "count", "players", "facts", "value",
                                     "first-player", "setup-amount", "tie-break", "at-zero", "shortfall",
                                     "limit", "threshold", "amount", "game-end", "overview", "contents", "steps", "turn", "roll-outcome", "record",
                                     "list"))}


def compute(index: GameIndex, query: Query, result: SearchResult) -> list[Computed]:
    ctx = Context(index, query, result)
    found: list[Computed] = []
    for answerer in (beats, chart, roll_map, card_field, count, players, game_facts, value, first_player,
                     starting_amount, tie_break, at_zero, shortfall, limit, threshold, amount, game_end, overview, contents, steps, turn, roll_outcome, record,
                     listing):
        try:
            found.extend(answerer(ctx))
        except (KeyError, TypeError, ValueError, IndexError):
            continue  # data shaped in a way this answerer does not know: leave it to the search
    try:
        found.extend(game_answers(index.id, ctx))
    except (KeyError, TypeError, ValueError, IndexError):
        pass  # a folder of the same id whose data the game's module does not know: the search answers
    found.sort(key=lambda c: (-c.confidence, ORDER.get(c.kind, 99)))
    return found
