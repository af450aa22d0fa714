"""analyse_deals [SESSION_ID ...]: solve and store the double dummy and par of
every known deal not solved yet (every session when none is named), with a
progress bar on stderr."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from scoring.interchange.analysis import (
    analyse_session,
    sessions_to_analyse,
    unsolved_boards,
)
from tournaments.models import Session

WIDTH = 30  # characters of the bar


class Command(BaseCommand):
    help = (
        "Solve the double-dummy tricks and par of the sessions' known deals "
        "not solved yet (every session when none is given), and store them."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session_ids", nargs="*", type=int, metavar="SESSION_ID")

    def handle(self, *args: object, session_ids: list[int], **options: object) -> None:
        sessions = _sessions(session_ids) if session_ids else sessions_to_analyse()
        for session in sessions:
            self._analyse(session)

    def _analyse(self, session: Session) -> None:
        started = time.perf_counter()
        todo = len(unsolved_boards(session))
        solved = analyse_session(session, self._bar)
        if todo:
            self.stderr.write("")  # end the bar's line
        seconds = time.perf_counter() - started
        self.stdout.write(
            _("session %(id)s: %(count)s deals analysed in %(seconds).1f s")
            % {"id": session.pk, "count": solved, "seconds": seconds}
        )

    def _bar(self, solved: int, known: int, board: int) -> None:
        filled = WIDTH * solved // known if known else WIDTH
        bar = "#" * filled + "-" * (WIDTH - filled)
        text = _("board %(board)s") % {"board": board}
        self.stderr.write(f"\r[{bar}] {solved}/{known} {text}", ending="")
        self.stderr.flush()


def _sessions(ids: list[int]) -> list[Session]:
    found = Session.objects.in_bulk(ids)
    missing = [pk for pk in ids if pk not in found]
    if missing:
        raise CommandError(
            _("there is no session %(id)s") % {"id": ", ".join(map(str, missing))}
        )
    return [found[pk] for pk in ids]
