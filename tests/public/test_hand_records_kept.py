"""The hand records players keep: each board's diagram, points, losers, total
tricks and makeable contracts on the page and in the PDF (4 or 6 boards a page,
A4 or Letter); the personal page adds the pair's result and the field's."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.engine.dealing import deal_boards, deal_pbn
from scoring.interchange.analysis import analyse_session
from scoring.reports.personal import personal_link, personal_pdf, personal_results
from tests.factories import make_small_evening
from tournaments.models import Board, Pair, Session

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
SEED = bytes.fromhex("7a" * 32)


def words(content: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", content.decode()))


@pytest.fixture
def session() -> Session:
    session = make_small_evening(published=True).sessions.get()
    Session.objects.filter(pk=session.pk).update(released=True)
    Board.objects.filter(session=session, number=1).update(deal=DEAL)
    analyse_session(session)
    return session


def test_the_public_hand_records_show_points_losers_and_total_tricks(client, session):
    page = words(client.get(reverse("public:hands", args=[session.pk])).content)
    assert "HCP: N 37 · E 3 · S 0 · W 0" in page
    # E: three missing honours in each suit; W: the singleton two is one loser
    assert "LTC: N 0 · E 12 · S 12 · W 10" in page
    # NS's longest fit spades 8, EW's hearts, diamonds or clubs 7; North makes
    # 13 tricks in spades, EW one in their best seven-card fit
    assert "Total trumps: 15 · Total tricks: 14" in page
    assert "Makeable contracts" in page


@pytest.mark.parametrize(("size", "per"), [("A4", "4"), ("Letter", "6")])
def test_the_hand_record_pdf_prints_four_or_six_boards_a_page(
    client, session, size, per
):
    boards = {b: deal_pbn(d) for b, d in deal_boards(SEED, range(2, 13)).items()}
    for number, deal in boards.items():
        Board.objects.update_or_create(
            session=session, number=number, defaults={"deal": deal}
        )
    url = reverse("scoring:hand_records_pdf", args=[session.pk])
    answer = client.get(url, {"size": size, "per": per})
    assert answer["Content-Type"] == "application/pdf"
    pdf = PdfReader(io.BytesIO(answer.content))
    width = float(pdf.pages[0].mediabox.width)
    assert round(width) == (595 if size == "A4" else 612)
    assert len(pdf.pages) == -(-12 // int(per))
    first = pdf.pages[0].extract_text()
    assert first.count("HCP") == int(per) and first.count("LTC") == int(per)
    assert "Total trumps" in first and "Total tricks: " in first  # board 1 solved


def test_the_personal_page_adds_the_pairs_result_and_the_fields(client, session):
    pair = Pair.objects.get(section__session=session, label="2NS")
    page = words(client.get(personal_link(pair)).content)
    board_one = page[page.index("Total tricks: 14") :]  # after board 1's record
    assert re.search(
        r"^Total tricks: 14 Board Round .* 1 1 NS 2EW 4♠ N — \+1 450", board_one
    )
    field = board_one[board_one.index("NS score Adjusted Times") :]
    assert field.startswith("NS score Adjusted Times NS points EW points Pairs 450 — 1")


def test_the_e_mailed_personal_pdf_carries_the_same(session):
    pair = Pair.objects.get(section__session=session, label="2NS")
    results = personal_results(Session.objects.get(pk=session.pk))  # released
    assert results is not None
    pdf = PdfReader(io.BytesIO(personal_pdf(pair, results)))
    deals = "\n".join(page.extract_text() for page in pdf.pages[1:])  # after the card
    # board 1 alone has a known deal
    assert deals.count("Board ") == 1 and deals.count("Your result") == 1
    assert "HCP" in deals and "Total tricks: 14" in deals
    assert deals.count("Frequencies") == 1
