"""table_codes SESSION_ID [--json]: every table's code for the phones, creating
the missing ones; --json prints ``[{"section", "table", "code"}]`` (a team
event's tables: ``[{"section", "table", "code", "match", "room"}]``, the match's
number and ``open`` or ``closed``, as its first round seats them)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.models import TableCode
from scoring.table.play.codes import codes_ensure
from tournaments.models import Match, Session


class Command(BaseCommand):
    help = "Print each table's code of a session (creating the missing ones)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session_id", type=int)
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: object, session_id: int, **options: object) -> None:
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            raise CommandError(f"there is no session {session_id}")
        rows = [
            _row(c, _rooms(session))
            for c in sorted(
                codes_ensure(session), key=lambda c: (c.section.letter, c.table)
            )
        ]
        if options["json"]:
            self.stdout.write(json.dumps(rows))
            return
        for row in rows:
            room = f"  match {row['match']} {row['room']}" if "room" in row else ""
            self.stdout.write(
                f"{row['section']} {row['table']:>3}  {row['code']}{room}"
            )


def _rooms(session: Session) -> dict[int, Match]:
    """A team event's matches of the first round by their tables (else none)."""
    first = session.matches.order_by("round").first()
    if first is None:
        return {}
    matches = session.matches.filter(round=first.round)
    return {t: m for m in matches for t in (m.open_table, m.closed_table)}


def _row(code: TableCode, rooms: dict[int, Match]) -> dict[str, object]:
    row: dict[str, object] = {
        "section": code.section.letter, "table": code.table, "code": code.code,
    }  # fmt: skip
    match = rooms.get(code.table)
    if match is not None:
        row.update(match=match.number, room=match.room_of(code.table))
    return row
