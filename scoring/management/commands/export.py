"""export EVENT_ID --pdf PATH --xlsx PATH --usebio PATH --pbn PATH: write an
event's reports and results files.

Every file is built before any is written, and each is written beside its
path first and moved into place only when all of them are: a refusal writes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from scoring.documents.pdf import PAGE_SIZES
from scoring.interchange.analysis import unsolved_boards
from scoring.interchange.analysis_tasks import analysis_queue
from scoring.interchange.dealing_files import (
    formats_list,
    machine_files,
    session_deals,
)
from scoring.interchange.exports import (
    event_session,
    one_session,
    session_pbn,
    session_usebio,
)
from scoring.reports.files import event_pdf, event_xlsx
from scoring.standings.results import SessionResults
from tournaments.models import Event

from ..written import write_all

FILES = ("pdf", "xlsx", "usebio", "pbn")


class Command(BaseCommand):
    help = (
        "Write an event's results as PDF (ranking, recap, travellers, scorecards, "
        "hand records), an Excel workbook, a USEBIO 1.2 XML file and/or a PBN 2.1 "
        "file (one session: --session when the event has several)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--pdf", type=Path, help="write the PDF here")
        parser.add_argument("--xlsx", type=Path, help="write the workbook here")
        parser.add_argument("--usebio", type=Path, help="write USEBIO XML here")
        parser.add_argument("--pbn", type=Path, help="write PBN here")
        parser.add_argument(
            "--dealing", type=Path, help="write the dealing machines' files here"
        )
        parser.add_argument(
            "--formats", default="pbn,dlm,dup", help="the machines' files: pbn,dlm,dup"
        )
        parser.add_argument(
            "--session", type=int, help="the session (USEBIO, PBN, dealing)"
        )
        parser.add_argument("--page-size", choices=sorted(PAGE_SIZES), default="A4")
        parser.add_argument("--language", default="en", help="en, es or it")

    def handle(self, *args: object, event_id: int, **options: object) -> None:
        paths = {name: options[name] for name in FILES if options[name] is not None}
        if not paths and options["dealing"] is None:
            raise CommandError(
                "give --pdf PATH, --xlsx PATH, --usebio PATH, --pbn PATH "
                "and/or --dealing DIR"
            )
        language, known = str(options["language"]), dict(settings.LANGUAGES)
        if language not in known:
            choices = ", ".join(known)
            raise CommandError(f"--language must be one of {choices}, not {language!r}")
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"there is no event {event_id}")
        builders = self._builders(event, options)
        with translation.override(language):
            try:
                files = [(Path(str(p)), builders[name]()) for name, p in paths.items()]
                files += _dealing(event, options)
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        self._write_all(files)

    def _builders(
        self, event: Event, options: dict[str, object]
    ) -> dict[str, Callable[[], bytes]]:
        page_size, session = str(options["page_size"]), options["session"]
        number = session if isinstance(session, int) else None
        return {
            "pdf": lambda: event_pdf(event, page_size),
            "xlsx": lambda: event_xlsx(event),
            "usebio": lambda: session_usebio(event_session(event, number)),
            "pbn": lambda: self._pbn(event_session(event, number)),
        }

    def _pbn(self, results: SessionResults) -> bytes:
        """The PBN with the double dummy already stored: the deals not analysed
        yet are queued for the worker (``analyse_deals``), never solved here."""
        session = results.session
        unsolved = unsolved_boards(session)
        if unsolved:
            analysis_queue([session.pk])
            numbers = ", ".join(str(b.number) for b in unsolved)
            self.stdout.write(
                f"double dummy not analysed yet for board(s) {numbers}: written "
                "without it, the analysis queued (analyse_deals solves it now)"
            )
        return session_pbn(results, solve=False).content

    def _write_all(self, files: list[tuple[Path, bytes]]) -> None:
        try:
            said = write_all(files)
        except OSError as exc:
            raise CommandError(f"cannot write {exc.filename}: {exc.strerror}") from exc
        for line in said:
            self.stdout.write(line)


def _dealing(event: Event, options: dict[str, object]) -> list[tuple[Path, bytes]]:
    """The session's files for the dealing machines (none unless --dealing)."""
    folder = options["dealing"]
    if not isinstance(folder, Path):
        return []
    number = options["session"]
    session = one_session(event, number if isinstance(number, int) else None)
    deals, figures = session_deals(session)
    formats = formats_list(str(options["formats"]))
    files = machine_files(deals, figures, formats, f"{event.name} {session.number}")
    name = f"event{event.pk}-session{session.number}"
    return [(folder / f"{name}.{kind}", content) for kind, content in files.items()]
