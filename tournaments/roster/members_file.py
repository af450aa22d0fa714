"""A federation's member list as CSV: the header tells which column is which
(in the variants federations and club programs write), each row becomes a
member or a problem naming its line."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

__all__ = ["Member", "MembersFile", "file_text", "read_members"]

# Header cells, lower case with accents, spaces and punctuation taken out.
HEADERS = {
    "name": {"name", "fullname", "playername", "membername", "player", "nombre",
             "nombrecompleto", "nome", "nomecompleto", "jugador", "giocatore"},
    "first": {"firstname", "first", "forename", "forenames", "givenname",
              "christianname", "nombre", "nombres", "nome"},
    "last": {"lastname", "last", "surname", "familyname", "apellido",
             "apellidos", "cognome"},
    "national_id": {"membernumber", "memberno", "membernr", "member", "memberid",
                    "number", "no", "nationalid", "nationalidnumber", "id",
                    "idnumber", "ebunumber", "ebuno", "acblnumber", "acblno",
                    "federationnumber", "licence", "license", "licencia",
                    "licensenumber", "licencenumber", "numero", "nsocio", "socio",
                    "nosocio", "numsocio", "numerosocio", "numerodesocio", "tessera",
                    "numerotessera", "matricola", "membershipnumber", "membershipno"},
    "home_club": {"club", "homeclub", "clubname", "circolo", "societa",
                  "associazione"},
    "email": {"email", "emailaddress", "mail", "correo", "correoelectronico",
              "posta", "postaelettronica"},
}  # fmt: skip
MAX_LENGTH = {"name": 120, "national_id": 30, "home_club": 120, "email": 254}


@dataclass(frozen=True)
class Member:
    line: int
    name: str
    national_id: str = ""
    home_club: str = ""
    email: str = ""


@dataclass
class MembersFile:
    members: list[Member] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)  # (line, why)
    numbered: bool = False  # the file has a member-number column


def _key(cell: str) -> str:
    plain = unicodedata.normalize("NFKD", cell).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", plain.lower())


def _columns(header: list[str]) -> dict[str, int]:
    """Which column holds what: a full name, or a first name beside a surname
    ("Name" and "Nombre" beside "Surname" and "Apellidos" are first names)."""
    keys = [_key(cell) for cell in header]

    def column(*kinds: str) -> int | None:
        wanted = set().union(*(HEADERS[k] for k in kinds))
        return next((i for i, key in enumerate(keys) if key in wanted), None)

    found = {
        what: at
        for what in ("national_id", "home_club", "email", "last")
        if (at := column(what)) is not None
    }
    if "last" in found:
        first = column("first")
        first = column("name") if first is None else first
        if first is not None:
            found["first"] = first
    elif (at := column("name")) is not None:
        found["name"] = at
    return found


def file_text(raw: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    try:
        return csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        return csv.excel


def read_members(raw: bytes) -> MembersFile:
    """Every member of the file, or the lines it cannot read and why."""
    text = file_text(raw)
    # newline="": lines end in CR LF, LF or a bare CR (Excel for Mac's CSV).
    rows = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    read = MembersFile()
    try:
        _rows(read, rows)
    except csv.Error as error:  # a cell past csv's field limit, a stray quote
        why = _("the line cannot be read as CSV: %(error)s") % {"error": error}
        read.problems.append((rows.line_num, why))
    read.problems.sort()
    return read


def _rows(read: MembersFile, rows: Any) -> None:
    header = next(rows, None)
    columns = _columns(header or [])
    if "name" not in columns and "last" not in columns:
        read.problems.append((1, _("The first line names no name column.")))
        return
    read.numbered = "national_id" in columns
    line = rows.line_num + 1
    for row in rows:
        if any(cell.strip() for cell in row):
            _row(read, line, row, columns)
        line = rows.line_num + 1  # a quoted cell may span lines
    _no_number_twice(read)


def _cell(row: list[str], columns: dict[str, int], what: str) -> str:
    at = columns.get(what)
    return row[at].strip() if at is not None and at < len(row) else ""


def _row(read: MembersFile, line: int, row: list[str], columns: dict[str, int]) -> None:
    name = _cell(row, columns, "name")
    if not name:
        name = " ".join(
            filter(None, (_cell(row, columns, "first"), _cell(row, columns, "last")))
        )
    values = {
        "name": name,
        "national_id": _cell(row, columns, "national_id"),
        "home_club": _cell(row, columns, "home_club"),
        "email": _cell(row, columns, "email"),
    }
    why = _refusal(values, read.numbered)
    if why:
        read.problems.append((line, why))
    else:
        read.members.append(Member(line, **values))


def _refusal(values: dict[str, str], numbered: bool) -> str:
    if not values["name"]:
        return _("no name")
    if numbered and not values["national_id"]:
        return _("no member number")
    for what, most in MAX_LENGTH.items():
        if len(values[what]) > most:
            return _("%(column)s longer than %(most)s characters") % {
                "column": what,
                "most": most,
            }
    if values["email"]:
        try:
            validate_email(values["email"])
        except ValidationError:
            return _("not an e-mail address: %(email)s") % {"email": values["email"]}
    return ""


def _no_number_twice(read: MembersFile) -> None:
    first: dict[str, int] = {}
    for member in read.members:
        if member.national_id in first:
            read.problems.append(
                (
                    member.line,
                    _("member number %(number)s already on line %(line)s")
                    % {"number": member.national_id, "line": first[member.national_id]},
                )
            )
        elif member.national_id:
            first[member.national_id] = member.line
