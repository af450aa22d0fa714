"""Weighted assigned scores typed on the correction page: refused with the
director's message in their language, and nothing saved."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import join, make_event, make_result, section_of
from tournaments.models import Director

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("typed", "language", "message"),
    [
        ("40% 4S N = ; 50% 4S N -1", "en", "The weights must add up to 100%."),
        ("40% 4S N = ; 50% 4S N -1", "es", "Los pesos deben sumar 100%."),
        ("x% 4S N =", "en", "x% 4S N =: the weight must be a percentage like 40%."),
    ],
)
def test_bad_weights_are_refused_with_a_message_and_nothing_is_saved(
    director: Client, typed: str, language: str, message: str
) -> None:
    line = make_result(section_of(make_event()), 1, "1NS", "1EW", "4S N =")
    director.cookies["django_language"] = language
    url = reverse("scoring:line_assigned", args=[line.pk])
    page = director.post(url, {"side": "", "results": typed}, follow=True)
    assert message in page.content.decode()
    assert not line.assigned.exists()
