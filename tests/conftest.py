"""Shared pytest configuration."""

from __future__ import annotations

import pytest
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


@pytest.fixture(autouse=True)
def no_background_analysis(settings: Settings) -> None:
    """No detached ``analyse_deals`` process after a hand import: the tests call
    the analysis themselves."""
    settings.ANALYSE_IN_BACKGROUND = False


@pytest.fixture(autouse=True)
def schedules_forgotten() -> None:
    """Each test starts with no schedule kept from another (on SQLite a rolled
    back test's row ids come again)."""
    from scoring.table.play.rounds import schedules_forget

    schedules_forget()
