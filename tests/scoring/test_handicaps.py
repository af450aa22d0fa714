"""A handicapped matchpoint evening: handicaps typed on the pairs page, ranked on
raw percentage plus handicap on every page, PDF, workbook and results --json."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from fractions import Fraction
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.reports.files import event_pdf, event_xlsx
from scoring.standings import session_results
from tests.factories import join, make_small_evening, pair, section_of
from tournaments.models import Director, Event
from tournaments.setup.pairs import PairNames, section_pairs_set

pytestmark = pytest.mark.django_db

D = Decimal


def handicapped_evening(rule: str = "average") -> Event:
    """make_small_evening's NS raw: 2NS 75 %, 3NS 50 %, 1NS 25 %."""
    event = make_small_evening(handicapped=True, handicap_rule=rule)
    section = section_of(event)
    entries = {
        pair(section, "1NS").pk: PairNames(["Ann", "Bob"], [D(6), D(4)]),
        pair(section, "2NS").pk: PairNames(["Cy", "Di"], [D(-2), D(-4)]),
        pair(section, "3NS").pk: PairNames(["Ed", "Flo"], [D(20), D(30)]),
        pair(section, "1EW").pk: PairNames(["Gus", "Hal"], [], own=D("-2.5")),
    }
    section_pairs_set(section=section, entries=entries, handicaps=True)
    return event


def ns_ranking(event: Event) -> list[tuple[str, str, Fraction | None, Fraction | None]]:
    results = session_results(event.sessions.get())
    return [
        (s.pair.label, s.rank, s.percentage, s.handicapped)
        for s in results.standings
        if s.pair.direction == "NS"
    ]


def test_the_ranking_is_on_handicapped_percentage_worked_by_hand() -> None:
    # average: 3NS 50 + 25 = 75; 2NS 75 − 3 = 72; 1NS 25 + 5 = 30.
    assert ns_ranking(handicapped_evening()) == [
        ("3NS", "1", 50, 75),
        ("2NS", "2", 75, 72),
        ("1NS", "3", 25, 30),
    ]


def test_the_sum_rule_is_an_event_setting() -> None:
    # sum: 3NS 50 + 50 = 100; 2NS 75 − 6 = 69; 1NS 25 + 10 = 35.
    assert [row[3] for row in ns_ranking(handicapped_evening("sum"))] == [100, 69, 35]


def test_an_event_without_handicaps_ranks_on_raw_percentage() -> None:
    event = handicapped_evening()
    Event.objects.filter(pk=event.pk).update(handicapped=False)
    assert ns_ranking(event) == [
        ("2NS", "1", 75, None), ("3NS", "2", 50, None), ("1NS", "3", 25, None),
    ]  # fmt: skip


def test_only_matchpoint_pairs_are_handicapped() -> None:
    event = make_small_evening()
    event.scoring = Event.Scoring.BUTLER
    event.handicapped = True
    with pytest.raises(ValidationError, match="matchpoint"):
        event.full_clean()


def test_a_handicap_out_of_range_is_refused_and_nothing_is_written() -> None:
    event = make_small_evening(handicapped=True)
    section = section_of(event)
    entries = {
        pair(section, "1NS").pk: PairNames(["Ann", "Bob"], [D(3), None]),
        pair(section, "2NS").pk: PairNames(["Cy", "Di"], [], own=D(60)),
    }
    with pytest.raises(ValidationError, match="Pair 2NS: a handicap is from -50"):
        section_pairs_set(section=section, entries=entries, handicaps=True)
    assert not pair(section, "1NS").players.exists()


def test_pdf_workbook_and_json_show_raw_and_handicapped() -> None:
    event = handicapped_evening()
    text = "".join(
        page.extract_text() for page in PdfReader(io.BytesIO(event_pdf(event))).pages
    )
    assert "Handicapped %" in text and "Raw %" in text
    sheet = load_workbook(io.BytesIO(event_xlsx(event)))["Ranking"]
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    header = next(r for r in rows if "Handicapped %" in r)
    first = rows[rows.index(header) + 1]
    assert first[header.index("Pair")] == "3NS"
    # the workbook keeps percentages as fractions of one, formatted as %
    assert first[header.index("Raw %")] == 0.5
    assert first[header.index("Handicap")] == 25
    assert first[header.index("Handicapped %")] == 0.75
    out = StringIO()
    call_command("results", str(event.pk), "--json", stdout=out)
    rankings = {r["pair"]: r for r in json.loads(out.getvalue())["rankings"]}
    assert rankings["1NS"]["percentage"] == 25.0
    assert rankings["1NS"]["handicap"] == 5.0
    assert rankings["1NS"]["handicapped_percentage"] == 30.0
    assert rankings["1EW"]["handicap"] == -2.5
    assert rankings["3NS"]["rank"] == "1"


def test_the_director_types_handicaps_on_the_pairs_page(client: Client) -> None:
    user = User.objects.create_user("td", password="pw")
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    event = make_small_evening(handicapped=True)
    section = section_of(event)
    url = reverse("tournaments:section_pairs", args=[section.pk])
    assert "Pair handicap" in client.get(url).content.decode()
    p = pair(section, "1NS")
    form = {f"p{p.pk}-first": "Ann", f"p{p.pk}-second": "Bob"}
    form |= {f"p{p.pk}-first_handicap": "6", f"p{p.pk}-second_handicap": "4.5"}
    response = client.post(url, form)
    assert response.status_code == 302
    assert [x.handicap for x in p.players.all()] == [D(6), D("4.5")]
    ranking = client.get(reverse("scoring:ranking", args=[section.session_id]))
    page = ranking.content.decode()
    assert "Handicapped %" in page and "30.25" in page  # 25 + 5.25
