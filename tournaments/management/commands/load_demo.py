"""load_demo [--production-database]: a finished club evening to look at, and a
director login (director / director, a site operator).

`make run` loads it into its own SQLite file (demo.sqlite3). With DEBUG off the
database is taken for a real one, whose users must not gain that operator: the
command then refuses unless --production-database says so explicitly."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.demo import build_demo
from tournaments.models import Director, Membership

USERNAME = PASSWORD = "director"
REFUSAL = (
    "DEBUG is off, so this looks like a real club's database: the demo would add "
    "the site operator director / director to it. `make run` loads the demo into "
    "its own file (demo.sqlite3); to load it here anyway, give "
    "--production-database."
)


class Command(BaseCommand):
    help = "Create (or rebuild) the demo session and the director login."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--production-database",
            action="store_true",
            help="load the demo even with DEBUG off (adds director / director)",
        )
        parser.add_argument(
            "--address",
            default="http://127.0.0.1:8000/",
            help="the address the server answers at, printed to open (make run's)",
        )

    def handle(self, *args: object, **options: object) -> None:
        if not settings.DEBUG and not options["production_database"]:
            raise CommandError(REFUSAL)
        event = build_demo()
        user, _created = User.objects.get_or_create(
            username=USERNAME, defaults={"is_staff": True, "is_superuser": True}
        )
        user.set_password(PASSWORD)
        user.save()
        Director.objects.get_or_create(user=user)
        Membership.objects.update_or_create(
            user=user, club=event.club, defaults={"role": Membership.Role.ADMIN}
        )
        self.stdout.write(f"Demo event {event.pk}: {event.name}")
        self.stdout.write(
            f"Open {options['address']} and log in as {USERNAME} / {PASSWORD}"
        )
