"""results EVENT_ID --json: print the scored event."""

from __future__ import annotations

import orjson
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.reports.results_json import event_json
from tournaments.models import Event


class Command(BaseCommand):
    help = "Print an event's scored results (rankings and travellers)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: object, event_id: int, **options: object) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"there is no event {event_id}")
        data = event_json(event)
        if options["json"]:
            text = orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()
            self.stdout.write(text)
            return
        for row in data["rankings"]:
            share = row["percentage"]
            self.stdout.write(
                f"{row['rank']:>4} {row['section'] or ''} {row['pair']:>6} "
                f"{row['score']:>8.2f} "
                f"{'' if share is None else f'{share:.2f}%':>7}  {row['names']}"
            )
