"""Many players' e-mail addresses at once (issue 29): lines "name, e-mail" or
"member number, e-mail" pasted, or a CSV chosen once; a line at fault is named
and nothing is written."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.factories import CLUB, join, make_event
from tournaments.models import Club, Person
from tournaments.roster.addresses import addresses_file, addresses_read, addresses_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    club = Club.objects.create(name=CLUB)
    Person.objects.create(club=club, name="Ana López", national_id="1001")
    Person.objects.create(club=club, name="Bruno Sala", national_id="1002")
    Person.objects.create(club=club, name="Carla Ruiz")
    return club


def _emails(club: Club) -> dict[str, str]:
    return dict(Person.objects.filter(club=club).values_list("name", "email"))


def test_names_and_member_numbers_set_every_address_at_once(club: Club) -> None:
    text = (
        "ana lopez, ana@example.org\n\n1002; bruno@example.org\nRuiz, Carla\tc@x.es\n"
    )
    with pytest.raises(ValidationError, match="Line 4: Ruiz, Carla is not on"):
        addresses_set(club=club, addresses=addresses_read(text))
    assert set(_emails(club).values()) == {""}  # nothing written
    text = text.replace("Ruiz, Carla", "Carla Ruiz")
    assert addresses_set(club=club, addresses=addresses_read(text)) == 3
    assert _emails(club) == {
        "Ana López": "ana@example.org",
        "Bruno Sala": "bruno@example.org",
        "Carla Ruiz": "c@x.es",
    }


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ana López ana@example.org", "Line 1: write"),
        ("1001, not-an-address", "Line 1: not an e-mail address: not-an-address"),
        ("1001, a@b.es\nAna Lopez, c@d.es", "Line 2: Ana Lopez already on line 1"),
        ("1001, a@b.es\n, c@d.es", "Line 2: write"),
        ("", "No line to read."),
    ],
)
def test_a_line_at_fault_is_named_and_nothing_written(
    club: Club, text: str, said: str
) -> None:
    with pytest.raises(ValidationError, match=said):
        addresses_set(club=club, addresses=addresses_read(text))
    assert set(_emails(club).values()) == {""}


def test_a_name_twice_on_the_roster_asks_for_the_member_number(club: Club) -> None:
    Person.objects.create(club=club, name="Carla  RUIZ", national_id="1003")
    with pytest.raises(ValidationError, match="twice: use the member number"):
        addresses_set(club=club, addresses=addresses_read("Carla Ruiz, c@x.es"))
    assert addresses_set(club=club, addresses=addresses_read("1003, c@x.es")) == 1


def test_a_members_file_with_a_header_or_plain_lines() -> None:
    raw = "Member number;Name;Email\n1001;Ana López;ana@example.org\n".encode()
    assert [(a.line, a.who, a.email) for a in addresses_file(raw)] == [
        (2, "1001", "ana@example.org")
    ]
    plain = "Ana López, ana@example.org\n".encode("cp1252")
    assert [a.who for a in addresses_file(plain)] == ["Ana López"]
    with pytest.raises(ValidationError, match="Line 2: not an e-mail address"):
        addresses_file(b"Name,E-mail\nAna,nowhere\n")


def test_a_file_row_without_address_is_refused_and_a_new_number_found_by_name(
    club: Club,
) -> None:
    raw = "Number,Name,Email\n1001,Ana López,a@b.es\n1002,Bruno Sala,\n".encode()
    with pytest.raises(ValidationError, match="Line 3: no e-mail address."):
        addresses_set(club=club, addresses=addresses_file(raw))
    raw = b"Number,Name,Email\n9999,Carla Ruiz,c@b.es\n"
    assert addresses_set(club=club, addresses=addresses_file(raw)) == 1
    assert _emails(club)["Carla Ruiz"] == "c@b.es"
    raw = b"Number,Name,Email\n9998,Bruno Sala,b@b.es\n"  # his number is 1002
    with pytest.raises(ValidationError, match="Line 2: 9998 is not on the roster."):
        addresses_set(club=club, addresses=addresses_file(raw))


def test_the_players_page_sets_addresses_from_pasted_lines_or_a_file(
    client: Client, club: Club
) -> None:
    user = User.objects.create_user("director", password="pw")
    join(user, CLUB)
    client.force_login(user)
    url = reverse("tournaments:people_addresses", args=[club.pk])
    players = reverse("tournaments:person_list", args=[club.pk])
    assert url in client.get(players).content.decode()
    page = client.post(url, {"lines": "1001, a@b.es\nNobody, n@b.es"})
    assert "Line 2: Nobody is not on the roster." in page.content.decode()
    assert set(_emails(club).values()) == {""}
    page = client.post(url, {"lines": "1001, a@b.es\n<script>x</script>, n@b.es"})
    assert (
        "&lt;script&gt;x&lt;/script&gt; is not on the roster" in page.content.decode()
    )
    upload = SimpleUploadedFile("a.csv", b"1001, a@b.es\n1002, b@b.es\n")
    page = client.post(url, {"file": upload}, follow=True)
    assert "E-mail addresses set for 2 players." in page.content.decode()
    assert _emails(club)["Bruno Sala"] == "b@b.es"


def test_the_finish_page_leads_to_the_addresses(client: Client) -> None:
    user = User.objects.create_user("director", password="pw")
    join(user, CLUB)
    client.force_login(user)
    session = make_event(club=CLUB).sessions.get()
    page = client.get(reverse("tournaments:session_finish", args=[session.pk]))
    club = Club.objects.get(name=CLUB)
    url = reverse("tournaments:people_addresses", args=[club.pk])
    assert f'href="{url}"' in page.content.decode()
