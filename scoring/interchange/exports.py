"""A scored session as the USEBIO and PBN writers take it (formats.md §1–2).

Everything comes from the read side's ``SessionResults``: the standings, lines
and points the pages and ``results --json`` show, numbers written as there
(points in the event's units, two places, an exact half to even), so a file
never disagrees with the screen. A public download passes ``public_results``:
the boards withheld from the public leave their lines and deals out.

A line shows its table result; an artificial score its code; an assigned score
for both sides replaces the table result (a score kept without a contract
keeps the table's contract). USEBIO and PBN have no place for weighted or split
scores: such a line shows the table result (else the first assigned one) with
the points the adjustment gave it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring.adapters import ContractRow, LineRow, result_of
from scoring.engine.matchpoints import to_presentation
from scoring.engine.notation import Language, NotationError, parse_lead
from scoring.formats.double_dummy import double_dummy, stored_figures
from scoring.formats.pbn_write import PbnFile, names_cell, write_pbn
from scoring.formats.scored_session import (
    Entrant,
    Kind,
    Line,
    MatchScore,
    Person,
    ScoredBoard,
    ScoredSession,
)
from scoring.formats.usebio_write import USEBIO_TYPE, write_usebio
from scoring.interchange.carried import carried_in
from scoring.models import AssignedScore
from scoring.standings import ScoredLine, SessionResults, Standing, session_results
from scoring.standings.results import MatchResult, side_percentage, side_raw
from scoring.standings.teams import TeamStanding, team_standings
from tournaments.models import Board, Event, Pair, Player, Session

__all__ = [
    "PROGRAM",
    "ResultsFile",
    "event_session",
    "one_session",
    "pbn_file",
    "scored_session",
    "session_pbn",
    "session_usebio",
    "usebio_file",
]

PROGRAM: Final = "bridgescore"
VERSION: Final = "0.1.0"
Players = dict[int, tuple[Person, ...]]


@dataclass(frozen=True)
class ResultsFile:
    """A file to download: its bytes, content type and name."""

    content: bytes
    content_type: str
    name: str


def session_usebio(results: SessionResults) -> bytes:
    return write_usebio(scored_session(results))


def session_pbn(results: SessionResults, *, solve: bool = True) -> PbnFile:
    """The PBN file, with the double-dummy figures of every known deal (when
    ``solve``: never while a page waits, a session takes seconds to solve)."""
    return write_pbn(scored_session(results, solve=solve), f"{PROGRAM} {VERSION}")


def usebio_file(results: SessionResults) -> ResultsFile:
    content = session_usebio(results)
    return ResultsFile(content, USEBIO_TYPE, _file_name(results, "xml"))


def pbn_file(results: SessionResults) -> ResultsFile:
    """The PBN download: with the double dummy analysed already (never solved in
    a request)."""
    pbn = session_pbn(results, solve=False)
    return ResultsFile(pbn.content, pbn.content_type, _file_name(results, "pbn"))


def _file_name(results: SessionResults, extension: str) -> str:
    """Named as the reports' files are: "tuesday-pairs-1.xml"."""
    session = results.session
    return f"{slugify(session.event.name) or 'results'}-{session.number}.{extension}"


def event_session(event: Event, number: int | None = None) -> SessionResults:
    """The results of the event's session ``number``, or of its only session."""
    return session_results(one_session(event, number))


def one_session(event: Event, number: int | None = None) -> Session:
    """The event's session ``number``, or its only session (a file holds one)."""
    sessions = list(event.sessions.all())
    if number is not None:
        sessions = [s for s in sessions if s.number == number]
        if not sessions:
            raise ValueError(
                _("The event has no session %(number)s.") % {"number": number}
            )
    if not sessions:
        raise ValueError(_("The event has no session to export."))
    if len(sessions) > 1:
        raise ValueError(
            _("The event has %(count)s sessions: choose one with --session.")
            % {"count": len(sessions)}
        )
    return sessions[0]


