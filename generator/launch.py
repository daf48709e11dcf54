"""One start-up strategy for both console scripts, `cards` and `referee`.

The Typer apps (generator/cli.py, referee/cli.py) define every command line, but importing Typer
and building an app costs more than rolling dice or looking up a rule. So each script's entry
point (generator/entry.py, referee/entry.py) is a table of `Command`s, and `launch()`:

1. answers a help request (`--help`, `COMMAND --help`, no arguments, or a command that shows its
   help when given nothing) from a memo of the Typer app's own output. The memo lives in the
   cache folder and holds the size and modification time of every module that was loaded when
   the help was printed (Typer, click, the app and whatever it imports): if any has changed, or
   the terminal width, the program name or Python, Typer answers again and the memo is rewritten.
2. calls a command's cheap entry point directly when its command line is plain: the words, flags
   and options its `Command` names, each given once in the usual forms (`--game X`,
   `--game=X`, `-g X`), numbers as digits.
3. leaves everything else to the Typer app (an unknown option, `-gX`, `--`, `--help` after other
   words, a number Typer would read more leniently), which answers in its own words.

So the fast path never decides anything Typer would decide differently: it only takes the command
lines whose meaning is plain, and tests run both paths on the same lines (tests/test_launch.py).
Standard library only, and as little of it as possible: this module runs before every command.
"""
from __future__ import annotations

import os
import sys

# `words`: how many positional words a command takes: "" none, "1" exactly one, "?" at most one,
# "*" any number, "+" at least one.
WORD_COUNTS = ("", "1", "?", "*", "+")


class Command:
    """A command's cheap entry point and the command lines it reads without Typer.

    target: "module:function" (or a function), called with keyword arguments: `words` (a list, or
    for "1" and "?" one word or None), each option's and flag's destination; returns the exit code.
    options: {"--game": "game", "-g": "game", "--seed": ("seed", whole())}: a destination, or a
    destination and a converter that returns the value or raises ValueError (then Typer decides).
    repeat: destinations that collect every occurrence into a list (Typer's List options).
    required: destinations that must be given (else Typer says what is missing).
    flags: {"--json": "as_json"}, set to True when present (else False); or
    {"--bleed": ("bleed", True), "--no-bleed": ("bleed", False)}, a flag pair (Typer's
    "--bleed/--no-bleed") setting the value named, its destination None when neither is given.
    word: converter for the words ("?" and "1" only).
    bare_help: the command shows its help when given no arguments (Typer's no_args_is_help).
    """

    __slots__ = ("target", "words", "options", "flags", "repeat", "required", "word", "bare_help")

    def __init__(self, target, words: str = "", options=None, flags=None, repeat=(), required=(),
                 word=None, bare_help: bool = False):
        if words not in WORD_COUNTS:
            raise ValueError(f"words: one of {WORD_COUNTS}, not {words!r}")
        self.target = target
        self.words = words
        self.options = {name: (spec, None) if isinstance(spec, str) else spec for name, spec in (options or {}).items()}
        self.flags = {name: (spec, True) if isinstance(spec, str) else spec for name, spec in (flags or {}).items()}
        self.repeat = frozenset(repeat)
        self.required = frozenset(required)
        self.word = word
        self.bare_help = bare_help

    def parse(self, argv: list[str]) -> dict | None:
        """Keyword arguments for the target, or None when Typer should read this command line."""
        paired = {dest for dest, value in self.flags.values() if value is not True}
        values: dict = {dest: None if dest in paired else False for dest, _ in self.flags.values()}
        values.update({dest: [] if dest in self.repeat else None for dest, _ in self.options.values()})
        given: set[str] = set()
        words: list = []
        args = iter(argv)
        for arg in args:
            if not arg.startswith("-") or arg == "-":
                words.append(arg)
                continue
            name, has_value, value = arg.partition("=")
            if arg in self.flags:
                dest, setting = self.flags[arg]
                if dest in given:
                    return None
                given.add(dest)
                values[dest] = setting
                continue
            if name not in self.options or (has_value and not name.startswith("--")):
                return None  # --help, --, -gX, -g=X, an unknown option: Typer decides
            if not has_value:
                following = next(args, None)
                if following is None or following.startswith("-"):
                    return None
                value = following
            dest, convert = self.options[name]
            if dest in given and dest not in self.repeat:
                return None
            given.add(dest)
            if convert is not None:
                try:
                    value = convert(value)
                except ValueError:
                    return None
            if dest in self.repeat:
                values[dest].append(value)
            else:
                values[dest] = value
        if not self.required <= given:
            return None
        count = self.words
        if (count == "" and words) or (count == "+" and not words) or (count in ("1", "?") and len(words) > 1) \
                or (count == "1" and not words):
            return None
        if count in ("1", "?"):
            word = words[0] if words else None
            if word is not None and self.word is not None:
                try:
                    word = self.word(word)
                except ValueError:
                    return None
            values["words"] = word
        elif count:
            values["words"] = words
        return values

    def run(self, argv: list[str]) -> int | None:
        """Parse and call the target; None when Typer should handle the command line."""
        kwargs = self.parse(argv)
        if kwargs is None:
            return None
        return _resolve(self.target)(**kwargs)


def whole(low: int | None = None, high: int | None = None):
    """A converter for whole numbers written as plain digits (Typer reads '+3' or ' 3' too, and
    says in its own words what is out of range)."""

    def convert(text: str) -> int:
        digits = text[1:] if text.startswith("-") else text
        if not digits.isascii() or not digits.isdigit():
            raise ValueError(text)
        value = int(text)
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(text)
        return value

    return convert


