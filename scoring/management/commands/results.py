"""results EVENT_ID --json: print the scored event."""

from __future__ import annotations

import gc

import orjson
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.reports.results_json import event_json
from tournaments.models import Event

JSON_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE


class Command(BaseCommand):
    help = "Print an event's scored results (rankings and travellers)."
    # Reads only: the system checks would cost more than scoring a club night.
    requires_system_checks: list[str] = []

    def _write(self, out: bytes) -> None:
        """The bytes straight to a real stdout; decoded for a text stream."""
        stream = getattr(self.stdout, "buffer", None)
        if stream is None:
            self.stdout.write(out.decode(), ending="")
            return
        self.stdout.flush()
        stream.write(out)
        stream.flush()

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: object, event_id: int, **options: object) -> None:
        # Scoring allocates a few million objects and frees them all at the end:
        # the cycle collector would only walk them again and again meanwhile.
        gc.disable()
        try:
            self._print(event_id, json_out=bool(options["json"]))
        finally:
            gc.freeze()  # what was scored stays for the process: never walked again
            gc.enable()

    def _print(self, event_id: int, *, json_out: bool) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"there is no event {event_id}")
        data = event_json(event)
        if json_out:
            self._write(orjson.dumps(data, option=JSON_OPTIONS))
            return
        for row in data["rankings"]:
            share = row["percentage"]
            self.stdout.write(
                f"{row['rank']:>4} {row['section'] or ''} {row['pair']:>6} "
                f"{row['score']:>8.2f} "
                f"{'' if share is None else f'{share:.2f}%':>7}  {row['names']}"
            )
        for row in data.get("overall", []):  # a simultaneous' ranking overall
            self.stdout.write(
                f"{row['rank']:>4} {row['club']} {row['pair']:>6} "
                f"{row['score']:>8.2f} {row['percentage']:.2f}%  {row['names']}"
            )
