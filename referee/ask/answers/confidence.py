"""How sure each answer worked out from the data is, in one table (issue 16)."""

# How sure each computed answer is, in one table (issue 16): the share of such answers found
# right on the tuning questions, rounded down. engine.py compares them with the search's own
# confidence and its threshold.
CONFIDENCE = {
    "cycle.verdict": 0.95,  # both things named, next on a cycle: the data decides
    "cycle.tie": 0.9,  # both the same on one cycle: the next cycle decides ("both played earth")
    "cycle.identical": 0.85,  # the same on every cycle: the identical-runes rule
    "cycle.not-adjacent": 0.8,  # neither beats the other
    "cycle.not-on-cycle": 0.55,  # one of them has no place on the cycle
    "chart.named": 0.9,  # a number beside a column named, or the chart's title
    "chart.bare": 0.75,  # a number and one column
    "chart.off-chart": 0.5,  # the chart has no such row
    "map.one": 0.85,  # one table reads the roll
    "map.tied": 0.7,  # several tables read it as well
    "card.field": 0.9,  # "how much does the cutlass cost?"
    "card.text": 0.85,  # "what does Flood do?": the card's own text
    "record.field": 0.85,  # a record's field named
    "record.own-section": 0.85,  # a record with its own section
    "record.shared-section": 0.6,  # a record that only shares its table's section
    "count": 0.85,  # components, decks, cards, dice, pieces
    "players": 0.9,  # the game's player count
    "facts": 0.9,  # its play time, its age
    "first-player": 0.85,  # the sentence that says who goes first
    "tie-break": 0.8,  # the sentence that breaks a tie, from the section about what is tied
    "shortfall": 0.75,  # the sentence on having fewer than a rule asks, from the section of the things asked
    "limit": 0.8,  # the sentence that sets a limit on the thing asked, with a number
    "at-zero": 0.8,  # the sentence on the thing asked about at nothing, whose it is weighed
    "setup-amount": 0.8,  # the set-up's one sentence naming the thing asked beside a number
    "threshold": 0.8,  # the sentence saying how many of a thing lose (or win) the game
    "game-end": 0.8,  # the end section's sentence saying when (a game without asks: lists)
    "overview": 0.9,  # the first section's opening, asked only what the game is about
    "contents": 0.9,  # the section listing the components, asked only what the game comes with
    "roll-outcome": 0.75,  # the part of a list of die faces covering the number rolled (a game without asks: lists)
    "steps": 0.8,  # the named section's steps by name, asked for its steps (a game without asks: lists)
    "turn": 0.8,  # the turn section's first sentence, asked what a turn holds (a game without asks: lists)
    "amount": 0.6,  # a sentence putting a number right before the thing asked (a game without asks: lists)
    "amount.only": 0.8,  # ... asked nothing else, and the only sentence of the rules numbering it
    "list": 0.9,  # a list table the question names ("what are the phases of a turn?")
    "list.least": 0.5,  # the share of the question the list's title must cover
    "value.most": 0.9,  # a fixed value: at most this, from how well its label fits
    "value.count-bonus": 0.05,  # ... and this more when the question asks "how many/much"
    "value.least": 0.55,  # below this fit, the value is not what the question asks
    "value.margin": 0.05,  # a one-word question two values fit within this of each other: neither answers
    "value.recall-only": 0.8,  # every question word in a long label, at most this sure
}
