"""A teams PBN results file (RealBridge's game per table, or our own export)
imported as a team event: the teams, the matches found from where the teams
sat, the boards and each table's result; then re-scored by our engine and
checked against the file: every table's IMPs against the other room of its
match (a table whose other room the file does not hold cannot be checked), and
every team's VPs under the first VP scale that gives them all."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from django.utils.translation import gettext as _

from scoring.formats.score_tables import ResultRow
from scoring.formats.team_results import Seating, TeamResults
from scoring.models import TravellerLine
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import side_raw
from tournaments.models import Event

from ..team_event import (
    FileMatch,
    FileTeam,
    TeamEvent,
    TeamFileError,
    add_matches,
    create_team_event,
    vp_scale_agreeing,
)
from .lines import (
    PbnImport,
    PbnResultsRefused,
    agrees,
    check_vulnerability,
    differs,
    owner,
    refused,
    source,
    traveller_line,
)

__all__ = ["team_results_import"]


def _round_boards(seatings: list[Seating]) -> dict[int, set[int]]:
    boards: dict[int, set[int]] = defaultdict(set)
    for seating in seatings:
        boards[seating.round or 1].add(seating.board)
    return boards


def _matches(seatings: list[Seating], names: dict[int, str]) -> list[FileMatch]:
    """Each two teams meeting in a round, home the team NS at the lower table;
    a team in two matches of a round is refused."""
    found: dict[tuple[int, frozenset[int]], list[Seating]] = defaultdict(list)
    met: dict[tuple[int, int], frozenset[int]] = {}
    for s in seatings:
        key = frozenset((s.ns, s.ew))
        for team in (s.ns, s.ew):
            other = met.setdefault((s.round or 1, team), key)
            if other != key:
                raise refused(
                    s.line,
                    _("team %(team)s plays two matches in round %(round)s")
                    % {"team": names.get(team, team), "round": s.round or 1},
                )
        found[s.round or 1, key].append(s)
    return [_match(round_no, tables) for (round_no, _k), tables in found.items()]


def _match(round_no: int, seatings: list[Seating]) -> FileMatch:
    tables = sorted(
        {(s.table, s.ns) for s in seatings if s.table is not None},
    )
    home = tables[0][1] if tables else seatings[0].ns
    away = next(s.ew if s.ns == home else s.ns for s in seatings)
    open_table = next((t for t, ns in tables if ns == home), None)
    closed_table = next((t for t, ns in tables if ns == away), None)
    return FileMatch(round_no, home, away, open_table, closed_table)


def _store_lines(doc: TeamResults, made: TeamEvent) -> dict[int, ResultRow]:
    pairs = {
        key: made.pairs[key.number, key.direction]
        for row in doc.doc.rows
        for key in (row.ns, row.ew)
    }
    section = made.session.sections.get()
    boards = {b.number: b for b in made.session.boards.all()}
    lines = []
    for row in doc.doc.rows:
        line = traveller_line(row, pairs)
        line.board, line.section = boards[row.board], section
        line.round = row.round or 1
        lines.append(line)
    TravellerLine.objects.bulk_create(lines)
    return {x.pk: row for x, row in zip(lines, doc.doc.rows, strict=True)}


def _checked_tables(made: TeamEvent, rows: dict[int, ResultRow]) -> Iterator[int]:
    """The line of each table whose IMPs the file writes and we check; refused
    at the first that does not agree."""
    results = score_loaded(load_session(made.session))
    for board in results.boards:
        for scored in board.lines:
            row = rows[scored.line.id]
            for written, side in zip(row.points, ("NS", "EW"), strict=True):
                ours = side_raw(scored.points, side)
                if written is None or ours is None:
                    continue  # the other room is not in the file
                if not agrees(ours, written):
                    what = _("%(side)s IMPs") % {"side": side}
                    raise refused(row.line, differs(what, written, ours))
            if row.points[0] is not None and scored.points is not None:
                yield row.line


def _vp_scale(made: TeamEvent, doc: TeamResults) -> int:
    """The VP scale that gives every team's VPs as written, kept; how many
    teams' VPs were checked."""
    written = {
        n: (info.total, info.line)
        for n, info in doc.teams.items()
        if info.total is not None
    }
    if not written:
        return 0
    nearest = None
    for scale, wrong in vp_scale_agreeing(made, written):
        if not wrong:
            made.event.vp_scale = scale
            made.event.save(update_fields=["vp_scale"])
            return len(written)
        if nearest is None or len(wrong) < len(nearest):
            nearest = wrong
    assert nearest is not None
    line, team, vps, ours = nearest[0]
    what = _("VPs of team %(team)s") % {"team": doc.teams[team].name}
    raise refused(line, differs(what, vps, Fraction(ours)))


def team_results_import(doc: TeamResults, path: Path, club: str) -> PbnImport:
    results = doc.doc
    check_vulnerability(results)
    boards = _round_boards(doc.seatings)
    teams = [
        FileTeam(info.number, info.name, info.players)
        for info in sorted(doc.teams.values(), key=lambda i: i.number)
    ]
    try:
        made = create_team_event(
            name=results.event or path.stem, club=owner(club), day=results.day,
            teams=teams, boards=boards, deals=results.deals,
        )  # fmt: skip
    except TeamFileError as exc:
        raise PbnResultsRefused(str(exc)) from None
    made.event.source = source(results, path)
    made.event.save(update_fields=["source"])
    made.session.released = True
    made.session.save(update_fields=["released"])
    names = {n: info.name for n, info in doc.teams.items()}
    add_matches(made, _matches(doc.seatings, names), boards)
    rows = _store_lines(doc, made)
    tables = len(list(_checked_tables(made, rows)))
    checked_teams = _vp_scale(made, doc)
    checked = (
        _(
            "checked against the file: the IMPs of %(tables)s tables and the VPs "
            "of %(teams)s teams agree"
        )
        if checked_teams
        else _(
            "checked against the file: the IMPs of %(tables)s tables agree (it "
            "writes no VPs)"
        )
    )
    scale = str(Event.VpScale(made.event.vp_scale).label)
    counts = {"tables": tables, "teams": checked_teams}
    return PbnImport(made.event, scale, checked % counts)