def scored_session(results: SessionResults, *, solve: bool = False) -> ScoredSession:
    """The session as plain values; ``solve``: with the deals' double dummy."""
    session = results.session
    event = session.event
    kind = Kind(event.scoring)
    players = _players(results)
    lines = {
        s.line.pk: _line(s, results) for board in results.boards for s in board.lines
    }
    boards = _boards(results, lines)
    if solve:
        boards = _solved(boards)
    teams = kind.teams
    return ScoredSession(
        kind=kind,
        identifier=str(event.pk),
        name=event.name,
        club=event.club.name if event.club else "",
        club_number=event.club.number if event.club else "",
        event_type=event.file_event_type,
        day=session.date or event.date,
        # an individual has one winner (a Rainbow's per-compass winners have no
        # USEBIO form)
        two_winners=event.two_winners and not results.individual,
        sections=session.sections.count(),
        program=PROGRAM,
        version=VERSION,
        standings=_teams(results, players) if teams else _pairs(results, players),
        boards=boards,
        matches=tuple(_match(m, lines) for m in results.matches),
        session_count=event.sessions.count(),
        individual=results.individual,
    )


def _fixed(value: Fraction | Decimal | int) -> str:
    """Two places, an exact half to even (as the reports round): '65.96'."""
    return str(Decimal(round(Fraction(value) * 100)).scaleb(-2))


def _shown(value: Fraction | int, results: SessionResults) -> Fraction:
    """Points in the event's units (ACBL matchpoints halved; IMPs as they are)."""
    if not results.in_imps:
        value = to_presentation(value, presentation=results.policy.mp_presentation)
    return Fraction(value)


def _number(value: Fraction | int | None, results: SessionResults) -> str:
    """Points as the files write them: '6', '3.67' ('' for none)."""
    if value is None:
        return ""
    exact = _shown(value, results)
    return str(exact.numerator) if exact.denominator == 1 else _fixed(exact)


def _pair_number(pair: Pair) -> str:
    return f"{pair.number}{pair.direction}"


def _players(results: SessionResults) -> Players:
    found: dict[int, list[Person]] = defaultdict(list)
    rows = (
        Player.objects.filter(pair__section__session=results.session)
        .order_by("pair_id", "seat")
        .values_list("pair_id", "name", "national_id")
    )
    for pair_id, name, member in rows:
        found[pair_id].append(Person(name, member))
    return {pair_id: tuple(people) for pair_id, people in found.items()}


def _entrant(pair: Pair, players: Players) -> Entrant:
    return Entrant(
        section=pair.section.letter,
        number=_pair_number(pair),
        direction=pair.direction,
        players=players.get(pair.pk, ()),
    )


def _pairs(results: SessionResults, players: Players) -> tuple[Entrant, ...]:
    carried = carried_in(results)
    return tuple(
        replace(_standing(s, results, players), carry_over=carried.get(s.pair.pk, ""))
        for s in results.standings
    )


def _standing(row: Standing, results: SessionResults, players: Players) -> Entrant:
    percentage = "" if row.percentage is None else _fixed(row.percentage)
    return replace(
        _entrant(row.pair, players),
        place=row.rank,
        total=_fixed(_shown(row.total, results)),
        percentage=percentage,
        master_points=row.pair.master_points,
        handicap="" if row.handicap is None else _fixed(row.handicap),
        handicapped="" if row.handicapped is None else _fixed(row.handicapped),
    )


def _teams(results: SessionResults, players: Players) -> tuple[Entrant, ...]:
    pairs: dict[int, list[Pair]] = defaultdict(list)
    for pair in Pair.objects.filter(
        section__session=results.session, team__isnull=False
    ).select_related("section"):
        assert pair.team_id is not None
        pairs[pair.team_id].append(pair)
    rows = team_standings(results.session.event, results.matches)
    return tuple(_team(row, pairs[row.team.pk], players) for row in rows)


def _ns_first(pairs: list[Pair]) -> list[Pair]:
    return sorted(pairs, key=lambda pair: pair.direction != "NS")


def _team(row: TeamStanding, pairs: list[Pair], players: Players) -> Entrant:
    entrants = tuple(_entrant(p, players) for p in _ns_first(pairs))
    return Entrant(
        section="",
        number=str(row.team.number),
        direction="",
        players=tuple(person for e in entrants for person in e.players),
        place=row.rank,
        total=_fixed(row.total),
        name=row.team.name,
        pairs=entrants,
    )


