"""Hand-record files from dealing programs and machines, in their usual variations,
read into one deal per board (formats.md §2, §6)."""

from __future__ import annotations

import re

import pytest

from scoring.formats.hand_records import read_hands, read_hands_path
from scoring.formats.pbn import parse_pbn, read_pbn
from scoring.formats.problems import FormatError
from tests.paths import FIXTURES, ROOT

DATA = ROOT / "tests" / "data" / "pbn"
DEALER = DATA / "hands_dealer.pbn"  # CRLF, UTF-8, "#" inheritance, comments
MACHINE = DATA / "hands_rotated_latin1.pbn"  # Latin-1, LF, dealer's seat first
TEAMS = FIXTURES / "pbn_teams_imps_30tables.pbn"
BOARD_1 = "N:Q953.85.J532.T42 2.Q7642.A8.AK763 AKJ4.KT9.K76.J98 T876.AJ3.QT94.Q5"


def test_a_dealing_programs_file_gives_each_boards_deal() -> None:
    hands = read_hands_path(DEALER)
    assert sorted(hands) == [1, 2, 3, 4]
    assert hands[1].deal == BOARD_1
    assert hands[1].line == 17  # after the directives and the comment


def test_the_files_tags_are_inherited_and_its_comments_kept_apart() -> None:
    pbn = read_pbn(DEALER)
    assert pbn.directives[:2] == ("PBN 2.1", "EXPORT")
    assert [g.value("Event") for g in pbn.games] == ["Tuesday pairs"] * 4
    assert [g.value("Site") for g in pbn.games] == ["Círculo Bridge Ñandú"] * 4
    assert pbn.games[0].value("ParContract") == "NS 1N"
    assert "the program writes 1N for 1NT" in pbn.games[0].comments


def test_a_machines_latin_1_file_with_rotated_deals_gives_the_same_deals() -> None:
    machine = read_hands_path(MACHINE)
    assert read_pbn(MACHINE).games[0].value("Event") == "Tournoi du Café"
    assert {n: h.deal for n, h in machine.items()} == {
        n: h.deal for n, h in read_hands_path(DEALER).items()
    }


def test_the_teams_fixture_deals_each_board_once_across_its_tables() -> None:
    hands = read_hands_path(TEAMS)
    assert sorted(hands) == list(range(11, 21))
    first = {g.board: g.value("Deal") for g in reversed(read_pbn(TEAMS).games)}
    assert {n: h.deal for n, h in hands.items()} == first


def test_line_ends_may_be_cr_alone_and_latin_1_ellipses_are_text() -> None:
    raw = f'[Event "Caf\xe9 \x85"]\r[Board "1"]\r[Deal "{BOARD_1}"]\r'
    pbn = parse_pbn(raw)
    assert pbn.games[0].value("Event") == "Café \x85"
    assert pbn.games[0].tag("Deal") is not None
    assert read_hands(raw.encode("latin-1"))[1].line == 3


def test_a_hash_table_keeps_its_own_rows_and_takes_the_columns() -> None:
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW"]\n1 2\n\n'
        '[Board "2"]\n[ScoreTable "#"]\n3 4\n'
    )
    second = parse_pbn(text).games[1].table("ScoreTable")
    assert second is not None
    assert [c.name for c in second.columns] == ["PairId_NS", "PairId_EW"]
    assert second.rows == (("3", "4"),)
    assert second.lines == (7,)


OTHER = BOARD_1.replace("Q953", "Q973").replace("T876", "T865")


def two_boards(second: str = '[Board "2"]', deal: str = BOARD_1) -> bytes:
    return f'[Board "1"]\n[Deal "{BOARD_1}"]\n\n{second}\n[Deal "{deal}"]\n'.encode()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (two_boards("[Board 2]"), "line 4: [Board 2] is not a tag pair"),
        (two_boards('[Board "2]'), 'line 4: [Board "2] is not a tag pair'),
        (two_boards('[Board "two"]'), "line 4: board number 'two' is not a number"),
        (two_boards('[Event "#"]'), "line 5: a deal without a board number"),
        (
            two_boards('[Board "1"]', OTHER),
            "board 1 is dealt twice, differently (lines 2 and 5)",
        ),
        (
            two_boards(deal=BOARD_1.replace(".Q5", ".Q")),
            "board 2 (line 5): the hand of W has 12 cards, not 13",
        ),
        (
            two_boards(deal=BOARD_1.replace("T876", "T875")),
            "board 2 (line 5): ♠5 is dealt twice (N and W)",
        ),
    ],
)
def test_a_bad_file_is_refused_with_the_line_named(raw: bytes, message: str) -> None:
    assert read_hands(two_boards())[2].deal == BOARD_1
    with pytest.raises(FormatError, match=re.escape(message)):
        read_hands(raw)


def test_a_file_without_a_deal_is_refused() -> None:
    with pytest.raises(FormatError, match="the file holds no deal"):
        read_hands(b'[Event "Club"]\n[Board "1"]\n[Deal "?"]\n')
