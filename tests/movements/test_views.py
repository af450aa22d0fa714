"""The director's movement pages, schedule-driven entry and missing results."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from movements.models import Seating, SectionMovement
from scoring.models import TravellerLine
from tests.factories import join, make_event, make_result, play_rounds, section_of
from tournaments.models import Director, Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw", is_staff=True)
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    return client


def url(name: str, section: Section, *args: object) -> str:
    return reverse(f"movements:{name}", args=[section.pk, *args])


def test_the_setup_page_proposes_movements_and_stores_the_chosen_one(
    director: Client,
) -> None:
    section = section_of(make_event(tables=7))
    setup: dict[str, str | int] = {
        "tables": 7, "half_table": "", "boards_per_round": 2, "preferred": "howell"
    }  # fmt: skip
    page = director.get(url("setup", section), setup).content.decode()
    assert page.index("Complete Howell: 13 rounds, 26 boards") < page.index(
        "Mitchell: 7 rounds, 14 boards"
    )
    response = director.post(url("setup", section), {**setup, "key": "howell"})
    assert response.status_code == 302
    stored = SectionMovement.objects.get(section=section)
    assert (stored.kind, stored.rounds, stored.boards_per_round) == ("howell", 13, 2)
    page = director.get(url("setup", section)).content.decode()
    assert re.search(r"<td[^>]*>14-1 1–2</td>", page)


def test_a_pair_leaving_is_changed_from_the_page_and_a_bad_change_refused(
    director: Client,
) -> None:
    section = section_of(make_event(tables=7))
    play_rounds(section, range(1, 3))
    bad = {"action": "leaves", "pair": "3EW", "from_round": 2}
    page = director.post(url("change", section), bad, follow=True).content.decode()
    assert "who do not play it in the new movement" in page
    good = {**bad, "from_round": 3}
    page = director.post(url("change", section), good, follow=True).content.decode()
    assert "every result is kept" in page
    assert TravellerLine.objects.filter(section=section).count() == 42
    assert Seating.objects.get(section=section, round=3, table=5).ew_pair is None


@pytest.mark.parametrize(
    ("language", "unknown", "bad_line"),
    [
        ("es", "la pareja 9EW no juega en este movimiento",
         "línea 2: &#x27;x&#x27; no es un número positivo"),
        ("it", "la coppia 9EW non gioca in questo movimento",
         "riga 2: &#x27;x&#x27; non è un numero positivo"),
    ],
)  # fmt: skip
def test_a_refused_change_or_grid_says_why_in_the_page_s_language(
    director: Client, language: str, unknown: str, bad_line: str
) -> None:
    section = section_of(make_event(tables=7))
    change = {"action": "leaves", "pair": "9EO", "from_round": 1}
    page = director.post(
        url("change", section), change, follow=True, HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert unknown in page and "does not play" not in page
    grid = {"grid": "1 1 1NS 1EW 1\nx 2 2NS 2EW 2\n", "boards_per_round": 2}
    page = director.post(
        url("grid", section), grid, HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert bad_line in page and "not a positive number" not in page


def test_a_pair_is_named_with_spanish_and_italian_eo_too(director: Client) -> None:
    """The change form's hint says "3EO" in Spanish and Italian: so typed, it
    names East-West pair 3."""
    section = section_of(make_event(tables=7))
    change = {"action": "leaves", "pair": "3eo", "from_round": 1}
    director.post(url("change", section), change, HTTP_ACCEPT_LANGUAGE="es")
    assert Seating.objects.get(section=section, round=1, table=3).ew_pair is None


def test_a_custom_grid_with_errors_is_shown_and_not_stored(director: Client) -> None:
    section = section_of(make_event(tables=3))
    before = list(Seating.objects.filter(section=section).values_list("pk"))
    grid = "1 1 1NS 1EW 1\n1 2 2NS 1EW 2\n"
    page = director.post(
        url("grid", section), {"grid": grid, "boards_per_round": 2}
    ).content.decode()
    assert "pair 1EW seated 2 times" in page and "Nothing was stored" in page
    assert list(Seating.objects.filter(section=section).values_list("pk")) == before
    good = "\n".join(
        f"{r} {t} {t}NS {(t - r) % 3 + 1}EW {(t + r - 2) % 3 + 1}"
        for r in (1, 2, 3)
        for t in (1, 2, 3)
    )
    data = {"grid": good, "boards_per_round": 2}
    response = director.post(url("grid", section), data)
    assert response.status_code == 302
    assert SectionMovement.objects.get(section=section).variant == "custom"
    assert Seating.objects.get(section=section, round=2, table=1).first_board == 3


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", "error (comprobación 1): ronda 1: la pareja 1EW está sentada 2 veces"),
        ("it", "errore (verifica 1): turno 1: la coppia 1EW è seduta 2 volte"),
    ],
)
def test_the_validator_speaks_the_page_s_language(
    director: Client, language: str, said: str
) -> None:
    section = section_of(make_event(tables=3))
    grid = {"grid": "1 1 1NS 1EW 1\n1 2 2NS 1EW 2\n", "boards_per_round": 2}
    page = director.post(url("grid", section), grid, HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert said in text and "seated 2 times" not in text


def test_guide_cards_are_a_page_and_a_pdf(director: Client) -> None:
    section = section_of(make_event(tables=7))
    page = director.get(url("guide_cards", section)).content.decode()
    assert "Table 3" in page and "NS stay; EW go to table 4" in page
    pairs = director.get(url("guide_cards", section), {"cards": "pairs"})
    assert "Pair 2EW" in pairs.content.decode()
    response = director.get(url("guide_cards_pdf", section))
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(BytesIO(response.content))
    assert "Table 7" in "".join(p.extract_text() for p in reader.pages)


def test_missing_results_are_listed_by_round(director: Client) -> None:
    section = section_of(make_event(tables=7))
    play_rounds(section, range(1, 3))
    TravellerLine.objects.get(section=section, board__number=11, table=3).delete()
    page = director.get(url("missing_results", section)).content.decode()
    assert "Round 2: 1 result missing" in page
    assert "Round 3: 21 results missing" in page
    assert "Round 1:" not in page


def test_the_board_page_lists_who_plays_it_and_prefills_the_next_missing(
    director: Client,
) -> None:
    section = section_of(make_event(tables=7))
    make_result(section, 1, "1NS", "1EW", "4S N =", round_no=1, table=1)
    board_url = reverse("scoring:board_entry", args=[section.pk, 1])
    response = director.get(board_url)
    assert [(e.seating.round, e.ns, e.ew) for e in response.context["missing"]] == [
        (2, "7NS", "6EW"), (3, "6NS", "4EW"), (4, "5NS", "2EW"),
        (5, "4NS", "7EW"), (6, "3NS", "5EW"), (7, "2NS", "3EW"),
    ]  # fmt: skip
    assert response.context["form"].initial == {
        "ns": "7NS", "ew": "6EW", "round_no": 2, "table": 7
    }  # fmt: skip
    asked = director.get(board_url, {"round": 4, "table": 5}).context["form"]
    assert asked.initial["ns"] == "5NS"
    director.post(board_url, {"ns": "7NS", "ew": "6EW", "entry": "3NT S =",
                              "round_no": 2, "table": 7})  # fmt: skip
    assert len(director.get(board_url).context["missing"]) == 5


def test_a_line_for_pairs_who_do_not_play_the_board_is_saved_with_a_warning(
    director: Client,
) -> None:
    section = section_of(make_event(tables=7))
    board_url = reverse("scoring:board_entry", args=[section.pk, 1])
    response = director.post(
        board_url, {"ns": "1", "ew": "2", "entry": "4S N ="}, follow=True
    )
    page = response.content.decode()
    assert "1NS and 2EW do not play board 1 against each other" in page
    assert "1NS–1EW (round 1)" in page
    assert "not in the movement: check the pairs" in page
    assert TravellerLine.objects.filter(section=section).count() == 1


def test_the_event_form_offers_the_scoring_kind(director: Client) -> None:
    page = director.get(reverse("tournaments:event_new")).content.decode()
    assert 'name="scoring"' in page


def test_the_event_page_links_each_section_to_its_movement(director: Client) -> None:
    event = make_event(tables=5)
    page = director.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert url("setup", section_of(event)) in page.content.decode()
    assert url("missing_results", section_of(event)) in page.content.decode()
