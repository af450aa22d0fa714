"""Import a USEBIO team event (``usebio_teams`` of the formats) as a new team
event, all or nothing: its teams with their players, its matches as the file
pairs the teams (each over the boards of its round), and both rooms' lines,
read as a pairs file's lines are (``usebio_lines``). The VP scale is the first
that gives the teams' totals as written; a file whose totals no scale gives
keeps the default, and the re-scored event shows the difference.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from scoring.formats.usebio import PairRef, UsebioError, UsebioLine, written_number
from scoring.formats.usebio_teams import UsebioTeams, read_usebio_teams
from scoring.models import TravellerLine
from tournaments.models import Event, Pair

from .agreement import Agreement
from .file_club import file_club
from .team_agreement import check_team_figures
from .team_event import (
    FileMatch,
    FileTeam,
    TeamEvent,
    TeamFileError,
    add_matches,
    create_team_event,
    vp_scale_agreeing,
)
from .usebio_lines import Row, keep_written_score, scored_as_pass, traveller_row

__all__ = ["TeamImport", "import_team_file"]


def _round_boards(doc: UsebioTeams) -> dict[int, set[int]]:
    boards: dict[int, set[int]] = defaultdict(set)
    for match in doc.matches:
        boards[match.round] |= {line.board for line in match.lines}
    for match in doc.matches:
        boards[match.round] = boards[match.round] or set(doc.deals) or {1}
    return boards


def _teams(doc: UsebioTeams) -> list[FileTeam]:
    return [
        FileTeam(t.number, t.name, tuple(n for p in t.pairs for n in p.names))
        for t in sorted(doc.teams, key=lambda t: t.number)
    ]


def _pairs(doc: UsebioTeams, made: TeamEvent) -> dict[PairRef, Pair]:
    """The pair of ours each of the file's lines names."""
    return {
        PairRef(ref.section, ref.number, ref.direction): made.pairs[
            ref.number, ref.direction
        ]
        for match in doc.matches
        for line in match.lines
        for ref in (line.ns, line.ew)
        if (ref.number, ref.direction) in made.pairs
    }


def _lines(
    doc: UsebioTeams, made: TeamEvent, keep: bool
) -> list[tuple[UsebioLine, Row]]:
    section = made.session.sections.get()
    boards = {b.number: b for b in made.session.boards.all()}
    pairs = _pairs(doc, made)
    rows = []
    for match in doc.matches:
        for line in match.lines:
            if line.ns not in pairs or line.ew not in pairs:
                raise UsebioError(f"{line.where}: a pair of no team of the file")
            row = traveller_row(line, pairs, keep)
            row.line.board, row.line.section = boards[line.board], section
            row.line.round = match.round
            rows.append((line, row))
    TravellerLine.objects.bulk_create(r.line for _x, r in rows)
    for _x, row in rows:
        if row.written is not None:
            keep_written_score(row)
    return rows


def _vp_scale(doc: UsebioTeams, made: TeamEvent) -> None:
    written: dict[int, tuple[Decimal, int]] = {}
    for team in doc.teams:
        total = written_number(team.total) if team.total else None
        if total is not None:
            written[team.number] = (total, 0)
    if not written:
        return
    default = made.event.vp_scale
    for scale, wrong in vp_scale_agreeing(made, written):
        if not wrong:
            default = scale
            break
    made.event.vp_scale = default
    made.event.save(update_fields=["vp_scale"])


@dataclass(frozen=True)
class TeamImport:
    event: Event
    not_played: list[str]  # lines, as the file names them
    written_scores: list[str]  # kept scores of record
    agreement: Agreement = field(default_factory=Agreement)  # the file's v ours


def import_team_file(
    *,
    path: Path | str,
    club: str,
    keep_written_scores: bool,
    keep_file_points: bool = False,
) -> TeamImport:
    """The event, and what the director should know of it; a file whose figures
    are not ours is refused unless ``keep_file_points``."""
    doc = read_usebio_teams(path)
    owner = file_club(club, doc.club, doc.club_number)
    boards = _round_boards(doc)
    try:
        made = create_team_event(
            name=doc.name, club=owner, day=doc.date, teams=_teams(doc),
            boards=boards, deals=doc.deals, kind=doc.kind,
        )  # fmt: skip
    except TeamFileError as exc:
        raise UsebioError(str(exc)) from None
    made.event.source = f"{Path(path).name} ({doc.program})".strip()[:200]
    made.event.file_event_type = doc.written_type
    made.event.save(update_fields=["source", "file_event_type"])
    made.session.released = True
    made.session.save(update_fields=["released"])
    add_matches(made, [FileMatch(m.round, m.home, m.away) for m in doc.matches], boards)
    rows = _lines(doc, made, keep_written_scores)
    _vp_scale(doc, made)
    return TeamImport(
        made.event,
        not_played=[
            x.where for x, _row in rows if x.not_played and not scored_as_pass(x)
        ],
        written_scores=[x.where for x, row in rows if row.written is not None],
        agreement=check_team_figures(
            made.session, doc, _pairs(doc, made), keep=keep_file_points
        ),
    )
