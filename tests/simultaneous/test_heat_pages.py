"""The simultaneous' pages behind the login: the organiser's heats (each with
where it stands) and a heat added by the same service as ``new_event --heat``;
a heat's director's upload of its USEBIO (a deal not the set's refused, naming
the board, nothing written) and the overall so far, of their own club's pairs
until the release."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import DEAL_1, join
from tests.simultaneous.test_heat_upload import FILE
from tests.simultaneous.test_overall import sims  # noqa: F401  (the fixture)
from tournaments.models import DealSet, Event, Heat, Simultaneous
from tournaments.setup.simultaneous import heat_add

pytestmark = pytest.mark.django_db


def signed_in(club: str, role: str) -> Client:
    user = User.objects.create_user(f"{role}-{club}", password="pw")
    join(user, club, role)
    client = Client()
    client.force_login(user)
    return client


def organised(made: Simultaneous, club: str = "Org") -> Client:
    Event.objects.filter(pk=made.event_id).update(
        club=join(User.objects.create_user("x"), club, "scorer").club
    )
    return signed_in(club, "admin")


def test_the_organiser_sees_each_heat_and_where_it_stands(
    sims: Simultaneous,  # noqa: F811
) -> None:
    client = organised(sims)
    page = client.get(reverse("scoring:simultaneous", args=[sims.event_id]))
    text = page.content.decode()
    for club in ("Alpha", "Beta", "Gamma"):
        assert f"<td>{club}</td>" in text
    states = re.findall(r"<tr><td>(\w+)</td><td>Sims · \w+</td><td>([^<]*)</td>", text)
    assert states == [
        ("Alpha", "in play: round 1 of 3"),
        ("Beta", "in play: round 1 of 5"),
        ("Gamma", "in play: round 1 of 13"),
    ]
    assert "Frequencies across the field" in text  # the organiser's overall so far


def test_the_organiser_adds_a_heat_as_the_command_does(
    sims: Simultaneous,  # noqa: F811
) -> None:
    client = organised(sims)
    url = reverse("scoring:simultaneous", args=[sims.event_id])
    form = {"club": "Delta", "tables": "4", "kind": "mitchell", "sections": "1"}
    assert client.post(url, form).status_code == 302
    heat = sims.heats.get(club__name="Delta")
    assert heat.session.sections.get().tables == 4
    assert "<td>Delta</td><td>Sims · Delta</td><td>set up</td>" in (
        client.get(url).content.decode()
    )
    again = client.post(url, form)
    assert again.status_code == 400
    assert "Delta has a heat of this simultaneous already." in again.content.decode()
    assert sims.heats.filter(club__name="Delta").count() == 1


def test_another_clubs_admin_and_a_heats_director_are_not_the_organiser(
    sims: Simultaneous,  # noqa: F811
) -> None:
    organised(sims)
    url = reverse("scoring:simultaneous", args=[sims.event_id])
    assert signed_in("Alpha", "admin").get(url).status_code == 404
    assert signed_in("Org", "director").get(url).status_code == 404


def test_a_heats_director_sees_their_clubs_pairs_only_before_the_release(
    sims: Simultaneous,  # noqa: F811
) -> None:
    sims.release_at = timezone.now() + timedelta(hours=1)
    sims.save()
    alpha = sims.heats.get(club__name="Alpha").session_id
    url = reverse("scoring:heat_overall", args=[alpha])
    client = signed_in("Alpha", "director")
    text = client.get(url).content.decode()
    assert text.count("<td>Alpha</td>") == 6
    assert "<td>Beta</td>" not in text and "<td>Gamma</td>" not in text
    assert "Frequencies across the field" not in text  # other clubs' scores
    beta = sims.heats.get(club__name="Beta").session_id
    beta_url = reverse("scoring:heat_overall", args=[beta])
    assert client.get(beta_url).status_code == 404  # club B's heat
    assert signed_in("Alpha", "scorer").get(url).status_code == 404
    sims.release_at = timezone.now() - timedelta(minutes=1)
    sims.save()
    after = client.get(url).content.decode()
    assert "<td>Beta</td>" in after and "Frequencies across the field" in after


def upload(client: Client, session_id: int) -> object:
    with open(FILE, "rb") as file:
        data = SimpleUploadedFile("heat.xml", file.read(), "application/xml")
    url = reverse("scoring:heat_upload", args=[session_id])
    return client.post(url, {"file": data})


def test_a_heats_director_uploads_its_usebio_into_the_heat(
    sims: Simultaneous,  # noqa: F811
) -> None:
    made = Simultaneous.objects.create(event=Event.objects.create(name="S2"), boards=24)
    empty = heat_add(simultaneous=made, club="Lindfield", tables=5)
    client = signed_in("Lindfield", "director")
    response = upload(client, empty.pk)
    assert response.status_code == 302  # type: ignore[attr-defined]
    heat = made.heats.get(club__name="Lindfield")
    assert heat.session.sections.get().pairs.count() == 16
    assert heat.session.event.source
    organiser = Client()
    organiser.force_login(User.objects.create_superuser("op", password="pw"))
    page = organiser.get(reverse("scoring:simultaneous", args=[made.event_id]))
    assert "<td>uploaded</td>" in page.content.decode()


def test_a_file_whose_deal_differs_is_refused_naming_the_board_nothing_written(
    sims: Simultaneous,  # noqa: F811
) -> None:
    made = Simultaneous.objects.create(event=Event.objects.create(name="S2"), boards=24)
    made.deal_set = DealSet.objects.create(fingerprint="x", deals={"3": DEAL_1})
    made.save()
    empty = heat_add(simultaneous=made, club="Lindfield", tables=5)
    events = Event.objects.count()
    response = upload(signed_in("Lindfield", "director"), empty.pk)
    assert response.status_code == 400  # type: ignore[attr-defined]
    text = response.content.decode()  # type: ignore[attr-defined]
    assert "Board 3: the file&#x27;s deal is not the simultaneous&#x27; deal." in text
    assert Event.objects.count() == events
    assert Heat.objects.get(simultaneous=made).session_id == empty.pk
    other = signed_in("Alpha", "director")
    assert upload(other, empty.pk).status_code == 404  # type: ignore[attr-defined]


def test_a_heat_is_in_its_directors_home_with_its_pages(
    sims: Simultaneous,  # noqa: F811
) -> None:
    heat = sims.heats.get(club__name="Alpha")
    client = signed_in("Alpha", "director")
    home = client.get(reverse("tournaments:event_list")).content.decode()
    assert "Sims · Alpha" in home and "Sims · Beta" not in home
    detail = client.get(
        reverse("tournaments:event_detail", args=[heat.session.event_id])
    )
    text = detail.content.decode()
    assert reverse("scoring:heat_overall", args=[heat.session_id]) in text
    assert reverse("scoring:heat_upload", args=[heat.session_id]) in text
