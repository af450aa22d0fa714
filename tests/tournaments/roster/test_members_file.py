"""A federation's member list is read by its header, in the variants in use,
and every row it cannot read is named by its line."""

from __future__ import annotations

import pytest

from tournaments.roster.members_file import read_members


def test_it_reads_name_number_club_and_email_columns() -> None:
    read = read_members(
        b"Member number,Name,Club,E-mail\n"
        b"1001,Ana Ruiz,Ocean BC,ana@example.org\n"
        b"1002,Bo Li,,\n"
    )
    assert read.problems == []
    assert read.numbered
    ana, bo = read.members
    assert (ana.line, ana.national_id, ana.name) == (2, "1001", "Ana Ruiz")
    assert (ana.home_club, ana.email) == ("Ocean BC", "ana@example.org")
    assert (bo.line, bo.name, bo.home_club) == (3, "Bo Li", "")


@pytest.mark.parametrize(
    "header",
    [
        "First name;Surname;EBU number",
        "Nombre;Apellidos;Nº socio",
        "Nome;Cognome;Tessera",
        "forename;LAST NAME;Licence",
    ],
)
def test_it_joins_a_first_name_and_a_surname(header: str) -> None:
    read = read_members(f"{header}\nAna;Ruiz;1001\n".encode())
    assert read.problems == []
    assert [(m.name, m.national_id) for m in read.members] == [("Ana Ruiz", "1001")]


def test_it_reads_a_windows_file_with_accents_and_a_byte_order_mark() -> None:
    utf8 = read_members("\ufeffName,Number\nÑandú Peña,7\n".encode())
    latin = read_members("Name,Number\nÑandú Peña,7\n".encode("cp1252"))
    assert utf8.members[0].name == latin.members[0].name == "Ñandú Peña"


def test_it_names_each_line_it_cannot_read() -> None:
    read = read_members(
        b"Name,Member number,Email\n"
        b"Ana Ruiz,1001,ana@example.org\n"
        b",1002,\n"
        b"\n"
        b"Bo Li,,\n"
        b"Cy Ng,1004,not-an-address\n"
        b"Di Wu,1001,\n"
    )
    assert [line for line, _why in read.problems] == [3, 5, 6, 7]
    whys = dict(read.problems)
    assert whys[3] == "no name"
    assert whys[5] == "no member number"
    assert "not-an-address" in whys[6]
    assert whys[7] == "member number 1001 already on line 2"


def test_a_file_without_a_name_column_is_refused_at_its_first_line() -> None:
    read = read_members(b"Number,Club\n1001,Ocean\n")
    assert read.members == []
    assert read.problems == [(1, "The first line names no name column.")]


def test_a_line_number_counts_the_lines_of_a_quoted_cell() -> None:
    read = read_members(b'Name,Club\n"Ana Ruiz","Ocean\nBridge"\n,Ocean\n')
    assert read.members[0].home_club == "Ocean\nBridge"
    assert read.problems == [(4, "no name")]


def test_it_reads_a_file_with_cr_line_endings() -> None:
    """Excel for Mac's CSV ends each line with a bare CR."""
    read = read_members(b"Number,Name\r1001,Ana Ruiz\r1002,Bo Li\r")
    assert not read.problems
    assert [(m.line, m.name) for m in read.members] == [(2, "Ana Ruiz"), (3, "Bo Li")]


def test_a_cell_past_the_csv_field_limit_is_a_problem_of_its_line() -> None:
    read = read_members(b'Number,Name\n1,Ana\n2,"' + b"x" * 200_000 + b'"\n')
    assert [line for line, _why in read.problems] == [3]
    assert "cannot be read as CSV" in read.problems[0][1]
