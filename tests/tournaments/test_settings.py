"""An event's settings on the director's page and `publish`: logged, club-scoped."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from scoring.models import ChangeLog
from tests.factories import join, make_event
from tournaments.models import Event
from tournaments.setup.settings import event_settings_set

pytestmark = pytest.mark.django_db


def test_publish_shows_and_withdraws_an_event_and_logs_it() -> None:
    event = make_event()
    out = StringIO()
    call_command("publish", str(event.pk), stdout=out)
    assert Event.objects.get(pk=event.pk).published
    assert f"event {event.pk} 'Tuesday pairs': published" in out.getvalue()
    call_command("publish", str(event.pk), "--off", stdout=StringIO())
    assert not Event.objects.get(pk=event.pk).published
    log = list(ChangeLog.objects.values_list("action", "description"))
    assert log == [
        ("settings", "published: True → False"),
        ("settings", "published: False → True"),
    ]


def test_publish_refuses_an_unknown_event() -> None:
    with pytest.raises(CommandError, match="there is no event 999"):
        call_command("publish", "999")


def test_a_director_changes_the_settings_on_the_event_page(client: Client) -> None:
    event = make_event()
    user = User.objects.create_user("td", password="pw")
    join(user)
    client.force_login(user)
    url = reverse("tournaments:event_settings", args=[event.pk])
    form = client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v not in (None, False)}
    data |= {"published": "on", "hide_current_round": "on"}
    assert client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert (event.published, event.hide_current_round) == (True, True)
    (entry,) = ChangeLog.objects.filter(action="settings")
    assert "published: False → True" in entry.description
    assert entry.user == user


def test_a_scorer_cannot_change_the_settings(client: Client) -> None:
    event = make_event()
    user = User.objects.create_user("sc", password="pw")
    join(user, role="scorer")
    client.force_login(user)
    url = reverse("tournaments:event_settings", args=[event.pk])
    assert client.post(url, {"published": "on"}).status_code == 404
    assert not Event.objects.get(pk=event.pk).published


def test_an_imp_event_cannot_average_percentages_over_its_sessions() -> None:
    event = make_event(scoring=Event.Scoring.BUTLER)
    with pytest.raises(ValidationError) as refused:
        event_settings_set(event=event, changes={"combined_by": "average"}, user=None)
    assert "combined_by" in refused.value.message_dict
    event.refresh_from_db()
    assert event.combined_by == Event.CombinedBy.SUM
    assert not ChangeLog.objects.filter(action="settings").exists()
