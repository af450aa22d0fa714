"""A USEBIO team file goes through the same check as a pairs file: each room's
IMPs, each match's VPs and each team's total as written must be ours, else the
file is refused naming the first difference, unless kept with
--keep-file-points (then reported as such)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import CommandError

from scoring.models import TravellerLine
from tests.scoring.exports.realbridge import realbridge_event
from tests.scoring.interchange.test_round_trips import usebio_of
from tests.usebio import import_command
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_file(tmp_path: Path) -> Path:
    """Our export of the RealBridge teams night, its event then deleted."""
    event = realbridge_event()
    path = usebio_of(event, tmp_path)
    event.delete()
    return path


def altered(path: Path, pattern: str, new: str) -> Path:
    """The file with the first match of ``pattern`` made ``new``."""
    text, count = re.subn(pattern, new, path.read_text(encoding="utf-8"), count=1)
    assert count == 1, pattern
    out = path.with_name(f"altered_{path.name}")
    out.write_text(text, encoding="utf-8")
    return out


def test_our_team_file_agrees_with_our_scoring(team_file: Path) -> None:
    out, event_id = import_command(team_file)
    assert "not ours" not in out
    assert Event.objects.get(pk=event_id).is_teams


def test_a_match_score_not_ours_is_refused_naming_the_match(team_file: Path) -> None:
    wrong = altered(team_file, r"<TEAM_SCORE>[0-9.]+<", "<TEAM_SCORE>0.50<")
    with pytest.raises(
        CommandError,
        match=r"match \d+ \(\d+ v \d+\): team \d+'s score 0.50 in the file, "
        r"[0-9.]+ by our scoring \(\d+ figure\(s\) of the file differ from ours; "
        r"--keep-file-points imports it all the same\). Nothing was imported",
    ):
        import_command(wrong)
    assert not Event.objects.exists() and not TravellerLine.objects.exists()


def test_a_rooms_imps_not_ours_are_refused_unless_kept(team_file: Path) -> None:
    wrong = altered(team_file, r"<NS_IMPS>[0-9-]+<", "<NS_IMPS>17<")
    with pytest.raises(CommandError, match=r"match \d+ .*board \d+, traveller line 1"):
        import_command(wrong)
    assert not Event.objects.exists()
    out, _event_id = import_command(wrong, "--keep-file-points")
    assert "--keep-file-points: imported with 1 figure(s) of the file" in out
    assert re.search(r"  not ours: match \d+ .*: NS points 17 in the file", out)


def test_a_team_total_not_ours_is_refused(team_file: Path) -> None:
    wrong = altered(
        team_file, r"(<TEAM TEAM_ID=\"\d+\"[^>]*>\s*<TOTAL_SCORE>)[0-9.]+<",
        r"\g<1>999.00<",
    )  # fmt: skip
    with pytest.raises(CommandError, match=r"team \d+: total 999.00 in the file"):
        import_command(wrong)