def _line(scored: ScoredLine, results: SessionResults) -> Line:
    line, points = scored.line, scored.points
    percentages = [side_percentage(points, side) for side in ("NS", "EW")]
    shown = Line(
        section=line.section.letter,
        ns=_pair_number(line.ns_pair),
        ew=_pair_number(line.ew_pair),
        contract="",
        declarer="",
        tricks=None,
        lead=_lead(line.lead),
        score_ns=None,
        ns_points=_number(side_raw(points, "NS"), results),
        ew_points=_number(side_raw(points, "EW"), results),
        ns_percentage="" if percentages[0] is None else _fixed(percentages[0]),
        ew_percentage="" if percentages[1] is None else _fixed(percentages[1]),
        table=line.table,
        round=line.round,
    )
    if line.south is not None and line.west is not None:  # an individual
        shown = replace(
            shown, south=_pair_number(line.south), west=_pair_number(line.west),
            names_ns=names_cell([line.ns_pair.names, line.south.names]),
            names_ew=names_cell([line.ew_pair.names, line.west.names]),
        )  # fmt: skip
    if line.ns_artificial and line.ew_artificial:
        return replace(shown, artificial=(line.ns_artificial, line.ew_artificial))
    return _with_result(shown, line, scored.assigned)


def _with_result(shown: Line, line: LineRow, assigned: Sequence[AssignedScore]) -> Line:
    """The result the line shows (see the module's docstring)."""
    row: ContractRow | None = None if line.no_result else line
    score = None if row is None else row.score_ns
    if len(assigned) == 1 and assigned[0].side == "":
        kept = assigned[0]
        score_only = kept.level is None and bool(kept.score_ns) and row is not None
        row, score = (row if score_only else kept), kept.score_ns
    elif row is None and assigned:
        row, score = assigned[0], assigned[0].score_ns
    if row is None:
        return shown  # not played: nothing to show yet
    result = result_of(row)
    if result.contract is None:
        return replace(shown, contract="PASS", score_ns=score)
    contract = result.contract
    return replace(
        shown,
        contract=f"{contract.level}{contract.strain.value}{contract.doubling.value}",
        declarer=result.declarer.value if result.declarer else "",
        tricks=result.tricks,
        score_ns=score,
    )


def _lead(text: str) -> str:
    """A lead as PBN writes a card: suit, then rank ("SQ", "HT")."""
    if not text:
        return ""
    try:
        card = parse_lead(text, Language.EN)
    except (NotationError, ValueError):
        return ""
    return f"{card.suit.value}{card.rank}"


def _boards(results: SessionResults, lines: dict[int, Line]) -> tuple[ScoredBoard, ...]:
    """Every board with lines or a deal the reader may see, in number order."""
    by_number: dict[int, list[Line]] = defaultdict(list)
    datums: dict[int, set[int | None]] = defaultdict(set)
    for board in results.boards:
        by_number[board.number] += [lines[s.line.pk] for s in board.lines]
        datums[board.number].add(board.datum)
    stored = {
        b.number: b
        for b in Board.objects.filter(session=results.session).exclude(deal="")
    }
    numbers = sorted(set(by_number) | (set(stored) - results.hidden))
    return tuple(
        ScoredBoard(
            number=n,
            lines=tuple(by_number.get(n, ())),
            datum=_datum(datums.get(n, set())),
            **_deal(stored.get(n) if n not in results.hidden else None),
        )
        for n in numbers
    )


def _deal(board: Board | None) -> dict[str, Any]:
    """A board's deal, and its double dummy when it has been analysed."""
    if board is None:
        return {"deal": ""}
    solved = board.solved
    figures = stored_figures(solved) if solved else None
    return {"deal": board.deal, "double_dummy": figures}


def _datum(datums: set[int | None]) -> str:
    """The board's Butler datum when its every pool has the same one."""
    if len(datums) != 1:
        return ""
    datum = next(iter(datums))
    return "" if datum is None else str(datum)


def _solved(boards: tuple[ScoredBoard, ...]) -> tuple[ScoredBoard, ...]:
    """The boards, the deals not analysed yet solved now (not in a request)."""
    unsolved = {b.number: b.deal for b in boards if b.deal and not b.double_dummy}
    found = double_dummy(unsolved)
    return tuple(
        replace(b, double_dummy=found[b.number]) if b.number in found else b
        for b in boards
    )


def _match(result: MatchResult, lines: dict[int, Line]) -> MatchScore:
    """The match's scores and, board by board, its open room (home NS) and
    closed room (home EW) lines."""
    match = result.match
    boards = []
    for board in result.boards:
        rooms = [
            replace(lines[x.pk], home=home)
            for x, home in ((board.open, "NS"), (board.closed, "EW"))
            if x is not None and x.pk in lines
        ]
        boards.append(ScoredBoard(board.number, "", tuple(rooms)))
    return MatchScore(
        round=match.round,
        home=str(match.home.number),
        away=str(match.away.number),
        home_score="" if result.vp_home is None else _fixed(result.vp_home),
        away_score="" if result.vp_away is None else _fixed(result.vp_away),
        boards=tuple(boards),
    )
