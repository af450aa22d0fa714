"""DATABASE_REPLICA_URL: the public pages read from the replica, while writes,
the director's pages and the change feed stay on the primary (config.replica).

A second PostgreSQL database plays the standby: migrated, then filled with a
copy of the primary's rows, the event renamed there, so a page shows which
database it read."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection, connections
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from config.replica import REPLICA
from scoring.models import ChangeLog, RenderedPart
from tests.factories import join, make_small_evening
from tournaments.models import Event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

COPIED_APPS = ("contenttypes", "auth", "tournaments", "movements", "scoring")


def _copy_rows() -> None:
    """Every row of the results' apps, as a standby would hold them (its
    constraints' triggers off while copying: no order of tables needed). What
    the replica's own migration wrote (content types, permissions: their ids
    depend on the order it met the models) is emptied first."""
    models = [
        model
        for label in COPIED_APPS
        for model in apps.get_app_config(label).get_models(include_auto_created=True)
    ]
    tables = ", ".join(f'"{model._meta.db_table}"' for model in models)
    with connections[REPLICA].cursor() as cursor:
        cursor.execute(f"TRUNCATE {tables} CASCADE")
        cursor.execute("SET session_replication_role = replica")
    for model in models:
        rows = list(model._base_manager.using("default").all())
        model._base_manager.using(REPLICA).bulk_create(rows)
    with connections[REPLICA].cursor() as cursor:
        cursor.execute("SET session_replication_role = origin")


@pytest.fixture
def replica(settings: Settings) -> Iterator[Event]:
    """A published small evening on the primary, its copy on the replica
    named "Replica evening", and the router and middleware installed."""
    if connection.vendor != "postgresql":
        pytest.skip("a read replica is a PostgreSQL database")
    name = f"{connection.settings_dict['NAME']}_replica"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        cursor.execute(f'CREATE DATABASE "{name}"')
    connections.settings[REPLICA] = {**connection.settings_dict, "NAME": name}
    # Connected here: the test case refuses to open a database it was not
    # declared with, and the alias did not exist when it was set up.
    connections[REPLICA].connect()
    try:
        call_command("migrate", database=REPLICA, verbosity=0)
        event = make_small_evening(published=True)
        _copy_rows()
        Event.objects.using(REPLICA).filter(pk=event.pk).update(name="Replica evening")
        settings.DATABASE_ROUTERS = ["config.replica.PublicReadsRouter"]
        settings.MIDDLEWARE = [*settings.MIDDLEWARE, "config.replica.PublicReads"]
        yield event
    finally:
        connections[REPLICA].close()
        del connections[REPLICA]
        del connections.settings[REPLICA]
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_public_page_reads_the_replica(replica: Event, client: Client) -> None:
    page = client.get(reverse("public:event", args=[replica.pk]))
    assert page.status_code == 200
    assert "Replica evening" in page.content.decode()
    assert "Tuesday pairs" not in page.content.decode()


def test_the_directors_page_reads_the_primary(replica: Event, client: Client) -> None:
    user = User.objects.create_user("director", password="pw", is_staff=True)
    assert replica.club is not None
    join(user, replica.club.name)
    client.force_login(user)
    page = client.get(reverse("tournaments:event_detail", args=[replica.pk]))
    assert page.status_code == 200
    assert "Tuesday pairs" in page.content.decode()
    assert "Replica evening" not in page.content.decode()


def test_a_public_pages_writes_go_to_the_primary(
    replica: Event, client: Client
) -> None:
    ChangeLog.objects.using(REPLICA).all().delete()  # the standby lags behind
    session = replica.sessions.get()
    url = reverse("public:live", args=[session.pk])
    part = client.get(url, {"part": "live"})
    assert part.status_code == 200
    assert 'data-change="0"' in part.content.decode()  # the replica's last change
    # The rendering shared by the server processes was written to the primary.
    assert RenderedPart.objects.using("default").count() == 1
    assert RenderedPart.objects.using(REPLICA).count() == 0


def test_the_change_feed_answers_from_the_primary(
    replica: Event, client: Client
) -> None:
    ChangeLog.objects.using(REPLICA).all().delete()  # the standby lags behind
    last = ChangeLog.objects.filter(event=replica).latest("id").pk
    answer = client.get(reverse("public:changes", args=[replica.pk]), {"wait": 0})
    assert answer.json() == {"change": last}
