"""Read side of a schedule: the grid, who should play a board, what is missing."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from movements import engine
from tournaments.models import Event, Section, Session

from .adapters import stored_movement
from .models import Seating, SectionMovement
from .played import PlayedBoard
from .services import holders


@dataclass(frozen=True)
class Expected:
    """A seating that should produce a line on a board, and the line if entered."""

    seating: Seating
    board: int
    line: PlayedBoard | None

    @property
    def ns(self) -> str:
        return _label(self.seating, 0)

    @property
    def ew(self) -> str:
        return _label(self.seating, 1)


def _label(seating: Seating, side: int) -> str:
    ns, ew = seating.ns_pair, seating.ew_pair
    pairs = (ew, ns) if seating.arrow_switched else (ns, ew)
    pair = pairs[side]
    return pair.label if pair is not None else "—"


def playing_seatings(**lookup: object) -> QuerySet[Seating]:
    """The seatings that play: both pairs, or an individual's four players (a
    table with an empty seat sits out)."""
    empty = Q(ns_pair__isnull=True) | Q(ew_pair__isnull=True)
    empty |= Q(section__session__event__individual=True) & (
        Q(south__isnull=True) | Q(west__isnull=True)
    )
    return Seating.objects.filter(**lookup).exclude(empty)


def _seatings(section: Section) -> QuerySet[Seating]:
    return Seating.objects.filter(section=section).select_related(
        "ns_pair", "ew_pair", "south", "west"
    )


def _by_key(
    played: Iterable[PlayedBoard],
) -> dict[tuple[int, int | None, int | None], PlayedBoard]:
    return {p.key: p for p in played}


def _playing(section: Section) -> QuerySet[Seating]:
    return playing_seatings(section=section).select_related(
        "ns_pair", "ew_pair", "south", "west"
    )


def board_expected(
    section: Section, board: int, played: Iterable[PlayedBoard]
) -> list[Expected]:
    """Every played seating of the schedule that holds `board`, in round order,
    with its result when ``played`` has it."""
    lines = _by_key(played)
    rows = _playing(section).filter(first_board__lte=board, last_board__gte=board)
    return [Expected(s, board, lines.get((board, *holders(s)))) for s in rows]


def missing_by_round(
    section: Section, played: Iterable[PlayedBoard]
) -> list[tuple[int, list[Expected]]]:
    """Every (seating, board) of the schedule without a result, grouped by round."""
    lines = _by_key(played)
    missing: dict[int, list[Expected]] = defaultdict(list)
    for s in _playing(section):
        for board in s.boards:
            if (board, *holders(s)) not in lines:
                missing[s.round].append(Expected(s, board, None))
    return sorted(missing.items())


def off_schedule(section: Section, board: int, line: PlayedBoard) -> bool:
    """True when the section has a schedule and it does not seat the line's pairs
    against each other on the board."""
    rows = _seatings(section).filter(first_board__lte=board, last_board__gte=board)
    if not Seating.objects.filter(section=section).exists():
        return False
    return (line.ns_pair.pk, line.ew_pair.pk) not in {holders(s) for s in rows}


def tables_per_board(session: Session) -> Counter[int]:
    """How many tables the schedules of the session's sections play each board
    on (seatings with both pairs, so a sit-out does not count)."""
    return tables_per_board_of([session.pk])[session.pk]


def tables_per_board_of(session_ids: Collection[int]) -> dict[int, Counter[int]]:
    """``tables_per_board`` of each of the sessions, by session id, in one query."""
    found: dict[int, Counter[int]] = {pk: Counter() for pk in session_ids}
    # Counted by board range in the query: a movement has a few ranges and
    # many seatings.
    ranges = (
        playing_seatings(section__session__in=session_ids)
        .values_list("section__session_id", "first_board", "last_board")
        .annotate(tables=Count("id"))
        .order_by()
    )
    for session_id, first, last, tables in ranges:
        counted = found[session_id]
        for board in range(first, last + 1):
            counted[board] += tables
    return found


@dataclass(frozen=True)
class GridRow:
    round: int
    cells: list[str]


def schedule_grid(section: Section) -> tuple[list[int], list[GridRow]]:
    """Rounds down, tables across: `NS-EW boards` (a dash for the phantom)."""
    cells: dict[int, dict[int, str]] = defaultdict(dict)
    for s in _seatings(section):
        mark = "*" if s.arrow_switched else ""
        cells[s.round][s.table] = (
            f"{_label(s, 0)}-{_label(s, 1)} {s.first_board}–{s.last_board}{mark}"
        )
    tables = sorted({t for row in cells.values() for t in row})
    return tables, [
        GridRow(r, [row.get(t, "") for t in tables]) for r, row in sorted(cells.items())
    ]


def entry_chosen(
    expected: list[Expected], round_no: str | None, table: str | None
) -> Expected | None:
    """The asked seating without a result, else the first missing one."""
    asked = [
        e
        for e in expected
        if e.line is None
        and str(e.seating.round) == (round_no or "")
        and str(e.seating.table) == (table or "")
    ]
    return next(iter(asked or [e for e in expected if e.line is None]), None)


def entry_initial(
    expected: list[Expected], round_no: str | None, table: str | None
) -> dict[str, object]:
    """Prefill the traveller form with the asked seating, else the first missing."""
    chosen = entry_chosen(expected, round_no, table)
    if chosen is None:
        return {}
    return {
        "ns": chosen.ns,
        "ew": chosen.ew,
        "round_no": chosen.seating.round,
        "table": chosen.seating.table,
    }


def board_seating(
    section: Section,
    board: int,
    *,
    round_no: int | None = None,
    table: int | None = None,
    player: int | None = None,
) -> Seating | None:
    """The seating that plays ``board`` at ``table`` in ``round_no``, or the one
    that seats the pair or player with id ``player`` on it (each plays a board
    once); None when the schedule has none."""
    rows = _seatings(section).filter(first_board__lte=board, last_board__gte=board)
    if round_no is not None and table is not None:
        return rows.filter(round=round_no, table=table).first()
    if player is None:
        return None
    seats = Q(ns_pair=player) | Q(ew_pair=player) | Q(south=player) | Q(west=player)
    return rows.filter(seats).first()


def schedule_warning(section: Section, line: PlayedBoard) -> str:
    """A warning when the schedule does not seat the line's pairs on its board."""
    board = line.board
    if not off_schedule(section, board, line):
        return ""
    mine = [
        f"{e.ns}–{e.ew} ({_('round')} {e.seating.round})"
        for e in board_expected(section, board, ())
        if {line.ns_pair.label, line.ew_pair.label} & {e.ns, e.ew}
    ]
    return _(
        "By the movement, %(ns)s and %(ew)s do not play board %(board)s against "
        "each other (%(expected)s). The result is saved: correct it if the pairs "
        "are wrong."
    ) % {
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
        "board": board,
        "expected": "; ".join(mine) or _("neither pair plays it"),
    }


def board_copies_of(section: Section) -> int:
    """Copies of each board the section's movement needs (0: no movement)."""
    movement = stored_movement(section)
    return 0 if movement is None else engine.board_copies(movement)


def plays_rainbow(event: Event) -> bool:
    """Whether a section of the event plays a Rainbow individual."""
    return SectionMovement.objects.filter(
        section__session__event=event, kind=SectionMovement.Kind.RAINBOW
    ).exists()


def switched_rounds(section: Section) -> list[int]:
    """The rounds of the section's schedule whose boards are arrow-switched."""
    rounds = Seating.objects.filter(section=section, arrow_switched=True)
    return sorted(set(rounds.values_list("round", flat=True)))


def barometer_results_per_round(session: Session) -> tuple[set[int], Counter[int]]:
    """The session's sections with barometer boards, and the results each round
    expects in them by their schedules (none: no barometer)."""
    seatings = playing_seatings(
        section__session=session, section__movement__barometer=True
    ).values_list("section_id", "round", "first_board", "last_board")
    sections: set[int] = set()
    expected: Counter[int] = Counter()
    for section_id, number, first, last in seatings:
        sections.add(section_id)
        expected[number] += last - first + 1
    return sections, expected
