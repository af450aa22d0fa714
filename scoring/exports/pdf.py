"""Render a Document as PDF with reportlab: headed pages, numbered."""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from io import BytesIO
from pathlib import Path

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)
from reportlab.platypus import PageBreak as PdfPageBreak
from reportlab.platypus import Table as PdfTable

from .document import Block, Cell, Document, Kind, PageBreak, Table

PAGE_SIZES = {"A4": A4, "Letter": LETTER}
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
# DejaVu carries the suit symbols and every accented letter we need.
FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
)


@cache
def _fonts() -> None:
    for name, file in ((FONT, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        path = next((d / file for d in FONT_DIRS if (d / file).exists()), None)
        if path is None:
            raise RuntimeError(
                f"{file} not found: install the fonts-dejavu-core package"
            )
        pdfmetrics.registerFont(TTFont(name, str(path)))


def cell_text(value: Cell, kind: Kind) -> str:
    if value is None:
        return ""
    if kind is Kind.PERCENT and isinstance(value, Decimal):
        return f"{value:.2f}%"
    if kind is Kind.DECIMAL and isinstance(value, Decimal):
        return f"{value:.2f}"
    return str(value)


def _table(block: Table) -> list:
    styles = getSampleStyleSheet()
    title = Paragraph(block.title, styles["Heading3"].clone("h", fontName=BOLD))
    data = [[c.label for c in block.columns]] + [
        [cell_text(row.get(c.key), c.kind) for c in block.columns] for row in block.rows
    ]
    table = PdfTable(data, repeatRows=1)
    numeric = [i for i, c in enumerate(block.columns) if c.kind is not Kind.TEXT]
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.whitesmoke]),
    ] + [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in numeric]
    table.setStyle(TableStyle(style))
    parts = [title, table, Spacer(1, 4 * mm)]
    return [KeepTogether(parts)] if block.keep_together else parts


def _flowables(block: Block) -> list:
    if isinstance(block, PageBreak):
        return [PdfPageBreak()]
    if isinstance(block, Table):
        return _table(block)
    raise TypeError(f"no PDF rendering for {type(block).__name__}")


def _header(document: Document):  # noqa: ANN202
    parts = [document.club, document.event, document.title]
    if document.day:
        parts.append(date_format(document.day))
    heading = " · ".join(p for p in parts if p)

    def draw(canvas, doc) -> None:  # noqa: ANN001
        width, height = doc.pagesize
        canvas.saveState()
        canvas.setFont(FONT, 8)
        canvas.drawString(doc.leftMargin, height - 12 * mm, heading)
        canvas.drawRightString(
            width - doc.rightMargin,
            10 * mm,
            _("Page %(number)d") % {"number": doc.page},
        )
        canvas.restoreState()

    return draw


def render_pdf(document: Document, page_size: str = "A4") -> bytes:
    _fonts()
    out = BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=PAGE_SIZES[page_size],
        title=document.title,
        topMargin=18 * mm,
        bottomMargin=16 * mm,
    )
    story = [f for block in document.blocks for f in _flowables(block)]
    draw = _header(document)
    doc.build(story, onFirstPage=draw, onLaterPages=draw)
    return out.getvalue()
