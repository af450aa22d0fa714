"""create_director USERNAME --club NAME [--role director|scorer|admin]
[--password P] [--email E]

Run by a site operator on the server: a new user is created with the password
(asked for when not given), an existing user is given the role directly and
keeps their own password and e-mail address (giving one is refused)."""

from __future__ import annotations

from getpass import getpass

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Membership
from tournaments.setup.members import member_set


class Command(BaseCommand):
    help = (
        "Give a user a role in a club (creating the club and the user when new); "
        "asks a new user's password when none is given. An existing user's "
        "password is never changed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--club", required=True, help="the club's name")
        parser.add_argument(
            "--role", choices=Membership.Role.values, default=Membership.Role.DIRECTOR
        )
        parser.add_argument("--password", help="a new user's; asked for when not given")
        parser.add_argument("--email", default="", help="a new user's e-mail address")

    def handle(self, *args: object, username: str, **options: object) -> None:
        password = options["password"]
        if password is None and not _exists(username):
            password = self._ask()
        try:
            membership = member_set(
                username=username,
                club=str(options["club"]),
                role=str(options["role"]),
                password=None if password is None else str(password),
                email=str(options["email"]),
            )
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        self.stdout.write(
            f"{membership.user} is {membership.role} of {membership.club}"
        )

    def _ask(self) -> str:
        first = getpass("Password: ")
        if first != getpass("Password (again): "):
            raise CommandError("the passwords differ")
        return first


def _exists(username: str) -> bool:
    return get_user_model().objects.filter(username=username).exists()
