"""A member list goes into the roster whole or not at all: members already on
it are updated by their number."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Club, Person
from tournaments.roster.imports import members_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="Ocean BC")


def test_it_adds_new_members_and_updates_known_ones_by_number(club: Club) -> None:
    Person.objects.create(club=club, name="Ana Ruis", national_id="1001")
    Person.objects.create(club=club, name="Bo Li", national_id="1002")
    report = members_import(
        club=club,
        raw=b"Number,Name,Email\n1001,Ana Ruiz,ana@example.org\n1002,Bo Li,\n"
        b"1003,Cy Ng,\n",
    )
    assert (report.added, report.updated, report.unchanged) == (1, 1, 1)
    assert report.done
    ana = Person.objects.get(national_id="1001")
    assert (ana.name, ana.email) == ("Ana Ruiz", "ana@example.org")
    assert Person.objects.filter(club=club).count() == 3


def test_a_player_added_on_the_fly_gets_the_number_of_the_list(club: Club) -> None:
    added = Person.objects.create(club=club, name="Cy Ng")
    members_import(club=club, raw=b"Number,Name\n1003,Cy Ng\n")
    added.refresh_from_db()
    assert added.national_id == "1003"
    assert Person.objects.filter(club=club).count() == 1


def test_a_file_with_a_bad_row_writes_nothing(club: Club) -> None:
    Person.objects.create(club=club, name="Ana Ruis", national_id="1001")
    report = members_import(
        club=club, raw=b"Number,Name\n1001,Ana Ruiz\n1002,Bo Li\n1003,\n"
    )
    assert report.problems == [(4, "no name")]
    assert (report.added, report.updated) == (1, 1)  # what it would have done
    assert not report.done
    assert list(Person.objects.values_list("name", flat=True)) == ["Ana Ruis"]


def test_a_dry_run_counts_and_writes_nothing(club: Club) -> None:
    report = members_import(club=club, raw=b"Name\nAna\nBo\n", commit=False)
    assert (report.added, report.done) == (2, False)
    assert not Person.objects.exists()


def _federation_list(rows: int, bad: set[int]) -> bytes:
    lines = ["Member number;First name;Surname;Club;Email"]
    for n in range(1, rows + 1):
        name = ";" if n in bad else f"Player{n};Surname{n}"  # no name at all
        lines.append(f"{10000 + n};{name};Club {n % 40};p{n}@example.org")
    return "\n".join(lines).encode()


def test_a_2000_member_list_with_bad_rows_is_refused_whole_by_the_command(
    club: Club, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    file = tmp_path / "members.csv"
    file.write_bytes(_federation_list(2000, bad={17, 1500}))
    with pytest.raises(CommandError, match="2 rows refused: nothing imported"):
        call_command("import_members", "Ocean BC", str(file))
    assert "members.csv:18: no name" in capsys.readouterr().err
    assert not Person.objects.exists()

    file.write_bytes(_federation_list(2000, bad=set()))
    call_command("import_members", "Ocean BC", str(file))
    assert "2000 added, 0 updated, 0 unchanged" in capsys.readouterr().out
    assert Person.objects.filter(club=club).count() == 2000
    call_command("import_members", str(club.pk), str(file), "--dry-run")
    assert "0 added, 0 updated, 2000 unchanged" in capsys.readouterr().out


def test_the_command_imports_a_list_with_cr_line_endings(
    club: Club, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    file = tmp_path / "mac.csv"
    file.write_bytes(b"Number,Name\r1,Ana Ruiz\r2,Bo Li\r")
    call_command("import_members", "Ocean BC", str(file))
    assert "2 added" in capsys.readouterr().out
    assert Person.objects.filter(club=club).count() == 2
