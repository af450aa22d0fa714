"""send_personal_results SESSION_ID [--base-url URL]: e-mail each player of a
released session who has an e-mail address their personal results as a PDF,
with the link of their page on the site (SITE_URL unless --base-url is given)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.reports.mail import NothingToSend, personal_results_send
from tournaments.models import Session


class Command(BaseCommand):
    help = "E-mail each player their personal results of a session (PDF)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session_id", type=int)
        parser.add_argument(
            "--base-url",
            default=settings.SITE_URL,
            help="the address of the results site, for the link in each e-mail "
            "(default: SITE_URL)",
        )

    def handle(self, *args: object, session_id: int, **options: object) -> None:
        session = Session.objects.select_related("event").filter(pk=session_id).first()
        if session is None:
            raise CommandError(f"there is no session {session_id}")
        if not options["base_url"]:
            raise CommandError("--base-url or SITE_URL must name the site's address")
        try:
            sent = personal_results_send(
                session=session, base_url=str(options["base_url"])
            )
        except NothingToSend as error:
            raise CommandError(str(error)) from error
        for address in sent:
            self.stdout.write(address)
        self.stdout.write(f"{len(sent)} e-mails sent")
