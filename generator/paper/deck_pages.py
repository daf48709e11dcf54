"""A deck's pages made as they are read, so a deck of 10,000 cards is never on paper all at once."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .impose import Page, SheetSpec, _duplex_grid_checked, _duplex_pages, _single, expand

if TYPE_CHECKING:
    from ..scene.compose import CardFaces


class DeckPages:
    """A deck's duplex or single pages, made one sheet at a time each time they are read, so a
    10,000-card deck's placements and crop marks are never all in memory. Whether the cards fit
    the paper is checked when made, so a build still fails before its first file is written;
    pickled (for build fingerprints) as the faces and spec it is made from."""

    def __init__(self, faces: list[CardFaces], spec: SheetSpec):
        self.faces, self.spec = faces, spec
        if spec.layout != "single":
            _duplex_grid_checked(next(f for f in faces if f.count).front, spec)

    def __iter__(self) -> Iterator[Page]:
        copies = expand(self.faces)
        return _single(copies, self.spec) if self.spec.layout == "single" else _duplex_pages(copies, self.spec)

    def __getitem__(self, index):
        return list(self)[index]

    def __reduce__(self):
        return DeckPages, (self.faces, self.spec)

    def scene_uses(self) -> Counter:
        """How many times each scene key is placed: every copy's front and back once."""
        uses: Counter = Counter()
        for face in self.faces:
            uses[face.front.key] += face.count
            uses[face.back.key] += face.count
        return uses
