"""Write side for events, sections and pairs."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from movements.proposals import proposal_build
from movements.services import movement_apply
from tournaments.models import (
    LOADED_PLAYERS,
    Club,
    Event,
    Pair,
    Player,
    Section,
    Session,
)
from tournaments.roster.people import person_link

MITCHELL, HOWELL = "mitchell", "howell"
# Boards a round of the default movement of a new event (movements.md §0: 2–4).
DEFAULT_BOARDS_PER_ROUND = {MITCHELL: 3, HOWELL: 2}


def _pair_slots(tables: int, kind: str) -> list[tuple[int, str, str]]:
    if kind == MITCHELL:
        return [
            (n, direction, f"{n}{direction}")
            for direction in ("NS", "EW")
            for n in range(1, tables + 1)
        ]
    return [(n, "", str(n)) for n in range(1, 2 * tables + 1)]


@transaction.atomic
def section_create(
    *, session: Session, letter: str, tables: int, kind: str = MITCHELL
) -> Section:
    """A section with its pairs numbered the usual way for its movement."""
    if session.event.individual:
        raise ValidationError(
            _("An individual plays one section of players, made with the event.")
        )
    if not 1 <= tables <= 60:
        raise ValidationError(_("A section has 1 to 60 tables."))
    if session.sections.filter(letter=letter).exists():
        raise ValidationError(
            _("Section %(letter)s exists already.") % {"letter": letter}
        )
    section = Section.objects.create(session=session, letter=letter, tables=tables)
    Pair.objects.bulk_create(
        Pair(section=section, number=n, direction=d, label=label)
        for n, d, label in _pair_slots(tables, kind)
    )
    return section


@transaction.atomic
def event_create(
    *,
    name: str,
    tables: int,
    kind: str = MITCHELL,
    club: str = "",
    day: date | None = None,
    boards_per_round: int | None = None,
    **options: object,
) -> Event:
    """An event with one session and section A with its default movement (when
    there is one for the tables); options are Event fields."""
    section = _event_section(name, tables, kind, club, day, options)
    default_movement_apply(section, kind, boards_per_round)
    return section.session.event


@transaction.atomic
def proposed_event_create(
    *,
    movement: str,
    name: str,
    tables: int,
    club: str = "",
    day: date | None = None,
    boards_per_round: int | None = None,
    pair_short: bool = False,
    **options: object,
) -> Event:
    """An event as ``event_create`` playing the movement proposed by that key
    (movements.proposals); a ValidationError (nothing written) when it cannot
    be built for the tables. ``pair_short``: the last table's missing pair a
    phantom (the movements' half table)."""
    kind = _kind_of(movement)
    section = _event_section(name, tables, kind, club, day, options)
    proposal = proposal_build(
        key=movement,
        tables=tables - 1 if pair_short else tables,
        half_table=pair_short,
        boards_per_round=boards_per_round or DEFAULT_BOARDS_PER_ROUND[kind],
    )
    movement_apply(section=section, movement=proposal.movement, played=())
    return section.session.event


def _kind_of(key: str) -> str:
    """Whose pair numbers a proposal's movement uses: a Howell's or a Mitchell's."""
    return HOWELL if key.startswith(HOWELL) else MITCHELL


def _event_section(
    name: str,
    tables: int,
    kind: str,
    club: str,
    day: date | None,
    options: dict[str, object],
) -> Section:
    """The event, its session 1 and its section A with their pairs."""
    event = Event(
        name=name,
        date=day,
        club=Club.objects.get_or_create(name=club)[0] if club else None,
        two_winners=kind == MITCHELL,
        **options,
    )
    event.full_clean()
    event.save()
    session = Session.objects.create(event=event, number=1, date=day)
    return section_create(session=session, letter="A", tables=tables, kind=kind)


def _default_key(tables: int, kind: str) -> str:
    if kind == HOWELL:
        return "howell"
    return "mitchell" if tables % 2 else "mitchell-skip"


def default_movement_apply(
    section: Section, kind: str, boards_per_round: int | None = None
) -> bool:
    """Store the usual movement for the section's tables; False when there is none
    (e.g. a 1-table section or a Howell for more than 10 tables)."""
    boards = boards_per_round or DEFAULT_BOARDS_PER_ROUND[kind]
    if kind == HOWELL and section.tables == 3:
        boards = max(boards, 3)  # the 3-table Howell shares a set among 3 tables
    try:
        proposal = proposal_build(
            key=_default_key(section.tables, kind),
            tables=section.tables,
            half_table=False,
            boards_per_round=boards,
        )
    except ValidationError:
        return False
    movement_apply(section=section, movement=proposal.movement, played=())
    return True


@transaction.atomic
def pair_name(
    *,
    pair: Pair,
    names: Sequence[str],
    ids: Sequence[str] = (),
    handicaps: Sequence[Decimal | None] | None = None,
    people: Sequence[int | None] = (),
) -> Pair:
    """Set the players of a pair, in seat order; blank names are dropped. Their
    handicaps are ``handicaps`` by seat, or (None) the seat's handicap kept.
    Each player links to the club's roster: ``people`` are the ids chosen from
    it (None: not chosen; a name typed over a choice is no longer that person),
    else the member number or the name finds them, else they join it."""
    before = {p.seat: (p.name, p.person_id) for p in pair.players.all()}
    if handicaps is None:
        kept = dict(pair.players.values_list("seat", "handicap"))
        handicaps = [kept.get(seat) for seat in range(1, len(names) + 1)]
    pair.players.all().delete()
    club_id = Event.objects.filter(sessions__sections__pairs=pair).values_list(
        "club_id", flat=True
    )[0]
    members = list(ids) + [""] * (len(names) - len(ids))
    marks = list(handicaps) + [None] * (len(names) - len(handicaps))
    chosen = list(people) + [None] * (len(names) - len(people))
    seats = enumerate(zip(names, members, chosen, marks[: len(names)], strict=True), 1)
    Player.objects.bulk_create(
        _player(pair, seat, (name.strip(), member, person_id, h), club_id, before)
        for seat, (name, member, person_id, h) in seats
        if name.strip()
    )
    # The players read with the pair, if any, are no longer its players.
    pair.__dict__.pop(LOADED_PLAYERS, None)
    return pair


def _player(
    pair: Pair,
    seat: int,
    typed: tuple[str, str, int | None, Decimal | None],
    club_id: int | None,
    before: dict[int, tuple[str, int | None]],
) -> Player:
    """A player of the pair from what was typed (name, member number, person
    chosen, handicap), linked to the roster (``before``: the pair's players as
    they were, whose links a page saved again keeps)."""
    name, member, person_id, handicap = typed
    person = person_link(
        club_id=club_id,
        name=name,
        member=member,
        chosen=person_id,
        kept=before.get(seat) == (name, person_id),
    )
    number = member or (person.national_id if person else "")
    return Player(
        pair=pair,
        seat=seat,
        name=name,
        national_id=number,
        person=person,
        handicap=handicap,
    )
