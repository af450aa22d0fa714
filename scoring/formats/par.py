"""Double-dummy par score of a deal through endplay's DDS binding.

Par (scoring.md §11, "Butler against par"): the deal's double-dummy par score from
the NS point of view, which depends on vulnerability and, when both sides can make
the same contract, on the dealer. DDS ``DealerParBin`` (Bo Haglund, Soren Hein;
Apache-2.0) via ``endplay`` 0.5.12 (MIT). Not part of the pure engine.

Every enum crosses the boundary through an explicit table (formats.md §7: DDS
orders denominations and vulnerabilities differently from us).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from endplay.dds import par as dds_par
from endplay.types import Contract as EndplayContract
from endplay.types import Deal, Denom, Penalty, Player, Vul

from scoring.engine.types import Doubling, Seat, Strain, Vulnerability

__all__ = ["ParResult", "par"]

VUL_TO_ENDPLAY: Final = {
    Vulnerability.NONE: Vul.none,
    Vulnerability.NS: Vul.ns,
    Vulnerability.EW: Vul.ew,
    Vulnerability.BOTH: Vul.both,
}
SEAT_TO_ENDPLAY: Final = {
    Seat.NORTH: Player.north,
    Seat.EAST: Player.east,
    Seat.SOUTH: Player.south,
    Seat.WEST: Player.west,
}
ENDPLAY_TO_SEAT: Final = {player: seat for seat, player in SEAT_TO_ENDPLAY.items()}
ENDPLAY_TO_STRAIN: Final = {
    Denom.clubs: Strain.CLUBS,
    Denom.diamonds: Strain.DIAMONDS,
    Denom.hearts: Strain.HEARTS,
    Denom.spades: Strain.SPADES,
    Denom.nt: Strain.NOTRUMP,
}
ENDPLAY_TO_DOUBLING: Final = {
    Penalty.passed: Doubling.UNDOUBLED,
    Penalty.doubled: Doubling.DOUBLED,
    Penalty.redoubled: Doubling.REDOUBLED,
}
_SEAT_ORDER: Final = "NESW"
_RANKS: Final = "AKQJT98765432"


@dataclass(frozen=True, slots=True)
class ParResult:
    """Par score (NS view) and the par contracts, e.g. ``"4SX EW -1"``.

    A contract reads level, strain (C D H S NT), doubling (X, XX), the declaring
    seats ("NS" when either North or South may declare it, else "N", "E" …) and
    the result against the contract ("=", "+1", "-5").
    """

    score_ns: int
    contracts: list[str] = field(default_factory=list)


def par(deal_pbn: str, vulnerability: Vulnerability, dealer: Seat) -> ParResult:
    """Return the par of a full deal given as a PBN ``Deal`` value."""
    _check_deal(deal_pbn)
    result = dds_par(
        Deal(deal_pbn), VUL_TO_ENDPLAY[vulnerability], SEAT_TO_ENDPLAY[dealer]
    )
    declarers: dict[tuple[str, str], list[Seat]] = {}
    # endplay reuses one buffer while iterating: read each contract at once.
    for contract in result:
        key = _contract_parts(contract)
        declarers.setdefault(key, []).append(ENDPLAY_TO_SEAT[contract.declarer])
    return ParResult(
        score_ns=int(result.score),
        contracts=[
            f"{bid} {_seats_text(seats)} {outcome}"
            for (bid, outcome), seats in declarers.items()
        ],
    )


def _contract_parts(contract: EndplayContract) -> tuple[str, str]:
    """Return ("4SX", "-1"): the contract and its result against the contract."""
    strain = ENDPLAY_TO_STRAIN[contract.denom]
    doubling = ENDPLAY_TO_DOUBLING[contract.penalty]
    tricks = int(contract.result)
    outcome = "=" if tricks == 0 else f"{tricks:+d}"
    return f"{int(contract.level)}{strain.value}{doubling.value}", outcome


def _seats_text(seats: list[Seat]) -> str:
    """Return "NS" or "EW" when both partners may declare, else the seat(s)."""
    distinct = sorted(set(seats), key=lambda seat: _SEAT_ORDER.index(seat.value))
    if len(distinct) == 2 and distinct[0].side is distinct[1].side:
        return distinct[0].side.value
    return "/".join(seat.value for seat in distinct)


def _check_deal(deal_pbn: str) -> None:
    """Reject anything but four 13-card hands holding 52 different cards."""
    first, _, hands = deal_pbn.strip().partition(":")
    cards: set[tuple[int, str]] = set()
    parts = hands.split()
    if first.upper() not in _SEAT_ORDER or len(parts) != 4:
        raise ValueError(f"not a full PBN deal: {deal_pbn!r}")
    for hand in parts:
        suits = hand.upper().split(".")
        held = {(i, c) for i, suit in enumerate(suits) for c in suit}
        if len(suits) != 4 or any(c not in _RANKS for _, c in held):
            raise ValueError(f"bad hand {hand!r} in {deal_pbn!r}")
        if len(held) != 13 or sum(map(len, suits)) != 13:
            raise ValueError(f"hand {hand!r} does not hold 13 different cards")
        cards |= held
    if len(cards) != 52:
        raise ValueError(f"the hands of {deal_pbn!r} share cards")
