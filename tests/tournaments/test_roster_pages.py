"""The director's roster pages: the pairs named from the roster, a member list
checked then imported, two records merged, master points typed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring.interchange.exports import event_session, session_pbn, session_usebio
from tests.factories import CLUB, join, make_small_evening, pair, section_of
from tournaments.models import Club, Person, PersonMerge

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("director", password="pw")
    join(user, CLUB)
    client.force_login(user)
    return client


@pytest.fixture
def club(director: Client) -> Club:
    return Club.objects.get(name=CLUB)


def test_a_pair_named_from_the_roster_carries_member_numbers_into_the_files(
    director: Client, club: Club
) -> None:
    event = make_small_evening()
    section = section_of(event)
    ana = Person.objects.create(club=club, name="Ana Ruiz", national_id="E1001")
    target = pair(section, "2NS")
    url = reverse("tournaments:section_pairs", args=[section.pk])
    at = f"p{target.pk}"
    form = {f"{at}-first": "Ana Ruiz", f"{at}-first_person": ana.pk,
            f"{at}-second": "Bo Li", f"{at}-second_person": ""}  # fmt: skip
    assert director.post(url, form).status_code == 302
    first, second = target.players.all()
    assert (first.person, first.national_id) == (ana, "E1001")
    assert second.person is not None and second.person.name == "Bo Li"  # joined
    xml = session_usebio(event_session(event)).decode()
    assert "<NATIONAL_ID_NUMBER>E1001</NATIONAL_ID_NUMBER>" in xml
    pbn = session_pbn(event_session(event), solve=False).content
    assert b"E1001" in pbn
    page = director.get(url).content.decode()
    assert f'value="{ana.pk}"' in page  # the link stays chosen


def test_a_member_list_is_checked_then_imported_whole(
    director: Client, club: Club
) -> None:
    url = reverse("tournaments:people_import", args=[club.pk])
    good = b"Number,Name\n1,Ana Ruiz\n2,Bo Li\n"
    checked = director.post(
        url, {"check": "", "file": SimpleUploadedFile("m.csv", good)}
    )
    assert "adds 2 players" in checked.content.decode()
    assert not Person.objects.exists()
    bad = b"Number,Name\n1,Ana Ruiz\n2,\n"
    refused = director.post(
        url, {"import": "", "file": SimpleUploadedFile("m.csv", bad)}
    )
    assert "Line 3: no name" in refused.content.decode()
    assert not Person.objects.exists()
    done = director.post(url, {"import": "", "file": SimpleUploadedFile("m.csv", good)})
    assert done.status_code == 302
    assert sorted(Person.objects.values_list("name", flat=True)) == [
        "Ana Ruiz",
        "Bo Li",
    ]


def test_a_member_list_with_cr_line_endings_is_checked(
    director: Client, club: Club
) -> None:
    url = reverse("tournaments:people_import", args=[club.pk])
    mac = SimpleUploadedFile("m.csv", b"Number,Name\r1,Ana Ruiz\r2,Bo Li\r")
    checked = director.post(url, {"check": "", "file": mac})
    assert "adds 2 players" in checked.content.decode()


def test_the_roster_page_adds_finds_and_merges_players(
    director: Client, club: Club
) -> None:
    url = reverse("tournaments:person_list", args=[club.pk])
    director.post(url, {"name": "Ana Ruiz", "national_id": "1001"})
    director.post(url, {"name": "A. Ruiz"})
    duplicate = director.post(url, {"name": "Other", "national_id": "1001"})
    assert "already has this member number" in duplicate.content.decode()
    listed = director.get(url, {"q": "ruiz"}).content.decode()
    assert "Ana Ruiz" in listed and "A. Ruiz" in listed
    keep, gone = Person.objects.get(name="Ana Ruiz"), Person.objects.get(name="A. Ruiz")
    merge = reverse("tournaments:person_merge", args=[keep.pk])
    assert director.post(merge, {"other": gone.pk}).status_code == 302
    assert list(Person.objects.all()) == [keep]
    assert PersonMerge.objects.get().gone_name == "A. Ruiz"


def test_another_clubs_person_cannot_be_merged_in(director: Client, club: Club) -> None:
    keep = Person.objects.create(club=club, name="Ana Ruiz")
    theirs = Person.objects.create(club=Club.objects.create(name="B"), name="Ana")
    merge = reverse("tournaments:person_merge", args=[keep.pk])
    director.post(merge, {"other": theirs.pk})
    assert Person.objects.count() == 2 and not PersonMerge.objects.exists()


def test_the_master_points_page_awards_by_place_and_per_pair(
    director: Client, club: Club
) -> None:
    event = make_small_evening()
    section = section_of(event)
    url = reverse("tournaments:master_points", args=[event.sessions.get().pk])
    assert director.post(url, {"rule": "", "table": "6 4 3"}).status_code == 302
    assert pair(section, "2NS").master_points == 600
    first = pair(section, "1NS")
    awards = {f"pair-{p.pk}": "" for p in section.pairs.all()}
    awards |= {f"pair-{first.pk}": "1.25", "awards": ""}
    assert director.post(url, awards).status_code == 302
    assert (pair(section, "1NS").master_points, pair(section, "2NS").master_points) == (
        125,
        None,
    )
    refused = director.post(url, {"rule": "", "table": "six"})
    assert "Type numbers separated by spaces" in refused.content.decode()
