"""export EVENT_ID --pdf PATH --xlsx PATH: write an event's reports to files."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from scoring.documents.pdf import PAGE_SIZES
from scoring.reports.files import event_pdf, event_xlsx
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Write an event's results as PDF (ranking, recap, travellers, scorecards, "
        "hand records) and/or an Excel workbook."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--pdf", type=Path, help="write the PDF here")
        parser.add_argument("--xlsx", type=Path, help="write the workbook here")
        parser.add_argument("--page-size", choices=sorted(PAGE_SIZES), default="A4")
        parser.add_argument("--language", default="en", help="en, es or it")

    def handle(self, *args: object, event_id: int, **options: object) -> None:
        pdf, xlsx = options["pdf"], options["xlsx"]
        if pdf is None and xlsx is None:
            raise CommandError("give --pdf PATH, --xlsx PATH or both")
        language, known = str(options["language"]), dict(settings.LANGUAGES)
        if language not in known:
            choices = ", ".join(known)
            raise CommandError(f"--language must be one of {choices}, not {language!r}")
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"there is no event {event_id}")
        with translation.override(language):
            try:
                files = []
                if pdf is not None:
                    files.append((pdf, event_pdf(event, str(options["page_size"]))))
                if xlsx is not None:
                    files.append((xlsx, event_xlsx(event)))
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        for path, content in files:  # written only once everything is built
            self._write(Path(str(path)), content)

    def _write(self, path: Path, content: bytes) -> None:
        try:
            path.write_bytes(content)
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror}") from exc
        self.stdout.write(f"wrote {path} ({len(content)} bytes)")
