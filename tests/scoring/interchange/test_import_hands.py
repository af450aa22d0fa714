"""import_hands: a hand-record file's deals on a session's boards, all or none."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.formats.hand_records import read_hands_path
from scoring.models import ChangeLog
from tests.factories import make_event
from tests.paths import FIXTURES, ROOT
from tournaments.models import Event

pytestmark = pytest.mark.django_db

DATA = ROOT / "tests" / "data" / "pbn"
DEALER = DATA / "hands_dealer.pbn"
MACHINE = DATA / "hands_rotated_latin1.pbn"
SECOND_SET = DATA / "hands_second_set.pbn"
TEAMS = FIXTURES / "pbn_teams_imps_30tables.pbn"


def run(*args: object) -> list[str]:
    out = StringIO()
    call_command("import_hands", *map(str, args), stdout=out)
    return out.getvalue().splitlines()


def deals(event: Event) -> dict[int, str]:
    return dict(event.sessions.get().boards.values_list("number", "deal"))


@pytest.fixture
def four_boards() -> Event:
    """A 4-table Mitchell playing one board a round: boards 1 to 4."""
    return make_event(tables=4, boards_per_round=1)


def test_a_dealing_programs_file_gives_every_board_its_deal(four_boards: Event) -> None:
    out = run(four_boards.pk, DEALER)
    expected = {n: h.deal for n, h in read_hands_path(DEALER).items()}
    assert deals(four_boards) == expected
    assert out == ["deals attached to boards: 1–4"]
    logged = ChangeLog.objects.get(action="hands")
    assert logged.description == (
        "session 1: deals of boards 1–4 from hands_dealer.pbn"
    )


def test_the_same_deals_from_a_machine_change_nothing(four_boards: Event) -> None:
    run(four_boards.pk, DEALER)
    before = deals(four_boards)
    out = run(four_boards.pk, MACHINE, "--session", 1)
    assert out == ["boards that already had these deals: 1–4"]
    assert deals(four_boards) == before
    assert ChangeLog.objects.filter(action="hands").count() == 1


def test_the_teams_fixture_deals_boards_11_to_20() -> None:
    event = make_event(tables=10, boards_per_round=2)
    out = run(event.pk, TEAMS)
    assert out == [
        "deals attached to boards: 11–20",
        "boards of session 1 missing from the file: 1–10",
    ]
    stored = deals(event)
    assert stored[11] == (
        "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
    )
    assert all(stored[n] == "" for n in range(1, 11))


def test_boards_missing_on_either_side_are_reported(four_boards: Event) -> None:
    event = make_event(tables=3)  # boards 1 to 9
    out = run(event.pk, SECOND_SET)
    assert out == [
        "deals attached to boards: 1–4",
        "boards in the file but not in session 1: 30",
        "boards of session 1 missing from the file: 5–9",
    ]


def test_other_deals_are_replaced_only_with_replace_and_logged(
    four_boards: Event,
) -> None:
    run(four_boards.pk, DEALER)
    before = deals(four_boards)
    with pytest.raises(CommandError, match="Boards 1–4 already have another deal"):
        run(four_boards.pk, SECOND_SET)
    assert deals(four_boards) == before
    assert ChangeLog.objects.filter(action="hands").count() == 1
    out = run(four_boards.pk, SECOND_SET, "--replace")
    assert out == [
        "deals replaced on boards: 1–4",
        "boards in the file but not in session 1: 30",
    ]
    second = read_hands_path(SECOND_SET)
    assert deals(four_boards) == {n: second[n].deal for n in range(1, 5)}
    replaced = ChangeLog.objects.filter(action="hands").first()
    assert replaced is not None
    assert replaced.description == (
        "session 1: deals of boards 1–4 from hands_second_set.pbn; "
        "replaced the deals of boards 1–4"
    )


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DEALER.read_bytes().decode("utf-8")
    assert old in text
    path = tmp_path / "broken.pbn"
    path.write_bytes(text.replace(old, new, 1).encode("utf-8"))
    return path


BOARD_3 = "N:J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4 AT6.Q4.T632.K873"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (BOARD_3, BOARD_3.replace("K873", "K87"), "board 3 (line 53): the hand of W"),
        (
            BOARD_3,
            BOARD_3.replace("AT6", "AT5"),
            "board 3 (line 53): ♠5 is dealt twice (S and W)",
        ),
        ('[Board "3"]', '[Event "#"]', "line 53: a deal without a board number"),
        ('[Board "3"]', "[Board 3]", "line 46: [Board 3] is not a tag pair"),
        ('[Board "3"]', '[Board "1"]', "board 1 is dealt twice, differently"),
    ],
)
def test_a_bad_file_is_refused_naming_the_line_and_nothing_changes(
    four_boards: Event, tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(CommandError, match=re.escape(message)) as refused:
        run(four_boards.pk, broken(tmp_path, old, new))
    assert "Nothing was changed" in str(refused.value)
    assert set(deals(four_boards).values()) == {""}
    assert not ChangeLog.objects.filter(action="hands").exists()


def test_an_unknown_event_or_session_is_an_error(four_boards: Event) -> None:
    with pytest.raises(CommandError, match="there is no event 999"):
        run(999, DEALER)
    with pytest.raises(CommandError, match="has no session 2"):
        run(four_boards.pk, DEALER, "--session", 2)
    with pytest.raises(CommandError, match="missing.pbn"):
        run(four_boards.pk, DATA / "missing.pbn")


def test_a_session_without_boards_is_refused(four_boards: Event) -> None:
    four_boards.sessions.get().boards.all().delete()
    with pytest.raises(CommandError, match="has no boards yet"):
        run(four_boards.pk, DEALER)
