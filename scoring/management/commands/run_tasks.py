"""run_tasks [--batch]: the one background worker (`make run` and `make serve`
start it beside the server). It first puts back what a stopped worker left
(``tasks_resume``), then runs the queued tasks one at a time, in this process,
as django-tasks-db's ``db_worker`` does; --batch stops once the queue is
empty."""

from __future__ import annotations

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from scoring.interchange.analysis_tasks import tasks_resume


class Command(BaseCommand):
    help = (
        "Run the background tasks (the double-dummy analysis of imported deals) "
        "one at a time, after queuing again the work a stopped worker left."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--batch", action="store_true", help="stop once no task is waiting"
        )

    def handle(self, *args: object, batch: bool, **options: object) -> None:
        back, sessions = tasks_resume()
        self.stdout.write(
            _(
                "%(back)s interrupted tasks queued again; %(sessions)s sessions "
                "with deals to analyse"
            )
            % {"back": back, "sessions": sessions}
        )
        # No reloader (DEBUG's default): `make run` stops this very process.
        worker = ["--no-reload", "--no-startup-delay", *(["--batch"] * batch)]
        call_command(
            "db_worker",
            *worker,
            verbosity=int(str(options.get("verbosity", 1))),
            stdout=self.stdout,
            stderr=self.stderr,
        )
