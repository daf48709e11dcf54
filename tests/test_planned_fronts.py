"""A build keeps no card's front scene (kit/plan.py): each front is composed to find its problems,
kept as a PlannedFront (size and key), and composed again as its sheet is drawn
(paper/deck_pages.FrontsComposed) and as its SVG file is written (FacesComposed). Checked by what
it holds and by the bytes it writes, beside a plan made with every front kept."""
from __future__ import annotations

import tracemalloc
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.kit import plan as kit_plan
from generator.kit.build import build_game
from generator.kit.plan import compose_decks, plan_kit
from generator.model.loader import load
from generator.options import BuildOptions
from generator.paper.deck_pages import DeckPages, FacesComposed, FrontsComposed
from generator.scene.compose import PlannedFront

REPO = Path(__file__).resolve().parents[1]
DISTINCT = 120


@contextmanager
def fronts_kept(monkeypatch):
    """Plans made inside keep every front's scene, as builds did before fronts were planned."""
    compose = kit_plan.compose_decks
    with monkeypatch.context() as patched:
        patched.setattr(kit_plan, "compose_decks", lambda loaded, decks, keep_fronts=True: compose(loaded, decks, True))
        yield


def distinct_cards_game(folder) -> None:
    """The starter deck with DISTINCT more cards, each with its own name and text."""
    cards = folder / "cards.yaml"
    extra = "".join(f"      - {{id: extra-{i}, name: Extra {i}, cost: {i % 10}, icon: star, type: Action, "
                    f"text: Card {i} moves {i} spaces and draws {i % 7} cards.}}\n" for i in range(DISTINCT))
    cards.write_text(cards.read_text().rstrip("\n") + "\n" + extra)


def test_a_pdf_only_plan_holds_no_front_and_draws_each_one(starter_game):
    distinct_cards_game(starter_game)
    loaded = load(starter_game)
    (deck,) = [o for o in plan_kit(loaded, BuildOptions(formats=("pdf",), only=("actions",))) if o.kind == "deck"]
    assert isinstance(deck.pages, FrontsComposed) and isinstance(deck.pages.pages, DeckPages)
    planned = [face.front for face in deck.pages.pages.faces]
    assert all(isinstance(front, PlannedFront) and front.nodes == () for front in planned)
    assert not deck.svgs  # no SVG asked: no card held for one
    drawn = [p.scene for page in deck.pages for p in page.placements if p.side == "front"]
    assert not any(isinstance(scene, PlannedFront) for scene in drawn)
    assert all(scene.nodes for scene in drawn)
    # Every copy drawn once, each as the front it was planned as.
    assert Counter(scene.key for scene in drawn) == Counter(
        face.front.key for face in deck.pages.pages.faces for _ in range(face.count))


def test_svg_faces_are_planned_and_composed_as_read(starter_game):
    distinct_cards_game(starter_game)
    loaded = load(starter_game)
    (deck,) = [o for o in plan_kit(loaded, BuildOptions(formats=("pdf", "svg"), only=("actions",)))
               if o.kind == "deck"]
    assert isinstance(deck.svgs, FacesComposed)
    fronts = {path: scene for path, scene in deck.svgs.faces.items() if "/back-" not in path}
    assert len(fronts) > DISTINCT and all(isinstance(scene, PlannedFront) for scene in fronts.values())
    for path, planned in fronts.items():
        scene = deck.svgs[path]
        assert not isinstance(scene, PlannedFront) and scene.nodes and scene.key == planned.key


@pytest.mark.parametrize("game", ["starter", "bone-strike"])
def test_planned_fronts_write_the_same_files_as_kept_ones(game, starter_game, tmp_path, monkeypatch):
    """Every PDF and SVG file of a build whose fronts are composed as they are drawn and written
    equals that of a build that keeps them: a deck alone, and Bone Strike's decks ganged with its
    tokens on card stock; a PDF-only build's PDFs too."""
    if game == "starter":
        distinct_cards_game(starter_game)
    loaded = load(starter_game if game == "starter" else REPO / "content" / game)
    both = dict(formats=("pdf", "svg"), rulebook=False, force=True)
    planned = build_game(loaded, BuildOptions(**both, out_dir=tmp_path / "planned"))
    pdf_only = build_game(loaded, BuildOptions(formats=("pdf",), rulebook=False, force=True,
                                               out_dir=tmp_path / "pdf-only"))
    with fronts_kept(monkeypatch):
        kept = build_game(loaded, BuildOptions(**both, out_dir=tmp_path / "kept"))
    files = sorted(f.path for f in planned.files if f.path.endswith((".pdf", ".svg")))
    assert files == sorted(f.path for f in kept.files if f.path.endswith((".pdf", ".svg")))
    assert ("card-stock-double-sided-a4.pdf" if game == "bone-strike" else "actions-a4.pdf") in files
    assert sum(name.endswith(".svg") for name in files) > (DISTINCT if game == "starter" else 10)
    for name in files:
        assert (planned.out_dir / name).read_bytes() == (kept.out_dir / name).read_bytes(), name
    pdfs = sorted(f.path for f in pdf_only.files if f.path.endswith(".pdf"))
    assert pdfs == [name for name in files if name.endswith(".pdf")]
    for name in pdfs:
        assert (pdf_only.out_dir / name).read_bytes() == (kept.out_dir / name).read_bytes(), name


def test_planned_fronts_are_released_after_composing(starter_game):
    """What composing a deck leaves held: without its fronts' scenes, a small part of it."""
    distinct_cards_game(starter_game)
    loaded = load(starter_game)
    decks = list(loaded.game.decks)
    compose_decks(loaded, decks, True)  # caches (fonts, templates) warmed outside the measure

    def held(keep_fronts: bool) -> int:
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            composed, problems = compose_decks(loaded, decks, keep_fronts)
            assert not problems and sum(len(faces) for faces in composed.values()) > DISTINCT
            return tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()

    kept, planned = held(True), held(False)
    assert planned < kept / 3, (planned, kept)


def test_a_pdf_and_svg_plan_holds_a_small_part_of_its_fronts(starter_game, monkeypatch):
    """What a whole plan holds with SVG faces asked for, beside the same plan keeping every front."""
    distinct_cards_game(starter_game)
    loaded = load(starter_game)
    options = BuildOptions(formats=("pdf", "svg"), only=("actions",))
    plan_kit(loaded, options)  # caches (fonts, templates) warmed outside the measure

    def held() -> int:
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            outputs = plan_kit(loaded, options)
            assert sum(len(o.svgs) for o in outputs) > DISTINCT
            return tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()

    with fronts_kept(monkeypatch):
        kept = held()
    planned = held()
    assert planned < kept / 2, (planned, kept)


def test_a_card_that_does_not_fit_is_still_found_before_anything_is_written(starter_game, tmp_path):
    cards = starter_game / "cards.yaml"
    cards.write_text(cards.read_text().rstrip("\n") + "\n      - {id: long, name: Long, cost: 1, icon: star, "
                     f"type: Action, text: {' '.join(['word'] * 400)}}}\n")
    with pytest.raises(BuildError, match="card 'long'.*does not fit"):
        build_game(load(starter_game), BuildOptions(formats=("pdf",), rulebook=False, out_dir=tmp_path / "out"))
    assert not (tmp_path / "out" / "my-game" / "actions-a4.pdf").exists()
