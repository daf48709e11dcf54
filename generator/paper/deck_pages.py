"""A deck's pages made as they are read, so a deck of 10,000 cards is never on paper all at once."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from .impose import Page, SheetSpec, _duplex_grid_checked, _duplex_pages, _single, expand

if TYPE_CHECKING:
    from ..scene.compose import CardFaces, PlannedFront
    from ..scene.nodes import Scene


class DeckPages:
    """A deck's duplex or single pages, made one sheet at a time each time they are read, so a
    10,000-card deck's placements and crop marks are never all in memory. Whether the cards fit
    the paper is checked when made, so a build still fails before its first file is written;
    pickled (for build fingerprints) as the faces, spec and label it is made from. With a
    ``label``, each duplex sheet says which it is ('<label>: sheet 2 of 5')."""

    def __init__(self, faces: list[CardFaces], spec: SheetSpec, label: str = ""):
        self.faces, self.spec, self.label = faces, spec, label
        if spec.layout != "single":
            _duplex_grid_checked(next(f for f in faces if f.count).front, spec)

    def labelled(self, label: str) -> DeckPages:
        return DeckPages(self.faces, self.spec, label)

    def __iter__(self) -> Iterator[Page]:
        copies = expand(self.faces)
        if self.spec.layout == "single":
            return _single(copies, self.spec)
        pages = _duplex_pages(copies, self.spec)
        if not self.label:
            return pages
        from .sheet_labels import label_pages

        return label_pages(pages, self.sheets(), self.label, self.spec.paper)

    def sheets(self) -> int:
        """How many sheets the deck's duplex pages take, without making them."""
        copies = sum(face.count for face in self.faces)
        grid = _duplex_grid_checked(next(f for f in self.faces if f.count).front, self.spec)
        per_sheet = grid.cols.count * grid.rows.count
        first = per_sheet - 1 if grid.ruler == "cell" else per_sheet  # the ruler took a card's cell
        return 1 + -(-max(0, copies - first) // per_sheet)

    def __getitem__(self, index):
        return list(self)[index]

    def __reduce__(self):
        return DeckPages, (self.faces, self.spec, self.label)

    def scene_uses(self) -> Counter:
        """How many times each scene key is placed: every copy's front and back once."""
        uses: Counter = Counter()
        for face in self.faces:
            uses[face.front.key] += face.count
            uses[face.back.key] += face.count
        return uses


class FrontsComposed:
    """Pages whose card fronts were planned without their nodes (scene.compose.PlannedFront),
    each composed again by ``compose`` as its page is read: only one sheet's fronts are held (a
    face on two sheets running is composed once). Pickled (for build fingerprints) as the pages."""

    def __init__(self, pages: Iterable[Page], compose: Callable[[PlannedFront], Scene]):
        self.pages, self.compose = pages, compose

    def __iter__(self) -> Iterator[Page]:
        from ..scene.compose import PlannedFront

        held: dict[str, Scene] = {}  # the last page's fronts, by key
        for page in self.pages:
            now: dict[str, Scene] = {}
            placements = []
            for placement in page.placements:
                planned = placement.scene
                if isinstance(planned, PlannedFront):
                    scene = now.get(planned.key) or held.get(planned.key) or self.compose(planned)
                    now[planned.key] = scene
                    placement = replace(placement, scene=scene)
                placements.append(placement)
            if now:
                held = now
                page = replace(page, placements=placements)
            yield page

    def __getitem__(self, index):
        return list(self)[index]

    def __reduce__(self):
        return _as_planned, (self.pages,)

    def scene_uses(self) -> Counter:
        if isinstance(self.pages, DeckPages):
            return self.pages.scene_uses()
        return Counter(p.scene.key for page in self.pages for p in page.placements)


def _as_planned(pages):
    return pages


class FacesComposed(Mapping):
    """An output's SVG faces by path, whose planned card fronts (scene.compose.PlannedFront) are
    composed again each time one is read: the SVG files are written one at a time, so a deck of
    10,000 distinct cards never holds every front's scene for them. Pickled (for build
    fingerprints) as the planned faces."""

    def __init__(self, faces: Mapping[str, Scene], compose: Callable[[PlannedFront], Scene]):
        self.faces, self.compose = faces, compose

    def __getitem__(self, path: str) -> Scene:
        from ..scene.compose import PlannedFront

        scene = self.faces[path]
        return self.compose(scene) if isinstance(scene, PlannedFront) else scene

    def __iter__(self) -> Iterator[str]:
        return iter(self.faces)

    def __len__(self) -> int:
        return len(self.faces)

    def __reduce__(self):
        return _as_planned, (self.faces,)
