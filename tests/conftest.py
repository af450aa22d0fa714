"""Shared pytest configuration."""

from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def fast_passwords(settings: Settings) -> None:
    """Tests make many users: hash their passwords cheaply (never in production)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
