"""import_hands EVENT_ID FILE.pbn [--session N] [--replace]: attach the deals of
a hand-record file to a session's boards."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from scoring.interchange.hands import (
    DealsStored,
    HandsRefused,
    HandsReport,
    PlayedBefore,
    board_list,
    hands_attach,
)
from tournaments.models import Event, Session


class Command(BaseCommand):
    help = (
        "Attach the deals of a hand-record file (PBN, or a dealing machine's "
        ".dlm or .dup) to a session's boards, by board number."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("path", help="the PBN, .dlm or .dup file")
        parser.add_argument(
            "--session", type=int, default=None, help="session number (default: 1)"
        )
        parser.add_argument(
            "--replace", action="store_true", help="replace deals already stored"
        )
        parser.add_argument(
            "--again",
            action="store_true",
            help="import deals a session of the club played before",
        )

    def handle(
        self, *args: object, event_id: int, path: str, **options: object
    ) -> None:
        number = options["session"]
        session = _session(event_id, number if isinstance(number, int) else None)
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None
        try:
            report = hands_attach(
                session=session,
                raw=raw,
                source=Path(path).name,
                replace=bool(options["replace"]),
                user=None,
                again=bool(options["again"]),
            )
        except DealsStored as exc:
            raise CommandError(
                _("%(path)s: %(refusal)s Give --replace to replace them.")
                % {"path": path, "refusal": exc}
                + " "
                + _("Nothing was changed.")
            ) from None
        except PlayedBefore as exc:
            raise CommandError(
                f"{path}: {exc} "
                + _("Give --again to import them.")
                + " "
                + _("Nothing was changed.")
            ) from None
        except HandsRefused as exc:
            raise CommandError(f"{path}: {exc}. " + _("Nothing was changed.")) from None
        for line in report_lines(report, session):
            self.stdout.write(line)


def _session(event_id: int, number: int | None) -> Session:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise CommandError(_("there is no event %(id)s") % {"id": event_id})
    sessions = event.sessions.all()
    session = (sessions.filter(number=number) if number else sessions).first()
    if session is None:
        raise CommandError(
            _("event %(id)s has no session %(number)s")
            % {"id": event_id, "number": number or 1}
        )
    return session


def report_lines(report: HandsReport, session: Session) -> list[str]:
    """What the import did, one line per kind of board (none when empty)."""
    kinds = [
        (_("deals attached to boards"), report.attached),
        (_("deals replaced on boards"), report.replaced),
        (_("boards that already had these deals"), report.unchanged),
        (
            _("boards in the file but not in session %(n)s") % {"n": session.number},
            report.not_in_session,
        ),
        (
            _("boards of session %(n)s missing from the file") % {"n": session.number},
            report.not_in_file,
        ),
    ]
    return [f"{label}: {board_list(boards)}" for label, boards in kinds if boards]
