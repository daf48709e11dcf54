"""A deck's pages are made as they are written (paper/deck_pages.py) and equal faces are composed
into one Scene (compose_deck): what a long deck keeps in memory, checked by what it writes."""
from __future__ import annotations

import pickle
from dataclasses import replace

import pytest
from pdfcheck import placements
from pypdf import PdfReader

from generator.errors import BuildError
from generator.kit.build import build_game
from generator.model.loader import load
from generator.options import BuildOptions
from generator.paper.impose import SheetSpec, impose
from generator.scene.compose import compose_deck

LIKE_CARDS = 30  # cards with their own ids and the same printed content


def like_cards_game(folder) -> None:
    """The starter deck with LIKE_CARDS more cards that differ only in their id (which no layout prints)."""
    cards = folder / "cards.yaml"
    extra = "".join(f"      - {{id: like-{i}, name: Alike, cost: 1, icon: star, type: Action, text: Same words.}}\n"
                    for i in range(LIKE_CARDS))
    cards.write_text(cards.read_text().rstrip("\n") + "\n" + extra)


def test_equal_cards_share_one_composed_face_and_one_form(starter_game, tmp_path):
    like_cards_game(starter_game)
    loaded = load(starter_game)
    faces = compose_deck(loaded.game, loaded.game.decks[0], loaded.layouts)
    alike = [face for face in faces if face.card.startswith("like-")]
    assert len(alike) == LIKE_CARDS
    assert len({id(face.front) for face in alike}) == 1  # composed into one Scene, kept once
    assert len({id(face.front) for face in faces}) == 3  # dash, shine and the like cards
    result = build_game(loaded, BuildOptions(formats=("pdf",), rulebook=False, out_dir=tmp_path / "out"))
    reader = PdfReader(result.out_dir / "actions-a4.pdf")
    fronts = [card for page in reader.pages[0::2] for card in placements(page, reader)]
    assert len(fronts) == LIKE_CARDS + 6
    forms = [card.form for card in fronts]
    # The like cards are one face printed 30 times: one form XObject, placed 30 times.
    assert max(forms.count(name) for name in set(forms)) == LIKE_CARDS
    assert "inline" not in forms  # every face here prints more than once


@pytest.mark.parametrize("layout", ["duplex", "single"])
def test_deck_pages_are_the_same_each_time_they_are_read(starter_game, layout):
    like_cards_game(starter_game)
    loaded = load(starter_game)
    faces = compose_deck(loaded.game, loaded.game.decks[0], loaded.layouts)
    pages = impose(faces, SheetSpec(layout=layout))
    first, second = list(pages), list(pages)
    assert first == second
    total = sum(face.count for face in faces)
    assert len(first) == (2 * total if layout == "single" else 2 * -(-total // 9))
    placed = [p.scene.key for page in first for p in page.placements]
    assert dict(pages.scene_uses()) == {key: placed.count(key) for key in set(placed)}
    # The build's fingerprint pickles the plan: equal plans give equal bytes, without making pages.
    again = impose(compose_deck(loaded.game, loaded.game.decks[0], loaded.layouts), SheetSpec(layout=layout))
    assert pickle.dumps(pages) == pickle.dumps(again)


def test_a_card_too_large_for_the_paper_fails_when_planned(starter_game):
    loaded = load(starter_game)
    faces = compose_deck(loaded.game, loaded.game.decks[0], loaded.layouts)
    huge = [replace(face, front=replace(face.front, width=2000.0, height=2000.0)) for face in faces]
    with pytest.raises(BuildError, match="does not fit on a4 paper"):
        impose(huge, SheetSpec())  # before any page is read
