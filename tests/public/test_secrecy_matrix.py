"""The secrecy matrix: every public page, download, room display and change feed
answer of a session in play shows nothing of a board the public may not see
yet, with the barometer on and off; with it on, every ranking is the one of the
rounds every table has finished. What may be seen is worked out in the test
(``tests.public.in_play``) from the schedule and the lines entered.

The table API (the phones) has its own matrix: ``outputs.ELSEWHERE``."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import join
from tournaments.setup.settings import session_release

from .in_play import BOARDS, CLUB, InPlay, make_in_play
from .outputs import public_outputs, read, unknown_routes

pytestmark = pytest.mark.django_db

ALL_BOARDS = set(range(1, BOARDS + 1))
COPY = "Copy club"
HIDDEN_ROUND = "Round 2 is in play: its results are hidden until it ends."


def leaks(outputs: dict[str, str], in_play: InPlay, hidden: set[int]) -> list[str]:
    """Each (output, board, secret) where a secret of a hidden board shows."""
    return [
        f"{name}: board {board} {secret}"
        for board in sorted(hidden)
        for secret in in_play.secrets(board)
        for name, text in outputs.items()
        if secret in text
    ]


def test_every_public_url_pattern_is_in_the_matrix() -> None:
    assert unknown_routes() == []


def test_every_board_has_secrets_of_its_own() -> None:
    in_play = make_in_play(barometer=False)
    secrets = [s for b in ALL_BOARDS for s in in_play.secrets(b)]
    assert len(secrets) == len(set(secrets)) == 10 + 2 * BOARDS


LAYOUTS = pytest.mark.parametrize(
    "same_boards", [False, True], ids=["mitchell", "barometer-boards"]
)


@LAYOUTS
@pytest.mark.parametrize("barometer", [False, True], ids=["plain", "hidden-round"])
def test_no_public_output_shows_a_board_not_yet_played_everywhere(
    client: Client, barometer: bool, same_boards: bool
) -> None:
    in_play = make_in_play(barometer=barometer, same_boards=same_boards)
    assert in_play.round_in_play() == 2
    assert in_play.played_rounds == {1: (1, 2, 3), 2: (1, 2)}
    visible = in_play.visible(barometer=barometer)
    # A Mitchell plays each board every round; barometer boards, round 1's.
    assert visible == ({1, 2} if same_boards else set())
    outputs = public_outputs(client, in_play)
    assert leaks(outputs, in_play, ALL_BOARDS - visible) == []
    for board in visible:  # and what may be seen is shown
        page = outputs[f"public:board {board}"]
        assert all(s in page for s in in_play.secrets(board)), board


def test_once_released_the_matrix_finds_every_secret(client: Client) -> None:
    """The matrix looks where the secrets would show: released, they do."""
    in_play = make_in_play(barometer=True)
    session_release(session=in_play.session, on=True, user=None)
    assert in_play.visible(barometer=True) == ALL_BOARDS
    outputs = public_outputs(client, in_play)
    for board in ALL_BOARDS:
        page = outputs[f"public:board {board}"]
        assert all(s in page for s in in_play.secrets(board)), board
        spades = in_play.secrets(board)[-2]
        assert spades in outputs["public:session_pbn"]
        assert spades in outputs["public:hands"]
        assert spades in outputs["scoring:session_pdf"]


def _as_copy(text: str) -> str:
    """The text with the clubs' names and events' numbers alike and no note of
    a hidden round, its spaces as one."""
    text = text.replace(CLUB, COPY).replace(HIDDEN_ROUND, "")
    text = re.sub(r"<EVENT_IDENTIFIER>\d+<", "<EVENT_IDENTIFIER><", text)
    return " ".join(text.split())


@LAYOUTS
def test_with_the_barometer_every_public_output_leaves_the_round_in_play_out(
    client: Client, same_boards: bool
) -> None:
    """Each output reads as it would had round 2 not begun: rankings, totals,
    percentages, scorecards, travellers, deals and files alike."""
    in_play = make_in_play(barometer=True, same_boards=same_boards)
    copy = make_in_play(barometer=True, rounds=(1,), club=COPY, same_boards=same_boards)
    assert copy.round_in_play() is None
    shown = public_outputs(client, in_play)
    expected = public_outputs(client, copy)
    del shown["public:changes"], expected["public:changes"]  # event's change numbers
    differ = [n for n in shown if _as_copy(shown[n]) != _as_copy(expected[n])]
    assert differ == []
    assert HIDDEN_ROUND in shown["public:session"]
    assert HIDDEN_ROUND in shown["public:room part"]


def test_without_the_barometer_the_ranking_counts_the_round_in_play(
    client: Client,
) -> None:
    in_play = make_in_play(barometer=False)
    copy = make_in_play(barometer=False, rounds=(1,), club=COPY)
    shown = public_outputs(client, in_play)["public:session"]
    assert HIDDEN_ROUND not in shown
    assert _as_copy(shown) != _as_copy(public_outputs(client, copy)["public:session"])


def test_the_clubs_director_still_reads_every_board_and_round(client: Client) -> None:
    in_play = make_in_play(barometer=True)
    director = User.objects.create_user("director", password="pw")
    join(director, CLUB)
    client.force_login(director)
    session = in_play.session.pk
    for name in ("scoring:session_pdf", "scoring:session_xlsx"):
        text = read(client, reverse(name, args=[session]))
        assert all(in_play.secrets(b)[0] in text for b in ALL_BOARDS), name
    ranking = read(client, reverse("scoring:ranking", args=[session]))
    assert HIDDEN_ROUND not in ranking
    # 2NS played two boards a round at table 2: round 2's count.
    assert re.search(
        r"2NS Player 2NS1 – Player 2NS2 [\d.]+ [\d.]+% 4 ", _as_copy(ranking)
    )
