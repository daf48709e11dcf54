"""Reading a spreadsheet of cards (CSV, TSV or XLSX) into rows of plain cells, within limits.

CSV is read as UTF-8 (a byte-order mark, as Excel's "CSV UTF-8" writes, is fine), its separator
(comma, semicolon or tab) taken from the header line. XLSX is read by openpyxl in read-only mode:
the first sheet or a named one; formulas are never evaluated, the result the spreadsheet program
saved with the file is used (a formula saved without one is refused). Every limit is in
generator/limits.py; past one the file is refused with a located message, at once.
"""
from __future__ import annotations

import csv
import datetime
import io
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..limits import limit

MAX_BYTES = limit("sheet_file_bytes")
MAX_UNZIPPED = limit("sheet_unzipped_bytes")
MAX_ROWS = limit("sheet_rows")
MAX_COLUMNS = limit("sheet_columns")
MAX_CELL = limit("text_chars")
SUFFIXES = (".csv", ".tsv", ".xlsx")


class SheetRefused(Exception):
    """The file cannot be read as cards: ``row`` and ``column`` (1-based) where known; ``key`` when
    the fix is in the YAML that names the file (its ``sheet:``), not in the file."""

    def __init__(self, message: str, row: int | None = None, column: int | None = None, hint: str | None = None,
                 key: str | None = None):
        super().__init__(message)
        self.message, self.row, self.column, self.hint, self.key = message, row, column, hint, key


@dataclass
class Grid:
    """A spreadsheet's rows: (row number, cells), blank rows left out; the header is the first."""

    rows: list[tuple[int, list[Any]]] = field(default_factory=list)
    long_cells: list[tuple[int, int, int]] = field(default_factory=list)  # (row, column, length) over MAX_CELL


