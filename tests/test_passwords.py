"""Users change their own password on a page of their own, and a forgotten one
is reset by a link sent by e-mail."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django.fixtures import Settings

from tests.paths import ROOT

pytestmark = pytest.mark.django_db

OLD, NEW = "Old!pass-of-bea", "Xk9!long-pass"


@pytest.fixture
def bea() -> User:
    return User.objects.create_user("bea", email="bea@club.org", password=OLD)


def test_a_user_changes_their_own_password(client: Client, bea: User) -> None:
    client.force_login(bea)
    page = client.post(
        reverse("password_change"),
        {"old_password": OLD, "new_password1": NEW, "new_password2": NEW},
    )
    assert page.status_code == 302
    assert page["Location"] == reverse("password_change_done")
    bea.refresh_from_db()
    assert bea.check_password(NEW)


def test_the_old_password_is_needed_to_change_it(client: Client, bea: User) -> None:
    client.force_login(bea)
    client.post(
        reverse("password_change"),
        {"old_password": "a guess", "new_password1": NEW, "new_password2": NEW},
    )
    bea.refresh_from_db()
    assert bea.check_password(OLD)


def test_the_change_page_needs_a_login(client: Client) -> None:
    page = client.get(reverse("password_change"))
    assert page.status_code == 302 and "/login/" in page["Location"]


def test_the_login_page_links_to_the_reset(client: Client) -> None:
    with translation.override("en"):
        page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in page and "Forgot your password?" in page


def test_a_forgotten_password_is_reset_through_the_e_mailed_link(
    client: Client, bea: User
) -> None:
    sent = client.post(reverse("password_reset"), {"email": "bea@club.org"})
    assert sent["Location"] == reverse("password_reset_done")
    assert [m.to for m in mail.outbox] == [["bea@club.org"]]
    link = re.search(
        r"https?://[^/\s]+(/password/reset/\S+/)", str(mail.outbox[0].body)
    )
    assert link is not None
    form = client.get(link.group(1), follow=True)  # the token moves to the session
    assert form.context["validlink"]
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}
    )
    assert done["Location"] == reverse("password_reset_complete")
    bea.refresh_from_db()
    assert bea.check_password(NEW)


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client: Client) -> None:
    sent = client.post(reverse("password_reset"), {"email": "nobody@club.org"})
    assert sent["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


@pytest.mark.parametrize(
    "name",
    ["password_change", "password_reset", "password_reset_done",
     "password_reset_complete"],
)  # fmt: skip
def test_the_pages_wear_the_sites_own_header(
    client: Client, bea: User, name: str
) -> None:
    client.force_login(bea)
    page = client.get(reverse(name)).content.decode()
    assert 'class="top"' in page and "Django administration" not in page


def test_the_reset_link_names_the_site_url_not_the_requests(
    client: Client, bea: User, settings: Settings
) -> None:
    settings.ALLOWED_HOSTS = ["*"]
    settings.SITE_URL = "https://scores.club.org"
    client.post(
        reverse("password_reset"), {"email": "bea@club.org"}, HTTP_HOST="evil.example"
    )
    body = mail.outbox[0].body
    assert "https://scores.club.org/password/reset/" in body
    assert "evil.example" not in body


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SITE_HOST": "a b"}, "SITE_HOST must be a host name"),
        ({"SITE_URL": "scores.club.org"}, "SITE_URL must be http(s)://host"),
        ({"SITE_URL": "ftp://scores.club.org"}, "SITE_URL must be http(s)://host"),
        ({"SITE_URL": "http://club.org/x"}, "SITE_URL must be http(s)://host"),
        ({"SITE_URL": "http://a b"}, "SITE_URL must be http(s)://host"),
        ({"EMAIL_HOST": "smtp.club.org"}, "SITE_URL must be set"),
    ],
)
def test_site_url_is_read_strictly(env: dict[str, str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**os.environ, "DEBUG": "false", "SECRET_KEY": "k" * 50,
             "ALLOWED_HOSTS": "*", **env},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode != 0 and message in done.stderr


@pytest.mark.parametrize(
    ("env", "address"),
    [
        ({"SITE_URL": "http://192.168.1.23:8000/"}, "http://192.168.1.23:8000"),
        ({"SITE_HOST": "scores.club.org", "HTTPS": "true"}, "https://scores.club.org"),
        ({"SITE_HOST": "10.0.0.2:8000"}, "http://10.0.0.2:8000"),
        ({"SITE_URL": "http://a.org", "SITE_HOST": "b.org"}, "http://a.org"),
        ({}, ""),
    ],
)
def test_site_url_is_the_one_address_and_site_host_still_gives_it(
    env: dict[str, str], address: str
) -> None:
    bare = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "SITE_HOST"}}
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c",
         "from django.conf import settings; print(repr(settings.SITE_URL))"],
        cwd=ROOT, env={**bare, "DEBUG": "true", **env},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == repr(address)
