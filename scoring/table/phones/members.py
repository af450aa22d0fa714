"""The players of a table sign in with their member numbers at the first round."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import TableCode
from scoring.table.play.refusals import Refused
from scoring.table.play.rounds import table_round
from tournaments.models import Pair
from tournaments.roster.people import member_name
from tournaments.setup.events import pair_name

__all__ = ["players_sign_in"]


@transaction.atomic
def players_sign_in(code: TableCode, side: str, members: list[str]) -> Pair:
    """The players of a side sign in with their member numbers; names on the
    club's roster are filled in, others keep the name the director typed."""
    state = table_round(code)
    if state.individual:
        message = _("In an individual the director names the players.")
        raise Refused(409, message, "side")
    if state.seating is None or state.sit_out:
        raise Refused(409, _("No pair sits at this table now."))
    ns, ew = state.holding
    pair = ns if side == "NS" else ew
    assert pair is not None
    typed = [p.name for p in pair.players.all()]
    club_id = code.section.session.event.club_id
    names = [
        member_name(club_id, member) or (typed[i] if i < len(typed) else member)
        for i, member in enumerate(members)
    ]
    return pair_name(pair=pair, names=names, ids=members)
