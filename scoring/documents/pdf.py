"""Render a Document as PDF with reportlab: headed pages, numbered.

Numbers and dates are written in the active language (Django's formats), so
build and render inside the same `translation.override`.
"""

from __future__ import annotations

from functools import cache
from io import BytesIO
from pathlib import Path

from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)
from reportlab.platypus import PageBreak as PdfPageBreak
from reportlab.platypus import Table as PdfTable

from .document import (
    SUITS,
    Block,
    Deal,
    DealGrid,
    Document,
    Kind,
    PageBreak,
    Table,
)
from .text import SEAT_NAMES, VULNERABILITY_NAMES, cell_text

PAGE_SIZES = {"A4": A4, "Letter": LETTER}
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
# DejaVu carries the suit symbols and every accented letter we need.
FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
)
RED = "#c8102e"

__all__ = [
    "BOLD",
    "FONT",
    "PAGE_SIZES",
    "PdfRenderer",
    "cell_text",
    "fonts",
    "render_pdf",
]


@cache
def fonts() -> None:
    """Register the PDF fonts (once)."""
    for name, file in ((FONT, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        path = next((d / file for d in FONT_DIRS if (d / file).exists()), None)
        if path is None:
            raise RuntimeError(
                f"{file} not found: install the fonts-dejavu-core package"
            )
        pdfmetrics.registerFont(TTFont(name, str(path)))


class PdfRenderer:
    """Layout constants and one hook per block type; subclass to restyle."""

    margin = 15 * mm
    font_size = 8
    max_columns = 15  # wider tables are split, repeating their leading text columns
    heading = ParagraphStyle("heading", fontName=BOLD, fontSize=11, spaceAfter=4)
    hand = ParagraphStyle("hand", fontName=FONT, fontSize=9, leading=11)
    small = ParagraphStyle("small", fontName=FONT, fontSize=7, leading=8)
    makeable_style = (
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("LEFTPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    )

    def __init__(self, document: Document, page_size: str = "A4") -> None:
        self.document = document
        self.page_size = PAGE_SIZES[page_size]

    # ---- tables -------------------------------------------------------------

    def table(self, block: Table) -> list[Flowable]:
        parts: list[Flowable] = []
        for index, columns in enumerate(self._column_chunks(block)):
            more = _("%(title)s (continued)") % {"title": block.title}
            title = block.title if index == 0 else more
            parts += [
                Paragraph(escape(title), self.heading),
                self._grid(block, columns),
            ]
            parts.append(Spacer(1, 4 * mm))
        return [KeepTogether(parts)] if block.keep_together else parts

    def _column_chunks(self, block: Table) -> list[list[int]]:
        count = len(block.columns)
        if count <= self.max_columns:
            return [list(range(count))]
        lead = 0
        while block.columns[lead].kind is Kind.TEXT and lead < 3:
            lead += 1
        rest = range(lead, count)
        parts = -(-len(rest) // (self.max_columns - lead))  # balanced, not ragged
        width = -(-len(rest) // parts)
        return [
            list(range(lead)) + list(rest[i : i + width])
            for i in range(0, len(rest), width)
        ]

    def _grid(self, block: Table, indexes: list[int]) -> PdfTable:
        columns = [block.columns[i] for i in indexes]
        data = [[c.label for c in columns]] + [
            [cell_text(row.get(c.key), c.kind) for c in columns] for row in block.rows
        ]
        grid = PdfTable(data, repeatRows=1)
        numeric = [i for i, c in enumerate(columns) if c.kind is not Kind.TEXT]
        style = [
            ("FONT", (0, 0), (-1, -1), FONT, self.font_size),
            ("FONT", (0, 0), (-1, 0), BOLD, self.font_size),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.whitesmoke]),
        ] + [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in numeric]
        grid.setStyle(TableStyle(style))
        return grid

    # ---- deals --------------------------------------------------------------

    def _hand(self, deal: Deal, seat: str) -> Paragraph:
        lines = []
        for holding in deal.holdings(seat):
            symbol = holding.symbol
            if holding.red:
                symbol = f'<font color="{RED}">{symbol}</font>'
            lines.append(f"{symbol} {escape(holding.cards)}")
        return Paragraph("<br/>".join(lines), self.hand)

    def _centre(self, deal: Deal) -> Paragraph:
        board = _("Board %(number)s") % {"number": deal.board}
        dealer = _("Dealer: %(seat)s") % {"seat": SEAT_NAMES[deal.dealer]}
        vulnerable = _("Vulnerable: %(sides)s") % {
            "sides": VULNERABILITY_NAMES.get(deal.vulnerability, "")
        }
        lines = [f"<b>{escape(board)}</b>", escape(dealer), escape(vulnerable)]
        return Paragraph("<br/>".join(lines), self.hand)

    def _makeable(self, deal: Deal) -> PdfTable | str:
        """The makeable-contracts grid (bottom right), as clubs print it."""
        if not deal.double_dummy_rows:
            return ""
        head = ["", "NT"] + [
            f'<font color="{RED}">{symbol}</font>' if red else symbol
            for symbol, red in SUITS
        ]
        data = [[Paragraph(cell, self.small) for cell in head]] + [
            [Paragraph(escape(cell), self.small) for cell in row]
            for row in deal.makeable()
        ]
        grid = PdfTable(data, colWidths=[4.5 * mm] * 6)
        grid.setStyle(TableStyle(self.makeable_style))
        return grid

    def _par(self, deal: Deal) -> Paragraph | str:
        return Paragraph(escape(deal.par_text), self.small) if deal.par_text else ""

    def _points(self, deal: Deal) -> PdfTable | str:
        """Top left: each hand's high-card points and losing-trick count."""
        facts = deal.facts
        if facts is None:
            return ""
        rows = [["", _("HCP"), _("LTC")]] + [
            [seat, str(points), str(losers)]
            for (seat, points), (_seat, losers) in zip(
                facts.points, facts.losers, strict=True
            )
        ]
        data = [[Paragraph(escape(cell), self.small) for cell in row] for row in rows]
        grid = PdfTable(data, colWidths=[4 * mm, 7 * mm, 7 * mm])
        grid.setStyle(TableStyle(self.makeable_style))
        return grid

    def _totals(self, deal: Deal) -> Paragraph | str:
        """Top right: the deal's total trumps and, once solved, total tricks."""
        facts = deal.facts
        if facts is None:
            return ""
        lines = [_("Total trumps: %(n)s") % {"n": facts.total_trumps}]
        if facts.total_tricks is not None:
            lines.append(_("Total tricks: %(n)s") % {"n": facts.total_tricks})
        return Paragraph("<br/>".join(escape(line) for line in lines), self.small)

    def diagram(self, deal: Deal) -> PdfTable:
        cells = [
            [self._points(deal), self._hand(deal, "N"), self._totals(deal)],
            [self._hand(deal, "W"), self._centre(deal), self._hand(deal, "E")],
            [self._par(deal), self._hand(deal, "S"), self._makeable(deal)],
        ]
        grid = PdfTable(cells, colWidths=[30 * mm] * 3)
        grid.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("BOX", (1, 1), (1, 1), 0.5, colors.grey),
                ]
            )
        )
        return grid

    def deal(self, block: Deal) -> list[Flowable]:
        parts: list[Flowable] = [self.diagram(block), Spacer(1, 3 * mm)]
        if block.commentary:  # plain text: escaped, its line breaks kept
            lines = escape(block.commentary).splitlines()
            parts += [Paragraph("<br/>".join(lines), self.small), Spacer(1, 3 * mm)]
        return [KeepTogether(parts)]

    def deal_grid(self, block: DealGrid) -> list[Flowable]:
        diagrams = [self.diagram(d) for d in block.deals]
        while len(diagrams) % block.columns:
            diagrams.append("")
        rows = [
            diagrams[i : i + block.columns]
            for i in range(0, len(diagrams), block.columns)
        ]
        grid = PdfTable(rows, rowHeights=[66 * mm] * len(rows))
        grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
        return [grid]

    # ---- pages --------------------------------------------------------------

    def flowables(self, block: Block) -> list[Flowable]:
        if isinstance(block, PageBreak):
            return [PdfPageBreak()]
        if isinstance(block, Table):
            return self.table(block)
        if isinstance(block, Deal):
            return self.deal(block)
        if isinstance(block, DealGrid):
            return self.deal_grid(block)
        raise TypeError(f"no PDF rendering for {type(block).__name__}")

    def heading_text(self) -> str:
        document = self.document
        parts = [document.club, document.event, document.title]
        if document.day:
            parts.append(date_format(document.day))
        return " · ".join(p for p in parts if p)

    def draw_page(self, canvas: Canvas, doc: SimpleDocTemplate) -> None:
        width, height = doc.pagesize
        canvas.saveState()
        canvas.setFont(FONT, 8)
        canvas.drawString(doc.leftMargin, height - 10 * mm, self.heading_text())
        canvas.drawRightString(
            width - doc.rightMargin,
            8 * mm,
            _("Page %(number)d") % {"number": doc.page},
        )
        canvas.restoreState()

    def render(self) -> bytes:
        fonts()
        out = BytesIO()
        doc = SimpleDocTemplate(
            out,
            pagesize=self.page_size,
            title=self.document.title,
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin,
            bottomMargin=self.margin,
        )
        story = [f for block in self.document.blocks for f in self.flowables(block)]
        doc.build(story, onFirstPage=self.draw_page, onLaterPages=self.draw_page)
        return out.getvalue()


def render_pdf(document: Document, page_size: str = "A4") -> bytes:
    return PdfRenderer(document, page_size).render()
