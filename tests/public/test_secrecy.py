"""Results stay secret until played: a board's traveller, frequencies and deal
reach no public page or download until every table scheduled to play it has
played it, or the director releases the session."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.factories import DEAL_1, make_result, make_small_evening, section_of
from tournaments.models import Board, Event, Session
from tournaments.setup.settings import session_release

pytestmark = pytest.mark.django_db

# Board 3 is played by the three tables in rounds 1 to 3; only table 1 so far.
SECRET = "7NT S ="
SECRET_SCORE = "1520"


@pytest.fixture
def in_play() -> Session:
    event = make_small_evening(published=True)
    make_result(section_of(event), 3, "1NS", "3EW", SECRET, round_no=3, table=1)
    session = event.sessions.get()
    Board.objects.filter(session=session, number=3).update(deal=DEAL_1)
    return session


def read(client: Client, url: str) -> str:
    """A page as a visitor reads it: the text, not the markup (nor its tokens)."""
    return re.sub(r"<[^>]*>", " ", client.get(url).content.decode())


def public_texts(client: Client, session: Session) -> dict[str, str]:
    """What a visitor can read: every public page and download of the session."""
    pages = {
        name: read(client, reverse(f"public:{name}", args=[session.pk]))
        for name in ("session", "live", "hands")
    }
    pages["board 3"] = read(client, reverse("public:board", args=[session.pk, 3]))
    pair = section_of(session.event).pairs.get(label="1NS")
    pages["scorecard"] = read(client, reverse("public:pair", args=[pair.pk]))
    pdf = client.get(reverse("scoring:session_pdf", args=[session.pk]))
    pages["pdf"] = "".join(
        p.extract_text() for p in PdfReader(BytesIO(pdf.content)).pages
    )
    xlsx = client.get(reverse("scoring:session_xlsx", args=[session.pk]))
    book = load_workbook(BytesIO(xlsx.content))
    pages["xlsx"] = " ".join(
        str(c.value) for s in book for row in s.iter_rows() for c in row if c.value
    )
    return pages


def test_a_board_not_yet_played_everywhere_is_on_no_public_page(
    client: Client, in_play: Session
) -> None:
    for name, text in public_texts(client, in_play).items():
        assert not re.search(rf"\b({SECRET_SCORE}|7NT)\b", text), name
        assert "Board 3 · Section" not in text, name  # no traveller title
    board = client.get(reverse("public:board", args=[in_play.pk, 3]))
    assert "still being played" in board.content.decode()
    hands = client.get(reverse("public:hands", args=[in_play.pk])).content.decode()
    assert hands.count('class="deal"') == 1  # board 1's deal only


def test_the_board_shows_once_its_last_scheduled_table_has_played_it(
    client: Client, in_play: Session
) -> None:
    section = section_of(in_play.event)
    make_result(section, 3, "2NS", "1EW", "3NT S =", round_no=2, table=2)
    assert SECRET_SCORE not in public_texts(client, in_play)["board 3"]
    make_result(section, 3, "3NS", "2EW", "3NT S +1", round_no=1, table=3)
    shown = public_texts(client, in_play)
    assert SECRET_SCORE in shown["board 3"] and SECRET_SCORE in shown["pdf"]


def test_a_released_session_shows_everything(client: Client, in_play: Session) -> None:
    session_release(session=in_play, on=True, user=None)
    shown = public_texts(client, in_play)
    assert all(
        SECRET_SCORE in shown[n] for n in ("board 3", "pdf", "xlsx", "scorecard")
    )
    assert shown["hands"].count("Dealer") == 2


def test_an_unpublished_event_shows_nothing_and_is_not_indexed(
    client: Client, in_play: Session
) -> None:
    Event.objects.filter(pk=in_play.event_id).update(published=False)
    for name in ("session", "live", "hands"):
        url = reverse(f"public:{name}", args=[in_play.pk])
        assert client.get(url).status_code == 404, name
    pdf = client.get(reverse("scoring:session_pdf", args=[in_play.pk]))
    assert pdf.status_code == 404
    login = client.get(reverse("login")).content.decode()
    assert '<meta name="robots" content="noindex, nofollow">' in login
