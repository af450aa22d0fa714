"""An event's ranking over its sessions: each entry's total, and its place.

scoring.md §4 ranks a session; an event of several sessions ranks its entries
(the same partnership, whatever its pair number in each session) by one of two
totals the director chooses:

* ``SUM``: the sum of the entry's session scores (matchpoints or IMPs, as each
  session ranks them), plus its carry-over score from a qualifying stage;
* ``AVERAGE``: the average of its session percentages over the event's sessions;
  a carry-over percentage counts as one more session (for every entry, 0 for an
  entry without one, so the divisor is the same for everybody).

A session an entry did not play (a late entry, a withdrawal) counts nothing: 0
to the sum, 0 % to the average. Places follow ``ranking.rank`` (ties share "3=")
within each ranking group. Everything stays exact (Fraction).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Generic, TypeVar

from .ranking import exact_sum, rank

__all__ = ["CombinedBy", "EntryTotal", "SessionScore", "combined_ranking"]

K = TypeVar("K", bound=Hashable)


class CombinedBy(Enum):
    SUM = "sum"
    AVERAGE = "average"


@dataclass(frozen=True)
class SessionScore:
    """An entry's session: its number, its score and its percentage (None in
    IMPs)."""

    session: int
    score: Fraction
    percentage: Fraction | None


@dataclass(frozen=True)
class EntryTotal(Generic[K]):
    key: K
    sessions: tuple[SessionScore, ...]
    score: Fraction
    percentage: Fraction | None  # None when a session has no percentage (IMPs)
    rank: str


def _no_group(_key: Hashable) -> Hashable:
    return None


def combined_ranking(
    played: Mapping[K, Sequence[SessionScore]],
    *,
    sessions: int,
    by: CombinedBy,
    carry_over: Mapping[K, Fraction] | None = None,
    group: Callable[[K], Hashable] = _no_group,
) -> list[EntryTotal[K]]:
    """Each entry's total and place, best first in each group (groups in the
    order their first entry comes); ``sessions`` is the event's number of
    sessions played. ``AVERAGE`` needs every session's percentage."""
    carried = carry_over or {}
    divisor = sessions + (1 if by is CombinedBy.AVERAGE and carried else 0)
    totals = {
        key: _total(key, list(scores), carried.get(key), by=by, divisor=divisor)
        for key, scores in played.items()
    }
    groups: dict[Hashable, list[K]] = defaultdict(list)
    for key in totals:
        groups[group(key)].append(key)
    ranked: list[EntryTotal[K]] = []
    for keys in groups.values():
        places = rank({key: _ranked_on(totals[key], by) for key in keys})
        ordered = sorted(keys, key=lambda k: _order(places[k]))
        ranked += [_placed(totals[key], places[key]) for key in ordered]
    return ranked


def _total(
    key: K,
    scores: list[SessionScore],
    carried: Fraction | None,
    *,
    by: CombinedBy,
    divisor: int,
) -> EntryTotal[K]:
    scores.sort(key=lambda s: s.session)
    score = exact_sum(s.score for s in scores)
    if by is CombinedBy.SUM and carried is not None:
        score += carried
    shares = [s.percentage for s in scores]
    percentage = None
    if all(share is not None for share in shares) and divisor:
        extra = [carried] if by is CombinedBy.AVERAGE and carried is not None else []
        known = [share for share in shares if share is not None]
        percentage = exact_sum(known + extra) / divisor
    if by is CombinedBy.AVERAGE and percentage is None:
        raise ValueError("an average of percentages needs every session's percentage")
    return EntryTotal(key, tuple(scores), score, percentage, "")


def _ranked_on(total: EntryTotal[K], by: CombinedBy) -> Fraction:
    if by is CombinedBy.AVERAGE:
        assert total.percentage is not None
        return total.percentage
    return total.score


def _order(place: str) -> int:
    return int(place.rstrip("="))


def _placed(total: EntryTotal[K], place: str) -> EntryTotal[K]:
    return EntryTotal(total.key, total.sessions, total.score, total.percentage, place)
