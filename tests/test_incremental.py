"""Incremental builds (issue 13): an output is written again only when what it is made from
changed; kit.json and PRINTING.md stay true to the folder; --force builds all; a missing or
corrupted state just means a full build."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from pdfcheck import text_pages, words
from PIL import Image as PilImage

from generator.kit.build import build_kits
from generator.kit.state import STATE, fresh_kits
from generator.model.loader import load
from generator.options import BuildOptions
from tests import warm

QUICK = dict(formats=("pdf", "svg"), rulebook=False, jobs=1)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """(inode, mtime) of every file of a kit: a file written again (renamed into place) changes both."""
    return {str(p.relative_to(folder)): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != STATE}


def build(game: Path, options: BuildOptions):
    results, problems = build_kits([load(game)], options)
    assert not problems
    return results[0]


def kit_paths(folder: Path) -> set[str]:
    return {entry["path"] for entry in json.loads((folder / "kit.json").read_text())["files"]}


def test_nothing_changed_rewrites_no_file(starter_game, tmp_path):
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    first = build(starter_game, options)
    kit = first.out_dir
    before = snapshot(kit)
    second = build(starter_game, options)
    assert second.rebuilt == []
    assert snapshot(kit) == before  # same inodes and times: nothing was written, not even kit.json
    assert sorted(f.path for f in second.files) == sorted(f.path for f in first.files)
    assert kit_paths(kit) == {f.path for f in first.files}


def test_one_card_changed_rebuilds_its_deck_and_the_rulebook_only(starter_pair, tmp_path):
    """Built on a copy of the run's shared whole kit of the starter game (conftest's starter_pair,
    rulebooks included: the first build), bytes and times kept."""
    import shutil

    starter_game = shutil.copytree(starter_pair.game, tmp_path / "designer" / "my-game")
    kit = shutil.copytree(starter_pair.out / "my-game", tmp_path / "out" / "my-game")
    first = SimpleNamespace(files=starter_pair.files)
    options = BuildOptions(out_dir=tmp_path / "out", formats=("pdf", "svg"), jobs=1)
    before = snapshot(kit)
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Then draw a card.", "Then draw two cards."))
    second = build(starter_game, options)
    deck_pdf = next(f.path for f in first.files if f.path.endswith(".pdf") and "actions" in f.components)
    changed = {path for path, stamp in snapshot(kit).items() if before.get(path) != stamp}
    assert deck_pdf in changed and "svg/actions/dash.svg" in changed
    assert {"rulebook.pdf", "quickref.pdf", "rulebook.html"} <= changed
    others = [f.path for f in first.files if "actions" not in f.components and f.kind not in ("rulebook", "quickref")
              and f.kind != "booklet" and f.path not in ("PRINTING.md", "kit.json")]
    assert others, "the starter game should have files that do not hold the deck (dice nets)"
    assert not changed & set(others)  # the dice nets were not touched
    assert set(second.rebuilt) == changed - {"kit.json", "PRINTING.md"}
    text = words(" ".join(text_pages(kit / deck_pdf)))  # pdfium: pypdf's extract_text took ten times as long
    assert "draw two cards" in text  # the kept and the rebuilt files make one true kit
    assert kit_paths(kit) == {f.path for f in first.files}


def test_one_card_changed_draws_only_its_own_svg_face(starter_game, tmp_path):
    """The deck's file holds every card and is written again; of its SVG faces only the changed
    card's is drawn, unless another face's file was touched since (then it is drawn too)."""
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    kit = build(starter_game, options).out_dir
    faces = sorted(p for p in snapshot(kit) if p.startswith("svg/actions/") and p != "svg/actions/dash.svg")
    assert len(faces) >= 2, "the starter deck should have other faces than the changed card's"
    touched = kit / faces[0]
    touched.write_text(touched.read_text().replace("</svg>", "<!-- edited by hand --></svg>"))
    before = snapshot(kit)
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Then draw a card.", "Then draw two cards."))
    second = build(starter_game, options)
    changed = {path for path, stamp in snapshot(kit).items() if before.get(path) != stamp}
    assert {p for p in changed if p.startswith("svg/")} == {"svg/actions/dash.svg", faces[0]}
    assert "two" in (kit / "svg/actions/dash.svg").read_text()
    assert "edited by hand" not in touched.read_text()
    assert set(second.rebuilt) == changed - {"kit.json", "PRINTING.md"}
    assert kit_paths(kit) >= set(faces)  # the faces kept are still the kit's files


def test_decks_and_pieces_never_import_the_rulebook_code(starter_game, tmp_path):
    """Their key leaves generator/rulebook/ out of the code fingerprint (kit/state.drawing_key):
    true only while building them imports none of it."""
    code = ("import sys; from pathlib import Path; from generator.kit.build import build_kits; "
            "from generator.model.loader import load; from generator.options import BuildOptions; "
            f"r, p = build_kits([load({str(starter_game)!r})], BuildOptions(out_dir=Path({str(tmp_path / 'out')!r}), "
            "formats=('pdf', 'svg'), rulebook=False, jobs=1)); assert r and not p, p; "
            "print(sorted(m for m in sys.modules if m.startswith('generator.rulebook')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    assert (tmp_path / "out" / "my-game" / "kit.json").is_file()


def test_force_rebuilds_every_file(starter_game, tmp_path):
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    kit = build(starter_game, options).out_dir
    before = snapshot(kit)
    result = build(starter_game, replace(options, force=True))
    after = snapshot(kit)
    rewritten = {path for path in before if after[path] != before[path]}
    assert rewritten >= {f.path for f in result.files if f.path not in ("PRINTING.md",)}
    assert set(result.rebuilt) == {f.path for f in result.files if f.path != "PRINTING.md"}


def test_an_option_change_rebuilds(starter_game, tmp_path):
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    kit = build(starter_game, options).out_dir
    before = snapshot(kit)
    letter = build(starter_game, replace(options, paper="letter"))
    assert any(path.endswith("-letter.pdf") for path in letter.rebuilt)
    assert all(not path.endswith("-a4.pdf") for path in letter.rebuilt)
    bleedless = build(starter_game, replace(options, bleed=False))  # same file names, other pages
    assert any(path.endswith("-a4.pdf") for path in bleedless.rebuilt)
    assert all(snapshot(kit)[path] != before[path] for path in bleedless.rebuilt)


@pytest.mark.parametrize("damage", ["garbage", "missing", "wrong shape"])
def test_a_damaged_state_means_a_full_build(starter_game, tmp_path, damage):
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    first = build(starter_game, options)
    state = first.out_dir / STATE
    if damage == "garbage":
        state.write_bytes(b"\x00{not json")
    elif damage == "missing":
        state.unlink()
    else:
        state.write_text(json.dumps({"format": 1, "game_dir": "x", "entries": {"a": {"files": [{"bad": 1}]}}}))
    second = build(starter_game, options)
    assert set(second.rebuilt) == {f.path for f in first.files if f.path != "PRINTING.md"}
    json.loads(state.read_text())  # written whole again


def test_a_file_removed_or_changed_since_is_built_again(starter_game, tmp_path):
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    first = build(starter_game, options)
    pdfs = [f.path for f in first.files if f.path.endswith(".pdf")]
    (first.out_dir / pdfs[0]).unlink()
    (first.out_dir / "svg" / "actions" / "dash.svg").write_text("<svg/>")
    second = build(starter_game, options)
    assert pdfs[0] in second.rebuilt and "svg/actions/dash.svg" in second.rebuilt
    assert (first.out_dir / pdfs[0]).stat().st_size > 1000


def test_a_failed_build_keeps_the_state_of_the_last_good_kit(starter_game, tmp_path):
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    kit = build(starter_game, options).out_dir
    state = (kit / STATE).read_bytes()
    before = snapshot(kit)
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: Dash", "name: " + "Dash " * 80))  # a name that cannot fit
    results, problems = build_kits([load(starter_game)], options)
    assert problems and not results
    assert (kit / STATE).read_bytes() == state and snapshot(kit) == before


def test_cli_says_up_to_date_and_force_rebuilds(starter_game, tmp_path):
    command = ["build", str(starter_game), "--out", str(tmp_path / "out"), "--no-rulebook"]
    first = warm.cards(*command)
    assert first.returncode == 0, first.stderr
    assert "up to date" not in first.stdout
    second = warm.cards(*command)
    assert second.returncode == 0, second.stderr
    assert "up to date: no file rewritten" in second.stdout
    assert second.stdout.splitlines()[0] == first.stdout.splitlines()[0]  # the same kit, "N files in ..."
    forced = warm.cards(*command, "--force")
    assert forced.returncode == 0 and "up to date" not in forced.stdout


def test_watch_rewrites_only_what_an_edit_changed(starter_game, tmp_path):
    from generator.watch import watch

    messages: list[str] = []
    cards = starter_game / "cards.yaml"
    out = tmp_path / "out"
    stamps = {}

    def keep_going(builds: int) -> bool:
        if builds == 1:
            stamps.update(snapshot(out / "my-game"))
            cards.write_text(cards.read_text().replace("Then draw a card.", "Then draw two cards."))
            return True
        return False

    watch(str(starter_game), BuildOptions(formats=("pdf",), out_dir=out, rulebook=False), messages.append,
          interval=0.05, keep_going=keep_going)
    built = [m for m in messages if "built my-game" in m]
    assert len(built) == 2 and "2 of 2 files rewritten" in built[0] and "1 of 2 files rewritten" in built[1]
    after = snapshot(out / "my-game")
    assert after["actions-a4.pdf"] != stamps["actions-a4.pdf"]
    assert after["dice-nets-a4.pdf"] == stamps["dice-nets-a4.pdf"]


def test_a_file_removed_before_a_partial_build_is_still_built_again_later(starter_game, tmp_path):
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    first = build(starter_game, options)
    nets = next(f.path for f in first.files if f.path.startswith("dice-nets"))
    (first.out_dir / nets).unlink()
    build(starter_game, replace(options, only=("actions",)))  # another part: the state is rewritten
    assert nets in build(starter_game, options).rebuilt
    assert (first.out_dir / nets).is_file()


def test_rulebooks_start_beside_the_decks_and_a_game_whose_decks_fail_keeps_nothing(starter_pair):
    """Two games, two jobs: the rulebooks' worker processes start beside the decks, and the game
    whose card cannot fit keeps nothing, its rulebook included (the run's shared build,
    conftest's starter_pair)."""
    out = starter_pair.out
    assert starter_pair.built == ["my-game"] and any("cannot build other-game" in p for p in starter_pair.problems)
    assert {"rulebook.pdf", "quickref.pdf", "rulebook-booklet-a4.pdf"} <= {f.path for f in starter_pair.files}
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")]  # nothing of other-game's left
    assert not (out / "other-game" / "rulebook.pdf").exists()


def give_dash_art(game: Path, colour: tuple[int, int, int] = (180, 40, 40)) -> None:
    """Card art on Dash: its scene then holds an image file, found by path when drawn."""
    (game / "art").mkdir(exist_ok=True)
    PilImage.new("RGB", (300, 200), colour).save(game / "art" / "dash.png")
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace('        icon: star\n        type: Action\n        text: "Gain',
                                               '        image: art/dash.png\n        type: Action\n        text: "Gain', 1))


