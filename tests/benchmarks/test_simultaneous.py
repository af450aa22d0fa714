"""The simultaneous benchmark at a small size, so that it cannot rot: the
field it builds is what the overall ranking reads (every club's heat, every
line, the set's boards), its re-score figures are printed as JSON, and the
live run reads the boards' counts off the overall page's live part."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from benchmarks import simultaneous
from benchmarks.sims_field import build_field, rescore
from benchmarks.sims_live import Seen, board_counts, latencies

pytestmark = pytest.mark.django_db


def test_the_figures_of_a_small_field() -> None:
    found = simultaneous.figures(clubs=3, tables=2, boards=4, runs=1)
    assert found["pairs"] == 3 * 2 * 2 and found["lines"] == 3 * 2 * 4
    for step in ("overall_of", "public_overall"):
        assert found[step]["queries"] <= 12 and len(found[step]["runs_s"]) == 1
    json.dumps(found)  # printable as it is


def test_the_public_sees_every_heat_once_released() -> None:
    event_id = build_field(3, 2, 4)
    public = rescore(event_id, public=True)
    assert public is not None
    assert len(public.rows) == 12 and sum(map(len, public.boards.values())) == 24


def test_the_live_part_s_counts_are_the_fields(client: Client) -> None:
    event_id = build_field(3, 2, 4)  # released an hour ago
    url = reverse("public:overall", args=[event_id]) + "?part=live"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert board_counts(page) == {1: 6, 2: 6, 3: 6, 4: 6}


def test_an_acceptance_is_seen_when_its_board_grows_by_a_heat() -> None:
    accepted = [(2, 101.0), (2, 100.0)]
    seen: Seen = [(100.5, {2: 5}), (101.5, {2: 8}), (103.0, {2: 11})]
    found, missed = latencies(accepted, seen, {2: 5}, 3)
    assert sorted(found) == [1.5, 2.0] and missed == 0
    assert latencies(accepted, seen[:2], {2: 5}, 3) == ([1.5], 1)
