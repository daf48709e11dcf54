"""What a game's kit holds: every selected deck composed and imposed, every piece composed and put
on paper, as ``Output``s. `cards build` writes this plan; `cards validate` makes it and writes
nothing, so both find the same problems (all of them at once)."""
from __future__ import annotations

from ..errors import BuildError
from ..model.loader import LoadedGame
from ..options import BuildOptions
from ..paper.gang import Gangable, gang_outputs
from ..paper.impose import SheetSpec, expand, impose
from ..paper.output import Output, file_name
from ..pieces.outputs import display_name
from ..pieces.plan import plan as plan_pieces
from ..pieces.settings import PieceSettings
from ..scene.compose import CardFaces, compose_deck
from ..scene.nodes import Scene

RULEBOOK_PARTS = ("rulebook", "quickref")  # --only names that select the rulebook step


def selected_decks(loaded: LoadedGame, only: tuple[str, ...]):
    """The decks --only names (directly or through a component); other names are pieces'."""
    game = loaded.game
    if not only:
        return list(game.decks)
    by_component = {c.id: c.ref for c in game.components if c.ref}
    wanted = {by_component.get(name, name) for name in only}
    return [d for d in game.decks if d.id in wanted]


def deck_file_name(deck_id: str, options: BuildOptions) -> str:
    return file_name(deck_id, options.paper, options.layout)


def compose_decks(loaded: LoadedGame, decks) -> tuple[dict[str, list[CardFaces]], list[str]]:
    """Every card of the decks composed; the problems of every card that fails."""
    composed: dict[str, list[CardFaces]] = {}
    problems = []
    for deck in decks:
        try:
            composed[deck.id] = compose_deck(loaded.game, deck, loaded.layouts)
        except BuildError as exc:
            problems.append(str(exc))
    return composed, problems


def card_spec(options: BuildOptions) -> SheetSpec:
    return SheetSpec(paper=options.paper, layout=options.layout, bleed=options.bleed,
                     back_offset_mm=options.back_offset)


def deck_output(deck, faces: list[CardFaces], options: BuildOptions, label: str = "") -> Output:
    """A deck's file (imposed when a PDF is asked for) and its SVG faces, each back once."""
    pages = []
    if "pdf" in options.formats:
        pages = impose(faces, card_spec(options))
    svgs: dict[str, Scene] = {}
    kinds: dict[str, str] = {}
    for card in faces:
        front = f"svg/{deck.id}/{card.card}.svg"
        svgs[front], kinds[front] = card.front, "card-front"
        back = f"svg/{deck.id}/back-{card.back_id}.svg"
        if back not in svgs:
            svgs[back], kinds[back] = card.back, "card-back"
    return Output(deck_file_name(deck.id, options), "deck", options.layout, deck.name, pages, [deck.id], svgs,
                  None if options.layout == "single" else options.paper, kinds, f"({deck.total} cards)",
                  Gangable("card", True, label or deck.name, cards=expand(faces)))


def plan_kit(loaded: LoadedGame, options: BuildOptions) -> list[Output]:
    """The decks and pieces ``options`` select, composed and imposed; every problem at once."""
    decks = selected_decks(loaded, options.only)
    composed, problems = compose_decks(loaded, decks)
    pieces: list[Output] = []
    try:
        pieces = plan_pieces(loaded, PieceSettings.from_options(options))
    except BuildError as exc:
        problems.append(str(exc))
    if problems:
        raise BuildError("\n".join(problems))
    settings = PieceSettings.from_options(options)
    decks_out = [deck_output(deck, composed[deck.id], options, display_name(loaded.game, deck.id, deck.name))
                 for deck in decks]
    if "pdf" not in options.formats:
        return decks_out + pieces
    # Small decks and pieces of one stock and sides share sheets (paper/gang.py).
    return gang_outputs(decks_out + pieces, loaded.game.title, card_spec(options), settings.spec(), bool(options.only))
