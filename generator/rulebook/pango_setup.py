"""WeasyPrint's text layouts set up with a Pango context and font description made once, not
once a layout.

WeasyPrint sets up a Pango layout for every line it tries and again for every line it draws
(some 12,800 for Rattlebones' rulebook), and each set-up makes a new Pango context (base
direction, language) and a new font description from the style (family, style, stretch,
weight, size, variant, variations): ~150 us of cffi calls each, about a tenth of a book's CPU.
A context and a description that are the same for the same values are made once a font
configuration (a rulebook's documents share one, ``pdf.shared_fonts``) and handed to every
layout that wants them: Pango copies the description into the layout, and a layout holding a
context reads it only (nothing changes a context once it is made; a font added later changes
the font map, which every context of it sees). The rest of the set-up is WeasyPrint's own,
line for line: same layouts, same lines, same PDF.

Installed by pdf.py (``install``, handed WeasyPrint's modules: WeasyPrint is imported there only).
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

_weasy: Any = None  # what WeasyPrint sets a layout up with
_original: Any = None  # WeasyPrint's own Layout.setup (the tests compare with it)
KEPT = "_boneyard_pango_setup"  # the attribute of a font configuration that holds its contexts and descriptions


def _kept(config) -> tuple[dict, dict]:
    kept = getattr(config, KEPT, None)
    if kept is None:
        kept = ({}, {})
        setattr(config, KEPT, kept)
    return kept


def _context(config, direction, lang: str | None):
    """The font map's context for a base direction and language (None: the default)."""
    contexts = _kept(config)[0]
    key = (direction, lang)
    context = contexts.get(key)
    if context is None:
        w = _weasy
        context = w.ffi.gc(w.pango.pango_font_map_create_context(config.font_map), w.gobject.g_object_unref)
        w.pango.pango_context_set_round_glyph_positions(context, False)
        w.pango.pango_context_set_base_dir(context, w.directions[direction])
        if lang:
            lang_p, _ = w.unicode_to_char_p(lang)
            w.pango.pango_context_set_language(context, w.pango.pango_language_from_string(lang_p))
        contexts[key] = context
    return context


def _font_description(style):
    """``get_font_description(style)``, made once for the same font properties."""
    descriptions = _kept(style.font_config)[1]
    variations = style["font_variation_settings"]
    key = (tuple(style["font_family"]), style["font_style"], style["font_stretch"], style["font_weight"],
           style["font_size"], style["font_variant_caps"],
           variations if variations == "normal" else tuple(tuple(pair) for pair in variations))
    description = descriptions.get(key)
    if description is None:
        description = descriptions[key] = _weasy.get_font_description(style)
    return description


def setup(self, style) -> None:
    """``weasyprint.text.line_break.Layout.setup``, with the context and description kept."""
    w = _weasy
    ffi, pango = w.ffi, w.pango
    self.style = style
    self.first_line_direction = 0

    if style["font_language_override"] != "normal":
        lang = w.lst_to_iso.get(style["font_language_override"].lower(), style["font_language_override"])
    elif style["lang"]:
        lang = style["lang"]
    else:
        lang = None
    lang = lang or None
    pango_context = _context(style.font_config, style["direction"], lang)
    if lang:
        lang_p, _ = w.unicode_to_char_p(lang)
        self.language = pango.pango_language_from_string(lang_p)
    else:
        self.language = pango.pango_language_get_default()

    assert not isinstance(style["font_family"], str), "font_family should be a list"
    font_description = _font_description(style)
    self.layout = ffi.gc(pango.pango_layout_new(pango_context), w.gobject.g_object_unref)
    pango.pango_layout_set_auto_dir(self.layout, False)
    pango.pango_layout_set_font_description(self.layout, font_description)

    if style["text_decoration_line"] != "none":
        metrics = ffi.gc(pango.pango_context_get_metrics(pango_context, font_description, self.language),
                         pango.pango_font_metrics_unref)
        self.ascent = w.from_units * pango.pango_font_metrics_get_ascent(metrics)
        self.underline_position = w.from_units * pango.pango_font_metrics_get_underline_position(metrics)
        self.strikethrough_position = w.from_units * pango.pango_font_metrics_get_strikethrough_position(metrics)
        self.underline_thickness = w.from_units * pango.pango_font_metrics_get_underline_thickness(metrics)
        self.strikethrough_thickness = w.from_units * pango.pango_font_metrics_get_strikethrough_thickness(metrics)
    else:
        self.ascent = None
        self.underline_position = None
        self.strikethrough_position = None

    features = w.font_features(
        style["font_kerning"], style["font_variant_ligatures"], style["font_variant_position"],
        style["font_variant_caps"], style["font_variant_numeric"], style["font_variant_alternates"],
        style["font_variant_east_asian"], style["font_feature_settings"])
    if features:
        features = ",".join(f"{key} {value}" for key, value in features.items()).encode()
        attr = style.font_config.font_features.setdefault(features, pango.pango_attr_font_features_new(features))
        attr_list = pango.pango_attr_list_new()  # a list of its own: set_text may add to it
        pango.pango_attr_list_insert(attr_list, attr)
        pango.pango_layout_set_attributes(self.layout, attr_list)


def install(line_break, ffi, pango, gobject, constants) -> bool:
    """Set WeasyPrint's layouts up with ``setup`` (``line_break`` is weasyprint.text.line_break,
    ``ffi``, ``pango`` and ``gobject`` from weasyprint.text.ffi, ``constants``
    weasyprint.text.constants). False, changing nothing, when this WeasyPrint is not as expected."""
    global _weasy, _original
    layout: Any = getattr(line_break, "Layout", None)
    current = getattr(layout, "setup", None)
    if current is setup:
        return True
    if (getattr(current, "__qualname__", "") != "Layout.setup" or not all(
            hasattr(line_break, name) for name in ("get_font_description", "font_features", "unicode_to_char_p",
                                                   "FROM_UNITS"))
            or not hasattr(constants, "PANGO_DIRECTION") or not hasattr(constants, "LST_TO_ISO")):
        return False
    _weasy = SimpleNamespace(
        ffi=ffi, pango=pango, gobject=gobject, directions=constants.PANGO_DIRECTION,
        lst_to_iso=constants.LST_TO_ISO, get_font_description=line_break.get_font_description,
        font_features=line_break.font_features, unicode_to_char_p=line_break.unicode_to_char_p,
        from_units=line_break.FROM_UNITS)
    _original = current
    layout.setup = setup
    return True
