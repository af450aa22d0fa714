"""Phones that follow their pair: a phone that named a seat belongs to that
seat's holders (a pair; in an individual, a player) and goes where the movement
seats them. Every request finds the table and the seat from where the holders
sit in their round now, so a moving pair's phone is its next table's phone for
that pair with no code typed, and it acts for no one else.

The holders' round is the first, from the one the director has called, they
have not finished (every board of it entered; a round they sit out ends when
the director calls the next), as a table's is (``rounds``). Until they have
confirmed the scorecard of the round they have just played, the phone stays at
that table, which says where they go next.

A phone that named no seat, the scorer's phone of a table, stays its table's.
The token names the code the phone signed in with: renewing that code voids the
phone wherever its pair is now, and it signs in again.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from movements.models import Seating
from movements.services import holders as card_holders
from scoring.entry.players import seat_name
from scoring.models import PairPhone, RoundConfirmation, TableCode
from scoring.queries.lines import section_line_rows
from scoring.queries.phones import phones_seen_at, phones_signed_in
from scoring.table.play.codes import SEATS, Place, TablePhone, side_of
from scoring.table.play.refusals import Refused
from scoring.table.play.rounds import Played, lines_played, plays, round_over
from scoring.table.play.scorecards import round_confirm, side_to_confirm
from scoring.table.play.seatings import SectionRows, section_rows

__all__ = [
    "follow",
    "follower_confirm",
    "go_to",
    "seen_forget",
    "phone_seen",
    "phone_signed_in",
    "seat_of",
]


def _ids(row: Seating) -> tuple[int | None, ...]:
    return (row.ns_pair_id, row.ew_pair_id, row.south_id, row.west_id)


def seat_of(row: Seating, holders: frozenset[int]) -> str:
    """The seat ``holders`` hold at the row's table: NS or EW (an arrow switch
    swaps the cards), an individual's player his own (N E S W)."""
    if row.south_id is not None:
        letters = "".join(
            s for s, pk in zip("NESW", _ids(row), strict=True) if pk in holders
        )
        held = "".join(sorted(letters, key="NSEW".index))
        return held if held in SEATS else ""
    ns, _ew = card_holders(row)
    return "NS" if ns in holders else "EW"


def _rows(stored: SectionRows, holders: frozenset[int]) -> dict[int, Seating]:
    """The rounds the holders play, each with its seating."""
    rows = stored.holding(holders)
    individual = any(r.south_id is not None for r in rows)
    return {r.round: r for r in rows if plays(r, individual)}


def _now(
    code: TableCode, stored: SectionRows, rows: dict[int, Seating], played: Played
) -> tuple[int, bool]:
    """The holders' round now, and whether they have played every round."""
    called = code.section.session.round_called
    individual = any(r.south_id is not None for r in rows.values())
    rounds = stored.rounds
    for number in rounds:
        row = rows.get(number)
        over = round_over(row, played, individual) if row else number < called
        if number >= called and not over:
            return number, False
    return rounds[-1], True


def _code(code: TableCode, table: int | None) -> TableCode:
    if table is None or table == code.table:
        return code
    found = (
        TableCode.objects.select_related("section__session__event")
        .filter(section_id=code.section_id, table=table)
        .first()
    )
    return code if found is None else found


def _place(code: TableCode, holders: frozenset[int]) -> Place | None:
    stored = section_rows(code.section_id)
    rows = _rows(stored, holders)
    if not rows:
        return None
    lines = section_line_rows(code.section_id)
    now, finished = _now(code, stored, rows, lines_played(code.section_id))
    last = max((r for r in rows if r < now or (finished and r <= now)), default=None)
    if last is not None:
        row = rows[last]
        seat = seat_of(row, holders)
        there = any(t == row.table and r == last for *_l, t, r in lines)
        waits = there and side_to_confirm(_code(code, row.table), last, side_of(seat))
        if finished or waits:
            return Place(last, row.table, seat, last if waits else None, finished)
    playing = rows.get(now)
    if playing is None:
        return Place(now, None, "")
    return Place(now, playing.table, seat_of(playing, holders))


