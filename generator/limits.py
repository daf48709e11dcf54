"""Every limit Boneyard puts on game data, in one table. A game folder comes from anyone, so
reading, validating and building it must take bounded time and memory; each limit is refused
with a located message (exit 2), quickly. Stdlib only: the model, the scene and the templates
all read from here."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    value: int
    what: str


LIMITS: dict[str, Limit] = {
    # reading the YAML (generator.model.safeyaml, generator.model.files)
    "yaml_file_bytes": Limit(5 * 1024 * 1024, "bytes in one YAML file"),
    "yaml_depth": Limit(100, "levels of nesting in one YAML file"),
    "yaml_values": Limit(200_000, "values in one YAML file, aliases expanded"),
    "game_files": Limit(500, "YAML files in one game folder"),
    "game_yaml_bytes": Limit(20 * 1024 * 1024, "bytes in all the YAML files of one game folder"),
    # cards from a spreadsheet (generator.model.sheet_read)
    "sheet_file_bytes": Limit(5 * 1024 * 1024, "bytes in one CSV or XLSX file of cards"),
    "sheet_unzipped_bytes": Limit(50 * 1024 * 1024, "bytes an XLSX file holds once unzipped (a zip bomb?)"),
    "sheet_rows": Limit(10_000, "rows of cards in one spreadsheet (the rows read stop at ten times this)"),
    "sheet_columns": Limit(200, "columns in one spreadsheet of cards"),
    # what the data describes (generator.model.references)
    "deck_cards": Limit(10_000, "cards printed by one deck"),
    "game_cards": Limit(20_000, "cards printed by all the decks of one game"),
    "text_chars": Limit(20_000, "characters in one text field (a card's text, a rule section)"),
    "board_cells": Limit(10_000, "cells in one square grid or hex map (columns x rows), and cells listed on one board"),
    "problems_listed": Limit(100, "problems listed one by one for a game (the rest are counted in one line)"),
    # art (generator.model.icons, generator.scene.images, generator.rulebook.pdf)
    "icon_bytes": Limit(512 * 1024, "bytes in one SVG icon"),
    "icon_depth": Limit(50, "levels of nested elements in one SVG icon"),
    "icon_coordinate": Limit(1_000_000, "size of any number (coordinate, width) in one SVG icon"),
    "image_bytes": Limit(50 * 1024 * 1024, "bytes in one PNG or JPEG"),
    "image_pixels": Limit(80_000_000, "pixels in one PNG or JPEG, read from its header before decoding"),
    "font_bytes": Limit(20 * 1024 * 1024, "bytes in one font file (or its licence) a game ships (generator.model.fonts)"),
    "rulebook_fetch_bytes": Limit(32 * 1024 * 1024, "bytes in one file the rulebook embeds"),
    # the templates in layouts (generator.scene.templates)
    "template_output": Limit(100_000, "characters one layout value renders to"),
    "template_string": Limit(100_000, "characters (or items) in one string or list a template makes"),
    "template_value": Limit(1_000_000, "characters and items in one value a template turns into text or filters"),
    "template_format_width": Limit(1_000, "width or precision in one format spec ('%5d', '{:>5}')"),
    "template_range": Limit(10_000, "items in one range()"),
    "template_steps": Limit(100_000, "loop steps and calls in one rendering of a layout value"),
    "template_power_bits": Limit(4_096, "bits in the result of '**'"),
    # images made from the PDF (generator.preview, generator.render.tts)
    "preview_dpi": Limit(600, "dots per inch of a card preview (cards preview --dpi)"),
    "preview_pixels": Limit(50_000_000, "pixels in one preview image, a card or a contact sheet"),
    "tts_sheet_px": Limit(4_096, "pixels on each side of a Tabletop Simulator deck sheet, which TTS must stay under"),
}


def limit(name: str) -> int:
    return LIMITS[name].value