def decimal(text: str) -> float:
    """A converter for numbers written as plain decimals, "12", "-0.5" (Typer reads "1e3", "inf" or
    " 2" too: those it decides)."""
    whole_part, point, fraction = (text[1:] if text.startswith("-") else text).partition(".")
    if not all(part.isascii() and part.isdigit() for part in (whole_part, *([fraction] if point else []))):
        raise ValueError(text)
    return float(text)


INTERNAL_ERROR = 70  # sysexits' EX_SOFTWARE: neither a verdict (1) nor bad input (2), a bug of ours


def launch(commands: dict[str, Command], fallback: str, argv: list[str] | None = None) -> int:
    """Run one command line of a console script; returns its exit code.

    fallback: "module:function" that runs the Typer app (which exits through SystemExit).
    An exception no command turned into a message is a bug of ours: it is named in one line, not
    shown as a traceback (BONEYARD_DEBUG=1 lets it through, traceback and all)."""
    try:
        return _launch(commands, fallback, argv)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001  (the last net: every expected failure has its own message)
        if os.environ.get("BONEYARD_DEBUG"):
            raise
        name = os.path.basename(sys.argv[0]) or "boneyard"
        print(f"{name}: internal error ({type(error).__name__}: {error}). This is a bug in Boneyard, not in "
              "your files; run again with BONEYARD_DEBUG=1 to see where, and please report it.", file=sys.stderr)
        return INTERNAL_ERROR


def _launch(commands: dict[str, Command], fallback: str, argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if _is_help(commands, argv):
        return _help(fallback, argv)
    command = commands.get(argv[0]) if argv else None
    if command is not None:
        code = command.run(argv[1:])
        if code is not None:
            return code
    return _typer(fallback)


def _resolve(target):
    if not isinstance(target, str):
        return target
    module, _, name = target.partition(":")
    __import__(module)
    return getattr(sys.modules[module], name)


def _typer(fallback: str) -> int:
    try:
        _resolve(fallback)()
    except SystemExit as done:
        code = done.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    return 0


# -- help, memoised ------------------------------------------------------------------------------

def _is_help(commands: dict[str, Command], argv: list[str]) -> bool:
    if not argv or argv == ["--help"]:
        return True
    if len(argv) == 2 and argv[1] == "--help" and not argv[0].startswith("-"):
        return True  # `cards build --help`, and `cards nosuch --help` (Typer's error is memoised too)
    return len(argv) == 1 and argv[0] in commands and commands[argv[0]].bare_help


def _help(fallback: str, argv: list[str]) -> int:
    key = _memo_key(argv)
    memo = _memo_path(key)
    found = _read_memo(memo, key)
    if found is None:
        found = _capture(fallback)
        _write_memo(memo, key, found)
    out, err, code = found
    try:
        for stream, text in ((sys.stdout, out), (sys.stderr, err)):
            if text:
                stream.write(text)
                stream.flush()
    except BrokenPipeError:  # `cards --help | head -1`: the reader has all it wants
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return code


def _columns() -> str:
    """What click's help formatter reads for the width (shutil.get_terminal_size, without shutil)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return columns
    stdout = sys.__stdout__
    if stdout is None:  # started without a standard output (pythonw, a detached process)
        return "default"
    try:
        return str(os.get_terminal_size(stdout.fileno()).columns)
    except (AttributeError, ValueError, OSError):
        return "default"


def _memo_key(argv: list[str]) -> str:
    env = [os.environ.get(name, "") for name in ("TYPER_USE_RICH", "TERMINAL_WIDTH", "LANG", "LC_ALL")]
    return "\0".join(["help-1", sys.version, sys.executable, sys.argv[0], _columns(), *env, "--", *argv])


def _memo_path(key: str) -> str:
    import zlib

    base = os.environ.get("BONEYARD_CACHE")
    if not base:
        base = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
                            "boneyard")
    return os.path.join(os.path.expanduser(base), "help", f"{zlib.crc32(key.encode('utf-8', 'surrogatepass')):08x}.memo")


def _read_memo(path: str, key: str) -> tuple[str, str, int] | None:
    import marshal

    try:
        with open(path, "rb") as f:
            stored_key, files, out, err, code = marshal.load(f)
        if stored_key != key:
            return None
        for name, size, mtime in files:
            stat = os.stat(name)
            if stat.st_size != size or stat.st_mtime_ns != mtime:
                return None
        if not (isinstance(out, str) and isinstance(err, str) and isinstance(code, int)):
            return None
        return out, err, code
    except Exception:  # noqa: BLE001 -- a missing, stale or damaged memo: Typer answers again
        return None


def _capture(fallback: str) -> tuple[str, str, int]:
    import io

    real = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        code = _typer(fallback)
        out, err = sys.stdout.getvalue(), sys.stderr.getvalue()
    finally:
        sys.stdout, sys.stderr = real
    return out, err, code


def _write_memo(path: str, key: str, found: tuple[str, str, int]) -> None:
    """Best effort: a read-only or full cache folder only costs the next help its speed."""
    import marshal

    files = []
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if isinstance(name, str):
            try:
                stat = os.stat(name)
            except OSError:
                continue
            files.append((name, stat.st_size, stat.st_mtime_ns))
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temp, "wb") as f:
            marshal.dump((key, tuple(sorted(set(files))), *found), f)
        os.replace(temp, path)
    except (OSError, ValueError):
        try:
            os.unlink(temp)
        except OSError:
            pass
