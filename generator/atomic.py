"""Atomic file writes: a temporary file beside the target, moved into place only on success.

A failed or interrupted write never leaves a truncated file and never destroys the previous
good one. Light on purpose (stdlib only), so the referee can use it too.

A kit is many files, and is atomic as a whole (``Staging``): while a staging is active, every
``atomic_path`` under its folder writes a temporary ``.NAME.TOKEN.tmp`` and leaves it there;
``commit`` renames them all into place only when the whole kit is written, ``abort`` deletes
them. A killed build leaves its temporaries behind and the previous kit untouched; the next
build removes them first (``clean_strays``). The renames are journalled, so the rare kill in
the middle of them is finished by the next build.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from json.encoder import encode_basestring_ascii as _json_str  # a str as json.dumps writes it
from pathlib import Path

_UMASK = os.umask(0)
os.umask(_UMASK)

JOURNAL = ".kit-commit.json"
_STRAY = re.compile(r"^\..+\.tmp$")


class Staging:
    """The files of one kit folder, written under temporary names until ``commit``."""

    def __init__(self, root: Path, token: str | None = None):
        self.root = Path(root)
        self.token = token or f"{os.getpid()}-{secrets.token_hex(3)}"
        # target -> its temporary, "" for this staging's own (temp_for): one string a file, as a
        # deck's SVG faces stage 10,000 of them.
        self._pending: dict[str, str] = {}
        # Folder -> whether it is under root and made: a deck's 10,000 faces share one folder,
        # which is checked and made once, not once a file.
        self._folders: dict[Path, bool] = {}

    def covers(self, target: Path) -> bool:
        return Path(target).is_relative_to(self.root)

    def _made(self, folder: Path) -> bool:
        """Whether files in ``folder`` are this staging's; if so, the folder is made (once)."""
        known = self._folders.get(folder)
        if known is None:
            known = self._folders[folder] = folder.is_relative_to(self.root)
            if known:
                folder.mkdir(parents=True, exist_ok=True)
        return known

    def temp_for(self, target: Path) -> Path:
        return target.with_name(f".{target.name}.{self.token}.tmp")

    def _own(self, target: str) -> str:
        """temp_for, on a string (a Path's: no doubled or trailing separator)."""
        folder, sep, name = target.rpartition(os.sep)
        return f"{folder}{sep}.{name}.{self.token}.tmp"

    def _temp(self, target: str) -> str:
        return self._pending[target] or self._own(target)

    def stage(self, target: Path, temp: Path) -> None:
        """``temp`` holds the new ``target``; a temporary staged for it before is deleted."""
        key, temp_text = str(Path(target)), str(temp)
        old = self._temp(key) if key in self._pending else None
        if old is not None and old != temp_text:
            Path(old).unlink(missing_ok=True)
        self._pending[key] = "" if temp_text == self._own(key) else temp_text

    def _stage_own(self, target: Path) -> None:
        """``stage(target, self.temp_for(target))``, on the one string the staging keeps."""
        key = str(target)
        old = self._pending.get(key)
        if old and old != self._own(key):  # another temporary was staged for it before
            Path(old).unlink(missing_ok=True)
        self._pending[key] = ""

    def staged_temp(self, target: Path) -> Path | None:
        """The temporary holding ``target``'s new version, if it is staged."""
        key = str(Path(target))
        return Path(self._temp(key)) if key in self._pending else None

    def unstage(self, target: Path) -> None:
        """Drop a staged file: its temporary is deleted, the file in place stays as it is."""
        temp = self.staged_temp(target)
        if temp is not None:
            temp.unlink(missing_ok=True)
            del self._pending[str(Path(target))]

    def current(self, target: Path) -> Path:
        """Where the newest version of ``target`` is: its temporary, once staged."""
        return self.staged_temp(target) or Path(target)

    def adopt(self, pairs: list[tuple[str, str]]) -> None:
        """Temporaries another process staged for this folder (the rulebook workers)."""
        for target, temp in pairs:
            self._pending[str(Path(target))] = str(Path(temp))

    def pairs(self) -> list[tuple[str, str]]:
        return [(target, self._temp(target)) for target in self._pending]

    @contextmanager
    def active(self) -> Iterator[Staging]:
        token = _ACTIVE.set(self)
        try:
            yield self
        finally:
            _ACTIVE.reset(token)

    def commit(self) -> None:
        """Move every staged file into place; kit.json and PRINTING.md last."""
        if not self._pending:
            return
        last = ("PRINTING.md", "kit.json")
        def place(target: str) -> tuple[bool, bool, str]:
            name = target.rpartition(os.sep)[2]
            return name in last, name == "kit.json", target

        order = sorted(self._pending, key=place)
        self.root.mkdir(parents=True, exist_ok=True)
        journal = self.root / JOURNAL
        temp_journal = self.root / f".{JOURNAL}.{self.token}.tmp"
        with open(temp_journal, "w", encoding="utf-8") as handle:  # as json.dumps of the pairs, a pair at a time
            handle.write("[")
            for index, target in enumerate(order):
                handle.write(f"{', ' if index else ''}[{_json_str(target)}, {_json_str(self._temp(target))}]")
            handle.write("]")
        os.replace(temp_journal, journal)
        _finish((target, self._temp(target)) for target in order)
        journal.unlink(missing_ok=True)
        self._pending.clear()

    def abort(self) -> None:
        for target in self._pending:
            Path(self._temp(target)).unlink(missing_ok=True)
        self._pending.clear()


