"""Whether a table's result is likely, before it is sent: one rule each.

Nothing here changes a result: each rule returns a ``Doubt`` naming the field
to check, or None. The deal and its double dummy (tricks by declarer and
strain, as ``Board.analysis`` keeps them) are known only when the club dealt
the boards from a hand record; without them only the board's other results
speak. The opening leader is declarer's left-hand opponent (Law 41A).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from .contract import ns_score
from .types import Result, Seat, Side, Strain, Vulnerability

__all__ = [
    "FAR",
    "Doubt",
    "DoubleDummy",
    "declarer_doubt",
    "hands_of",
    "lead_doubt",
    "opening_leader",
    "score_doubt",
]

# A score this far (in points) from double dummy's and from every result of
# the board so far is worth a second look: more than a game swing.
FAR: Final = 300
# Double dummy declarer's side this many tricks short of the contract while the
# other side makes it: the declarer was probably typed on the wrong side.
SHORT: Final = 3
CLOCKWISE: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
SUIT_ORDER: Final = ("S", "H", "D", "C")  # PBN: spades.hearts.diamonds.clubs

DoubleDummy = Mapping[str, Mapping[str, int]]  # seat -> strain -> tricks


@dataclass(frozen=True)
class Doubt:
    """A reason to check a result before sending it."""

    rule: str  # score, declarer, lead
    field: str  # the field to check
    details: Mapping[str, str | int]


def opening_leader(declarer: Seat) -> Seat:
    """Law 41A: the opening lead is made by declarer's left-hand opponent."""
    return CLOCKWISE[(CLOCKWISE.index(declarer) + 1) % 4]


def hands_of(deal: str) -> dict[Seat, frozenset[str]]:
    """The cards of each seat ("SA", "HT") of a deal written "N:<N> <E> <S> <W>";
    empty when the deal is not written so."""
    first, _colon, rest = deal.partition(":")
    hands = rest.split()
    if first not in "NESW" or not first or len(hands) != 4:
        return {}
    start = CLOCKWISE.index(Seat(first))
    found: dict[Seat, frozenset[str]] = {}
    for i, hand in enumerate(hands):
        suits = hand.split(".")
        if len(suits) != 4:
            return {}
        cards = {
            s + r for s, ranks in zip(SUIT_ORDER, suits, strict=True) for r in ranks
        }
        found[CLOCKWISE[(start + i) % 4]] = frozenset(cards)
    return found


def lead_doubt(
    result: Result, lead: str, hands: Mapping[Seat, frozenset[str]]
) -> Doubt | None:
    """The opening lead ("HK", "S10") is a card the opening leader does not hold."""
    if not lead or not hands or result.declarer is None:
        return None
    card = lead[0] + ("T" if lead[1:] == "10" else lead[1:])
    leader = opening_leader(result.declarer)
    if card in hands.get(leader, frozenset({card})):
        return None
    return Doubt("lead", "lead", {"leader": leader.value, "lead": lead})


def _made(result: Result, tricks: int, vulnerability: Vulnerability) -> int:
    return ns_score(Result(result.contract, result.declarer, tricks), vulnerability)


def score_doubt(
    result: Result,
    vulnerability: Vulnerability,
    double_dummy: DoubleDummy | None,
    others: Sequence[int],
) -> Doubt | None:
    """The NS score is far from what double dummy gives for this contract and
    far outside every result of the board so far."""
    if not double_dummy or result.contract is None or result.declarer is None:
        return None
    strain, seat = result.contract.strain.value, result.declarer.value
    expected = double_dummy.get(seat, {}).get(strain)
    if expected is None:
        return None
    score = ns_score(result, vulnerability)
    dd_score = _made(result, expected, vulnerability)
    if abs(score - dd_score) < FAR:
        return None
    if others and min(others) - FAR < score < max(others) + FAR:
        return None
    return Doubt(
        "score",
        "tricks",
        {"seat": seat, "strain": strain, "tricks": expected, "score": dd_score},
    )


def _side_tricks(double_dummy: DoubleDummy, side: Side, strain: Strain) -> int:
    seats = [s for s in CLOCKWISE if s.side is side]
    return max(int(double_dummy.get(s.value, {}).get(strain.value, 0)) for s in seats)


def declarer_doubt(
    result: Result,
    double_dummy: DoubleDummy | None,
    others: Sequence[tuple[Side, Strain]],
) -> Doubt | None:
    """The declarer sits on the side the result does not fit: double dummy gives
    the contract to the other side (or, without the deal, every other table of
    the board, two at least, played this strain from the other side)."""
    if result.contract is None or result.declarer is None:
        return None
    side, strain = result.declarer.side, result.contract.strain
    needed = result.contract.level + 6
    if double_dummy:
        ours = _side_tricks(double_dummy, side, strain)
        theirs = _side_tricks(double_dummy, side.other, strain)
        wrong = ours <= needed - SHORT and theirs >= needed
    else:
        same = [s for s, st in others if st is strain]
        wrong = len(same) >= 2 and all(s is side.other for s in same)
    if not wrong:
        return None
    return Doubt("declarer", "declarer", {"side": side.other.value})
