"""One printable file before it is written: its pages on paper, what it holds, and its SVG faces.

Decks and pieces are planned as ``Output``s alike; generator.kit.write writes them.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..scene.nodes import Scene
from .impose import Page

if TYPE_CHECKING:
    from .gang import Gangable


@dataclass
class Output:
    """One file to write: its pages, what it holds, and the SVG faces that go with it."""

    name: str
    kind: str
    layout: str
    title: str
    pages: Iterable[Page]  # a list, or a deck's pages made as they are read (deck_pages.py)
    pieces: list[str]
    svgs: Mapping[str, Scene] = field(default_factory=dict)  # relative path -> scene (deck_pages.FacesComposed: made as read)
    paper: str | None = None
    svg_kinds: dict[str, str] = field(default_factory=dict)  # relative path -> kind, else "<kind>-svg"
    note: str = ""  # said after the title while it is written ("(54 cards)")
    gang: Gangable | None = None  # what it holds, when it may share sheets with others of its stock (gang.py)
    sheets: list[str] = field(default_factory=list)  # what each sheet holds, when it holds several things


def file_name(stem: str, paper: str, layout: str = "duplex") -> str:
    """A printable file's name: ``<stem>-<paper>.pdf``, ``-gutterfold`` after the paper for that
    layout, and ``<stem>-single.pdf`` for one face per page (the page is the card or piece)."""
    if layout == "single":
        return f"{stem}-single.pdf"
    suffix = "" if layout == "duplex" else f"-{layout}"
    return f"{stem}-{paper}{suffix}.pdf"
