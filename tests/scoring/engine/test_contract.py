"""Contract scoring, Law 77 (scoring.md §2): every cell of §2.1 and §2.2."""

from __future__ import annotations

import itertools
from typing import Final

import pytest

from scoring.engine.contract import declarer_score, ns_score
from scoring.engine.types import (
    PASSED_OUT,
    Contract,
    Doubling,
    Result,
    Seat,
    Strain,
    Vulnerability,
)

D = Doubling
NV, V = False, True

# The six columns of scoring.md §2.1 and §2.2, in order.
COLUMNS: Final = (
    (NV, D.UNDOUBLED),
    (NV, D.DOUBLED),
    (NV, D.REDOUBLED),
    (V, D.UNDOUBLED),
    (V, D.DOUBLED),
    (V, D.REDOUBLED),
)

# scoring.md §2.1, ♣ / ♦: level -> rows of (=, +1, +2, ...) x COLUMNS.
MINOR_MADE: Final = {
    1: (
        (70, 140, 230, 70, 140, 230),  # =
        (90, 240, 430, 90, 340, 630),  # +1
        (110, 340, 630, 110, 540, 1030),  # +2
        (130, 440, 830, 130, 740, 1430),  # +3
        (150, 540, 1030, 150, 940, 1830),  # +4
        (170, 640, 1230, 170, 1140, 2230),  # +5
        (190, 740, 1430, 190, 1340, 2630),  # +6
    ),
    2: (
        (90, 180, 560, 90, 180, 760),  # =
        (110, 280, 760, 110, 380, 1160),  # +1
        (130, 380, 960, 130, 580, 1560),  # +2
        (150, 480, 1160, 150, 780, 1960),  # +3
        (170, 580, 1360, 170, 980, 2360),  # +4
        (190, 680, 1560, 190, 1180, 2760),  # +5
    ),
    3: (
        (110, 470, 640, 110, 670, 840),  # =
        (130, 570, 840, 130, 870, 1240),  # +1
        (150, 670, 1040, 150, 1070, 1640),  # +2
        (170, 770, 1240, 170, 1270, 2040),  # +3
        (190, 870, 1440, 190, 1470, 2440),  # +4
    ),
    4: (
        (130, 510, 720, 130, 710, 920),  # =
        (150, 610, 920, 150, 910, 1320),  # +1
        (170, 710, 1120, 170, 1110, 1720),  # +2
        (190, 810, 1320, 190, 1310, 2120),  # +3
    ),
    5: (
        (400, 550, 800, 600, 750, 1000),  # =
        (420, 650, 1000, 620, 950, 1400),  # +1
        (440, 750, 1200, 640, 1150, 1800),  # +2
    ),
    6: (
        (920, 1090, 1380, 1370, 1540, 1830),  # =
        (940, 1190, 1580, 1390, 1740, 2230),  # +1
    ),
    7: (
        (1440, 1630, 1960, 2140, 2330, 2660),  # =
    ),
}