def column_letter(number: int) -> str:
    """1 -> A, 27 -> AA: the name a spreadsheet program shows."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def read_grid(file: Path, sheet: str | None = None) -> Grid:
    suffix = file.suffix.lower()
    if suffix not in SUFFIXES:
        hint = ("save it as .xlsx or .csv" if suffix in (".xls", ".ods", ".numbers")
                else "give a .csv, .tsv or .xlsx file")
        raise SheetRefused(f"'{file.name}' is not a CSV, TSV or XLSX file", hint=hint)
    size = file.stat().st_size
    if size > MAX_BYTES:
        raise SheetRefused(f"file is {size / 1_048_576:.1f} MB; a spreadsheet of cards is limited to "
                           f"{MAX_BYTES // 1_048_576} MB", hint="split the cards over several decks")
    if suffix == ".xlsx":
        return _read_xlsx(file, sheet)
    if sheet is not None:
        raise SheetRefused("'sheet' is only for XLSX files; a CSV file holds one sheet", hint="remove 'sheet'")
    return _read_csv(file, "\t" if suffix == ".tsv" else None)


def _clean(value: Any) -> Any:
    """A cell as plain data: None for an empty cell, text stripped, 3.0 as 3, dates as ISO text."""
    if value is None:
        return None
    if isinstance(value, str):
        value = value.strip()
        return value or None
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


class _Collector:
    def __init__(self):
        self.grid = Grid()
        self.scanned = 0

    def add(self, number: int, cells: list[Any]) -> None:
        self.scanned += 1
        if self.scanned > MAX_ROWS * 10:
            raise SheetRefused(f"more than {MAX_ROWS * 10:,} rows", row=number,
                               hint="delete the empty rows below the cards, or split the cards over several files")
        cells = [_clean(c) for c in cells]
        while cells and cells[-1] is None:
            cells.pop()
        if not cells:
            return
        if len(cells) > MAX_COLUMNS:
            raise SheetRefused(f"row {number} has {len(cells)} columns; a spreadsheet of cards may have at most "
                               f"{MAX_COLUMNS}", row=number, column=MAX_COLUMNS + 1)
        if len(self.grid.rows) > MAX_ROWS:  # the header and MAX_ROWS cards are already here
            raise SheetRefused(f"more than {MAX_ROWS:,} rows of cards", row=number,
                               hint="split the cards over several decks")
        for index, cell in enumerate(cells):
            if isinstance(cell, str) and len(cell) > MAX_CELL:
                self.grid.long_cells.append((number, index + 1, len(cell)))
                cells[index] = None
        self.grid.rows.append((number, cells))


def _read_csv(file: Path, delimiter: str | None) -> Grid:
    try:
        text = file.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = file.read_bytes()[:exc.start].count(b"\n") + 1
        raise SheetRefused(f"file is not UTF-8 text (byte {exc.start})", row=line,
                           hint="save it as 'CSV UTF-8' (Excel) or with the UTF-8 character set (LibreOffice)") from None
    if delimiter is None:
        header = text.split("\n", 1)[0]
        delimiter = max((",", ";", "\t"), key=header.count) if header else ","
    collector = _Collector()
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)  # an unclosed quote is an error
    number = 0
    try:
        for number, cells in enumerate(reader, start=1):  # a record is a row, as spreadsheet programs count
            collector.add(number, cells)
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            raise SheetRefused(f"a cell holds over {csv.field_size_limit():,} characters; a cell may hold at most "
                               f"{MAX_CELL:,}", row=number + 1, hint="no card needs this much: shorten it") from None
        raise SheetRefused(f"cannot read the CSV: {exc}", row=number + 1,
                           hint="check the quotes in this row: a text holding the separator or a quote is "
                                "written in double quotes, with quotes inside doubled") from None
    return collector.grid


def _read_xlsx(file: Path, sheet: str | None) -> Grid:
    try:
        with zipfile.ZipFile(file) as archive:
            unzipped = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise SheetRefused("not a readable XLSX file (an XLSX file is a zip archive)",
                           hint="save it again from the spreadsheet program as .xlsx, or as .csv") from None
    if unzipped > MAX_UNZIPPED:
        raise SheetRefused(f"the XLSX file holds {unzipped / 1_048_576:.0f} MB once unzipped; the limit is "
                           f"{MAX_UNZIPPED // 1_048_576} MB", hint="save the cards alone as .csv")
    formulas: dict[tuple[int, int], str] = {}
    grid = _xlsx_rows(file, sheet, data_only=False, formulas=formulas)
    if not formulas:
        return grid
    # Formulas: the values saved with the file (openpyxl never evaluates them).
    saved = {number: cells for number, cells in _xlsx_rows(file, sheet, data_only=True, formulas={}).rows}
    for (number, column), formula in sorted(formulas.items()):
        cells = saved.get(number, [])
        value = cells[column - 1] if column <= len(cells) else None
        if value is None:
            raise SheetRefused(f"cell {column_letter(column)}{number} holds a formula ({formula[:40]}) whose result "
                               "was not saved in the file", row=number, column=column,
                               hint="open the file in a spreadsheet program and save it again (it saves the "
                                    "results), or paste the values instead of the formula")
    return Grid(rows=[(n, saved.get(n, c)) for n, c in grid.rows], long_cells=grid.long_cells)


def _xlsx_rows(file: Path, sheet: str | None, data_only: bool, formulas: dict) -> Grid:
    import openpyxl  # only here: YAML-only games never pay for it

    try:
        book = openpyxl.load_workbook(file, read_only=True, data_only=data_only, keep_links=False)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise SheetRefused(f"not a readable XLSX file ({type(exc).__name__}: {str(exc)[:80]})",
                           hint="save it again from the spreadsheet program as .xlsx, or as .csv") from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            from ..suggest import did_you_mean

            raise SheetRefused(f"{file.name} has no sheet '{sheet}'", key="sheet",
                               hint=did_you_mean(sheet, book.sheetnames) or f"its sheets: {', '.join(book.sheetnames)}")
        if not book.worksheets:
            raise SheetRefused("the file holds no worksheet", hint="put the cards on the first sheet")
        worksheet = book[sheet] if sheet is not None else book.worksheets[0]
        collector = _Collector()
        for number, row in enumerate(worksheet.iter_rows(values_only=True), start=1):
            cells = list(row)
            if not data_only:
                for index, cell in enumerate(cells):
                    if (isinstance(cell, str) and cell.startswith("=")) or not isinstance(
                            cell, (str, int, float, bool, type(None), datetime.date, datetime.time)):
                        formulas[(number, index + 1)] = str(cell)
            collector.add(number, cells)
        return collector.grid
    finally:
        book.close()