def _finish(order: Iterable[tuple[str, str]]) -> None:
    made: set[str] = set()  # each folder made once, not once a file
    for target, temp in order:
        if os.path.exists(temp):
            folder = os.path.dirname(target) or "."
            if folder not in made:
                os.makedirs(folder, exist_ok=True)
                made.add(folder)
            os.replace(temp, target)


_ACTIVE: ContextVar[Staging | None] = ContextVar("staging", default=None)


def clean_strays(root: Path) -> int:
    """Before a build into ``root``: finish the renames of a build killed while committing, then
    delete the temporaries that killed or failed builds left. Returns how many were deleted."""
    root = Path(root)
    if not root.is_dir():
        return 0
    journal = root / JOURNAL
    if journal.is_file():
        try:
            _finish(json.loads(journal.read_text(encoding="utf-8")))
        except (ValueError, TypeError, OSError):
            pass  # a journal that cannot be read: its temporaries are deleted below
        journal.unlink(missing_ok=True)
    removed = 0
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            if _STRAY.match(name):
                (Path(dirpath) / name).unlink(missing_ok=True)
                removed += 1
    return removed


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside target; move it into place only if the block succeeds
    (or, while a ``Staging`` of its folder is active, when the staging commits)."""
    target = Path(target)
    stage = _ACTIVE.get()
    if stage is not None and stage._made(target.parent):
        temp_path = stage.temp_for(target)
        try:
            yield temp_path
            os.chmod(temp_path, 0o666 & ~_UMASK)
        except BaseException:
            temp_path.unlink(missing_ok=True)
            raise
        stage._stage_own(target)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    temp_path = Path(temp)
    try:
        yield temp_path
        os.chmod(temp_path, 0o666 & ~_UMASK)  # mkstemp makes 0600; give the file normal permissions
        os.replace(temp_path, target)
    finally:
        if temp_path.exists():
            temp_path.unlink()


def write_text_atomic(target: Path, text: str) -> None:
    with atomic_path(target) as temp:
        temp.write_text(text, encoding="utf-8")


@contextmanager
def staged(root: Path) -> Iterator[Staging]:
    """Stage every file written under ``root`` in the block; commit if it succeeds, else abort.
    Inside an active staging of the same folder, join it (the outer one commits)."""
    outer = _ACTIVE.get()
    if outer is not None and outer.covers(Path(root)):
        yield outer
        return
    stage = Staging(root)
    clean_strays(root)
    try:
        with stage.active():
            yield stage
    except BaseException:
        stage.abort()
        raise
    stage.commit()
