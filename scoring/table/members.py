"""The players of a table sign in with their member numbers at the first round."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import TableCode
from tournaments.models import Pair, Player
from tournaments.setup.events import pair_name

from .refusals import Refused
from .rounds import table_round

__all__ = ["players_sign_in"]


def _member_name(club_id: int | None, member: str) -> str:
    """The name the club last knew the member by ('' when never seen)."""
    if club_id is None:
        return ""
    known = (
        Player.objects.filter(
            national_id=member, pair__section__session__event__club_id=club_id
        )
        .exclude(name="")
        .order_by("-pk")
        .values_list("name", flat=True)
        .first()
    )
    return known or ""


@transaction.atomic
def players_sign_in(code: TableCode, side: str, members: list[str]) -> Pair:
    """The players of a side sign in with their member numbers; names the club
    knows are filled in, others keep the name the director typed."""
    state = table_round(code)
    if state.seating is None or state.sit_out:
        raise Refused(409, _("No pair sits at this table now."))
    ns, ew = state.holding
    pair = ns if side == "NS" else ew
    assert pair is not None
    typed = [p.name for p in pair.players.all()]
    club_id = code.section.session.event.club_id
    names = [
        _member_name(club_id, member) or (typed[i] if i < len(typed) else member)
        for i, member in enumerate(members)
    ]
    return pair_name(pair=pair, names=names, ids=members)
