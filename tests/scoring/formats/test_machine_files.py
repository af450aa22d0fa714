"""The dealing machines' files (dealing.md §2): checksums on real board lines,
every format written and read back to the same deals, endplay reads the PBN."""

from __future__ import annotations

import io

import pytest
from endplay.parsers import pbn as endplay_pbn

from scoring.engine.dealing import deal_boards, deal_pbn
from scoring.formats.deal_files import read_deal_file
from scoring.formats.dlm import FILLER, board_checksum, read_dlm, write_dlm
from scoring.formats.double_dummy import double_dummy
from scoring.formats.dup import RECORD, read_dup, write_dup
from scoring.formats.pbn_hands import write_hands_pbn
from scoring.formats.problems import FormatError

SEED = bytes.fromhex("d1" * 32)
DEALS = {
    board: deal_pbn(deal) for board, deal in deal_boards(SEED, range(1, 37)).items()
}


def dealt(records):
    return {board: record.deal for board, record in records.items()}


@pytest.mark.parametrize(
    ("board", "letters", "checksum"),
    [(1, "cgcajjjnakpkchipnjhmbmbpbh", 22)],
)
def test_a_real_board_lines_checksum(board, letters, checksum):
    assert board_checksum(board, letters) == checksum


def test_a_real_board_line_reads_as_a_deal():
    line = "Board 01=cgcajjjnakpkchipnjhmbmbpbh022"
    raw = "\r\n".join(
        ["[Document]", "Status=Show", "Duplicates=1", "From board=1", "To board=1"]
        + ["Checksum=0", line]  # 1 XOR 1 XOR 1 XOR 1 (Show)
    ).encode()
    record = read_dlm(raw)[1]
    # c = N then S (♠A ♠K), g = E then S (♠Q ♠J), c (♠T ♠9), a (♠8 ♠7) …
    assert record.deal == (
        "N:AT87.JT3.J.AKT95 Q53.AQ.A754.Q843 KJ9642.98542.Q6. .K76.KT9832.J762"
    )
    assert record.line == 7


def test_the_dlm_lists_99_boards_with_the_filler_outside_the_set():
    text = write_dlm(DEALS, "Club night").decode("ascii")
    lines = text.split("\r\n")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    assert "Checksum=37" in lines  # 1 XOR 1 XOR 36 XOR 1
    boards = [line for line in lines if line.startswith("Board ")]
    assert len(boards) == 99
    assert boards[98] == f"Board 99={FILLER}{board_checksum(99, FILLER):03d}"


def test_a_headline_of_any_text_stays_on_its_line():
    text = write_dlm(DEALS, "Círculo Ñandú\r\n[Document] ♠ week").decode("cp1252")
    assert "Headline=Círculo Ñandú [Document] ? week\r\n" in text
    assert dealt(read_dlm(text.encode("cp1252"))) == DEALS


def test_every_format_reads_back_the_same_deals():
    assert dealt(read_dlm(write_dlm(DEALS, "x"))) == DEALS
    assert dealt(read_dup(write_dup(DEALS))) == DEALS
    pbn = write_hands_pbn(DEALS, {}, event="Club", generator="test")
    assert dealt(read_deal_file(pbn, "set.pbn")) == DEALS


def test_a_dup_is_156_bytes_a_board_with_its_trailer():
    raw = write_dup(DEALS)
    assert len(raw) == 36 * RECORD
    assert raw[146:156] == b"YN1   136 "
    assert raw[RECORD * 35 + 146 : RECORD * 36] == b"YN1   136 "


def test_a_dlm_whose_board_checksum_does_not_match_is_refused_naming_it():
    bad = bytearray(write_dlm(DEALS, "x"))
    at = bytes(bad).index(b"Board 07=") + len(b"Board 07=") + 26
    bad[at : at + 3] = b"%03d" % ((int(bad[at : at + 3]) + 1) % 1000)
    with pytest.raises(FormatError, match="board 7's checksum does not match"):
        read_deal_file(bytes(bad), "week.DLM")


def test_a_dup_whose_two_parts_disagree_is_refused_naming_the_board():
    bad = bytearray(write_dup(DEALS))
    bad[RECORD + 80], bad[RECORD + 81] = bad[RECORD + 81], bad[RECORD + 80]
    with pytest.raises(FormatError, match="board 2: the card numbers and hands"):
        read_dup(bytes(bad))


def test_a_truncated_dup_is_refused():
    with pytest.raises(FormatError, match="not a whole number of 156-byte"):
        read_dup(write_dup(DEALS)[:-1])


def test_endplay_parses_the_pbn_with_its_double_dummy():
    some = {board: DEALS[board] for board in (1, 2)}
    raw = write_hands_pbn(some, double_dummy(some), event="Club", generator="test")
    boards = endplay_pbn.load(io.StringIO(raw.decode("utf-8")))
    assert [str(b.deal) for b in boards] == list(some.values())
    assert len(boards[0].info["DoubleDummyTricks"]) == 20
    assert boards[0].info["OptimumScore"].split()[0] in {"NS", "EW"}
