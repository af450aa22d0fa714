"""Swiss draws for teams or pairs (scoring.md §15; Magic Contest "How are the
pairings created"; EBU club Swiss guidance).

* Round 1: a random draw reproducible from a seed, or by seeding (the given order
  is the strength ranking; the top half meets the bottom half, 1 v k + 1 …).
* Later rounds: rank by total score (carry-over + score so far), then by the
  tie-break hook, then by the given order; pair from the top — the highest
  unpaired entry meets the highest-ranked entry it has not met. A depth-first
  search backtracks when that gets stuck, so no repeat occurs whenever any
  repeat-free pairing exists (``swiss_repeats = "forbid"``); ``"allow"`` is the
  Danish variant (1 v 2, 3 v 4 … by rank, repeats allowed).
* Odd number of entries: the bye goes to the lowest-ranked entry among those with
  the fewest byes so far (so byes rotate); if no repeat-free pairing of the others
  exists, the next candidate up is tried. Triangles are not generated.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Generic, Protocol, Self, TypeVar

__all__ = [
    "NoPairingError",
    "SwissDraw",
    "SwissStanding",
    "rank",
    "swiss_draw",
    "swiss_round_one",
]

Score = int | Fraction | Decimal
# The caller's entries (team or pair numbers, names …): the draw gives them back.
E = TypeVar("E", bound=Hashable)


class Ordered(Protocol):
    """What a tie-break returns: a value ``sorted`` can compare with its like."""

    def __lt__(self, other: Self, /) -> bool: ...


class NoPairingError(ValueError):
    """No pairing without a repeat meeting exists (``swiss_repeats = "forbid"``)."""


@dataclass(frozen=True, slots=True)
class SwissStanding(Generic[E]):
    """An entry's position before a round.

    ``score`` and ``carry_over`` are added, so use one number type for both
    (``Decimal`` VPs, or ``int``): ``Decimal + Fraction`` is a TypeError.
    """

    entry: E
    score: Score = 0  # VPs (or other points) earned so far in this event
    carry_over: Score = 0  # brought forward from earlier sessions
    opponents: frozenset[E] = field(default_factory=frozenset)
    byes: int = 0

    @property
    def total(self) -> Score:
        return _add(self.carry_over, self.score)


def _add(a: Score, b: Score) -> Score:
    """Return ``a + b``; a Decimal with a Fraction is refused, as Python does."""
    if isinstance(a, Decimal):
        if isinstance(b, Fraction):
            raise _mixed(a, b)
        return a + b
    if isinstance(b, Decimal):
        if isinstance(a, Fraction):
            raise _mixed(a, b)
        return a + b
    return a + b


def _mixed(a: Score, b: Score) -> TypeError:
    names = f"{type(a).__name__!r} and {type(b).__name__!r}"
    return TypeError(f"unsupported operand type(s) for +: {names}")


@dataclass(frozen=True, slots=True)
class SwissDraw(Generic[E]):
    """Matches in table order (higher-ranked entry first) and the bye, if any."""

    matches: tuple[tuple[E, E], ...]
    bye: E | None = None


def swiss_round_one(
    entries: Sequence[E], *, seed: int | str | None = None
) -> SwissDraw[E]:
    """Return the first-round draw: random from ``seed``, or by seeding if None.

    With a seed the order is shuffled by ``random.Random(seed)`` (the same seed
    always gives the same draw) and paired 1 v 2, 3 v 4 …; the last entry gets
    the bye. Without a seed ``entries`` is the seeding, best first.
    """
    order = list(entries)
    if len(set(order)) != len(order):
        raise ValueError("entries must be distinct")
    bye: E | None = None
    if seed is not None:
        random.Random(seed).shuffle(order)
        if len(order) % 2:
            bye = order.pop()
        return SwissDraw(tuple(zip(order[::2], order[1::2], strict=True)), bye)
    if len(order) % 2:
        bye = order.pop()
    half = len(order) // 2
    return SwissDraw(tuple(zip(order[:half], order[half:], strict=True)), bye)


def rank(
    standings: Sequence[SwissStanding[E]],
    *,
    tie_break: Callable[[SwissStanding[E]], Ordered] | None = None,
) -> list[SwissStanding[E]]:
    """Return the standings best first: total, then ``tie_break`` (higher is
    better), then the given order."""
    if tie_break is None:
        return sorted(standings, key=lambda s: s.total, reverse=True)
    return sorted(standings, key=lambda s: (s.total, tie_break(s)), reverse=True)


def swiss_draw(
    standings: Sequence[SwissStanding[E]],
    *,
    repeats: str = "forbid",
    tie_break: Callable[[SwissStanding[E]], Ordered] | None = None,
) -> SwissDraw[E]:
    """Return the draw for the next round (see the module docstring)."""
    if repeats not in ("forbid", "allow"):
        raise ValueError(f"unknown swiss_repeats option {repeats!r}")
    ranked = rank(standings, tie_break=tie_break)
    if len({s.entry for s in ranked}) != len(ranked):
        raise ValueError("entries must be distinct")
    if len(ranked) % 2 == 0:
        return SwissDraw(_pair(ranked, repeats))
    for candidate in _bye_candidates(ranked):
        rest = [s for s in ranked if s is not candidate]
        try:
            return SwissDraw(_pair(rest, repeats), candidate.entry)
        except NoPairingError:
            continue
    raise NoPairingError("no repeat-free pairing exists for any bye")


def _bye_candidates(ranked: list[SwissStanding[E]]) -> list[SwissStanding[E]]:
    """Fewest byes first, and among those the lowest-ranked first."""
    bottom_up = list(reversed(ranked))
    return sorted(bottom_up, key=lambda s: s.byes)  # stable: keeps bottom-up order


def _pair(ranked: list[SwissStanding[E]], repeats: str) -> tuple[tuple[E, E], ...]:
    if repeats == "allow":
        return tuple(
            (a.entry, b.entry) for a, b in zip(ranked[::2], ranked[1::2], strict=True)
        )
    matches = _search(tuple(ranked), set())
    if matches is None:
        raise NoPairingError("no repeat-free pairing exists")
    return tuple(matches)


def _search(
    rest: tuple[SwissStanding[E], ...], dead: set[frozenset[E]]
) -> list[tuple[E, E]] | None:
    """Pair the top entry with the highest-ranked opponent that lets the rest pair.

    ``dead`` remembers sets of entries already shown to have no pairing, which
    keeps the backtracking fast when the field is nearly exhausted.
    """
    if not rest:
        return []
    key = frozenset(s.entry for s in rest)
    if key in dead:
        return None
    top, others = rest[0], rest[1:]
    for i, other in enumerate(others):
        if other.entry in top.opponents or top.entry in other.opponents:
            continue
        tail = _search(others[:i] + others[i + 1 :], dead)
        if tail is not None:
            return [(top.entry, other.entry), *tail]
    dead.add(key)
    return None
