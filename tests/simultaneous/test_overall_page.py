"""The public overall page of a simultaneous: nothing before the release time;
then the overall ranking (filterable by club), each board's frequencies across
the field, and a live part whose ETag changes when a heat's result arrives."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.standings.simultaneous import overall_of
from tests.factories import make_result
from tests.simultaneous.test_overall import sims  # noqa: F401  (the fixture)
from tournaments.models import Event, Simultaneous

pytestmark = pytest.mark.django_db


def published(made: Simultaneous, *, released_in: timedelta) -> str:
    Event.objects.filter(pk=made.event_id).update(published=True)
    made.release_at = timezone.now() + released_in
    made.save()
    return reverse("public:overall", args=[made.event_id])


def test_nothing_of_the_overall_before_the_release(
    client: Client,
    sims: Simultaneous,  # noqa: F811
) -> None:
    url = published(sims, released_in=timedelta(hours=1))
    for address in (url, url + "?part=live"):
        page = client.get(address).content.decode()
        assert "appears here after the release time" in page
        assert "<td>" not in page and "Alpha" not in page


def test_an_unpublished_simultaneous_has_no_overall_page(
    client: Client,
    sims: Simultaneous,  # noqa: F811
) -> None:
    published(sims, released_in=-timedelta(hours=1))
    Event.objects.filter(pk=sims.event_id).update(published=False)
    url = reverse("public:overall", args=[sims.event_id])
    assert client.get(url).status_code == 404


def test_the_overall_ranked_filtered_by_club_with_the_fields_frequencies(
    client: Client,
    sims: Simultaneous,  # noqa: F811
) -> None:
    url = published(sims, released_in=-timedelta(minutes=1))
    page = client.get(url).content.decode()
    overall = overall_of(sims)
    assert page.count("<tr><td class=") == len(overall.rows) + sum(
        len({(line.score_ns, p.ns) for _h, line, p in lines})
        for lines in overall.boards.values()
    )
    for club in ("Alpha", "Beta", "Gamma"):
        assert f"<td>{club}</td>" in page
    beta = sims.heats.get(club__name="Beta").club_id
    only = client.get(url, {"club": beta}).content.decode()
    assert "<td>Beta</td>" in only
    assert "<td>Alpha</td>" not in only and "<td>Gamma</td>" not in only
    # Board 1, played at every table of the three heats: 15 results.
    board_1 = page.split("Board 1 ·")[1].split("</table>")[0]
    cell = r'<td class="num">'
    rows = re.findall(rf"<tr>{cell}(-?\d+)</td>{cell}(\d+)</td>", board_1)
    assert sum(int(count) for _score, count in rows) == 15
    scores = [int(score) for score, _count in rows]
    assert scores == sorted(scores, reverse=True)


def test_the_live_part_changes_its_etag_when_a_heats_result_arrives(
    client: Client,
    sims: Simultaneous,  # noqa: F811
) -> None:
    url = published(sims, released_in=-timedelta(minutes=1)) + "?part=live"
    first = client.get(url)
    assert first.status_code == 200 and 'id="live-part"' in first.content.decode()
    assert "<html" not in first.content.decode()
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    section = sims.heats.get(club__name="Beta").session.sections.get()
    make_result(section, 24, "1NS", "1EW", "3NT S =")
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_the_feed_follows_every_heat_once_released_only(
    client: Client,
    sims: Simultaneous,  # noqa: F811
) -> None:
    url = published(sims, released_in=timedelta(hours=1))
    feed = reverse("public:changes", args=[sims.event_id])
    section = sims.heats.get(club__name="Beta").session.sections.get()
    make_result(section, 24, "1NS", "1EW", "3NT S =")
    held = client.get(feed, {"after": 0, "wait": 0})
    assert held.status_code == 304  # before the release: no heat's change told
    sims.release_at = timezone.now() - timedelta(minutes=1)
    sims.save()
    page = client.get(url).content.decode()
    change = int(re.findall(r'data-change="(\d+)"', page)[0])
    assert change > 0
    assert client.get(feed, {"after": change, "wait": 0}).status_code == 304
    section = sims.heats.get(club__name="Gamma").session.sections.get()
    make_result(section, 24, "1", "2", "3NT S =")
    told = client.get(feed, {"after": change, "wait": 0})
    assert told.status_code == 200 and told.json()["change"] > change
