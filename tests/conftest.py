from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.kit.build import build_game
from generator.model.loader import load
from generator.new_game import TEMPLATE
from generator.options import BuildOptions

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture
def starter_game(tmp_path: Path) -> Path:
    """The `cards new` starter game, in a folder outside the repository."""
    folder = tmp_path / "designer" / "my-game"
    shutil.copytree(TEMPLATE, folder)
    return folder


@pytest.fixture(scope="session")
def built_starter(tmp_path_factory) -> dict:
    """The starter game built once per layout and paper, for read-back tests."""
    base = tmp_path_factory.mktemp("built")
    folder = base / "starter"
    shutil.copytree(TEMPLATE, folder)
    loaded = load(folder)
    results = {}
    for paper in ("a4", "letter"):
        for layout in ("duplex", "gutterfold", "single"):
            out = base / f"out-{paper}-{layout}"
            results[(paper, layout)] = build_game(loaded, BuildOptions(paper=paper, layout=layout, out_dir=out))
    results["offset"] = build_game(loaded, BuildOptions(back_offset=(1.5, -0.5), formats=("pdf",), out_dir=base / "offset"))
    return results


PROVING_DECKS = ["runes-and-bones", "ribbon-of-bone"]  # the real decks the foundation is proven on


@pytest.fixture(scope="session")
def built_real(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("real")
    return {game: build_game(load(game), BuildOptions(out_dir=base)) for game in PROVING_DECKS}
