"""Player slang and shorthand, and the words rulebooks use for them, one entry a line:
`word: alternative | alternative ...` (a phrase of several words is matched word for word).

Read by query.translate_slang. A word is only read otherwise for a game that never uses it, and
then as the first alternative whose words that game does use ("hp" is "health" in one game, "hit
points" in another); a game that says "hp" itself keeps it. A phrase of several words ("kick
off") is read otherwise when the game does not use its first word, or that word is an everyday
one. General table talk only, never one question's wording. Lines starting with # are comments.
Kept as a module, not a data file, so an installed package always has it.
"""
from __future__ import annotations

TABLE = """
tiebreak: tie | tie break | tied
tiebreaker: tie | tie breaker | tied
tiebreakers: tie | tie breakers | tied
snake eyes: double 1 | two 1s | double one | two ones
backwards: back | reverse | anticlockwise | counterclockwise
backward: back | reverse | anticlockwise | counterclockwise
reverse: back | backwards
collect: take | gain | win
collecting: taking | gaining | winning
collected: took | gained | won
across: opposite
far: spaces | squares | steps | distance | rows
fall: tumble | trip | crash | fall over
falls: tumbles | trips | crashes
fell: tumbled | tripped | crashed
knock: bump | barge | shove | push
flip: turn over | reveal | turn up
flips: turns over | reveals | turns up
flipped: turned over | revealed | turned up
decide: choose | pick
decides: chooses | picks
decided: chose | picked
during: in | while
stick around: stay | remain | carry over
stick: put | fit | place
for good: permanently | out of the game | removed
knocks: bumps | barges | shoves | pushes
land: end | stop | finish
lands: ends | stops | finishes
landed: ended | stopped | finished
short version: summary | overview | at a glance
runs dry: runs out | empty
run dry: run out | empty
ran dry: ran out | empty
cleaned out: emptied | empty | ran out
clean out: empty | run out
grab: take
pull: take | draw
pulled: took | taken | drew
pulls: takes | draws
grabbed: took | taken
grabs: takes
worth: score | scores | points
cost: pay | price | spend
costs: pays | price | spends
nobody: no one | no player
noone: no one | no player
everybody: every player | each player | all players
everyone: every player | each player | all players
hp: health | hit points | life
hps: health | hit points | life
dmg: damage
dmgs: damage
ppl: players
peeps: players
gm: game master | narrator | referee
dm: game master | narrator | referee
vp: victory points | points
vps: victory points | points
pts: points
swing: attack
swings: attack
hit: attack
whack: attack
smack: attack
bash: attack
chuck: roll
chucks: roll
toss: roll
throw: roll
throws: roll
fling: roll
nicked: stolen | steal
nick: steal
pinch: steal
swipe: steal
kill: destroy | defeat | eliminate
killed: destroyed | defeated | eliminated
slay: destroy | defeat
ko: knocked out | eliminated
dead: eliminated | knocked out | defeated
cash: sell | money | gold | shillings | pennies | crowns | ducats | dollars | credits | coins
money: gold | shillings | pennies | pence | crowns | ducats | florins | dollars | credits | silver | coins | booty
coin: gold | coins
coins: gold
spot: space | square
square: space
squares: spaces
meeple: pawn | piece
figure: pawn | piece
mini: pawn | piece
swap: trade | exchange | replace
swapping: trade | exchange | replace
trade: exchange | swap
deck: pile | cards
shuffle: reshuffle
freebie: free
upkeep: refill
cleanup: refill
d4: die
d6: die
d8: die
d10: die
d12: die
d20: die
heal: health
healing: health
beat: defeat | beaten
rundown: summary | overview | reference
recap: summary | overview | reference
gist: overview | summary
tldr: summary | overview
end: win | finish | run out
ends: win | finish | runs out
box: components | contents
marker: token | tracker | counter
markers: tokens | trackers | counters
counter: token | marker | tracker
counters: tokens | markers | trackers
chip: token | coin | counter
chips: tokens | coins | counters
cube: token | marker
cubes: tokens | markers
score: points
scoring: points
parry: block | defend
defend: block
enemy: opponent | foe | nemesis
enemies: opponents | foes
foe: opponent | enemy
opponent: enemy | foe | other player
skip: pass
price: cost
expensive: cost | costs more
cheap: cost
cap: limit | most
max: most | limit
bin: discard | trash
trash: discard | destroy | burn
alone: solo | on your own | by yourself | one player
myself: solo | on your own | by yourself | one player
teammate: ally | partner
buddy: ally | partner
purchase: buy
shop: buy | market | store
store: shop | buy | market
market: buy | shop | lineup
ditch: discard | change | throw out
tweak: change
hurt: damage | harm
wound: damage | harm
wounds: damage
wounded: damaged | damage
walk: move
walking: moving | move
travel: move
jump: move
jumps: moves | move
step: move
pick: choose | take
select: choose | pick
receive: get | gain | take
earn: gain | get | score
gain: get | take
obtain: get | gain
hold: keep
retain: keep | hold
remove: discard | take away
finish: end | over | run out
finished: ended | over | ran out
quick: short | shorter
quicker: shorter | short
faster: shorter | short
version: variant | variation | game
complete: end | finish
prevent: block | stop
twice: two times | once | again
additional: extra | more
bonus: extra | more
bonuses: extra | more
empty: zero | none | run out
redo: reroll | again
retry: reroll | again
leftover: unspent | unused | left
unused: unspent | spare
unspent: unused | left
spare: unused | extra
spend: pay | use
spending: pay | use
afford: pay | cost
affordable: cost
# Phrasal verbs and idioms: every form written out, matched word for word.
kick off: start | begin
kicks off: starts | start
kicked off: started | start
hang on to: keep
hang onto: keep
hold on to: keep
hold onto: keep
came up: rolled | showed
come up: roll | show
comes up: rolls | shows
runs a: controls a | control
run a: control a | control
pick up: take | draw
picks up: takes | draws
give up: surrender | fold | pass
gives up: surrenders | folds | pass
hand over: give
hands over: gives | give
sit out: pass | skip
sits out: passes | pass
drop out: out | eliminated | fold
drops out: out | eliminated | fold
back out: fold | pass
carry over: keep | stay
carries over: keeps | stays
use up: spend | use
used up: none left | run out | spent
top up: refill
tops up: refills | refill
wipe out: destroy | eliminate
wiped out: destroyed | eliminated
take out: destroy | eliminate | remove
taken out: destroyed | eliminated
get rid of: discard | remove | burn
throw away: discard | burn | remove
throw out: discard | remove | change
straight away: immediately | at once | same turn
right away: immediately | at once | same turn
more than once: again | twice | two times
turn over: flip | turn
flip over: flip | turn
put back: return | back
puts back: returns | back
"""
