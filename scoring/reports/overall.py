"""A simultaneous' overall ranking as its pages show it: the rows (of one club
when asked), the clubs to filter by, and each board's frequencies across the
whole field (a score, how many lines scored it, and its overall points)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property

from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.adapters import policy_of
from scoring.engine.policy import MpPresentation
from scoring.reports.numbers import rounded_float
from scoring.standings.field_boards import BoardCounts
from scoring.standings.simultaneous import Overall, OverallRow
from tournaments.models import Club, Event, Pair

from .simultaneous_json import overall_points

__all__ = ["Frequency", "OverallPage", "RowGroup", "ShownRow", "overall_page"]


@dataclass(frozen=True)
class Frequency:
    score: int | None  # NS's score (None: an artificial score)
    count: int
    ns: float
    ew: float


@dataclass(frozen=True)
class ShownRow:
    row: OverallRow
    score: float  # as the event presents matchpoints
    percentage: float


@dataclass(frozen=True)
class RowGroup:
    """The rows of one ranking (one winner, or each direction's of two)."""

    title: str  # the direction's name; "" with one winner
    rows: list[ShownRow]

    @property
    def html(self) -> SafeString:
        """The rows' cells: a federation's 4,800 rows every few seconds on
        election night, which the template engine took 0.6 s to write."""
        return _rows_html(self.rows)


@dataclass(frozen=True)
class OverallPage:
    rows: list[ShownRow]
    clubs: list[Club]
    club: Club | None  # the filter asked for
    boards: list[tuple[int, list[Frequency]]]
    two_winners: bool = False
    leaders: int | None = None  # the most rows shown of each ranking (None: all)

    @cached_property
    def groups(self) -> list[RowGroup]:
        """The rows by ranking (NS's and EW's apart with two winners), each
        cut to its ``leaders``."""
        if not self.two_winners:
            return [RowGroup("", self.rows[: self.leaders])]
        return [
            RowGroup(str(d.label), [r for r in self.rows if r.row.pair.direction == d][
                : self.leaders
            ])
            for d in (Pair.Direction.NS, Pair.Direction.EW)
        ]  # fmt: skip

    @property
    def cut(self) -> bool:
        """Some rows are left out: the leaders alone are shown."""
        return sum(len(g.rows) for g in self.groups) < len(self.rows)

    def without_boards(self) -> OverallPage:
        """The rows alone: the field's frequencies show other clubs' results."""
        return replace(self, boards=[])


def overall_page(
    overall: Overall, event: Event, club_id: str, leaders: int | None = None
) -> OverallPage:
    """``club_id``: the GET parameter ('' or unknown: every club); ``leaders``:
    the most rows of each ranking shown of every club's (a club's: all)."""
    clubs = sorted({r.heat.club for r in overall.rows}, key=lambda c: c.name)
    club = next((c for c in clubs if str(c.pk) == club_id), None)
    presentation = policy_of(event).mp_presentation
    rows = [
        ShownRow(r, overall_points(r.score, presentation), rounded_float(r.percentage))
        for r in overall.rows
        if club is None or r.heat.club == club
    ]
    return OverallPage(
        rows=rows,
        clubs=clubs,
        club=club,
        two_winners=overall.two_winners,
        leaders=leaders if club is None else None,
        boards=[
            (b.number, _frequencies(b.counts, presentation)) for b in overall.fields
        ],
    )


def _frequencies(counts: BoardCounts, presentation: MpPresentation) -> list[Frequency]:
    """Each score of the board across the field with its overall points (an
    artificial score, None, by its points), best for NS first."""
    shown: Counter[tuple[int | None, float, float]] = Counter()
    for score, got, count in counts:  # a score and the points its lines share
        ns = overall_points(got.ns, presentation)
        shown[(score, ns, overall_points(got.ew, presentation))] += count
    ordered = sorted(shown, key=lambda k: (k[0] is None, -(k[0] or 0), -k[1]))
    return [Frequency(s, shown[(s, ns, ew)], ns, ew) for s, ns, ew in ordered]


ROW = (
    '<tr><td class="short">{}</td><td class="short">{}</td><td>{}</td>'
    '<td class="num">{}</td><td class="pct">{}</td>'
    '<td class="more" data-label="{}:">{}</td>'
    '<td class="more" data-label="{}:">{}</td></tr>'
)


def _rows_html(rows: list[ShownRow]) -> SafeString:
    """Each row's cells, every value escaped and numbers localized as the
    template engine writes them (as ``format_html_join`` would, each distinct
    value once: a club's name is in each of its pairs' rows)."""
    cell = _cells()
    names, in_club = cell(_("Names")), cell(_("Rank in the club"))
    return mark_safe(  # noqa: S308 (every cell escaped by ``cell``)
        "".join(
            ROW.format(cell(s.row.rank), cell(s.row.pair.label),
                       cell(s.row.heat.club.name), cell(s.score),
                       cell(s.percentage), names, cell(s.row.pair.names), in_club,
                       cell(s.row.club_rank))
            for s in rows
        )
    )  # fmt: skip


def _cells() -> Callable[[str | float], SafeString]:
    """A value localized and escaped, found once per value (and its type: 1 and
    1.0 are written apart)."""
    done: dict[tuple[type, str | float], SafeString] = {}

    def cell(value: str | float) -> SafeString:
        key = (type(value), value)
        hit = done.get(key)
        if hit is None:
            hit = done[key] = conditional_escape(localize(value))
        return hit

    return cell
