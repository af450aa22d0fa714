"""A server with DEBUG off passes Django's deployment checks, and logins are
rate-limited."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.paths import ROOT


def test_production_settings_pass_the_deployment_checks() -> None:
    env = {**os.environ, "DEBUG": "false", "HTTPS": "true",
           "SECRET_KEY": secrets.token_urlsafe(50)}  # fmt: skip
    check = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr


def test_debug_off_needs_a_secret_key() -> None:
    env = {**os.environ, "DEBUG": "false", "SECRET_KEY": ""}
    check = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert check.returncode != 0 and "SECRET_KEY must be set" in check.stderr


@pytest.mark.django_db
def test_repeated_wrong_passwords_lock_the_login(client: Client) -> None:
    User.objects.create_user("td", password="right-password-7")
    login = reverse("login")
    for _attempt in range(5):
        client.post(login, {"username": "td", "password": "wrong"})
    locked = client.post(login, {"username": "td", "password": "right-password-7"})
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session
