"""restore PATH: read a backup back, all of it or nothing."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction


class Command(BaseCommand):
    help = "Read a file written by backup back into the database (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path)

    def handle(self, *args: object, path: Path, **options: object) -> None:
        try:
            rows = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from exc
        except ValueError as exc:
            raise CommandError(f"{path} is not a backup: {exc}") from exc
        if not isinstance(rows, list):
            raise CommandError(f"{path} is not a backup: no list of rows")
        try:
            with transaction.atomic():
                call_command("loaddata", str(path), verbosity=0)
        except Exception as exc:  # loaddata wraps whatever a row gets wrong
            raise CommandError(f"{path}: {exc}. Nothing was restored.") from exc
        self.stdout.write(f"restored {len(rows)} rows from {path}")
