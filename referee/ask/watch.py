"""Whether anything a walk of a game folder saw has changed, told by one read of Linux's inotify
instead of a stat of each file (cache.Stamp.holds): a process asking many questions checks its
game at every ask, and each of the games at a question asked of every game; a stat costs some
3 us of CPU, and a game's folder holds up to 65 files.

One inotify instance a process, watching each folder and each file a Stamp was made of (a file's
own watch also sees an edit through another hard link). A watch is added before its folder or
file is looked at, so a change after the look queues an event; any event on a watch counts as a
change, and a lost one (the queue overflowed) as a change everywhere: the caller then walks the
folder again, as without a watch. Where inotify is missing (not Linux) or refuses a watch (too
many), the Stamp gets none and stats each file as before. A forked child drops the parent's
instance rather than read (and take) its events.
"""
from __future__ import annotations

import ctypes
import os
import struct

IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x2, 0x4, 0x8
IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE, IN_DELETE_SELF, IN_MOVE_SELF = 0x40, 0x80, 0x100, 0x200, 0x400, 0x800
IN_Q_OVERFLOW = 0x4000
IN_DONT_FOLLOW = 0x02000000
MASK = (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW)
EVENT = struct.Struct("iIII")  # wd, mask, cookie, length of the name that follows


class Watcher:
    def __init__(self, fd: int, add_watch) -> None:  # noqa: ANN001
        self.fd = fd
        self._add = add_watch
        self.events: dict[int, int] = {}  # watch -> events read for it so far
        self.lost = 0  # queue overflows (or read errors) so far
        self.total = 0  # events of any watch, and losses, so far: unchanged, no watch has any

    def watch(self, path: str) -> tuple[int, int] | None:
        """Watch `path` (not following a link): (watch, its events so far), None if refused."""
        wd = self._add(self.fd, os.fsencode(path), MASK)
        return None if wd < 0 else (wd, self.events.get(wd, 0))

    def read(self) -> None:
        """Count the events queued since the last read (one read when none are)."""
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                self.lost += 1
                self.total += 1
                return
            offset = 0
            self.total += 1
            while offset + EVENT.size <= len(data):
                wd, mask, _cookie, size = EVENT.unpack_from(data, offset)
                offset += EVENT.size + size
                if mask & IN_Q_OVERFLOW:
                    self.lost += 1
                else:
                    self.events[wd] = self.events.get(wd, 0) + 1


_WATCHER: Watcher | None = None
_TRIED = False


def watcher() -> Watcher | None:
    """This process's Watcher, made at first use; None where inotify is not to be had."""
    global _WATCHER, _TRIED
    if not _TRIED:
        _TRIED = True
        try:
            libc = ctypes.CDLL(None, use_errno=True)  # the process's own symbols, libc's among them
            init, add = libc.inotify_init1, libc.inotify_add_watch
        except (OSError, AttributeError):
            return None
        add.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32)
        fd = init(os.O_NONBLOCK | os.O_CLOEXEC)
        if fd >= 0:
            _WATCHER = Watcher(fd, add)
    return _WATCHER


def _forked() -> None:
    """In a forked child: the parent's instance is the parent's (its events read here would be
    lost to it); the child's Stamps made before the fork hold the parent's Watcher, no longer
    this process's, and stat their files instead."""
    global _WATCHER, _TRIED
    if _WATCHER is not None:
        try:
            os.close(_WATCHER.fd)
        except OSError:
            pass
    _WATCHER, _TRIED = None, False


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)
