"""Live standings during play, with the round in play hidden when the event asks.

With ``Event.hide_current_round`` (the "barometer" way) the session is re-scored
without the round in play (``scoring.engine.rounds``), so its results leave no
trace in the points shown; each board keeps the number of results it expects.
With barometer boards every round from the first one some table has not
finished is hidden: the standings are those after the last finished round.
"""

from __future__ import annotations

from movements.selectors import barometer_results_per_round
from scoring.engine.rounds import Played, first_unfinished_round, round_in_play
from tournaments.models import Session

from .families import score_loaded, session_results
from .load import LoadedSession
from .reloading import scored
from .results import ScoringMemo, SessionResults

__all__ = ["live_results", "round_in_progress"]


def round_in_progress(data: LoadedSession) -> int | None:
    played = [
        Played(x.section_id, x.round, x.table)
        for x in data.lines
        if x.round is not None
    ]
    tables = {pk: s.tables for pk, s in data.sections.items()}
    return round_in_play(played, tables)


def live_results(session: Session) -> tuple[SessionResults, int | None]:
    """The results to show now, and the round hidden (None: all shown). Shown
    whole, they are the session's results: scored once for the room display,
    the live standings and the tables' phones alike."""
    if not session.event.hide_current_round:
        return session_results(session), None
    return scored("live", session, _live)


def _live(data: LoadedSession, memo: ScoringMemo) -> tuple[SessionResults, int | None]:
    if not data.event.hide_current_round:
        return score_loaded(data, memo), None
    sections, expected = barometer_results_per_round(data.session)
    if expected:
        played = (
            x.round
            for x in data.lines
            if x.round is not None and x.section_id in sections
        )
        first = first_unfinished_round(played, expected)
        if first is None:
            return score_loaded(data, memo), None
        return score_loaded(data.without_round(first, later=True)), first
    hidden = round_in_progress(data)
    if hidden is None:
        return score_loaded(data, memo), None
    return score_loaded(data.without_round(hidden)), hidden