# scoring.md §2.1, ♥ / ♠: level -> rows of (=, +1, +2, ...) x COLUMNS.
MAJOR_MADE: Final = {
    1: (
        (80, 160, 520, 80, 160, 720),  # =
        (110, 260, 720, 110, 360, 1120),  # +1
        (140, 360, 920, 140, 560, 1520),  # +2
        (170, 460, 1120, 170, 760, 1920),  # +3
        (200, 560, 1320, 200, 960, 2320),  # +4
        (230, 660, 1520, 230, 1160, 2720),  # +5
        (260, 760, 1720, 260, 1360, 3120),  # +6
    ),
    2: (
        (110, 470, 640, 110, 670, 840),  # =
        (140, 570, 840, 140, 870, 1240),  # +1
        (170, 670, 1040, 170, 1070, 1640),  # +2
        (200, 770, 1240, 200, 1270, 2040),  # +3
        (230, 870, 1440, 230, 1470, 2440),  # +4
        (260, 970, 1640, 260, 1670, 2840),  # +5
    ),
    3: (
        (140, 530, 760, 140, 730, 960),  # =
        (170, 630, 960, 170, 930, 1360),  # +1
        (200, 730, 1160, 200, 1130, 1760),  # +2
        (230, 830, 1360, 230, 1330, 2160),  # +3
        (260, 930, 1560, 260, 1530, 2560),  # +4
    ),
    4: (
        (420, 590, 880, 620, 790, 1080),  # =
        (450, 690, 1080, 650, 990, 1480),  # +1
        (480, 790, 1280, 680, 1190, 1880),  # +2
        (510, 890, 1480, 710, 1390, 2280),  # +3
    ),
    5: (
        (450, 650, 1000, 650, 850, 1200),  # =
        (480, 750, 1200, 680, 1050, 1600),  # +1
        (510, 850, 1400, 710, 1250, 2000),  # +2
    ),
    6: (
        (980, 1210, 1620, 1430, 1660, 2070),  # =
        (1010, 1310, 1820, 1460, 1860, 2470),  # +1
    ),
    7: (
        (1510, 1770, 2240, 2210, 2470, 2940),  # =
    ),
}

# scoring.md §2.1, NT: level -> rows of (=, +1, +2, ...) x COLUMNS.
NOTRUMP_MADE: Final = {
    1: (
        (90, 180, 560, 90, 180, 760),  # =
        (120, 280, 760, 120, 380, 1160),  # +1
        (150, 380, 960, 150, 580, 1560),  # +2
        (180, 480, 1160, 180, 780, 1960),  # +3
        (210, 580, 1360, 210, 980, 2360),  # +4
        (240, 680, 1560, 240, 1180, 2760),  # +5
        (270, 780, 1760, 270, 1380, 3160),  # +6
    ),
    2: (
        (120, 490, 680, 120, 690, 880),  # =
        (150, 590, 880, 150, 890, 1280),  # +1
        (180, 690, 1080, 180, 1090, 1680),  # +2
        (210, 790, 1280, 210, 1290, 2080),  # +3
        (240, 890, 1480, 240, 1490, 2480),  # +4
        (270, 990, 1680, 270, 1690, 2880),  # +5
    ),
    3: (
        (400, 550, 800, 600, 750, 1000),  # =
        (430, 650, 1000, 630, 950, 1400),  # +1
        (460, 750, 1200, 660, 1150, 1800),  # +2
        (490, 850, 1400, 690, 1350, 2200),  # +3
        (520, 950, 1600, 720, 1550, 2600),  # +4
    ),
    4: (
        (430, 610, 920, 630, 810, 1120),  # =
        (460, 710, 1120, 660, 1010, 1520),  # +1
        (490, 810, 1320, 690, 1210, 1920),  # +2
        (520, 910, 1520, 720, 1410, 2320),  # +3
    ),
    5: (
        (460, 670, 1040, 660, 870, 1240),  # =
        (490, 770, 1240, 690, 1070, 1640),  # +1
        (520, 870, 1440, 720, 1270, 2040),  # +2
    ),
    6: (
        (990, 1230, 1660, 1440, 1680, 2110),  # =
        (1020, 1330, 1860, 1470, 1880, 2510),  # +1
    ),
    7: (
        (1520, 1790, 2280, 2220, 2490, 2980),  # =
    ),
}

# scoring.md §2.2: score to the defenders for 1 to 13 down, x COLUMNS.
UNDERTRICKS: Final = (
    (50, 100, 200, 100, 200, 400),  # 1 down
    (100, 300, 600, 200, 500, 1000),  # 2 down
    (150, 500, 1000, 300, 800, 1600),  # 3 down
    (200, 800, 1600, 400, 1100, 2200),  # 4 down
    (250, 1100, 2200, 500, 1400, 2800),  # 5 down
    (300, 1400, 2800, 600, 1700, 3400),  # 6 down
    (350, 1700, 3400, 700, 2000, 4000),  # 7 down
    (400, 2000, 4000, 800, 2300, 4600),  # 8 down
    (450, 2300, 4600, 900, 2600, 5200),  # 9 down
    (500, 2600, 5200, 1000, 2900, 5800),  # 10 down
    (550, 2900, 5800, 1100, 3200, 6400),  # 11 down
    (600, 3200, 6400, 1200, 3500, 7000),  # 12 down
    (650, 3500, 7000, 1300, 3800, 7600),  # 13 down
)

