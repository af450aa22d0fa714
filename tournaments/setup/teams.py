"""Write side of team events: create the event and its teams, schedule a round
robin, draw a Swiss round. Each service validates first and writes in one
transaction, so a refused request leaves nothing behind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from movements.models import Seating
from scoring.engine.roundrobin import round_robin
from scoring.engine.swiss import (
    NoPairingError,
    SwissDraw,
    SwissStanding,
    swiss_draw,
    swiss_round_one,
)
from scoring.entry.services import Actor, log_event
from scoring.standings import event_matches
from scoring.standings.results import MatchResult
from scoring.standings.teams import team_standings
from tournaments.models import (
    Board,
    Club,
    Event,
    Match,
    Pair,
    Player,
    Section,
    Session,
    Team,
)


@dataclass(frozen=True)
class TeamEntry:
    name: str
    players: Sequence[str] = ()


def _check_event(kind: str, boards_per_match: int, teams: Sequence[TeamEntry]) -> None:
    if kind not in Event.TEAM_KINDS:
        raise ValidationError(_("%(kind)s is not a team event.") % {"kind": kind})
    if boards_per_match < 1:
        raise ValidationError(_("A match needs at least one board."))
    _check_teams(teams)


def _check_teams(teams: Sequence[TeamEntry]) -> None:
    if len(teams) < 2:
        raise ValidationError(_("A team event needs at least two teams."))
    seen: set[str] = set()
    for number, team in enumerate(teams, start=1):
        name = team.name.strip()
        if not name:
            raise ValidationError(
                _("Team %(number)s has no name.") % {"number": number}
            )
        if name.casefold() in seen:
            raise ValidationError(
                _("Team %(number)s: the name %(name)s is used twice.")
                % {"number": number, "name": name}
            )
        seen.add(name.casefold())


@transaction.atomic
def team_event_create(
    *,
    name: str,
    kind: str,
    teams: Sequence[TeamEntry],
    boards_per_match: int,
    event_date: date | None = None,
    vp_scale: str = Event.VpScale.WBF2013_CONTINUOUS,
    club: Club | None = None,
    rounds: int | None = None,
) -> Event:
    """A team event (a Swiss's ``rounds`` planned) with its teams' pairs."""
    _check_event(kind, boards_per_match, teams)
    event = Event.objects.create(
        club=club,
        name=name,
        date=event_date,
        scoring=kind,
        vp_scale=vp_scale,
        boards_per_match=boards_per_match,
        rounds=rounds,
        two_winners=False,
        table_match_score=_match_score_shown(teams),
    )
    session = Session.objects.create(event=event, number=1, date=event_date)
    section = Section.objects.create(
        session=session, letter="A", tables=len(teams) + len(teams) % 2
    )
    for number, entry in enumerate(teams, start=1):
        team = Team.objects.create(
            event=event,
            number=number,
            name=entry.name.strip(),
            players="\n".join(p.strip() for p in entry.players if p.strip()),
        )
        _team_pairs(section, team)
    return event


def _match_score_shown(teams: Sequence[TeamEntry]) -> str:
    """A knockout match (two teams) keeps its score from the tables until it
    ends; a round robin or a Swiss shows it as it happens."""
    shown = Event.MatchScoreShown
    return shown.AT_END if len(teams) == 2 else shown.LIVE


def _team_pairs(section: Section, team: Team) -> None:
    """The team's NS and EW pairs; players 1–2 sit NS, 3 and later EW."""
    names = team.player_names
    for direction, players in (("NS", names[:2]), ("EW", names[2:])):
        pair = Pair.objects.create(
            section=section,
            number=team.number,
            direction=direction,
            label=f"{team.number}{direction}",
            team=team,
        )
        Player.objects.bulk_create(
            Player(pair=pair, seat=seat, name=player)
            for seat, player in enumerate(players, start=1)
        )


def _boards_of_round(event: Event, session: Session, round_no: int) -> range:
    size = event.boards_per_match or 1
    numbers = range((round_no - 1) * size + 1, round_no * size + 1)
    for number in numbers:
        Board.objects.get_or_create(session=session, number=number)
    return numbers


def _add_round(
    event: Event, session: Session, round_no: int, pairs: Sequence[tuple[Team, Team]]
) -> list[Match]:
    boards = _boards_of_round(event, session, round_no)
    matches = [
        Match.objects.create(
            session=session,
            round=round_no,
            home=home,
            away=away,
            open_table=2 * index - 1,
            closed_table=2 * index,
            first_board=boards.start,
            last_board=boards.stop - 1,
        )
        for index, (home, away) in enumerate(pairs, start=1)
    ]
    _rooms_seat(session, matches)
    return matches


def _rooms_seat(session: Session, matches: Sequence[Match]) -> None:
    """Each match's two tables as the round's seatings, so that the phones play
    a match's rooms as they play a pairs round: home NS against away EW in the
    open room, away NS against home EW in the closed room."""
    pairs = {
        (p.team_id, p.direction): p.pk
        for p in Pair.objects.filter(section__session=session, team__isnull=False)
    }
    section = session.sections.get(letter="A")
    Seating.objects.bulk_create(
        Seating(
            section=section, round=m.round, table=table,
            ns_pair_id=pairs[ns, "NS"], ew_pair_id=pairs[ew, "EW"],
            board_set=m.round, first_board=m.first_board, last_board=m.last_board,
        )
        for m in matches
        for table, ns, ew in (
            (m.open_table, m.home_id, m.away_id),
            (m.closed_table, m.away_id, m.home_id),
        )
    )  # fmt: skip


def _team_session(event: Event) -> Session:
    if not event.is_teams:
        raise ValidationError(_("%(event)s is not a team event.") % {"event": event})
    session = event.sessions.first()
    if session is None:
        raise ValidationError(_("%(event)s has no session.") % {"event": event})
    return session


@transaction.atomic
def round_robin_schedule(*, event: Event) -> list[Match]:
    """Every team meets every other once (circle method)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    session = _team_session(event)
    if session.matches.exists():
        raise ValidationError(_("The matches are already scheduled."))
    teams = {t.number: t for t in event.teams.all()}
    if len(teams) < 2:
        raise ValidationError(_("A team event needs at least two teams."))
    matches: list[Match] = []
    for rnd in round_robin(len(teams)):
        pairs = [(teams[m.home], teams[m.away]) for m in rnd.matches]
        matches += _add_round(event, session, rnd.number, pairs)
    return matches


@dataclass(frozen=True)
class SwissProposal:
    """The next Swiss round as it would be drawn now: home team first."""

    round: int
    matches: list[tuple[Team, Team]]

    @property
    def said(self) -> str:
        """The draw as team numbers ("3-1,2-4"), to confirm what was seen."""
        return ",".join(f"{home.number}-{away.number}" for home, away in self.matches)


def _unfinished_refused(results: list[MatchResult], last: int) -> None:
    unfinished = [r for r in results if r.match.round == last and not r.complete]
    if unfinished:
        raise ValidationError(
            _(
                "Round %(round)s is not complete: %(matches)s. Enter every result "
                "before drawing the next round."
            )
            % {
                "round": last,
                "matches": ", ".join(
                    f"{r.match.home.name} v {r.match.away.name}" for r in unfinished
                ),
            }
        )


def _next_draw(
    event: Event, results: list[MatchResult], last: int, by_seeding: bool
) -> SwissProposal:
    _unfinished_refused(results, last)
    teams = {t.pk: t for t in event.teams.all()}
    if last == 0:
        order = [t.pk for t in sorted(teams.values(), key=lambda t: t.number)]
        draw = swiss_round_one(order, seed=None if by_seeding else event.pk)
    else:
        draw = _later_draw(event, results, last)
    return SwissProposal(last + 1, [(teams[a], teams[b]) for a, b in draw.matches])


def _last_round(results: list[MatchResult]) -> int:
    return max((r.match.round for r in results), default=0)


def _planned_refused(event: Event, last: int) -> None:
    if event.rounds is not None and last >= event.rounds:
        raise ValidationError(
            _("The %(rounds)s rounds planned are all drawn.") % {"rounds": event.rounds}
        )


def swiss_proposal(*, event: Event) -> SwissProposal:
    """The next round's draw as ``swiss_next_round`` would make it now, nothing
    written; refused while a match of the last round is unfinished, or when the
    rounds planned are all drawn."""
    _team_session(event)
    results = event_matches(event)
    last = _last_round(results)
    _planned_refused(event, last)
    return _next_draw(event, results, last, by_seeding=False)


@transaction.atomic
def swiss_next_round(
    *,
    event: Event,
    by_seeding: bool = False,
    seen: tuple[int, str] | None = None,
    user: Actor = None,
) -> list[Match]:
    """Draw the next Swiss round; refused while a match of the last is unfinished.
    Round 1 is drawn at random from the event's id, or ``by_seeding`` (team
    numbers in order of strength). With ``seen`` (the round and the draw, as
    ``SwissProposal.said``, the control room proposed) the round is drawn only
    if it is still that round, within those planned, and that draw."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    session = _team_session(event)
    results = event_matches(event)
    last = _last_round(results)
    if seen is not None:
        if seen[0] <= last:
            raise ValidationError(
                _("Round %(round)s is already drawn.") % {"round": seen[0]}
            )
        _planned_refused(event, last)
    draw = _next_draw(event, results, last, by_seeding)
    if seen is not None and seen != (draw.round, draw.said):
        raise ValidationError(
            _("The standings changed since this draw was proposed: check it again.")
        )
    matches = _add_round(event, session, draw.round, draw.matches)
    said = ", ".join(f"{home.name} v {away.name}" for home, away in draw.matches)
    log_event(event.pk, user, "swiss-draw", f"round {draw.round}: {said}")
    return matches


