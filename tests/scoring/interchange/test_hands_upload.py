"""The hand-record upload on the event page: the club's directors only."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring.formats.hand_records import read_hands_path
from scoring.models import ChangeLog
from tests.factories import CLUB, join, make_event
from tests.paths import ROOT
from tournaments.models import Event, Session

pytestmark = pytest.mark.django_db

DATA = ROOT / "tests" / "data" / "pbn"
DEALER = DATA / "hands_dealer.pbn"
SECOND_SET = DATA / "hands_second_set.pbn"


def director(client: Client, club: str = CLUB, role: str = "director") -> Client:
    user = User.objects.create_user(f"{role}-{club}", password="pw")
    join(user, club, role)
    client.force_login(user)
    return client


def upload(path: Path = DEALER, content: bytes | None = None) -> SimpleUploadedFile:
    data = path.read_bytes() if content is None else content
    return SimpleUploadedFile(path.name, data, content_type="text/plain")


@pytest.fixture
def session() -> Session:
    event: Event = make_event(tables=4, boards_per_round=1)
    return event.sessions.get()


def deals(session: Session) -> dict[int, str]:
    return dict(session.boards.values_list("number", "deal"))


def test_the_event_page_offers_the_upload_in_the_session_part(
    client: Client, session: Session
) -> None:
    page = director(client).get(
        reverse("tournaments:event_detail", args=[session.event_id])
    )
    html = page.content.decode()
    assert reverse("tournaments:hands", args=[session.pk]) in html
    assert 'enctype="multipart/form-data"' in html and 'name="replace"' in html


def test_the_clubs_director_uploads_the_deals(client: Client, session: Session) -> None:
    url = reverse("tournaments:hands", args=[session.pk])
    me = director(client)
    assert me.get(url).status_code == 200
    page = me.post(url, {"file": upload()}, follow=True)
    assert page.status_code == 200
    assert "Deals stored for boards 1–4." in page.content.decode()
    expected = {n: h.deal for n, h in read_hands_path(DEALER).items()}
    assert deals(session) == expected
    assert ChangeLog.objects.get(action="hands").user is not None


def test_another_clubs_director_gets_404_and_nothing_is_stored(
    client: Client, session: Session
) -> None:
    url = reverse("tournaments:hands", args=[session.pk])
    other = director(client, "Another club")
    assert other.get(url).status_code == 404
    assert other.post(url, {"file": upload()}).status_code == 404
    assert set(deals(session).values()) == {""}


def test_a_scorer_of_the_club_may_not_upload(client: Client, session: Session) -> None:
    url = reverse("tournaments:hands", args=[session.pk])
    scorer = director(client, role="scorer")
    assert scorer.post(url, {"file": upload()}).status_code == 404
    assert set(deals(session).values()) == {""}


def test_a_bad_file_is_shown_on_the_form_and_nothing_is_stored(
    client: Client, session: Session
) -> None:
    url = reverse("tournaments:hands", args=[session.pk])
    bad = DEALER.read_bytes().replace(b'[Board "3"]', b"[Board 3]")
    page = director(client).post(url, {"file": upload(content=bad)})
    assert page.status_code == 200
    assert "line 46: [Board 3] is not a tag pair" in page.content.decode()
    assert set(deals(session).values()) == {""}


def test_replacing_deals_needs_the_box_ticked_and_is_logged(
    client: Client, session: Session
) -> None:
    url = reverse("tournaments:hands", args=[session.pk])
    me = director(client)
    me.post(url, {"file": upload()})
    first = deals(session)
    page = me.post(url, {"file": upload(SECOND_SET)})
    assert page.status_code == 200
    assert "Tick the box to replace them." in page.content.decode()
    assert deals(session) == first
    page = me.post(url, {"file": upload(SECOND_SET), "replace": "on"}, follow=True)
    assert "Not boards of this session: 30." in page.content.decode()
    assert deals(session) != first
    logged = ChangeLog.objects.filter(action="hands").first()
    assert (
        logged is not None and "replaced the deals of boards 1–4" in logged.description
    )
