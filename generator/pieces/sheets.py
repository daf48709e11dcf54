"""Compose sheets from their layouts (see sheet_layout.py for the layout language)."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ..errors import BuildError
from ..model.game import Game, Piece
from ..model.sheet_layouts import Region, SheetLayout
from ..scene.compose import cite_rules, region_place
from ..scene.draw import INK, Ink, colour, label, make_scene
from ..scene.nodes import Circle, Icon, Line, Polygon, Rect, Scene, mm
from ..scene.templates import TemplateError, environment
from ..scene.text import TextOverflow, set_text

LINE_COLOUR = "#9a8f85"


def _colour_filter(value: Any) -> str:
    return colour(value, str(value))


_FILTERS = {"colour": _colour_filter, "color": _colour_filter}
_strict = environment(filters=_FILTERS)
_lenient = environment(lenient=True, filters=_FILTERS)


@lru_cache(maxsize=2048)
def _template(source: str):
    return _strict.from_string(source)


@lru_cache(maxsize=2048)
def _expression(source: str, lenient: bool):
    return (_lenient if lenient else _strict).compile_expression(source, undefined_to_none=False)


class SheetError(Exception):
    pass


def piece_context(piece: Piece) -> dict:
    return {"id": piece.id, "name": piece.name, "count": piece.count, "rule": piece.rule, "note": piece.note,
            "sample": piece.sample, **piece.extra}


def game_context(game: Game) -> dict:
    return {
        "id": game.id, "title": game.title, "subtitle": game.subtitle,
        "tables": {t.id: {"title": t.title, "kind": t.kind, "columns": list(t.columns), "rows": list(t.rows),
                          "items": list(t.items)} for t in game.tables},
        "values": {k: v.value for k, v in game.values.items()},
        "icons": sorted(game.icons),
        "rule_numbers": dict(game.rule_numbers),
        "pieces": {p.id: piece_context(p) for group in (game.boards, game.tokens, game.tiles, game.sheets)
                   for p in group},
    }


class SheetComposer:
    def __init__(self, game: Game, ink: Ink):
        self.game = game
        self.ink = ink
        self.game_ctx = game_context(game)
        _strict.filters["rule"] = lambda rid: f"§{game.rule_numbers.get(str(rid), '?')}"
        _lenient.filters["rule"] = _strict.filters["rule"]

    # --- evaluation -----------------------------------------------------------------------

    def value(self, expr: Any, ctx: dict, lenient: bool = False) -> Any:
        if not isinstance(expr, str):
            return expr
        return _expression(expr, lenient)(**ctx)

    def render(self, source: str | None, ctx: dict) -> str:
        if not source:
            return ""
        return _template(source).render(**ctx).strip()

    def colour_of(self, source: str | None, ctx: dict) -> str | None:
        if source is None:
            return None
        text = self.render(source, ctx) if "{" in source else source
        if text in ("", "none"):
            return None
        value = colour(text)
        if value is None:
            raise SheetError(f"'{text}' is not a colour (use #rrggbb or a colour word such as red, white, grey)")
        return value

    # --- the sheet ------------------------------------------------------------------------

    def compose(self, piece: Piece, layout: SheetLayout, copy: int = 1, side: str = "front",
                data: dict | None = None) -> Scene:
        width, height = (mm(v) for v in layout.size_mm)
        bleed = mm(layout.bleed)
        sheet = data if data is not None else piece_context(piece)
        ctx = {"sheet": sheet, "game": self.game_ctx, "copy": copy, "copies": piece.count, "side": side,
               "piece": piece_context(piece), "pick": lambda seq: list(seq)[(copy - 1) % len(seq)] if seq else None,
               "cell_w": layout.size_mm[0], "cell_h": layout.size_mm[1]}
        nodes: list = []
        background = self.ink.background(colour(layout.background)) if layout.background else None
        if background:
            nodes.append(Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=background))
        problems: list[str] = []
        self.regions(layout.regions, ctx, 0.0, 0.0, nodes, problems, piece, layout)
        if problems:
            raise BuildError("\n".join(problems))
        return make_scene(width, height, nodes, bleed)

    def regions(self, regions, ctx: dict, ox: float, oy: float, out: list, problems: list, piece: Piece,
                layout: SheetLayout) -> None:
        for region in regions:
            try:
                if region.when is not None and not self.value(region.when, ctx, lenient=True):
                    continue
                self.region(region, ctx, ox, oy, out, problems, piece, layout)
            except TextOverflow as exc:
                problems.append(self._where(piece, layout, region) +
                                f"text does not fit its box even at {exc.size:g} pt ({exc.needed:.0f} pt of height "
                                f"needed, {exc.available:.0f} pt available); shorten the text, or lower font.min / "
                                f"enlarge the box")
            except (TemplateError, SheetError, TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
                problems.append(self._where(piece, layout, region) + str(exc))

    @staticmethod
    def _where(piece: Piece, layout: SheetLayout, region: Region) -> str:
        source = f" ({layout.source.name})" if layout.source else ""
        place = region_place(layout.source, region.id, None) if layout.source else ""
        return f"{place}sheet '{piece.id}', layout '{layout.id}'{source}, region '{region.id}': "

    def region(self, region: Region, ctx: dict, ox: float, oy: float, out: list, problems: list, piece: Piece,
               layout: SheetLayout) -> None:
        bx, by, bw, bh = (float(self.value(v, ctx)) for v in region.box)
        x, y, w, h = ox + mm(bx), oy + mm(by), mm(bw), mm(bh)
        ink = self.ink
        fill = ink.fill(self.colour_of(region.fill, ctx))
        stroke = self.colour_of(region.stroke, ctx)
        stroke = ink.line(stroke) if stroke else None
        width = ink.width(mm(region.stroke_width))
        kind = region.kind
        if kind in ("rect", "text") and (fill or stroke):
            if region.dash:
                out.append(Polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), fill=fill, stroke=stroke,
                                   stroke_width=width, dash=(3, 2)))
            else:
                out.append(Rect(x, y, w, h, fill=fill, stroke=stroke, stroke_width=width if stroke else 0.0,
                                radius=mm(region.radius)))
        if kind == "text":
            text = self.render(region.value, ctx)
            if text:
                pad = mm(region.padding)
                font = region.font
                spans, _ = set_text(cite_rules(text, self.game), (x + pad, y + pad, w - 2 * pad, h - 2 * pad),
                                    size=font.size, min_size=font.min_size, style=font.style, align=font.align,
                                    valign=font.valign, color=font.color, leading=font.leading,
                                    icons=set(self.game.icons))
                out.extend(spans)
        elif kind == "icon":
            icon = self.render(region.value, ctx)
            if icon:
                if icon not in self.game.icons:
                    raise SheetError(f"icon '{icon}' does not exist in this game")
                out.append(Icon(icon, x, y, w, h))
        elif kind == "line":
            colour_ = stroke or ink.line(INK)
            if region.dash:
                out.append(Polygon(((x, y), (x + w, y + h)), stroke=colour_, stroke_width=width, closed=False, dash=(3, 2)))
            else:
                out.append(Line(x, y, x + w, y + h, colour_, width))
        elif kind == "circle":
            r = min(w, h) / 2
            out.append(Circle(x + w / 2, y + h / 2, r, fill=fill, stroke=stroke, stroke_width=width if stroke else 0.0,
                              dash=(3, 2) if region.dash else ()))
        elif kind == "lines":
            count = int(self.value(region.count, ctx))
            colour_ = stroke or ink.line(LINE_COLOUR)
            for i in range(1, count + 1):
                ly = y + h * i / count
                out.append(Line(x, ly, x + w, ly, colour_, width))
        elif kind == "boxes":
            self.boxes(region, ctx, x, y, w, h, fill, stroke, width, out)
        elif kind == "repeat":
            self.repeat(region, ctx, x, y, w, h, out, problems, piece, layout)
        elif kind == "table":
            self.table(region, ctx, x, y, w, h, stroke, width, out)
        elif kind == "graph":
            self.graph(region, ctx, x, y, w, h, fill, stroke, width, out)

    # --- boxes ------------------------------------------------------------------------------

    def boxes(self, region: Region, ctx: dict, x, y, w, h, fill, stroke, width, out: list) -> None:
        labels = self.value(region.labels, ctx) if region.labels is not None else None
        labels = list(labels) if labels is not None else None
        count = int(self.value(region.count, ctx)) if region.count is not None else len(labels or [])
        if count <= 0:
            return
        per_row = int(self.value(region.per_row, ctx)) if region.per_row is not None else (
            count if region.direction == "across" else 1)
        per_row = max(1, per_row)
        rows = math.ceil(count / per_row)
        gap = mm(region.gap)
        captions = self.value(region.captions, ctx) if region.captions is not None else {}
        captions = {str(k): v for k, v in captions.items()} if isinstance(captions, dict) else {}
        caption_h = mm(region.caption_font.size * 0.45) if captions else 0.0
        cell_w = (w - gap * (per_row - 1)) / per_row
        cell_h = (h - gap * (rows - 1)) / rows - caption_h
        if region.square:
            cell_w = cell_h = min(cell_w, cell_h)
        shade = {int(v) for v in (self.value(region.shade, ctx) or [])}
        shade_labels = {str(v) for v in (self.value(region.shade_labels, ctx) or [])}
        icons = {str(k): v for k, v in (self.value(region.icons, ctx) or {}).items()}
        shade_fill = self.ink.fill(self.colour_of(region.shade_fill, ctx) or "#e8c66a")
        line = stroke or self.ink.line(INK)
        font = region.font
        for i in range(count):
            if region.direction == "across":
                col, row = i % per_row, i // per_row
            else:
                row, col = i % rows, i // rows
                if region.direction == "up":
                    row = rows - 1 - row
            bx = x + col * (cell_w + gap)
            by = y + row * (cell_h + caption_h + gap)
            text = str(labels[i]) if labels is not None and i < len(labels) else ""
            shaded = (i + 1) in shade or (text and text in shade_labels)
            out.append(Rect(bx, by, cell_w, cell_h, fill=shade_fill if shaded else fill, stroke=line,
                            stroke_width=width or 0.6, radius=min(cell_w, cell_h) * 0.08))
            icon = icons.get(text) if text else icons.get(str(i + 1))
            if icon:
                if icon not in self.game.icons:
                    raise SheetError(f"icon '{icon}' does not exist in this game")
                side = min(cell_w, cell_h) * 0.8
                out.append(Icon(icon, bx + (cell_w - side) / 2, by + (cell_h - side) / 2, side, side))
            elif text:
                size = min(font.size, cell_h / mm(1) * 1.6)
                anchor = {"left": bx + cell_w * 0.1, "center": bx + cell_w / 2, "right": bx + cell_w * 0.9}[font.align]
                out.append(label(text, anchor, by + cell_h / 2, size, font.style, font.color, max_width=cell_w * 0.84,
                                 align=font.align))
            caption = captions.get(str(i + 1))
            if caption:
                cf = region.caption_font
                out.append(label(str(caption), bx + cell_w / 2, by + cell_h + caption_h * 0.6, cf.size, cf.style,
                                 cf.color, max_width=max(cell_w * 3, mm(12))))

    # --- repeat -----------------------------------------------------------------------------

    def repeat(self, region: Region, ctx: dict, x, y, w, h, out, problems, piece, layout) -> None:
        items = self.value(region.each, ctx)
        if isinstance(items, dict):
            items = list(items.items())
        items = list(items or [])
        if not items:
            return
        n = len(items)
        offsets: list[float] = []
        lengths: list[float] = []
        if region.at is None:
            along = h if region.direction == "down" else w
            if region.step is not None:
                offsets = [i * mm(region.step) for i in range(n)]
                lengths = [mm(region.step)] * n
            else:
                if region.weight is not None:
                    weights = [float(self.value(region.weight, {**ctx, region.as_: item, "index": i + 1}))
                               for i, item in enumerate(items)]
                else:
                    weights = [1.0] * n
                total = sum(weights) or 1.0
                position = 0.0
                for weight in weights:
                    offsets.append(position)
                    lengths.append(along * weight / total)
                    position += along * weight / total
        for i, item in enumerate(items):
            child = {**ctx, region.as_: item, "index": i + 1}
            if region.at is not None:
                if region.cell is None:  # the layout's loader refuses this (model/sheet_layouts.py)
                    raise SheetError("a repeat placed by 'at' needs 'cell: [width, height]'")
                col, row = self.value(region.at, child)
                cx, cy = x + float(col) * mm(region.cell[0]), y + float(row) * mm(region.cell[1])
                child["cell_w"], child["cell_h"] = region.cell
            elif region.direction == "down":
                cx, cy = x, y + offsets[i]
                child["cell_w"], child["cell_h"] = w / mm(1), lengths[i] / mm(1)
            else:
                cx, cy = x + offsets[i], y
                child["cell_w"], child["cell_h"] = lengths[i] / mm(1), h / mm(1)
            self.regions(region.regions, child, cx, cy, out, problems, piece, layout)

    # --- table ------------------------------------------------------------------------------

    def table(self, region: Region, ctx: dict, x, y, w, h, stroke, width, out: list) -> None:
        columns = list(self.value(region.columns, ctx) or [])
        rows = list(self.value(region.rows, ctx) or [])
        if not columns:
            return
        widths = [float(self.value(region.column_width, {**ctx, "column": column}))
                  if region.column_width is not None else 1.0 for column in columns]
        total = sum(widths)
        xs = [x]
        for value in widths:
            xs.append(xs[-1] + w * value / total)
        head = mm(region.header_height)
        row_h = (h - head) / max(1, len(rows))
        line = stroke or self.ink.line(INK)
        line_w = width or 0.6
        header_fill = self.ink.fill(self.colour_of(region.header_fill, ctx))
        if header_fill:
            out.append(Rect(x, y, w, head, fill=header_fill))
        hf = region.header_font
        for c, column in enumerate(columns):
            cctx = {**ctx, "column": column, "column_index": c + 1}
            text = self.render(region.header or "{{ column.label if column.label is defined else column }}", cctx)
            cx, cw = xs[c], xs[c + 1] - xs[c]
            if text:
                spans, _ = set_text(text, (cx + mm(1), y + mm(1), cw - mm(2), head - mm(2)), size=hf.size,
                                    min_size=hf.min_size, style=hf.style, align=hf.align, valign=hf.valign,
                                    color=hf.color, leading=hf.leading, icons=set(self.game.icons))
                out.extend(spans)
            if region.header_line is not None and self.value(region.header_line, cctx):
                out.append(Line(cx + mm(2), y + head - mm(2.2), cx + cw - mm(2), y + head - mm(2.2),
                                self.ink.line(LINE_COLOUR), 0.5))
        font = region.font
        for r, row in enumerate(rows):
            ry = y + head + r * row_h
            for c, column in enumerate(columns):
                cctx = {**ctx, "column": column, "row": row, "row_index": r + 1, "column_index": c + 1}
                cx, cw = xs[c], xs[c + 1] - xs[c]
                text = self.render(region.cell_value, cctx) if region.cell_value else ""
                if text:
                    spans, _ = set_text(text, (cx + mm(1.5), ry + mm(1), cw - mm(3), row_h - mm(2)), size=font.size,
                                        min_size=font.min_size, style=font.style, align=font.align,
                                        valign=font.valign, color=font.color, leading=font.leading,
                                        icons=set(self.game.icons))
                    out.extend(spans)
                if region.cell_box is not None and self.value(region.cell_box, cctx):
                    side = min(mm(4), row_h * 0.35)
                    out.append(Rect(cx + cw - side - mm(1.5), ry + mm(1.5), side, side, stroke=line, stroke_width=0.5))
        # The grid on top of the fills.
        bottom = y + head + row_h * len(rows)
        out.append(Rect(x, y, w, bottom - y, stroke=line, stroke_width=line_w * 1.5))
        out.append(Line(x, y + head, x + w, y + head, line, line_w * 1.5))
        for r in range(1, len(rows)):
            out.append(Line(x, y + head + r * row_h, x + w, y + head + r * row_h, line, line_w))
        for cx in xs[1:-1]:
            out.append(Line(cx, y, cx, bottom, line, line_w))

    # --- graph ------------------------------------------------------------------------------

    def graph(self, region: Region, ctx: dict, x, y, w, h, fill, stroke, width, out: list) -> None:
        nodes = list(self.value(region.nodes, ctx) or [])
        ex, ey = region.extent
        where: dict[str, tuple[float, float]] = {}
        for node in nodes:
            key = str(node[region.node_id])
            at = node[region.node_at]
            where[key] = (x + float(at[0]) / ex * w, y + float(at[1]) / ey * h)
        line = stroke or self.ink.line(INK)
        edges: set[tuple[str, str]] = set()
        if region.links:
            for node in nodes:
                links = node.get(region.links) if isinstance(node, dict) else None
                targets = links.values() if isinstance(links, dict) else (links or [])
                for target in targets:
                    a, b = str(node[region.node_id]), str(target)
                    if b not in where:
                        raise SheetError(f"node '{a}' links to '{b}', which is not a node")
                    if a != b:
                        edges.add((min(a, b), max(a, b)))
        for a, b in sorted(edges):
            (x1, y1), (x2, y2) = where[a], where[b]
            out.append(Line(x1, y1, x2, y2, line, width or 0.8))
        start = str(self.value(region.start, ctx)) if region.start is not None else None
        r = mm(region.node_size) / 2
        for key, (cx, cy) in where.items():
            out.append(Circle(cx, cy, r, fill=self.ink.fill("#e8c66a") if key == start else (fill or "#ffffff"),
                              stroke=line, stroke_width=width or 0.8))
