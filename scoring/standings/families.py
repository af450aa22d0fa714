"""The event families and the one place that picks a family for an event.

A family scores a loaded session and says how its numbers read: matchpoint pairs
(percentages), IMP pairs (Butler or cross-IMPs: IMPs, no percentages) and teams
(matches in IMPs, standings in VPs or board-a-match points).
"""

from __future__ import annotations

from collections.abc import Callable

from tournaments.models import Event, Session

from .load import LoadedSession
from .matchpoints import score_matchpoint_session
from .reloading import scored
from .results import (
    Family,
    MatchResult,
    Scored,
    ScoredBoard,
    ScoringMemo,
    SessionResults,
    Standing,
)

__all__ = [
    "FAMILIES",
    "Family",
    "event_matches",
    "event_results",
    "family_of",
    "score_loaded",
    "session_results",
    "settings_shown",
]


def _pairs(
    scorer: Callable[
        [LoadedSession, ScoringMemo], tuple[list[Standing], list[ScoredBoard]]
    ],
) -> Callable[[LoadedSession, ScoringMemo], Scored]:
    def score(data: LoadedSession, memo: ScoringMemo) -> Scored:
        standings, boards = scorer(data, memo)
        return standings, boards, []

    return score


# The IMP, team and Swiss families' scorers are imported when first used: a
# command that scores a matchpoint event (results --json) starts without them.


def _imp_pairs(
    data: LoadedSession, _memo: ScoringMemo
) -> tuple[list[Standing], list[ScoredBoard]]:
    from .imp_pairs import score_imp_pair_session

    return score_imp_pair_session(data)


def _teams(data: LoadedSession, _memo: ScoringMemo) -> Scored:
    from .teams import score_team_session

    return score_team_session(data)


def _swiss_pairs(data: LoadedSession, _memo: ScoringMemo) -> Scored:
    from .swiss_pairs import score_swiss_pair_session

    return score_swiss_pair_session(data)


MATCHPOINTS = Family("matchpoints", False, False, _pairs(score_matchpoint_session))
INDIVIDUAL = Family(
    "individual", False, False, _pairs(score_matchpoint_session), individual=True
)
IMP_PAIRS = Family("imp_pairs", True, False, _pairs(_imp_pairs))
TEAMS = Family("teams", True, True, _teams)
# Swiss pairs: a standing's total is its VPs, its points its net IMPs and its
# boards the matches it has played.
SWISS_PAIRS = Family("swiss_pairs", True, False, _swiss_pairs)

FAMILIES = {f.key: f for f in (MATCHPOINTS, INDIVIDUAL, IMP_PAIRS, TEAMS, SWISS_PAIRS)}

_BY_KIND = {
    Event.Scoring.MATCHPOINTS: MATCHPOINTS,
    Event.Scoring.BUTLER: IMP_PAIRS,
    Event.Scoring.CROSS_IMPS: IMP_PAIRS,
    Event.Scoring.TEAMS: TEAMS,
    Event.Scoring.BAM: TEAMS,
    Event.Scoring.SWISS: TEAMS,
    Event.Scoring.SWISS_PAIRS: SWISS_PAIRS,
}


def family_of(event: Event) -> Family:
    if event.individual:  # always in matchpoints (Event.clean)
        return INDIVIDUAL
    return _BY_KIND[Event.Scoring(event.scoring)]


def settings_shown(event: Event) -> list[str]:
    """The event's scoring settings as its pages name them."""
    kind = Event.Scoring(event.scoring)
    if kind == Event.Scoring.MATCHPOINTS:
        return [event.get_factoring_display(), event.get_mp_presentation_display()]
    if kind == Event.Scoring.BUTLER:
        return [event.get_scoring_display(), event.get_datum_source_display()]
    if kind == Event.Scoring.CROSS_IMPS:
        return [event.get_scoring_display(), event.get_ximp_divisor_display()]
    if kind == Event.Scoring.BAM:
        return [event.get_scoring_display()]
    return [event.get_scoring_display(), event.get_vp_scale_display()]


def score_loaded(
    data: LoadedSession, memo: ScoringMemo | None = None
) -> SessionResults:
    """The loaded session scored; with ``memo`` (the same one with every copy
    of the session re-read), only what changed since is scored again."""
    memo = ScoringMemo() if memo is None else memo
    family = family_of(data.event)
    standings, boards, matches = family.score(data, memo)
    return SessionResults(
        session=data.session,
        family=family,
        policy=data.policy,
        standings=standings,
        boards=boards,
        matches=matches,
        report_memo=memo.reports,
    )


def session_results(session: Session) -> SessionResults:
    """A session's results as they are now: scored once per version of its data
    (``reloading``), so pages and polling phones read the same copy."""
    return scored("results", session, score_loaded)


def event_results(event: Event) -> list[SessionResults]:
    return [session_results(s) for s in event.sessions.all()]


def event_matches(event: Event) -> list[MatchResult]:
    return [m for results in event_results(event) for m in results.matches]
