"""import_usebio FILE --into EVENT: a session scored elsewhere joins an event,
its pairs matched to the event's entries whatever their pair numbers."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.models import TravellerLine
from scoring.standings.combined import event_ranking
from tests.paths import FIXTURES
from tests.usebio import edited, import_command
from tournaments.models import Entry, Event, Pair, Player, Session

pytestmark = pytest.mark.django_db

MITCHELL = FIXTURES / "usebio_mp_mitchell_16pairs.xml"
BUTLER = FIXTURES / "usebio_butler_howell_8pairs.xml"

# Session 2 of the same players: 1NS and 2NS swap places (matched by member
# numbers); 1EW have no member numbers and their names in another case, with an
# accent (matched by names); 2EW are new players (a new entry).
SECOND = (
    ("PLAYER 001", "SWAP A"), ("9000001", "SWAP-ID-A"),
    ("PLAYER 005", "PLAYER 001"), ("9000005", "9000001"),
    ("SWAP A", "PLAYER 005"), ("SWAP-ID-A", "9000005"),
    ("PLAYER 002", "SWAP B"), ("9000002", "SWAP-ID-B"),
    ("PLAYER 006", "PLAYER 002"), ("9000006", "9000002"),
    ("SWAP B", "PLAYER 006"), ("SWAP-ID-B", "9000006"),
    ("<NATIONAL_ID_NUMBER>9000003<", "<NATIONAL_ID_NUMBER><"),
    ("<NATIONAL_ID_NUMBER>9000004<", "<NATIONAL_ID_NUMBER><"),
    ("PLAYER 003", "Plàyer  003"), ("PLAYER 004", "player 004"),
    ("PLAYER 007", "NEW ONE"), ("9000007", "8000001"),
    ("PLAYER 008", "NEW TWO"), ("9000008", "8000002"),
)  # fmt: skip


def into(path: Path, event_id: int) -> str:
    out = StringIO()
    call_command("import_usebio", str(path), "--into", str(event_id), stdout=out)
    return out.getvalue()


def entry_at(event_id: int, session: int, label: str) -> int | None:
    pair = Pair.objects.get(
        section__session__event_id=event_id,
        section__session__number=session,
        label=label,
    )
    return pair.entry.number if pair.entry else None


def counts() -> tuple[int, ...]:
    models = (Session, Pair, Player, Entry, TravellerLine)
    return tuple(m.objects.count() for m in models)


def test_pairs_join_their_entries_by_member_number_or_name(tmp_path: Path) -> None:
    _out, event_id = import_command(MITCHELL)
    said = into(edited(MITCHELL, tmp_path, *SECOND), event_id)
    assert Session.objects.filter(event_id=event_id).count() == 2
    # entries numbered in session 1's order: 1NS-8NS are 1-8, 1EW-8EW are 9-16
    assert entry_at(event_id, 2, "2NS") == 1  # by member numbers
    assert entry_at(event_id, 2, "1NS") == 2
    assert entry_at(event_id, 2, "1EW") == 9  # by names
    assert entry_at(event_id, 2, "2EW") == 17  # new players: a new entry
    assert "matched by member numbers: 14 pairs" in said
    assert "matched by names: 1EW → Entry 9" in said
    assert "no entry matched, new entry: 2EW NEW ONE – NEW TWO: entry 17" in said
    assert said.strip().splitlines()[-1].startswith(f"event {event_id} session ")
    rows = event_ranking(Event.objects.get(pk=event_id))
    played = {r.number: [s.session for s in r.sessions] for r in rows}
    assert len(rows) == 17
    assert played[1] == [1, 2] and played[10] == [1] and played[17] == [2]


def test_a_file_of_another_scoring_is_refused_and_changes_nothing() -> None:
    _out, event_id = import_command(MITCHELL)
    before = counts()
    with pytest.raises(CommandError, match="Butler.*Nothing was imported"):
        into(BUTLER, event_id)
    assert counts() == before


def test_a_broken_file_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    _out, event_id = import_command(MITCHELL)
    before = counts()
    broken = edited(
        MITCHELL, tmp_path, ("<CONTRACT>3NT</CONTRACT>", "<CONTRACT>9Z</CONTRACT>")
    )
    with pytest.raises(CommandError, match="Nothing was imported"):
        into(broken, event_id)
    assert counts() == before


def test_there_must_be_such_an_event() -> None:
    with pytest.raises(CommandError, match="there is no event 999"):
        into(MITCHELL, 999)


def test_a_team_file_is_refused_naming_why(tmp_path: Path) -> None:
    _out, event_id = import_command(MITCHELL)
    before = counts()
    teams = tmp_path / "teams.xml"
    teams.write_text(
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"></EVENT></USEBIO>'
    )
    with pytest.raises(
        CommandError,
        match=rf"a team event's, and a team event's session cannot be added to "
        rf"event {event_id} \(a pairs event\). Nothing was imported",
    ):
        into(teams, event_id)
    assert counts() == before


def test_an_individual_event_takes_no_pairs_session() -> None:
    event = Event.objects.create(name="Individual", individual=True)
    with pytest.raises(CommandError, match=rf"event {event.pk} is an individual"):
        into(MITCHELL, event.pk)
    assert not Session.objects.exists()


def test_a_session_of_another_winner_type_is_refused(tmp_path: Path) -> None:
    _out, event_id = import_command(MITCHELL)
    before = counts()
    one_winner = edited(MITCHELL, tmp_path, ("<WINNER_TYPE>2<", "<WINNER_TYPE>1<"))
    with pytest.raises(
        CommandError,
        match=rf"the file's session has one winner\(s\) \(WINNER_TYPE 1\), event "
        rf"{event_id} two",
    ):
        into(one_winner, event_id)
    assert counts() == before


def test_figures_the_event_does_not_give_are_refused_unless_kept(
    tmp_path: Path,
) -> None:
    _out, event_id = import_command(MITCHELL)
    before = counts()
    altered = edited(MITCHELL, tmp_path, *SECOND, (">65.96<", ">66.96<"))
    with pytest.raises(
        CommandError,
        match=r"pair 1NS: total 66.96 in the file, 65.96 by our scoring \(1 "
        r"figure\(s\) of the file differ from ours; --keep-file-points",
    ):
        into(altered, event_id)
    assert counts() == before
    out = StringIO()
    call_command(
        "import_usebio", str(altered), "--into", str(event_id),
        "--keep-file-points", stdout=out,
    )  # fmt: skip
    said = out.getvalue()
    assert "--keep-file-points: added with 1 figure(s) of the file" in said
    assert "  not ours: pair 1NS: total 66.96 in the file, 65.96 by our" in said
    assert Session.objects.filter(event_id=event_id).count() == 2
