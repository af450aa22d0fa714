"""What a phone may see: the one rule every answer of the table API follows.

A phone belongs to pairs (in an individual, to players), never to a table
alone: a phone that named a seat at sign-in belongs to the pair (the players)
holding that seat's cards in the round then played, wherever they go after; a
phone that named none, the scorer's phone of a table, belongs to the pairs at
its table: those of the round just played while its scorecard waits to be
confirmed, else those of the round it plays.

A board's traveller, its scores, the director's notices on it and whatever is
read from its deal or from the other tables' results are shown to a phone only
when every pair it belongs to has played the board (a line of the board names
it). The boards in play at the table may still be entered, and the table's
entries read (accepted, rejected) by its scorer's phone or by a phone whose
pairs sit there; the warnings read from the deal of a board come only with a
result sent (``play.doubts``).

A team match's score adds up its boards complete in both rooms: it reads the
other room's results of those boards, so it is shown only to a phone that may
see every one of them (``Sight.sees_all``): a board's other-room result is
never shown to a table that has not played it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from django.db.models import Q
from django.utils.translation import gettext as _

from movements.models import Seating
from scoring.models import TableCode
from scoring.queries.lines import holders_lines
from scoring.table.play.codes import TablePhone, side_of
from scoring.table.play.follow import seat_of
from scoring.table.play.refusals import Refused
from scoring.table.play.rounds import TableRound, table_round
from scoring.table.play.scorecards import round_waiting

__all__ = [
    "Sight",
    "may_act",
    "sight",
    "sight_after_line",
    "sight_to_act",
    "signin_holders",
]

# The seats a phone may name, and the seats of the cards it then holds.
SEAT_CARDS = {
    "NS": ("N", "S"),
    "EW": ("E", "W"),
    "N": ("N",),
    "E": ("E",),
    "S": ("S",),
    "W": ("W",),
}


@dataclass(frozen=True)
class Sight:
    """The seat holders a phone belongs to and the boards it may see."""

    holders: frozenset[int]
    played: frozenset[int]  # the boards every one of the holders has played
    here: bool  # a scorer's phone, or one whose holders sit at its table now
    waiting: int | None = None  # the round whose scorecard the phone shows
    lines: dict[int, int] = field(default_factory=dict)  # board: its line's id
    # A pair's phone still showing the scorecard of the round its pair just
    # played, its holders now in another seat at this table: its seat is the
    # round before's, so it confirms before it acts again.
    behind: bool = False

    def sees(self, number: int) -> bool:
        """Whether the phone may see anything of board ``number``."""
        return number in self.played

    def sees_all(self, numbers: Iterable[int]) -> bool:
        """Whether the phone may see each of the boards (what adds them up,
        such as a team match's score, shows them all)."""
        return all(self.sees(n) for n in numbers)

    def acting(self) -> Callable[[int], bool]:
        """Whether the phone may act (enter, accept, reject) at its table now:
        a pair's phone for its own pair only, where the pair plays now; then
        which entries it may read (``reads_entry``)."""
        if self.behind:
            message = _("Confirm the scorecard of the round you have played first.")
            raise Refused(409, message, "round")
        if not self.here:
            message = _(
                "This phone is your pair's: it can act only for your pair, at "
                "the table where your pair plays now."
            )
            raise Refused(409, message, "board")
        return self.reads_entry

    def reads_entry(self, number: int) -> bool:
        """Whether the phone may read (and accept or reject) the table's
        entry of the board."""
        return self.here or self.sees(number)


def _seat_holders(state: TableRound, seat: str) -> frozenset[int]:
    """The seat holders (pairs or players) a phone signing in as ``seat``
    belongs to: those
    holding that seat's cards at the table in the round it plays."""
    if not seat:
        return frozenset()
    players = state.player_ids()
    if players is not None:
        return frozenset(players[s] for s in SEAT_CARDS[seat] if s in players)
    ns, ew = state.holding_ids()
    pair = ew if side_of(seat) == "EW" else ns
    return frozenset() if pair is None else frozenset({pair})


def _named(pairs: frozenset[int]) -> Q:
    """The rows (seatings, lines) that seat one of ``pairs``."""
    return (
        Q(ns_pair_id__in=pairs)
        | Q(ew_pair_id__in=pairs)
        | Q(south_id__in=pairs)
        | Q(west_id__in=pairs)
    )


def signin_holders(
    code: TableCode, seat: str, previous: TablePhone | None
) -> frozenset[int] | None:
    """The seat holders a phone signing in at ``code``'s table as ``seat``
    belongs to (None: no seat; the table's round read only then).
    A pair's phone that comes from its last table with that table's token
    keeps its pairs when the movement seats them here in the round in play
    or a later one: it may sign in before the pairs here have finished."""
    if not seat:
        return None
    state = table_round(code, with_pairs=False)
    kept = previous.holders if previous is not None else None
    if kept and previous is not None and previous.code.section_id == code.section_id:
        later = Seating.objects.filter(
            _named(kept),
            section_id=code.section_id,
            table=code.table,
            round__gte=state.round or 1,
        )
        if later.exists():
            return kept
    return _seat_holders(state, seat)


def _at_table(seating: Seating | None) -> frozenset[int]:
    if seating is None:
        return frozenset()
    ids = (seating.ns_pair_id, seating.ew_pair_id, seating.south_id, seating.west_id)
    return frozenset(pk for pk in ids if pk is not None)


def _seating(state: TableRound, waiting: int | None) -> Seating | None:
    """The seating of the pairs at the table: while the scorecard of the round
    just played waits (``waiting``), that round's, else the round in play's
    (the pairs of an older round are gone)."""
    just_played = (state.round or 0) - (0 if state.finished else 1)
    if waiting is None or waiting != just_played or waiting == state.round:
        return state.seating
    code = state.code
    return Seating.objects.filter(
        section_id=code.section_id, table=code.table, round=waiting
    ).first()


def _played(session_id: int, holders: frozenset[int]) -> dict[int, list[int]]:
    """Each board every holder has played: the lines naming them (most first)."""
    found: dict[int, dict[int, frozenset[int]]] = defaultdict(dict)
    for pk, number, *ids in holders_lines(session_id, holders):
        found[number][pk] = holders.intersection(ids)
    return {
        number: sorted(lines, key=lambda pk: (-len(lines[pk]), pk))
        for number, lines in found.items()
        if set().union(*lines.values()) == holders
    }


def _behind(phone: TablePhone, state: TableRound) -> bool:
    """Whether a pair's phone shows the scorecard of the round just played
    while its holders sit at this table now in another seat."""
    place = phone.place
    if place is None or place.waiting is None or state.seating is None:
        return False
    holders = phone.holders or frozenset()
    return bool(holders) and seat_of(state.seating, holders) != place.seat


def sight(phone: TablePhone, state: TableRound | None = None) -> Sight:
    """What ``phone`` may see now (``state``: its table's round, when read)."""
    state = state or table_round(phone.code, with_pairs=False)
    place = phone.place
    # A pair's phone: its own pair's scorecard only.
    waiting = round_waiting(state, phone.side) if place is None else place.waiting
    holders = phone.holders
    if holders is None:
        holders = _at_table(_seating(state, waiting))
    played = _played(phone.code.section.session_id, holders)
    return Sight(
        holders=holders,
        played=frozenset(played),
        here=_here(phone, state),
        waiting=waiting,
        lines={number: lines[0] for number, lines in played.items()},
        behind=_behind(phone, state),
    )


def _here(phone: TablePhone, state: TableRound) -> bool:
    """Whether the phone is its table's scorer's, or its holders sit there now."""
    if phone.holders is None:
        return True
    place = phone.place
    here = _at_table(state.seating) if place is None or place.table else frozenset()
    return bool(phone.holders) and phone.holders <= here


def sight_to_act(phone: TablePhone, state: TableRound | None = None) -> Sight:
    """What ``phone`` may do at its table now (``state``: its round, when
    read), without reading the boards it has played nor a scorer's phone's
    scorecard: a phone acts only where its holders sit now (``Sight.acting``),
    where it reads every entry; what it may see once it has acted is
    ``sight_after_line``'s."""
    state = state or table_round(phone.code, with_pairs=False)
    place = phone.place
    return Sight(
        holders=phone.holders or frozenset(),
        played=frozenset(),
        here=_here(phone, state),
        waiting=None if place is None else place.waiting,
        behind=_behind(phone, state),
    )


def may_act(phone: TablePhone, state: TableRound) -> None:
    """Refuse, as ``Sight.acting`` does, a phone that may not act at its table
    now (``state``: its round)."""
    sight_to_act(phone, state).acting()


def sight_after_line(phone: TablePhone, seen: Sight) -> Sight:
    """What ``phone`` may see of the boards once its table has written a line,
    ``seen`` its sight before. The holders of a phone that named a seat are
    its own whatever round the table plays, so only the boards they have
    played are read again (its ``here`` and ``waiting`` stay as they were);
    a scorer's phone follows the pairs at the table: its whole sight."""
    if phone.holders is None:
        return sight(phone)
    played = _played(phone.code.section.session_id, seen.holders)
    return replace(
        seen,
        played=frozenset(played),
        lines={number: lines[0] for number, lines in played.items()},
    )
