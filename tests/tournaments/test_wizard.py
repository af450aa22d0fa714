"""The new-event wizard (issue 29): the kind of evening and its number on page
1, the movement proposed with its one-line reason and that kind's options only
on page 2, the club's usual choices remembered and prefilled next time."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from movements.models import SectionMovement
from tests.factories import CLUB, join
from tournaments.models import Club, Event, Section
from tournaments.setup.wizard import defaults_remember, pairs_proposals, proposal_said

pytestmark = pytest.mark.django_db
START = reverse("tournaments:event_start")


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user)
    client.force_login(user)
    return client


def _club() -> Club:
    return Club.objects.get(name=CLUB)


def _page_two(client: Client, kind: str, count: int | str = "") -> Any:
    club = _club().pk
    return client.get(START, {"evening": kind, "count": count, "club": club})


def _post(client: Client, evening: str, **fields: object) -> Any:
    body = {"evening": evening, "club": _club().pk, "date": "2026-11-28", **fields}
    return client.post(START, body)


def test_the_home_page_leads_into_the_wizard(director: Client) -> None:
    home = director.get(reverse("tournaments:event_list")).content.decode()
    assert f'href="{START}">Start tonight' in home


def test_page_one_asks_the_kind_of_evening_and_how_many(director: Client) -> None:
    page = director.get(START)
    form = page.context["kind_form"]
    assert [key for key, _label in form.fields["evening"].choices] == [
        "pairs", "individual", "teams", "swiss", "social", "championship",
    ]  # fmt: skip
    assert form.initial["evening"] == "pairs" and form.initial["count"] == 7
    assert "Butler" not in page.content.decode()


def test_page_one_says_what_is_missing_next_to_the_field(director: Client) -> None:
    page = _page_two(director, "pairs")
    assert page.context["kind_form"].errors == {
        "count": ["Say how many tables, players or teams."]
    }
    assert 'class="field-errors"' in page.content.decode()


def test_seven_tables_propose_a_mitchell_with_its_reason(director: Client) -> None:
    page = _page_two(director, "pairs", 7)
    html = page.content.decode()
    assert "7 tables: Mitchell, 3 boards a round, 21 boards" in html
    form = page.context["form"]
    assert form.initial["movement"] == "mitchell"
    assert form["date"].value() == timezone.localdate()
    assert "datum" not in html.lower() and "victory point" not in html.lower()


def test_the_reason_is_the_proposals_own() -> None:
    proposal = pairs_proposals(tables=8, boards_per_round=3)[0]
    assert proposal_said(proposal, 8) == (
        f"8 tables: {proposal.label}, 3 boards a round, {proposal.boards} boards"
    )


def test_a_pairs_evening_is_created_with_its_movement_and_remembered(
    director: Client,
) -> None:
    response = _post(director, "pairs", name="Tuesday pairs", tables=7,
                     boards_per_round=3, movement="mitchell",
                     factoring="neuberg_ebu")  # fmt: skip
    event = Event.objects.get(name="Tuesday pairs")
    section = Section.objects.get(session__event=event)
    assert response.url == reverse("tournaments:section_pairs", args=[section.pk])
    assert section.tables == 7 and section.pairs.count() == 14
    assert SectionMovement.objects.get(section=section).rounds == 7
    assert _club().setup_defaults["pairs"]["movement"] == "mitchell"
    again = _page_two(director, "pairs", 7).context["form"]
    assert again.initial["name"] == "Tuesday pairs"


def test_the_clubs_usual_movement_is_proposed_first(director: Client) -> None:
    usual = {"movement": "mitchell-relay", "boards_per_round": 4, "tables": 8}
    defaults_remember(_club(), "pairs", usual)
    assert director.get(START).context["kind_form"].initial["count"] == 8
    form = _page_two(director, "pairs", 8).context["form"]
    assert form.initial["movement"] == "mitchell-relay"
    assert form.said.startswith("8 tables: Share-and-relay Mitchell, 4 boards")


def test_other_tables_are_proposed_again_without_creating(director: Client) -> None:
    page = _post(director, "pairs", name="x", tables=4, boards_per_round=2,
                 movement="mitchell", propose="1")  # fmt: skip
    assert page.status_code == 200 and not Event.objects.exists()
    assert page.context["form"].said.startswith("4 tables: Skip Mitchell, 2 boards")


def test_a_movement_not_proposed_for_the_tables_is_refused_at_its_field(
    director: Client,
) -> None:
    page = _post(director, "pairs", name="x", tables=8, boards_per_round=3,
                 movement="mitchell", factoring="neuberg_ebu")  # fmt: skip
    assert page.status_code == 400 and not Event.objects.exists()
    assert list(page.context["form"].errors) == ["movement"]


def test_a_championship_session_offers_imps_and_is_scored_in_butler(
    director: Client,
) -> None:
    html = _page_two(director, "championship", 7).content.decode()
    assert "Butler: datum" in html and "Swiss" not in html
    _post(director, "championship", name="Open pairs", tables=7,
          boards_per_round=3, movement="mitchell", scoring="butler",
          factoring="neuberg_ebu", datum_source="field", datum_tie="even",
          ximp_divisor="n_minus_1", combined_by="sum")  # fmt: skip
    event = Event.objects.get(name="Open pairs")
    assert event.scoring == Event.Scoring.BUTLER
    assert _club().setup_defaults["kind"] == "championship"


def test_an_individual_is_proposed_and_created(director: Client) -> None:
    page = _page_two(director, "individual", 12)
    assert "12 players: complete individual, 11 rounds" in page.content.decode()
    response = _post(director, "individual", name="Individual", players=12,
                     boards_per_round=2, single_boards="average")  # fmt: skip
    event = Event.objects.get(name="Individual")
    assert event.individual
    section = Section.objects.get(session__event=event)
    assert response.url == reverse("tournaments:section_pairs", args=[section.pk])


def test_swiss_pairs_ask_rounds_and_draw_the_first(director: Client) -> None:
    html = _page_two(director, "swiss", 8).content.decode()
    assert "Rounds (Swiss pairs)" in html and "movement" not in html.lower()
    response = _post(director, "swiss", name="Swiss", tables=8, rounds=5,
                     boards_per_match=4,
                     vp_scale="wbf2013_continuous")  # fmt: skip
    event = Event.objects.get(name="Swiss")
    assert response.url == reverse("tournaments:event_detail", args=[event.pk])
    assert event.scoring == Event.Scoring.SWISS_PAIRS and event.rounds == 5


def test_teams_get_a_line_for_each_team(director: Client) -> None:
    page = _page_two(director, "teams", 4)
    assert 'type="hidden" name="club"' in page.content.decode()  # the only club
    form = page.context["form"]
    assert form.initial["teams"] == "Team 1\nTeam 2\nTeam 3\nTeam 4"
    _post(director, "teams", name="Winter teams", kind="teams",
          boards_per_match=8, vp_scale="wbf2013_continuous",
          teams="Aces\nKings\nQueens\nJacks")  # fmt: skip
    event = Event.objects.get(name="Winter teams")
    assert event.scoring == Event.Scoring.TEAMS
    assert event.teams.count() == 4


def test_a_social_evening_opens_the_social_session(director: Client) -> None:
    response = _page_two(director, "social")
    assert response.url == reverse("social:session_start")


def test_the_wizard_is_translated(director: Client) -> None:
    for language, words in (("es", "Cuántas mesas"), ("it", "Quanti tavoli")):
        with translation.override(language):  # the language does not leak out
            page = director.get(START, HTTP_ACCEPT_LANGUAGE=language)
        assert words in page.content.decode()


def test_the_proposal_is_said_in_spanish(director: Client) -> None:
    with translation.override("es"):
        query = {"evening": "pairs", "count": "7", "club": str(_club().pk)}
        page = director.get(START, query, HTTP_ACCEPT_LANGUAGE="es")
    html = page.content.decode()
    assert "7 mesas: Mitchell, 3 tableros por ronda, 21 tableros" in html
    assert "Nueva sesión: Parejas" in html


def test_a_refused_choice_is_said_next_to_its_field_and_nothing_is_written(
    director: Client,
) -> None:
    page = _post(director, "championship", name="Open pairs", tables=7,
                 boards_per_round=3, movement="mitchell", scoring="butler",
                 factoring="neuberg_ebu", datum_source="field",
                 ximp_divisor="n_minus_1", combined_by="average")  # fmt: skip
    assert page.status_code == 400 and not Event.objects.exists()
    assert list(page.context["form"].errors) == ["combined_by"]
    assert _club().setup_defaults == {}


def test_an_individual_is_proposed_again_for_other_players(director: Client) -> None:
    page = _post(director, "individual", name="x", players=16, boards_per_round=2,
                 propose="1")  # fmt: skip
    assert page.status_code == 200 and not Event.objects.exists()
    assert page.context["form"].said.startswith("16 players: complete individual")


def test_one_pair_short_is_proposed_with_its_phantom(director: Client) -> None:
    page = _post(director, "pairs", name="x", tables=7, pair_short="on",
                 boards_per_round=3, movement="mitchell", propose="1")  # fmt: skip
    said = page.context["form"].said
    assert said.startswith("7 tables: Mitchell, 3 boards a round, 21 boards")
    assert ", pair 7NS missing: its opponents sit out" in said


def test_thirteen_pairs_play_seven_tables_with_a_phantom(director: Client) -> None:
    _post(director, "pairs", name="Odd pairs", tables=7, pair_short="on",
          boards_per_round=3, movement="mitchell",
          factoring="neuberg_ebu")  # fmt: skip
    section = Section.objects.get(session__event__name="Odd pairs")
    stored = SectionMovement.objects.get(section=section)
    assert (section.tables, stored.tables, stored.rounds) == (7, 7, 7)
    assert stored.phantom == "7NS"
    assert "pair_short" not in _club().setup_defaults["pairs"]


def test_a_late_pair_takes_the_phantoms_place_from_the_names_page(
    director: Client,
) -> None:
    _post(director, "pairs", name="Odd pairs", tables=7, pair_short="on",
          boards_per_round=3, movement="mitchell",
          factoring="neuberg_ebu")  # fmt: skip
    section = Section.objects.get(session__event__name="Odd pairs")
    names = reverse("tournaments:section_pairs", args=[section.pk])
    page = director.get(names).content.decode()
    assert "Pair 7NS is missing: its opponents sit out." in page
    change = reverse("movements:change", args=[section.pk])
    assert f'action="{change}"' in page
    arrived = director.post(
        change, {"action": "arrives", "from_round": 1, "back": "pairs"}
    )
    assert arrived["Location"] == names
    assert SectionMovement.objects.get(section=section).phantom == ""
    assert "is missing" not in director.get(names).content.decode()


def test_no_pair_missing_no_late_pair_form(director: Client) -> None:
    _post(director, "pairs", name="Even pairs", tables=7, boards_per_round=3,
          movement="mitchell", factoring="neuberg_ebu")  # fmt: skip
    section = Section.objects.get(session__event__name="Even pairs")
    page = director.get(reverse("tournaments:section_pairs", args=[section.pk]))
    assert 'id="late-pair"' not in page.content.decode()
