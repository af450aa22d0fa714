"""Traveller lines of a team event: each line's IMPs against the other room.

The NS pair of a line is one team and the EW pair the other; a line's points
are the board's IMPs of the team sitting NS (EW: the other team's), so the
traveller pages and the JSON read them like Butler points.
"""

from __future__ import annotations

from collections.abc import Hashable

from tournaments.models import Session

from .imp_pairs import ImpPoints
from .selectors import LoadedSession, ScoredBoard, ScoredLine, SessionResults
from .teams import session_matches


def line_imps(session: Session) -> dict[Hashable, ImpPoints]:
    points: dict[Hashable, ImpPoints] = {}
    for result in session_matches(session):
        for board in result.boards:
            if board.home_imps is None:
                continue
            home, away = board.home_imps, board.away_imps
            points[board.open.pk] = ImpPoints(board.open.pk, home, away)  # type: ignore[union-attr,arg-type]
            points[board.closed.pk] = ImpPoints(board.closed.pk, away, home)  # type: ignore[union-attr,arg-type]
    return points


def team_session_results(data: LoadedSession) -> SessionResults:
    points = line_imps(data.session)
    return SessionResults(
        session=data.session,
        policy=data.policy,
        standings=[],
        boards=[
            ScoredBoard(
                number,
                None if section_id is None else data.sections[section_id],
                e,
                [
                    ScoredLine(x, points.get(x.pk), data.assigned.get(x.pk, []))
                    for x in pool_lines
                ],
            )
            for number, section_id, e, pool_lines in data.pools
        ],
        kind=data.event.scoring,
    )
