"""The organiser's page making a simultaneous (as ``new_event --simultaneous``):
in a club the user administers, its deal set dealt by the program (as ``deal``
deals a session) or imported from a hand-record file, all or nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring.formats.deal_files import read_deal_file
from scoring.formats.deals import normal_deal
from tests.factories import join
from tests.paths import FIXTURES
from tournaments.models import Club, Event, Simultaneous
from tournaments.setup.simultaneous import heat_add

pytestmark = pytest.mark.django_db

URL = reverse("scoring:simultaneous_new")
PBN = FIXTURES / "pbn_teams_imps_30tables.pbn"


def signed_in(role: str, club: str = "Org") -> Client:
    user = User.objects.create_user(f"{role}-{club}", password="pw")
    join(user, club, role)
    client = Client()
    client.force_login(user)
    return client


def form(**more: object) -> dict[str, object]:
    club = Club.objects.get(name="Org")
    return {"name": "Spring sims", "club": club.pk, "boards": "24",
            "release_at": "2026-12-01T22:00", "deals": "dealt", **more}  # fmt: skip


def test_dealt_by_the_program_every_heat_takes_the_sets_deals() -> None:
    client = signed_in("admin")
    response = client.post(URL, form(one_winner="on"))
    assert response.status_code == 302
    made = Simultaneous.objects.get()
    assert made.event.club and made.event.club.name == "Org"
    assert not made.event.two_winners and made.release_at is not None
    assert made.deal_set is not None and made.deal_set.source == "dealt"
    deals = made.deal_set.board_deals
    assert sorted(deals) == list(range(1, 25)) and len(set(deals.values())) == 24
    assert made.deal_set.seed and made.deal_set.commitment
    heat = heat_add(simultaneous=made, club="Alpha", tables=3)
    for board in heat.boards.all():
        assert normal_deal(board.deal) == normal_deal(deals[board.number])


def test_imported_from_a_file_its_deals_are_the_set() -> None:
    client = signed_in("admin")
    upload = SimpleUploadedFile(PBN.name, PBN.read_bytes())
    response = client.post(URL, form(deals="file", file=upload, boards="36"))
    assert response.status_code == 302, response.content.decode()[-2000:]
    made = Simultaneous.objects.get()
    assert made.deal_set is not None and made.deal_set.source == PBN.name
    assert made.deal_set.board_deals and not made.deal_set.seed


def test_a_file_with_boards_beyond_the_set_is_refused_and_nothing_made() -> None:
    client = signed_in("admin")
    upload = SimpleUploadedFile(PBN.name, PBN.read_bytes())
    response = client.post(URL, form(deals="file", file=upload, boards="2"))
    assert response.status_code == 400
    beyond = min(n for n in read_deal_file(PBN.read_bytes(), PBN.name) if n > 2)
    said = f"Board {beyond}: the simultaneous has 2 boards."
    assert said in response.content.decode()
    assert not Simultaneous.objects.exists() and not Event.objects.exists()


def test_a_clubs_director_may_not_organise_for_it() -> None:
    client = signed_in("director")
    response = client.post(URL, form())
    assert response.status_code == 400
    assert not Simultaneous.objects.exists()
