"""A USEBIO file's deals follow the rule of every deal the program reads: four
hands of 52 different cards, or the whole file is refused naming the board, and
nothing is saved."""

from __future__ import annotations

import tempfile
import xml.etree.ElementTree as ET
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.formats.deals import RANKS, SEATS, SUIT_SYMBOLS
from scoring.interchange.usebio import UsebioError, import_file
from scoring.models import TravellerLine
from tests.paths import FIXTURES
from tests.usebio import edited as edited_copy
from tournaments.models import Board, Event, Pair

MITCHELL = FIXTURES / "usebio_mp_mitchell_16pairs.xml"
NORTH_1 = "<DIRECTION>North</DIRECTION>\n      <CLUBS>Q942</CLUBS>"  # board 1
HEARTS_1 = "<SPADES>943</SPADES>\n      <HEARTS></HEARTS>"  # board 1, North
SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")

pytestmark = pytest.mark.django_db

CASES = {
    "a card dealt twice": (
        (NORTH_1, NORTH_1.replace("Q942", "Q943")),
        r"board 1: the deal is refused: ♣3 is dealt twice \(N and E\)",
    ),
    "a suit written -1": (
        (HEARTS_1, HEARTS_1.replace("<HEARTS></HEARTS>", "<HEARTS>-1</HEARTS>")),
        "board 1: the deal is refused: the hand of N has ♥-: not a card",
    ),
    "a hand of 12 cards": (
        (NORTH_1, NORTH_1.replace("Q942", "Q94")),
        "board 1: the deal is refused: the hand of N has 12 cards, not 13",
    ),
    "a hand missing": (
        ("<DIRECTION>North</DIRECTION>", "<DIRECTION>Nord</DIRECTION>"),
        "board 1: the HAND elements are for East, Nord, South, West",
    ),
    "a holding with a space": (
        (NORTH_1, NORTH_1.replace("Q942", "Q9 42")),
        "board 1: North CLUBS 'Q9 42' is not a holding",
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_deal_that_is_not_52_different_cards_refuses_the_file(
    tmp_path: Path, case: tuple[tuple[str, str], str]
) -> None:
    change, message = case
    path = edited_copy(MITCHELL, tmp_path, change)
    with pytest.raises(CommandError, match=message) as refused:
        call_command("import_usebio", str(path))
    assert "Nothing was imported" in str(refused.value)
    for model in (Event, Board, Pair, TravellerLine):
        assert not model.objects.exists(), model.__name__


def test_two_boards_with_the_same_deal_are_a_warning(tmp_path: Path) -> None:
    tree = ET.parse(MITCHELL)
    boards = {
        int(b.findtext("BOARD_NUMBER", "")): b
        for b in tree.iter("BOARD")
        if b.find("HAND") is not None
    }
    for hand in boards[24].findall("HAND"):
        boards[24].remove(hand)
    boards[24].extend(boards[23].findall("HAND"))
    path = tmp_path / "copied_deal.xml"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    out = StringIO()
    call_command("import_usebio", str(path), stdout=out)
    assert "warning: boards 23, 24 have the same deal" in out.getvalue()
    assert Board.objects.get(number=24).deal == Board.objects.get(number=23).deal


def test_the_stored_deals_are_the_files_in_the_programs_one_form() -> None:
    event = import_file(path=MITCHELL).event
    deals = Board.objects.filter(session__event=event).values_list("deal", flat=True)
    assert len(deals) == 24
    assert all(_is_a_deal(deal) for deal in deals)


def _is_a_deal(deal: str) -> bool:
    """Four hands in seat order holding the 52 cards once each."""
    assert deal.startswith("N:")
    cards = [
        symbol + rank
        for hand in deal[2:].split(" ")
        for symbol, suit in zip(SUIT_SYMBOLS, hand.split("."), strict=True)
        for rank in suit
    ]
    return len(deal[2:].split(" ")) == len(SEATS) and sorted(cards) == sorted(
        s + r for s in SUIT_SYMBOLS for r in RANKS
    )


HOLDINGS = st.text(alphabet="AKQJT98765432akqjt10-x .", max_size=14)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.integers(0, 4 * 4 * 24 - 1), HOLDINGS)
def test_any_holding_rewritten_is_refused_or_the_stored_deals_are_52_cards(
    which: int, holding: str
) -> None:
    tree = ET.parse(MITCHELL)
    holdings = [
        element
        for hand in tree.getroot().iter("HAND")
        for element in hand
        if element.tag in SUITS
    ]
    holdings[which % len(holdings)].text = holding
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / MITCHELL.name
        tree.write(path, encoding="utf-8")
        try:
            event = import_file(path=path).event
        except UsebioError:
            return
    deals = Board.objects.filter(session__event=event).values_list("deal", flat=True)
    assert deals
    assert all(_is_a_deal(deal) for deal in deals)
