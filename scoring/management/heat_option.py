"""The ``--heat EVENT_ID --club NAME`` option of the import commands
(``import_usebio``, ``import_pbn``): the file becomes the club's heat of a
simultaneous."""

from __future__ import annotations

from django.core.management.base import CommandError, CommandParser

from tournaments.models import Simultaneous

__all__ = ["add_heat_option", "heat_of"]


def add_heat_option(parser: CommandParser) -> None:
    parser.add_argument(
        "--heat",
        type=int,
        metavar="EVENT_ID",
        help="the club's (--club) heat of this simultaneous: the file's "
        "boards must be the set's",
    )


def heat_of(event_id: int, club: object) -> tuple[Simultaneous, str]:
    """The simultaneous and the heat's club, or the command refused."""
    simultaneous = Simultaneous.objects.filter(event_id=event_id).first()
    if simultaneous is None:
        raise CommandError(f"--heat {event_id}: no such simultaneous event")
    name = str(club or "").strip()
    if not name:
        raise CommandError("--heat needs --club (the heat's)")
    return simultaneous, name
