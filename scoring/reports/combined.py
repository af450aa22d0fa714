"""The ranking over an event's sessions as a report Table and Document: the same
cells on the event's pages, in its PDF and its workbook.

One row an entry: its place, number, players, direction, each session's
percentage (its score in IMPs; empty for a session it did not play), its
carry-over, total score and percentage.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.documents.document import Cell, Column, Document, Kind, Table, folding
from scoring.standings import SessionResults
from scoring.standings.combined import EventRow, combined_by, event_ranking
from tournaments.models import Event

from .layout import EVENT_RANKING_KEPT
from .numbers import maybe_rounded, rounded, shown

__all__ = ["event_ranking_document", "event_ranking_table"]


def _session_columns(results: Sequence[SessionResults]) -> list[Column]:
    kind = Kind.DECIMAL if results[0].in_imps else Kind.PERCENT
    return [
        Column(f"s{r.session.number}", _("S%(number)s") % {"number": r.session.number},
               kind)
        for r in results
    ]  # fmt: skip


def _columns(rows: list[EventRow], results: Sequence[SessionResults]) -> list[Column]:
    columns = [
        Column("rank", _("Rank")),
        Column("entry", _("Entry"), Kind.INT),
        Column("names", _("Players")),
        Column("direction", _("Direction")),
        *_session_columns(results),
    ]
    if any(row.carry_over is not None for row in rows):
        columns.append(Column("carry_over", _("Carry-over"), Kind.DECIMAL))
    columns.append(Column("score", _("Score"), Kind.DECIMAL))
    if not results[0].in_imps:
        columns.append(Column("percentage", _("%"), Kind.PERCENT))
    return folding(columns, EVENT_RANKING_KEPT)


def _cells(row: EventRow, results: Sequence[SessionResults]) -> dict[str, Cell]:
    first = results[0]
    played = {s.session: s for s in row.sessions}
    cells: dict[str, Cell] = {
        "rank": row.rank,
        "entry": row.number,
        "names": row.names,
        "direction": row.direction,
        "carry_over": maybe_rounded(row.carry_over),
        "score": rounded(shown(row.score, first)),
        "percentage": maybe_rounded(row.percentage),
    }
    for r in results:
        s = played.get(r.session.number)
        value: Decimal | None = None
        if s is not None:
            value = (
                rounded(shown(s.score, r)) if r.in_imps else maybe_rounded(s.percentage)
            )
        cells[f"s{r.session.number}"] = value
    return cells


def event_ranking_table(
    event: Event, results: Sequence[SessionResults], rows: list[EventRow] | None = None
) -> Table:
    """The ranking over ``results``' sessions, titled by how it is totalled."""
    rows = event_ranking(event, results) if rows is None else rows
    columns = _columns(rows, results)
    how = combined_by(event, results[0].in_imps)
    title = _("Ranking over the sessions (%(how)s)") % {
        "how": Event.CombinedBy(how.value).label
    }
    cells = tuple(
        {c.key: value for c, value in _pick(columns, _cells(row, results))}
        for row in rows
    )
    return Table(title, tuple(columns), cells)


def _pick(columns: list[Column], cells: dict[str, Cell]) -> list[tuple[Column, Cell]]:
    return [(c, cells[c.key]) for c in columns]


def event_ranking_document(
    event: Event, results: Sequence[SessionResults]
) -> Document | None:
    """The ranking over the sessions on its own page; None for fewer than two
    sessions or a team event."""
    if len(results) < 2 or results[0].family.teams:
        return None
    table = event_ranking_table(event, results)
    return Document(
        title=_("Ranking over the sessions"),
        club=event.club.name if event.club else "",
        event=event.name,
        day=event.date,
        blocks=(table,),
    )
