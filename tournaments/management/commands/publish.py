"""publish EVENT_ID [--off]: show an event on the public results site, or not."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Event
from tournaments.setup.settings import event_publish


class Command(BaseCommand):
    help = "Publish an event on the public results site (--off: withdraw it)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--off", action="store_true", help="withdraw it")

    def handle(self, *args: object, event_id: int, **options: object) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"there is no event {event_id}")
        event = event_publish(event=event, on=not options["off"], user=None)
        state = "published" if event.published else "not published"
        self.stdout.write(f"event {event.pk} {event.name!r}: {state}")
