"""The director's movement page offers the arrow switch (suggested rounds ticked),
barometer boards and the Web Mitchell (individual-and-social.md §2)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from movements import engine
from movements.models import Seating, SectionMovement
from tests.factories import join, make_event, section_of
from tournaments.models import Director, Event, Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw", is_staff=True)
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    return client


def setup_url(section: Section) -> str:
    return reverse("movements:setup", args=[section.pk])


def setup(tables: int, boards: int = 2) -> dict[str, str | int]:
    return {"tables": tables, "half_table": "", "boards_per_round": boards,
            "preferred": "mitchell"}  # fmt: skip


def proposal_form(page: str, key: str) -> str:
    """The HTML of the form choosing the proposal `key`."""
    start = page.index(f'name="key" value="{key}"')
    return page[start : page.index("</form>", start)]


def test_a_mitchell_proposal_ticks_the_suggested_rounds_to_arrow_switch(
    director: Client,
) -> None:
    section = section_of(make_event(tables=7))
    page = director.get(setup_url(section), setup(7)).content.decode()
    form = proposal_form(page, "mitchell")
    ticked = re.findall(r'name="switch_rounds" value="(\d+)" checked', form)
    assert ticked == [str(r) for r in engine.suggested_switch_rounds(7)] == ["7"]
    assert len(re.findall(r'name="switch_rounds"', form)) == 7
    assert 'name="arrow_switch"' in form
    assert "7 copies of each board" in form
    howell = proposal_form(page, "howell")
    assert "switch_rounds" not in howell


def test_choosing_an_arrow_switch_stores_it_and_makes_one_winner(
    director: Client,
) -> None:
    event = make_event(tables=7)
    section = section_of(event)
    chosen = {**setup(7), "key": "mitchell", "arrow_switch": "on",
              "switch_rounds": ["4", "7"]}  # fmt: skip
    response = director.post(setup_url(section), chosen, follow=True)
    page = response.content.decode()
    assert "Movement stored: Mitchell" in page
    assert "Arrow switch in rounds 4, 7" in page
    rows = Seating.objects.filter(section=section, arrow_switched=True)
    assert sorted(set(rows.values_list("round", flat=True))) == [4, 7]
    want = engine.mitchell(7, boards_per_round=2, arrow_switch_rounds=[4, 7])
    got = list(
        Seating.objects.filter(section=section).values_list(
            "round", "table", "ns_pair__label", "ew_pair__label", "arrow_switched"
        )
    )
    assert got == [(r.number, s.table, str(s.ns), str(s.ew), s.arrow_switched)
                   for r, s in want.schedule()]  # fmt: skip
    event.refresh_from_db()
    assert not event.two_winners


def test_rounds_ticked_without_the_switch_change_nothing(director: Client) -> None:
    event = make_event(tables=7)
    section = section_of(event)
    chosen = {**setup(7), "key": "mitchell", "switch_rounds": ["7"]}
    director.post(setup_url(section), chosen)
    assert not Seating.objects.filter(section=section, arrow_switched=True).exists()
    event.refresh_from_db()
    assert event.two_winners


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"arrow_switch": "on"}, "Rounds to arrow-switch: Tick the rounds"),
        ({"arrow_switch": "on", "switch_rounds": ["9"]},
         "cannot arrow-switch round(s) [9]: the movement has rounds 1–7"),
        ({"arrow_switch": "on", "switch_rounds": ["x"]}, "whole numbers, not x"),
    ],
)  # fmt: skip
def test_a_bad_arrow_switch_is_refused_and_the_movement_kept(
    director: Client, extra: dict[str, object], message: str
) -> None:
    section = section_of(make_event(tables=7))
    before = list(Seating.objects.filter(section=section).values_list("pk", flat=True))
    chosen = {**setup(7), "key": "mitchell", **extra}
    page = director.post(setup_url(section), chosen, follow=True).content.decode()
    assert message in page.replace("&#x27;", "'")
    after = list(Seating.objects.filter(section=section).values_list("pk", flat=True))
    assert after == before


def test_barometer_boards_chosen_on_the_page(director: Client) -> None:
    event = make_event(tables=5)
    section = section_of(event)
    chosen = {**setup(5), "key": "mitchell", "barometer": "on"}
    page = director.post(setup_url(section), chosen, follow=True).content.decode()
    assert "make 5 copies of each board" in page
    assert SectionMovement.objects.get(section=section).barometer
    for number in range(1, 6):
        sets = Seating.objects.filter(section=section, round=number)
        assert set(sets.values_list("board_set", flat=True)) == {number}
    assert Event.objects.get().hide_current_round


def test_a_web_mitchell_is_proposed_for_fourteen_tables_with_its_sets(
    director: Client,
) -> None:
    section = section_of(make_event(tables=14))
    page = director.get(setup_url(section), setup(14)).content.decode()
    form = proposal_form(page, "mitchell-web")
    assert 'name="sets" value="13"' in form
    assert "Web Mitchell: 13 rounds, 26 boards" in page
    chosen = {**setup(14), "key": "mitchell-web", "sets": 11}
    page = director.post(setup_url(section), chosen, follow=True).content.decode()
    assert "Movement stored: Web Mitchell" in page
    stored = SectionMovement.objects.get(section=section)
    assert (stored.variant, stored.sets, stored.rounds) == ("web", 11, 11)
    assert "error (check" not in page


def test_an_even_number_of_web_sets_is_refused_naming_the_field(
    director: Client,
) -> None:
    section = section_of(make_event(tables=14))
    before = SectionMovement.objects.get(section=section).variant
    chosen = {**setup(14), "key": "mitchell-web", "sets": 12}
    page = director.post(setup_url(section), chosen, follow=True).content.decode()
    assert (
        "Board sets: A Web Mitchell needs an odd number of board sets, not 12" in page
    )
    assert SectionMovement.objects.get(section=section).variant == before == "skip"


def test_no_web_mitchell_below_fourteen_tables(director: Client) -> None:
    section = section_of(make_event(tables=12))
    page = director.get(setup_url(section), setup(12)).content.decode()
    assert 'value="mitchell-web"' not in page
    chosen = {**setup(12), "key": "mitchell-web"}
    page = director.post(setup_url(section), chosen, follow=True).content.decode()
    assert "even number of tables from 14 to 26, not 12" in page
