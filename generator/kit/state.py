"""Incremental builds: what the last build of a game wrote, and the fingerprint of what it was made from.

Every output of a kit is keyed on a fingerprint of everything it depends on, and an output whose
key and files are unchanged is not written again:

- a deck or piece file (its PDF and SVG faces): the planned pages and faces themselves (the
  composed scene, which already holds every card's text, the layout and the options that shape
  it; each scene taken by its content key, not node by node), the art and icon files, the fonts,
  the options that change how it is written, and Boneyard's code and the versions of the
  libraries that draw;
- the rulebook (rulebook.pdf and .html, quickref.pdf, the booklet): every file of the game folder
  and of layouts/, the book format and paper, Boneyard's code and the libraries;
- the whole kit: all of the above, so an unchanged game is found up to date before it is even
  loaded (``fresh_kits``).

The state is ``<out>/<game id>/.kit-state.json``, written atomically after the kit's files are
in place, with each file's size and modification time: a file changed or removed since, a state
that is missing, unreadable or of another version, all just mean that part is built again. Stdlib
only, so `cards build` can check an up-to-date kit without importing the heavy parts.

No key holds an absolute path: files count by their path inside the game folder (or layouts/) and
their bytes, and a scene's image by its bytes (scene.draw.scene_key). A game folder moved, renamed
(with its id in game.yaml, else its kit is another) or cloned elsewhere keeps every output it built.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

from ..atomic import JOURNAL, atomic_path
from ..paths import LAYOUTS_DIR, OUTPUT_DIR
from .files import WrittenFile
from .jsonstream import Pairs, write_json

STATE = ".kit-state.json"
FORMAT = 1  # bump when what a state holds changes meaning
RULEBOOK = "rulebook"  # the state entry of the rulebook step
# Parsed by the loader into the game model, so what they change shows in the planned pages.
DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".j2", ".css", ".md", ".txt")
# Libraries whose version changes what is drawn (their dist-info folder names carry the version).
DRAWING_LIBRARIES = ("weasyprint", "reportlab", "pypdf", "pydyf", "fonttools", "pillow", "tinycss2")
# Options that do not change what a file holds (where it goes, how many processes, what is built).
NOT_KEYED = ("only", "out_dir", "jobs", "force")


def _hash(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def tree_digest(root: Path, skip: Path | None = None, suffixes: tuple[str, ...] | None = None,
                leave_out: tuple[str, ...] = ()) -> str:
    """Content hash of every file below root (hidden folders and ``skip`` left out), with their
    relative paths; only files ending in ``suffixes`` when given, none ending in ``leave_out``."""
    return _hash(*(line for rel, line in file_hashes(root, skip, suffixes) if not rel.lower().endswith(leave_out or ("\0",))))


def file_hashes(root: Path, skip: Path | None = None, suffixes: tuple[str, ...] | None = None) -> list[tuple[str, str]]:
    """Each file below root (as tree_digest picks them): its relative path, and that path with the
    hash of its bytes."""
    root = Path(root)
    skip_text = str(skip.resolve()) if skip is not None else None
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__"
                             and os.path.join(dirpath, d) != skip_text)
        for name in sorted(filenames):
            if name.startswith(".") or (suffixes and not name.lower().endswith(suffixes)):
                continue
            path = os.path.join(dirpath, name)
            try:
                with open(path, "rb") as handle:
                    data = handle.read()
            except OSError:
                data = b"\0unreadable"
            rel = os.path.relpath(path, root)
            files.append((rel, f"{rel}\0{hashlib.sha256(data).hexdigest()}"))
    return files


@cache
def code_digest(without: str | None = None) -> str:
    """Boneyard's own code (but its subpackage ``without``) and the versions of the libraries that draw."""
    skip = f"{without}{os.sep}" if without else None
    code = [line for rel, line in _package_files() if skip is None or not rel.startswith(skip)]
    return _hash(sys.version, *code, *_drawing_libraries())


