"""A server with DEBUG off passes Django's deployment checks, and logins are
rate-limited."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import reverse

from config import settings as settings_module
from tests.paths import ROOT

MAKE_VARIABLES = (
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "HTTPS",
    "HOST",
    "PORT",
    "WORKERS",
    "THREADS",
    "LIVE_WAITS",
    "SITE_URL",
    "SITE_HOST",
)


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


def _django(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``manage.py shell -c code`` with these environment variables."""
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
        cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True,
        check=False,
    )  # fmt: skip


def test_serve_settings_debug_off_static_files_and_any_host() -> None:
    """What `make serve` sets: DEBUG off, a secret key, ALLOWED_HOSTS=*."""
    code = (
        "from django.conf import settings as s; import json; print(json.dumps("
        "[s.DEBUG, s.ALLOWED_HOSTS, s.MIDDLEWARE[:2], "
        "s.STORAGES['staticfiles']['BACKEND']]))"
    )
    done = _django(code, DEBUG="false", SECRET_KEY=secrets.token_urlsafe(50),
                   ALLOWED_HOSTS="*")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        False,
        ["*"],
        [
            "django.middleware.security.SecurityMiddleware",
            "whitenoise.middleware.WhiteNoiseMiddleware",
        ],
        "whitenoise.storage.CompressedManifestStaticFilesStorage",
    ]


def test_sqlite_is_opened_for_many_writers(tmp_path: Path) -> None:
    """Write-ahead log, a 20 s busy timeout, and transactions that take the
    write lock when they begin."""
    code = """
from django.db import connection
with connection.cursor() as cursor:
    for pragma in ("journal_mode", "synchronous", "busy_timeout"):
        cursor.execute(f"PRAGMA {pragma}")
        print(cursor.fetchone()[0])
print(connection.transaction_mode)
"""
    done = _django(code, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert done.returncode == 0, done.stderr
    # synchronous 1 is NORMAL; busy_timeout is in milliseconds
    assert done.stdout.split() == ["wal", "1", "20000", "IMMEDIATE"]


def test_the_sqlite_options_are_only_for_sqlite(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://u@db.example:5432/scores")
    assert "transaction_mode" not in settings_module.database().get("OPTIONS", {})
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/scores.sqlite3")
    options = settings_module.database()["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]


def test_a_pool_of_connections_is_for_postgresql_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://u@db.example:5432/scores")
    kept = settings_module.database()
    assert kept["CONN_MAX_AGE"] == 60 and "pool" not in kept.get("OPTIONS", {})
    monkeypatch.setenv("DATABASE_POOL", "6")
    pooled = settings_module.database()
    assert pooled["CONN_MAX_AGE"] == 0  # Django refuses a pool otherwise
    assert pooled["OPTIONS"]["pool"] == {"min_size": 6, "max_size": 6}
    assert pooled["OPTIONS"]["server_side_binding"] is True
    monkeypatch.setenv("DATABASE_POOL", "six")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL"):
        settings_module.database()
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/scores.sqlite3")
    assert "pool" not in settings_module.database()["OPTIONS"]


def test_a_read_replica_is_added_only_when_asked() -> None:
    """DATABASE_REPLICA_URL, parsed as DATABASE_URL is, adds the 'replica'
    database, its router and the middleware marking the public pages."""
    code = (
        "from django.conf import settings as s; import json; print(json.dumps("
        "[sorted(s.DATABASES), s.DATABASES.get('replica', {}).get('HOST'), "
        "s.DATABASE_ROUTERS, 'config.replica.PublicReads' in s.MIDDLEWARE]))"
    )
    primary = "postgres://u@db.example:5432/scores"
    alone = _django(code, DATABASE_URL=primary)
    assert alone.returncode == 0, alone.stderr
    assert json.loads(alone.stdout) == [["default"], None, [], False]
    replica = "postgres://u@standby.example:5432/scores"
    both = _django(code, DATABASE_URL=primary, DATABASE_REPLICA_URL=replica)
    assert both.returncode == 0, both.stderr
    assert json.loads(both.stdout) == [
        ["default", "replica"],
        "standby.example",
        ["config.replica.PublicReadsRouter"],
        True,
    ]


def test_gunicorn_loads_the_application() -> None:
    env = {**os.environ, "DEBUG": "false", "SECRET_KEY": secrets.token_urlsafe(50)}
    check = subprocess.run(
        [str(Path(sys.executable).with_name("gunicorn")), "--check-config",
         "--config", "python:config.gunicorn_hooks", "config.wsgi"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_serve_migrates_collects_and_runs_gunicorn_with_debug_off() -> None:
    """`make -n serve` (commands printed, none run): the key kept in .secret_key
    when SECRET_KEY is unset, and gunicorn on every address of the machine."""
    env = {k: v for k, v in os.environ.items() if k not in MAKE_VARIABLES}
    dry = subprocess.run(
        ["make", "-n", "--no-print-directory", "serve"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert dry.returncode == 0, dry.stderr
    steps = " ".join(dry.stdout.replace("\\\n", " ").split())  # one line
    assert "DEBUG=false ALLOWED_HOSTS='*'" in steps
    assert "HTTPS=false" in steps
    assert 'SECRET_KEY="${SECRET_KEY:-$(cat .secret_key)}"' in steps
    for step in (
        "compilemessages",
        "migrate --noinput",
        "collectstatic --noinput",
        "gunicorn config.wsgi --bind 0.0.0.0:8000 --workers 3 --threads 24",
        "--preload --config python:config.gunicorn_hooks",  # starts the worker
        "LIVE_WAITS=20",
        "WORKING_THREADS=4",
        "DATABASE_POOL=6",
    ):
        assert step in steps, step
    assert (
        steps.index("migrate") < steps.index("collectstatic") < steps.index("gunicorn")
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_serve_with_https_passes_every_deployment_check() -> None:
    """The environment `make serve HTTPS=true` gives manage.py (read from
    `make -n`), with manage.py asked for its deployment checks."""
    env = {k: v for k, v in os.environ.items() if k not in MAKE_VARIABLES}
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    dry = subprocess.run(
        ["make", "-n", "--no-print-directory", "serve", "HTTPS=true"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert dry.returncode == 0, dry.stderr
    migrate = next(x for x in dry.stdout.splitlines() if "manage.py migrate" in x)
    assert "HTTPS=true" in migrate
    variables = migrate.split(" .venv/bin/python manage.py migrate")[0]
    command = (
        f"{variables} {sys.executable} manage.py check --deploy --fail-level WARNING"
    )
    check = subprocess.run(
        ["sh", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr
    assert "no issues" in check.stdout


def test_https_and_trusted_origins_are_read_strictly() -> None:
    for name, value in (("HTTPS", "yes please"), ("CSRF_TRUSTED_ORIGINS", "a.org")):
        check = subprocess.run(
            [sys.executable, "manage.py", "check"],
            cwd=ROOT, env={**os.environ, name: value}, capture_output=True,
            text=True, check=False,
        )  # fmt: skip
        assert check.returncode != 0 and name in check.stderr, name
