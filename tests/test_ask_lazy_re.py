"""referee.ask.lazy_re: `referee ask`'s patterns compile when first used, and then are
re.compile's own (a cold ask compiled ~80 of them on import, using about half)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from referee.ask.lazy_re import lazy

REPO = Path(__file__).resolve().parents[1]

SOURCE = r"\bhow (many|much)\b"
TEXT = "How many runes can I hold? And how much gold, how MANY bones?"


def test_a_lazy_pattern_is_compiled_only_when_first_used():
    pattern = lazy(SOURCE, re.IGNORECASE)
    assert "_compiled" not in vars(pattern) and pattern.pattern == SOURCE
    assert pattern.search(TEXT) is not None
    assert isinstance(vars(pattern)["_compiled"], re.Pattern)


def test_a_lazy_pattern_answers_as_the_compiled_one():
    pattern, compiled = lazy(SOURCE, re.IGNORECASE), re.compile(SOURCE, re.IGNORECASE)
    first = pattern.search(TEXT)
    assert first is not None and first.span() == compiled.search(TEXT).span()
    assert pattern.match(TEXT).group(1) == "many"
    assert pattern.fullmatch("how much").group(0) == "how much"
    assert pattern.findall(TEXT) == compiled.findall(TEXT) == ["many", "much", "MANY"]
    assert [m.span() for m in pattern.finditer(TEXT)] == [m.span() for m in compiled.finditer(TEXT)]
    assert pattern.sub(r"<\1>", TEXT) == compiled.sub(r"<\1>", TEXT)
    assert pattern.subn("", TEXT) == compiled.subn("", TEXT)
    assert pattern.split(TEXT) == compiled.split(TEXT)
    assert pattern.groups == compiled.groups and pattern.flags == compiled.flags


def test_after_its_first_use_a_lazy_pattern_calls_the_compiled_methods_directly():
    pattern = lazy(SOURCE)
    pattern.search("")
    compiled = vars(pattern)["_compiled"]
    assert vars(pattern)["search"] == compiled.search and vars(pattern)["sub"] == compiled.sub


def test_importing_the_engine_compiles_only_the_patterns_it_uses():
    """A cold `referee ask` compiles only the patterns its question uses: every pattern of
    referee.ask is made with lazy(), or, for the paraphrases, compiled when a question holds one
    of its trigger words (intent._Lazy). Importing uses text.words' own: a few modules stem some
    words as they load."""
    from referee.ask.text import PLUS, WORD

    script = (
        "import json, os, re, sys\n"
        "compile, ours, seen = re._compile, os.path.join('referee', 'ask', ''), []\n"
        "def spy(pattern, flags):\n"
        "    caller = sys._getframe(1)\n"
        "    while caller.f_globals.get('__name__') == 're':  # re.compile, re.search ...\n"
        "        caller = caller.f_back\n"
        "    if ours in caller.f_code.co_filename:\n"
        "        seen.append(str(pattern))\n"
        "    return compile(pattern, flags)\n"
        "re._compile = spy\n"
        "import referee.ask.engine, referee.ask.run, referee.ask.render\n"
        "print(json.dumps(seen))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert set(json.loads(out.stdout)) <= {WORD.pattern, PLUS.pattern}, out.stdout


def test_a_pattern_with_triggers_compiles_only_for_a_text_holding_one():
    pattern = lazy(SOURCE, triggers=("how many", "how much"))
    assert pattern.search("what does a skull do?") is None
    assert list(pattern.finditer("what does a skull do?")) == []
    assert "_compiled" not in vars(pattern)
    assert pattern.search("so how much gold?").group(1) == "much"
    assert "_compiled" in vars(pattern)
    assert pattern.search("How many") is None  # as the pattern itself: no flags that change case


def test_every_pattern_with_triggers_holds_one_in_each_match_of_the_tuning_questions():
    """Triggers are pieces of text a pattern cannot match without: checked on every tuning
    question, as asked (the paraphrases read it so) and as the answerers read it (paraphrased,
    lower case), against the compiled pattern."""
    import importlib
    import pkgutil

    import yaml

    import referee.ask
    from referee.ask.intent import PARAPHRASES, rewrite

    patterns = [p for p, _ in PARAPHRASES]
    for info in pkgutil.walk_packages(referee.ask.__path__, "referee.ask."):
        module = importlib.import_module(info.name)
        patterns += [p for p in vars(module).values() if getattr(p, "_triggers", None)]
    assert len(patterns) > len(PARAPHRASES)
    texts = set()
    for path in sorted((REPO / "tests" / "ask_questions").glob("*.yaml")):
        for item in yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)).get("questions") or []:
            q = " ".join((item if isinstance(item, str) else item.get("q") or "").split())
            texts |= {q, rewrite(q).lower()}
    for pattern in patterns:
        compiled = re.compile(pattern.pattern)
        triggers = pattern._triggers if hasattr(pattern, "_triggers") else pattern.triggers
        for text in texts:
            if compiled.search(text):
                assert any(t in text for t in triggers), (pattern.pattern, text)
