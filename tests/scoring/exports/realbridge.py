"""The RealBridge teams fixture entered as a team event of this program.

30 teams in 15 matches of boards 11–20. At each table the file's HomeTeam sits
NS; a match's two tables hold the same teams with home and visitors swapped, so
the match's home team is the one sitting NS at its lower-numbered table (the
open room), and the other table is its closed room. Each game with a score
becomes a traveller line (its lead the first card of its play); Italy v Wales
has none, and one board 20 was played at one table only.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from scoring.engine.notation import Language, format_lead, parse_contract, parse_lead
from scoring.engine.types import Result, Seat
from scoring.entry.services import line_record
from scoring.formats.pbn import PbnGame, read_pbn
from tests.paths import FIXTURES
from tournaments.models import Board, Club, Event, Match, Pair, Session
from tournaments.setup.teams import TeamEntry, team_event_create

PBN = FIXTURES / "pbn_teams_imps_30tables.pbn"
FIRST, LAST = 11, 20


def games() -> list[PbnGame]:
    return list(read_pbn(PBN).games)


def scored_games() -> list[PbnGame]:
    """The games with a result: a score and a contract."""
    return [g for g in games() if g.score_ns is not None and g.value("Contract")]


def _players(found: list[PbnGame]) -> dict[str, list[str]]:
    """Each team's players: North and South where it sits NS, then East, West."""
    ns: dict[str, list[str]] = {}
    ew: dict[str, list[str]] = {}
    for game in found:
        home, visit = game.value("HomeTeam") or "", game.value("VisitTeam") or ""
        ns.setdefault(home, [game.value(s) or "" for s in ("North", "South")])
        ew.setdefault(visit, [game.value(s) or "" for s in ("East", "West")])
    return {team: ns.get(team, []) + ew.get(team, []) for team in sorted(ns | ew)}


def _rooms(found: list[PbnGame]) -> dict[frozenset[str], tuple[str, int, int]]:
    """Each match: its home team, open room table and closed room table."""
    tables: dict[frozenset[str], dict[int, str]] = defaultdict(dict)
    for game in found:
        home, visit = game.value("HomeTeam") or "", game.value("VisitTeam") or ""
        tables[frozenset((home, visit))][int(game.value("Table") or 0)] = home
    rooms = {}
    for key, homes in tables.items():
        assert len(homes) == 2, f"{key} does not play at two tables"
        open_table, closed_table = sorted(homes)
        rooms[key] = (homes[open_table], open_table, closed_table)
    return rooms


def _result(game: PbnGame) -> Result:
    contract = parse_contract(game.value("Contract") or "", Language.EN)
    if contract is None:
        return Result(None)
    declarer = Seat(game.declarer or "")
    return Result(contract, declarer, int(game.value("Result") or ""))


def _lead(game: PbnGame) -> str:
    play = game.tag("Play")
    if play is None or not play.data:
        return ""
    card = parse_lead(play.data[0].split()[0], Language.EN)
    return format_lead(card, Language.EN)


def realbridge_event() -> Event:
    """The fixture as a teams-of-four event (IMPs to VPs) of club RealBridge."""
    found = games()
    players = _players(found)
    event = team_event_create(
        name=found[0].value("Event") or "",
        kind=Event.Scoring.TEAMS,
        teams=[TeamEntry(name, people) for name, people in players.items()],
        boards_per_match=LAST - FIRST + 1,
        event_date=date(2021, 8, 23),
        club=Club.objects.get_or_create(name=found[0].value("Site") or "")[0],
    )
    session = event.sessions.get()
    _boards(session, found)
    _matches(event, session, found)
    return event


def _boards(session: Session, found: list[PbnGame]) -> None:
    deals = {g.board: g.value("Deal") or "" for g in found if g.board}
    for number, deal in sorted(deals.items()):
        Board.objects.create(session=session, number=number, deal=deal)


def _matches(event: Event, session: Session, found: list[PbnGame]) -> None:
    teams = {t.name: t for t in event.teams.all()}
    section = session.sections.get()
    pairs = {(p.team_id, p.direction): p for p in Pair.objects.filter(section=section)}
    for key, (home, open_table, closed_table) in _rooms(found).items():
        (away,) = key - {home}
        Match.objects.create(
            session=session, round=1, home=teams[home], away=teams[away],
            open_table=open_table, closed_table=closed_table,
            first_board=FIRST, last_board=LAST,
        )  # fmt: skip
    for game in scored_games():
        ns = teams[game.value("HomeTeam") or ""]
        ew = teams[game.value("VisitTeam") or ""]
        line_record(
            section=section, board_number=game.board or 0,
            ns_pair=pairs[ns.pk, "NS"], ew_pair=pairs[ew.pk, "EW"],
            result=_result(game), lead=_lead(game), round_no=1,
            table=int(game.value("Table") or 0),
        )  # fmt: skip