MADE_BY_STRAIN: Final = {
    Strain.CLUBS: MINOR_MADE,
    Strain.DIAMONDS: MINOR_MADE,
    Strain.HEARTS: MAJOR_MADE,
    Strain.SPADES: MAJOR_MADE,
    Strain.NOTRUMP: NOTRUMP_MADE,
}


def expected_score(contract: Contract, tricks: int, *, vulnerable: bool) -> int:
    """Look declarer's score up in the transcribed tables."""
    column = COLUMNS.index((vulnerable, contract.doubling))
    needed = contract.level + 6
    if tricks >= needed:
        rows = MADE_BY_STRAIN[contract.strain][contract.level]
        return rows[tricks - needed][column]
    return -UNDERTRICKS[needed - tricks - 1][column]


def made_cells() -> list[tuple[Contract, int, bool, int]]:
    cells = []
    for strain, table in MADE_BY_STRAIN.items():
        for level, rows in table.items():
            for overtricks, row in enumerate(rows):
                for (vulnerable, doubling), score in zip(COLUMNS, row, strict=True):
                    contract = Contract(level, strain, doubling)
                    cells.append((contract, level + 6 + overtricks, vulnerable, score))
    return cells


def test_the_made_tables_have_a_row_for_every_possible_overtrick() -> None:
    for table in (MINOR_MADE, MAJOR_MADE, NOTRUMP_MADE):
        assert sorted(table) == list(range(1, 8))
        for level, rows in table.items():
            assert len(rows) == 8 - level


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "score"),
    made_cells(),
    ids=lambda v: str(v) if isinstance(v, Contract) else None,
)
def test_it_scores_every_cell_of_the_made_contract_table(
    contract: Contract, tricks: int, vulnerable: bool, score: int
) -> None:
    assert declarer_score(contract, tricks, vulnerable=vulnerable) == score


@pytest.mark.parametrize("down", range(1, 14))
@pytest.mark.parametrize("column", range(6))
def test_it_scores_every_cell_of_the_undertrick_table(down: int, column: int) -> None:
    vulnerable, doubling = COLUMNS[column]
    contract = Contract(7, Strain.SPADES, doubling)
    score = declarer_score(contract, 13 - down, vulnerable=vulnerable)
    assert score == -UNDERTRICKS[down - 1][column]


def test_undertricks_do_not_depend_on_the_level_or_the_strain() -> None:
    for level, strain in itertools.product(range(1, 8), Strain):
        for down in range(1, level + 7):
            for column, (vulnerable, doubling) in enumerate(COLUMNS):
                contract = Contract(level, strain, doubling)
                tricks = level + 6 - down
                score = declarer_score(contract, tricks, vulnerable=vulnerable)
                assert score == -UNDERTRICKS[down - 1][column]


def test_all_2940_combinations_agree_with_the_tables() -> None:
    combinations = list(
        itertools.product(range(1, 8), Strain, Doubling, (NV, V), range(14))
    )
    assert len(combinations) == 2940
    for level, strain, doubling, vulnerable, tricks in combinations:
        contract = Contract(level, strain, doubling)
        got = declarer_score(contract, tricks, vulnerable=vulnerable)
        assert got == expected_score(contract, tricks, vulnerable=vulnerable), (
            contract,
            vulnerable,
            tricks,
        )


C, DI, H, S, NT = (
    Strain.CLUBS,
    Strain.DIAMONDS,
    Strain.HEARTS,
    Strain.SPADES,
    Strain.NOTRUMP,
)
X, XX = D.DOUBLED, D.REDOUBLED

