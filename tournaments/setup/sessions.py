"""Write side for the sessions of an event and its entries (the partnerships
that carry over from one session to the next, whatever their pair numbers).

A pair without an entry stands for itself; ``entries_ensure`` gives every such
pair its own entry, so a late pair of one session is an entry of the next.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from string import ascii_uppercase

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring.entry.services import Actor, log_event
from tournaments.models import Entry, Event, Pair, Player, Section, Session

from .events import default_movement_apply, section_create

__all__ = [
    "entries_ensure",
    "entries_seat",
    "entry_carry_over_set",
    "entry_names",
    "entry_players",
    "players_copy",
    "session_add",
]


@transaction.atomic
def entries_ensure(event: Event) -> list[Entry]:
    """The event's entries, after giving each pair without one its own, in
    session, section and pair order."""
    last = Entry.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
    loose = Pair.objects.filter(section__session__event=event, entry=None).order_by(
        "section__session__number", "section__letter", "-direction", "number"
    )
    for pair in loose:
        last += 1
        pair.entry = Entry.objects.create(event=event, number=last)
        pair.save(update_fields=["entry"])
    return list(Entry.objects.filter(event=event))


Seated = list[tuple[int, str, str]]  # a pair's players: seat, name, member number


def _last_pairs(event: Event) -> dict[int, Pair]:
    """Each entry's pair of its latest session (its names, its players)."""
    found: dict[int, Pair] = {}
    pairs = (
        Pair.objects.filter(section__session__event=event, entry__isnull=False)
        .order_by("section__session__number")
        .prefetch_related("players")
    )
    for pair in pairs:
        assert pair.entry_id is not None
        found[pair.entry_id] = pair
    return found


def entry_names(event: Event) -> dict[int, str]:
    """Each entry's names as its latest pair gives them ("" when unnamed)."""
    return {pk: pair.names for pk, pair in _last_pairs(event).items()}


def entry_players(event: Event) -> dict[int, Seated]:
    """Each entry's players as its latest pair has them, read before any change."""
    return {
        pk: [(p.seat, p.name, p.national_id) for p in pair.players.all()]
        for pk, pair in _last_pairs(event).items()
    }


def players_copy(players: Seated, pair: Pair) -> None:
    pair.players.all().delete()
    Player.objects.bulk_create(
        Player(pair=pair, seat=seat, name=name, national_id=member)
        for seat, name, member in players
    )


def _check_adding(event: Event, sections: int) -> None:
    if event.is_teams:
        raise ValidationError(_("A team event plays its matches, not sessions."))
    if event.individual:
        raise ValidationError(
            _("An individual plays one section of players, made with the event.")
        )
    if not 1 <= sections <= len(ascii_uppercase):
        raise ValidationError(_("A session has 1 to 26 sections."))


@transaction.atomic
def session_add(
    *,
    event: Event,
    kind: str,
    tables: int | None = None,
    sections: int = 1,
    boards_per_round: int | None = None,
    user: Actor = None,
) -> Session:
    """The event's next session: ``sections`` sections of ``tables`` tables
    (default: enough for the entries of the last session) with ``kind``'s usual
    movement, the last session's entries seated in order, their players copied.
    The director then moves them (``entries_seat``) or changes the movement."""
    _check_adding(event, sections)
    entries_ensure(event)
    last = event.sessions.order_by("number").last()
    carried = _carried(last)
    tables = tables or max(1, -(-len(carried) // (2 * sections)))
    if 2 * tables * sections < len(carried):
        raise ValidationError(
            _("%(entries)s entries do not fit at %(tables)s tables.")
            % {"entries": len(carried), "tables": tables * sections}
        )
    session = Session.objects.create(
        event=event, number=(last.number if last else 0) + 1, date=event.date
    )
    made = [_section(session, letter, tables, kind, boards_per_round)
            for letter in ascii_uppercase[:sections]]  # fmt: skip
    slots = [p for s in made for p in s.pairs.order_by("-direction", "number")]
    players = entry_players(event)
    for entry_id, pair in zip(carried, slots, strict=False):
        pair.entry_id = entry_id
        pair.save(update_fields=["entry"])
        players_copy(players.get(entry_id, []), pair)
    log_event(event.pk, user, "session added", f"session {session.number}")
    return session


def _carried(last: Session | None) -> list[int]:
    """The entries seated in ``last``, by entry number."""
    if last is None:
        return []
    return list(
        Entry.objects.filter(pairs__section__session=last)
        .order_by("number")
        .values_list("pk", flat=True)
    )


def _section(
    session: Session, letter: str, tables: int, kind: str, boards: int | None
) -> Section:
    section = section_create(session=session, letter=letter, tables=tables, kind=kind)
    default_movement_apply(section, kind, boards)
    return section


@transaction.atomic
def entries_seat(
    *, session: Session, seats: Mapping[int, int | None], user: Actor = None
) -> None:
    """Seat entries at the session's pairs (pair id -> entry id, None for a
    pair to name as a late entry); an entry sits once a session. A pair given a
    new entry takes its players."""
    pairs = {p.pk: p for p in Pair.objects.filter(section__session=session)}
    entries = set(
        Entry.objects.filter(event_id=session.event_id).values_list("pk", flat=True)
    )
    chosen = {pk: seats.get(pk, pairs[pk].entry_id) for pk in pairs}
    taken = [e for e in chosen.values() if e is not None]
    if len(taken) != len(set(taken)):
        raise ValidationError(_("An entry sits at one pair a session."))
    if not set(taken) <= entries:
        raise ValidationError(_("That entry is not one of this event's."))
    players = entry_players(session.event)
    for pk, entry_id in chosen.items():
        pair = pairs[pk]
        if pair.entry_id == entry_id:
            continue
        pair.entry_id = entry_id
        pair.save(update_fields=["entry"])
        players_copy(players.get(entry_id, []) if entry_id else [], pair)
    log_event(session.event_id, user, "entries seated", f"session {session.number}")


@transaction.atomic
def entry_carry_over_set(
    *, event: Event, values: Mapping[int, Decimal | None], user: Actor = None
) -> None:
    """Each entry's carry-over (entry id -> a percentage or a score, None for
    none), all or nothing."""
    entries = {e.pk: e for e in Entry.objects.filter(event=event)}
    for pk, value in values.items():
        entry = entries.get(pk)
        if entry is None:
            raise ValidationError(_("That entry is not one of this event's."))
        if value is not None and not value.is_finite():
            raise ValidationError(_("A carry-over is a number, such as 56.25."))
        entry.carry_over = value
        entry.full_clean()
        entry.save(update_fields=["carry_over"])
    log_event(event.pk, user, "carry-over", f"{len(values)} entries")
