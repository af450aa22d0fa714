"""Import a PBN results file as a new event, all or nothing.

The event is built from the file's pairs (or teams), travellers and deals,
re-scored by our engine and compared with every number the file writes: a
matchpoint pairs file (``matchpoints``), an IMP pairs file, Butler or
cross-IMPs (``imps``), or a teams file (``teams``). The file's conventions are
read from its numbers; when no convention we know reproduces them, the file is
refused with its first disagreement named and nothing is kept.
"""

from __future__ import annotations

from pathlib import Path

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.entry.services import log_event
from scoring.formats.pbn import decode_pbn, parse_pbn
from scoring.formats.problems import FormatError
from scoring.formats.score_tables import PbnResults, pbn_results
from scoring.formats.team_results import is_teams, team_results
from tournaments.models import Event

from ..hands import format_message
from .imps import imp_convention
from .lines import (
    PbnImport,
    PbnResultsRefused,
    check_vulnerability,
    written_points,
)
from .matchpoints import matchpoint_convention
from .pairs import store_pairs_event
from .teams import team_results_import

__all__ = ["PbnImport", "PbnResultsRefused", "pbn_results_import"]


@transaction.atomic
def pbn_results_import(*, path: Path | str, club: str = "") -> PbnImport:
    """Create an event from a PBN results file; a refused file leaves nothing."""
    path = Path(path)
    try:
        pbn = parse_pbn(decode_pbn(path.read_bytes()))
        if is_teams(pbn):
            done = team_results_import(team_results(pbn), path, club)
        else:
            done = _pairs_import(pbn_results(pbn), path, club)
    except FormatError as exc:
        raise PbnResultsRefused(format_message(exc)) from None
    log_event(done.event.pk, None, "imported", done.event.source)
    return done


def _pairs_import(doc: PbnResults, path: Path, club: str) -> PbnImport:
    check_vulnerability(doc)
    kind = Event.Scoring.BUTLER if doc.in_imps else Event.Scoring.MATCHPOINTS
    stored = store_pairs_event(doc, path, club, kind)
    counts = {"lines": written_points(doc), "pairs": len(doc.pairs.listed)}
    if doc.in_imps:
        convention = imp_convention(doc, stored)
        checked = _(
            "checked against the file: the IMPs of %(lines)s lines and the "
            "totals of %(pairs)s pairs agree"
        )
    elif doc.pairs.individual:
        convention = "; ".join(
            (
                _("an individual: each player credited his side's points"),
                matchpoint_convention(doc, stored).described(),
            )
        )
        checked = _(
            "checked against the file: the matchpoints of %(lines)s lines and "
            "the totals of %(pairs)s players agree"
        )
    else:
        convention = matchpoint_convention(doc, stored).described()
        checked = _(
            "checked against the file: the matchpoints of %(lines)s lines and "
            "the totals of %(pairs)s pairs agree"
        )
    return PbnImport(stored.event, convention, checked % counts)