@cache
def _package_files() -> list[tuple[str, str]]:
    """Boneyard's .py files, read once for both code digests (with and without the rulebook)."""
    return file_hashes(Path(__file__).resolve().parents[1], suffixes=(".py",))


def _drawing_libraries() -> list[str]:
    libraries = []
    for folder in {Path(p) for p in sys.path if p.endswith("site-packages")}:
        try:
            libraries += sorted(n for n in os.listdir(folder) if n.lower().endswith(".dist-info")
                                and n.lower().startswith(DRAWING_LIBRARIES))
        except OSError:
            continue
    return sorted(libraries)


@cache
def layouts_digest(assets_only: bool = False) -> str:
    """layouts/ (its fonts, art and the layouts themselves), or its art and fonts alone."""
    return _hash(*(line for rel, line in _layout_files() if not (assets_only and rel.lower().endswith(DATA_SUFFIXES))))


@cache
def _layout_files() -> list[tuple[str, str]]:
    return file_hashes(LAYOUTS_DIR)


def options_text(options, leave_out: tuple[str, ...] = ()) -> str:
    values = {k: v for k, v in asdict(options).items() if k not in NOT_KEYED + leave_out}
    return json.dumps(values, sort_keys=True, default=str)


def game_digest(root: Path, out_root: Path) -> str:
    return tree_digest(root, skip=out_root)


def kit_key(root: Path, options, out_root: Path) -> str:
    """The whole kit's inputs: game folder, layouts, code and options."""
    return _hash("kit", code_digest(), layouts_digest(), game_digest(root, out_root), options_text(options))


def rulebook_key(root: Path, options, out_root: Path) -> str:
    return _hash("rulebook", code_digest(), layouts_digest(), game_digest(root, out_root), options.book,
                 options.paper, ",".join(options.formats))


def output_key(output, drawing: str) -> str | None:
    """A deck or piece file's key: its planned pages and faces, and ``drawing_key`` (the game's
    art and icons, fonts, options, code). None when it cannot be fingerprinted (built then)."""
    planned = _pickled(output)
    return None if planned is None else _hash("output", drawing, planned)


def face_keys(output, drawing: str) -> dict[str, str]:
    """Each SVG face's key: its scene and ``drawing_key`` (an output whose card changed keeps
    the SVG files of its other cards). A face that cannot be fingerprinted has none (drawn then)."""
    keys = {}
    # Faces composed as they are read (paper/deck_pages.FacesComposed) keep the planned ones in
    # ``faces``: a planned front is keyed as it is, not composed again just to be fingerprinted.
    faces = getattr(output.svgs, "faces", output.svgs)
    for rel, scene in faces.items():
        pickled = _pickled(scene)
        if pickled is not None:
            keys[rel] = _hash("face", drawing, pickled)
    return keys


def drawing_key(game, options, out_root: Path) -> str:
    """What draws a game's deck and piece files besides their plans: the game's art and icons
    (every file that is not data), fonts, options, code. Taken once per build."""
    root = Path(game.root)
    # Each icon's path inside the game folder (the loader keeps icons inside it), its bytes in
    # ``assets``: the folder moved or renamed keeps the key.
    icons = json.dumps({k: _inside(v.file, root) for k, v in sorted(game.icons.items())})
    assets = tree_digest(root, skip=out_root, leave_out=DATA_SUFFIXES)
    # The decks and pieces never import generator.rulebook (tests/test_incremental.py checks):
    # an edit to the rulebook's code leaves them be.
    return _hash(code_digest(without="rulebook"), layouts_digest(assets_only=True), assets, icons, game.title,
                 options_text(options, leave_out=("rulebook", "book")))


def _inside(path: Path | str, root: Path) -> str:
    """``path`` relative to the game folder ``root`` (both resolved), or as it is if outside it."""
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def _pickled(value) -> str | None:
    digest = _Digest()
    pickler = _KeyedPickler(digest, protocol=5)
    pickler.fast = True  # no memo: equal objects give equal bytes whether or not they are one object
    try:
        pickler.dump(value)
    except Exception:  # something in the plan that cannot be pickled: never trust a key for it
        return None
    return digest.hexdigest()


