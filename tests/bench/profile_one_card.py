"""Where the CPU of a one-card rebuild goes (issue 13), phase by phase, in a real `cards build`.

A copy of Bone Strike is built (--no-rulebook, as `cards watch` does), then the first card's text
is edited and `cards build --no-rulebook` runs again, RUNS times, each in a child process that
times its own phases with the process's CPU clock (not wall time: two shared cores make wall time
several times CPU). Imports are counted apart, by package and excluding the modules they import
in turn, and left out of the phase they happen in. Prints the median of each line; asserts nothing.

    python tests/bench/profile_one_card.py          # the table
    python tests/bench/profile_one_card.py --cprofile out.prof   # also one run under cProfile
    TOP=40 python tests/bench/profile_one_card.py   # the 40 costliest packages' imports (default 12)
"""
from __future__ import annotations

import builtins
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUNS = 5
CPU = time.process_time
# (module, function, phase): wrapped where the build looks them up (a name a module imported at its
# top is looked up in that module). A function that moved is reported missing, not guessed.
PHASES = [
    ("generator.kit.state", "fresh_kits", "is the kit up to date? (before loading)"),
    ("generator.model.loader", "load", "load and check the game data"),
    ("generator.kit.build", "plan_kit", "plan: compose cards, pieces, impose, gang"),
    ("generator.kit.build", "kit_key", "fingerprints"),
    ("generator.kit.build", "drawing_key", "fingerprints"),
    ("generator.kit.build", "output_key", "fingerprints"),
    ("generator.kit.build", "face_keys", "fingerprints"),
    ("generator.render.pdf", "write_pdf", "draw and write the PDFs"),
    ("generator.render.svg", "scene_svg", "draw the SVG faces"),
    ("generator.kit.build", "write_printing_md", "PRINTING.md, kit.json, state, commit"),
    ("generator.kit.build", "write_kit_json", "PRINTING.md, kit.json, state, commit"),
    ("generator.kit.build", "_save_state", "PRINTING.md, kit.json, state, commit"),
    ("generator.atomic", "Staging.commit", "PRINTING.md, kit.json, state, commit"),
]


def child(argv: list[str]) -> None:
    """Run `cards build` in this process, timing its phases; print them as JSON on stderr's last line."""
    started = CPU()  # the interpreter's own start-up, site and the editable install's finder
    imports: dict[str, float] = {}  # package -> CPU of its modules, less the imports they make
    spent = {"imports": 0.0}
    stack: list[float] = []  # CPU of the imports nested in each import being made
    real_import = builtins.__import__

    def counted_import(name, globals=None, locals=None, fromlist=(), level=0):
        if not fromlist and not level and name in sys.modules:
            return real_import(name, globals, locals, fromlist, level)
        full = name
        if level:  # a relative import: named by the module it resolves to
            package = (globals or {}).get("__package__") or ""
            base = package.rsplit(".", level - 1)[0] if level > 1 else package
            full = f"{base}.{name}" if name else base
        begin = CPU()
        stack.append(0.0)
        try:
            return real_import(name, globals, locals, fromlist, level)
        finally:
            inner = stack.pop()
            total = CPU() - begin
            if stack:
                stack[-1] += total
            else:
                spent["imports"] += total
            key = ".".join(full.split(".")[:2]) if full.startswith("generator.") else full.split(".")[0]
            imports[key] = imports.get(key, 0.0) + total - inner

    phases: dict[str, float] = {}
    first_call: list[tuple[float, float]] = []  # CPU and imports' CPU when the build's first phase starts
    active = [0]

    def wrap(owner, attribute: str, phase: str) -> None:
        function = getattr(owner, attribute)

        def timed(*args, **kwargs):
            if not first_call:
                first_call.append((CPU(), spent["imports"]))
            if active[0]:  # inside another timed phase: counted there
                return function(*args, **kwargs)
            begin, imported = CPU(), spent["imports"]
            active[0] += 1
            try:
                return function(*args, **kwargs)
            finally:
                active[0] -= 1
                phases[phase] = phases.get(phase, 0.0) + CPU() - begin - (spent["imports"] - imported)

        setattr(owner, attribute, timed)

    builtins.__import__ = counted_import
    import importlib

    import generator.entry

    missing = []
    for module_name, attribute, phase in PHASES:
        try:
            owner = importlib.import_module(module_name)
            if "." in attribute:
                class_name, attribute = attribute.split(".")
                owner = getattr(owner, class_name)
            wrap(owner, attribute, phase)
        except (ImportError, AttributeError):
            missing.append(f"{module_name}.{attribute}")
    main_begin, imports_at_main = CPU(), spent["imports"]
    sys.argv = ["cards", *argv]
    try:
        generator.entry.main()
    except SystemExit as done:
        if done.code not in (0, None):
            raise
    end = CPU()
    first = first_call[0] if first_call else (end, spent["imports"])
    report = {"interpreter start": started, "imports (below, by package)": spent["imports"],
              "command line (Typer) and option checks": (first[0] - main_begin) - (first[1] - imports_at_main)}
    report.update(phases)
    report["the rest (staging, file checks, messages)"] = end - sum(report.values())
    report["total CPU of the process"] = end
    print(json.dumps({"report": report, "imports": imports, "missing": missing}), file=sys.stderr)


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
        return
    profile = sys.argv[sys.argv.index("--cprofile") + 1] if "--cprofile" in sys.argv else None
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cards = str(Path(sys.executable).parent / "cards")
    runs: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "bone-strike"
        shutil.copytree(REPO / "content" / "bone-strike", game)
        command = ["build", str(game), "--out", str(Path(tmp) / "out"), "--no-rulebook", "-q"]
        subprocess.run([cards, *command], check=True, capture_output=True, env=env)
        cards_yaml = game / "cards.yaml"
        for run in range(RUNS + (1 if profile else 0)):
            text = re.sub(r'text: "(Profiled \d+\. )?', f'text: "Profiled {run}. ', cards_yaml.read_text(), count=1)
            cards_yaml.write_text(text)
            if run == RUNS:
                subprocess.run([sys.executable, "-m", "cProfile", "-o", profile, cards, *command],
                               check=True, capture_output=True, env=env)
                continue
            done = subprocess.run([sys.executable, __file__, "--child", *command], capture_output=True, text=True,
                                  env=env, cwd=tmp)
            if done.returncode != 0 or "the others up to date" not in done.stdout:
                raise SystemExit(f"the rebuild failed or rebuilt everything:\n{done.stdout}\n{done.stderr}")
            runs.append(json.loads(done.stderr.strip().splitlines()[-1]))
    median = lambda key, part="report": statistics.median(r[part].get(key, 0.0) for r in runs)  # noqa: E731
    print(f"one card's text changed in Bone Strike: `cards build --no-rulebook`, CPU, median of {RUNS} runs")
    for key in runs[0]["report"]:
        print(f"  {key:50} {median(key) * 1000:6.0f} ms")
        if key.startswith("imports"):
            packages = sorted({p for r in runs for p in r["imports"]}, key=lambda p: -median(p, "imports"))
            for package in packages[:int(os.environ.get("TOP", "12"))]:
                print(f"      {package:46} {median(package, 'imports') * 1000:6.0f} ms")
    if runs[0]["missing"]:
        print(f"  (not found, not timed: {', '.join(runs[0]['missing'])})")
    if profile:
        print(f"cProfile of one more run: {profile}")


if __name__ == "__main__":
    main()
