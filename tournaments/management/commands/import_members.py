"""import_members CLUB FILE.csv [--dry-run]: a federation's member list into the
club's roster, whole or not at all (members already there updated by number)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Club
from tournaments.roster.imports import members_import


class Command(BaseCommand):
    help = (
        "Import a federation's member list (CSV) into a club's roster: every row "
        "or none; rows that cannot be read are listed with their line numbers."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("club", help="the club's name (or its id)")
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--dry-run", action="store_true", help="check the file, write nothing"
        )

    def handle(self, *args: object, club: str, file: Path, **options: object) -> None:
        found = Club.objects.filter(name=club).first()
        if found is None and club.isdigit():
            found = Club.objects.filter(pk=int(club)).first()
        if found is None:
            raise CommandError(f"there is no club {club!r}")
        try:
            raw = file.read_bytes()
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror}") from exc
        report = members_import(club=found, raw=raw, commit=not options["dry_run"])
        for line, why in report.problems:
            self.stderr.write(f"{file}:{line}: {why}")
        counts = (
            f"{report.added} added, {report.updated} updated, "
            f"{report.unchanged} unchanged"
        )
        if report.problems:
            raise CommandError(
                f"{len(report.problems)} rows refused: nothing imported ({counts} "
                "once they are put right)"
            )
        done = "imported" if report.done else "checked (dry run, nothing written)"
        self.stdout.write(f"{file}: {done}: {counts}")
