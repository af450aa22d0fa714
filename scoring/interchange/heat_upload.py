"""A club that scores elsewhere uploads its session's USEBIO or PBN into its
heat of a simultaneous: the file's boards must be the set's (a deal that
differs is refused, naming the board; a file without deals is matched by board
number), and an empty heat made beforehand gives way to the file's session.
Whatever the format, a refused file leaves nothing."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.formats.deals import DealError, normal_deal
from scoring.formats.usebio import UsebioError
from scoring.models import TravellerLine
from tournaments.models import Event, Session, Simultaneous
from tournaments.setup.simultaneous import heat_link, set_deal

from .pbn_import import PbnImport, PbnResultsRefused, pbn_results_import
from .usebio import UsebioImport, import_file

__all__ = [
    "HEAT_REFUSALS",
    "HeatRefused",
    "heat_file_import",
    "heat_import",
    "heat_import_pbn",
]


class HeatRefused(ValueError):
    """The file read, but not the heat's: the message names the board or heat."""


# Every refusal of a heat's file, whatever its format: catch these.
HEAT_REFUSALS = (HeatRefused, UsebioError, PbnResultsRefused)


@transaction.atomic
def heat_import(
    *,
    path: Path | str,
    simultaneous: Simultaneous,
    club: str,
    keep_written_scores: bool = False,
) -> UsebioImport:
    """The USEBIO file imported as the club's heat, or a refusal and nothing."""
    _make_room(simultaneous, club)
    done = import_file(path=path, club=club, keep_written_scores=keep_written_scores)
    _joined(simultaneous, done.event)
    return done


@transaction.atomic
def heat_import_pbn(
    *, path: Path | str, simultaneous: Simultaneous, club: str
) -> PbnImport:
    """The PBN results file imported as the club's heat, or a refusal and
    nothing."""
    _make_room(simultaneous, club)
    try:
        done = pbn_results_import(path=path, club=club)
    except OSError as exc:
        raise HeatRefused(exc.strerror or str(exc)) from None
    if done.event.is_teams or done.event.individual:
        raise HeatRefused(
            _("A heat is a pairs session: the file is a teams event or an individual.")
        )
    _joined(simultaneous, done.event)
    return done


def heat_file_import(
    *, path: Path | str, simultaneous: Simultaneous, club: str
) -> Event:
    """The file as the club's heat, USEBIO or PBN as its content says (an XML
    document is USEBIO, anything else is read as PBN): the heat's event."""
    with open(path, "rb") as file:
        head = file.read(64)
    if head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"<"):
        return heat_import(path=path, simultaneous=simultaneous, club=club).event
    return heat_import_pbn(path=path, simultaneous=simultaneous, club=club).event


def _joined(simultaneous: Simultaneous, event: Event) -> None:
    """The imported event's one session made the club's heat, its boards
    checked against the set's."""
    sessions = list(event.sessions.all())
    if len(sessions) != 1:
        raise HeatRefused(_("A heat is one session: the file has %(n)s.")
                          % {"n": len(sessions)})  # fmt: skip
    _check_boards(simultaneous, sessions[0])
    try:
        heat_link(simultaneous, sessions[0])
    except ValidationError as exc:
        raise HeatRefused(" ".join(exc.messages)) from None


def _make_room(simultaneous: Simultaneous, club: str) -> None:
    """An empty heat of the club (made with its movement) is replaced; one with
    results is refused."""
    heat = simultaneous.heats.filter(club__name=club).first()
    if heat is None:
        return
    if TravellerLine.objects.filter(section__session=heat.session).exists():
        raise HeatRefused(
            _("The heat of %(club)s has results already.") % {"club": club}
        )
    heat.session.event.delete()


def _check_boards(simultaneous: Simultaneous, session: Session) -> None:
    for board in session.boards.order_by("number"):
        if board.number > simultaneous.boards:
            raise HeatRefused(
                _("Board %(n)s: the simultaneous has %(boards)s boards.")
                % {"n": board.number, "boards": simultaneous.boards}
            )
        wanted = set_deal(simultaneous, board.number)
        if wanted and board.deal and not _same(board.deal, wanted):
            raise HeatRefused(
                _("Board %(n)s: the file's deal is not the simultaneous' deal.")
                % {"n": board.number}
            )


def _same(deal: str, wanted: str) -> bool:
    try:
        return normal_deal(deal) == normal_deal(wanted)
    except DealError:
        return False
