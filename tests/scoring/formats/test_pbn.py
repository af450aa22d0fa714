"""The tolerant PBN reader (formats.md §2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.formats.pbn import PbnColumn, PbnTag, parse_pbn, read_pbn, side_value

SAMPLE = r"""% PBN 2.1
% EXPORT
%Creator: test
; a file comment
[Event "Club night"]
[Board "1"] ; trailing comment
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9"]
{ a commentary
  over two lines }
[Declarer "S"]
[Contract "4HX"]
[Result "10"]
[Score "NS 790"]
[ScoreIMP "EW -3"]
[Note "1: alert; explained"]
[Auction "N"]
1S Pass 2NT Pass
Pass Pass
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;{SPEC}"]
 1  5 4HX   S 10  790 "Ann & Bob"
 2  4 3NT   N  8    - -

[Event "#"]
[Board "2"]
[Deal "#"]
[Declarer "W"]
[Contract "2S"]
[Result "9"]
[Score "140"]
""".replace("{SPEC}", "-Score_NS\\6R;Names_NS\\12L")


def test_it_reads_games_tags_and_directives() -> None:
    pbn = parse_pbn(SAMPLE)
    assert pbn.directives == ("PBN 2.1", "EXPORT", "Creator: test")
    assert len(pbn.games) == 2
    first = pbn.games[0]
    assert first.board == 1
    assert first.value("Contract") == "4HX"
    assert first.value("Missing") is None
    assert first.values("Note") == ["1: alert; explained"]


def test_comments_are_kept_apart_and_do_not_split_games() -> None:
    first = parse_pbn(SAMPLE).games[0]
    assert first.comments == (
        "a file comment",
        "trailing comment",
        "a commentary\n  over two lines",
    )


def test_data_lines_belong_to_the_tag_before_them() -> None:
    auction = next(t for t in parse_pbn(SAMPLE).games[0].tags if t.name == "Auction")
    assert auction == PbnTag("Auction", "N", ("1S Pass 2NT Pass", "Pass Pass"))


def test_a_hash_value_inherits_the_previous_game() -> None:
    first, second = parse_pbn(SAMPLE).games
    assert second.value("Event") == "Club night"
    assert second.value("Deal") == first.value("Deal")
    assert second.board == 2


def test_score_tags_are_read_from_the_ns_side() -> None:
    first, second = parse_pbn(SAMPLE).games
    assert first.score_ns == 790
    assert first.score_imp_ns == 3
    assert second.score_ns == -140  # a bare score is the declaring side's


@pytest.mark.parametrize(
    ("value", "declarer", "expected"),
    [
        ("NS 120", None, 120),
        ("EW -90", None, 90),
        ("NS 4 EW -4", None, 4),
        ("NS +90", None, 90),
        ("620", "N", 620),
        ("620", "E", -620),
        ("620", None, None),
        ("", None, None),
        (None, None, None),
        ("?", "N", None),
    ],
)
def test_side_value(
    value: str | None, declarer: str | None, expected: int | None
) -> None:
    assert side_value(value, declarer=declarer) == expected


def test_it_reads_table_sections_with_quoted_and_empty_cells() -> None:
    table = parse_pbn(SAMPLE).games[0].table("ScoreTable")
    assert table is not None
    assert table.columns[5] == PbnColumn("Score_NS", order="-", width=6, align="R")
    assert table.rows == (
        ("1", "5", "4HX", "S", "10", "790", "Ann & Bob"),
        ("2", "4", "3NT", "N", "8", None, None),
    )
    assert table.records()[0]["Names_NS"] == "Ann & Bob"


def test_it_falls_back_to_declared_widths_for_unquoted_names() -> None:
    text = (
        '[Board "1"]\n[TotalScoreTable "Rank\\2R;Names\\9L;TotalScoreMP\\4R"]\n'
        " 1 Ann Bob   55.0\n"
    )
    table = parse_pbn(text).games[0].table("TotalScoreTable")
    assert table is not None
    assert table.rows == (("1", "Ann Bob", "55.0"),)


def test_it_reads_latin_1_files_and_crlf_lines(tmp_path: Path) -> None:
    path = tmp_path / "latin.pbn"
    path.write_bytes(
        '[Event "Caf\xe9"]\r\n[Board "3"]\r\n\r\n[Board "4"]\r\n'.encode("latin-1")
    )
    pbn = read_pbn(path)
    assert [g.board for g in pbn.games] == [3, 4]
    assert pbn.games[0].value("Event") == "Café"


def test_escaped_quotes_and_semicolons_inside_values_are_kept() -> None:
    game = parse_pbn('[Event "The \\"Cup\\"; final"] ; note\n').games[0]
    assert game.value("Event") == 'The "Cup"; final'
    assert game.comments == ("note",)


def test_a_bracket_inside_a_quoted_cell_is_not_a_malformed_tag() -> None:
    text = (
        '[Event "x"]\n[Board "1"]\n'
        '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\20L"]\n'
        ' 1 1 "Ann [Captain] Lee - Bob Ray"\n'
        '[Note "broken\n'
    )
    pbn = parse_pbn(text)
    names = pbn.games[0].tag("TotalScoreTable")
    assert names is not None and "Ann [Captain] Lee" in names.data[0]
    assert [line for line, _text in pbn.malformed] == [5]  # only the broken tag
