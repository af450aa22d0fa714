"""import_pbn PATH [--club NAME]: create an event from a PBN results file; with
--heat EVENT_ID --club NAME, the file is the club's heat of a simultaneous."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from scoring.interchange.analysis import dealt_sessions
from scoring.interchange.analysis_tasks import analysis_queue
from scoring.interchange.heat_upload import HEAT_REFUSALS, heat_import_pbn
from scoring.interchange.pbn_import import (
    PbnImport,
    PbnResultsRefused,
    pbn_results_import,
)
from tournaments.models import Pair

from ..heat_option import add_heat_option, heat_of


class Command(BaseCommand):
    help = (
        "Import a PBN results file (matchpoint or IMP pairs with ScoreTable and "
        "TotalScoreTable, or teams) as a new event, re-scored and checked "
        "against the file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the PBN file")
        parser.add_argument("--club", default="", help="the club the event is for")
        add_heat_option(parser)

    def handle(self, *args: object, path: str, **options: object) -> None:
        if options.get("heat") is not None:
            self._heat(path, int(str(options["heat"])), options["club"])
            return
        try:
            done = pbn_results_import(path=path, club=str(options["club"]))
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None
        except PbnResultsRefused as exc:
            raise CommandError(
                f"{path}: {exc}. " + _("Nothing was imported.")
            ) from None
        self._said(done)
        self.stdout.write(f"event {done.event.pk}")

    def _heat(self, path: str, event_id: int, club: object) -> None:
        simultaneous, name = heat_of(event_id, club)
        try:
            done = heat_import_pbn(path=path, simultaneous=simultaneous, club=name)
        except HEAT_REFUSALS as exc:
            raise CommandError(
                f"{path}: {exc}. " + _("Nothing was imported.")
            ) from None
        self._said(done)
        session = done.event.sessions.get()
        self.stdout.write(f"event {done.event.pk} session {session.pk}")

    def _said(self, done: PbnImport) -> None:
        """What was imported and checked; its deals queued for analysis."""
        event = done.event
        session = event.sessions.get()
        counts = {
            "name": event.name,
            "boards": session.boards.count(),
            "pairs": Pair.objects.filter(section__session=session).count(),
            "teams": event.teams.count(),
        }
        if event.is_teams:
            said = _("imported %(name)r: %(boards)s boards, %(teams)s teams")
        elif event.individual:
            said = _("imported %(name)r: %(boards)s boards, %(pairs)s players")
        else:
            said = _("imported %(name)r: %(boards)s boards, %(pairs)s pairs")
        self.stdout.write(said % counts)
        self.stdout.write(
            _("the file's conventions: %(said)s") % {"said": done.convention}
        )
        self.stdout.write(done.checked)
        if event.club is None:
            self.stdout.write(
                _("no club given: only the site's operators see the event (--club)")
            )
        analysis_queue(dealt_sessions(event))
