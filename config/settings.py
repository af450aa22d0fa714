"""Settings, read from environment variables and parsed strictly.

DATABASE_URL   database (default: SQLite file db.sqlite3 beside manage.py)
SECRET_KEY     required when DEBUG is off
DEBUG          true/false (default true)
ALLOWED_HOSTS  comma-separated (default: localhost names)
HTTPS          true when served over TLS: secure cookies, HSTS, redirect to https
HSTS_SECONDS   HSTS max-age with HTTPS (default one year)
DATABASE_POOL  on PostgreSQL, connections a server process shares among its
               threads (default 0: each thread keeps its own for 60 s)

`make serve` runs gunicorn with DEBUG off, a generated SECRET_KEY kept in
.secret_key, ALLOWED_HOSTS=* (phones use the machine's LAN address) and the
static files collected for whitenoise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if not raw:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}")
    return int(raw)


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "tournaments",
    "movements",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.hostile.HostileRequests",
    "config.working.WorkingPlaces",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

# Login attempts are limited per user name and address (django-axes): after
# five failures that pair waits a quarter of an hour.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The name an attempt is recorded under, cut to axes' column (config.logins).
AXES_USERNAME_CALLABLE = "config.logins.attempt_username"

# Served over TLS (a club's server behind a certificate): cookies only over
# https, HSTS, plain http redirected. A room server on the local network stays
# on http with HTTPS off.
HTTPS = env_bool("HTTPS", False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 365 * 24 * 3600) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SESSION_COOKIE_AGE = 12 * 60 * 60  # a director's evening, not a fortnight
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# E-mail (players' personal results): printed on the console unless a club
# names its SMTP server (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER/PASSWORD).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "results@localhost")

# Uploads (hand records, results files) are small: refuse anything larger.
DATA_UPLOAD_MAX_MEMORY_SIZE = FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"


# SQLite with a room of phones sending results: write-ahead log (readers never
# wait for the writer), every transaction takes the write lock when it begins
# (no deadlock upgrading a read lock; Django ignores select_for_update on
# SQLite) and a writer waits up to 20 s for the lock instead of failing.
SQLITE_BUSY_SECONDS = 20
SQLITE_OPTIONS = {
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
        f"PRAGMA busy_timeout={SQLITE_BUSY_SECONDS * 1000}"
    ),
    "transaction_mode": "IMMEDIATE",
    "timeout": SQLITE_BUSY_SECONDS,
}


# PostgreSQL binds the parameters itself, and prepares the statements a
# connection has run twice: a room of phones runs the same few dozen.
# DATABASE_POOL (`make serve`): the threads of a process share that many
# connections, opened with it and kept, instead of each opening its own and
# again every minute (a room ending a round would wait on dozens of new ones).
POSTGRESQL_OPTIONS = {"server_side_binding": True, "prepare_threshold": 2}


def database() -> dict[str, Any]:
    """DATABASE_URL (default: db.sqlite3 beside manage.py), with SQLite's or
    PostgreSQL's options."""
    config: dict[str, Any] = dict(
        dj_database_url.config(
            default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
            conn_max_age=60,
            conn_health_checks=True,
        )
    )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    elif config["ENGINE"] == "django.db.backends.postgresql":
        config["OPTIONS"] = {**POSTGRESQL_OPTIONS, **config.get("OPTIONS", {})}
        if pool := env_int("DATABASE_POOL", 0):
            config["CONN_MAX_AGE"] = 0  # Django's pool keeps them instead
            config["OPTIONS"]["pool"] = {"min_size": pool, "max_size": pool}
    return config


DATABASES = {"default": database()}

# A server on SQLite never talks to PostgreSQL: its driver stays out of the
# process (django-tables2 would import it through django.contrib.postgres,
# 80 ms of every command's start-up, a third of `results --json`'s).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    for driver in ("psycopg", "psycopg2"):
        sys.modules.setdefault(driver, None)  # type: ignore[arg-type]

# Requests of one server process that may wait on the change feed at once (each
# holds a thread: `make serve` gives every worker as many threads more); the
# others are answered at once and ask again a second later.
LIVE_WAITS = env_int("LIVE_WAITS", 20)
# Requests of one server process that work at once (config.working; 0: as
# many as it has threads): `make serve` sets its THREADS.
WORKING_THREADS = env_int("WORKING_THREADS", 0)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish")), ("it", _("Italian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True
# Numbers follow the active language's formats (57,25 in es/it); bridge scores
# are written without thousands separators (1430, not 1.430).
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Collected for whitenoise when DEBUG is off (`make serve`); the development
# server and the tests serve static/ as it is, with no directory to collect to.
STATIC_ROOT = None if DEBUG else BASE_DIR / "staticfiles"
# whitenoise serves STATIC_ROOT (filled by collectstatic, which `make serve`
# runs) from the application itself. With DEBUG off the files carry a hash of
# their content in their names, compressed, and are cached for good; the
# development server serves them from static/ as they are.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:event_list"
LOGOUT_REDIRECT_URL = "login"

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Passwords of directors and club administrators (create_director, the club page).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]
