"""An imported USEBIO team file checked against our scoring of its results, as
a pairs file is (``agreement``): each room's IMPs, each match's VPs and each
team's total as written must be ours once the VP scale is recognised; a file
whose figures we do not reproduce is refused, naming the first disagreement,
unless the director keeps it (``--keep-file-points``)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from scoring.formats.usebio import PairRef
from scoring.formats.usebio_teams import UsebioTeams
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import SessionResults
from scoring.standings.teams import team_standings
from tournaments.models import Pair, Session

from .agreement import Agreement, check_lines, settle
from .mp_options import rounds_to

__all__ = ["check_team_figures"]


def check_team_figures(
    session: Session,
    doc: UsebioTeams,
    pairs: Mapping[PairRef, Pair],
    *,
    keep: bool,
) -> Agreement:
    """Compare the team file's figures with ours; refused at the first
    disagreement unless ``keep``."""
    results = score_loaded(load_session(session))
    found = Agreement()
    check_lines(results, [x for m in doc.matches for x in m.lines], pairs, found)
    _check_matches(results, doc, found)
    _check_totals(session, results, doc, found)
    settle(found, keep=keep)
    return found


def _verdict(what: str, text: str, ours: Decimal | Fraction | None) -> str:
    """'' when the written figure is ours (or either is missing), else what differs."""
    if not text or ours is None or rounds_to(Fraction(ours), text):
        return ""
    return f"{what} {text} in the file, {float(ours):.2f} by our scoring"


def _check_matches(results: SessionResults, doc: UsebioTeams, found: Agreement) -> None:
    ours = {
        (r.match.round, r.match.home.number, r.match.away.number): r
        for r in results.matches
    }
    for match in doc.matches:
        result = ours.get((match.round, match.home, match.away))
        if result is None:
            continue
        for side, text, vps in (
            (match.home, match.home_score, result.vp_home),
            (match.away, match.away_score, result.vp_away),
        ):
            said = _verdict(f"team {side}'s score", text, vps)
            if said:
                found.disagreements.append(f"{match.where}: {said}")


def _check_totals(
    session: Session, results: SessionResults, doc: UsebioTeams, found: Agreement
) -> None:
    ours = {
        s.team.number: s.total for s in team_standings(session.event, results.matches)
    }
    for team in doc.teams:
        said = _verdict("total", team.total, ours.get(team.number))
        if said:
            found.disagreements.append(f"team {team.number}: {said}")
