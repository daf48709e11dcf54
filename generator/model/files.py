"""Reading a game folder: its YAML files (safely, within limits), merged into one document with
the place of every value kept, and its icons found in icons/."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..limits import limit
from ..suggest import did_you_mean
from .problems import Sources
from .safeyaml import Document, YamlRefused, read_yaml

MAX_FILES = limit("game_files")
MAX_GAME_BYTES = limit("game_yaml_bytes")


def _game_files(root: Path, problems: list[Problem] | None = None) -> list[Path]:
    files: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(root):  # symlinked folders are not walked ...
        here = Path(dirpath)
        dirnames[:] = sorted(
            d for d in dirnames
            if not d.startswith(".") and not (here == root and d in ("layouts", "icons"))
        )
        for d in dirnames:  # ... and one leading outside the game is named, not silently skipped
            if problems is not None and not inside(here / d, root):
                problems.append(Problem("folder links outside the game folder", file=here / d,
                                        hint="copy the folder into the game folder instead of linking it"))
        files.extend(here / f for f in sorted(filenames) if f.endswith((".yaml", ".yml")))
    main = root / "game.yaml"
    return [main] + [f for f in files if f != main]


def _read_game_files(root: Path, problems: list[Problem], sources: Sources) -> dict[str, Any]:
    if not (root / "game.yaml").is_file():
        problems.append(Problem(
            "this folder has no game.yaml", file=root,
            hint="every game folder starts with game.yaml (try `cards new NAME` for a template)",
        ))
        return {}
    files = _game_files(root, problems)
    if len(files) > MAX_FILES:
        problems.append(Problem(f"{len(files)} YAML files; a game may have at most {MAX_FILES}", file=root))
        return {}
    total = sum(f.stat().st_size for f in files if f.is_file())
    if total > MAX_GAME_BYTES:
        problems.append(Problem(f"the game's YAML files hold {total / 1_048_576:.1f} MB together; a game may hold "
                                f"at most {MAX_GAME_BYTES // 1_048_576} MB", file=root,
                                hint="no game needs this much data: is a generated file in the folder?"))
        return {}
    merged: dict[str, Any] = {}
    for file in files:
        if not inside(file, root):
            problems.append(Problem("file links outside the game folder", file=file,
                                    hint="copy the file into the game folder instead of linking it"))
            continue
        try:
            doc = read_yaml(file)
        except YamlRefused as exc:
            problems.append(exc.problem)
            continue
        if not isinstance(doc.data, dict):
            line, col = doc.values.get((), (1, 1))
            problems.append(Problem("the top level of a game file must be a mapping (key: value)",
                                    file=file, line=line, column=col))
            continue
        _merge_document(merged, doc, problems, sources)
        sources.values.setdefault((), (file, 1, 1))  # an empty game.yaml still locates the root
    return merged


def _merge_document(merged: dict, doc: Document, problems: list[Problem], sources: Sources) -> None:
    offsets: dict[str, int] = {}
    for key, value in doc.data.items():
        if key not in merged:
            merged[key] = value
            offsets[key] = 0
        elif isinstance(merged[key], list) and isinstance(value, list):
            offsets[key] = len(merged[key])
            merged[key] = merged[key] + value
        elif isinstance(merged[key], dict) and isinstance(value, dict):
            clash = sorted(set(merged[key]) & set(value))
            if clash:
                line, col = doc.keys.get((key, clash[0]), (None, None))
                problems.append(Problem(f"'{key}.{clash[0]}' is defined in two files", file=doc.file,
                                        line=line, column=col, hint="keep one definition"))
            merged[key] = {**merged[key], **value}
            offsets[key] = 0
        else:
            line, col = doc.keys.get((key,), (None, None))
            problems.append(Problem(f"top-level key '{key}' is already set in another file",
                                    file=doc.file, line=line, column=col,
                                    hint="lists (decks, rules ...) may be split over files; single values may not"))
            offsets[key] = 0

    sources.add(doc, offsets=offsets)


def inside(path: Path, *roots: Path) -> bool:
    try:
        resolved = path.resolve()
    except OSError:
        return False
    return any(resolved.is_relative_to(r.resolve()) for r in roots)


def _discover_icons(root: Path, declared: Any, problems: list[Problem], sources: Sources) -> Any:
    icons: dict[str, Any] = dict(declared) if isinstance(declared, dict) else {}
    if declared is not None and not isinstance(declared, dict):
        return declared  # let validation report the wrong type
    icon_dir = root / "icons"
    found = {}
    if icon_dir.is_dir() and not inside(icon_dir, root):
        problems.append(Problem("the icons folder links outside the game folder", file=icon_dir,
                                hint="copy the icons into the game folder instead of linking the folder"))
    elif icon_dir.is_dir():
        for svg in sorted(icon_dir.glob("*.svg")):
            if not inside(svg, root):
                problems.append(Problem("icon links outside the game folder", file=svg))
                continue
            found[svg.stem] = svg.resolve()
    from .icons import SUBSET, IconError, read_icon  # stdlib only; every icon is read once, here

    broken = set()
    for icon_id, path in list(found.items()):
        try:
            read_icon(path)
        except IconError as exc:
            problems.append(Problem(str(exc).split(": ", 1)[-1], file=path,
                                    hint=SUBSET))
            del found[icon_id]
            broken.add(icon_id)
    for icon_id, path in found.items():
        entry = icons.get(icon_id)
        entry = dict(entry) if isinstance(entry, dict) else {}
        entry["file"] = path
        icons[icon_id] = entry
    for icon_id in list(icons):
        if icon_id not in found and icon_id not in broken:  # a broken file exists: said once, above
            file, line, col = sources.locate(("icons", icon_id), key=True)
            problems.append(Problem(
                f"icon '{icon_id}' is declared but icons/{icon_id}.svg does not exist",
                file=file, line=line, column=col, path=f"icons.{icon_id}",
                hint=did_you_mean(icon_id, found) or f"add icons/{icon_id}.svg to the game folder",
            ))
    return icons
