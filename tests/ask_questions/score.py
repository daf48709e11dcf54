"""Score `referee ask` on the question files of one folder: `python tests/ask_questions/score.py DIR`.

A file with a `game:` key holds questions about that game (a game id under content/, a path to
a game folder, or the starter game `new-game`, read from generator/templates/new-game): each item
is `{q: ..., rule: ..., also: [...]}`, where `rule` is the section that must be cited first and
`also` another that answers as well; `card: ID` (with or without a rule) accepts that card as
the answer when its own text is what the tool answers with (a card no section governs is then the
rule itself; a card a section governs shares first place with that section); `facts: true`
asks for the box's own facts (play time, age, player count), which no section need hold: the
answer must come from game.yaml (source data:facts, citing no section; or data:players, whose
section shares first place); `says: "7"` gives the number a right answer
must state in its one-line answer (reported apart from top-1: see `numbers`); an item with none
of these must get "no good match". A file without a `game:` key (off-topic.yaml) holds questions no game answers, as strings or `{q: ...}`.

Printed per game and overall: top-1 (the first citation of a matched answer is right), top-3
(a right section among the first three cited, whether or not the answer cleared the threshold),
how many questions, and calibration: per confidence band, how many answers and how many of them
right. Below the threshold the tool says "no good match"; the band counts how often its closest
section was right anyway. For off-topic questions: how many were refused, asked of every game at
once and of each game with --game.

The test suite (tests/test_ask_questions.py) imports this module and asserts on its figures.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from referee.ask.cache import resolve_game  # noqa: E402
from referee.ask.engine import THRESHOLD, answer_in, ask  # noqa: E402
from referee.ask.store import GameIndex, open_index  # noqa: E402

TEMPLATES = REPO / "generator" / "templates"
BAND_EDGES = (0.7, 0.9)


def bands() -> list[tuple[str, float, float]]:
    return [(f"<{THRESHOLD:.2f}", 0.0, THRESHOLD), (f"{THRESHOLD:.2f}-0.7", THRESHOLD, 0.7),
            ("0.7-0.9", 0.7, 0.9), (">=0.9", 0.9, 9.0)]


@dataclass
class Result:
    game: str
    q: str
    accept: set
    confidence: float
    matched: bool
    cited: list
    auto: bool | None = None  # right with the game left to the question (None: not asked)
    pair_first: bool = False  # a governed card first, sharing first place with its section (cited_ids)
    says: str | None = None  # the number the one-line answer must state (the item's `says:`)
    answer: str = ""  # the one-line answer given

    @property
    def off_topic(self) -> bool:
        return not self.accept

    @property
    def right(self) -> bool:
        """Top-1: a matched answer citing an accepted section first; for an item with no rule,
        "no good match"."""
        if self.off_topic:
            return not self.matched
        return self.matched and self.closest_right

    @property
    def closest_right(self) -> bool:
        return bool(first_ids(self.cited, self.pair_first) & self.accept)

    @property
    def said(self) -> bool:
        """The one-line answer states the number the item asks for (as digits or a word)."""
        return self.says is not None and states_number(self.answer, self.says)

    @property
    def top3(self) -> bool:
        return bool(self.accept & set(self.cited[:3 + self.pair_first])) if not self.off_topic else not self.matched


@dataclass
class GameScore:
    game: str
    results: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.results)

    def share(self, attr: str) -> float:
        return sum(getattr(r, attr) for r in self.results) / max(self.n, 1)

    def band(self, low: float, high: float) -> tuple[int, int]:
        """(answers in the band, right ones); below the threshold, right means the closest
        section shown was right (or, for an item with no rule, that nothing was answered)."""
        inside = [r for r in self.results if low <= r.confidence < high]
        if high <= THRESHOLD:
            return len(inside), sum(r.closest_right if not r.off_topic else True for r in inside)
        return len(inside), sum(r.right for r in inside)


def game_ref(name: str, folder: Path) -> str:
    """A game id under content/, else a folder: beside the file, a starter template or a test fixture."""
    from referee.ask.cache import UnknownGame, resolve_game

    try:
        resolve_game(name)
        return name
    except UnknownGame:
        pass
    for candidate in (folder / name, TEMPLATES / name, REPO / "tests" / "fixtures" / name, REPO / name):
        if (candidate / "game.yaml").is_file():
            return str(candidate)
    return name


def cited_ids(answer) -> list[str]:  # noqa: ANN001
    """The ids an answer cites, first first. A card whose own text is the answer comes first:
    alone when no section governs it, else beside the section that does, cited next (pair_first)."""
    if answer.matched and answer.source == "data:facts":
        return ["facts"]  # the box's facts, from game.yaml: no section
    cited = [c.id for c in answer.citations]
    if answer.card is not None:
        cited = [f"card:{answer.card['id']}", *cited]
    elif answer.matched and answer.source == "data:players":
        cited = ["facts", *cited]  # the box's player count, beside the section naming players
    return cited


def pair_first(answer) -> bool:  # noqa: ANN001
    """The answer is a card's text and a section governs the card, or the box's player count and
    the section naming players: both are its first source."""
    if answer.matched and answer.source == "data:players":
        return len(answer.citations) > 0
    return answer.card is not None and bool(answer.card["governed"]) and len(answer.citations) > 0


def first_ids(cited: list[str], paired: bool) -> set[str]:
    """What an answer cites first: one id, or a governed card and its section."""
    return set(cited[:1 + paired])


NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
                "fifteen sixteen seventeen eighteen nineteen twenty").split()


def first_line(answer) -> str:  # noqa: ANN001
    """The one-line answer `ask` prints first (render.py), without its "Not sure" lead."""
    from referee.ask.render import render_text

    return render_text(answer).split("\n", 1)[0].removeprefix("Not sure; the closest rule: ")


def states_number(text: str, number: str) -> bool:
    """`text` holds `number` as a whole number (not inside 17 or 2.5), or its word up to twenty; a
    time of day glued to its "am"/"pm" ("10pm") still states its hour."""
    import re

    words = {number.strip()}
    if number.strip().isdigit() and int(number) < len(NUMBER_WORDS):
        words.add(NUMBER_WORDS[int(number)])
    return any(re.search(rf"(?<![\w.]){re.escape(w)}(?!(?!(?:am|pm)\b)\w|\.\d)", text, re.IGNORECASE) for w in words)


def items_of(data: dict) -> list[dict]:
    out: list[dict] = []
    for item in data.get("questions") or []:
        if isinstance(item, str):
            out.append({"q": item})
        elif isinstance(item, dict):
            q = item.get("q") or item.get("question")
            rule = item.get("rule", item.get("expect"))
            rules = [rule] if isinstance(rule, str) else list(rule or [])
            cards = {f"card:{item['card']}"} if item.get("card") else set()
            facts = {"facts"} if item.get("facts") else set()
            says = str(item["says"]) if item.get("says") is not None else None
            out.append({"q": q, "accept": set(rules) | set(item.get("also") or []) | cards | facts, "says": says})
    return out


_READ: dict[Path, tuple[tuple[int, int], dict]] = {}  # a file -> (its mtime and size, what it held then)


def read_questions(path: Path) -> dict:
    """A question file, read with libyaml's parser where PyYAML has it (the sets run to thousands
    of lines, read on every test run); kept while the file's time and size stay as they were
    (test_ask_questions reads each set to check its rules, then scores it). Read-only for callers."""
    st = path.stat()
    stamp = (st.st_mtime_ns, st.st_size)
    kept = _READ.get(path)
    if kept is None or kept[0] != stamp:
        kept = _READ[path] = (stamp, yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    return kept[1]


def content_game_ids() -> list[str]:
    from referee.ask.cache import content_games

    return [g.key for g in content_games()]


class Asked:
    """`ask` once per question, game and k in a scoring run: the sets repeat questions (a fifth
    of the asks, the same words from different blind sets), and an answer depends only on them
    and the games, which scoring never changes. One per run: a run with other weights asks anew.
    A game named is resolved to its folder and its index opened once a run, not at each of its
    questions (`ask`'s own steps before answer_in: resolving was a twentieth of scoring, seeing
    that the index is still fresh a fiftieth): the same answers."""

    def __init__(self) -> None:
        self.answers: dict[tuple[str, str | None, int], object] = {}
        self.indexes: dict[str, GameIndex] = {}

    def __call__(self, question: str, game: str | None = None, k: int = 3):  # noqa: ANN204
        key = (" ".join(question.split()), game, k)
        if key not in self.answers:
            if game is None or not key[0]:
                self.answers[key] = ask(question, game=game, k=k)
            else:
                if game not in self.indexes:
                    self.indexes[game] = open_index(resolve_game(game))
                self.answers[key] = answer_in(self.indexes[game], key[0], k)
        return self.answers[key]


def score_game_file(path: Path, auto: bool = True, asked: Asked | None = None, data: dict | None = None) -> GameScore:
    asked = asked or Asked()
    data = data if data is not None else read_questions(path)
    name = str(data["game"])
    ref = game_ref(name, path.parent)
    in_content = ref == name and name in content_game_ids()
    score = GameScore(name)
    for item in items_of(data):
        answer = asked(item["q"], game=ref, k=3)
        cited = cited_ids(answer)
        result = Result(name, item["q"], item.get("accept") or set(), answer.confidence, answer.matched, cited,
                        pair_first=pair_first(answer), says=item.get("says"), answer=first_line(answer))
        if auto and in_content and result.accept:
            every = asked(item["q"], k=2)
            result.auto = (every.matched and every.game == name and bool(every.citations)
                           and every.citations[0].id in result.accept)
        score.results.append(result)
    return score


def score_off_topic(path: Path, each_game: bool = True, asked: Asked | None = None, data: dict | None = None) -> dict:
    """Each question asked of every game at once, and with --game of each game; or, with
    `each_game` False, of one game in turn (question i of game i mod n: each question and each
    game as often, a fifth of the asks)."""
    asked = asked or Asked()
    data = data if data is not None else read_questions(path)
    questions = [i["q"] for i in items_of(data)]
    games = content_game_ids()
    every_refused, per_game_refused, asked_per_game, worst, answered = 0, 0, 0, 0.0, []
    for number, q in enumerate(questions):
        a = asked(q)
        every_refused += not a.matched
        worst = max(worst, a.confidence)
        if a.matched:
            answered.append(f"{a.game}: {q!r} ({a.confidence:.2f})")
        for g in games if each_game else [games[number % len(games)]]:
            b = asked(q, game=g)
            asked_per_game += 1
            per_game_refused += not b.matched
            worst = max(worst, b.confidence)
            if b.matched:
                answered.append(f"{g} (--game): {q!r} ({b.confidence:.2f})")
    return {"file": path.name, "n": len(questions), "refused": every_refused,
            "asked_per_game": asked_per_game, "refused_per_game": per_game_refused,
            "worst": worst, "answered": answered}


def score_dir(folder: Path, auto: bool = True, each_game: bool = True) -> tuple[list[GameScore], list[dict]]:
    games, off = [], []
    asked = Asked()
    for path in sorted(folder.glob("*.yaml")):
        data = read_questions(path)
        if not isinstance(data, dict) or not data.get("questions"):
            continue
        if data.get("game"):
            games.append(score_game_file(path, auto=auto, asked=asked, data=data))  # read once, not twice
        else:
            off.append(score_off_topic(path, each_game, asked=asked, data=data))
    return games, off


def pct(a: int, n: int) -> str:
    return f"{a / n:4.0%}" if n else "   -"


def report(games: list[GameScore], off: list[dict], misses: bool = True) -> str:
    lines = [f"referee ask: threshold {THRESHOLD}",
             f"  {'game':18} {'n':>4} {'top-1':>6} {'top-3':>6} {'auto':>6}   calibration: right/answers per band"]
    head = "  ".join(f"{label:>12}" for label, _, _ in bands())
    lines.append(f"  {'':18} {'':>4} {'':>6} {'':>6} {'':>6}   {head}")
    everything = GameScore("all")
    for g in games + [None]:
        if g is None:
            g = everything
            if len(games) < 2:
                break
        else:
            everything.results.extend(g.results)
        n = g.n
        t1 = sum(r.right for r in g.results)
        t3 = sum(r.top3 for r in g.results)
        autos = [r.auto for r in g.results if r.auto is not None]
        cells = []
        for _label, low, high in bands():
            k, right = g.band(low, high)
            cells.append(f"{right:>3}/{k:<3} {pct(right, k)}")
        lines.append(f"  {g.game:18} {n:4d} {pct(t1, n):>6} {pct(t3, n):>6} "
                     f"{pct(sum(autos), len(autos)):>6}   " + "  ".join(f"{c:>12}" for c in cells))
        if g is everything:  # the floors in test_ask_questions.py need more than whole percents
            lines.append(f"  {'':18} top-1 {t1}/{n} ({t1 / n:.2%}), top-3 {t3}/{n} ({t3 / n:.2%})")
    lines.extend(numbers([r for g in games for r in g.results]))
    for o in off:
        lines.append(f"  off-topic ({o['file']}): {o['refused']}/{o['n']} refused asked of every game; "
                     f"{o['refused_per_game']}/{o['asked_per_game']} refused with --game; "
                     f"highest confidence {o['worst']:.2f}")
        lines.extend(f"    answered: {a}" for a in o["answered"])
    if misses:
        wrong = [r for g in games for r in g.results if not r.right]
        if wrong:
            lines.append("  not right first:")
        for r in wrong:
            want = "no good match" if r.off_topic else "/".join(sorted(r.accept))
            got = (r.cited[:3] if r.matched else f"no match, closest {r.cited[:2]}")
            lines.append(f"    {r.game}: {r.q!r} wants {want}, got {got} ({r.confidence:.2f})")
    return "\n".join(lines)


def numbers(results: list[Result]) -> list[str]:
    """Of the questions with a `says:`, how many were right first and stated the number in the
    one-line answer printed first (until round thirty-four: anywhere in the answer's text, which
    for a rule was the whole section); the right-first ones that did not are listed, since top-1
    counts them right."""
    asked = [r for r in results if r.says is not None]
    if not asked:
        return []
    right = [r for r in asked if r.right]
    unsaid = [r for r in right if not r.said]
    lines = [f"  numbers: {len(right) - len(unsaid)}/{len(asked)} asking for a number were right first and "
             f"stated it; {len(unsaid)} more right first without it"]
    lines.extend(f"    {r.game}: {r.q!r} wants {r.says}, said {r.answer[:80]!r}" for r in unsaid)
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tests/ask_questions/score.py DIR", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    games, off = score_dir(folder)
    print(report(games, off))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