def _scene(key: str) -> None:
    """Stands for a scene in a fingerprint: pickled by name, never called."""


class _KeyedPickler(pickle.Pickler):
    """Pickles a scene as its key, a content hash of its size, bleed and every node
    (scene.draw.make_scene, scene.compose.compose_face; the PDF backend already draws one form per
    key): a plan's fingerprint then costs a hash per page placement, not a walk of every node. A
    planned front (scene.compose.PlannedFront: the key of the scene composed again when drawn) is
    its key too, so a face is keyed alike whether its scene was kept or only planned."""

    def __init__(self, file, protocol: int):
        super().__init__(file, protocol)
        from ..scene.nodes import Scene  # loaded by now: only a planned kit is fingerprinted

        self._scene_type = Scene

    def reducer_override(self, obj):  # called for objects of user classes only, not for str, float, tuple ...
        if isinstance(obj, self._scene_type) and obj.key:
            return _scene, (obj.key,)
        return NotImplemented


class _Digest:
    """A file-like sink that hashes what is written to it (the pickled plan is never held whole)."""

    def __init__(self):
        self._hash = hashlib.sha256()

    def write(self, data) -> None:
        self._hash.update(data)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


# --- the state file ------------------------------------------------------------------------------


@dataclass
class Entry:
    """One output as last built: its key, the files it wrote, and their (size, mtime) then."""

    key: str
    files: list[WrittenFile]
    stats: dict[str, tuple[int, int]] = field(default_factory=dict)
    faces: dict[str, str] = field(default_factory=dict)  # SVG file -> its face's key (face_keys)

    def written(self) -> list[WrittenFile]:
        return self.files


@dataclass
class KitState:
    game_dir: str = ""
    kit_key: str | None = None  # set only by a full build that wrote (or kept) every output
    entries: dict[str, Entry] = field(default_factory=dict)
    extra: dict[str, tuple[int, int]] = field(default_factory=dict)  # PRINTING.md, kit.json

    def fresh(self, name: str, key: str | None, out_dir: Path) -> Entry | None:
        """The entry of ``name`` if it was built from ``key`` and its files are as it left them."""
        entry = self.entries.get(name)
        if entry is None or key is None or entry.key != key:
            return None
        return entry if _unchanged(out_dir, entry.stats) else None

    def kept_faces(self, name: str, keys: dict[str, str], out_dir: Path) -> set[str]:
        """The SVG files of ``name`` whose face key is still ``keys``' and whose file is as
        it was left: they need not be drawn again."""
        entry = self.entries.get(name)
        if entry is None:
            return set()
        return {rel for rel, key in keys.items() if entry.faces.get(rel) == key and rel in entry.stats
                and _unchanged(out_dir, {rel: entry.stats[rel]})}


