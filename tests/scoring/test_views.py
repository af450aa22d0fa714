"""The director's pages, driven through Django's test client."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import TravellerLine
from tests.factories import CLUB, join, make_event, make_result, section_of
from tournaments.models import Club, Director, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw", is_staff=True)
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    return client


def entry_url(event: Event, board: int) -> str:
    return reverse("scoring:board_entry", args=[section_of(event).pk, board])


def test_pages_need_a_login(client: Client) -> None:
    response = client.get(reverse("tournaments:event_list"))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_a_director_creates_an_event_with_its_pairs(director: Client) -> None:
    response = director.post(
        reverse("tournaments:event_new"),
        {"club": Club.objects.get(name=CLUB).pk, "name": "Monday", "tables": 4,
         "kind": "mitchell", "factoring": "neuberg_ebu",
         "mp_presentation": "european", "section_scoring": "section",
         "avg_plus_uses_session_pct": "on"},
    )  # fmt: skip
    event = Event.objects.get(name="Monday")
    assert response.status_code == 302
    labels = list(section_of(event).pairs.values_list("label", flat=True))
    assert sorted(labels) == sorted(
        f"{n}{d}" for n in range(1, 5) for d in ("NS", "EW")
    )


def test_a_typed_line_is_saved_and_shown_with_its_score(director: Client) -> None:
    event = make_event()
    url = entry_url(event, 1)
    response = director.post(url, {"ns": "1", "ew": "2", "entry": "4SX N 10 HK"})
    assert response.status_code == 302
    line = TravellerLine.objects.get()
    assert (line.score_ns, line.lead, line.ew_pair.label) == (590, "HK", "2EW")
    page = director.get(url).content.decode()
    assert "590" in page and "4♠X" in page


@pytest.mark.parametrize(
    ("ns", "ew", "entry", "message"),
    [
        ("1", "2", "7NT N +1", "7NT+1 is impossible"),
        ("1", "2", "4S N 14", "14 tricks"),
        ("1", "2", "4Z N =", "the strain Z is not understood"),
        ("9", "2", "4S N =", "There is no pair 9 NS"),
    ],
)
def test_an_impossible_line_is_refused_with_a_message(
    director: Client, ns: str, ew: str, entry: str, message: str
) -> None:
    event = make_event()
    response = director.post(entry_url(event, 1), {"ns": ns, "ew": ew, "entry": entry})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert TravellerLine.objects.count() == 0


def test_a_pair_entered_twice_is_refused_on_the_page(director: Client) -> None:
    event = make_event()
    make_result(section_of(event), 1, "1NS", "1EW", "4S N =")
    response = director.post(
        entry_url(event, 1), {"ns": "1", "ew": "2", "entry": "3NT S ="}
    )
    assert "already has a result on board 1" in response.content.decode()
    assert TravellerLine.objects.count() == 1


def test_spanish_notation_follows_the_directors_setting(director: Client) -> None:
    Director.objects.update(language="es")
    event = make_event()
    director.post(entry_url(event, 1), {"ns": "1", "ew": "1", "entry": "4C O ="})
    line = TravellerLine.objects.get()
    assert (line.strain, line.declarer) == ("H", "W")


def test_ranking_and_scorecard_pages_show_the_scores(director: Client) -> None:
    event = make_event(tables=2)
    section = section_of(event)
    make_result(section, 1, "1NS", "1EW", "4S N +1")
    make_result(section, 1, "2NS", "2EW", "4S N =")
    ranking = director.get(reverse("scoring:ranking", args=[section.session_id]))
    text = ranking.content.decode()
    assert "100.00" in text and "0.00" in text
    pair = section.pairs.get(label="1NS")
    card = director.get(reverse("scoring:scorecard", args=[pair.pk])).content.decode()
    row = re.search(r"<tr[^>]*>\s*<td[^>]*>1</td>.*?</tr>", card, re.S)
    assert row is not None
    cells = [
        re.sub(r"<[^>]+>", "", c).strip()
        for c in re.findall(r"<td.*?</td>", row[0], re.S)
    ]
    assert cells[2:4] == ["NS", "1EW"]  # sat NS against 1EW
    assert "450" in cells and "100.00%" in cells


def test_the_preview_scores_while_typing(director: Client) -> None:
    url = reverse("scoring:preview", args=[2])
    assert director.get(url, {"entry": "3NT S +1"}).json() == {
        "ok": True,
        "score_ns": 630,
    }
    refused = director.get(url, {"entry": "8NT S ="}).json()
    assert refused["ok"] is False and "1 to 7" in refused["message"]


def test_a_director_corrects_and_adjusts_a_line(director: Client) -> None:
    event = make_event()
    line = make_result(section_of(event), 1, "1NS", "1EW", "4S N =")
    edit = reverse("scoring:line_edit", args=[line.pk])
    assert "4S N =" in director.get(edit).content.decode()
    director.post(edit, {"ns": "1", "ew": "1", "entry": "4S N -1"})
    line.refresh_from_db()
    assert line.score_ns == -50
    director.post(
        reverse("scoring:line_artificial", args=[line.pk]), {"ns": "A60", "ew": "A40"}
    )
    line.refresh_from_db()
    assert (line.ns_artificial, line.ew_artificial) == ("A60", "A40")
    director.post(
        reverse("scoring:line_assigned", args=[line.pk]),
        {"side": "", "results": "40% 4S N = ; 60% 4S N -1"},
    )
    assert sorted(line.assigned.values_list("weight_percent", flat=True)) == [40, 60]
