"""What a kit keeps per file it writes (issue 13): a default build of a 10,000-card deck writes as
many SVG faces, each staged (generator/atomic.py), listed in kit.json (kit/files.py) and
fingerprinted in .kit-state.json (kit/state.py). Those files are written as they are walked
(kit/jsonstream.py), in the bytes json.dumps gave, and the staging keeps one string a file.

The claims are measured on fewer files than such a deck writes (5,000 for kit.json, 2,000 for the
state and the staging): what they bound grows with the file count when held and stays small when
walked, and at these counts the holding code before the change (commit a327e57's parent; 5b409dd
for reading the state back) still fails each claim by the margin it did at 10,000 (traced peak
8.3x kit.json, 7.5x the state; ~810 bytes a file read back; ~670 a file staged), while the
walking code passes with room (0.18, 0.07; ~450; ~120)."""
from __future__ import annotations

import json
import random
import tracemalloc

from generator.atomic import Staging, atomic_path
from generator.kit.files import WrittenFile, write_kit_json
from generator.kit.jsonstream import Pairs, write_json
from generator.kit.state import Entry, KitState, read_state, stats_of, write_state

KIT_JSON_FILES = 5_000  # under ~4,000 the walk's fixed cost nears a third of the file: too little to measure
STATE_FILES = 2_000


def _faces(count: int) -> list[WrittenFile]:
    return [WrittenFile(f"svg/actions/card-{i}.svg", ["actions"], "card-front", 1, None, "single")
            for i in range(count)]


def _traced_peak(run) -> int:
    """How far traced memory rose above where it was while ``run`` ran."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        run()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def _random_value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 3 or roll < 0.4:
        return rng.choice(["card", "é\n\"quoted\"\t", "", 3, -1, 10**20, None, True, False, 1.5])
    if roll < 0.7:
        return [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {f"key {i} ü": _random_value(rng, depth + 1) for i in range(rng.randint(0, 4))}


def test_streamed_json_is_what_json_dumps_writes(tmp_path):
    rng = random.Random(13)
    for _ in range(200):  # every line of jsonstream.py is reached by the first 15 of them
        value, indent = _random_value(rng), rng.choice([1, 2, 4])
        path = tmp_path / "value.json"
        with open(path, "w", encoding="utf-8") as handle:
            write_json(handle, value, indent)
        assert path.read_text(encoding="utf-8") == json.dumps(value, indent=indent), value
    with open(path, "w", encoding="utf-8") as handle:  # objects and arrays made as they are read
        write_json(handle, Pairs((name, (n for n in range(2))) for name in "ab"), 2)
    assert path.read_text(encoding="utf-8") == json.dumps({"a": [0, 1], "b": [0, 1]}, indent=2)


def test_kit_json_of_thousands_of_faces_is_written_without_holding_it(tmp_path):
    files = _faces(KIT_JSON_FILES)
    peak = _traced_peak(lambda: write_kit_json(tmp_path, "big", files))
    written = (tmp_path / "kit.json").read_bytes()
    expected = {"game": "big", "files": sorted((f.as_json() for f in files), key=lambda e: e["path"])}
    assert written == (json.dumps(expected, indent=2) + "\n").encode()
    # Built whole, the entries and their text cost over twice the file; walked, a small part of it.
    assert peak < len(written) / 3, (peak, len(written))


def test_the_state_of_thousands_of_faces_is_written_without_holding_it_and_reads_back(tmp_path):
    files = _faces(STATE_FILES)
    for written in files[:50]:
        (tmp_path / written.path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / written.path).write_text("<svg />")
    entry = Entry("k" * 64, files, stats_of(tmp_path, files), {f.path: f"{i:064x}" for i, f in enumerate(files)})
    state = KitState(str(tmp_path), None, {"actions-a4.pdf": entry})
    peak = _traced_peak(lambda: write_state(tmp_path, state))
    size = (tmp_path / ".kit-state.json").stat().st_size
    assert peak < size / 4, (peak, size)
    tracemalloc.start()
    try:
        again = read_state(tmp_path)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    # Read back, a file's path, kind, layout and components are held once: ~440 bytes a file (~930 before).
    assert held / STATE_FILES < 600, held
    assert again.entries == {"actions-a4.pdf": entry}
    assert again.fresh("actions-a4.pdf", "k" * 64, tmp_path) is None  # all but 50 of its files are missing
    kept = again.kept_faces("actions-a4.pdf", entry.faces, tmp_path)
    assert kept == {f.path for f in files[:50]}


def test_a_staging_keeps_little_per_file_and_commits_or_aborts_every_one(tmp_path):
    root = tmp_path / "kit"
    targets = [root / "svg" / "deck" / f"card-{i}.svg" for i in range(2000)]
    stage = Staging(root)
    with stage.active():
        for target in targets[:10]:  # the folder and the first records made before measuring
            with atomic_path(target) as temp:
                temp.write_text(target.name)

        def stage_the_rest():
            for target in targets[10:]:
                with atomic_path(target) as temp:
                    temp.write_text(target.name)
        tracemalloc.start()
        try:
            stage_the_rest()
            held = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
    # Two Path objects a file held ~600 bytes; a name and an empty string, under 200.
    assert held / (len(targets) - 10) < 200, held
    assert not any(t.exists() for t in targets)
    assert stage.current(targets[5]) == stage.temp_for(targets[5]) and stage.temp_for(targets[5]).is_file()
    other = Staging(root, "worker")  # what a rulebook worker hands back is adopted as it was staged
    other.adopt(stage.pairs())
    assert other.pairs() == stage.pairs()
    stage.commit()
    assert [t.read_text() for t in targets] == [t.name for t in targets]
    assert not [p for p in root.rglob("*.tmp")]
    with Staging(root).active() as again:
        with atomic_path(targets[0]) as temp:
            temp.write_text("new")
        again.abort()
    assert targets[0].read_text() == targets[0].name and not [p for p in root.rglob("*.tmp")]


def test_kit_json_keeps_the_earlier_entries_whose_files_are_still_there(tmp_path):
    for name in ("old-letter.pdf", "svg/actions/card-1.svg"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"%PDF")
    earlier = [WrittenFile("old-letter.pdf", ["actions"], "deck", 3, "letter", "duplex", ["a", "b"]),
               WrittenFile("gone.pdf", ["actions"], "deck", 1, "a4", "duplex"),  # its file was deleted
               WrittenFile("svg/actions/card-1.svg", ["actions"], "card-front", 1, None, "old")]  # listed again
    write_kit_json(tmp_path, "big", earlier)
    now = _faces(3)
    write_kit_json(tmp_path, "big", now)
    expected = {"game": "big", "files": sorted([earlier[0].as_json(), *(f.as_json() for f in now)],
                                               key=lambda e: e["path"])}
    assert (tmp_path / "kit.json").read_text(encoding="utf-8") == json.dumps(expected, indent=2) + "\n"
    (tmp_path / "kit.json").write_text("{not json")  # an unreadable kit.json lists this build's files alone
    write_kit_json(tmp_path, "big", now)
    assert [e["path"] for e in json.loads((tmp_path / "kit.json").read_text())["files"]] == sorted(f.path for f in now)