def move_game(game: Path, tmp_path: Path, name: str = "my-game") -> Path:
    """The game folder moved to another folder (and renamed, with another ``name``)."""
    moved = tmp_path / "elsewhere" / name
    moved.parent.mkdir()
    return game.rename(moved)


@pytest.mark.parametrize("how", ["moved", "renamed"])
def test_a_moved_or_renamed_game_folder_rewrites_no_file(starter_game, tmp_path, how):
    """No key holds where the game folder is (kit/state.py, scene.draw.scene_key): moved, or
    renamed with its id in game.yaml (else its kit is another folder), it keeps every file built."""
    give_dash_art(starter_game)
    if how == "renamed":
        yaml = starter_game / "game.yaml"
        yaml.write_text("id: my-game\n" + yaml.read_text())
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    first = build(starter_game, options)
    before = snapshot(first.out_dir)
    assert "svg/actions/dash.svg" in before  # the face with the art is one of them
    second = build(move_game(starter_game, tmp_path, "my-game" if how == "moved" else "our-game"), options)
    assert second.out_dir == first.out_dir
    assert second.rebuilt == []
    assert snapshot(first.out_dir) == before  # as a second build in place: not even kit.json written
    assert kit_paths(first.out_dir) == {f.path for f in first.files}


def test_a_moved_game_folder_still_rebuilds_a_changed_icon_or_image(starter_game, tmp_path):
    give_dash_art(starter_game)
    options = BuildOptions(out_dir=tmp_path / "out", **QUICK)
    kit = build(starter_game, options).out_dir
    moved = move_game(starter_game, tmp_path)
    icon = moved / "icons" / "star.svg"
    icon.write_text(icon.read_text().replace("#c9a227", "#2a7fc9"))
    second = build(moved, options)
    deck_pdf = next(path for path in second.rebuilt if path.startswith("actions"))
    assert {"svg/actions/shine.svg", "svg/actions/back-plain.svg"} <= set(second.rebuilt)
    assert "#2a7fc9" in (kit / "svg/actions/shine.svg").read_text()
    art_before = (kit / "svg/actions/dash.svg").read_text()
    give_dash_art(moved, colour=(40, 90, 180))  # the same file, other bytes
    third = build(moved, options)
    assert deck_pdf in third.rebuilt and "svg/actions/dash.svg" in third.rebuilt
    assert (kit / "svg/actions/dash.svg").read_text() != art_before  # its embedded image is the new one


def test_a_moved_kit_is_found_up_to_date_before_loading(starter_game, tmp_path):
    """`cards build` finds the whole kit up to date without loading the game (kit/state.fresh_kits),
    moved or not; the CLI says so."""
    out = tmp_path / "out"
    first = warm.cards("build", str(starter_game), "--out", str(out), "--no-rulebook")
    assert first.returncode == 0, first.stderr
    moved = move_game(starter_game, tmp_path)
    fresh, stale = fresh_kits([str(moved)], BuildOptions(out_dir=out, rulebook=False))
    assert [kit.game for kit in fresh] == ["my-game"] and stale == []
    again = warm.cards("build", str(moved), "--out", str(out), "--no-rulebook")
    assert again.returncode == 0, again.stderr
    assert "up to date: no file rewritten" in again.stdout
