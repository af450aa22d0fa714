"""Team events laid out as report tables: standings, matches, match scorecards.

The same `Document` blocks as the pairs reports, so the PDF and the workbook
of a team event come from the rows the team pages show.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Event, Session

from .exports.document import Block, Column, Document, Kind, Table
from .imp_reports import match_rows
from .reports import (
    document_of,
    hand_record_blocks,
    maybe_rounded,
    parts_document,
    traveller_blocks,
)
from .selectors import SessionResults
from .teams import MatchResult, event_matches, session_matches, standings


def standing_table(event: Event) -> Table:
    rows = tuple(
        {
            "rank": row.rank,
            "team": row.team.name,
            "players": ", ".join(row.team.player_names),
            "matches": row.matches,
            "imps_for": maybe_rounded(row.imps_for),
            "imps_against": maybe_rounded(row.imps_against),
            "total": maybe_rounded(row.total),
        }
        for row in standings(event, event_matches(event))
    )
    columns = (
        Column("rank", _("Rank")),
        Column("team", _("Team")),
        Column("players", _("Players")),
        Column("matches", _("Matches"), Kind.INT),
        Column("imps_for", _("IMPs for"), Kind.DECIMAL),
        Column("imps_against", _("IMPs against"), Kind.DECIMAL),
        Column("total", _("VPs"), Kind.DECIMAL),
    )
    return Table(_("Standings"), columns, rows)


def match_table(session: Session) -> Table:
    rows = tuple(
        {
            "round": r.match.round,
            "home": r.match.home.name,
            "away": r.match.away.name,
            "imps_home": maybe_rounded(r.imps_home) if r.played else None,
            "imps_away": maybe_rounded(r.imps_away) if r.played else None,
            "vp_home": maybe_rounded(r.vp_home),
            "vp_away": maybe_rounded(r.vp_away),
        }
        for r in session_matches(session)
    )
    columns = (
        Column("round", _("Round"), Kind.INT),
        Column("home", _("Home")),
        Column("away", _("Away")),
        Column("imps_home", _("IMPs home"), Kind.DECIMAL),
        Column("imps_away", _("IMPs away"), Kind.DECIMAL),
        Column("vp_home", _("VPs home"), Kind.DECIMAL),
        Column("vp_away", _("VPs away"), Kind.DECIMAL),
    )
    return Table(_("Matches"), columns, rows)


def _scorecard(result: MatchResult) -> Table:
    rows = tuple(
        {
            "board": row["board"],
            "open": " ".join(
                str(x) for x in (row["open"]["contract"], row["open"]["result"]) if x
            ),
            "open_score": row["open"]["score_ns"],
            "closed": " ".join(
                str(x)
                for x in (row["closed"]["contract"], row["closed"]["result"])
                if x
            ),
            "closed_score": row["closed"]["score_ns"],
            "home_imps": row["home_imps"],
            "away_imps": row["away_imps"],
        }
        for row in match_rows(result)
    )
    match = result.match
    columns = (
        Column("board", _("Board"), Kind.INT),
        Column("open", _("Open room")),
        Column("open_score", _("NS score"), Kind.INT),
        Column("closed", _("Closed room")),
        Column("closed_score", _("NS score"), Kind.INT),
        Column("home_imps", match.home.name, Kind.DECIMAL),
        Column("away_imps", match.away.name, Kind.DECIMAL),
    )
    title = _("Round %(round)s: %(home)s v %(away)s") % {
        "round": match.round,
        "home": match.home.name,
        "away": match.away.name,
    }
    return Table(title, columns, rows, keep_together=True)


def match_scorecards(session: Session) -> list[Table]:
    return [_scorecard(r) for r in session_matches(session)]


def team_session_document(results: SessionResults) -> Document:
    """Standings and matches, match scorecards, travellers, hand records."""
    session = results.session
    parts: list[list[Block]] = [
        [standing_table(session.event), match_table(session)],
        list(match_scorecards(session)),
        traveller_blocks(results),
        hand_record_blocks(results),
    ]
    return parts_document(results, parts)


def team_workbook_sheets(results: SessionResults) -> list[tuple[str, Document]]:
    session = results.session
    return [
        (
            _("Standings"),
            document_of(results, _("Standings"), [standing_table(session.event)]),
        ),
        (_("Matches"), document_of(results, _("Matches"), [match_table(session)])),
        (
            _("Scorecards"),
            document_of(results, _("Scorecards"), match_scorecards(session)),
        ),
        (
            _("Travellers"),
            document_of(results, _("Travellers"), traveller_blocks(results)),
        ),
    ]
