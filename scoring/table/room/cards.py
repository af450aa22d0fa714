"""Table cards: each table's code and the QR code of its address, for the web
page (SVG) and for printing (PDF, eight cards to a page)."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.graphics import renderPDF, renderSVG
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from scoring.documents.pdf import BOLD, FONT, fonts

__all__ = ["Card", "card_evening", "cards_pdf", "qr_image"]

COLUMNS, ROWS = 2, 4
QR_SIZE = 40 * mm


@dataclass(frozen=True)
class Card:
    section: str
    table: int
    code: str
    url: str
    evening: str  # the event and session, so no card strays to another evening


def card_evening(event: str, session: int, day: date | None) -> str:
    """'Friday pairs · Session 1 · 27 November 2026' (the date when known)."""
    parts = [event, _("Session %(number)s") % {"number": session}]
    if day:
        parts.append(date_format(day, "DATE_FORMAT"))
    return " · ".join(parts)


def _qr(url: str, size: float) -> Drawing:
    widget = QrCodeWidget(url, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(
        size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0]
    )
    drawing.add(widget)
    return drawing


def qr_image(url: str, size: float = 160) -> str:
    """The QR code of ``url`` as an SVG image's ``data:`` address: inline SVG
    would carry style attributes, which the pages' Content-Security-Policy
    refuses."""
    svg = renderSVG.drawToString(_qr(url, size)).encode()
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def _card(canvas: Canvas, card: Card, x: float, y: float, w: float, h: float) -> None:
    canvas.setDash(2, 2)
    canvas.rect(x, y, w, h)
    canvas.setDash()
    canvas.setFont(FONT, 9)
    canvas.drawString(x + 6 * mm, y + h - 7 * mm, card.evening)
    canvas.setFont(BOLD, 16)
    title = _("Section %(section)s · Table %(table)s") % {
        "section": card.section,
        "table": card.table,
    }
    canvas.drawString(x + 6 * mm, y + h - 14 * mm, title)
    canvas.setFont(FONT, 9)
    canvas.drawString(x + 6 * mm, y + h - 19 * mm, _("Scan, or open the address:"))
    canvas.drawString(x + 6 * mm, y + h - 23 * mm, card.url)
    canvas.setFont(BOLD, 22)
    canvas.drawString(x + 6 * mm, y + 10 * mm, card.code)
    renderPDF.draw(_qr(card.url, QR_SIZE), canvas, x + w - QR_SIZE - 4 * mm, y + 4 * mm)


def cards_pdf(cards: list[Card], title: str) -> bytes:
    """The cards, cut-out size, eight to an A4 page."""
    fonts()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    canvas.setTitle(title)
    width, height = A4
    margin = 10 * mm
    w, h = (width - 2 * margin) / COLUMNS, (height - 2 * margin) / ROWS
    for index, card in enumerate(cards):
        slot = index % (COLUMNS * ROWS)
        if index and slot == 0:
            canvas.showPage()
        col, row = slot % COLUMNS, slot // COLUMNS
        _card(canvas, card, margin + col * w, height - margin - (row + 1) * h, w, h)
    canvas.save()
    return out.getvalue()
