"""table_codes SESSION_ID [--json]: every table's code for the phones, creating
the missing ones; --json prints ``[{"section", "table", "code"}]``."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.table.play.codes import codes_ensure
from tournaments.models import Session


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
            {"section": c.section.letter, "table": c.table, "code": c.code}
            for c in sorted(
                codes_ensure(session), key=lambda c: (c.section.letter, c.table)
            )
        ]
        if options["json"]:
            self.stdout.write(json.dumps(rows))
            return
        for row in rows:
            self.stdout.write(f"{row['section']} {row['table']:>3}  {row['code']}")
