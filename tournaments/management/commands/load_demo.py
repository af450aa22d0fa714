"""load_demo: a finished club evening to look at, and a director login."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand

from tournaments.demo import build_demo
from tournaments.models import Director, Membership

USERNAME = PASSWORD = "director"


class Command(BaseCommand):
    help = "Create (or rebuild) the demo session and the director login."

    def handle(self, *args: object, **options: object) -> None:
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
            f"Open http://127.0.0.1:8000/ and log in as {USERNAME} / {PASSWORD}"
        )
