"""A file whose figures are not ours is never taken silently: each line's points
and each pair's total, percentage and place are compared with our scoring; the
first disagreement refuses the file unless the director keeps it
(``--keep-file-points``); points within 0.05 of ours are the file's rounding,
reported in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management.base import CommandError

from scoring.models import ChangeLog
from tests.usebio import DATA, edited, import_command
from tournaments.models import Event

PHANTOM = DATA / "nz_scorer_howell_phantom.xml"
FIRST_LINE_POINTS = (
    "<NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>\n"
    "        <EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>\n"
    "      </TRAVELLER_LINE>\n"
    "      <TRAVELLER_LINE>\n"
    "        <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>"
)

pytestmark = pytest.mark.django_db


def first_line_written(tmp_path: Path, ns: str, ew: str) -> Path:
    changed = FIRST_LINE_POINTS.replace(">3.5<", f">{ns}<").replace(">0.5<", f">{ew}<")
    return edited(PHANTOM, tmp_path, (FIRST_LINE_POINTS, changed))


def test_an_altered_matchpoint_value_refuses_the_file(tmp_path: Path) -> None:
    path = first_line_written(tmp_path, "3.4", "0.5")
    with pytest.raises(CommandError) as refused:
        import_command(path)
    assert (
        "board 1, traveller line 1 (1 v 2): NS points 3.4 in the file, "
        "2.00, 3.50 by our scoring (1 figure(s) of the file differ from ours; "
        "--keep-file-points imports it all the same). Nothing was imported."
    ) in str(refused.value)
    assert not Event.objects.exists()


def test_the_director_may_keep_a_file_that_disagrees(tmp_path: Path) -> None:
    path = first_line_written(tmp_path, "3.4", "0.5")
    out, _event_id = import_command(path, "--keep-file-points")
    assert "--keep-file-points: imported with 1 figure(s) of the file" in out
    assert "  not ours: board 1, traveller line 1 (1 v 2): NS points 3.4" in out
    assert "(--keep-file-points), first: board 1" in ChangeLog.objects.get().description


def test_a_place_not_ours_refuses_the_file(tmp_path: Path) -> None:
    path = edited(PHANTOM, tmp_path, ("<PLACE>1</PLACE>", "<PLACE>3</PLACE>"))
    with pytest.raises(CommandError, match="place 3 in the file, 1 by our scoring"):
        import_command(path)


def test_a_total_not_ours_refuses_the_file(tmp_path: Path) -> None:
    path = edited(PHANTOM, tmp_path, ("<TOTAL_SCORE>75.00", "<TOTAL_SCORE>76.00"))
    with pytest.raises(CommandError, match="pair 5: total 76.00 in the file"):
        import_command(path)


def test_points_within_the_files_rounding_are_reported_once(tmp_path: Path) -> None:
    path = first_line_written(tmp_path, "3.45", "0.55")
    out, _event_id = import_command(path)
    assert (
        "points rounded by the file: 1 of 8 line(s) within 0.05 of ours "
        "(first: board 1, traveller line 1 (1 v 2))"
    ) in out
    assert "not ours" not in out


def test_a_file_that_agrees_says_nothing_of_it() -> None:
    out, _event_id = import_command(PHANTOM)
    assert "rounded by the file" not in out
    assert "not ours" not in out
