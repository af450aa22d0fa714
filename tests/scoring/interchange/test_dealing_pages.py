"""Dealing from the event page, the commitment before play and the seed after,
the dealing machine's downloads and the public verify page."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scoring.formats.deal_files import read_deal_file
from scoring.standings.secrecy import hidden_boards
from tests.factories import CLUB, join, make_event, play_rounds, section_of
from tournaments.models import DealSet, Session

pytestmark = pytest.mark.django_db


def signed_in(client: Client, role: str = "director") -> Client:
    user = User.objects.create_user(f"{role}-dealer", password="pw")
    join(user, CLUB, role)
    client.force_login(user)
    return client


@pytest.fixture
def session() -> Session:
    session = make_event(tables=4, boards_per_round=1, published=True).sessions.get()
    return session


def deal(client: Client, session: Session, **data: str):
    return client.post(reverse("scoring:deal", args=[session.pk]), data, follow=True)


def test_a_director_deals_the_boards_from_the_event_page(client, session):
    signed_in(client)
    page = client.get(reverse("tournaments:event_detail", args=[session.event_id]))
    assert "Deal the boards" in page.content.decode()
    answer = deal(client, session)
    kept = DealSet.objects.get(session=session)
    text = answer.content.decode()
    assert f"4 boards dealt; commitment {kept.commitment}." in text
    assert kept.commitment in text and kept.seed not in text
    assert all(session.boards.values_list("deal", flat=True))


def test_dealing_again_needs_the_replace_box(client, session):
    signed_in(client)
    deal(client, session)
    before = set(session.boards.values_list("deal", flat=True))
    answer = deal(client, session)
    assert "Tick the box to replace them." in answer.content.decode()
    assert set(session.boards.values_list("deal", flat=True)) == before
    deal(client, session, replace="on")
    assert set(session.boards.values_list("deal", flat=True)).isdisjoint(before)


def test_a_scorer_may_not_deal(client, session):
    signed_in(client, "scorer")
    assert deal(client, session).status_code in {403, 404}
    assert not DealSet.objects.exists()


def test_the_public_sees_the_commitment_before_play_and_the_seed_after(client, session):
    deal(signed_in(Client()), session)
    kept = DealSet.objects.get(session=session)
    page = client.get(reverse("public:session", args=[session.pk])).content.decode()
    assert kept.commitment in page and kept.seed not in page
    Session.objects.filter(pk=session.pk).update(released=True)
    page = client.get(reverse("public:session", args=[session.pk])).content.decode()
    assert kept.seed in page


def test_the_seed_stays_secret_after_play_until_the_release(client) -> None:
    """Every board played shows the boards, not the seed: it would deal them
    all again, spare boards included."""
    session = make_event(tables=4, boards_per_round=1, published=True).sessions.get()
    deal(signed_in(Client()), session)
    kept = DealSet.objects.get(session=session)
    play_rounds(section_of(session.event), range(1, 5))
    assert not hidden_boards(session)
    page = client.get(reverse("public:session", args=[session.pk])).content.decode()
    assert kept.commitment in page and kept.seed not in page
    Session.objects.filter(pk=session.pk).update(released=True)
    page = client.get(reverse("public:session", args=[session.pk])).content.decode()
    assert kept.seed in page


def test_a_scorer_reads_only_the_boards_played_in_the_hand_records(client) -> None:
    session = make_event(tables=4, boards_per_round=1, published=False).sessions.get()
    director_client = signed_in(Client())
    deal(director_client, session)
    url = reverse("scoring:hand_records_pdf", args=[session.pk])
    director = director_client.get(url)
    scorer = signed_in(Client(), "scorer")
    before = scorer.get(url)
    assert director.status_code == before.status_code == 200
    assert _deal_text(director.content) and not _deal_text(before.content)
    assert client.get(url).status_code == 404  # anyone, the event unpublished


def _deal_text(pdf: bytes) -> bool:
    """Whether the PDF prints a hand (a suit symbol)."""
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    return "♠" in text


def test_the_machines_files_download_before_release_only(client, session):
    signed_in(client)
    deal(client, session)
    url = reverse("scoring:dealing_file", args=[session.pk, "dlm"])
    answer = client.get(url)
    assert answer["Content-Disposition"].endswith('.dlm"')
    read = read_deal_file(answer.content, "x.dlm")
    stored = dict(session.boards.values_list("number", "deal"))
    assert {b: r.deal for b, r in read.items()} == stored
    assert (
        client.get(
            reverse("scoring:dealing_file", args=[session.pk, "exe"])
        ).status_code
        == 404
    )
    Session.objects.filter(pk=session.pk).update(released=True)
    assert client.get(url).status_code == 404


def test_the_verify_page_checks_a_published_seed(client, session):
    deal(signed_in(Client()), session)
    kept = DealSet.objects.get(session=session)
    query = {"seed": kept.seed, "boards": "1-4", "session": session.pk}
    page = client.get(reverse("public:verify"), query).content.decode()
    assert "The deals are the session's." in page
    assert "The seed's SHA-256 is the session's commitment." in page
    query["seed"] = "12" * 32
    page = client.get(reverse("public:verify"), query).content.decode()
    assert "The deals are not the session's (boards 1, 2, 3, 4)." in page


@pytest.mark.parametrize(
    ("query", "refusal"),
    [
        ({"seed": "<script>", "boards": "1-4"}, "the seed is not hexadecimal"),
        ({"seed": "ab" * 32, "boards": "1-500"}, "At most 99 boards at a time."),
        (
            {"seed": "ab" * 32, "boards": "1-4", "session": "999999"},
            "no such published",
        ),
    ],
)
def test_the_verify_page_refuses_bad_input_clearly(client, query, refusal):
    page = client.get(reverse("public:verify"), query).content.decode()
    assert refusal in page and "<script>" not in page