def _stat(path: str | Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def _unchanged(out_dir: Path, stats: dict[str, tuple[int, int]]) -> bool:
    folder = os.fspath(out_dir)  # joined as strings: a deck's entry lists 10,000 files
    return bool(stats) and all(_stat(os.path.join(folder, rel)) == tuple(value) for rel, value in stats.items())


def read_state(out_dir: Path) -> KitState:
    """The last build's state; an empty one (everything is built) when missing or unreadable."""
    try:
        data = json.loads((Path(out_dir) / STATE).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return KitState()
        entries = {name: _entry(e) for name, e in data["entries"].items()}
        return KitState(str(data["game_dir"]), data.get("kit_key"), entries, dict(data.get("extra", {})))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return KitState()


def _entry(data: dict) -> Entry:
    """One entry as read, each text it repeats held once: a deck's entry names each of its 10,000
    SVG files in its files, stats and faces, each with the same kind, layout and components."""
    shared: dict = {}
    share = shared.setdefault
    files = []
    for record in data["files"]:
        written = WrittenFile(**record)  # each file entry must still make a WrittenFile
        written.path, written.kind = share(written.path, written.path), share(written.kind, written.kind)
        written.layout = share(written.layout, written.layout)
        written.components = share(tuple(written.components), written.components)
        files.append(written)
    stats = {share(rel, rel): (size, mtime) for rel, (size, mtime) in data.get("stats", {}).items()}
    return Entry(data["key"], files, stats, {share(rel, rel): key for rel, key in data.get("faces", {}).items()})


def stats_of(out_dir: Path, files: list[WrittenFile], extra: tuple[str, ...] = ()) -> dict[str, tuple[int, int]]:
    """Size and mtime of each file (and of ``extra`` files: fonts the HTML and SVG link to)."""
    paths = [f.path for f in files] + list(extra)
    if any(f.path.startswith("svg/") for f in files):
        paths += [f"svg/fonts/{p.name}" for p in sorted((Path(out_dir) / "svg" / "fonts").glob("*")) if p.is_file()]
    # A file that is missing is recorded as such: it never matches, so its output is built again.
    folder = os.fspath(out_dir)
    return {rel: _stat(os.path.join(folder, rel)) or (-1, -1) for rel in paths}


def write_state(out_dir: Path, state: KitState) -> None:
    """Atomically, after the kit's files are in place (a kill before leaves the old state, which
    then no longer matches: that part is built again). Written as it is walked (kit/jsonstream.py):
    a deck's 10,000 SVG files are never copied into one structure and one string."""
    def entry_json(entry: Entry) -> Pairs:
        return Pairs((("key", entry.key), ("files", (f.as_json() for f in entry.files)), ("stats", entry.stats),
                      ("faces", entry.faces)))

    data = {"format": FORMAT, "game_dir": state.game_dir, "kit_key": state.kit_key,
            "entries": Pairs((name, entry_json(entry)) for name, entry in state.entries.items()),
            "extra": state.extra}
    with atomic_path(Path(out_dir) / STATE) as temp, open(temp, "w", encoding="utf-8") as handle:
        write_json(handle, data, indent=1)
        handle.write("\n")


# --- a whole kit up to date, before loading ------------------------------------------------------


@dataclass
class FreshKit:
    """A game whose kit is up to date (same shape as kit.build.BuildResult, nothing rebuilt)."""

    game: str
    out_dir: Path
    files: list[WrittenFile]
    rebuilt: list[str] = field(default_factory=list)


def fresh_kits(refs: list[str], options) -> tuple[list[FreshKit], list[str]]:
    """The games whose whole kit is up to date (not even loaded), and the games to build."""
    if getattr(options, "force", False) or options.only:
        return [], list(refs)
    from ..atomic import clean_strays
    from ..model.resolve import UnknownGame, resolve_game

    out_root = Path(options.out_dir or OUTPUT_DIR)
    fresh, stale = [], []
    for ref in refs:
        try:
            root = resolve_game(ref).root
        except UnknownGame:
            stale.append(ref)  # the loader says what is wrong
            continue
        out_dir = out_root / root.name  # a game whose id is not its folder's name is always checked in full
        state = read_state(out_dir)
        # Where the folder is does not count (game_dir is only recorded): the state there was
        # written by the game whose id is the folder's name, and the kit key holds this folder's
        # every file, so a kit found up to date is this game's, moved or not.
        if (state.kit_key and not (out_dir / JOURNAL).exists()
                and state.kit_key == kit_key(root, options, out_root)
                and all(_unchanged(out_dir, e.stats) for e in state.entries.values())
                and _unchanged(out_dir, state.extra)):
            clean_strays(out_dir)  # a killed build's temporaries: an up-to-date kit is left tidy too
            files = [f for e in state.entries.values() for f in e.written()]
            files.append(WrittenFile("PRINTING.md", [], "guide", 1, None, "text"))
            fresh.append(FreshKit(root.name, out_dir, files))
        else:
            stale.append(ref)
    return fresh, stale
