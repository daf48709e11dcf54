"""The quick reference's page is laid out with holds and takes the blocks its measuring layout
laid out already (rulebook/quickref_boxes.py): it must be the page WeasyPrint lays out whole, to
the pixel and the text, and anything unexpected must fall back to laying it out whole."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from generator.model.loader import load
from generator.rulebook import quickref_boxes, render_rulebook


def page_of(path) -> tuple[int, str, bytes]:
    document = pdfium.PdfDocument(path)
    page = document[0]
    return len(document), page.get_textpage().get_text_range(), page.render(scale=100 / 72).to_pil().tobytes()


def build(loaded, folder, book):
    render_rulebook(loaded, folder, book, parts=("quickref",))
    return folder / "quickref.pdf"


def spying(monkeypatch) -> list[bool]:
    """Whether each page laid out with holds from now on takes the measured blocks."""
    moved: list[bool] = []
    real_move = quickref_boxes.move_into_holds

    def spy(document, blocks):
        result = real_move(document, blocks)
        moved.append(result is not None)
        return result

    monkeypatch.setattr(quickref_boxes, "move_into_holds", spy)
    return moved


def held_page(game_id: str, book: str, tmp_path, monkeypatch, real_rulebook) -> tuple[tuple, list[bool]]:
    """The page as the build makes it, and whether each page laid out with holds took the measured
    blocks: an A5 one is the run's shared build's (conftest's real_rulebook), others built here."""
    if book == "a5":
        return page_of(real_rulebook(game_id, book) / "quickref.pdf"), real_rulebook.quick_build(game_id, book)["moved"]
    moved = spying(monkeypatch)
    return page_of(build(load(game_id), tmp_path / "held", book)), moved


# bone-strike in A5 leaves blocks off at the smallest size (tables with shaded rows); runeblade
# in Letter fits at the largest, measured first
@pytest.mark.parametrize(("game_id", "book"), [("bone-strike", "a5"), ("runeblade", "letter")])
def test_moved_blocks_make_the_page_laid_out_whole(tmp_path, monkeypatch, real_rulebook, game_id, book):
    held, moved = held_page(game_id, book, tmp_path, monkeypatch, real_rulebook)
    assert moved == [True]  # the page took the measured blocks
    monkeypatch.setattr(quickref_boxes, "measured_blocks", lambda document, count: None)
    moved = spying(monkeypatch)
    whole = page_of(build(load(game_id), tmp_path / "whole", book))
    assert moved == []  # laid out whole: no holds
    assert held[0] == whole[0] == 1
    assert held[1] == whole[1] and "Quick reference" in held[1]
    assert held[2] == whole[2]


def test_a_hold_unlike_its_block_falls_back_to_the_whole_page(tmp_path, monkeypatch, real_rulebook):
    """Blocks handed to the wrong holds (each the next one's size): nothing is moved, and the
    page is still the right one, laid out whole: the page of the run's shared build (real_rulebook)."""
    loaded = load("runes-and-bones")
    results = []
    real_move = quickref_boxes.move_into_holds

    def shuffled(document, blocks):
        result = real_move(document, blocks[1:] + blocks[:1])
        results.append(result)
        return result

    monkeypatch.setattr(quickref_boxes, "move_into_holds", shuffled)
    fallen_back = page_of(build(loaded, tmp_path / "shuffled", "a5"))
    assert results == [None]
    assert fallen_back == page_of(real_rulebook("runes-and-bones", "a5") / "quickref.pdf")


def test_strip_not_as_written_gives_no_blocks():
    class Box:
        def __init__(self, tag, id_=None, children=(), cls=None):
            self.element_tag, self.children = tag, list(children)
            self.element = {"id": id_, "class": cls}
            self.margin_left = self.margin_right = 0

        def descendants(self):
            yield self
            for child in self.children:
                yield from child.descendants()

    def document(children):
        page = Box("page", children=[Box("main", cls="strip col", children=children)])
        return type("Doc", (), {"pages": [type("Page", (), {"_page_box": page})]})

    good = [Box("div", "qb-0"), Box("figure"), Box("div", "qb-1")]
    assert quickref_boxes.measured_blocks(document(good), 1) == [good[1]]
    two = [Box("div", "qb-0"), Box("figure"), Box("p"), Box("div", "qb-1")]  # a block of two boxes
    assert quickref_boxes.measured_blocks(document(two), 1) is None
    assert quickref_boxes.measured_blocks(document(good), 2) is None  # marks for another count
