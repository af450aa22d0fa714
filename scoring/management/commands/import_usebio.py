"""import_usebio PATH: create an event from a USEBIO results file."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.interchange.usebio import UsebioError, usebio_import


class Command(BaseCommand):
    help = (
        "Import a USEBIO 1.2 results file (MP_PAIRS, BUTLER_PAIRS or CROSS_IMP) "
        "as a new event."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the USEBIO XML file")
        parser.add_argument("--club", default="", help="the club (else the file's)")

    def handle(self, *args: object, path: str, **options: object) -> None:
        try:
            event = usebio_import(path=path, club=str(options["club"]))
        except UsebioError as exc:
            raise CommandError(f"{path}: {exc}. Nothing was imported.") from None
        lines = sum(s.boards.count() for s in event.sessions.all())
        self.stdout.write(f"imported {event.name!r}: {lines} boards")
        self.stdout.write(f"event {event.pk}")
