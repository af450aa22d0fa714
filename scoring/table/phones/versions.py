"""What a table's round answer changes with, read in one query: its ETag.

Whatever the director does (results, corrections, disputes settled, settings,
rounds called) is logged without a device; a table's phones change only its
entries and round confirmations. So the table's version is the director's last
change of the event and the table's own rows. The other tables' phones, which
make most of a busy room's changes, leave it as it is: a phone polling its
round is answered 304 while the room sends its results. The table's counts go
with its highest ids, as on PostgreSQL two writers may commit out of id order.

What no log follows, a row changed in the database directly (the admin, a
script), moves the results' freshness stamps (``scoring.models.freshness``):
the version also holds those of the session's own rows and of the boards the
table has lines of, summed (they are random), in the same query.

A team table's answer shows its match's score, which the other room's results
change too: its version has the other room's entries as well (``match_version``).
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, Max, Q

from scoring.models import (
    ChangeLog,
    ResultsVersion,
    RoundConfirmation,
    TableCode,
    TableEntry,
    TravellerLine,
)
from scoring.models.freshness import SESSION_WIDE
from tournaments.models import Board

__all__ = ["match_version", "table_version"]


def _sql() -> str:
    log, entries, confirmed, stamps, lines, boards = (
        connection.ops.quote_name(m._meta.db_table)
        for m in (
            ChangeLog, TableEntry, RoundConfirmation, ResultsVersion,
            TravellerLine, Board,
        )
    )  # fmt: skip
    return f"""SELECT
      (SELECT MAX(id) FROM {log} WHERE event_id = %(event)s AND device = ''),
      (SELECT COUNT(*) FROM {entries} WHERE table_id = %(table)s),
      (SELECT MAX(id) FROM {entries} WHERE table_id = %(table)s),
      (SELECT MAX(decided_at) FROM {entries} WHERE table_id = %(table)s),
      (SELECT COUNT(*) FROM {confirmed} WHERE table_id = %(table)s),
      (SELECT SUM(v.stamp %% 1000000007) FROM {stamps} v
        WHERE v.event_id = %(event)s AND v.session_id = %(session)s
        AND (v.board = %(whole)s OR v.board IN (SELECT b.number FROM {lines} l
          JOIN {boards} b ON b.id = l.board_id
          WHERE l.section_id = %(section)s AND l."table" = %(number)s)))"""


def table_version(code: TableCode) -> tuple[object, ...]:
    """The director's changes of the event, the table's own rows and the
    freshness stamps of its session and of the boards it has lines of, as they
    stand now."""
    session = code.section.session
    found = {
        "event": session.event_id, "table": code.pk, "session": session.pk,
        "whole": SESSION_WIDE, "section": code.section_id, "number": code.table,
    }  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(_sql(), found)
        return tuple(cursor.fetchone())


def match_version(code: TableCode) -> tuple[object, ...]:
    """The entries of the other room of each match played at a team event's
    table, as they stand now (nothing for a pairs event's table)."""
    session = code.section.session
    if not session.event.is_teams:
        return ()
    rooms = session.matches.filter(
        Q(open_table=code.table) | Q(closed_table=code.table)
    ).values_list("open_table", "closed_table")
    others = {t for pair in rooms for t in pair} - {code.table}
    found = TableEntry.objects.filter(
        table__section_id=code.section_id, table__table__in=others
    ).aggregate(Count("id"), Max("id"), Max("decided_at"))
    return tuple(found.values())
