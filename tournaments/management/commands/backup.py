"""backup PATH: every club's events, results, schedules and users in one file."""

from __future__ import annotations

from pathlib import Path

from django.core import serializers
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

# What a backup holds: the program's own data and who may use it (not the
# sessions, the admin's history or the login-attempt counters).
APPS = ("auth.user", "tournaments", "movements", "scoring")
# Not written: the results' freshness stamps, which the database's triggers
# make anew as the restored rows go in.
LEFT_OUT = ("scoring.ResultsVersion",)
# Django's JSON with timestamps to the microsecond (restore reads it as JSON).
FORMAT = "backup_json"


class Command(BaseCommand):
    help = "Write every club's data to PATH (JSON); restore PATH reads it back."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path)

    def handle(self, *args: object, path: Path, **options: object) -> None:
        if path.exists() and path.is_dir():
            raise CommandError(f"{path} is a folder, not a file")
        partial = path.with_name(path.name + ".part")
        serializers.register_serializer(FORMAT, "tournaments.management.backup_json")
        try:
            call_command(
                "dumpdata", *APPS, natural_foreign=True, indent=1, exclude=LEFT_OUT,
                output=str(partial), verbosity=0, format=FORMAT,
            )  # fmt: skip
            partial.replace(path)  # a backup is whole or absent
        except OSError as exc:
            partial.unlink(missing_ok=True)
            raise CommandError(f"cannot write {path}: {exc.strerror}") from exc
        self.stdout.write(f"wrote {path} ({path.stat().st_size} bytes)")
