"""What ``new_event --teams`` does: its options checked (a refusal names the
option at fault), the team event made by the services of the *New team event*
page with its first matches scheduled, all or nothing, and what was made said."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.db import transaction

from tournaments.models import Club, Event
from tournaments.setup.teams import (
    TeamEntry,
    round_robin_schedule,
    swiss_next_round,
    team_event_create,
)

__all__ = ["TeamOptions", "team_check", "team_made", "team_said"]

MAX_TEAMS = 60  # 30 matches: 60 tables
MAX_BOARDS_PER_MATCH = 64  # as on the New team event page
# The pairs' options, which a team event does not take.
PAIRS_ONLY = (
    "tables", "players", "movement", "boards_per_round", "arrow_switch",
    "barometer", "web", "sets", "json",
)  # fmt: skip


@dataclass(frozen=True)
class TeamOptions:
    name: str
    club: str
    teams: int
    boards: int | None
    swiss: bool
    rounds: int | None
    board_a_match: bool


def team_check(given: TeamOptions, options: dict[str, object]) -> None:
    """Refuse, naming the option, what a team event cannot be."""
    stray = [o for o in PAIRS_ONLY if options.get(o) not in (None, False, "")]
    if stray or options.get("sections", 1) != 1 or options.get("sessions", 1) != 1:
        names = stray or ["sections", "sessions"]
        flags = ", ".join("--" + n.replace("_", "-") for n in names)
        raise CommandError(f"{flags}: not for a team event (--teams)")
    if not given.name:
        raise CommandError("--name must not be blank")
    if not 2 <= given.teams <= MAX_TEAMS:
        raise CommandError(f"--teams must be 2 to {MAX_TEAMS}, not {given.teams}")
    boards = given.boards
    if boards is None:
        raise CommandError("--teams needs --boards-per-match")
    if not 1 <= boards <= MAX_BOARDS_PER_MATCH:
        raise CommandError(
            f"--boards-per-match must be 1 to {MAX_BOARDS_PER_MATCH}, not {boards}"
        )
    _check_swiss(given)


def _check_swiss(given: TeamOptions) -> None:
    if not given.swiss:
        if given.rounds is not None:
            raise CommandError("--rounds is for --swiss")
        return
    if given.board_a_match:
        raise CommandError("--board-a-match is a round robin: not with --swiss")
    most = given.teams - 1 + given.teams % 2
    if given.rounds is None or not 1 <= given.rounds <= most:
        raise CommandError(
            f"--swiss needs --rounds 1 to {most} (no rematch), not {given.rounds}"
        )


def _kind(given: TeamOptions) -> str:
    if given.swiss:
        return Event.Scoring.SWISS
    return Event.Scoring.BAM if given.board_a_match else Event.Scoring.TEAMS


@transaction.atomic
def team_made(given: TeamOptions) -> Event:
    """The event, its teams and its first matches (a round robin's all, a
    Swiss's round 1 by seeding), or nothing and a CommandError."""
    try:
        with transaction.atomic():
            event = team_event_create(
                name=given.name,
                kind=_kind(given),
                teams=[TeamEntry(f"Team {n}") for n in range(1, given.teams + 1)],
                boards_per_match=given.boards or 1,
                club=Club.objects.get_or_create(name=given.club)[0]
                if given.club
                else None,
                rounds=given.rounds,
            )
            if given.swiss:
                swiss_next_round(event=event, by_seeding=True)
            else:
                round_robin_schedule(event=event)
    except ValidationError as exc:
        raise CommandError(" ".join(exc.messages)) from None
    return event


def team_said(event: Event) -> list[str]:
    """What was made, the ids last."""
    session = event.sessions.get()
    matches = session.matches.count()
    rounds = session.matches.values("round").distinct().count()
    kind = Event.Scoring(event.scoring).label
    played = f"round 1 of {event.rounds} drawn" if event.rounds else f"{rounds} rounds"
    return [
        f"{kind}: {event.teams.count()} teams, {matches} matches ({played}) of "
        f"{event.boards_per_match} boards, each match an open and a closed room "
        "table",
        f"event {event.pk} session {session.pk}",
    ]
