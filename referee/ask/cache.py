"""Where each game's rules index lives, and whether it is still up to date.

One SQLite file per game folder, under ``$BONEYARD_CACHE`` (or ``$XDG_CACHE_HOME/boneyard``, or
``~/.cache/boneyard``) in ``ask/``. The index is stale when the game folder's files change: the
fingerprint lists every file's path, size and modification time, read with stat alone (no file
is opened or parsed), plus the index format version and a checksum of how questions are read
(the index stores each section's written questions read that way).

Turning a GAME argument into a folder is generator.model.resolve, the one resolver `cards` uses
too; it is stdlib only, so a warm query still does not import the loader.
"""
from __future__ import annotations

import os
import time
import zlib
from operator import attrgetter
from pathlib import Path

from generator.model.resolve import GAME_ID, GameFolder, UnknownGame, content_games, resolve_game, suggest_game  # noqa: F401  (the one resolver, shared with `cards`)

TYPE_CHECKING = False  # typing itself is not imported on the warm path (tests/test_ask.py)
if TYPE_CHECKING:
    from .watch import Watcher

INDEX_VERSION = "ask-64"  # bump when the index layout or what goes into it changes


def fingerprint(root: Path) -> str:
    """Paths, sizes and modification times of the folder's files (hidden folders skipped, as
    the loader skips them), with the index version; kept whole, so no hash can collide.

    Every warm query of every game checks this, so it walks with os.scandir and joins relative
    paths as strings: the same facts as generator.filestats.file_stats (which `cards watch`
    uses), at a third of its cost (os.walk's relpath and join were two thirds of it). Every file
    is still stat'ed: a folder's mtime alone misses a file edited in place."""
    return fingerprint_and_stamp(root)[0]


class Stamp:
    """What one walk saw, to tell cheaply that a folder is as it was: each folder's identity and
    mtime (a file added, removed or renamed in it changes it) and each file's size and mtime;
    with inotify (watch.py), the watches on them, so that no event on any says so without a stat
    a file. Only made when every time seen is over SETTLED old: a change in the same clock tick
    as one already seen (file systems keep coarse times) could leave a time as it was."""

    __slots__ = ("folders", "files", "linked", "watcher", "marks", "lost", "total")

    def __init__(self, folders: list[tuple[str, int, int]], files: list[tuple[str, int, int]], linked: list[str],
                 watcher: Watcher | None = None, marks: list[tuple[int, int]] | None = None, lost: int = 0,
                 total: int = 0):
        self.folders = folders  # (path, inode, mtime_ns)
        self.files = files  # (path, size, mtime_ns)
        self.linked = linked  # symlinked folders, not entered: still folders?
        self.watcher = watcher  # the process's inotify Watcher, if every folder and file is watched
        self.marks = marks or []  # (watch, its events) as each was added, before its folder or file was looked at
        self.lost = lost  # the watcher's lost events then
        self.total = total  # ... and its reads of any events then (none since: no mark need be looked at)

    def holds(self) -> bool:
        """Nothing the walk saw has changed: its fingerprint would be the same."""
        stat = os.stat
        try:
            if self.watcher is not None and self.watcher is _watcher():
                return self._watched()
            for path, inode, mtime in self.folders:
                st = stat(path)
                if st.st_mtime_ns != mtime or st.st_ino != inode:
                    return False
            for path, size, mtime in self.files:
                st = stat(path)
                if st.st_mtime_ns != mtime or st.st_size != size:
                    return False
        except OSError:
            return False
        return all(os.path.isdir(path) for path in self.linked)

    def _watched(self) -> bool:
        """No event on any watch since it was added, and the top folder is still the one
        watched (a folder above it renamed or relinked sends none)."""
        watcher = self.watcher
        assert watcher is not None
        watcher.read()
        if watcher.total != self.total:  # some watch had events since: were they this walk's?
            if watcher.lost != self.lost:
                return False
            events = watcher.events
            for wd, seen in self.marks:
                if events.get(wd, 0) != seen:
                    return False
        path, inode, mtime = self.folders[0]
        st = os.stat(path)
        return st.st_mtime_ns == mtime and st.st_ino == inode and all(os.path.isdir(p) for p in self.linked)


SETTLED = 3_000_000_000  # ns: far longer than any file system's clock tick (FAT's is 2 s)


def fingerprint_and_stamp(root: Path, stamp: bool = True) -> tuple[str, Stamp | None]:
    """The fingerprint, and a Stamp of the same walk (None when not asked for, or when it
    cannot vouch for it: a time too recent, or an entry that could not be stat'ed)."""
    lines = [f"{INDEX_VERSION}-{_reading_version()}", str(root)]
    seen: tuple[list, list, list] | None = ([], [], []) if stamp else None
    watcher = _watcher() if stamp else None
    watching: _Watching | None = None
    if watcher is not None:
        watcher.read()  # events so far are of before the walk, which sees their outcome
        watching = _Watching(watcher, [], watcher.lost, watcher.total)
    walked = time.time_ns()
    if not _walk_stats(str(root), "", lines, seen, watching) or seen is None:
        return "\n".join(lines), None
    if any(mtime > walked - SETTLED for _, _, mtime in seen[0] + seen[1]):
        return "\n".join(lines), None
    if watching is None or watching.refused:
        return "\n".join(lines), Stamp(*seen)
    return "\n".join(lines), Stamp(*seen, watcher=watcher, marks=watching.marks, lost=watching.lost,
                                    total=watching.total)


