"""A club that scores elsewhere uploads its session's USEBIO into its heat of a
simultaneous: the file's boards must be the set's (a deal that differs is
refused, naming the board; a file without deals is matched by board number),
and an empty heat made beforehand gives way to the file's session."""

from __future__ import annotations

from pathlib import Path

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.formats.deals import DealError, normal_deal
from scoring.formats.usebio import UsebioError
from scoring.models import TravellerLine
from tournaments.models import Session, Simultaneous
from tournaments.setup.simultaneous import heat_link, set_deal

from .usebio import UsebioImport, import_file

__all__ = ["heat_import"]


@transaction.atomic
def heat_import(
    *,
    path: Path | str,
    simultaneous: Simultaneous,
    club: str,
    keep_written_scores: bool = False,
) -> UsebioImport:
    """The file imported as the club's heat, or UsebioError and nothing."""
    _make_room(simultaneous, club)
    done = import_file(path=path, club=club, keep_written_scores=keep_written_scores)
    sessions = list(done.event.sessions.all())
    if len(sessions) != 1:
        raise UsebioError(_("A heat is one session: the file has %(n)s.")
                          % {"n": len(sessions)})  # fmt: skip
    _check_boards(simultaneous, sessions[0])
    heat_link(simultaneous, sessions[0])
    return done


def _make_room(simultaneous: Simultaneous, club: str) -> None:
    """An empty heat of the club (made with its movement) is replaced; one with
    results is refused."""
    heat = simultaneous.heats.filter(club__name=club).first()
    if heat is None:
        return
    if TravellerLine.objects.filter(section__session=heat.session).exists():
        raise UsebioError(
            _("The heat of %(club)s has results already.") % {"club": club}
        )
    heat.session.event.delete()


def _check_boards(simultaneous: Simultaneous, session: Session) -> None:
    for board in session.boards.order_by("number"):
        if board.number > simultaneous.boards:
            raise UsebioError(
                _("Board %(n)s: the simultaneous has %(boards)s boards.")
                % {"n": board.number, "boards": simultaneous.boards}
            )
        wanted = set_deal(simultaneous, board.number)
        if wanted and board.deal and not _same(board.deal, wanted):
            raise UsebioError(
                _("Board %(n)s: the file's deal is not the simultaneous' deal.")
                % {"n": board.number}
            )


def _same(deal: str, wanted: str) -> bool:
    try:
        return normal_deal(deal) == normal_deal(wanted)
    except DealError:
        return False
