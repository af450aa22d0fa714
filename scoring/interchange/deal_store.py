"""The one deal store: every set dealt here or imported is kept with its
fingerprint, and a set holding a deal a session of the club already played is
refused unless the director asks for it again (``again``), so last week's
boards never come back by mistake."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.engine.dealing import set_fingerprint
from scoring.models import TravellerLine
from scoring.standings.secrecy import hidden_boards
from tournaments.models import Club, DealSet, Session

__all__ = ["Commitment", "SetPlayed", "keep_set", "session_commitment", "session_set"]


class SetPlayed(ValueError):
    """Deals a session of the club already played."""


def keep_set(
    *,
    club: Club | None,
    session: Session | None,
    deals: Mapping[int, str],
    source: str,
    again: bool,
    seed: str = "",
    commitment: str = "",
) -> DealSet:
    """Keep the set (refused when played already, unless ``again``). A set
    imported that was dealt here before keeps the seed it was dealt with."""
    if not again:
        _refuse_played(club, session, deals)
    fingerprint = set_fingerprint(deals)
    if not seed:
        dealt = DealSet.objects.filter(fingerprint=fingerprint).exclude(seed="")
        earlier = dealt.first()
        if earlier is not None:
            seed, commitment = earlier.seed, earlier.commitment
    return DealSet.objects.create(
        club=club,
        session=session,
        fingerprint=fingerprint,
        deals={str(board): deal for board, deal in sorted(deals.items())},
        seed=seed,
        commitment=commitment,
        source=source[:200],
    )


def _refuse_played(
    club: Club | None, session: Session | None, deals: Mapping[int, str]
) -> None:
    played = (
        TravellerLine.objects.filter(
            board__deal__in=set(deals.values()), board__session__event__club=club
        )
        .exclude(board__session=session)
        .values_list("board__session__event__name", "board__session__number")
        .distinct()
        .first()
    )
    if played is not None:
        raise SetPlayed(
            _(
                "These deals were played already (%(event)s, session %(session)s): "
                "deal them again only on purpose."
            )
            % {"event": played[0], "session": played[1]}
        )


def session_set(session: Session) -> DealSet | None:
    """The set dealt here that the session's boards hold now (None when the
    boards hold other deals, or deals imported from elsewhere)."""
    boards = dict(session.boards.values_list("number", "deal"))
    for kept in session.deal_sets.exclude(commitment="")[:20]:
        mine = kept.board_deals
        if mine and all(boards.get(number) == deal for number, deal in mine.items()):
            return kept
    return None


@dataclass(frozen=True)
class Commitment:
    commitment: str  # the seed's SHA-256, shown before play
    seed: str  # the seed, "" until every session dealt from it may show all
    first: int  # the boards the seed dealt
    last: int


def session_commitment(session: Session) -> Commitment | None:
    """What the pages show of the session's dealing (None: not dealt here).
    A seed reveals every deal of its set, so it is published only once every
    session holding the set is released and withholds no board."""
    kept = session_set(session)
    if kept is None:
        return None
    holders = Session.objects.filter(deal_sets__commitment=kept.commitment).distinct()
    shown = all(h.released and not hidden_boards(h) for h in holders)
    boards = kept.board_deals
    return Commitment(
        kept.commitment, kept.seed if shown else "", min(boards), max(boards)
    )