# scoring.md §2.3 spot checks: (contract, vulnerable, tricks, declarer's score).
SPOT_CHECKS: Final = (
    (Contract(1, NT), NV, 7, 90),
    (Contract(3, NT), NV, 9, 400),
    (Contract(3, NT), V, 10, 630),
    (Contract(4, H), NV, 10, 420),
    (Contract(4, H), V, 11, 650),
    (Contract(2, S), NV, 10, 170),
    (Contract(2, H, X), NV, 8, 470),
    (Contract(2, C, X), V, 8, 180),
    (Contract(1, NT, XX), NV, 7, 560),
    (Contract(4, S, X), NV, 10, 590),
    (Contract(4, H, X), V, 10, 790),
    (Contract(4, S, XX), V, 11, 1480),
    (Contract(5, C, X), NV, 12, 650),
    (Contract(7, NT, XX), V, 13, 2980),
    (Contract(3, NT, X), NV, 6, -500),
    (Contract(4, H, X), NV, 6, -800),
    (Contract(4, H, X), NV, 5, -1100),
    (Contract(4, H, X), V, 5, -1400),
    (Contract(6, DI), NV, 11, -50),
    (Contract(1, C), V, 0, -700),
    (Contract(7, S, XX), NV, 0, -7000),
    (Contract(7, S, XX), V, 0, -7600),
    (Contract(6, NT), V, 12, 1440),
)


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "score"),
    SPOT_CHECKS,
    ids=[f"{c}-{'V' if v else 'NV'}-{t}" for c, v, t, _ in SPOT_CHECKS],
)
def test_it_passes_the_spot_checks(
    contract: Contract, vulnerable: bool, tricks: int, score: int
) -> None:
    assert declarer_score(contract, tricks, vulnerable=vulnerable) == score


@pytest.mark.parametrize("vulnerability", list(Vulnerability))
def test_a_passed_out_board_scores_zero(vulnerability: Vulnerability) -> None:
    assert ns_score(PASSED_OUT, vulnerability) == 0


@pytest.mark.parametrize("tricks", [-1, 14, 20])
def test_it_refuses_an_impossible_number_of_tricks(tricks: int) -> None:
    with pytest.raises(ValueError, match="tricks must be 0 to 13"):
        declarer_score(Contract(4, S), tricks, vulnerable=False)


FOUR_HEARTS_MADE: Final = 10


@pytest.mark.parametrize(
    ("declarer", "vulnerability", "ns"),
    [
        (Seat.NORTH, Vulnerability.NONE, 420),
        (Seat.SOUTH, Vulnerability.NS, 620),
        (Seat.SOUTH, Vulnerability.EW, 420),
        (Seat.EAST, Vulnerability.NONE, -420),
        (Seat.EAST, Vulnerability.EW, -620),
        (Seat.WEST, Vulnerability.NS, -420),
        (Seat.WEST, Vulnerability.BOTH, -620),
    ],
)
def test_ns_score_is_declarers_score_for_ns_and_its_negation_for_ew(
    declarer: Seat, vulnerability: Vulnerability, ns: int
) -> None:
    result = Result(Contract(4, H), declarer, FOUR_HEARTS_MADE)
    assert ns_score(result, vulnerability) == ns


@pytest.mark.parametrize(
    ("declarer", "ns"),
    [(Seat.NORTH, -200), (Seat.SOUTH, -200), (Seat.EAST, 200), (Seat.WEST, 200)],
)
def test_a_defeated_ew_contract_is_a_plus_score_for_ns(declarer: Seat, ns: int) -> None:
    # 3NTX one down, declarer vulnerable (Both): 200 to the defenders.
    result = Result(Contract(3, NT, X), declarer, 8)
    assert ns_score(result, Vulnerability.BOTH) == ns


def test_ns_score_uses_the_vulnerability_of_the_declaring_side() -> None:
    result = Result(Contract(1, NT), Seat.WEST, 5)  # two down
    assert ns_score(result, Vulnerability.NS) == 100
    assert ns_score(result, Vulnerability.EW) == 200
