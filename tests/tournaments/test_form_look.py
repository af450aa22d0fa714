"""Director forms render through the project's field template: labels start
with a capital in every language ("club:" was shown lower-case), and a field's
errors sit right after its control rather than at the top of the form."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from tests.factories import join

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "club", "tables"), [
    ("en", "Club:", "Tables:"),
    ("es", "Club:", "Mesas:"),
    ("it", "Circolo:", "Tavoli:"),
])  # fmt: skip
def test_labels_are_capitalised_in_every_language(
    client: Client, language: str, club: str, tables: str
) -> None:
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    with translation.override(language):
        page = client.get(
            reverse("tournaments:event_new"), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
    assert f'for="id_club">{club}</label>' in page
    assert f'for="id_tables">{tables}</label>' in page


def test_an_error_follows_its_control(client: Client) -> None:
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    page = client.post(reverse("tournaments:event_new"), {"tables": "x"}).content
    html = page.decode()
    control = html.index('name="tables"')
    error = html.index('id="id_tables_error"')
    assert control < error < html.index('name="players"')
    assert 'class="field-errors"' in html


def test_the_new_event_asks_a_pairs_evening_first_dated_today(client: Client) -> None:
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    html = client.get(reverse("tournaments:event_new")).content.decode()
    today = timezone.localdate().isoformat()
    assert f'name="date" value="{today}"' in html
    folded = html.index('<details class="more"')
    for name in ("kind", "tables", "boards_per_round", "name", "date"):
        assert html.index(f'name="{name}"') < folded
    for name in ("scoring", "factoring", "rounds"):
        assert html.index(f'name="{name}"') > folded
