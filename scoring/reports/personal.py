"""A player's personal page after the session: their pair's scorecard with each
board's percentage, then each board's deal with its double dummy and par; the
same content as a PDF for the e-mail.

The page is reached by the player's member number (when the club keeps them)
or by a signed link for the pair, printed on the table card; either way it
shows only a released session of a published event (``personal_results``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.documents.document import Block, Deal, Document, PageBreak, Table
from scoring.documents.pdf import render_pdf
from scoring.standings import SessionResults
from scoring.standings.secrecy import public_results
from tournaments.models import Pair, Player, Session

from .layout import (
    board_deals,
    document_of,
    frequency_table,
    report_table,
    scorecard_columns,
    scorecard_table,
)
from .rows import scorecard_rows

__all__ = [
    "PersonalBoard",
    "pair_of_key",
    "personal_boards",
    "personal_document",
    "personal_link",
    "personal_pdf",
    "personal_results",
    "player_of_member",
]

SALT = "scoring.reports.personal"


def personal_link(pair: Pair) -> str:
    """The address of the pair's personal page (a path: the page adds the
    host); signed, so that it cannot be guessed from another pair's."""
    key = signing.dumps(pair.pk, salt=SALT, compress=True)
    return reverse("public:personal", args=[key])


def pair_of_key(key: str) -> Pair | None:
    """The pair a personal link was signed for, or None."""
    try:
        pk = signing.loads(key, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(pk, int):
        return None
    found = Pair.objects.select_related("section__session__event__club")
    return found.filter(pk=pk).first()


def player_of_member(session: Session, number: str) -> Player | None:
    """The player of the session with that member number, or None."""
    number = number.strip()
    if not number:
        return None
    players = Player.objects.select_related("pair__section__session__event")
    return players.filter(
        pair__section__session=session, national_id__iexact=number
    ).first()


def personal_results(session: Session) -> SessionResults | None:
    """The session's results for a personal page: only once the event is
    published and the session released (every board then shown), else None."""
    if not (session.event.published and session.released):
        return None
    return public_results(session)


@dataclass(frozen=True)
class PersonalBoard:
    """A board the pair played: its hand record, the pair's own result, and
    the field's frequencies."""

    deal: Deal
    mine: Table
    field: Table


def personal_boards(pair: Pair, results: SessionResults) -> list[PersonalBoard]:
    """The pair's boards whose deal is known, in board order."""
    deals = board_deals(results)
    rows = {row.board: row for row in scorecard_rows(pair.pk, results)}
    columns = scorecard_columns(results, page=True)
    found: dict[int, PersonalBoard] = {}
    for board, _line in results.pair_lines(pair.pk):
        number = board.number
        if number in deals and number in rows and number not in found:
            mine = report_table(_("Your result"), columns, [rows[number]])
            field = frequency_table(board, results)
            found[number] = PersonalBoard(deals[number], mine, field)
    return [found[number] for number in sorted(found)]


def personal_document(pair: Pair, results: SessionResults) -> Document:
    """The personal page as a Document: the scorecard, then each board's hand
    record with the pair's result and the field's frequencies."""
    blocks: list[Block] = [scorecard_table(pair, results, page=True)]
    for index, board in enumerate(personal_boards(pair, results)):
        blocks += [PageBreak()] if index == 0 else []
        blocks += [board.deal, board.mine, board.field]
    return document_of(results, _("Personal results"), blocks)


def personal_pdf(pair: Pair, results: SessionResults) -> bytes:
    return render_pdf(personal_document(pair, results))
