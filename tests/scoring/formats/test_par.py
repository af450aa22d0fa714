"""Par through endplay's DDS binding (scoring.md §11 par vectors)."""

from __future__ import annotations

import pytest

from scoring.engine.types import Seat, Vulnerability
from scoring.formats.par import (
    ENDPLAY_TO_DOUBLING,
    ENDPLAY_TO_SEAT,
    ENDPLAY_TO_STRAIN,
    SEAT_TO_ENDPLAY,
    VUL_TO_ENDPLAY,
    ParResult,
    par,
)

DEAL_A = "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9"
DEAL_B = "N:J976..762.KQJ982 K5.JT9843.AK93.A AT42.765.J84.T54 Q83.AKQ2.QT5.763"
DEAL_C = "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63"

# scoring.md §11: (deal, vulnerability, dealer, par, par contracts)
PAR_VECTORS = [
    (DEAL_A, Vulnerability.NONE, Seat.NORTH, 110, ["2S NS =", "3D NS ="]),
    (DEAL_A, Vulnerability.EW, Seat.NORTH, 110, ["1S NS +1", "2D NS +1"]),
    (DEAL_A, Vulnerability.BOTH, Seat.NORTH, 110, ["1S NS +1", "2D NS +1"]),
    (DEAL_B, Vulnerability.EW, Seat.NORTH, -1100, ["7CX NS -5"]),
    *[(DEAL_C, Vulnerability.NONE, s, 100, ["4SX EW -1"]) for s in Seat],
    *[(DEAL_C, Vulnerability.BOTH, s, 200, ["4SX EW -1"]) for s in Seat],
]


@pytest.mark.parametrize(
    ("deal", "vulnerability", "dealer", "score", "contracts"),
    PAR_VECTORS,
    ids=[f"{d[:6]} {v.value} {s.value}" for d, v, s, _, _ in PAR_VECTORS],
)
def test_the_par_vectors_of_the_spec(
    deal: str,
    vulnerability: Vulnerability,
    dealer: Seat,
    score: int,
    contracts: list[str],
) -> None:
    assert par(deal, vulnerability, dealer) == ParResult(score, contracts)


def test_the_enum_tables_cover_every_value_once() -> None:
    assert len(set(VUL_TO_ENDPLAY.values())) == len(Vulnerability) == 4
    assert len(set(SEAT_TO_ENDPLAY.values())) == len(Seat) == 4
    assert {ENDPLAY_TO_SEAT[p] for p in SEAT_TO_ENDPLAY.values()} == set(Seat)
    assert len(set(ENDPLAY_TO_STRAIN.values())) == 5
    assert len(set(ENDPLAY_TO_DOUBLING.values())) == 3


def test_the_vulnerability_codes_match_dds() -> None:
    # formats.md §7: DDS codes 0 None, 1 Both, 2 NS, 3 EW.
    codes = {v: int(e) for v, e in VUL_TO_ENDPLAY.items()}
    assert codes == {
        Vulnerability.NONE: 0,
        Vulnerability.BOTH: 1,
        Vulnerability.NS: 2,
        Vulnerability.EW: 3,
    }


@pytest.mark.parametrize(
    "deal",
    [
        "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652",  # three hands
        "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AKA",
        "N:AKQJ8..AT8632.4 T742.Q9543.J.QT83 63.AJT8.97.J7652 95.K762.KQ54.AK9",
        "X:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9",
    ],
)
def test_it_refuses_a_deal_that_is_not_four_full_hands(deal: str) -> None:
    with pytest.raises(ValueError):
        par(deal, Vulnerability.NONE, Seat.NORTH)
