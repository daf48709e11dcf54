"""Write planned outputs: each PDF through the PDF backend, each SVG face through the SVG backend,
every file to a temporary name first. reportlab is imported only when a PDF is written."""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from pathlib import Path

from ..atomic import atomic_path, write_text_atomic
from ..model.game import Game
from ..paper.output import Output
from ..scene.fonts import copy_fonts, game_families
from .files import WrittenFile


def write_outputs(game: Game, outputs: Iterable[Output], out_dir: Path, formats: tuple[str, ...], bleed: bool,
                  progress: Callable[[str], None] = lambda message: None,
                  kept: Collection[str] = ()) -> list[WrittenFile]:
    """Write every output's PDF, then every SVG face but those in ``kept`` (up to date where they
    are: kit/state.py); return the files of the outputs, kept ones included."""
    outputs = list(outputs)
    icons = {icon_id: info.file for icon_id, info in game.icons.items() if info.file}
    written: list[WrittenFile] = []
    if "pdf" in formats:
        from ..render.pdf import write_pdf

        for output in outputs:
            progress(f"{game.id}: {output.title}{' ' + output.note if output.note else ''} -> {output.name}")
            with atomic_path(out_dir / output.name) as temp:
                count = write_pdf(temp, output.pages, icons, f"{game.title}: {output.title}")
            written.append(WrittenFile(output.name, output.pieces, output.kind, count, output.paper, output.layout,
                                       output.sheets))
    if "svg" in formats and any(output.svgs for output in outputs):
        copy_fonts(out_dir / "svg" / "fonts", game_families(game.root, game.fonts))
        for output in outputs:
            drawn = len([rel for rel in output.svgs if rel not in kept])
            if drawn:
                progress(f"{game.id}: {output.title} -> {drawn} SVG file{'' if drawn == 1 else 's'}")
            default_kind = f"{output.kind}-svg"  # one string for all of an output's faces
            for rel, scene in output.svgs.items():
                if rel not in kept:
                    from ..render.svg import scene_svg  # only when a face is drawn

                    write_text_atomic(out_dir / rel, scene_svg(scene, icons, font_dir="../fonts", bleed=bleed))
                kind = output.svg_kinds.get(rel, default_kind)
                written.append(WrittenFile(rel, output.pieces, kind, 1, None, "single"))
    return written
