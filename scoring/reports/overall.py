"""A simultaneous' overall ranking as its pages show it: the rows (of one club
when asked), the clubs to filter by, and each board's frequencies across the
whole field (a score, how many lines scored it, and its overall points)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from scoring.reports.numbers import rounded_float
from scoring.standings.simultaneous import Overall, OverallRow
from tournaments.models import Club, Event

from .simultaneous_json import overall_points

__all__ = ["Frequency", "OverallPage", "ShownRow", "overall_page"]


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
class OverallPage:
    rows: list[ShownRow]
    clubs: list[Club]
    club: Club | None  # the filter asked for
    boards: list[tuple[int, list[Frequency]]]

    def without_boards(self) -> OverallPage:
        """The rows alone: the field's frequencies show other clubs' results."""
        return replace(self, boards=[])


def overall_page(overall: Overall, event: Event, club_id: str) -> OverallPage:
    """``club_id``: the GET parameter ('' or unknown: every club)."""
    clubs = sorted({r.heat.club for r in overall.rows}, key=lambda c: c.name)
    club = next((c for c in clubs if str(c.pk) == club_id), None)
    rows = [
        ShownRow(r, overall_points(r.score, event), rounded_float(r.percentage))
        for r in overall.rows
        if club is None or r.heat.club == club
    ]
    return OverallPage(
        rows=rows,
        clubs=clubs,
        club=club,
        boards=[(n, _frequencies(overall, n, event)) for n in overall.boards],
    )


def _frequencies(overall: Overall, number: int, event: Event) -> list[Frequency]:
    """Each score of the board across the field with its overall points (an
    artificial score, None, by its points), best for NS first."""
    counts: Counter[tuple[int | None, float, float]] = Counter()
    for _heat, line, got in overall.boards[number]:
        score = None if line.ns_artificial or line.ew_artificial else line.score_ns
        ns, ew = overall_points(got.ns, event), overall_points(got.ew, event)
        counts[(score, ns, ew)] += 1
    ordered = sorted(counts, key=lambda k: (k[0] is None, -(k[0] or 0), -k[1]))
    return [Frequency(s, counts[(s, ns, ew)], ns, ew) for s, ns, ew in ordered]
