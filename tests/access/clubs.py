"""The objects of one club that every page of the program is tried on: a pairs
event with a result, a team event with its matches, a change log entry, a table
code with a disputed entry, a roster person; and the people who act in clubs.

``club_objects`` answers them by the names the URL patterns give their
arguments (``session_id``, ``line_id`` …), so that a page's address is built
from its pattern alone."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core.management import call_command
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from scoring.engine.social.deal import Deal
from scoring.engine.types import Contract, Result, Seat, Strain
from scoring.live.displays import display_key
from scoring.models import ChangeLog, SocialSession, TableEntry, TravellerLine
from scoring.reports.personal import personal_link
from scoring.social.pads import pad_enter
from scoring.social.sessions import session_start
from scoring.table.play.codes import codes_ensure, token_for
from tests.factories import join, make_event, make_result, section_of
from tests.scoring.test_teams import four_teams
from tournaments.models import Club, Event, Invitation, Match, Person, Section
from tournaments.setup.simultaneous import heat_add, simultaneous_create
from tournaments.setup.teams import round_robin_schedule

__all__ = ["MEMBER", "Ids", "club_objects", "member", "social_objects"]

Ids = dict[str, int | str]

# The member number of club objects' first player, for the member's own page.
MEMBER = "M-1"


def _teams(club: Club) -> Event:
    teams = four_teams()
    Event.objects.filter(pk=teams.pk).update(club=club)
    round_robin_schedule(event=teams)
    return teams


def _disputed(section: Section, line: TravellerLine) -> dict[str, int | str]:
    code = codes_ensure(section.session)[0]
    entry = TableEntry.objects.create(
        table=code, client_id="disputed", round=1, board=line.board,
        ns_pair=line.ns_pair, ew_pair=line.ew_pair,
        status=TableEntry.Status.DISPUTED,
    )  # fmt: skip
    return {"code_id": code.pk, "code": code.code, "entry_id": entry.pk,
            "token": token_for(code)}  # fmt: skip


def _person(club: Club, line: TravellerLine) -> int:
    """A roster person who played the line, as North, under a member number."""
    person = Person.objects.create(club=club, name="Ann Roster", national_id=MEMBER)
    line.ns_pair.players.update_or_create(
        seat=1, defaults={"name": person.name, "national_id": MEMBER, "person": person}
    )
    return person.pk


def _swiss_pairs(club: str) -> int:
    """A Swiss pairs event, whose draw has its own page."""
    call_command(
        "new_event", "--name", "Congress Swiss", "--tables", "4", "--movement",
        "swiss", "--rounds", "3", "--boards-per-round", "2", "--club", club,
        stdout=StringIO(),
    )  # fmt: skip
    return Event.objects.get(club__name=club, scoring=Event.Scoring.SWISS_PAIRS).pk


def _simultaneous(club: str) -> Ids:
    """A simultaneous the club organises, released an hour ago, and its heat."""
    past = timezone.now() - timedelta(hours=1)
    made = simultaneous_create(name="Club sims", boards=24, club=club, release_at=past)
    heat = heat_add(simultaneous=made, club=club, tables=3)
    return {"simultaneous_event_id": made.event_id, "heat_session_id": heat.pk}


def club_objects(name: str) -> Ids:
    """Club ``name``'s objects, by the URL arguments that name them."""
    event = make_event(club=name)
    club = Club.objects.get(name=name)
    section = section_of(event)
    line = make_result(section, 1, "1NS", "1EW", "4S N =")
    teams = _teams(club)
    return {
        "club_id": club.pk,
        "event_id": teams.pk,
        "pairs_event_id": event.pk,
        "swiss_pairs_event_id": _swiss_pairs(name),
        "session_id": section.session_id,
        "section_id": section.pk,
        "board": 1,
        "number": 1,
        "line_id": line.pk,
        "pair_id": line.ns_pair_id,
        "match_id": Match.objects.filter(session__event=teams)[0].pk,
        "change_id": ChangeLog.objects.get(line_id=line.pk).pk,
        "person_id": _person(club, line),
        "member": MEMBER,
        "language": "es",
        "kind": "pbn",
        "room_key": display_key(section.session),
        "personal_key": personal_link(line.ns_pair).rstrip("/").rsplit("/", 1)[1],
        **_disputed(section, line),
        **_outsider(club),
        **_simultaneous(name),
    }


def _outsider(club: Club) -> Ids:
    """A user of no club, invited to this one, with a password reset link."""
    user = User.objects.create_user(f"invited-to-{club.pk}", password="pw")
    invitation = Invitation.objects.create(user=user, club=club, role="director")
    return {
        "invitation_id": invitation.pk,
        "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
        "reset_token": default_token_generator.make_token(user),
    }


def member(club: str, role: str) -> User:
    """A user with ``role`` in ``club``; role "operator" is a site operator."""
    if role == "operator":
        return User.objects.create_superuser(f"operator-{club}", password="pw")
    user = User.objects.create_user(f"{role}-of-{club}", password="pw")
    join(user, club, role)
    return user


def social_objects() -> Ids:
    """A social session of four, with a deal entered on its first pad: no club
    owns them, their keys are their only way in."""
    session = session_start(session=SocialSession(), names=["Ann", "Bob", "Cy", "Di"])
    pad = session.pads.order_by("pk")[0]
    contract = Contract(1, Strain.NOTRUMP)
    pad_enter(pad, Deal(Result(contract, Seat.NORTH, 7)))
    return {"session_key": session.key, "pad_key": pad.key, "entry": 1}
