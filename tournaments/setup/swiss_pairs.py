"""Write side of Swiss pairs: create the event (its pairs numbered 1 … 2T, round 1
drawn by seeding: the pair numbers are the order of strength), then draw each
next round from the standings with the Swiss teams draw (no rematch). Round r
plays boards (r − 1)·B + 1 … r·B at every table; the higher-ranked pair sits NS.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from movements.models import Seating
from scoring.engine.swiss import (
    NoPairingError,
    SwissDraw,
    SwissStanding,
    swiss_draw,
    swiss_round_one,
)
from scoring.entry.services import Actor, log_event
from scoring.models import TravellerLine
from scoring.standings import session_results
from tournaments.models import Board, Club, Event, Pair, Section, Session

from .events import HOWELL, section_create

__all__ = ["drawn_rounds", "swiss_pairs_create", "swiss_pairs_next_round"]


@transaction.atomic
def swiss_pairs_create(
    *,
    name: str,
    tables: int,
    rounds: int,
    boards_per_round: int,
    club: str = "",
    day: date | None = None,
    **options: object,
) -> Event:
    """A Swiss pairs event of 2·``tables`` pairs with round 1 drawn."""
    if not 1 <= boards_per_round <= 36:
        raise ValidationError(_("A round has 1 to 36 boards."))
    if not 1 <= rounds <= 2 * tables - 1:
        raise ValidationError(
            _("%(pairs)s pairs play 1 to %(most)s rounds without a rematch.")
            % {"pairs": 2 * tables, "most": 2 * tables - 1}
        )
    event = Event(
        name=name,
        date=day,
        club=Club.objects.get_or_create(name=club)[0] if club else None,
        scoring=Event.Scoring.SWISS_PAIRS,
        boards_per_match=boards_per_round,
        rounds=rounds,
        two_winners=False,
        **options,
    )
    event.full_clean()
    event.save()
    session = Session.objects.create(event=event, number=1, date=day)
    section_create(session=session, letter="A", tables=tables, kind=HOWELL)
    swiss_pairs_next_round(event=event)
    return event


def _section(event: Event) -> Section:
    if event.scoring != Event.Scoring.SWISS_PAIRS:
        raise ValidationError(_("%(event)s is not Swiss pairs.") % {"event": event})
    section = Section.objects.filter(session__event=event).first()
    if section is None:
        raise ValidationError(_("%(event)s has no section.") % {"event": event})
    return section


def _unfinished(section: Section, round_no: int) -> list[str]:
    """The tables of the round still missing a result."""
    played = set(
        TravellerLine.objects.filter(section=section).values_list(
            "board__number", "ns_pair_id", "ew_pair_id"
        )
    )
    seatings = section.seatings.filter(round=round_no)
    return [
        str(s.table)
        for s in seatings
        if any((b, s.ns_pair_id, s.ew_pair_id) not in played for b in s.boards)
    ]


def _standings(section: Section, rounds: int) -> list[SwissStanding[int]]:
    met: dict[int, set[int]] = {p.pk: set() for p in section.pairs.all()}
    for ns, ew in section.seatings.values_list("ns_pair_id", "ew_pair_id"):
        if ns is not None and ew is not None:
            met[ns].add(ew)
            met[ew].add(ns)
    rows = session_results(section.session).standings
    return [
        SwissStanding(
            entry=s.pair.pk,
            score=s.total,
            opponents=frozenset(met[s.pair.pk]),
            byes=rounds - len(met[s.pair.pk]),
        )
        for s in rows
    ]


def _draw(section: Section, last: int) -> SwissDraw[int]:
    if last == 0:
        order = [p.pk for p in sorted(section.pairs.all(), key=lambda p: p.number)]
        return swiss_round_one(order)
    try:
        return swiss_draw(_standings(section, last), repeats="forbid")
    except NoPairingError:
        raise ValidationError(_("No round without a rematch can be drawn.")) from None


def _seat(
    section: Section, event: Event, round_no: int, matches: Sequence[tuple[int, int]]
) -> list[Seating]:
    per_round = event.boards_per_match or 1
    first = (round_no - 1) * per_round + 1
    for number in range(first, first + per_round):
        Board.objects.get_or_create(session_id=section.session_id, number=number)
    return Seating.objects.bulk_create(
        Seating(
            section=section, round=round_no, table=table, ns_pair_id=ns, ew_pair_id=ew,
            board_set=round_no, first_board=first, last_board=first + per_round - 1,
        )
        for table, (ns, ew) in enumerate(matches, start=1)
    )  # fmt: skip


@transaction.atomic
def swiss_pairs_next_round(*, event: Event, user: Actor = None) -> list[Seating]:
    """Draw the next round; refused while a table of the last lacks a result,
    or once the event's rounds are all drawn."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    section = _section(event)
    last = max(section.seatings.values_list("round", flat=True), default=0)
    if event.rounds is not None and last >= event.rounds:
        raise ValidationError(
            _("All %(rounds)s rounds are drawn.") % {"rounds": event.rounds}
        )
    missing = _unfinished(section, last)
    if missing:
        raise ValidationError(
            _("Round %(round)s is not complete: table %(tables)s. Enter every result "
              "before drawing the next round.")
            % {"round": last, "tables": ", ".join(missing)}
        )  # fmt: skip
    draw = _draw(section, last)
    if draw.bye is not None:
        raise ValidationError(_("Swiss pairs needs an even number of pairs."))
    seatings = _seat(section, event, last + 1, draw.matches)
    labels = {p.pk: p.label for p in Pair.objects.filter(section=section)}
    said = ", ".join(f"{labels[a]} v {labels[b]}" for a, b in draw.matches)
    log_event(event.pk, user, "draw", f"round {last + 1}: {said}")
    return seatings


def drawn_rounds(event: Event) -> list[tuple[int, list[Seating]]] | None:
    """A Swiss pairs event's rounds drawn so far, table by table (None for
    other events)."""
    if event.scoring != Event.Scoring.SWISS_PAIRS:
        return None
    seatings = Seating.objects.filter(section__session__event=event)
    rounds: dict[int, list[Seating]] = {}
    for seat in seatings.select_related("ns_pair", "ew_pair").order_by(
        "round", "table"
    ):
        rounds.setdefault(seat.round, []).append(seat)
    return list(rounds.items())