class _Watching:
    """The watches added during one walk (watch.py), or refused: then none is relied on."""

    __slots__ = ("watcher", "marks", "lost", "total", "refused")

    def __init__(self, watcher: Watcher, marks: list[tuple[int, int]], lost: int, total: int):
        self.watcher, self.marks, self.lost, self.total, self.refused = watcher, marks, lost, total, False

    def add(self, path: str, link: bool = False) -> None:
        """Watch the folder or file at `path`; a link to a file is not (an edit of what it
        points to would send no event): the Stamp then stats every file."""
        if link:
            self.refused = True
        if not self.refused:
            mark = self.watcher.watch(path)
            if mark is None:
                self.refused = True
            else:
                self.marks.append(mark)


def _watcher() -> Watcher | None:
    from .watch import watcher  # ctypes only for a process asking more than once

    return watcher()


_READING: str | None = None


def _reading_version() -> str:
    """A checksum of how questions and texts are read (the paraphrases, synonyms, the words
    left out as question words and the everyday words no bold name is made of): the index
    stores each section's words, written questions and bold names read that way, so a change
    to them must rebuild it, as a new INDEX_VERSION would, without anyone having to remember to
    bump it."""
    global _READING
    if _READING is None:
        from .intent import PARAPHRASES
        from .text import GENERIC, STOPWORDS, SYNONYMS

        said = [pattern.pattern + "\t" + (repl if isinstance(repl, str) else "") for pattern, repl in PARAPHRASES]
        said += [f"{k}\t{v}" for k, v in sorted(SYNONYMS.items())]
        said += sorted(STOPWORDS) + sorted(GENERIC)
        _READING = f"{zlib.crc32(chr(10).join(said).encode()):08x}"
    return _READING


def _walk_stats(folder: str, prefix: str, lines: list[str], seen: tuple[list, list, list] | None = None,
                watching: _Watching | None = None) -> bool:
    """Append 'relative path<TAB>size<TAB>mtime_ns' for each file below `folder`, sorted by name
    in each folder, files before subfolders (as os.walk yields them); symlinked folders are not
    entered (os.walk's default) and a file removed while we look is left out. With `seen`, also
    what a Stamp keeps (the folder is stat'ed before it is listed, so a change while we look
    shows later); False when something could not be looked at (no Stamp then)."""
    whole = True
    try:
        if watching is not None:
            watching.add(folder)  # before the folder is looked at: a change after it is an event
        if seen is not None:
            st = os.stat(folder)
            seen[0].append((folder, st.st_ino, st.st_mtime_ns))
        with os.scandir(folder) as found:
            entries = sorted(found, key=_NAME)
    except OSError:
        return False
    subfolders = []
    for entry in entries:
        try:
            if entry.is_dir():
                if not entry.name.startswith("."):
                    subfolders.append(entry)
                continue
            if watching is not None:
                watching.add(entry.path, entry.is_symlink())
            st = entry.stat()
        except OSError:
            whole = False
            continue
        lines.append(f"{prefix}{entry.name}\t{st.st_size}\t{st.st_mtime_ns}")
        if seen is not None:
            seen[1].append((entry.path, st.st_size, st.st_mtime_ns))
    for entry in subfolders:
        if not entry.is_symlink():
            whole = _walk_stats(entry.path, f"{prefix}{entry.name}{os.sep}", lines, seen, watching) and whole
        elif seen is not None:
            seen[2].append(entry.path)
    return whole


_NAME = attrgetter("name")

def cache_dir() -> Path:
    base = os.environ.get("BONEYARD_CACHE")
    if base:
        return Path(base).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "boneyard"


def index_path(game: GameFolder) -> Path:
    tag = f"{zlib.crc32(str(game.root).encode()):08x}"  # games of the same name in other folders
    return cache_dir() / "ask" / f"{game.key}-{tag}.sqlite3"


def sum_path(index: Path) -> Path:
    """Beside each index file, its length and CRC-32 as written (index.build_index writes it,
    store._as_written reads it)."""
    return index.with_name(index.name + ".sum")


def checksum_of(data: bytes) -> str:
    return f"{len(data)} {zlib.crc32(data):08x}"


def damaged_indexes() -> list[Path]:
    """The index files in the cache that SQLite finds damaged, or whose text is not UTF-8 (every
    row of every table is read). Called only after a query failed, so it may take its time."""
    import sqlite3

    folder = cache_dir() / "ask"
    found = []
    for path in sorted(folder.glob("*.sqlite3")) if folder.is_dir() else []:
        try:
            con = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
            try:
                if con.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                    raise sqlite3.DatabaseError("integrity check failed")
                tables = [name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
                for name in tables:
                    for _ in con.execute(f'SELECT * FROM "{name}"'):
                        pass
            finally:
                con.close()
        except (sqlite3.Error, ValueError):  # ValueError: UnicodeDecodeError and the like
            found.append(path)
    return found


def discard_indexes(paths: list[Path] | None = None) -> list[Path]:
    """Delete these index files (default: every one in the cache); each is rebuilt when next used."""
    folder = cache_dir() / "ask"
    if paths is None:
        paths = sorted(folder.glob("*.sqlite3")) if folder.is_dir() else []
    gone = []
    for path in paths:
        try:
            path.unlink()
            gone.append(path)
        except FileNotFoundError:
            gone.append(path)
        except OSError:
            pass
    return gone
