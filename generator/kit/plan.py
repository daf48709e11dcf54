"""What a game's kit holds: every selected deck composed and imposed, every piece composed and put
on paper, as ``Output``s. `cards build` writes this plan; `cards validate` makes it and writes
nothing, so both find the same problems (all of them at once)."""
from __future__ import annotations

from collections.abc import Iterable

from ..errors import BuildError
from ..model.loader import LoadedGame
from ..options import BuildOptions
from ..paper.deck_pages import FacesComposed, FrontsComposed
from ..paper.gang import Gangable, gang_outputs
from ..paper.impose import Page, SheetSpec, expand, impose
from ..paper.output import Output, file_name
from ..pieces.outputs import display_name
from ..pieces.plan import plan as plan_pieces
from ..pieces.settings import PieceSettings
from ..scene.compose import CardFaces, PlannedFront, compose_deck, compose_front, deck_context
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


def compose_decks(loaded: LoadedGame, decks, keep_fronts: bool = True) -> tuple[dict[str, list[CardFaces]], list[str]]:
    """Every card of the decks composed; the problems of every card that fails. Without
    ``keep_fronts`` the fronts are only planned (scene.compose.PlannedFront)."""
    composed: dict[str, list[CardFaces]] = {}
    problems = []
    for deck in decks:
        try:
            composed[deck.id] = compose_deck(loaded.game, deck, loaded.layouts, keep_fronts)
        except BuildError as exc:
            problems.append(str(exc))
    return composed, problems


def front_composer(loaded: LoadedGame, decks):
    """Composes a planned front again when its page is drawn (paper/deck_pages.FrontsComposed)."""
    by_id = {deck.id: deck for deck in decks}
    cards: dict[str, dict] = {}  # each deck's cards by id, made when its first front is drawn
    contexts = {deck.id: deck_context(deck) for deck in decks}

    def compose(planned: PlannedFront) -> Scene:
        deck = by_id[planned.deck]
        if deck.id not in cards:
            cards[deck.id] = {card.id: card for card in deck.cards}
        card = cards[deck.id][planned.card]
        scene = compose_front(loaded.game, deck, card, loaded.layouts, contexts[deck.id])
        if scene.key != planned.key:  # composing is a function of the data: a change here is a bug
            raise BuildError(f"deck '{deck.id}', card '{card.id}' composed otherwise when drawn than when planned")
        return scene

    return compose


def card_spec(options: BuildOptions) -> SheetSpec:
    return SheetSpec(paper=options.paper, layout=options.layout, bleed=options.bleed,
                     back_offset_mm=options.back_offset)


def deck_output(deck, faces: list[CardFaces], options: BuildOptions, label: str = "") -> Output:
    """A deck's file (imposed when a PDF is asked for) and its SVG faces, each back once."""
    pages: Iterable[Page] = []
    if "pdf" in options.formats:
        pages = impose(faces, card_spec(options))
    svgs: dict[str, Scene] = {}
    kinds: dict[str, str] = {}
    for card in faces if "svg" in options.formats else ():  # a path a card is held for nothing else
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
    # A build keeps no card's front scene: each is composed to find its problems, then again when
    # its sheet is drawn and when its SVG file is written.
    composed, problems = compose_decks(loaded, decks, keep_fronts=False)
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
    outputs = decks_out + pieces
    if "pdf" in options.formats:  # small decks and pieces of one stock and sides share sheets (paper/gang.py)
        outputs = gang_outputs(outputs, loaded.game.title, card_spec(options), settings.spec(), bool(options.only))
    compose = front_composer(loaded, decks)
    for output in outputs:
        if output.kind in ("deck", "card-stock"):
            if output.pages:
                output.pages = FrontsComposed(output.pages, compose)
            if any(isinstance(scene, PlannedFront) for scene in output.svgs.values()):
                output.svgs = FacesComposed(output.svgs, compose)
    return outputs
