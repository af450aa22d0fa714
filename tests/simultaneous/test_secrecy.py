"""Secrecy across heats: the public matrix of a heat's outputs (every public
page, download, display and feed, ``tests.public.outputs``) shows nothing of any
board, and no ranking, before the simultaneous' release time, even when the
club's own play or release would allow it; after the release time the heat's own
play rules. The overall is public only once released."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring.standings.secrecy import hidden_boards, public_overall, public_results
from scoring.standings.simultaneous import overall_of
from tests.public.in_play import InPlay, make_in_play
from tests.public.outputs import public_outputs
from tests.public.test_secrecy_matrix import ALL_BOARDS, leaks
from tournaments.models import Commentary, Event, Heat, Simultaneous
from tournaments.setup.settings import session_release
from tournaments.setup.simultaneous import simultaneous_create

pytestmark = pytest.mark.django_db


def as_heat(in_play: InPlay, *, released_in: timedelta) -> Simultaneous:
    made = simultaneous_create(name="Sims", boards=len(ALL_BOARDS),
                               release_at=timezone.now() + released_in)  # fmt: skip
    assert in_play.event.club is not None
    Event.objects.filter(pk=made.event_id).update(published=True)
    Heat.objects.create(simultaneous=made, club=in_play.event.club,
                        session=in_play.session)  # fmt: skip
    for number in ALL_BOARDS:  # printed beneath each deal of the booklet
        Commentary.objects.create(simultaneous=made, board=number, text=said(number))
    return made


def test_before_the_release_time_no_public_output_shows_any_board(
    client: Client,
) -> None:
    in_play = make_in_play(barometer=False)
    session_release(session=in_play.session, on=True, user=None)  # the club's
    made = as_heat(in_play, released_in=timedelta(hours=2))
    outputs = public_outputs(client, in_play)
    assert leaks(outputs, in_play, ALL_BOARDS) == []
    assert commentary_leaks(outputs, ALL_BOARDS) == []
    assert hidden_boards(in_play.session) == ALL_BOARDS
    assert public_results(in_play.session).standings == []
    assert public_overall(made) is None
    assert overall_of(made).rows  # each club's director reads the overall so far


def test_after_the_release_time_the_heats_own_play_rules(client: Client) -> None:
    in_play = make_in_play(barometer=False)
    made = as_heat(in_play, released_in=-timedelta(minutes=1))
    assert hidden_boards(in_play.session) == ALL_BOARDS - in_play.visible(
        barometer=False
    )
    session_release(session=in_play.session, on=True, user=None)
    outputs = public_outputs(client, in_play)
    for board in ALL_BOARDS:
        page = outputs[f"public:board {board}"]
        assert all(s in page for s in in_play.secrets(board)), board
        assert said(board) in outputs["scoring:hand_records_pdf"]  # the booklet
    overall = public_overall(made)
    assert overall is not None and overall.rows == overall_of(made).rows


def test_a_heat_still_playing_after_the_release_gives_its_finished_boards_only(
    client: Client,
) -> None:
    """Heat B in round 2 after the release time: its round-2 boards, which table
    3 has still to play, stay out of the public overall (lines and ranking)."""
    in_play = make_in_play(barometer=False)
    made = as_heat(in_play, released_in=-timedelta(minutes=1))
    finished = in_play.visible(barometer=False)
    assert finished < ALL_BOARDS  # round 3 unplayed: no board finished yet
    overall = public_overall(made)
    assert overall is not None
    assert set(overall.boards) == finished
    so_far = overall_of(made)
    assert set(so_far.boards) > finished  # the director's overall has them all
    shown = {line.pk for lines in overall.boards.values() for _h, line, _p in lines}
    secret = in_play.lines().exclude(board__number__in=finished)
    assert secret.exists() and not shown & set(secret.values_list("pk", flat=True))
    assert overall.rows != so_far.rows
    outputs = public_outputs(client, in_play)  # the overall page and its part
    assert "public:overall part" in outputs
    assert leaks(outputs, in_play, ALL_BOARDS - finished) == []
    assert commentary_leaks(outputs, ALL_BOARDS - finished) == []


def commentary_leaks(outputs: dict[str, str], hidden: set[int]) -> list[str]:
    """Each (output, board) showing a hidden board's commentary (its deal's)."""
    return [f"{name}: board {n}" for n in sorted(hidden)
            for name, text in outputs.items() if said(n) in text]  # fmt: skip


def said(number: int) -> str:
    return f"Commentary {number}: a squeeze."
