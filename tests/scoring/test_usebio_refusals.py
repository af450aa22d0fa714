"""A file bent out of each shape the importer tolerates is refused with a message
naming the place at fault, and nothing is saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.models import AssignedScore, ChangeLog, TravellerLine
from tests.usebio import DATA
from tests.usebio import edited as edited_copy
from tournaments.models import Club, Event, Pair

PHANTOM = DATA / "nz_scorer_howell_phantom.xml"
NOT_PLAYED = DATA / "nz_scorer_not_played.xml"
WRITTEN = DATA / "compscore_written_score.xml"
UNROUNDED = DATA / "compscore_unrounded_neuberg.xml"
FIRST_POINTS = "<NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>"
FIRST_SCORE = "<SCORE>420</SCORE>"  # board 1, line 1 of WRITTEN: the kept score

pytestmark = pytest.mark.django_db

Case = tuple[Path, list[tuple[str, str]], list[str], str]
CASES: dict[str, Case] = {
    "a PAIRS event scored another way": (
        PHANTOM,
        [("<WINNER_TYPE>", "<BOARD_SCORING_METHOD>AGGREGATE</BOARD_SCORING_METHOD>"
          "<WINNER_TYPE>")],
        [],
        "EVENT_TYPE PAIRS with BOARD_SCORING_METHOD 'AGGREGATE' is not supported",
    ),
    "a PAIRS event without points": (
        PHANTOM,
        [("NS_MATCH_POINTS", "NS_TOTAL"), ("EW_MATCH_POINTS", "EW_TOTAL")],
        [],
        "no traveller line carries matchpoints, Butler or cross-IMP points",
    ),
    "a PAIRS event mixing points": (
        PHANTOM,
        [("<SCORE>420</SCORE>\n        <NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>\n"
          "        <EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>",
          "<SCORE>420</SCORE><NS_BUTLER_POINTS>6</NS_BUTLER_POINTS>"
          "<EW_BUTLER_POINTS>-6</EW_BUTLER_POINTS>")],
        [],
        r"mix kinds of points \(NS_BUTLER_POINTS on board 1, traveller line 1 "
        r"\(1 v 2\); NS_MATCH_POINTS on board 1, traveller line 2 \(3 v 4\)\)",
    ),
    "points that are no number": (
        PHANTOM,
        [(FIRST_POINTS, "<NS_MATCH_POINTS>3,5</NS_MATCH_POINTS>")],
        [],
        r"board 1, traveller line 1 \(1 v 2\): NS_MATCH_POINTS '3,5' is not a number",
    ),
    "tops that disagree": (
        PHANTOM,
        [("<SCORE>90</SCORE>\n        <NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>\n"
          "        <EW_MATCH_POINTS>3.5",
          "<SCORE>90</SCORE>\n        <NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>\n"
          "        <EW_MATCH_POINTS>5.5"),
         ("<SCORE>120</SCORE>\n        <NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>\n"
          "        <EW_MATCH_POINTS>0.5",
          "<SCORE>120</SCORE>\n        <NS_MATCH_POINTS>5.5</NS_MATCH_POINTS>\n"
          "        <EW_MATCH_POINTS>0.5")],
        [],
        r"section A: the boards' matchpoints disagree on the number of results "
        r"expected \(board 1 a top for 3 results, board 4 a top for 4 results\)",
    ),
    "tops beyond the pairs": (
        PHANTOM,
        [(">3.5<", ">13.5<"), (">0.5<", ">6.5<"), (">2<", ">10<")],
        [],
        "board 1: its matchpoints add up to a top of 20, for 11 results, but "
        "section A has 5 pairs",
    ),
    "a board not played with a score": (
        NOT_PLAYED,
        [("<TRICKS>0</TRICKS>\n        <SCORE>0</SCORE>",
          "<TRICKS>0</TRICKS>\n        <SCORE>420</SCORE>")],
        [],
        r"board 2, traveller line 3 \(3 NS v 1 EW\): CONTRACT NP \(not played\) "
        "with SCORE 420",
    ),
    "a written score not asked for": (
        WRITTEN,
        [],
        [],
        r"board 1, traveller line 1 \(1NS v 1EW\): the file says 420, but 4H by W "
        r"taking 10 tricks scores -420 for NS .* import with --keep-written-scores",
    ),
    "a written score that is no bridge score": (
        WRITTEN,
        [(FIRST_SCORE, "<SCORE>425</SCORE>")],
        ["--keep-written-scores"],
        r"board 1, traveller line 1 \(1NS v 1EW\): SCORE 425 is not a bridge score",
    ),
    "a written score that is no score": (
        WRITTEN,
        [(FIRST_SCORE, "<SCORE>Adj</SCORE>")],
        ["--keep-written-scores"],
        r"board 1, traveller line 1 \(1NS v 1EW\): SCORE 'Adj' is neither a score "
        "nor an artificial code",
    ),
    "a total that is no number": (
        UNROUNDED,
        [("<TOTAL_SCORE>11.67</TOTAL_SCORE>", "<TOTAL_SCORE>11.6x</TOTAL_SCORE>")],
        [],
        "PARTICIPANTS, pair 2NS: TOTAL_SCORE '11.6x' is not a number",
    ),
    "a line's pair not in the pair list": (
        PHANTOM,
        [("<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>\n        <EW_PAIR_NUMBER>2<",
          "<NS_PAIR_NUMBER>9</NS_PAIR_NUMBER>\n        <EW_PAIR_NUMBER>2<")],
        [],
        r"board 1, traveller line 1 \(9 v 2\): pair 9 is not in the file's list of "
        r"pairs \(PARTICIPANTS\)",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_bent_file_is_refused_naming_the_place_and_nothing_is_saved(
    tmp_path: Path, case: Case
) -> None:
    source, changes, options, message = case
    path = edited_copy(source, tmp_path, *changes)
    with pytest.raises(CommandError, match=message) as refused:
        call_command("import_usebio", str(path), *options)
    assert "Nothing was imported" in str(refused.value)
    for model in (Club, Event, Pair, TravellerLine, AssignedScore, ChangeLog):
        assert not model.objects.exists(), model.__name__


def test_an_event_type_nobody_can_score_is_refused(tmp_path: Path) -> None:
    path = edited_copy(
        NOT_PLAYED, tmp_path, ('EVENT_TYPE="PAIRS"', 'EVENT_TYPE="INDIVIDUAL"')
    )
    with pytest.raises(CommandError, match="EVENT_TYPE 'INDIVIDUAL' is not supported"):
        call_command("import_usebio", str(path))
    assert not Event.objects.exists()
