"""An individual's director pages: created from the event form, players named one
name each from the roster, the schedule with its warnings, and the guide cards
per player and per table, on a page and in a PDF read back with pypdf."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from movements.engine.individual import individual, player_card
from movements.individuals import individual_table_cards, player_cards
from movements.models import Seating, SectionMovement
from movements.selectors import playing_seatings
from scoring.documents.document import Document, Table
from scoring.documents.pdf import render_pdf
from tests.factories import CLUB, join, section_of
from tournaments.models import Club, Event, Person, Section
from tournaments.setup.events import pair_name
from tournaments.setup.individuals import RAINBOW, individual_event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user, CLUB)
    client.force_login(user)
    return client


def twelve() -> Section:
    return section_of(individual_event_create(name="Xmas", players=12, club=CLUB))


def card_rows(document: Document, title: str) -> list[dict[str, object]]:
    return next(
        [dict(row) for row in block.rows]
        for block in document.blocks
        if isinstance(block, Table) and block.title == title
    )


def pdf_lines(document: Document) -> list[str]:
    reader = PdfReader(BytesIO(render_pdf(document, "A4")))
    text = "\n".join(p.extract_text() for p in reader.pages)
    return [line.strip() for line in text.splitlines()]


# The event form --
def event_form(**fields: object) -> dict[str, object]:
    club = Club.objects.get(name=CLUB)
    return {"name": "Christmas", "club": club.pk, "tables": 7, "kind": "individual",
            "scoring": "mp", **fields}  # fmt: skip


def test_the_event_form_creates_an_individual_of_ten_players(director: Client) -> None:
    response = director.post(reverse("tournaments:event_new"), event_form(players=10))
    assert response.status_code == 302
    event = Event.objects.get()
    section = section_of(event)
    assert event.individual and section.pairs.count() == 10 and section.tables == 3
    assert SectionMovement.objects.get(section=section).phantom == "11-12"
    page = director.get(response["Location"]).content.decode()
    assert "Name the players, then enter results." in page
    assert "Player names" in page


def test_the_event_form_makes_a_rainbow_from_its_tables(director: Client) -> None:
    form = event_form(kind="rainbow", tables=5, boards_per_round=3)
    assert director.post(reverse("tournaments:event_new"), form).status_code == 302
    stored = SectionMovement.objects.get()
    assert (stored.kind, stored.tables, stored.rounds, stored.boards_per_round) == (
        "rainbow", 5, 5, 3,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({}, "Say how many players play the individual."),
        ({"players": 4}, "Ensure this value is greater than or equal to 5."),
        ({"players": 12, "scoring": "cross_imps"},
         "An individual is scored in matchpoints."),
        ({"kind": "rainbow", "tables": 9}, "cannot have 9 tables"),
    ],
)  # fmt: skip
def test_the_event_form_refuses_an_impossible_individual(
    director: Client, fields: dict[str, object], message: str
) -> None:
    page = director.post(reverse("tournaments:event_new"), event_form(**fields))
    assert page.status_code == 200
    assert message in page.content.decode()
    assert not Event.objects.exists()


# Naming the players --
def test_the_players_page_has_one_name_a_player_and_links_the_roster(
    director: Client,
) -> None:
    section = twelve()
    club = Club.objects.get(name=CLUB)
    ana = Person.objects.create(club=club, name="Ana Ruiz", national_id="E1001")
    url = reverse("tournaments:section_pairs", args=[section.pk])
    page = director.get(url).content.decode()
    assert page.count('class="roster-pick"') == 12
    assert "Partner" not in page
    three, seven = section.pairs.get(label="3"), section.pairs.get(label="7")
    form = {f"p{three.pk}-name": "Ana Ruiz", f"p{three.pk}-person": ana.pk,
            f"p{seven.pk}-name": "  Bo Li ", f"p{seven.pk}-person": ""}  # fmt: skip
    assert director.post(url, form).status_code == 302
    assert [(p.seat, p.name, p.person) for p in three.players.all()] == [
        (1, "Ana Ruiz", ana)
    ]
    bo = seven.players.get()
    assert bo.name == "Bo Li" and bo.person is not None and bo.person.club == club
    assert not section.pairs.get(label="1").players.exists()
    again = director.get(url).content.decode()
    assert 'value="Ana Ruiz"' in again and f'value="{ana.pk}"' in again


# The movement page --
def test_the_movement_page_shows_who_sits_where_and_the_warnings(
    director: Client,
) -> None:
    section = section_of(individual_event_create(name="Ten", players=10, club=CLUB))
    pair_name(pair=section.pairs.get(label="8"), names=["Cy Diaz"])
    page = director.get(reverse("movements:setup", args=[section.pk])).content
    text = page.decode()
    eight = section.pairs.get(label="8")
    seat = playing_seatings(section=section, ns_pair=eight).first()
    assert seat is not None and seat.ew_pair is not None
    assert (
        f'<td class="num">{seat.round}</td><td class="num">{seat.table}</td>'
        f"<td >{seat.first_board}–{seat.last_board}</td>"
        '<td class="more" data-label="North">8 Cy Diaz</td>'
        f'<td class="more" data-label="East">{seat.ew_pair.label}</td>'
    ) in text
    assert "Players 11, 12 are phantoms" in text
    assert "warning (check 5): phantom players 11, 12 unbalance" in text
    movement = individual(10)
    out = movement.sitting_out(movement.rounds[0])
    named = ", ".join("8 Cy Diaz" if p == 8 else str(p) for p in out)
    assert f"<li>Round 1: {named}</li>" in text
    assert "Propose movements" not in text  # the pairs set-up is not offered


def test_the_pairs_set_up_cannot_replace_an_individuals_movement(
    director: Client,
) -> None:
    section = twelve()
    before = list(Seating.objects.filter(section=section).values_list("pk"))
    setup = {"tables": 3, "half_table": "", "boards_per_round": 2,
             "preferred": "howell", "key": "howell"}  # fmt: skip
    director.post(reverse("movements:setup", args=[section.pk]), setup)
    grid = {"grid": "1 1 1NS 1EW 1", "boards_per_round": 2}
    director.post(reverse("movements:grid", args=[section.pk]), grid)
    assert list(Seating.objects.filter(section=section).values_list("pk")) == before
    assert section.pairs.count() == 12


# Guide cards --
def test_a_player_card_follows_the_engine_round_by_round() -> None:
    section = twelve()
    pair_name(pair=section.pairs.get(label="1"), names=["Ana Ruiz"])
    rows = card_rows(player_cards(section), "Player 1 Ana Ruiz")
    engine_card = player_card(individual(12), 1)
    assert len(rows) == 11
    for row, step in zip(rows, engine_card, strict=True):
        assert (row["round"], row["table"], row["seat"]) == (
            step.round, step.table, step.seat,
        )  # fmt: skip
    # Round 1: player 1 sits South at table 1, partner 8, opponents 9 and 12.
    assert rows[0] == {"round": 1, "table": 1, "seat": "S", "partner": "8",
                       "opponents": "9, 12", "boards": "1–2"}  # fmt: skip


def test_a_player_who_sits_out_is_told_so_on_his_card() -> None:
    section = section_of(individual_event_create(name="Ten", players=10))
    movement = individual(10)
    out_rounds = [s.round for s in player_card(movement, 1) if s.table is None]
    assert out_rounds  # 10 players: everyone sits out at least once
    rows = card_rows(player_cards(section), "Player 1")
    assert [r["round"] for r in rows if r["opponents"] == "sits out"] == out_rounds
    assert all(r["table"] == "—" for r in rows if r["round"] in out_rounds)
    lines = pdf_lines(player_cards(section))
    card = lines[lines.index("Player 1") + 1 : lines.index("Player 2")]
    triples = [card[i : i + 3] for i in range(len(card) - 2)]
    said = [int(t[0]) for t in triples if t[1:] == ["—", "sits out"]]
    assert said == out_rounds


def test_the_player_cards_pdf_reads_back_a_players_rounds() -> None:
    section = twelve()
    pair_name(pair=section.pairs.get(label="1"), names=["Ana Ruiz"])
    lines = pdf_lines(player_cards(section))
    card = lines[lines.index("Player 1 Ana Ruiz") + 1 : lines.index("Player 2")]
    assert card[:6] == ["Round", "Table", "Seat", "Partner", "Opponents", "Boards"]
    assert card[6:18] == ["1", "1", "S", "8", "9, 12", "1–2",
                          "2", "3", "N", "4", "6, 11", "3–4"]  # fmt: skip
    assert sum(1 for line in lines if line.startswith("Player ")) == 12


def test_a_table_card_says_which_seat_each_player_takes() -> None:
    section = twelve()
    pair_name(pair=section.pairs.get(label="12"), names=["Di Fox"])
    rows = card_rows(individual_table_cards(section), "Table 1")
    assert rows[0] == {"round": 1, "boards": "1–2", "N": "8", "E": "12 Di Fox",
                       "S": "1", "W": "9"}  # fmt: skip
    assert len(rows) == 11 and [r["boards"] for r in rows][-1] == "21–22"
    lines = pdf_lines(individual_table_cards(section))
    assert lines[lines.index("Table 1") + 1 : lines.index("Table 1") + 7] == [
        "Round", "Boards", "North", "East", "South", "West",
    ]  # fmt: skip


def test_a_table_with_a_phantom_has_no_play_that_round() -> None:
    section = section_of(individual_event_create(name="Ten", players=10))
    movement = individual(10)
    played = {(r.number, s.table) for r, s in movement.played()}
    document = individual_table_cards(section)
    for table in (2, 3):
        rows = card_rows(document, f"Table {table}")
        idle = [r["round"] for r in rows if r.get("N") == "no play this round"]
        wanted = [r.number for r in movement.rounds if (r.number, table) not in played]
        assert idle == wanted


@pytest.mark.parametrize(
    ("players", "cards"), [(6, ["Table 1"]), (10, ["Table 2", "Table 3"])]
)
def test_a_phantom_individual_s_table_that_never_plays_has_no_card(
    players: int, cards: list[str]
) -> None:
    section = section_of(individual_event_create(name="Few", players=players))
    titles = [b.title for b in individual_table_cards(section).blocks
              if isinstance(b, Table)]  # fmt: skip
    assert titles == cards


def test_the_guide_card_pages_and_pdf_of_an_individual(director: Client) -> None:
    section = section_of(
        individual_event_create(name="Rainbow", kind=RAINBOW, tables=5, club=CLUB)
    )
    url = reverse("movements:guide_cards", args=[section.pk])
    players = director.get(url, {"cards": "pairs"}).content.decode()
    assert players.count('class="guide-card"') == 20
    assert "Player 20" in players and "Opponents" in players
    tables = director.get(url).content.decode()
    assert tables.count('class="guide-card"') == 5 and "Player guide cards" in tables
    pdf = director.get(
        reverse("movements:guide_cards_pdf", args=[section.pk]), {"cards": "pairs"}
    )
    assert pdf["Content-Type"] == "application/pdf"
    assert len(PdfReader(BytesIO(pdf.content)).pages) >= 2
