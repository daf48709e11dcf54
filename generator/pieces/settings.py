"""The build options pieces use (paper, ink, board and die sizes ...), parsed and checked once."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import BuildError
from ..options import DEFAULT_OPTIONS, LAYOUTS, BuildOptions
from ..paper.items import PaperSpec
from ..paper.output import file_name
from ..paper.sizes import PAPER_MM
from ..scene.draw import Ink


@dataclass(frozen=True)
class PieceSettings:
    """The build options pieces use, checked once."""

    paper: str = DEFAULT_OPTIONS["paper"]
    ink: Ink = Ink(DEFAULT_OPTIONS["ink_saver"])
    board_size: float | str | None = DEFAULT_OPTIONS["board_size"]  # None: the size in the data; "fit": one page; mm: the long side
    die_size: float = DEFAULT_OPTIONS["die_size"]
    bleed: bool = DEFAULT_OPTIONS["bleed"]
    back_offset: tuple[float, float] = DEFAULT_OPTIONS["back_offset"]
    formats: tuple[str, ...] = DEFAULT_OPTIONS["formats"]
    overlap: float = DEFAULT_OPTIONS["board_overlap"]
    only: tuple[str, ...] = DEFAULT_OPTIONS["only"]
    layout: str = DEFAULT_OPTIONS["layout"]  # how double-sided pieces are printed, as decks

    @classmethod
    def from_options(cls, options: BuildOptions) -> "PieceSettings":
        paper = options.paper.lower()
        if paper not in PAPER_MM:
            raise BuildError(f"paper '{paper}': expected one of {', '.join(PAPER_MM)}")
        if options.layout not in LAYOUTS:
            raise BuildError(f"layout '{options.layout}': expected one of {', '.join(LAYOUTS)}")
        dx, dy = options.back_offset
        return cls(
            paper=paper,
            ink=Ink(options.ink_saver),
            board_size=parse_board_size(options.board_size),
            die_size=parse_die_size(options.die_size),
            bleed=options.bleed,
            back_offset=(dx, dy),
            formats=tuple(options.formats),
            overlap=parse_overlap(options.board_overlap),
            only=tuple(options.only or ()),
            layout=options.layout,
        )

    def spec(self, **changes) -> PaperSpec:
        return PaperSpec(paper=self.paper, back_offset_mm=self.back_offset, layout=self.layout, **changes)

    def double_sided(self, stem: str) -> tuple[str, str, str | None]:
        """File name, layout name and paper of a double-sided file (duplex, gutterfold or single)."""
        return file_name(stem, self.paper, self.layout), self.layout, None if self.layout == "single" else self.paper


def parse_board_size(value) -> float | str | None:
    if value in (None, "", "full", "natural", "data"):
        return None
    if isinstance(value, str) and value.strip().lower() == "fit":
        return "fit"
    try:
        size = float(str(value).strip().lower().removesuffix("mm"))
    except ValueError:
        raise BuildError(f"board size '{value}': expected 'fit' (one page) or the board's long side in mm, "
                         f"e.g. 600") from None
    if not 50 <= size <= 5000:
        raise BuildError(f"board size {size:g} mm: expected between 50 and 5000 mm")
    return size


def parse_die_size(value) -> float:
    try:
        size = float(str(value).strip().lower().removesuffix("mm"))
    except ValueError:
        raise BuildError(f"die size '{value}': expected the side of a die face in mm, e.g. 16") from None
    if not 6 <= size <= 60:
        raise BuildError(f"die size {size:g} mm: expected between 6 and 60 mm (common dice are 12-19 mm)")
    return size


def parse_overlap(value) -> float:
    try:
        overlap = float(value)
    except (TypeError, ValueError):
        raise BuildError(f"board overlap '{value}': expected a number of mm") from None
    if not 3 <= overlap <= 40:
        raise BuildError(f"board overlap {overlap:g} mm: expected between 3 and 40 mm")
    return overlap
