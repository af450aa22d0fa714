"""Shared pytest configuration."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from hypothesis import settings as hypothesis_settings
from pytest_django.fixtures import Settings

# A property test checks what is true, never how fast: an example that runs slowly
# on a loaded machine is not a failure (no timing assertions in tests).
hypothesis_settings.register_profile("untimed", deadline=None)
hypothesis_settings.load_profile("untimed")


@pytest.fixture(autouse=True)
def fast_passwords(settings: Settings) -> None:
    """Tests make many users: hash their passwords cheaply (never in production)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


IN_PROCESS = {
    "default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}
}


@pytest.fixture(autouse=True)
def tasks_in_process(settings: Settings) -> None:
    """A queued task runs at once, in the test's process (no worker). Imports
    queue theirs once their transaction commits, which a test's never does
    unless it asks (``django_capture_on_commit_callbacks``)."""
    settings.TASKS = IN_PROCESS


@pytest.fixture(autouse=True)
def schedules_forgotten() -> None:
    """Each test starts with no schedule kept from another (on SQLite a rolled
    back test's row ids come again)."""
    from scoring.live.results_cache import fields_forget
    from scoring.table.play.follow import seen_forget
    from scoring.table.play.rounds import schedules_forget
    from scoring.table.play.seatings import seatings_forget

    schedules_forget()
    seatings_forget()
    seen_forget()
    fields_forget()


@receiver(connection_created)
def shared_cache_reads(sender: Any, connection: Any, **kwargs: Any) -> None:
    """The SQLite test database lives in memory with a shared cache, where a
    read meeting another thread's write lock fails at once ("database table is
    locked": no busy timeout applies there), as a browser test's live server
    and its test thread meet. Reads of uncommitted rows take no such lock, as
    reads on the file database of a server (WAL) wait for no writer."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        connection.connection.execute("PRAGMA read_uncommitted = 1")
