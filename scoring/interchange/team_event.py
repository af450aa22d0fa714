"""A team event from a results file (PBN or USEBIO): its teams, their pairs,
the matches and the boards, set up as a director would (``team_event_create``),
and the VP scale the file's numbers show.

Files number their teams as they like; the event numbers them in the file's
order, and the importers reach a team (and its NS and EW pairs) by the file's
number. A match is two teams over the boards of their round: in its open room
the home team sits NS.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError

from scoring.adapters import policy_of
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import ScoringMemo
from scoring.standings.teams import team_standings
from tournaments.models import Board, Club, Event, Match, Pair, Session, Team
from tournaments.setup.teams import TeamEntry, team_event_create

__all__ = [
    "FileMatch",
    "FileTeam",
    "TeamEvent",
    "TeamFileError",
    "add_matches",
    "create_team_event",
    "vp_scale_agreeing",
]


@dataclass(frozen=True)
class FileTeam:
    number: int  # as the file numbers it
    name: str
    players: tuple[str, ...] = ()  # the NS pair's two, then the EW pair's


@dataclass(frozen=True)
class FileMatch:
    round: int
    home: int  # the file's team numbers
    away: int
    open_table: int | None = None
    closed_table: int | None = None


@dataclass(frozen=True)
class TeamEvent:
    event: Event
    session: Session
    teams: dict[int, Team]  # by the file's number
    pairs: dict[tuple[int, str], Pair]  # (the file's team number, "NS"/"EW")


class TeamFileError(ValueError):
    """Teams a team event cannot be made of (the message names them)."""


def create_team_event(
    *,
    name: str,
    club: Club | None,
    day: date | None,
    teams: Sequence[FileTeam],
    boards: dict[int, set[int]],
    deals: dict[int, str],
    kind: str = Event.Scoring.TEAMS,
) -> TeamEvent:
    """The event with its teams and boards (``boards``: each round's board
    numbers; ``deals``: the boards' deals); refused as the set-up refuses a
    director's teams."""
    size = max((max(b) - min(b) + 1 for b in boards.values() if b), default=1)
    try:
        event = team_event_create(
            name=name[:200] or "Teams",
            kind=kind,
            teams=[TeamEntry(t.name, t.players) for t in teams],
            boards_per_match=size,
            event_date=day,
            club=club,
        )
    except ValidationError as exc:
        raise TeamFileError(" ".join(exc.messages)) from None
    session = event.sessions.get()
    by_number = {t.number: t for t in event.teams.all()}
    ours = {f.number: by_number[i] for i, f in enumerate(teams, start=1)}
    pairs = {
        (number, p.direction): p
        for number, team in ours.items()
        for p in Pair.objects.filter(team=team)
    }
    numbers = sorted({n for b in boards.values() for n in b} | set(deals))
    Board.objects.bulk_create(
        Board(session=session, number=n, deal=deals.get(n, "")) for n in numbers
    )
    return TeamEvent(event, session, ours, pairs)


def add_matches(
    made: TeamEvent, matches: Sequence[FileMatch], boards: dict[int, set[int]]
) -> None:
    """The matches, each over the boards of its round; tables the file does not
    give are numbered two by two."""
    numbered: dict[int, int] = defaultdict(int)
    for match in matches:
        numbered[match.round] += 1
        index = numbered[match.round]
        round_boards = boards.get(match.round) or {1}
        Match.objects.create(
            session=made.session,
            round=match.round,
            home=made.teams[match.home],
            away=made.teams[match.away],
            open_table=match.open_table or 2 * index - 1,
            closed_table=match.closed_table or 2 * index,
            first_board=min(round_boards),
            last_board=max(round_boards),
        )


def vp_scale_agreeing(
    made: TeamEvent, written: dict[int, tuple[Decimal, int]]
) -> Iterator[tuple[str, list[tuple[int, int, Decimal, Decimal]]]]:
    """Each VP scale, the event set to it, with the teams whose VPs as written
    (``written``: the file's team number -> VPs and the line) it does not give:
    (line, team, written, ours)."""
    event = made.event
    data = load_session(made.session)
    memo = ScoringMemo()  # the tries share what did not change
    for scale in Event.VpScale:
        event.vp_scale = scale
        results = score_loaded(replace(data, policy=policy_of(event)), memo)
        ours = {s.team.pk: s.total for s in team_standings(event, results.matches)}
        wrong = [
            (line, number, vps, ours[made.teams[number].pk])
            for number, (vps, line) in sorted(written.items())
            if not _same(ours[made.teams[number].pk], vps)
        ]
        yield scale, wrong


def _same(ours: Decimal, written: Decimal) -> bool:
    exponent = written.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return abs(Fraction(ours) - Fraction(written)) <= Fraction(1, 2 * 10**places)
