"""A team table's match: the match its round plays there, the table's room,
and the match's result as the engine scores it (``standings.teams``)."""

from __future__ import annotations

from django.db.models import Q

from scoring.standings import session_results
from scoring.standings.results import MatchResult
from scoring.table.play.rounds import TableRound
from tournaments.models import Match, Pair, Session

__all__ = ["board_match", "match_result", "table_match", "team_of"]


def table_match(state: TableRound, round_no: int | None = None) -> Match | None:
    """The match played at the table in ``round_no`` (by default its round now;
    None: not a team event's table, or one that sits the round out)."""
    session = state.code.section.session
    round_no = round_no or state.round
    if not session.event.is_teams or round_no is None:
        return None
    table = state.code.table
    return (
        session.matches.filter(Q(open_table=table) | Q(closed_table=table))
        .filter(round=round_no)
        .select_related("home", "away")
        .first()
    )


def board_match(session: Session, holders: frozenset[int], number: int) -> Match | None:
    """The match in which the team of ``holders`` (pairs) plays board ``number``."""
    teams = Pair.objects.filter(pk__in=holders, team__isnull=False).values("team_id")
    return (
        session.matches.filter(first_board__lte=number, last_board__gte=number)
        .filter(Q(home_id__in=teams) | Q(away_id__in=teams))
        .first()
    )


def team_of(match: Match, table: int, side: str) -> str:
    """ "home" or "away": the team a side of the table plays for (the open
    room seats home NS, the closed room away NS)."""
    home_sits_ns = match.room_of(table) == "open"
    return "home" if home_sits_ns == (side == "NS") else "away"


def match_result(match: Match) -> MatchResult:
    """The match scored with its session, as the results pages read it."""
    results = session_results(match.session)
    return next(r for r in results.matches if r.match.pk == match.pk)