def seen_forget() -> None:
    _SEEN.clear()


def follow(phone: TablePhone) -> TablePhone:
    """The phone where its holders are now (a scorer's phone as it is)."""
    if not phone.holders:
        return phone
    code, seat = phone.code, phone.seat
    place = _place(code, phone.holders)
    if place is None:
        return phone
    place = replace(place, signed_in=code.table)
    # A pair's phone keeps the seat it named (N, E...) while its pair holds it.
    if len(place.seat) == 1 or side_of(seat) != side_of(place.seat or seat):
        seat = place.seat
    return TablePhone(_code(code, place.table), seat, phone.holders, place)


def _text(table: int | None, seat: str, stays: bool) -> str:
    if table is None:
        return _("You sit out the next round.")
    if len(seat) == 1:
        where = seat_name(seat)
    else:
        where = _("North-South") if side_of(seat) == "NS" else _("East-West")
    values = {"table": table, "seat": where}
    if stays:
        return _("You stay at table %(table)s, %(seat)s.") % values
    return _("You go to table %(table)s, %(seat)s.") % values


def go_to(phone: TablePhone) -> dict[str, Any] | None:
    """Where the phone's holders play the round after the one it shows (None:
    a scorer's phone, or no round follows)."""
    place = phone.place
    if place is None or phone.holders is None or place.finished:
        return None
    stored = section_rows(phone.code.section_id)
    rows = _rows(stored, phone.holders)
    number = min((r for r in stored.rounds if r > place.round), default=None)
    if number is None:
        return None
    row = rows.get(number)
    table, seat = (
        (None, "") if row is None else (row.table, seat_of(row, phone.holders))
    )
    stays = (table, seat) == (place.table, place.seat)
    return {
        "round": number,
        "table": table,
        "seat": seat or None,
        "text": _text(table, seat, stays),
    }


def follower_confirm(phone: TablePhone, number: int) -> RoundConfirmation:
    """A pair's phone confirms the scorecard of round ``number`` at the table
    where its pair played that round, with the side it held there."""
    assert phone.holders is not None
    row = _rows(section_rows(phone.code.section_id), phone.holders).get(number)
    if row is None:
        message = _("Your pair played no round %(round)s.")
        raise Refused(409, message % {"round": number}, "round")
    there = _code(phone.code, row.table)
    seat = seat_of(row, phone.holders)
    return round_confirm(TablePhone(there, seat, phone.holders), number)


def phone_signed_in(code: TableCode, seat: str, holders: frozenset[int]) -> None:
    """A phone named a seat: it is its holders' phone from now on (one
    statement, whether they had a phone before or not); where it is, as
    ``phone_seen`` would write it, is written already."""
    now = timezone.now()
    phones_signed_in(holders, code.pk, code.table, seat, now)
    _seen_now((tuple(sorted(holders)), code.table, seat), now)


# When each process last wrote where a pair's phone is: once in ``every``.
_SEEN: dict[tuple[object, ...], datetime] = {}
_SEEN_AT_MOST = 4096


def phone_seen(phone: TablePhone, now: datetime, every: timedelta) -> None:
    """Where a pair's phone is and when it was last seen (written at once when
    it moves, else at most once every ``every``)."""
    if not phone.holders or phone.place is None:
        return
    table, seat = phone.place.table, phone.place.seat
    key = (tuple(sorted(phone.holders)), table, seat)
    last = _SEEN.get(key)
    if last is not None and now - last < every:
        return
    # Another process may have written it: read before writing.
    stored = phones_seen_at(phone.holders, table, seat)
    if stored is not None and now - stored < every:
        _seen_now(key, stored)
        return
    _seen_now(key, now)
    PairPhone.objects.filter(holder_id__in=phone.holders).update(
        table=table, seat=seat, last_seen=now
    )


def _seen_now(key: tuple[object, ...], now: datetime) -> None:
    if len(_SEEN) >= _SEEN_AT_MOST:
        _SEEN.clear()
    _SEEN[key] = now
