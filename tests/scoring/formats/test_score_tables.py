"""ScoreTable and TotalScoreTable of PBN results files, as producers write them."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from scoring.formats.pbn import decode_pbn, parse_pbn
from scoring.formats.problems import FormatError
from scoring.formats.score_tables import PairKey, pbn_results
from scoring.formats.total_scores import split_names
from tests.paths import ROOT

# Shaped like a Ruter / Magic Contest club file: pairs numbered across the field
# with a Direction, quoted scores, a Bye row for the pair sitting out, an
# artificial score with PBN's caret.
RUTER_FILE = ROOT / "tests/data/pbn/results_ruter_like.pbn"  # Latin-1, CRLF
RUTER = decode_pbn(RUTER_FILE.read_bytes())


def test_a_club_files_rows_are_read_by_column_name() -> None:
    doc = pbn_results(parse_pbn(RUTER))
    assert (doc.event, str(doc.day), doc.program) == (
        "2021-09-01",
        "2021-09-01",
        "Ruter",
    )
    first, second, adjusted = doc.rows  # the Bye row is a pair sitting out
    assert (first.line, first.board, first.table, first.round) == (17, 1, 4, 2)
    assert (first.ns, first.ew) == (PairKey("A", 6, ""), PairKey("A", 5, ""))
    assert (first.contract, first.declarer, first.result, first.lead) == (
        "5HX", "E", "7", "SA",
    )  # fmt: skip
    assert first.score_ns == 800
    assert first.points == (Decimal("4.0"), Decimal("0.0"))
    assert first.percentages == (Decimal("100"), Decimal("0"))
    assert adjusted.artificial == ("A60", "A40")
    assert adjusted.score_ns is None
    assert doc.deals == {}


def test_the_totals_say_where_each_pair_is_ranked_and_who_it_is() -> None:
    pairs = pbn_results(parse_pbn(RUTER)).pairs
    assert not pairs.apart
    assert pairs.two_winners
    assert pairs.listed[PairKey("A", 5, "")].names[1] == "Tommy Lindström"
    six = pairs.listed[PairKey("A", 6, "")]
    assert (six.line, six.direction, six.names, six.member_ids) == (
        12, "EW", ("Rolf Anders", "Leif Rick"), ("87449", "87414"),
    )  # fmt: skip
    assert (six.total, six.percentage) == (Decimal("65.3"), Decimal("58.33"))


def test_pairs_numbered_apart_take_their_direction_from_the_number() -> None:
    text = (ROOT / "tests/data/pbn/results_mitchell.pbn").read_text(encoding="utf-8")
    for n in (1, 2, 3):
        text = text.replace(f'{n} "N-S"', f'{n}NS "N-S"')
    for n in (4, 5):
        text = text.replace(f'{n} "E-W"', f'{n}EW "E-W"')
    text = text.replace('6 "E-W"', '1EW "E-W"')
    text = text.replace("3 1 3 6 3N", "3 1 3 1 3N").replace(
        "2 2 2 6 Pass", "2 2 2 1EW Pass"
    )
    text = text.replace("1 3 1 6 3N", "1 3 1NS 1EW 3N")
    doc = pbn_results(parse_pbn(text))
    assert doc.pairs.apart
    assert {k.label for k in doc.pairs.listed} == {
        "1NS", "2NS", "3NS", "1EW", "4EW", "5EW",
    }  # fmt: skip
    one_ew = PairKey("A", 1, "EW")
    assert (doc.rows[2].ew, doc.rows[4].ew, doc.rows[6].ew) == (one_ew,) * 3
    assert doc.rows[6].ns == PairKey("A", 1, "NS")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann Lee - Bob Ray", ("Ann Lee", "Bob Ray")),
        ("Ann;Bob", ("Ann", "Bob")),
        ("Anne-Marie Roe & Bob", ("Anne-Marie Roe", "Bob")),
        ("Ann / Bob", ("Ann", "Bob")),
        ("Ann & Co;Bob - Ray", ("Ann & Co", "Bob - Ray")),  # PBN's ";" first
        ("", ()),
    ],
)
def test_names_are_split_into_players(text: str, expected: tuple[str, ...]) -> None:
    assert split_names(text) == expected


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"E-W" 60.7', '"E-W" 6O.7', "line 13: TotalScoreMP '6O.7' is not a number"),
        (
            "2 3 1 1",
            "2 3 6 1",
            "line 13: pair 6 is listed twice in the TotalScoreTable",
        ),
        ('"800"', '"8OO"', "line 17: the score '8OO' is not a number"),
        ("4 2 6 5", "4 2 X 5", "line 17: pair 'X' is not a pair number"),
        ("4.0 0.0 100", "4.0 0,0,0 100", "line 17: MP_EW '0.0.0' is not a number"),
        ("2 5 2 1 4S", "2 5 6 1 4S", "line 18: pair 6 already played board 1"),
        (
            "MP_NS\\3R;MP_EW",
            "Points_NS\\3R;Points_EW",
            "line 16: the ScoreTable has neither matchpoints (MP_NS, MP_EW) nor IMPs",
        ),
        ('[Board "1"]', "", "line 16: a ScoreTable without a board number"),
        ("[ScoreTable", "[Scores", "the file has no ScoreTable with results"),
        (
            "PairId\\1R;Table",
            "Pair\\1R;Table",
            "line 11: the TotalScoreTable has no Pai",
        ),
    ],
)
def test_an_unreadable_results_file_is_refused_naming_the_line(
    old: str, new: str, message: str
) -> None:
    assert old in RUTER
    with pytest.raises(FormatError, match=re.escape(message)):
        pbn_results(parse_pbn(RUTER.replace(old, new, 1)))