def _later_draw(event: Event, results: list[MatchResult], rounds: int) -> SwissDraw:
    rows = team_standings(event, results)
    entries = [
        SwissStanding(
            entry=row.team.pk,
            score=row.score,
            carry_over=row.carry_over,
            opponents=frozenset(row.opponents),
            byes=rounds - len(row.opponents),
        )
        for row in rows
    ]
    try:
        return swiss_draw(entries, repeats="forbid")
    except NoPairingError:
        raise ValidationError(
            _("Every team has met every other: no new round can be drawn.")
        ) from None


@transaction.atomic
def carry_over_set(
    *, event: Event, values: dict[int, Decimal], user: Actor = None
) -> None:
    """Each team's carry-over VPs from an earlier stage, by team number."""
    teams = {t.number: t for t in event.teams.select_for_update()}
    unknown = sorted(set(values) - set(teams))
    if unknown:
        raise ValidationError(
            _("There is no team %(number)s.") % {"number": unknown[0]}
        )
    said = []
    for number, value in sorted(values.items()):
        team = teams[number]
        if team.carry_over != value:
            said.append(f"{team.name}: {team.carry_over} → {value}")
            team.carry_over = value
            team.full_clean()
            team.save(update_fields=["carry_over"])
    if said:
        log_event(event.pk, user, "carry-over", "; ".join(said))
