"""The warnings before a table sends a result: one rule each, pure."""

from __future__ import annotations

from scoring.engine.plausible import (
    declarer_doubt,
    hands_of,
    lead_doubt,
    opening_leader,
    score_doubt,
)
from scoring.engine.types import Contract, Result, Seat, Side, Strain, Vulnerability

# Each seat holds one whole suit, clockwise from North: spades, hearts,
# diamonds, clubs.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# Double dummy for that deal: each side takes all 13 tricks in its suits.
DD = {
    seat: {"S": s, "H": h, "D": d, "C": c, "NT": 0}
    for seat, (s, h, d, c) in {
        "N": (13, 0, 0, 13),
        "S": (13, 0, 0, 13),
        "E": (0, 13, 13, 0),
        "W": (0, 13, 13, 0),
    }.items()
}
FOUR_SPADES_N = Result(Contract(4, Strain.SPADES), Seat.NORTH, 10)
FOUR_HEARTS_N = Result(Contract(4, Strain.HEARTS), Seat.NORTH, 10)


def test_it_reads_each_seats_cards_from_a_pbn_deal() -> None:
    hands = hands_of(DEAL)
    assert "SA" in hands[Seat.NORTH] and "HT" in hands[Seat.EAST]
    assert len(hands[Seat.WEST]) == 13
    assert hands_of("not a deal") == {}


def test_the_opening_leader_is_declarers_left_hand_opponent() -> None:
    assert opening_leader(Seat.NORTH) is Seat.EAST
    assert opening_leader(Seat.WEST) is Seat.NORTH


def test_a_lead_the_leader_does_not_hold_is_doubted() -> None:
    hands = hands_of(DEAL)
    assert lead_doubt(FOUR_SPADES_N, "HK", hands) is None  # East holds the hearts
    doubt = lead_doubt(FOUR_SPADES_N, "S10", hands)
    assert doubt is not None and (doubt.field, doubt.details["leader"]) == (
        "lead",
        "E",
    )
    assert lead_doubt(FOUR_SPADES_N, "S10", {}) is None  # the deal is not known


def test_a_score_far_from_double_dummy_and_the_other_tables_is_doubted() -> None:
    none = Vulnerability.NONE
    down_six = Result(Contract(4, Strain.SPADES), Seat.NORTH, 4)  # NS -300
    doubt = score_doubt(down_six, none, DD, [])  # double dummy: 13 tricks, +510
    assert doubt is not None and doubt.field == "tricks"
    assert doubt.details == {"seat": "N", "strain": "S", "tricks": 13, "score": 510}
    assert score_doubt(FOUR_SPADES_N, none, DD, []) is None  # +420: near enough
    # The other tables scored much the same: nothing to check.
    assert score_doubt(down_six, none, DD, [-300, -250]) is None
    assert score_doubt(down_six, none, None, []) is None  # no deal


def test_a_declarer_on_the_side_the_contract_does_not_fit_is_doubted() -> None:
    doubt = declarer_doubt(FOUR_HEARTS_N, DD, [])
    assert doubt is not None and doubt.details == {"side": "EW"}
    assert declarer_doubt(FOUR_SPADES_N, DD, []) is None
    # Without the deal: two other tables played hearts from East-West.
    others = [(Side.EW, Strain.HEARTS), (Side.EW, Strain.HEARTS)]
    assert declarer_doubt(FOUR_HEARTS_N, None, others) is not None
    assert declarer_doubt(FOUR_HEARTS_N, None, others[:1]) is None
